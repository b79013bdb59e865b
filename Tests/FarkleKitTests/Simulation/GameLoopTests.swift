import Testing

@testable import FarkleKit

/// The game around the turns is written once (`GameLoop`): the engine of loaded dice, given six fair dice, plays
/// every game family of six dice as the exact odds of the plain game say it goes.
@Suite("One game around the turns: the engine of loaded dice plays rounds, penalties and instant ends")
struct GameLoopTests {
    /// Games of `strategies`, each seat with six fair dice, played by the engine of loaded dice (as a dice set
    /// would be): each die drawn from its weights, the keeps of `LoadedHighestKeep`.
    static func loadedGames(_ rules: RuleSet, _ strategies: [StrategySpec]) throws -> GameSimulation<BuiltInStrategy> {
        let table = ScoringTable(rules: rules)
        let engine = try LoadedEngine(
            table: table, sets: [.ordinary, .ordinary], strategies: strategies, threads: 1,
            maximumRounds: GameSimulation<BuiltInStrategy>.maximumRounds)
        return GameSimulation<BuiltInStrategy>(table: table, loaded: engine)
    }

    /// The exact odds of the plain game (`ExactOdds`, six ordinary dice), the independent reference.
    static func exactOdds(_ rules: RuleSet, _ strategies: [StrategySpec]) throws -> ExactOdds {
        var context = StrategyContext(table: ScoringTable(rules: rules))
        return try ExactOdds(strategies: strategies, context: &context, threads: 2)
    }

    /// Checks seat 1's wins and the ties of `games` simulated games against the exact odds, within 4 standard errors
    /// of the sample.
    static func expectAgreement(_ tally: SimulationTally, _ odds: ExactOdds, _ label: String) {
        let games = Double(tally.games)
        for (name, count, exact) in [
            ("seat 1 wins", tally.seats[0].wins, odds.winProbabilities[0]), ("ties", tally.ties, odds.tieProbability),
        ] {
            let share = Double(count) / games
            let error = max(share * (1 - share), 1 / games).squareRoot() / games.squareRoot()
            #expect(abs(share - exact) < 4 * error, "\(label), \(name): \(share) ± \(error) vs exact \(exact)")
        }
    }

    @Test("a game of rounds: the first seat's wins and the ties agree with the exact odds", .leftOutOfCoverage)
    func rounds() throws {
        var rules = RuleSet.standard
        rules.game.end = .rounds(3)
        rules.game.entryMinimum = 0
        // No six 1s that win at once: every game lasts its three rounds.
        rules.game.instantWinFaces = []
        let strategies: [StrategySpec] = [.greedy, .threshold([300, 500])]
        let simulation = try Self.loadedGames(rules, strategies)
        let tally = simulation.run(games: 20_000, seed: 31, threads: 2)
        #expect(tally.games == 20_000 && tally.unfinishedGames == 0)
        // Every game lasts the three rounds; ties (equal totals) happen.
        #expect(tally.gamesByRound[3] == 20_000 && tally.ties > 0)
        Self.expectAgreement(tally, try Self.exactOdds(rules, strategies), "rounds")
        // A game of rounds has no target to count a first turn toward: no exact value.
        #expect(simulation.exactFirstTurnPoints(seat: 0) == nil)
        #expect(tally.seats[0].firstTurns == 20_000)
    }

    @Test("a three-farkle penalty: penalties are taken, and the odds agree with the exact ones", .leftOutOfCoverage)
    func penalty() throws {
        var rules = RuleSet.standard
        rules.game.end = .target(1500, finalRound: false)
        rules.game.entryMinimum = 0
        rules.turn.threeFarklePenalty = 500
        // No six 1s that win at once, which the exact first turn scores as points.
        rules.game.instantWinFaces = []
        // Thresholds that farkle often, so that thirds in a row come up.
        let strategies: [StrategySpec] = [.threshold([1000, 1000]), .threshold([300, 300])]
        let simulation = try Self.loadedGames(rules, strategies)
        let tally = simulation.run(games: 20_000, seed: 37, threads: 2)
        #expect(tally.penalties > 0)
        #expect(tally.seats[0].penaltyPoints + tally.seats[1].penaltyPoints == 500 * tally.penalties)
        Self.expectAgreement(tally, try Self.exactOdds(rules, strategies), "penalty")
        // The first turn comes before any farkle: its exact value stands.
        let (mean, error) = tally.seats[1].firstTurnMean
        let exact = try #require(simulation.exactFirstTurnPoints(seat: 1))
        #expect(abs(mean - exact) < 4 * error, "\(mean) ± \(error) vs \(exact)")
    }

