import FarkleKit
import Foundation
import Testing

/// Single 1s and 5s and three of a kind with the turn rules of `standard` (banking with 1 or 2 dice,
/// mandatory hot dice, the six-dice farkle), raced to 1,000 with a final round; six 1s win at once.
/// Short turns and short games: the win solver and thousands of simulated games stay cheap in a debug build.
private let shortStandard = RuleSet(
    name: "short-standard",
    combinations: CombinationPoints(singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
    turn: TurnRules(),
    game: GameRules(target: 1000, finalRound: true))

/// `cardgames` (no final round: the first bank that reaches the target wins) raced to 1,000.
private let shortCardgames: RuleSet = {
    var rules = RuleSet.presets["cardgames"]!
    rules.name = "cardgames-1000"
    rules.game.end = .target(1000, finalRound: false)
    return rules
}()

/// Only single 1s score (100 each), any dice may bank, hot dice optional; six 1s win at once: turns of
/// few points, so even the win solver and its tables are cheap in a debug build.
private func onesOnly(target: Int, finalRound: Bool) -> RuleSet {
    RuleSet(
        name: "ones-only-\(target)",
        combinations: CombinationPoints(singleOne: 100),
        turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(target: target, finalRound: finalRound))
}

/// Only single 1s score (100 each), any dice may bank, six 1s score as points, first to bank 100 wins.
private let firstBankWins = RuleSet(
    name: "first-bank-wins",
    combinations: CombinationPoints(singleOne: 100),
    turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
    game: GameRules(end: .target(100, finalRound: false), sixOnesWin: false))

private func odds(_ specs: [StrategySpec], _ rules: RuleSet, threads: Int = 2) throws -> ExactOdds {
    var context = StrategyContext(table: ScoringTable(rules: rules))
    return try ExactOdds(strategies: specs, context: &context, threads: threads)
}

/// Seat 1's wins and the ties of `games` simulated games agree with the exact odds within 4 standard
/// errors, each estimated from the sample.
private func expectSimulationAgrees(_ specs: [StrategySpec], _ rules: RuleSet, games: Int, seed: UInt64) throws {
    var context = StrategyContext(table: ScoringTable(rules: rules))
    let exact = try ExactOdds(strategies: specs, context: &context)
    let seats = BuiltInStrategy.make(specs, context: &context)
    let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: seed)
    #expect(tally.unfinishedGames == 0)
    let n = Double(games)
    for (observed, expected) in [
        (Double(tally.seats[0].wins) / n, exact.winProbabilities[0]), (Double(tally.ties) / n, exact.tieProbability),
    ] {
        let standardError = (observed * (1 - observed) / n).squareRoot()
        #expect(
            abs(observed - expected) <= 4 * standardError,
            "\(specs): simulated \(observed), exact \(expected), standard error \(standardError)")
    }
}

private extension RuleSet {
    /// These rules played over `rounds` rounds instead of to a target.
    func withRounds(_ rounds: Int) -> RuleSet {
        var rules = self
        rules.name += "-\(rounds)-rounds"
        rules.game.end = .rounds(rounds)
        return rules
    }
}

@Suite("Exact odds of two strategies")
struct ExactOddsTests {
    @Test("ev against ev: the simulator agrees within 4 standard errors")
    func expectedValueMirror() throws {
        try expectSimulationAgrees([.expectedValue, .expectedValue], shortStandard, games: 40_000, seed: 21)
    }

    @Test("ev against greedy: the simulator agrees within 4 standard errors, with and without a final round")
    func expectedValueAgainstGreedy() throws {
        try expectSimulationAgrees([.expectedValue, .greedy], shortStandard, games: 40_000, seed: 22)
        try expectSimulationAgrees([.greedy, .threshold([300, 300])], shortCardgames, games: 40_000, seed: 23)
    }

    @Test("win against ev: the simulator agrees within 4 standard errors", .leftOutOfCoverage)
    func winAgainstExpectedValue() throws {
        try expectSimulationAgrees(
            [.win, .expectedValue], onesOnly(target: 1000, finalRound: true), games: 40_000, seed: 24)
        try expectSimulationAgrees([.greedy, .win], onesOnly(target: 1000, finalRound: false), games: 40_000, seed: 25)
    }

