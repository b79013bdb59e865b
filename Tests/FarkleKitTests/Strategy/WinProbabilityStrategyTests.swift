import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// Only single 1s score, banking with any dice, hot dice optional; six 1s win at once; a race to 1,000
/// with a final round: short games, so the simulator plays many in a debug build.
private let onesRace = RuleSet(
    name: "ones-race",
    combinations: CombinationPoints(singleOne: 100),
    turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
    game: GameRules(target: 1000, finalRound: true))

/// Plays `games` games of `win` against `win` under `rules` from `seed` and expects the first seat's score (1 a win,
/// ½ a tie, 0 a loss) within 4 standard errors of the solved value; returns the tally.
@discardableResult
private func expectSimulatedAgreement(
    _ solver: WinProbabilitySolver, rules: RuleSet, games: Int, seed: UInt64,
    sourceLocation: SourceLocation = #_sourceLocation
) -> SimulationTally {
    let strategy = WinProbabilityStrategy(solver: solver)
    let tally = GameSimulation(rules: rules, seats: [strategy, strategy]).run(games: games, seed: seed)
    #expect(tally.unfinishedGames == 0, sourceLocation: sourceLocation)
    let (mean, standardError) = tally.firstSeatScore
    #expect(
        abs(mean - solver.firstPlayerValue) < 4 * standardError,
        "simulated \(mean), solved \(solver.firstPlayerValue), standard error \(standardError)",
        sourceLocation: sourceLocation)
    return tally
}

@Suite("Strategy win")
struct WinProbabilityStrategyTests {
    @Test("win against win in the simulator agrees with the solved P(win) + ½ P(tie) within 4 standard errors")
    func simulatorAgrees() throws {
        expectSimulatedAgreement(try WinProbabilitySolver(rules: onesRace), rules: onesRace, games: 20_000, seed: 11)
    }

