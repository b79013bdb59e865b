import Foundation
import Testing

@testable import FarkleKit

/// The hot-dice bonus as a rule: read from a rule file, bounded, written back, and where it counts.
@Suite("The hot-dice bonus: the rule-file key and the one place it is added")
struct HotDiceBonusRuleTests {
    @Test("turn.hot_dice_bonus is read as points from 0 to 1,000,000; standard has none")
    func reads() throws {
        #expect(RuleSet.standard.turn.hotDiceBonus == 0)
        let rules = try Fixtures.rules(json: #"{"base": "standard", "turn": {"hot_dice_bonus": 1000}}"#)
        #expect(rules.turn.hotDiceBonus == 1000)
        #expect(rules.combinations == RuleSet.standard.combinations)
        #expect(
            try Fixtures.rules(json: #"{"base": "standard", "turn": {"hot_dice_bonus": 0}}"#).turn.hotDiceBonus == 0)
    }

    @Test(
        "a bonus that is not whole points from 0 to 1,000,000 is refused with one line naming the key",
        arguments: ["-50", "1000001", "\"1000\"", "1.5", "null", "true"])
    func refuses(value: String) {
        #expect {
            try Fixtures.rules(json: #"{"base": "standard", "turn": {"hot_dice_bonus": \#(value)}}"#)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: 'turn.hot_dice_bonus' must be") && !text.contains("\n")
        }
    }

    @Test("jsonText writes the bonus when set and reads back equal; without one the text has no such key")
    func roundTrip() throws {
        let rules = try Fixtures.rules(json: #"{"base": "zilch", "turn": {"hot_dice_bonus": 750}}"#)
        #expect(rules.jsonText.contains(#""hot_dice_bonus": 750"#))
        #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules)
        // Rule sets without a bonus keep the text, and with it the digest of their policy files and cache entries.
        for preset in RulePreset.all { #expect(!preset.rules.jsonText.contains("hot_dice_bonus"), "\(preset.name)") }
    }

    @Test("a keep earns the bonus only when it sets aside every die rolled")
    func pointsOfKeeping() {
        var turn = TurnRules()
        turn.hotDiceBonus = 1000
        #expect(turn.points(ofKeeping: 150, isHotDice: true) == 1150)
        #expect(turn.points(ofKeeping: 150, isHotDice: false) == 150)
        #expect(TurnRules().points(ofKeeping: 150, isHotDice: true) == 150)
    }

    @Test("the six-dice farkle scores as a keep of all six dice, so it earns the bonus: 500 + 1000 under standard")
    func sixDiceFarkle() throws {
        let rules = try Fixtures.rules(json: #"{"base": "standard", "turn": {"hot_dice_bonus": 1000}}"#)
        let mechanics = ScoringTable(rules: rules).turnMechanics
        #expect(mechanics.sixDiceFarkle(dice: 6, isOpeningRoll: true) == 1500)
        #expect(mechanics.sixDiceFarkle(dice: 6, isOpeningRoll: false) == nil)
        #expect(mechanics.scoreStep == 50)
    }

    @Test("the score step counts the bonus: 1s and 5s with a bonus of 25 step by 25")
    func scoreStep() throws {
        let rules = try Fixtures.rules(json: #"{"base": "standard", "turn": {"hot_dice_bonus": 25}}"#)
        #expect(ScoringTable(rules: rules).scoreStep == 25)
    }
}
