import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("ev-target: the turn that maximizes the expected points toward the target, on six ordinary dice")
struct TargetTurnStrategyTests {
    static let rules = ExactOddsDiceSetRaceTests.kcd(target: 1000)

    @Test("at every own total its turn, followed forward roll by roll, is worth the capped solve's opening value")
    func turnIsTheCappedValue() throws {
        // The strategy only reads the solver's values keep by keep; the turn's worth is summed here over every bank
        // the turn can end in (BlindTurnOutcomes: forward over turn points, independent of the solver's sweep).
        let table = ScoringTable(rules: Self.rules)
        let strategy = TargetTurnStrategy(table: table)
        let outcomes = DiceSetOutcomes(table: table, set: .ordinary)
        let mechanics = table.turnMechanics
        for total in [0, 50, 500, 850, 950] {
            var situation = GameSituation(players: 2, end: Self.rules.game.end)
            situation.scores[0] = total
            situation.hasEntered = total != 0
            let turn = try #require(
                BlindTurnOutcomes(
                    strategy: strategy, rolls: RollList(table: table), mechanics: mechanics,
                    leastBank: mechanics.leastBank(entryMinimum: 0, hasEntered: total != 0), situation: situation))
            let cap = 1000 - total
            var worth = 0.0
            for (level, chance) in turn.banked.enumerated() { worth += chance * Double(min(level * 50, cap)) }
            let solved = CappedScoreSolver(outcomes: outcomes, cap: cap, hasEntered: total != 0).openingValue
            #expect(abs(worth - solved) < 1e-9, "total \(total): \(worth) vs \(solved)")
        }
    }

    @Test("near the target it banks what reaches it where ev rolls on (kcd, 3850, a 5 kept with 100 turn points)")
    func banksWhatReachesTheTarget() throws {
        let table = ScoringTable(rules: .kcd)
        var situation = GameSituation(players: 2, end: RuleSet.kcd.game.end)
        situation.scores[0] = 3850
        situation.hasEntered = true
        let roll = DiceCounts(faces: [5, 2, 3])
        let multiset = DiceCatalog.shared.index(of: roll)
        var generator = SystemRandomNumberGenerator()
        let toTarget = TargetTurnStrategy(table: table).move(
            turnPoints: 100, dice: 3, multiset: multiset, situation: situation, using: &generator)
        #expect(toTarget.score == 50 && toTarget.diceUsed == 1 && toTarget.banks == true)
        // ev plays the turn's points whatever the total: with 150 points and 2 dice left it rolls on.
        let ev = ExpectedValueStrategy(solver: ExpectedScoreSolver(table: table))
        #expect(ev.shouldBank(turnPoints: 150, diceLeft: 2, situation: situation, using: &generator) == false)
    }

    @Test("ev-target against ev: simulated games agree with the exact odds within 4 standard errors")
    func simulationMatchesExactOdds() throws {
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        let odds = try ExactOdds(strategies: [.expectedValueToTarget, .expectedValue], context: &context, threads: 1)
        #expect(abs(odds.winProbabilities[0] + odds.winProbabilities[1] - 1) < 1e-12)
        let simulation = try GameSimulation(
            table: context.table, strategies: [.expectedValueToTarget, .expectedValue], context: &context)
        let games = 20_000
        let tally = simulation.run(games: games, seed: 7, threads: 2)
        let rate = tally.winRate(seat: 0).value
        let error = (rate * (1 - rate) / Double(games)).squareRoot()
        #expect(abs(rate - odds.winProbabilities[0]) < 4 * error, "\(rate) ± \(error) vs \(odds.winProbabilities[0])")
        // Not the same play: ev-target's edge over ev is more than the seat's alone.
        let evOnly = try ExactOdds(strategies: [.expectedValue, .expectedValue], context: &context, threads: 1)
        #expect(odds.winProbabilities[0] > evOnly.winProbabilities[0] + 0.005)
    }

    @Test("rules it cannot play are refused with the reason, for ExactOdds and by name")
    func refusals() throws {
        #expect(TargetTurnStrategy.refusal(for: Self.rules) == nil)
        #expect(
            TargetTurnStrategy.refusal(for: .standard)
                == "strategy 'ev-target' plays a race won at the target at once (kcd); rules 'standard' have a final "
                + "round")
        #expect(TargetTurnStrategy.refusal(for: .farkleten)?.hasSuffix("rules 'farkleten' play rounds") == true)
        var penalty = Self.rules
        penalty.turn.threeFarklePenalty = RuleSet.zilch.turn.threeFarklePenalty
        #expect(TargetTurnStrategy.refusal(for: penalty)?.contains("three-farkle penalty") == true)
        var far = Self.rules
        far.game.end = .target(1_000_000, finalRound: false)
        #expect(TargetTurnStrategy.refusal(for: far)?.contains("needs 1400070000 table entries") == true)
        var context = StrategyContext(table: ScoringTable(rules: .standard))
        #expect(throws: NotCovered(TargetTurnStrategy.refusal(for: .standard) ?? "")) {
            try ExactOdds(strategies: [.expectedValueToTarget, .greedy], context: &context, threads: 1)
        }
        #expect(try StrategySpec(parsing: "ev-target") == .expectedValueToTarget)
        #expect(StrategySpec.expectedValueToTarget.description == "ev-target")
    }
}
