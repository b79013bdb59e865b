// MARK: - Reports on the scoring of single rolls

extension ReportDocument {
    /// The full scoring table as CSV: for every distinct roll of 1 to 6 dice, the best score of a keep of k dice.
    ///
    /// Columns: `roll` (sorted faces), `best_1` ... `best_6` (0 where no keep of k dice
    /// exists, empty where k exceeds the dice rolled), as `farkle-sim table --format csv`.
    public static func scoringTable(_ table: ScoringTable) -> ReportDocument {
        let header = ["roll"] + (1...DiceCounts.maximumDice).map { "best_\($0)" }
        var lines = [header.joined(separator: ",")]
        for dice in 1...DiceCounts.maximumDice {
            for (index, roll) in DiceCatalog.shared.multisets[dice].enumerated() {
                let best = (1...DiceCounts.maximumDice).map { keeping in
                    keeping > dice ? "" : "\(table.bestScore(dice: dice, multiset: index, keeping: keeping))"
                }
                lines.append((["\(roll)"] + best).joined(separator: ","))
            }
        }
        return ReportDocument(
            fileName: "scoring-table.csv", title: "Scoring table (CSV)",
            summary: "One row per distinct roll of 1 to 6 dice (923 rows); `best_k` is the highest score of a keep "
                + "of exactly k dice, 0 if there is none, so a row of zeros is a farkle.",
            contents: lines.joined(separator: "\n") + "\n")
    }
}
