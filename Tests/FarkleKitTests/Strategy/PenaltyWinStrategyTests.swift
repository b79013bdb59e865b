import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// Only single 1s score, banking with any dice, hot dice optional; a race to 500 with a final round and a
/// penalty of 100 for three farkles in a row: a penalty game the debug build solves and plays in moments.
private let onesPenaltyRace = RuleSet(
    name: "ones-penalty-race",
    combinations: CombinationPoints(singleOne: 100),
    turn: TurnRules(
        bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil, threeFarklePenalty: 100),
    game: GameRules(target: 500, finalRound: true))

@Suite("Strategy win under a three-farkle penalty")
struct PenaltyWinStrategyTests {
    /// The solved game, shared by the tests (a fraction of a second in a debug build).
    static let solver = try? PenaltyWinSolver(rules: onesPenaltyRace)

    /// `win` at both seats, as `BuiltInStrategy.make` builds it from a context holding `solver`.
    static func seats(_ solver: PenaltyWinSolver) -> [BuiltInStrategy] {
        var context = StrategyContext(table: solver.table)
        context.use(solver)
        return BuiltInStrategy.make([.win, .win], context: &context)
    }

    @Test("win against win in the simulator agrees with the solved P(win) + ½ P(tie) within 4 standard errors")
    func simulatorAgrees() throws {
        let solver = try #require(Self.solver)
        let games = 20_000
        let tally = GameSimulation(table: solver.table, seats: Self.seats(solver)).run(games: games, seed: 21)
        #expect(tally.unfinishedGames == 0 && tally.penalties > 0)
        // Per game the first seat scores 1 for a win, ½ for a tie, 0 for a loss.
        let (mean, standardError) = tally.firstSeatScore
        #expect(
            abs(mean - solver.firstPlayerValue) < 4 * standardError,
            "simulated \(mean), solved \(solver.firstPlayerValue), standard error \(standardError)")
    }

    @Test("the same seed gives the same tally on 1 and 2 threads, with the cache filled in any order")
    func threadCountIndependent() throws {
        let solver = try #require(Self.solver)
        let one = GameSimulation(table: solver.table, seats: Self.seats(solver)).run(games: 3_000, seed: 5, threads: 1)
        let two = GameSimulation(table: solver.table, seats: Self.seats(solver)).run(games: 3_000, seed: 5, threads: 2)
        #expect(one.seats == two.seats && one.ties == two.ties && one.rolls == two.rolls)
    }

    @Test("decisions read from the cache equal those of the turn table, beyond the kept rows and once tables go")
    func cacheMatchesTurnTable() throws {
        let solver = try #require(Self.solver)
        // Two levels of turn points kept and room for 3 tables: the fallback and the eviction both run.
        let strategy = PenaltyWinStrategy(solver: solver, tabulatedTurnPoints: 100, maximumCachedTurns: 3)
        let step = solver.table.scoreStep
        var generator = Xoshiro256StarStar(seed: 3)
        for _ in 0..<200 {
            let mine = solver.floor + Int(generator.next(below: UInt64(solver.levels))) * step
            let theirs = solver.floor + Int(generator.next(below: UInt64(solver.levels))) * step
            let myFarkles = Int(generator.next(below: 3))
            let theirFarkles = Int(generator.next(below: 3))
            let turn = solver.turnTable(
                myScore: mine, opponentScore: theirs, myFarkles: myFarkles, opponentFarkles: theirFarkles)
            for turnPoints in stride(from: 0, through: 600, by: step) {
                for dice in 1...DiceCounts.maximumDice {
                    let decision = turn.decision(turnPoints: turnPoints, diceLeft: dice)
                    guard decision != .mustRoll else { continue }
                    let expected = decision == .bank
                    let banks = strategy.shouldBank(
                        turnPoints: turnPoints, diceLeft: dice, own: mine, opponent: theirs, myFarkles: myFarkles,
                        opponentFarkles: theirFarkles, isFinalRound: false)
                    #expect(banks == expected, "\(mine) v \(theirs), \(myFarkles)/\(theirFarkles), \(turnPoints)")
                }
            }
        }
        #expect(strategy.cachedTurnCount == 3 && strategy.builtTurnCount > 3)
    }

    @Test("the move keeps what the turn table advises, in and out of the final round")
    func movesMatchTurnTable() throws {
        let solver = try #require(Self.solver)
        let strategy = PenaltyWinStrategy(solver: solver)
        let table = solver.table
        // Rolls of 3 dice with one or two 1s: keeping one 1 or two is the decision.
        for (scores, final) in [((0, 200), false), ((300, 400), false), ((-200, 100), false), ((200, 600), true)] {
            for farkles in [(0, 0), (2, 1)] {
                let turn = solver.turnTable(
                    myScore: scores.0, opponentScore: scores.1, myFarkles: final ? 0 : farkles.0,
                    opponentFarkles: final ? 0 : farkles.1, isFinalRound: final)
                for faces in [[1, 1, 2], [1, 1, 1], [1, 3, 4]] {
                    let multiset = DiceCatalog.shared.index(of: DiceCounts(faces: faces))
                    for turnPoints in [0, 100, 300] {
                        let move = strategy.move(
                            turnPoints: turnPoints, dice: 3, multiset: multiset, own: scores.0, opponent: scores.1,
                            myFarkles: farkles.0, opponentFarkles: farkles.1, isFinalRound: final)
                        let advised = solver.turn.bestMove(
                            table: table, turnPoints: turnPoints, dice: 3, multiset: multiset
                        ) { points, diceLeft in
                            let level = points / table.scoreStep
                            return level < turn.top
                                ? turn.entries[TurnMechanics.stateIndex(level: level, diceLeft: diceLeft)]
                                : turn.above[diceLeft]
                        }
                        #expect(move == advised, "\(scores) \(farkles) \(faces) \(turnPoints)")
                    }
                }
            }
        }
    }
}

