import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Exact odds of a race with a dice set per seat, both plays fixed")
struct ExactOddsDiceSetRaceTests {
    static func kcd(target: Int) -> RuleSet {
        var rules = RuleSet.kcd
        rules.game.end = .target(target, finalRound: false)
        return rules
    }

    static func outcomes(_ sets: [String], target: Int) throws -> [DiceSetOutcomes] {
        let table = ScoringTable(rules: kcd(target: target))
        return try sets.map { DiceSetOutcomes(table: table, set: try DiceSet(parsing: $0)) }
    }

    /// The exact odds of `strategies` carrying `sets` (seat 1 first) in `kcd` raced to `target`, through the evaluation
    /// of dice sets whatever the sets (six ordinary dice too), `win` played from `solver` where given.
    static func odds(
        _ sets: [String], _ strategies: [StrategySpec], target: Int, solver: LoadedWinSolver? = nil, threads: Int = 1
    ) throws -> (firstWin: Double, tie: Double, pairs: Int) {
        var context = StrategyContext(table: ScoringTable(rules: kcd(target: target)))
        if let solver { context.diceSetGames = { _, _ in solver } }
        let race = try ExactOdds.diceSetRace(
            strategies: strategies, dice: try sets.map { try DiceSet(parsing: $0) }, context: context, threads: threads)
        return (race.odds[0].firstWin, race.odds[0].tie, race.pairs)
    }

