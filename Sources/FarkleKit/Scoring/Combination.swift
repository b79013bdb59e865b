/// One scoring combination of a rule set: exactly which dice it takes and what it scores.
///
/// `Combination.all(for:)` lists every combination a rule set switches on, one
/// entry per concrete dice pattern (three 4s, full house 2-2-2-5-5, ...), so the
/// scoring table can split a roll by subtracting patterns.
package struct Combination: Hashable, Sendable {
    /// The dice of the combination.
    package let dice: DiceCounts
    /// Its points.
    package let points: Int

    /// Every combination switched on by `rules`, at most one entry per dice pattern (the highest points).
    package static func all(for rules: CombinationPoints) -> [Combination] {
        var best: [DiceCounts: Int] = [:]
        func add(_ counts: [Int: Int], _ points: Int?, _ sixDice: SixDiceCombination? = nil) {
            guard let points = sixDice.map({ rules.points(points, of: $0, dice: counts) }) ?? points else { return }
            var dice = DiceCounts()
            for (face, count) in counts {
                for _ in 0..<count { dice.add(face) }
            }
            best[dice] = max(best[dice] ?? 0, points)
        }
        let faces = DiceCounts.faces
        add([1: 1], rules.singleOne)
        add([5: 1], rules.singleFive)
        for face in faces {
            for count in 3...6 { add([face: count], rules.ofAKind(count, face: face)) }
            for other in faces where other != face {
                add([face: 3, other: 2], rules.fullHouse(tripleFace: face))
                add([face: 4, other: 2], rules.fullMansion)
                if rules.threePairsAlso.contains(.fourAndPair) {
                    add([face: 4, other: 2], rules.threePairs, .threePairs)
                }
                if other > face { add([face: 3, other: 3], rules.twoTriplets, .twoTriplets) }
                for third in faces where third > other && other > face {
                    add([face: 2, other: 2, third: 2], rules.threePairs, .threePairs)
                }
            }
            if rules.threePairsAlso.contains(.sixOfAKind) { add([face: 6], rules.threePairs, .threePairs) }
            if rules.twoTripletsIncludeSixOfAKind { add([face: 6], rules.twoTriplets, .twoTriplets) }
        }
        for lowest in 1...3 {
            add(Dictionary(uniqueKeysWithValues: (lowest..<lowest + 4).map { ($0, 1) }), rules.fourDiceStraight)
        }
        add([1: 1, 2: 1, 3: 1, 4: 1, 5: 1], rules.smallStraight(from: 1))
        add([2: 1, 3: 1, 4: 1, 5: 1, 6: 1], rules.smallStraight(from: 2))
        add([1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1], rules.largeStraight, .largeStraight)
        return best.map { Combination(dice: $0.key, points: $0.value) }.sorted { $0.dice < $1.dice }
    }
}
