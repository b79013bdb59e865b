import FarkleKit
import Testing

@Suite("Bank decisions of optimal play")
struct BankDecisionTests {
    let solver = ExpectedScoreSolver(rules: .standard)

    @Test("standard: with 2 dice roll at 300 and bank at 350; with 1 die roll at 400 and bank at 450")
    func thresholds() {
        #expect(solver.decision(turnPoints: 300, diceLeft: 2) == .roll)
        #expect(solver.decision(turnPoints: 350, diceLeft: 2) == .bank)
        #expect(solver.decision(turnPoints: 400, diceLeft: 1) == .roll)
        #expect(solver.decision(turnPoints: 450, diceLeft: 1) == .bank)
    }

    @Test("3 to 6 dice must roll under standard, whatever the turn points", arguments: 3...6)
    func mustRoll(dice: Int) {
        for points in [0, 500, 5000, 50_000] {
            #expect(solver.decision(turnPoints: points, diceLeft: dice) == .mustRoll)
        }
    }

    @Test("below the minimum bank the rules make the player roll")
    func minimumBank() {
        var rules = RuleSet.standard
        rules.turn.minimumBank = 1000
        let solver = ExpectedScoreSolver(rules: rules)
        #expect(solver.decision(turnPoints: 950, diceLeft: 1) == .mustRoll)
        #expect(solver.decision(turnPoints: 1000, diceLeft: 1) == .bank)
    }
}
