import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// Four-dice straights as a house rule: read from a rule file and scored by the table (every roll checked against
/// the reference scorer, which scores them on its own: `HouseRuleValidationTests`).
@Suite("Scoring with four-dice straights")
struct FourDiceStraightScoringTests {
    @Test("1-2-3-4, 2-3-4-5 and 3-4-5-6 score 500 kept whole; with a 5 or a 1 beside them they score it too")
    func keeps() throws {
        let table = ScoringTable(rules: try Fixtures.rules(base: "standard", "combinations", "four_dice_straight", 500))
        #expect(table.best(for: DiceCounts(faces: [1, 2, 3, 4])) == [0, 100, 0, 0, 500])
        #expect(table.best(for: DiceCounts(faces: [2, 3, 4, 5])) == [0, 50, 0, 0, 500])
        // 3-4-5-6 with 2 2: four dice 500; five of them are the small straight 2-3-4-5-6, 1500.
        #expect(table.best(for: DiceCounts(faces: [3, 4, 5, 6, 2, 2])) == [0, 50, 0, 0, 500, 1500, 0])
        // 3-4-5-6 and a 1: 600 with five dice; 1-2-3-4-5 stays the small straight's 1500.
        #expect(table.best(for: DiceCounts(faces: [3, 4, 5, 6, 1]))[5] == 600)
        #expect(table.best(for: DiceCounts(faces: [1, 2, 3, 4, 5]))[5] == 1500)
        #expect(ScoringTable(rules: .standard).best(for: DiceCounts(faces: [2, 3, 4, 6]))[4] == 0)
    }

    @Test("the key is points or null; jsonText writes it when set and reads back equal; no preset has it")
    func ruleFile() throws {
        try Fixtures.expectCombinationKey("four_dice_straight", base: "kcd", value: 300, read: \.fourDiceStraight)
    }
}

/// Every roll of 1 to 6 dice under each house rule, on bases of every kind, against the reference scorer.
@Suite("House rules against the reference scorer")
struct HouseRuleValidationTests {
    @Test(
        "every one of the 55,986 ordered rolls agrees with the reference scorer",
        arguments: [
            #"{"base": "standard", "turn": {"hot_dice_bonus": 1000}}"#,
            #"{"base": "farkleten", "turn": {"hot_dice_bonus": 500}}"#,
            #"{"base": "zilch", "turn": {"hot_dice_bonus": 25}}"#,
            #"{"base": "kcd", "turn": {"hot_dice_bonus": 300}}"#,
            #"{"base": "standard", "combinations": {"four_dice_straight": 500}}"#,
            #"{"base": "farkleten", "combinations": {"four_dice_straight": 250}}"#,
            #"{"base": "kcd", "combinations": {"four_dice_straight": 300}}"#,
            #"{"base": "zilch", "combinations": {"four_dice_straight": 1000}, "turn": {"hot_dice_bonus": 500}}"#,
            #"{"base": "standard", "combinations": {"six_ones": 5000}}"#,
            #"{"base": "standard", "combinations": {"small_straight_2_to_6": "off"}}"#,
            #"{"base": "kcd", "combinations": {"small_straight_2_to_6": "off", "four_dice_straight": 250}}"#,
            #"{"base": "farkleten", "combinations": {"six_ones": 8000}}"#,
            #"{"base": "kcd", "combinations": {"six_ones": 1000}}"#,
            #"{"base": "zilch", "combinations": {"six_ones": 20000}, "turn": {"hot_dice_bonus": 500}}"#,
        ])
    func validates(text: String) throws {
        let validation = ScoringValidator(rules: try Fixtures.rules(json: text)).validate()
        #expect(validation.rollsChecked == 55_986)
        #expect(validation.disagreements == 0)
    }
}
