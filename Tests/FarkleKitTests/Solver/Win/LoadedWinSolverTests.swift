import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("The race played to win, each player with a dice set")
struct LoadedWinSolverTests {
    static func kcd(target: Int) -> RuleSet {
        var rules = RuleSet.kcd
        rules.game.end = .target(target, finalRound: false)
        return rules
    }

    @Test("six ordinary dice each: the same values as the plain game solver at every pair of totals")
    func ordinaryMatchesPlain() throws {
        let rules = Self.kcd(target: 400)
        let table = ScoringTable(rules: rules)
        let plain = try WinProbabilitySolver(table: table, threads: 1)
        let outcomes = DiceSetOutcomes(table: table, set: .ordinary)
        let loaded = LoadedWinSolver(outcomes: [outcomes, outcomes])
        #expect(loaded.largestLastChange < 1e-13)
        var worst = 0.0
        for own in stride(from: 0, to: 400, by: 50) {
            for other in stride(from: 0, to: 400, by: 50) {
                let expected = plain.value(mine: own, theirs: other)
                worst = max(worst, abs(loaded.winProbability(player: 0, own: own, opponent: other) - expected))
            }
        }
        #expect(worst < 1e-12, "largest difference \(worst)")
    }

    @Test("better dice win more, from either seat; the two seats' chances from 0-0 are consistent")
    func betterDiceWinMore() throws {
        let table = ScoringTable(rules: Self.kcd(target: 300))
        let loaded = DiceSetOutcomes(table: table, set: try DiceSet(parsing: "weighted:1"))
        let plain = DiceSetOutcomes(table: table, set: .ordinary)
        let first = LoadedWinSolver(outcomes: [loaded, plain])
        let second = LoadedWinSolver(outcomes: [plain, loaded])
        let symmetric = LoadedWinSolver(outcomes: [plain, plain])
        #expect(first.firstPlayerWinProbability > symmetric.firstPlayerWinProbability)
        #expect(1 - second.firstPlayerWinProbability > 1 - symmetric.firstPlayerWinProbability)
        // The loaded player's chance from 0-0 when the other starts is 1 - W_plain(0, 0) in the same solve.
        #expect(
            abs(first.winProbability(player: 1, own: 0, opponent: 0) - second.firstPlayerWinProbability) < 1e-12)
    }

    /// Two sets of different kinds racing to 600: small enough for a unit test, several dice states each.
    static func mixedRace(_ first: String) throws -> [DiceSetOutcomes] {
        let table = ScoringTable(rules: kcd(target: 600))
        return [
            DiceSetOutcomes(table: table, set: try DiceSet(parsing: first)),
            DiceSetOutcomes(table: table, set: try DiceSet(parsing: "odd:1")),
        ]
    }

    @Test("the values do not depend on the number of threads, bit for bit")
    func threadsChangeNothing() throws {
        let outcomes = try Self.mixedRace("lucky:2,painted:1")
        let one = LoadedWinSolver(outcomes: outcomes, threads: 1)
        for threads in [2, 3, 64] {
            let many = LoadedWinSolver(outcomes: outcomes, threads: threads)
            #expect(many.values == one.values, "\(threads) threads")
            #expect(many.largestLastChange == one.largestLastChange)
        }
    }

    @Test("solved from a pair of totals on, the values and turns there are the whole game's, bit for bit")
    func fromTotalsMatchesWholeGame() throws {
        let outcomes = try Self.mixedRace("lucky:1,painted:1")
        let whole = LoadedWinSolver(outcomes: outcomes)
        let part = LoadedWinSolver(outcomes: outcomes, threads: 2, lowestTotals: [200, 350])
        for own in stride(from: 200, to: 600, by: 50) {
            for other in stride(from: 350, to: 600, by: 50) {
                #expect(
                    part.winProbability(player: 0, own: own, opponent: other)
                        == whole.winProbability(player: 0, own: own, opponent: other))
                #expect(
                    part.winProbability(player: 1, own: other, opponent: own)
                        == whole.winProbability(player: 1, own: other, opponent: own))
            }
        }
        #expect(part.isSolved(player: 1, own: 350, opponent: 200))
        #expect(!part.isSolved(player: 0, own: 150, opponent: 400))
        #expect(!part.isSolved(player: 1, own: 300, opponent: 250))
        let (partTurn, wholeTurn) = (
            part.turn(player: 0, own: 200, opponent: 350), whole.turn(player: 0, own: 200, opponent: 350)
        )
        for turnPoints in stride(from: 0, to: 400, by: 50) {
            for state in 1..<outcomes[0].stateCount {
                #expect(
                    partTurn.value(turnPoints: turnPoints, state: state)
                        == wholeTurn.value(turnPoints: turnPoints, state: state))
            }
        }
    }
}
