import Testing

@testable import FarkleKit

@Suite("The solver on every preset: bank thresholds for every dice count that may bank")
struct PresetSolverTests {
    @Test(
        "a threshold for each dice count that may bank, 6 included after optional hot dice; banking stays best above it",
        arguments: RulePreset.all.map(\.name))
    func thresholds(name: String) throws {
        let rules = try #require(RuleSet.presets[name])
        let solver = ExpectedScoreSolver(rules: rules)
        let step = solver.table.scoreStep
        for dice in 1...6 {
            let threshold = solver.bankThreshold(diceLeft: dice)
            guard rules.turn.allowsBanking(diceLeft: dice) else {
                #expect(threshold == nil, "\(name), \(dice) dice")
                continue
            }
            guard let threshold else { continue }
            #expect(threshold >= rules.turn.minimumBank, "\(name), \(dice) dice")
            for turnPoints in stride(from: threshold, through: threshold + 5000, by: step) {
                #expect(
                    solver.shouldBank(turnPoints: turnPoints, diceLeft: dice), "\(name), \(dice) dice, t \(turnPoints)")
                #expect(solver.value(turnPoints: turnPoints, diceLeft: dice) == Double(turnPoints))
            }
            let below = threshold - step
            if below >= rules.turn.minimumBank,
                !solver.bankRangesBelowThreshold(diceLeft: dice).contains(where: { $0.contains(below) })
            {
                #expect(!solver.shouldBank(turnPoints: below, diceLeft: dice), "\(name), \(dice) dice, t \(below)")
            }
        }
    }

    @Test(
        "banking is allowed with every dice count (six, five in five-thousand) in every preset but standard, and each has a threshold but one"
    )
    func everyDiceCount() throws {
        for preset in RulePreset.all where preset.name != "standard" {
            let solver = ExpectedScoreSolver(rules: preset.rules)
            let all = preset.name == "five-thousand" ? 5 : 6
            for dice in 1..<all {
                #expect(solver.bankThreshold(diceLeft: dice) != nil, "\(preset.name), \(dice) dice")
            }
            // A roll of every die risks the whole turn whenever it can farkle, so at some total banking wins.
            if preset.name != "zilch" { #expect(solver.bankThreshold(diceLeft: all) != nil, "\(preset.name)") }
            // No threshold for more dice than the game has.
            if all == 5 { #expect(solver.bankThreshold(diceLeft: 6) == nil) }
        }
    }

    @Test("zilch: with six dice rolling always wins, as no roll of six dice can lose the turn")
    func zilchNeverBanksSix() {
        let solver = ExpectedScoreSolver(rules: .zilch)
        #expect(solver.bankThreshold(diceLeft: 6) == nil)
        // Any roll of six dice scores at least 50 (a keep, or 500 for no keep), after which banking is allowed.
        for turnPoints in [300, 5000, 100_000] {
            #expect(solver.rollValue(turnPoints: turnPoints, diceLeft: 6) >= Double(turnPoints + 50))
            #expect(!solver.shouldBank(turnPoints: turnPoints, diceLeft: 6))
        }
    }

    @Test("zilch: below 300 turn points no dice count may bank")
    func zilchMinimumBank() {
        let solver = ExpectedScoreSolver(rules: .zilch)
        for dice in 1...6 {
            for turnPoints in stride(from: 0, to: 300, by: 50) {
                #expect(!solver.shouldBank(turnPoints: turnPoints, diceLeft: dice))
            }
        }
    }
}
