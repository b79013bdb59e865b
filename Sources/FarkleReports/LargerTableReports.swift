import FarkleKit

extension ReportDocument {
    /// `larger-tables.md`: three `ev` players' exact odds, and `win` at tables of 3 to 8 measured against `ev`.
    public static func largerTables(_ section: LargerTableSection) -> ReportDocument {
        var text = "# Three or more players (rules: \(section.rules.name))\n\n"
        if let odds = section.threeExpectedValue {
            var table = MarkdownTable(header: ["Seat", "Chance to win"], alignments: [.left, .right])
            for (seat, chance) in odds.winProbabilities.enumerated() {
                table.append(["\(seat + 1)", NumberText.fixed(chance, 6)])
            }
            table.append(["Tie", NumberText.fixed(odds.tieProbability, 6)])
            text += """
                ## Three `ev` players, exactly

                Every seat plays `ev`; seat 1 starts. Exact odds, no games played (as `farkle-sim evaluate \
                --strategy ev --strategy ev --strategy ev` gives them): every set of three totals with each seat to \
                move, the loop of three farkles solved in closed form.


                """
            text += table.text + "\n"
        }
        var table = MarkdownTable(
            header: [
                "Players", "`win` seat wins", "95% interval", "An `ev` seat wins (all `ev`)", "Edge", "95% interval",
            ])
        for row in section.rows {
            let edge = row.edge
            table.append([
                "\(row.players)", NumberText.percent(row.winShare),
                "\(NumberText.percent(row.winInterval.lowerBound)) to \(NumberText.percent(row.winInterval.upperBound))",
                NumberText.percent(row.evShare), NumberText.fixed(edge.value * 100, 2, alwaysSigned: true) + " pts",
                "\(NumberText.fixed(edge.interval.lowerBound * 100, 2)) to \(NumberText.fixed(edge.interval.upperBound * 100, 2)) pts",
            ])
        }
        text += """
            ## Playing to win at a larger table, measured

            No exact solution of a full race to win exists beyond two players, so `win` at a larger table plays the \
            two-player race solved to win against the leading opponent (the highest other total), and is measured, \
            not asserted. One `win` player sits in each seat in turn with `ev` at every other seat, \
            \(NumberText.grouped(section.games)) simulated games per seating (seed \(section.seed) and on); its \
            average chance to win outright (ties apart) is set beside an `ev` player's when everyone plays `ev` \
            (\(NumberText.grouped(section.games)) games per table size). The edge is the difference, in percentage \
            points.


            """
        text += table.text
        return ReportDocument(
            fileName: "larger-tables.md", title: "Three or more players",
            summary: "Three `ev` players' exact odds, and how much more often `win` wins than `ev` at tables of 3 to 8 "
                + "(simulated, with 95% intervals).",
            contents: text)
    }
}
