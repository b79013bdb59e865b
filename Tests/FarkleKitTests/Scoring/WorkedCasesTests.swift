import Testing

@testable import FarkleKit

/// The worked cases and the combination table of the Rules article, each checked on the table and the reference.
@Suite("The worked cases of the rules, on the table and the reference scorer")
struct WorkedCasesTests {
    static let table = ScoringTable(rules: .standard)
    static let reference = ReferenceScorer(rules: .standard)

    /// The best keep of `faces` on both scorers: its score and the number of dice it uses.
    private func expectBestKeep(_ faces: [Int], scores score: Int, using dice: Int) {
        let roll = DiceCounts(faces: faces)
        let tableKeep = Self.table.highestScoringKeep(for: roll)
        #expect(tableKeep?.score == score, "table, roll \(roll)")
        #expect(tableKeep?.diceUsed == dice, "table, roll \(roll)")
        #expect(Self.table.best(for: roll)[dice] == score, "table best[\(dice)], roll \(roll)")
        let evaluation = Self.reference.evaluate(faces)
        let referenceBest = evaluation.best.max()
        #expect(referenceBest == score, "reference, roll \(roll)")
        #expect(evaluation.best[dice] == score, "reference best[\(dice)], roll \(roll)")
    }

    // MARK: - Worked cases

    @Test("1 1 1 1 is four of a kind, 2000 (not 1000 + 100)")
    func fourOnes() {
        expectBestKeep([1, 1, 1, 1], scores: 2000, using: 4)
    }

    @Test("1 1 1 5 5 is a full house, 1250 (not 1000 + 100)")
    func fullHouseOfOnes() {
        expectBestKeep([1, 5, 1, 5, 1], scores: 1250, using: 5)
    }

    @Test("2 2 2 3 3 3 is two triplets, 2500; five of them, 3 3 3 2 2, make 550")
    func twoTriplets() {
        expectBestKeep([2, 3, 2, 3, 2, 3], scores: 2500, using: 6)
        #expect(Self.table.best(for: DiceCounts(faces: [2, 2, 2, 3, 3, 3]))[5] == 550)
        #expect(Self.reference.evaluate([2, 3, 2, 3, 2, 3]).best[5] == 550)
        #expect(
            Self.reference.evaluate([3, 3, 3, 2, 2]).keeps.last == ReferenceKeep(faces: [2, 2, 3, 3, 3], score: 550))
    }

    @Test("2 2 2 2 3 3 is a full mansion, 2250")
    func fullMansion() {
        expectBestKeep([3, 2, 2, 3, 2, 2], scores: 2250, using: 6)
    }

    @Test("5 5 5 5 5 1 is five of a kind and a single 1, 3100")
    func fiveFivesAndOne() {
        expectBestKeep([5, 5, 1, 5, 5, 5], scores: 3100, using: 6)
    }

    @Test("1 2 3 4 5 5 is a small straight and a single 5, 1550, all six dice")
    func smallStraightAndFive() {
        expectBestKeep([5, 4, 3, 2, 1, 5], scores: 1550, using: 6)
    }

    @Test("1 2 3 4 5 6 scores 1600 (straight 2-6 + single 1), more than the large straight's 1500")
    func largeStraightLoses() {
        expectBestKeep([6, 5, 4, 3, 2, 1], scores: 1600, using: 6)
        #expect(Self.reference.points(ofGroup: [1, 2, 3, 4, 5, 6]) == 1500)
    }

    @Test("2 3 3 4 6 6 allows no keep: a farkle")
    func farkle() {
        let roll = DiceCounts(faces: [2, 3, 3, 4, 6, 6])
        #expect(Self.table.isFarkle(roll))
        #expect(Self.table.best(for: roll) == [0, 0, 0, 0, 0, 0, 0])
        #expect(Self.reference.evaluate([6, 3, 2, 6, 4, 3]).isFarkle)
        #expect(Self.reference.evaluate([6, 3, 2, 6, 4, 3]).best == [0, 0, 0, 0, 0, 0, 0])
    }

    // MARK: - The combinations table

    @Test("a single 1 scores 100 and a single 5 scores 50; other single dice do not score")
    func singles() {
        expectBestKeep([1], scores: 100, using: 1)
        expectBestKeep([5], scores: 50, using: 1)
        for face in [2, 3, 4, 6] {
            #expect(Self.table.isFarkle(DiceCounts(faces: [face])))
            #expect(Self.reference.evaluate([face]).isFarkle)
        }
    }

    @Test("three of a kind scores 100 x face, three 1s 1000")
    func threeOfAKind() {
        expectBestKeep([1, 1, 1], scores: 1000, using: 3)
        for face in [2, 3, 4, 6] { expectBestKeep([face, face, face], scores: 100 * face, using: 3) }
        expectBestKeep([5, 5, 5], scores: 500, using: 3)
    }

    @Test("four, five and six of a kind score 2000, 3000 and 10000 for any face")
    func manyOfAKind() {
        for face in 2...6 {
            expectBestKeep(Array(repeating: face, count: 4), scores: 2000, using: 4)
            expectBestKeep(Array(repeating: face, count: 5), scores: 3000, using: 5)
            expectBestKeep(Array(repeating: face, count: 6), scores: 10_000, using: 6)
        }
    }

    @Test("six 1s score as six of a kind, 10000 (the instant win belongs to the game)")
    func sixOnes() {
        expectBestKeep([1, 1, 1, 1, 1, 1], scores: 10_000, using: 6)
    }

    @Test("a full house scores the three of a kind + 250: 4 4 4 2 2 = 650")
    func fullHouse() {
        expectBestKeep([4, 2, 4, 2, 4], scores: 650, using: 5)
    }

    @Test("three pairs score 1500")
    func threePairs() {
        expectBestKeep([2, 3, 4, 2, 3, 4], scores: 1500, using: 6)
    }

    @Test("four of a kind and a pair of the same face is not three pairs in standard, but a full mansion")
    func fourAndPairIsMansion() {
        #expect(Self.reference.points(ofGroup: [6, 6, 6, 6, 3, 3]) == 2250)
    }

    @Test("both small straights, 1-2-3-4-5 and 2-3-4-5-6, score 1500")
    func smallStraights() {
        expectBestKeep([2, 3, 4, 5, 6], scores: 1500, using: 5)
        expectBestKeep([1, 2, 3, 4, 5], scores: 1500, using: 5)
    }

    @Test("a keep must split entirely: 1 1 2 has keeps 1 and 1 1 only")
    func keepsSplitEntirely() {
        let keeps = Self.table.keeps(for: DiceCounts(faces: [1, 1, 2])).map(\.description)
        #expect(keeps == ["1 = 100", "11 = 200"])
        #expect(Self.reference.evaluate([1, 2, 1]).keeps.map(\.description) == ["1 = 100", "11 = 200"])
    }
}
