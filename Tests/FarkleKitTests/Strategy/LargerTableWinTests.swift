import Testing

@_spi(Kernels) @testable import FarkleKit

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
        // Three players racing without a final round have a solver of their own.
        var trio = ones
        trio.game = GameRules(players: 3, target: 300, finalRound: false)
        #expect(trio.headsUpGame == trio)
        var four = trio
        four.game.players = 4
        #expect(four.headsUpGame.game.players == 2)
    }

    @Test(
        "three players racing without a final round: win plays the exact three-player solution, the same games roll for roll"
    )
    func playsTheThreePlayerGame() throws {
        var rules = try #require(RuleSet.presets["cardgames"])
        rules.game = GameRules(players: 3, target: 500, finalRound: false)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        #expect(try context.solvedWinGame() is ThreePlayerWinSolver)
        let seats = BuiltInStrategy.make([.win, .expectedValue, .win], context: &context)
        let exact = ThreePlayerWinStrategy(solver: try ThreePlayerWinSolver(rules: rules))
        let reference = [Seat.exactTrio(exact), .builtIn(seats[1]), .exactTrio(exact)]
        let games = 200
        let played = GameSimulation(table: context.table, seats: seats.map(Seat.builtIn)).run(games: games, seed: 4)
        let expected = GameSimulation(table: context.table, seats: reference).run(games: games, seed: 4)
        #expect(played.rolls == expected.rolls)
        #expect(played.seats.map(\.wins) == expected.seats.map(\.wins))
        #expect(played.seats.map(\.bankedPoints) == expected.seats.map(\.bankedPoints))
    }

    @Test("a race of three too large for win to tabulate is refused before anything is solved, in one line")
    func tooLargeToTabulate() throws {
        var rules = try #require(RuleSet.presets["cardgames"])
        rules.game = GameRules(players: 3, target: 10_000, finalRound: false)
        let states = try #require(ThreePlayerWinStrategy.tabulatedStates(rules))
        // 200 levels: 200² sets of totals for each of the mover's, whose turn holds (200 - total) levels of 6 states.
        #expect(states == 200 * 200 * (1...200).reduce(0, +) * 6)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            _ = try context.solvedWinGame()
        } throws: { error in
            "\(error)".contains("tabulates every turn") && !"\(error)".contains("\n")
        }
        #expect(clock.now - start < .seconds(5))
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
        "three players, no final round: the race for two against the leader, against two players of the exact solution, wins no more than the exact solution's own chance (4 standard errors)"
    )
    func boundedByTheExactSolution() throws {
        var rules = try #require(RuleSet.presets["cardgames"])
        rules.game = GameRules(players: 3, target: 600, finalRound: false)
        let trio = try ThreePlayerWinSolver(rules: rules)
        let exact = ThreePlayerWinStrategy(solver: trio)
        var two = rules
        two.game.players = 2
        // The race for two played against the leader, as `win` plays at a larger table of another race.
        let leader = Seat.againstLeader(WinProbabilityStrategy(solver: try WinProbabilitySolver(rules: two)))
        let games = 20_000
        let tally = GameSimulation(table: trio.table, seats: [leader, .exactTrio(exact), .exactTrio(exact)]).run(
            games: games, seed: 5)
        let observed = tally.winRate(seat: 0).value
        let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
        let best = trio.seatWinProbabilities[0]
        #expect(observed <= best + 4 * standardError, "\(observed) against the exact \(best)")
        // Not far below it either: the race for two against the leader is a fair stand-in at three.
        #expect(observed > best - 0.05, "\(observed) against the exact \(best)")
    }
}
