/// Farkle odds and the mean best score of one roll of 1 to the game's number of dice (`TurnRules.dice`), exact.
///
/// For each dice count n the sums run over all `6^n` equally likely ordered
/// rolls in integers; only the final division is floating point. A farkle
/// counts 0 points; the six-dice farkle bonus of an opening roll is not a keep
/// and is not counted here.
package struct ScoringOdds: Hashable, Sendable {
    /// The name of the rule set.
    package let rules: String
    /// One row per dice count, from 1 to the game's number of dice.
    package let rows: [Row]

    /// The odds of one roll under the table's rules.
    package init(table: ScoringTable) {
        let catalog = DiceCatalog.shared
        var rows: [Row] = []
        for dice in 1...table.rules.turn.dice {
            var farkles = 0
            var totalBestScore = 0
            for orderedRoll in 0..<DiceCatalog.orderedRollCounts[dice] {
                let multiset = catalog.multisetIndex(ofOrderedRoll: orderedRoll, dice: dice)
                if let keep = table.highestScoringKeep(dice: dice, multiset: multiset) {
                    totalBestScore += keep.score
                } else {
                    farkles += 1
                }
            }
            rows.append(
                Row(
                    dice: dice, rolls: DiceCatalog.orderedRollCounts[dice], farkles: farkles,
                    totalBestScore: totalBestScore))
        }
        self.rules = table.rules.name
        self.rows = rows
    }

    /// The odds of one roll of a given number of dice.
    package struct Row: Hashable, Sendable {
        /// The number of dice rolled.
        package let dice: Int
        /// The ordered rolls, `6^dice`.
        package let rolls: Int
        /// The ordered rolls that allow no keep.
        package let farkles: Int
        /// The sum over every ordered roll of its best keep's score (0 for a farkle), in points.
        package let totalBestScore: Int

        /// The chance that a roll of `dice` dice is a farkle.
        package var farkleProbability: Double { Double(farkles) / Double(rolls) }
        /// The mean over all ordered rolls of the best keep's score, in points, a farkle counting 0.
        package var meanBestScore: Double { Double(totalBestScore) / Double(rolls) }
    }
}
