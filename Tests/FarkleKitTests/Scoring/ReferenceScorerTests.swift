import Testing

@testable import FarkleKit

@Suite("Reference scorer: one group, by the rule definitions")
struct ReferenceScorerTests {
    private static func scorer(_ change: (inout CombinationPoints) -> Void) -> ReferenceScorer {
        var points = RuleSet.standard.combinations
        change(&points)
        return ReferenceScorer(combinations: points)
    }

    @Test("linear of a kind: four 3s = 600, five 3s = 900, six 3s = 1200")
    func linear() {
        let scorer = Self.scorer {
            $0.fourOfAKind = .linear
            $0.fiveOfAKind = .linear
            $0.sixOfAKind = .linear
        }
        #expect(scorer.points(ofGroup: [3, 3, 3, 3]) == 600)
        #expect(scorer.points(ofGroup: [3, 3, 3, 3, 3]) == 900)
        #expect(scorer.points(ofGroup: [3, 3, 3, 3, 3, 3]) == 1200)
    }

    @Test("doubling of a kind: four 3s = 600, five 3s = 1200, six 3s = 2400")
    func doubling() {
        let scorer = Self.scorer {
            $0.fourOfAKind = .doubling
            $0.fiveOfAKind = .doubling
            $0.sixOfAKind = .doubling
        }
        #expect(scorer.points(ofGroup: [3, 3, 3, 3]) == 600)
        #expect(scorer.points(ofGroup: [3, 3, 3, 3, 3]) == 1200)
        #expect(scorer.points(ofGroup: [3, 3, 3, 3, 3, 3]) == 2400)
    }

    @Test("linear or doubling of a face whose three of a kind is off does not score")
    func multipleOfNothing() {
        let scorer = Self.scorer {
            $0.threeOfAKind[1] = nil
            $0.fourOfAKind = .linear
            $0.fullHouse = .threeOfAKindPlus(250)
        }
        #expect(scorer.points(ofGroup: [2, 2, 2]) == nil)
        #expect(scorer.points(ofGroup: [2, 2, 2, 2]) == nil)
        #expect(scorer.points(ofGroup: [2, 2, 2, 5, 5]) == nil)
        #expect(scorer.points(ofGroup: [5, 5, 5, 2, 2]) == 750)
    }

    @Test("a flat full house scores the same whatever the faces")
    func flatFullHouse() {
        let scorer = Self.scorer { $0.fullHouse = .flat(1500) }
        #expect(scorer.points(ofGroup: [1, 1, 1, 5, 5]) == 1500)
        #expect(scorer.points(ofGroup: [2, 6, 2, 6, 2]) == 1500)
    }

    @Test("three pairs may also take four and a pair, and six of a kind; two triplets may take six of a kind")
    func patterns() {
        let scorer = Self.scorer {
            $0.fullMansion = nil
            $0.sixOfAKind = .off
            $0.threePairs = 1750
            $0.threePairsAlso = [.fourAndPair, .sixOfAKind]
        }
        #expect(scorer.points(ofGroup: [4, 4, 4, 4, 2, 2]) == 1750)
        #expect(scorer.points(ofGroup: [4, 4, 4, 4, 4, 4]) == 1750)
        let triplets = Self.scorer {
            $0.sixOfAKind = .off
            $0.twoTripletsIncludeSixOfAKind = true
        }
        #expect(triplets.points(ofGroup: [4, 4, 4, 4, 4, 4]) == 2500)
        #expect(Self.scorer { $0.sixOfAKind = .off }.points(ofGroup: [4, 4, 4, 4, 4, 4]) == nil)
    }

    @Test("a group that is several combinations scores the highest")
    func highestOfSeveral() {
        let scorer = Self.scorer { $0.threePairsAlso = [.fourAndPair] }
        #expect(scorer.points(ofGroup: [4, 4, 4, 4, 2, 2]) == 2250)
        let cheapMansion = Self.scorer {
            $0.threePairsAlso = [.fourAndPair]
            $0.fullMansion = 1000
        }
        #expect(cheapMansion.points(ofGroup: [4, 4, 4, 4, 2, 2]) == 1500)
    }

    @Test("dice that are no single combination, and switched-off combinations, do not score as a group")
    func nonGroups() {
        let standard = ReferenceScorer(rules: .standard)
        #expect(standard.points(ofGroup: [1, 1]) == nil)
        #expect(standard.points(ofGroup: [1, 5]) == nil)
        #expect(standard.points(ofGroup: [1, 2, 3, 4]) == nil)
        #expect(standard.points(ofGroup: [2, 2, 3, 3]) == nil)
        #expect(Self.scorer { $0.smallStraight = nil }.points(ofGroup: [1, 2, 3, 4, 5]) == nil)
        #expect(Self.scorer { $0.singleFive = nil }.points(ofGroup: [5]) == nil)
    }

    @Test("the best split of all dice, or nil when some die belongs to no combination")
    func bestSplit() {
        let standard = ReferenceScorer(rules: .standard)
        #expect(standard.bestSplit(of: []) == 0)
        #expect(standard.bestSplit(of: [1, 5, 1]) == 250)
        #expect(standard.bestSplit(of: [1, 5, 2]) == nil)
        #expect(standard.bestSplit(of: [1, 1, 1, 1, 5]) == 2050)
    }
}
