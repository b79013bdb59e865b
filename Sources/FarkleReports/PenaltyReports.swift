import FarkleKit

// MARK: - Reports on the three-farkle penalty (the long-run average solver)

extension ReportDocument {
    /// Best play under a three-farkle penalty: the long-run average and each farkle count's turn, as Markdown
    /// and CSV.
    ///
    /// CSV columns: `farkles_in_a_row` (0, 1, 2), `farkle_value` (what a farkle is worth then, in points),
    /// `relative_value` h(k) - h(0), `expected_turn_value`, `farkle_chance`, and `bank_threshold_n` for
    /// n = 1 to 6 dice left (empty where banking is not allowed or never best).
    package static func farklePenalty(_ solver: LongRunAverageSolver, turnAlone: ExpectedScoreSolver)
        -> [ReportDocument]
    {
        let counts = LongRunAverageSolver.farkleCounts
        let dice = 1...DiceCounts.maximumDice
        let turn = solver.table.rules.turn
        var csv = CSVTable(
            header: ["farkles_in_a_row", "farkle_value", "relative_value", "expected_turn_value", "farkle_chance"]
                + dice.map { "bank_threshold_\($0)" })
        var markdown = MarkdownTable(
            header: ["Farkles in a row", "A farkle is worth", "Turn value", "Farkle chance"]
                + dice.map { "Bank, " + NumberText.count($0, "die", plural: "dice") },
            alignments: Array(repeating: .right, count: 4 + dice.count))
        for count in counts {
            let best = solver.turnSolver(farklesInARow: count)
            let thresholds = dice.map { turn.allowsBanking(diceLeft: $0) ? best.bankThreshold(diceLeft: $0) : nil }
            csv.append(
                [
                    "\(count)", NumberText.exact(best.farkleValue), NumberText.exact(solver.relativeValues[count]),
                    NumberText.exact(best.expectedTurnScore), NumberText.exact(best.farkleChance),
                ] + thresholds.map { $0.map(String.init) ?? "" })
            markdown.append(
                [
                    "\(count)", NumberText.significant(best.farkleValue, digits: 5),
                    NumberText.significant(best.expectedTurnScore, digits: 5),
                    NumberText.significant(best.farkleChance, digits: 3),
                ]
                    + dice.map { dice in
                        guard turn.allowsBanking(diceLeft: dice) else { return "-" }
                        return thresholds[dice - 1].map(String.init) ?? "never"
                    })
        }
        let text = """
            # The three-farkle penalty (rules: \(solver.table.rules.name))

            A third farkle in a row costs \(solver.penalty) points. Played for the most points in the long run, \
            penalties included, a turn averages **\(NumberText.significant(solver.longRunAverage, digits: 6))** \
            points, against \(NumberText.significant(turnAlone.expectedTurnScore, digits: 6)) for a turn played \
            as if there were no penalty and counted without it.

            Best play depends on the farkles in a row before the turn. A farkle then is worth what it costs \
            later: the drop in the long-run value from one more farkle in a row, and on the third the penalty. \
            The turn value is the expected banked points plus that worth times the farkle chance; with no \
            farkle in a row it equals the long-run average. Bank with n dice left from the threshold on \
            ("never": rolling stays better, "-": the rules do not allow banking).

            """
        return [
            ReportDocument(
                fileName: "farkle-penalty.md", title: "Three-farkle penalty",
                summary: "The long-run average of points per turn, penalties included, and the bank thresholds "
                    + "with 0, 1 and 2 farkles in a row.",
                contents: text + "\n" + markdown.text),
            ReportDocument(
                fileName: "farkle-penalty.csv", title: "Three-farkle penalty (CSV)",
                summary: "The same figures at full precision, one row per count of farkles in a row; an empty "
                    + "threshold means never bank.",
                contents: csv.text),
        ]
    }
}
