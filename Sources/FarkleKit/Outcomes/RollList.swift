/// Every roll of 1 to 6 dice as the engine sees it: its multiset, its chance, and whether it is a
/// farkle or the six 1s that win at once.
struct RollList: Sendable {
    /// One multiset of n dice.
    struct Outcome: Sendable {
        let multiset: Int
        let probability: Double
        let isFarkle: Bool
        let isInstantWin: Bool
    }

    /// `outcomes[n]`: every multiset of n dice (index 0 empty).
    let outcomes: [[Outcome]]

    /// The rolls under the rules of `table`.
    init(table: ScoringTable) {
        let catalog = DiceCatalog.shared
        let maximum = DiceCounts.maximumDice
        let sixOnes = catalog.index(of: DiceCounts(faces: repeatElement(1, count: maximum)))
        outcomes = (0...maximum).map { dice in
            guard dice > 0 else { return [] }
            return catalog.multisets[dice].enumerated().map { multiset, roll in
                Outcome(
                    multiset: multiset,
                    probability: Double(DiceCatalog.orderedRollCount(of: roll))
                        / Double(DiceCatalog.orderedRollCounts[dice]),
                    isFarkle: table.keeps(dice: dice, multiset: multiset).isEmpty,
                    isInstantWin: table.rules.game.sixOnesWin && dice == maximum && multiset == sixOnes)
            }
        }
    }
}