    @Test(
        "where the target must be hit exactly, simulated win against win agrees with the solve; busts end turns as farkles"
    )
    func simulatorAgreesHittingExactly() throws {
        // Single 1s and 5s and three of a kind, banking with 1 to 5 dice left, a race to 1,000 hit exactly.
        var rules = RuleSet(
            name: "exact-race",
            combinations: CombinationPoints(
                singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5]), game: GameRules(target: 1000, finalRound: false))
        rules.game.mustHitTargetExactly = true
        let solver = try WinProbabilitySolver(rules: rules)
        expectSimulatedAgreement(solver, rules: rules, games: 20_000, seed: 15)
        let strategy = WinProbabilityStrategy(solver: solver)
        // Game by game: every game ends on the winner's total of exactly 1,000, and no total ever passes it.
        let seats = [strategy, strategy]
        var recorder = GameRecorder()
        var rolls = Xoshiro256StarStar(seed: 16)
        var choices = Xoshiro256StarStar(seed: 17)
        var watched = SimulationTally(players: 2)
        GameEngine(table: ScoringTable(rules: rules), seats: seats, maximumRounds: 1_000).play(
            games: 500, generator: &rolls, strategyGenerator: &choices, tally: &watched, observer: &recorder)
        #expect(recorder.games.count == 500)
        for game in recorder.games {
            let winner = try #require(game.winner)
            #expect(game.scores[winner] == 1_000)
            #expect(game.turns.allSatisfy { $0.scores[0] <= 1_000 && $0.scores[1] <= 1_000 })
        }
    }

    @Test(
        "where six 1s and six 2s lose at once, banking with 1 or 2 dice, final round: simulated win against win agrees with the solve"
    )
    func simulatorAgreesWithLosses() throws {
        // Single 1s and 5s and three of a kind, the turn mechanics of standard, a race to 1,000 with a final round.
        var rules = RuleSet(
            name: "losing-sixes",
            combinations: CombinationPoints(
                singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
            turn: TurnRules(), game: GameRules(target: 1000, finalRound: true))
        rules.game.instantLossFaces = [1, 2]
        let tally = expectSimulatedAgreement(
            try WinProbabilitySolver(rules: rules), rules: rules, games: 40_000, seed: 14)
        #expect(tally.instantLosses > 0)
    }

    @Test("the decision, value and bank the play keeps at a state are those of the pair's turn solved again")
    func decisionsAsSolvedAgain() throws {
        let solver = try WinProbabilitySolver(rules: onesRace)
        let strategy = WinProbabilityStrategy(solver: solver)
        let step = solver.table.scoreStep
        var (pastTarget, banks, rolls) = (0, 0, 0)
        for mine in stride(from: 0, to: 1_000, by: step) {
            for theirs in stride(from: 0, to: 1_000, by: 2 * step) {
                let turn = solver.turnTable(myScore: mine, opponentScore: theirs)
                for turnPoints in stride(from: 0, through: 1_500, by: 3 * step) {
                    for dice in 1...6 {
                        let kept = strategy.decision(
                            myScore: mine, opponentScore: theirs, turnPoints: turnPoints, diceLeft: dice)
                        let decision = turn.decision(turnPoints: turnPoints, diceLeft: dice)
                        #expect(kept.decision == decision, "\(mine) against \(theirs), \(turnPoints) with \(dice)")
                        #expect(kept.bankValue == turn.bankValue(turnPoints: turnPoints, diceLeft: dice))
                        // Below the target the play keeps values as `Float`s.
                        let value = turn.value(turnPoints: turnPoints, diceLeft: dice)
                        #expect(abs(kept.value - value) <= 1e-6 * max(value, 1e-3))
                        if mine + turnPoints >= 1_000 { pastTarget += 1 }
                        if decision == .bank { banks += 1 } else if decision == .roll { rolls += 1 }
                    }
                }
            }
        }
        #expect(pastTarget > 1_000 && banks > 100 && rolls > 100, "\(pastTarget), \(banks), \(rolls)")
    }

    @Test("each thread plays win through a reference of its own, and the games are the same on 1 and 2 threads")
    func ownReferencePerThread() throws {
        let solver = try WinProbabilitySolver(rules: onesRace)
        let win = BuiltInStrategy(.win(SharedWinStrategy(WinProbabilityStrategy(solver: solver))))
        let greedy = BuiltInStrategy.make([.greedy], table: solver.table)[0]
        guard case .win(let shared) = win.kind, case .win(let copy) = win._copyForOneThread().kind else {
            Issue.record("a win seat stays a win seat")
            return
        }
        // Another reference to the same tables; other seats are themselves.
        #expect(shared !== copy)
        #expect(copy.strategy?.solver.values == shared.strategy?.solver.values)
        #expect(greedy._copyForOneThread().name == "greedy")
        let simulation = GameSimulation(rules: onesRace, seats: [win, greedy])
        let games = 3 * GameSimulation<BuiltInStrategy>.gamesPerChunk + 7
        let one = simulation.run(games: games, seed: 5, threads: 1)
        #expect(one == simulation.run(games: games, seed: 5, threads: 2))
        #expect(one.seats[0].wins > one.seats[1].wins)
    }

    @Test("with a final round win keeps what is worth most of every keep, a lesser keep of a size where it pays")
    func everyKeepWithFinalRound() throws {
        // 1s and 5s raced to 150: reaching 150 with a small lead can be worth less than staying short of it.
        let rules = RuleSet(
            name: "ones-and-fives-150", combinations: CombinationPoints(singleOne: 100, singleFive: 50),
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
            game: GameRules(target: 150, finalRound: true, sixOnesWin: false))
        let solver = try WinProbabilitySolver(rules: rules)
        let strategy = WinProbabilityStrategy(solver: solver)
        var generator = Xoshiro256StarStar(seed: 1)
        var lesserKeeps = 0
        for mine in stride(from: 0, to: 150, by: 50) {
            for theirs in stride(from: 0, to: 150, by: 50) {
                var situation = GameSituation(players: 2, end: rules.game.end)
                _ = situation.scores.add(mine, toSeat: 0)
                _ = situation.scores.add(theirs, toSeat: 1)
                let turn = solver.turnTable(myScore: mine, opponentScore: theirs)
                for turnPoints in stride(from: 0, through: 100, by: 50) {
                    for dice in 1...6 {
                        for (multiset, roll) in DiceCatalog.shared.multisets[dice].enumerated()
                        where !solver.table.isFarkle(roll) {
                            let advice = turn.advice(for: roll, turnPoints: turnPoints)
                            let move = strategy.move(
                                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation,
                                using: &generator)
                            let played = try #require(
                                advice.options.first {
                                    $0.keep.score == move.score && $0.keep.diceUsed == move.diceUsed
                                })
                            #expect(
                                played.value == advice.options[0].value, "\(roll) at \(turnPoints), \(mine)-\(theirs)")
                            // The best keep scores less than another keep of as many dice, and is worth more.
                            let best = advice.options[0]
                            let sameSize = advice.options.filter { $0.keep.diceUsed == best.keep.diceUsed }
                            if let highest = sameSize.max(by: { $0.keep.score < $1.keep.score }),
                                highest.keep.score > best.keep.score, highest.value < best.value - 1e-9
                            {
                                lesserKeeps += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(lesserKeeps > 0)
    }

    @Test("past the target win plays from the rows solved once by lead as the whole table of each pair plays")
    func pastTargetRowsAsWholeTables() throws {
        // 1s and 5s raced to 300 with a final round: every turn that reaches 300 plays on past it, against the
        // opponent's last turn, and banks or rolls by the lead it would leave.
        let rules = RuleSet(
            name: "ones-and-fives-300", combinations: CombinationPoints(singleOne: 100, singleFive: 50),
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
            game: GameRules(target: 300, finalRound: true))
        let solver = try WinProbabilitySolver(rules: rules)
        let strategy = WinProbabilityStrategy(solver: solver, threads: 2)
        // No entry minimum: every pair's turn may read the rows past the target, and most do (a payoff where the play
        // past the target changes keeps its whole table).
        #expect(strategy.pairsReadingPieces > solver.levels * solver.levels / 2)
        var generator = Xoshiro256StarStar(seed: 2)
        var pastTarget = 0
        for mine in [0, 150, 250] {
            for theirs in [0, 100, 250] {
                var situation = GameSituation(players: 2, end: rules.game.end)
                _ = situation.scores.add(mine, toSeat: 0)
                _ = situation.scores.add(theirs, toSeat: 1)
                // The whole table of the pair, solved on its own (`WinTurnTable`), up to its top and above.
                let turn = solver.turnTable(myScore: mine, opponentScore: theirs)
                let mechanics = turn.turn.mechanics
                for turnPoints in stride(from: 300 - mine, through: 300 - mine + 1_500, by: 150) {
                    // The value of a keep from the pair's table: the strategy's keep is worth the most.
                    func worth(_ score: Int, _ diceUsed: Int, of dice: Int) -> Double {
                        turn.value(
                            turnPoints: turnPoints + score,
                            diceLeft: mechanics.diceLeft(afterKeeping: diceUsed, of: dice))
                    }
                    for dice in 1...6 {
                        #expect(
                            strategy.shouldBank(
                                turnPoints: turnPoints, diceLeft: dice, situation: situation, using: &generator)
                                == (turn.decision(turnPoints: turnPoints, diceLeft: dice) == .bank),
                            "\(turnPoints) with \(dice) dice at \(mine)-\(theirs)")
                        for (multiset, roll) in DiceCatalog.shared.multisets[dice].enumerated()
                        where !solver.table.isFarkle(roll) {
                            let best = solver.table.keeps(for: roll).map { worth($0.score, $0.diceUsed, of: dice) }
                                .max()
                            let move = strategy.move(
                                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation,
                                using: &generator)
                            #expect(
                                abs(worth(move.score, move.diceUsed, of: dice) - (best ?? -1)) < 1e-6,
                                "\(roll) at \(turnPoints), \(mine)-\(theirs)")
                            pastTarget += 1
                        }
                    }
                }
            }
        }
        #expect(pastTarget > 10_000)
    }

    @Test("win beats the expected-score policy from either seat")
    func beatsExpectedScore() throws {
        let solver = try WinProbabilitySolver(rules: onesRace)
        let win = BuiltInStrategyOrWin.win(WinProbabilityStrategy(solver: solver))
        let ev = BuiltInStrategyOrWin.other(
            BuiltInStrategy.make([.expectedValue], table: ScoringTable(rules: onesRace))[0])
        let games = 20_000
        let first = GameSimulation(rules: onesRace, seats: [win, ev]).run(games: games, seed: 12)
        let second = GameSimulation(rules: onesRace, seats: [ev, win]).run(games: games, seed: 13)
        // The optimal value bounds what any opponent concedes: win's share is at least its solved value.
        let firstShare = (Double(first.seats[0].wins) + Double(first.ties) / 2) / Double(games)
        let secondShare = (Double(second.seats[1].wins) + Double(second.ties) / 2) / Double(games)
        let standardError = 0.5 / Double(games).squareRoot()
        #expect(firstShare > solver.firstPlayerValue - 4 * standardError)
        #expect(secondShare > 1 - solver.firstPlayerValue - 4 * standardError)
    }
}

/// The two kinds of seats of the mixed table above.
private enum BuiltInStrategyOrWin: Strategy {
    case win(WinProbabilityStrategy)
    case other(BuiltInStrategy)

    var name: String {
        switch self {
        case .win(let strategy): return strategy.name
        case .other(let strategy): return strategy.name
        }
    }

    func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        switch self {
        case .win(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .other(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        }
    }

    func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        switch self {
        case .win(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .other(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        }
    }
}
