import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// The scoring table under a hot-dice bonus (every roll checked against the reference scorer, which adds the bonus
/// on its own: `HouseRuleValidationTests`).
@Suite("Scoring with a hot-dice bonus")
struct HotDiceBonusScoringTests {
    @Test("1 5 rolled on two dice: keeping both is hot dice, 150 + 1000; keeping the 1 alone stays 100")
    func keepsOfARoll() throws {
        let table = ScoringTable(rules: try Fixtures.rules(base: "standard", "turn", "hot_dice_bonus", 1000))
        let keeps = Dictionary(
            uniqueKeysWithValues: table.keeps(for: DiceCounts(faces: [1, 5])).map { ($0.dice.faces, $0.score) })
        #expect(keeps == [[1]: 100, [5]: 50, [1, 5]: 1150])
        #expect(table.best(for: DiceCounts(faces: [1, 5])) == [0, 100, 1150])
        // Three 2s and a 5 of four dice: all four kept, 250 + 1000; three 2s alone, 200.
        #expect(table.best(for: DiceCounts(faces: [2, 2, 2, 5])) == [0, 50, 0, 200, 1250])
    }

    @Test("points(of:) is what the dice score by their combinations, without the bonus")
    func pointsOfDice() throws {
        let table = ScoringTable(rules: try Fixtures.rules(base: "standard", "turn", "hot_dice_bonus", 1000))
        #expect(table.points(of: DiceCounts(faces: [1, 5])) == 150)
        #expect(table.points(of: DiceCounts(faces: [2, 2, 2])) == 200)
        #expect(table.points(of: DiceCounts(faces: [1, 2])) == nil)
        #expect(table.points(of: DiceCounts()) == nil)
    }

    @Test("loaded dice: every state's farkle chance and mean best keep agree with a die-by-die enumeration")
    func loadedDice() throws {
        let rules = try Fixtures.rules(base: "kcd", "turn", "hot_dice_bonus", 1000)
        let outcomes = DiceSetOutcomes(
            table: ScoringTable(rules: rules), set: try DiceSet(parsing: "heavenly-kingdom:2,odd:1"))
        let checks = LoadedScoringValidator(outcomes: outcomes).validate()
        #expect(checks.count == 3 * 2 * 4 - 1)
        for check in checks { #expect(check.passed, "\(check.dice): \(check)") }
    }
}
