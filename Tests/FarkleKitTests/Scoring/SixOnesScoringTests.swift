import Foundation
import Testing

@testable import FarkleKit

/// Six 1s with a value of their own, as a house rule: read from a rule file and scored by the table (every roll
/// checked against the reference scorer, which scores them on its own: `HouseRuleValidationTests`).
@Suite("Scoring with a value of six 1s of their own")
struct SixOnesScoringTests {
    @Test("six 1s score their own points kept whole; other sixes, and five 1s, keep theirs")
    func keeps() throws {
        let table = ScoringTable(rules: try Fixtures.rules(base: "standard", "combinations", "six_ones", 5000))
        #expect(table.best(for: DiceCounts(faces: [1, 1, 1, 1, 1, 1]))[6] == 5000)
        #expect(table.best(for: DiceCounts(faces: [1, 1, 1, 1, 1, 1]))[5] == 3000)
        #expect(table.best(for: DiceCounts(faces: [4, 4, 4, 4, 4, 4]))[6] == 10_000)
        // Where six 1s would score less than their parts, the parts win: five 1s and a 1, 3100.
        let low = ScoringTable(rules: try Fixtures.rules(base: "standard", "combinations", "six_ones", 1000))
        #expect(low.best(for: DiceCounts(faces: [1, 1, 1, 1, 1, 1]))[6] == 3100)
        // farkleten's sixes grow from the triple; six 1s of 8000 leave six 2s where they were.
        let farkleten = ScoringTable(rules: try Fixtures.rules(base: "farkleten", "combinations", "six_ones", 8000))
        #expect(farkleten.best(for: DiceCounts(faces: [1, 1, 1, 1, 1, 1]))[6] == 8000)
        #expect(
            farkleten.best(for: DiceCounts(faces: [2, 2, 2, 2, 2, 2]))[6]
                == ScoringTable(rules: .farkleten).best(for: DiceCounts(faces: [2, 2, 2, 2, 2, 2]))[6])
    }

    @Test("the key is points or null; jsonText writes it when set and reads back equal; no preset has it")
    func ruleFile() throws {
        try Fixtures.expectCombinationKey("six_ones", base: "kcd", value: 4000, read: \.sixOnes)
        #expect(throws: RuleSetError.self) {
            try Fixtures.rules(json: #"{"combinations": {"six_ones": "instant_win"}}"#)
        }
    }
}
