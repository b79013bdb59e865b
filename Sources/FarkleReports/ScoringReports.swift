@_spi(Kernels) import FarkleKit

// MARK: - Rows shared by the reports and the command line

extension ScoringTable {
    /// The columns of `bestScoreRows`: `roll`, `best_1` ... `best_6`.
    public static let bestScoreColumns = ["roll"] + (1...DiceCounts.maximumDice).map { "best_\($0)" }

    /// One row of text per distinct roll of 1 to the game's dice (`TurnRules.dice`), fewest dice first: the sorted faces (`112355`),
    /// then `best[k]` for k = 1...6 (0 where no keep of k dice exists, empty where k exceeds the dice rolled).
    public var bestScoreRows: [[String]] {
        var rows: [[String]] = []
        for dice in 1...rules.turn.dice {
            for (index, roll) in DiceCatalog.shared.multisets[dice].enumerated() {
                let best = (1...DiceCounts.maximumDice).map { keeping in
                    keeping > dice ? "" : "\(bestScore(dice: dice, multiset: index, keeping: keeping))"
                }
                rows.append(["\(roll)"] + best)
            }
        }
        return rows
    }
}

extension ScoringOdds {
    /// The columns of `textRows`: `dice,rolls,farkles,p_farkle,mean_max_score`.
    package static let columns = ["dice", "rolls", "farkles", "p_farkle", "mean_max_score"]

    /// One row of text per dice count, probabilities and means written by `number`.
    ///
    /// - Parameter number: `NumberText.exact` for CSV and JSON; Markdown rounds (12 significant digits by default).
    package func textRows(number: (Double) -> String = { NumberText.significant($0) }) -> [[String]] {
        rows.map { row in
            ["\(row.dice)", "\(row.rolls)", "\(row.farkles)", number(row.farkleProbability), number(row.meanBestScore)]
        }
    }
}

// MARK: - Reports on the scoring of single rolls

extension ReportDocument {
    /// The full scoring table as CSV: for every distinct roll of 1 to the game's dice, the best score of a keep of k
    /// dice.
    ///
    /// Columns: `roll` (sorted faces), `best_1` ... `best_6` (0 where no keep of k dice
    /// exists, empty where k exceeds the dice rolled), as `farkle-sim table --format csv`.
    public static func scoringTable(_ table: ScoringTable) -> ReportDocument {
        var csv = CSVTable(header: ScoringTable.bestScoreColumns)
        for row in table.bestScoreRows { csv.append(row) }
        return ReportDocument(
            fileName: "scoring-table.csv", title: "Scoring table (CSV)",
            summary:
                "One row per distinct roll of 1 to \(table.rules.turn.dice) dice (\(table.bestScoreRows.count) rows); "
                + "`best_k` is the highest score of a keep "
                + "of exactly k dice, 0 if there is none, so a row of zeros is a farkle.",
            contents: csv.text)
    }

    /// The odds of one roll of 1 to the game's number of dice, as Markdown and CSV.
    ///
    /// Columns: `dice`, `rolls` (6^n), `farkles`, `p_farkle`, `mean_max_score` (the best keep's
    /// score averaged over all rolls, a farkle counting 0), as `farkle-sim odds`.
    package static func scoringOdds(_ odds: ScoringOdds) -> [ReportDocument] {
        var csv = CSVTable(header: ScoringOdds.columns)
        var markdown = MarkdownTable(header: ScoringOdds.columns)
        for cells in odds.textRows(number: NumberText.exact) { csv.append(cells) }
        for cells in odds.textRows() { markdown.append(cells) }
        let text = """
            # Odds of one roll (rules: \(odds.rules))

            Exact, over all 6^n equally likely ordered rolls of n dice. `p_farkle` is the chance that the roll \
            allows no keep; `mean_max_score` the score of the highest-scoring keep, averaged over all rolls with a \
            farkle counting 0 (the opening roll's six-dice farkle bonus is not included).


            """
        return [
            ReportDocument(
                fileName: "scoring-odds.md", title: "Scoring odds",
                summary: "For 1 to \(odds.rows.count) dice, the chance that one roll farkles and the average score of "
                    + "its best keep.",
                contents: text + markdown.text),
            ReportDocument(
                fileName: "scoring-odds.csv", title: "Scoring odds (CSV)",
                summary: "The same odds with exact counts, probabilities at full precision.",
                contents: csv.text),
        ]
    }

    /// The validation of the scoring table against the brute-force reference scorer, as Markdown.
    package static func validationSummary(_ validation: ScoringValidation) -> ReportDocument {
        var table = MarkdownTable(header: ["dice", "rolls checked", "disagreements"])
        for summary in validation.byDice {
            table.append(["\(summary.dice)", "\(summary.rollsChecked)", "\(summary.disagreements)"])
        }
        table.append(["all", "\(validation.rollsChecked)", "\(validation.disagreements)"])
        var text = """
            # Scoring table vs reference scorer (rules: \(validation.rules))

            Every ordered roll of 1 to 6 dice was scored twice: looked up in the precomputed table the simulator \
            uses, and scored as rolled by a separate brute-force scorer that tries every split into combinations. \
            Both must list the same keeps with the same scores.


            """
        text += table.text + "\n"
        if validation.passed {
            text += "All \(validation.rollsChecked) rolls agree.\n"
        } else {
            text += "\(validation.disagreements) of \(validation.rollsChecked) rolls disagree. First disagreements:\n\n"
            for disagreement in validation.firstDisagreements { text += "- \(disagreement)\n" }
        }
        return ReportDocument(
            fileName: "validation.md", title: "Validation",
            summary: validation.passed
                ? "All \(validation.rollsChecked) ordered rolls score the same in the table and the brute-force "
                    + "reference: the numbers above rest on a checked table."
                : "The table and the reference disagree on \(validation.disagreements) rolls; listed there.",
            contents: text)
    }
}
