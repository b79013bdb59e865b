import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Scoring table against the reference scorer")
struct ScoringValidatorTests {
    /// Every disagreement between the table and the reference on the 923 multisets of 1 to 6 dice, as text.
    private static func differences(table: ScoringTable, reference: ReferenceScorer) -> [String] {
        var found: [String] = []
        for dice in 1...6 {
            for roll in DiceCatalog.shared.multisets[dice] {
                let expected = reference.evaluate(roll.faces)
                let actual = table.keeps(for: roll).map { ReferenceKeep(faces: $0.dice.faces, score: $0.score) }
                if Set(actual) != Set(expected.keeps) || table.best(for: roll) != expected.best {
                    found.append("\(roll): table \(actual) vs reference \(expected.keeps)")
                }
            }
        }
        return found
    }

    @Test("the table equals the reference on every multiset under standard")
    func standardMultisets() {
        let rules = RuleSet.standard
        #expect(Self.differences(table: ScoringTable(rules: rules), reference: ReferenceScorer(rules: rules)) == [])
    }

    @Test(
        "the table equals the reference on every multiset under the fixture rule files",
        arguments: ["house-variant.json", "sparse.json"])
    func fixtureMultisets(file: String) throws {
        let rules = try Fixtures.rules(file)
        #expect(rules != .standard)
        #expect(Self.differences(table: ScoringTable(rules: rules), reference: ReferenceScorer(rules: rules)) == [])
    }

    @Test("the fixture house-variant scores as its file says")
    func houseVariantScores() throws {
        let rules = try Fixtures.rules("house-variant.json")
        let table = ScoringTable(rules: rules)
        func best(_ faces: [Int]) -> Int? { table.highestScoringKeep(for: DiceCounts(faces: faces))?.score }
        #expect(best([1, 1, 1]) == 300)
        #expect(best([3, 3, 3, 3]) == 600)  // linear
        #expect(best([3, 3, 3, 3, 3]) == 1200)  // doubling
        #expect(best([3, 3, 3, 3, 3, 3]) == 2500)  // two triplets (2500) beat doubling (2400) and three pairs (750)
        #expect(best([2, 2, 2, 6, 6]) == 1500)  // flat full house
        // No full mansion: three pairs (also four and a pair) make 750, but the flat full house 2-2-2-6-6 makes 1500.
        #expect(best([2, 2, 2, 2, 6, 6]) == 1500)
        #expect(table.best(for: DiceCounts(faces: [2, 2, 2, 2, 6, 6]))[6] == 750)
        #expect(best([1, 2, 3, 4, 5]) == 150)  // no small straight: 1 + 5
        #expect(best([1, 2, 3, 4, 5, 6]) == 2000)
    }

    @Test("validate checks all 55,986 ordered rolls of standard and finds no disagreement")
    func validateStandard() {
        let validation = ScoringValidator(rules: .standard).validate()
        #expect(validation.rollsChecked == 6 + 36 + 216 + 1296 + 7776 + 46656)
        #expect(validation.byDice.map(\.rollsChecked) == [6, 36, 216, 1296, 7776, 46656])
        #expect(validation.disagreements == 0)
        #expect(validation.firstDisagreements.isEmpty)
        #expect(validation.passed)
    }

    @Test("validate catches a table that is not the reference's: every roll showing a 5 disagrees")
    func validateCatchesDisagreement() {
        var noFives = RuleSet.standard
        noFives.combinations.singleFive = nil
        let validator = ScoringValidator(
            table: ScoringTable(rules: .standard), reference: ReferenceScorer(rules: noFives))
        let validation = validator.validate(reporting: 2)
        // Rolls of n dice showing at least one 5: 6^n - 5^n.
        let expected = (1...6).map { dice in
            (0..<dice).reduce(1) { p, _ in p * 6 } - (0..<dice).reduce(1) { p, _ in p * 5 }
        }
        #expect(validation.byDice.map(\.disagreements) == expected)
        #expect(validation.disagreements == 55_986 - 19_530)
        #expect(!validation.passed)
        #expect(validation.byDice.allSatisfy { $0.firstDisagreements.count == min(2, $0.disagreements) })
        let first = validation.firstDisagreements[0]
        #expect(first.rolled == [5])
        #expect(first.onlyInTable == [ReferenceKeep(faces: [5], score: 50)])
        #expect(first.onlyInReference.isEmpty)
        #expect(
            first.description == "roll 5 (ordered 4, rolled 5): table only 5 = 50; best[k] table [50] vs reference [0]")
    }

    @Test("a disagreement names keeps missing from the table and a wrong multiset lookup")
    func disagreementText() {
        let disagreement = ScoringDisagreement(
            orderedRoll: 0, rolled: [1, 1, 1, 1], tableRoll: [1, 1, 1, 2], onlyInTable: [],
            onlyInReference: [ReferenceKeep(faces: [1, 1, 1, 1], score: 2000)], tableBest: [0, 100, 200, 1000, 0],
            referenceBest: [0, 100, 200, 1000, 2000])
        #expect(disagreement.roll == "1111")
        #expect(
            disagreement.description
                == "roll 1111 (ordered 0, rolled 1 1 1 1): table looked up 1112; reference only 1111 = 2000; "
                + "best[k] table [100, 200, 1000, 0] vs reference [100, 200, 1000, 2000]")
    }
}