    @Test(
        "a six of a kind that loses at once and a scoreless opening roll rolled again: as the exact odds say",
        .leftOutOfCoverage)
    func instantLossAndReroll() throws {
        var rules = RuleSet.standard
        rules.game.end = .target(1500, finalRound: false)
        rules.game.entryMinimum = 0
        // Any six of a kind but 1s loses (five faces: counted often enough); a scoreless opening roll is rolled again.
        rules.game.instantWinFaces = []
        rules.game.instantLossFaces = Set(2...6)
        rules.turn.sixDiceFarkle = nil
        rules.turn.rerollsScorelessOpeningRoll = true
        let strategies: [StrategySpec] = [.greedy, .threshold([300, 500])]
        let simulation = try Self.loadedGames(rules, strategies)
        let tally = simulation.run(games: 20_000, seed: 41, threads: 2)
        #expect(tally.instantLosses > 0 && tally.instantWins == 0)
        Self.expectAgreement(tally, try Self.exactOdds(rules, strategies), "instant loss")
        // The exact first turn neither loses at once nor rolls again: none.
        #expect(simulation.exactFirstTurnPoints(seat: 0) == nil)
        // Where a bank is allowed after any keep, greedy banks its opening roll's keep: with the rule no turn of its
        // farkles; without it, some opening rolls do.
        var anyKeep = rules
        anyKeep.turn.bankingDiceLeft = Set(1...5)
        anyKeep.turn.hotDiceMandatory = false
        var plain = anyKeep
        plain.turn.rerollsScorelessOpeningRoll = false
        let without = try Self.loadedGames(plain, [.greedy, .greedy]).run(games: 2000, seed: 43, threads: 2)
        let with = try Self.loadedGames(anyKeep, [.greedy, .greedy]).run(games: 2000, seed: 43, threads: 2)
        #expect(with.farkles == 0 && without.farkles > 0, "\(with.farkles) against \(without.farkles)")
    }

    @Test("what reads the totals or a count of farkles is still refused, with its reason")
    func refusals() throws {
        var rounds = RuleSet.kcd
        rounds.game.end = .rounds(3)
        let odd = try DiceSet(parsing: "odd:2")
        func refusal(_ rules: RuleSet, _ strategies: [StrategySpec]) -> LoadedGameRefusal? {
            do {
                _ = try LoadedEngine(
                    table: ScoringTable(rules: rules), sets: [odd, .ordinary], strategies: strategies, threads: 1,
                    maximumRounds: 10)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal(rounds, [.greedy, .expectedValue]) == nil)
        #expect(refusal(rounds, [.expectedValueToTarget, .greedy])?.description.hasSuffix("play rounds") == true)
        #expect(refusal(rounds, [.win, .win]) == .winRules)
        var penalty = RuleSet.kcd
        penalty.turn.threeFarklePenalty = 500
        #expect(refusal(penalty, [.greedy, .threshold([300, 300])]) == nil)
        #expect(
            refusal(penalty, [.greedy, .expectedValue])?.description.hasPrefix(
                "seat 2 plays 'ev': under a three-farkle penalty of 500 points 'ev' is the long-run average")
                == true)
        // Losing the whole total is no fixed cost per turn: ev plays the turn's expected points there too.
        penalty.turn.threeFarklePenalty = .wholeTotal
        #expect(refusal(penalty, [.greedy, .expectedValue]) == nil)
    }
}