    /// Expects seat 1's share of `games` simulated games in `tally` within 4 standard errors (from the sample) of its
    /// exact chance in `odds`.
    static func expectSeatOneWins(
        _ tally: SimulationTally, games: Int, near odds: ExactOdds, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let rate = Double(tally.seats[0].wins) / Double(games)
        let error = (rate * (1 - rate) / Double(games)).squareRoot()
        #expect(
            abs(rate - odds.winProbabilities[0]) < 4 * error, "\(rate) ± \(error) vs \(odds.winProbabilities)",
            sourceLocation: sourceLocation)
    }

    @Test("win against win is the game solver's value; the two chances add up to 1")
    func winAgainstWinIsTheSolve() throws {
        let outcomes = try Self.outcomes(["odd:2", "heavenly-kingdom:1"], target: 300)
        let solver = LoadedWinSolver(outcomes: outcomes)
        let odds = try Self.odds(["odd:2", "heavenly-kingdom:1"], [.win, .win], target: 300, solver: solver)
        #expect(abs(odds.firstWin - solver.firstPlayerWinProbability) < 1e-12)
        #expect(odds.tie == 0)
        #expect(odds.pairs == 36)
    }

    @Test("the odds do not depend on the number of threads, bit for bit, for every play")
    func threadsChangeNothing() throws {
        let sets = ["lucky:1", "heavenly-kingdom:1"]
        for plays: [StrategySpec] in [[.win, .expectedValueToTarget], [.greedy, .threshold([100, 200])]] {
            let one = try Self.odds(sets, plays, target: 300, threads: 1)
            let many = try Self.odds(sets, plays, target: 300, threads: 3)
            #expect(many.firstWin == one.firstWin, "\(plays)")
        }
    }

    @Test("playing to win beats playing for points, from either seat, against the same opponent")
    func winBeatsPoints() throws {
        let sets = ["odd:1", "weighted:1"]
        let solver = LoadedWinSolver(outcomes: try Self.outcomes(sets, target: 300))
        let both = try Self.odds(sets, [.win, .win], target: 300, solver: solver)
        let pointsFirst = try Self.odds(sets, [.expectedValueToTarget, .win], target: 300, solver: solver)
        let pointsSecond = try Self.odds(sets, [.win, .expectedValueToTarget], target: 300, solver: solver)
        // Against an opponent who plays to win, playing for points does worse, from either seat.
        #expect(pointsFirst.firstWin < both.firstWin)
        #expect(1 - pointsSecond.firstWin < 1 - both.firstWin)
    }

    @Test("a turn played to win reproduces the game's value at its pair of totals")
    func turnMatchesGame() throws {
        let outcomes = try Self.outcomes(["odd:2", "weighted:1"], target: 400)
        let solver = LoadedWinSolver(outcomes: outcomes)
        for (own, other) in [(0, 0), (150, 300), (350, 50)] {
            for player in 0..<2 {
                let turn = solver.turn(player: player, own: own, opponent: other)
                let full = outcomes[player].fullState
                let expected = solver.winProbability(player: player, own: own, opponent: other)
                #expect(abs(turn.rollValue(turnPoints: 0, state: full) - expected) < 1e-12)
                #expect(turn.bankValue(turnPoints: 0, state: full) == nil)
                #expect(turn.value(turnPoints: 400 - own, state: full) == 1)
                // A bank below the target is worth what the opponent does not win from there.
                let bank = turn.bankValue(turnPoints: 50, state: full)
                let rival =
                    own + 50 < 400 ? solver.winProbability(player: 1 - player, own: other, opponent: own + 50) : 0
                #expect(bank == 1 - rival)
            }
        }
    }

    @Test("the exact odds of win against ev-target with two loaded sets agree with simulated games within 4 SE")
    func agreesWithSimulation() throws {
        let sets = [try DiceSet(parsing: "odd:2"), try DiceSet(parsing: "heavenly-kingdom:1")]
        let rules = Self.kcd(target: 300)
        let table = ScoringTable(rules: rules)
        var context = StrategyContext(table: table)
        let odds = try ExactOdds(
            strategies: [.win, .expectedValueToTarget], dice: sets, context: &context, threads: 2)
        let simulation = try GameSimulation(
            table: table, strategies: [.win, .expectedValueToTarget], dice: sets, context: &context)
        let games = 10_000
        let tally = simulation.run(games: games, seed: 15, threads: 2)
        #expect(tally.unfinishedGames == 0)
        Self.expectSeatOneWins(tally, games: games, near: odds)
    }

    @Test("the best keeps to win of every opening roll, weighed by their chances, add up to the game's value")
    func adviceAddsUpToTheGame() throws {
        let outcomes = try Self.outcomes(["odd:1", "weighted:1"], target: 300)
        let solver = LoadedWinSolver(outcomes: outcomes)
        let turn = solver.turn(player: 0, own: 100, opponent: 150)
        let kinds = outcomes[0].set.kinds
        // Every roll of the whole set, kind by kind, with its chance from the face weights.
        var rolls: [(roll: [DiceCounts], chance: Double)] = [([], 1)]
        for kind in kinds {
            let total = Double(kind.weights.reduce(0, +))
            rolls = rolls.flatMap { partial in
                DiceCatalog.shared.multisets[kind.count].map { dice in
                    var chance = Double(DiceCatalog.orderedRollCount(of: dice))
                    for face in DiceCounts.faces {
                        for _ in 0..<dice[face] { chance *= Double(kind.weights[face - 1]) / total }
                    }
                    return (partial.roll + [dice], partial.chance * chance)
                }
            }
        }
        var sum = 0.0
        for (roll, chance) in rolls where chance > 0 {
            sum += chance * (turn.advice(for: roll, turnPoints: 0).first?.value ?? turn.farkleValue)
        }
        let expected = solver.winProbability(player: 0, own: 100, opponent: 150)
        #expect(abs(sum - expected) < 1e-12, "\(sum) vs \(expected)")
    }

    @Test("six ordinary dice each: greedy, threshold and ev have the plain exact odds of the two strategies")
    func ordinaryDiceArePlain() throws {
        let rules = Self.kcd(target: 1000)
        for (first, second) in [
            (StrategySpec.greedy, StrategySpec.threshold([300, 500])), (.threshold([200, 250, 350]), .greedy),
            // ev: the uncapped solve over dice states against the plain expected-score solver's turn.
            (.expectedValue, .greedy), (.expectedValueToTarget, .expectedValue),
        ] {
            var context = StrategyContext(table: ScoringTable(rules: rules))
            let plain = try ExactOdds(strategies: [first, second], context: &context, threads: 1)
            let loaded = try Self.odds(["ordinary", "ordinary"], [first, second], target: 1000)
            #expect(abs(loaded.firstWin - plain.winProbabilities[0]) < 1e-12, "\(first) against \(second)")
            #expect(plain.tieProbability == 0)
        }
    }

    @Test("greedy and threshold with two loaded sets: exact odds agree with simulated games within 4 SE")
    func blindPlaysAgreeWithSimulation() throws {
        let sets = [try DiceSet(parsing: "odd:1,die-of-misfortune:1"), try DiceSet(parsing: "heavenly-kingdom:2")]
        let rules = Self.kcd(target: 1000)
        let table = ScoringTable(rules: rules)
        var context = StrategyContext(table: table)
        let odds = try ExactOdds(strategies: [.threshold([300, 500]), .greedy], dice: sets, context: &context)
        #expect(abs(odds.winProbabilities.reduce(0, +) - 1) < 1e-12 && odds.tieProbability == 0)
        let games = 10_000
        let tally = try GameSimulation(
            table: table, strategies: [.threshold([300, 500]), .greedy], dice: sets, context: &context
        ).run(games: games, seed: 29, threads: 2)
        #expect(tally.unfinishedGames == 0)
        Self.expectSeatOneWins(tally, games: games, near: odds)
    }

    @Test(
        "ev with two loaded sets: the exact odds agree with simulated games within 4 SE, and so do its first turns",
        .leftOutOfCoverage)
    func expectedPointsAgreeWithSimulation() throws {
        let sets = [try DiceSet(parsing: "weighted:1,odd:1"), try DiceSet(parsing: "heavenly-kingdom:2")]
        let table = ScoringTable(rules: Self.kcd(target: 1000))
        var context = StrategyContext(table: table)
        let odds = try ExactOdds(strategies: [.expectedValue, .greedy], dice: sets, context: &context)
        #expect(abs(odds.winProbabilities.reduce(0, +) - 1) < 1e-12 && odds.tieProbability == 0)
        let games = 10_000
        let simulation = try GameSimulation(
            table: table, strategies: [.expectedValue, .greedy], dice: sets, context: &context)
        let tally = simulation.run(games: games, seed: 31, threads: 2)
        #expect(tally.unfinishedGames == 0)
        Self.expectSeatOneWins(tally, games: games, near: odds)
        let (mean, meanError) = tally.seats[0].firstTurnMean
        let exact = try #require(simulation.exactFirstTurnPoints(seat: 0))
        #expect(abs(mean - exact) < 4 * meanError, "\(mean) ± \(meanError) vs \(exact)")
    }
}
