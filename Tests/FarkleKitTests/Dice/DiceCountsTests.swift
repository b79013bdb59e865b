import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Packed dice counts")
struct DiceCountsTests {
    @Test("faces round-trip through the packed counts, sorted")
    func roundTrip() {
        let dice = DiceCounts(faces: [5, 1, 3, 1, 5, 2])
        #expect(dice.faces == [1, 1, 2, 3, 5, 5])
        #expect(dice.count == 6)
        #expect(dice[1] == 2 && dice[4] == 0 && dice[5] == 2)
        #expect(dice.description == "112355")
    }

    @Test("contains is the sub-multiset test, for every pair of multisets up to six dice")
    func containsMatchesCounts() {
        let all = DiceCatalog.shared.multisets.flatMap { $0 }
        for big in all {
            for small in all {
                let expected = DiceCounts.faces.allSatisfy { small[$0] <= big[$0] }
                #expect(big.contains(small) == expected)
                if expected {
                    let rest = big - small
                    #expect(rest.count == big.count - small.count)
                    #expect(rest + small == big)
                }
            }
        }
    }

    @Test("the catalog holds C(n+5, 5) multisets of n dice")
    func catalogSizes() {
        #expect((0...6).map { DiceCatalog.shared.multisetCount(dice: $0) } == [1, 6, 21, 56, 126, 252, 462])
    }

    @Test("every ordered roll maps to the multiset of its faces, and the weights add up to 6^n")
    func orderedRolls() {
        let catalog = DiceCatalog.shared
        for dice in 1...6 {
            var weights = [Int](repeating: 0, count: catalog.multisetCount(dice: dice))
            for ordered in 0..<DiceCatalog.orderedRollCounts[dice] {
                let faces = DiceCatalog.faces(ofOrderedRoll: ordered, dice: dice)
                let index = catalog.multisetIndex(ofOrderedRoll: ordered, dice: dice)
                #expect(catalog.multisets[dice][index].faces == faces.sorted())
                weights[index] += 1
            }
            for (index, roll) in catalog.multisets[dice].enumerated() {
                #expect(weights[index] == DiceCatalog.orderedRollCount(of: roll))
            }
        }
    }
}