    @Test(
        "where the target must be hit exactly: win against ev-target and greedy against win agree with the simulator, win against win is the solver's value",
        .leftOutOfCoverage)
    func hittingExactly() throws {
        var rules = onesOnly(target: 800, finalRound: false)
        rules.game.mustHitTargetExactly = true
        try expectSimulationAgrees([.win, .expectedValueToTarget], rules, games: 40_000, seed: 26)
        try expectSimulationAgrees([.greedy, .win], rules, games: 40_000, seed: 27)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let solver = try context.winProbabilitySolver()
        let exact = try ExactOdds(strategies: [.win, .win], context: &context)
        #expect(abs(exact.winProbabilities[0] - solver.firstPlayerWinProbability) < 1e-9)
    }

    @Test("win against win is the solver's own value and tie chance")
    func winMirrorIsTheSolution() throws {
        for rules in [onesOnly(target: 1000, finalRound: true), onesOnly(target: 1000, finalRound: false)] {
            var context = StrategyContext(table: ScoringTable(rules: rules))
            let solver = try context.winProbabilitySolver()
            let exact = try ExactOdds(strategies: [.win, .win], context: &context)
            #expect(abs(exact.winProbabilities[0] - solver.firstPlayerWinProbability) < 1e-9)
            #expect(abs(exact.tieProbability - solver.tieProbability) < 1e-9)
        }
    }

    @Test("win concedes no more than its solved value to any strategy, from either seat")
    func winIsBest() throws {
        for rules in [onesOnly(target: 1000, finalRound: true), onesOnly(target: 1000, finalRound: false)] {
            var context = StrategyContext(table: ScoringTable(rules: rules))
            let best = try context.winProbabilitySolver().firstPlayerValue
            for other in [StrategySpec.expectedValue, .greedy, .threshold([0, 1000])] {
                let first = try ExactOdds(strategies: [.win, other], context: &context)
                let second = try ExactOdds(strategies: [other, .win], context: &context)
                #expect(first.winProbabilities[0] + first.tieProbability / 2 >= best - 1e-9, "win against \(other)")
                #expect(second.winProbabilities[0] + second.tieProbability / 2 <= best + 1e-9, "\(other) against win")
            }
        }
    }

    @Test("greedy against greedy when the first bank wins: q / (1 - (1 - q)²) with q = 1 - (5/6)^6")
    func firstBankWinsByHand() throws {
        let exact = try odds([.greedy, .greedy], firstBankWins)
        let scores: Double = 1 - pow(5.0 / 6.0, 6.0)
        let first = scores / (1 - (1 - scores) * (1 - scores))
        #expect(abs(exact.winProbabilities[0] - first) < 1e-12)
        #expect(abs(exact.winProbabilities[1] - (1 - first)) < 1e-12)
        #expect(exact.tieProbability == 0)
    }

    @Test(
        "when the first bank wins and a scoreless opening roll is rolled again, the first player always wins; win and ev against each other agree with the simulator"
    )
    func openingRerolled() throws {
        var rules = firstBankWins
        rules.turn.rerollsScorelessOpeningRoll = true
        for specs: [StrategySpec] in [[.greedy, .greedy], [.win, .expectedValue]] {
            let exact = try odds(specs, rules)
            #expect(abs(exact.winProbabilities[0] - 1) < 1e-12, "\(specs)")
        }
        var race = onesOnly(target: 1000, finalRound: true)
        race.turn.rerollsScorelessOpeningRoll = true
        try expectSimulationAgrees([.win, .expectedValue], race, games: 40_000, seed: 26)
        try expectSimulationAgrees([.greedy, .win], race.withRounds(3), games: 40_000, seed: 27)
    }

