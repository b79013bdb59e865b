import Foundation
import Testing

@testable import FarkleKit

/// No farkle on a turn's opening roll, as a rule: `"six_dice_farkle": "reroll"` read, written back, refused where
/// it contradicts the file, and gone where a six-dice farkle scores the roll.
@Suite("A scoreless opening roll rolled again: the rule-file value and where it applies")
struct OpeningRerollRuleTests {
    @Test("turn.six_dice_farkle \"reroll\" rolls a scoreless opening roll again, with no six-dice farkle")
    func reads() throws {
        #expect(!RuleSet.standard.turn.rerollsScorelessOpeningRoll)
        let rules = try Fixtures.rules(json: #"{"base": "standard", "turn": {"six_dice_farkle": "reroll"}}"#)
        #expect(rules.turn.rerollsScorelessOpeningRoll && rules.turn.sixDiceFarkle == nil)
        #expect(ScoringTable(rules: rules).turnMechanics.rerollsScorelessOpeningRoll)
        // A later key of points, or null, undoes it.
        let base = try Fixtures.rules(json: #"{"base": "standard", "turn": {"six_dice_farkle": null}}"#)
        #expect(!base.turn.rerollsScorelessOpeningRoll)
    }

    @Test("jsonText writes \"reroll\" and reads back equal; no preset's text changes")
    func roundTrip() throws {
        let rules = try Fixtures.rules(json: #"{"base": "boxed", "turn": {"six_dice_farkle": "reroll"}}"#)
        #expect(rules.jsonText.contains(#""six_dice_farkle": "reroll""#))
        #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules)
        for preset in RulePreset.all { #expect(!preset.rules.jsonText.contains("reroll"), "\(preset.name)") }
    }

    @Test(
        "a value that is not points, null or \"reroll\", and \"reroll\" on every six-dice roll, are refused in one line naming the key",
        arguments: [
            #""six_dice_farkle": "rerolls""#, #""six_dice_farkle": true"#,
            #""six_dice_farkle": "reroll", "six_dice_farkle_on": "every_six_dice_roll""#,
        ])
    func refuses(turn: String) {
        #expect {
            try Fixtures.rules(json: #"{"base": "standard", "turn": {\#(turn)}}"#)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: 'turn.six_dice_farkle'") && text.contains("reroll")
                && !text.contains("\n")
        }
    }

    @Test("a six-dice farkle scores the roll instead: the mechanics roll nothing again and the solvers ignore the flag")
    func sixDiceFarkleWins() {
        var rules = RuleSet.standard
        rules.turn.rerollsScorelessOpeningRoll = true
        let mechanics = ScoringTable(rules: rules).turnMechanics
        #expect(!mechanics.rerollsScorelessOpeningRoll)
        #expect(mechanics.openingRoll(10, farkle: 0, farkleChance: 0.5) == 10)
        #expect(
            ExpectedScoreSolver(rules: rules).expectedTurnScore
                == ExpectedScoreSolver(rules: .standard).expectedTurnScore)
    }

    @Test("loaded dice are solved for no game with the rule: one line says what to change")
    func loadedDiceRefuse() throws {
        let rules = try Fixtures.rules(json: #"{"base": "kcd", "turn": {"six_dice_farkle": "reroll"}}"#)
        let refusal = try #require(DiceSet.refusal(toPlay: rules))
        #expect(refusal.contains("\"six_dice_farkle\": null") && !refusal.contains("\n"))
        #expect(DiceSet.refusal(toPlay: rules, game: false) == nil)
    }
}