@Suite("Policy files of a game under a three-farkle penalty")
struct PenaltyWinPolicyFileTests {
    @Test("a round trip gives every value bit for bit, and the same turns")
    func roundTrip() throws {
        let solver = try #require(PenaltyWinStrategyTests.solver)
        let read = try PenaltyWinSolver(policyFileBytes: solver.policyFileBytes, rules: onesPenaltyRace)
        #expect(read.values.map(\.bitPattern) == solver.values.map(\.bitPattern))
        #expect(read.ties.map(\.bitPattern) == solver.ties.map(\.bitPattern))
        #expect(read.floor == solver.floor && read.sweeps == solver.sweeps && read.stateCount == solver.stateCount)
        #expect(read.lastChange.bitPattern == solver.lastChange.bitPattern)
        #expect(read.finalRound?.values == solver.finalRound?.values && read.finalRoundCap == solver.finalRoundCap)
        #expect(read.firstPlayerValue.bitPattern == solver.firstPlayerValue.bitPattern)
    }

    @Test("a file of other rules, a race file, and a damaged file are refused with one line")
    func refusals() throws {
        let solver = try #require(PenaltyWinStrategyTests.solver)
        let bytes = solver.policyFileBytes
        var otherRules = onesPenaltyRace
        otherRules.name = "other"
        otherRules.turn.threeFarklePenalty = 200
        #expect(
            throws: WinPolicyError(
                path: "(bytes)", reason: "it was solved for rules 'ones-penalty-race', not for rules 'other'")
        ) { try PenaltyWinSolver(policyFileBytes: bytes, rules: otherRules) }
        // The race reader refuses the penalty file: its rules have a penalty the race's have not.
        var race = onesPenaltyRace
        race.turn.threeFarklePenalty = nil
        #expect(throws: WinPolicyError.self) { try WinProbabilitySolver(policyFileBytes: bytes, rules: race) }
        let raceBytes = try WinProbabilitySolver(rules: race).policyFileBytes
        #expect(throws: WinPolicyError.self) {
            try PenaltyWinSolver(policyFileBytes: raceBytes, rules: onesPenaltyRace)
        }
        var damaged = bytes
        damaged[damaged.count / 2] ^= 1
        #expect(
            throws: WinPolicyError(
                path: "(bytes)", reason: "the file is truncated or corrupt (its checksum does not match)")
        ) { try PenaltyWinSolver(policyFileBytes: damaged, rules: onesPenaltyRace) }
    }
}
