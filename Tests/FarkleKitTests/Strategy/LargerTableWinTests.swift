import Testing

@testable import FarkleKit

/// A seat of a test table: a built-in strategy, the two-player solved race played against a given total, or the
/// exact three-player solution.
private enum Seat: Strategy {
    case builtIn(BuiltInStrategy)
    /// The two-player strategy shown a table of two: its own total and the largest of the others' (found here by
    /// sorting, not by the library's own helper).
    case againstLeader(WinProbabilityStrategy)
    case exactTrio(ThreePlayerWinStrategy)

    var name: String { "seat" }

    private static func headsUp(_ situation: GameSituation) -> GameSituation {
        var two = GameSituation(players: 2, end: situation.end)
        two.scores[0] = situation.ownScore
        two.scores[1] = situation.scores.indices.filter { $0 != situation.seat }.map { situation.scores[$0] }.sorted()
            .last!
        two.isFinalRound = situation.isFinalRound
        return two
    }

    func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        switch self {
        case .builtIn(let strategy):
            strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .againstLeader(let strategy):
            strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: Self.headsUp(situation),
                using: &generator)
        case .exactTrio(let strategy):
            strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        }
    }

    func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        switch self {
        case .builtIn(let strategy):
            strategy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .againstLeader(let strategy):
            strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: Self.headsUp(situation), using: &generator)
        case .exactTrio(let strategy):
            strategy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        }
    }
}

/// The race for two of `shortStandard(players:)` solved to win, solved once for the suite.
private let headsUpSolver = try! WinProbabilitySolver(rules: shortStandard(players: 2))

/// `standard` to 600 (final round, 500 to get on the board) for `players`.
private func shortStandard(players: Int) -> RuleSet {
    var rules = RuleSet.standard
    rules.game.players = players
    rules.game.end = .target(600, finalRound: true)
    return rules
}

@Suite("win at a table of three or more")
struct LargerTableWinTests {
    @Test("the context solves the race for two, whatever the table's size; not a game of rounds or a penalty")
    func headsUpGame() throws {
        #expect(shortStandard(players: 4).headsUpGame == shortStandard(players: 2))
        let ones = RuleSet(
            name: "ones", combinations: CombinationPoints(singleOne: 100),
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
            game: GameRules(players: 5, target: 300, finalRound: true))
        var two = ones
        two.game.players = 2
        var context = StrategyContext(table: ScoringTable(rules: ones))
        #expect(try context.solvedWinGame().table.rules == two)
        var penalty = try #require(RuleSet.presets["zilch"])
        penalty.game.players = 3
        #expect(penalty.headsUpGame == penalty)
        var rounds = try #require(RuleSet.presets["farkleten"])
        rounds.game.players = 3
        #expect(rounds.headsUpGame == rounds)
        var solo = RuleSet.standard
        solo.game.players = 1
        #expect(solo.headsUpGame == solo)
    }

    @Test(
        "the win seat plays the two-player solution against the highest other total: the same games, roll for roll",
        arguments: [(3, 0), (8, 7)])
    func playsAgainstTheLeader(players: Int, seat: Int) throws {
        var context = StrategyContext(table: ScoringTable(rules: shortStandard(players: players)))
        context.use(headsUpSolver)
        var specs = Array(repeating: StrategySpec.expectedValue, count: players)
        specs[seat] = .win
        let seats = BuiltInStrategy.make(specs, context: &context)
        var reference = seats.map(Seat.builtIn)
        reference[seat] = .againstLeader(WinProbabilityStrategy(solver: headsUpSolver))
        // A hundred games (every seat's bank and roll decisions in each, thousands of them) tell a different choice
        // apart as surely as more would: the first one changes every roll after it.
        let games = 100
        let played = GameSimulation(table: context.table, seats: seats.map(Seat.builtIn)).run(games: games, seed: 8)
        let expected = GameSimulation(table: context.table, seats: reference).run(games: games, seed: 8)
        #expect(played.rolls == expected.rolls && played.ties == expected.ties)
        #expect(played.seats.map(\.wins) == expected.seats.map(\.wins))
        #expect(played.seats.map(\.bankedPoints) == expected.seats.map(\.bankedPoints))
    }

    @Test(
        "three players, standard's final round: the win seat wins more often than an ev player in its seat does exactly, by more than 4 standard errors",
        .leftOutOfCoverage
    )
    func beatsExpectedValue() throws {
        var context = StrategyContext(table: ScoringTable(rules: shortStandard(players: 3)))
        context.use(headsUpSolver)
        let exact = try ExactOdds(strategies: [.expectedValue, .expectedValue, .expectedValue], context: &context)
        let games = 10_000
        let tally = GameSimulation(
            table: context.table,
            seats: BuiltInStrategy.make([.win, .expectedValue, .expectedValue], context: &context)
        ).run(games: games, seed: 12)
        let observed = tally.winRate(seat: 0).value
        let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
        #expect(observed - exact.winProbabilities[0] > 4 * standardError, "\(observed) against \(exact)")
    }

    @Test(
        "three players, no final round: against two players of the exact solution it wins no more than the exact solution's own chance (4 standard errors)"
    )
    func boundedByTheExactSolution() throws {
        var rules = try #require(RuleSet.presets["cardgames"])
        rules.game = GameRules(players: 3, target: 600, finalRound: false)
        let trio = try ThreePlayerWinSolver(rules: rules)
        let exact = ThreePlayerWinStrategy(solver: trio)
        var context = StrategyContext(table: trio.table)
        let leader = try #require(BuiltInStrategy.make([.win], context: &context).first)
        let games = 20_000
        let tally = GameSimulation(
            table: trio.table, seats: [Seat.builtIn(leader), .exactTrio(exact), .exactTrio(exact)]
        ).run(games: games, seed: 5)
        let observed = tally.winRate(seat: 0).value
        let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
        let best = trio.seatWinProbabilities[0]
        #expect(observed <= best + 4 * standardError, "\(observed) against the exact \(best)")
        // Not far below it either: the race for two against the leader is a fair stand-in at three.
        #expect(observed > best - 0.05, "\(observed) against the exact \(best)")
    }
}
