/// Every roll of 1 to 6 dice as the engine sees it: its multiset, its chance, and whether it is a
/// farkle or a six of a kind that wins or loses at once.
struct RollList: Sendable {
    /// One multiset of n dice.
    struct Outcome: Sendable {
        let multiset: Int
        let probability: Double
        let isFarkle: Bool
        let isInstantWin: Bool
        let isInstantLoss: Bool
    }

    /// `outcomes[n]`: every multiset of n dice (index 0 empty).
    let outcomes: [[Outcome]]

    /// The rolls under the rules of `table`.
    init(table: ScoringTable) {
        let catalog = DiceCatalog.shared
        let maximum = DiceCounts.maximumDice
        outcomes = (0...maximum).map { dice in
            guard dice > 0 else { return [] }
            return catalog.multisets[dice].enumerated().map { multiset, roll in
                // A roll that ends the game is no farkle, even where its six of a kind scores nothing.
                let game = table.rules.game
                return Outcome(
                    multiset: multiset,
                    probability: Double(DiceCatalog.orderedRollCount(of: roll))
                        / Double(DiceCatalog.orderedRollCounts[dice]),
                    isFarkle: !game.endsAtOnce(roll) && table.keeps(dice: dice, multiset: multiset).isEmpty,
                    isInstantWin: game.winsAtOnce(roll), isInstantLoss: game.losesAtOnce(roll))
            }
        }
    }
}
