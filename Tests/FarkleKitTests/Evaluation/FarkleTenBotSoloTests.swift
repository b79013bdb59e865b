import Testing

@testable import FarkleKit

@Suite("Farkle Ten bots alone: the exact distribution of a turn and of a ten-round total")
struct FarkleTenBotSoloTests {
    static let table = ScoringTable(rules: .farkleten)
    /// Turns past 8,000 points are left out of these distributions (a share below 1e-6 of turns, checked).
    static let maximumPoints = 8000

    @Test("easy banks with the share of its 151 thresholds at or below the turn points, always with 2 dice or fewer")
    func easyBankChance() {
        #expect(FarkleTenBot.easyBankChance(turnPoints: 299, diceLeft: 3) == 0)
        #expect(FarkleTenBot.easyBankChance(turnPoints: 300, diceLeft: 3) == 1.0 / 151)
        #expect(FarkleTenBot.easyBankChance(turnPoints: 375, diceLeft: 6) == 76.0 / 151)
        #expect(FarkleTenBot.easyBankChance(turnPoints: 450, diceLeft: 4) == 1)
        #expect(FarkleTenBot.easyBankChance(turnPoints: 50, diceLeft: 2) == 1)
    }

    @Test("medium's turn alone sums to one and never banks 50: 50 points leave 5 dice, and its rule rolls them")
    func mediumNeverBanksFifty() {
        // 50 points is one single 5 kept from six dice (two dice score at least 100).
        let bot = FarkleTenBot(level: .medium, table: Self.table)
        let turn = bot.soloTurnDistribution(table: Self.table, roundsLeft: 10, maximumPoints: Self.maximumPoints)
        #expect(turn.truncatedProbability < 1e-6)
        #expect(abs(turn.probabilities.reduce(0, +) + turn.truncatedProbability - 1) < 1e-12)
        // Medium rolls 50 points with 5 dice left ((1 - .0772)(50 + 250) - .0772 · 50 > 50), so it never banks 50.
        #expect(FarkleTenBot.rollsOn(turnPoints: 50, diceLeft: 5))
        #expect(turn.probability(ofBanking: 50) == 0)
    }

    @Test("hard plays its last two rounds alone apart: banks from 350 whatever the dice")
    func hardLastRounds() {
        let bot = FarkleTenBot(level: .hard, table: Self.table)
        let early = bot.soloTurnDistribution(table: Self.table, roundsLeft: 3, maximumPoints: Self.maximumPoints)
        let late = bot.soloTurnDistribution(table: Self.table, roundsLeft: 2, maximumPoints: Self.maximumPoints)
        let last = bot.soloTurnDistribution(table: Self.table, roundsLeft: 1, maximumPoints: Self.maximumPoints)
        #expect(late.probabilities == last.probabilities)
        #expect(early.probabilities != late.probabilities)
        // Late, every turn that reaches 350 banks at once; so no turn banks 1000 or more without passing through
        // 350...999 first, and the share banked in 350...650 grows.
        let middle = { (turn: BankedPointsDistribution) in
            (350...650).reduce(0) { $0 + turn.probability(ofBanking: $1) }
        }
        #expect(middle(late) > middle(early))
    }

    @Test(
        "each bot's exact mean ten-round total alone matches simulated solo games within 4 standard errors",
        arguments: FarkleTenBot.Level.allCases)
    func meanMatchesSimulation(level: FarkleTenBot.Level) throws {
        let bot = FarkleTenBot(level: level, table: Self.table)
        let total = try #require(bot.soloTotalDistribution(table: Self.table, maximumPoints: Self.maximumPoints))
        #expect(total.truncatedProbability < 1e-5)
        let games = 20_000
        let seats = BuiltInStrategy.make([.farkleTen(level)], table: Self.table)
        let tally = GameSimulation(table: Self.table, seats: seats).run(games: games, seed: 12)
        #expect(tally.turns == 10 * games)
        let simulated = tally.meanNetPointsPerTurn * 10
        let error = tally.meanNetPointsPerTurnStandardError * 10
        #expect(
            abs(simulated - total.mean) < 4 * error, "\(level): simulated \(simulated) ± \(error), exact \(total.mean)")
        // The chance of 5,000 or more too, a proportion with its own standard error.
        let exact = total.probability(ofAtLeast: 5000)
        let reached = tally.finalTotalCounts[(5000 / SimulationTally.finalTotalBinWidth)...].reduce(0, +)
        let observed = Double(reached) / Double(games)
        #expect(abs(observed - exact) < 4 * (exact * (1 - exact) / Double(games)).squareRoot())
    }

    @Test(
        "where a scoreless opening roll costs 500, a turn adds -500 on it: ev's turn has the solver's mean, and the ten-round totals of ev and hard alone (below 0 too) match simulated games within 4 standard errors"
    )
    func openingCost() throws {
        var rules = RuleSet.farkleten
        rules.turn.openingFarkleCost = 500
        let table = ScoringTable(rules: rules)
        let solver = ExpectedScoreSolver(table: table)
        let turn = BankedPointsDistribution(solver: solver, maximumPoints: Self.maximumPoints)
        #expect(turn.lowestPoints == -500 && turn.probability(ofBanking: -500) > 0.01)
        // The solver's expected turn score counts the cost (the distribution summed banked points only before);
        // untruncated, as far as the solver's table.
        let whole = BankedPointsDistribution(solver: solver)
        #expect(abs(whole.mean - solver.expectedTurnScore) < 1e-9 * solver.expectedTurnScore)
        let hard = FarkleTenBot(level: .hard, table: table)
        let totals = [
            (StrategySpec.expectedValue, BankedPointsDistribution(summing: turn, turns: 10)),
            (
                .farkleTen(.hard),
                try #require(hard.soloTotalDistribution(table: table, maximumPoints: Self.maximumPoints))
            ),
        ]
        for (spec, total) in totals {
            #expect(total.lowestPoints == -5000)
            let games = 20_000
            let seats = BuiltInStrategy.make([spec], table: table)
            let tally = GameSimulation(table: table, seats: seats).run(games: games, seed: 13)
            let simulated = tally.meanNetPointsPerTurn * 10
            let error = tally.meanNetPointsPerTurnStandardError * 10
            #expect(
                abs(simulated - total.mean) < 4 * error,
                "\(spec): simulated \(simulated) ± \(error), exact \(total.mean)")
            // A total below 2,000: the tally's first 40 bins of 50 points (bin 0 holds every total below 50).
            let exact = 1 - total.probability(ofAtLeast: 2000)
            let observed = Double(tally.finalTotalCounts[..<40].reduce(0, +)) / Double(games)
            #expect(exact > 0.001)
            #expect(abs(observed - exact) < 4 * (exact * (1 - exact) / Double(games)).squareRoot())
        }
    }
}
