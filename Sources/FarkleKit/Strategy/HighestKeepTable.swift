/// The highest-scoring keep of every roll, in one flat array a hot loop reads without lookups elsewhere.
///
/// Built from `ScoringTable.highestScoringKeep(dice:multiset:)`; a farkle has a
/// keep of no dice scoring 0 (the engine never asks a strategy about a farkle).
@usableFromInline
internal struct HighestKeepTable: Sendable {
    /// The first position of each dice count's rolls in `keeps`.
    @usableFromInline
    internal let offsets: [Int]

    @usableFromInline
    internal let keeps: [Keep]

    internal init(table: ScoringTable) {
        let catalog = DiceCatalog.shared
        var offsets: [Int] = []
        var keeps: [Keep] = []
        for dice in 0...DiceCounts.maximumDice {
            offsets.append(keeps.count)
            for multiset in 0..<catalog.multisetCount(dice: dice) {
                keeps.append(
                    table.highestScoringKeep(dice: dice, multiset: multiset) ?? Keep(dice: DiceCounts(), score: 0))
            }
        }
        self.offsets = offsets
        self.keeps = keeps
    }

    /// The highest-scoring keep of multiset `multiset` of `dice` dice.
    @inlinable
    internal func keep(dice: Int, multiset: Int) -> Keep {
        keeps[offsets[dice] + multiset]
    }
}