    @Test("greedy against greedy when the first bank wins and six of any face win: q / (1 - (1 - q)²), q counts them")
    func firstBankOrSixOfAKindWinsByHand() throws {
        // Six 2s to 6s score nothing here; winning at once, they end a turn as a bank would.
        var rules = firstBankWins
        rules.game.instantWinFaces = Set(1...6)
        let exact = try odds([.greedy, .greedy], rules)
        let scores: Double = 1 - pow(5.0 / 6.0, 6.0) + 5 / pow(6.0, 6.0)
        let first = scores / (1 - (1 - scores) * (1 - scores))
        #expect(abs(exact.winProbabilities[0] - first) < 1e-12)
        #expect(abs(exact.winProbabilities[1] - (1 - first)) < 1e-12)
    }

    @Test("greedy against greedy when the first bank wins and six 2s to 6s lose at once: a closed form")
    func firstBankOrExplosionByHand() throws {
        // A turn banks with q = 1 - (5/6)^6 (some 1) and loses with l = 5 / 6^6 (six of a scoreless face); the
        // first player wins on their turn, or when the second loses after the first farkled:
        // P = (q + f l) / (1 - f²) with f = 1 - q - l.
        var rules = firstBankWins
        rules.game.instantLossFaces = [2, 3, 4, 5, 6]
        let exact = try odds([.greedy, .greedy], rules)
        let banks: Double = 1 - pow(5.0 / 6.0, 6.0)
        let loses: Double = 5 / pow(6.0, 6.0)
        let farkles = 1 - banks - loses
        let first = (banks + farkles * loses) / (1 - farkles * farkles)
        #expect(abs(exact.winProbabilities[0] - first) < 1e-12)
        #expect(abs(exact.winProbabilities[1] - (1 - first)) < 1e-12)
        #expect(exact.tieProbability == 0)
    }

    @Test("the odds add up to 1 and do not depend on the thread count")
    func threadsChangeNothing() throws {
        let one = try odds([.expectedValue, .greedy], shortStandard, threads: 1)
        let two = try odds([.expectedValue, .greedy], shortStandard, threads: 2)
        #expect(one.winProbabilities == two.winProbabilities && one.tieProbability == two.tieProbability)
        #expect(abs(one.winProbabilities.reduce(0, +) + one.tieProbability - 1) < 1e-12)
    }

    @Test(
        "each seat starting: the two seatings one evaluation each gives, in a race (one pass) and a game of rounds",
        arguments: [
            ([StrategySpec.win, .expectedValue], shortStandard, [DiceSet.ordinary, .ordinary]),
            ([.expectedValue, .greedy], shortCardgames, [.ordinary, .ordinary]),
            (
                [.threshold([300, 300]), .greedy], onesOnly(target: 500, finalRound: true).withRounds(3),
                [.ordinary, .ordinary]
            ),
        ])
    func eachStarting(specs: [StrategySpec], rules: RuleSet, dice: [DiceSet]) throws {
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let both = try ExactOdds.eachStarting(strategies: specs, dice: dice, context: &context, threads: 2)
        #expect(both.map(\.strategies) == [specs, specs.reversed()])
        for (evaluation, seating) in zip(both, [specs, specs.reversed()]) {
            let alone = try ExactOdds(strategies: seating, dice: dice, context: &context, threads: 1)
            for (a, b) in zip(
                evaluation.winProbabilities + [evaluation.tieProbability],
                alone.winProbabilities + [alone.tieProbability])
            {
                #expect(abs(a - b) < 1e-15, "\(seating) under \(rules.name)")
            }
            #expect(evaluation.pairCount == alone.pairCount)
        }
    }

    @Test("3 players, rounds with an entry minimum, a never-ending game, a third strategy: refused")
    func refusals() throws {
        var threePlayers = shortStandard
        threePlayers.game.players = 3
        var rounds = shortStandard
        rounds.game.end = .rounds(10)
        rounds.game.entryMinimum = 500
        let never = StrategySpec.threshold([100_000, 100_000, 100_000, 100_000, 100_000, 100_000])
        let cases: [(RuleSet, [StrategySpec], String)] = [
            (threePlayers, [.expectedValue, .expectedValue], "give one strategy per player"),
            (rounds, [.greedy, .greedy], "entry minimum"),
            (shortStandard, [.greedy], "2 or 3 strategies"),
            (firstBankWins, [never, never], "never ends"),
        ]
        for (rules, specs, reason) in cases {
            #expect {
                _ = try odds(specs, rules)
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
    }
}
