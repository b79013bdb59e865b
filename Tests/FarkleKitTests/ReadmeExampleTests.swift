import FarkleKit
import Testing

/// The README's "FarkleKit in an app" example, line for line, so it stays true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README's library example runs and prints what it says")
    func libraryExample() throws {
        let rules = try RuleSet.load("standard")
        let table = ScoringTable(rules: rules)
        let roll = DiceCounts(faces: [1, 5, 5, 2, 3, 4])
        let keeps = table.keeps(for: roll)
        #expect(keeps.contains(Keep(dice: roll, score: 1550)))

        let solver = ExpectedScoreSolver(table: table)
        #expect((solver.expectedTurnScore * 100).rounded() / 100 == 925.83)
        #expect(solver.bankThreshold(diceLeft: 2) == 350)
        #expect(solver.value(turnPoints: 300, diceLeft: 2) >= 300)
        let advice = solver.advice(for: roll, turnPoints: 350)
        #expect(advice.best?.keep.score == 1550)
        #expect(advice.next?.decision == .mustRoll)

        let seats = BuiltInStrategy.make([.expectedValue, .greedy], table: table)
        let tally = GameSimulation(table: table, seats: seats).run(games: 2_000, seed: 7, threads: 2)
        #expect(tally.games == 2_000)
        #expect(tally.seats[0].wins + tally.seats[1].wins + tally.ties + tally.unfinishedGames == 2_000)
    }
}
