import FarkleKit

// MARK: - Reports on expected-score optimal play (the turn solver)

extension ReportDocument {
    /// How the reports word a turn's expected points: it "banks" them, or where a scoreless opening roll costs
    /// points it "is worth" them, with the cost in a clause (", a scoreless opening roll as -500").
    static func turnWorth(_ solver: ExpectedScoreSolver) -> (verb: String, cost: String) {
        let cost = solver.table.turnMechanics.openingFarkleCost
        return cost == 0 ? ("banks", "") : ("is worth", ", a scoreless opening roll as -\(NumberText.grouped(cost))")
    }

    /// The turn points the policy reports and charts cover: past every bank threshold, at least 2,000.
    static func policyRange(_ solver: ExpectedScoreSolver) -> Int {
        let highest = (1...solver.table.rules.turn.dice).compactMap { solver.bankThreshold(diceLeft: $0) }.max() ?? 0
        let rounded = (highest * 2 + 499) / 500 * 500
        return max(2000, rounded)
    }

    /// The bank thresholds for 1 to 6 dice left, as Markdown and CSV.
    ///
    /// Columns: `dice_left`, `banking_allowed`, `bank_threshold` (empty where banking is never best
    /// or not allowed), `also_bank_below` (ranges below the threshold where banking is best too).
    public static func bankThresholds(_ solver: ExpectedScoreSolver) -> [ReportDocument] {
        let header = ["dice_left", "banking_allowed", "bank_threshold", "also_bank_below"]
        var csv = CSVTable(header: header)
        var markdown = MarkdownTable(
            header: ["Dice left", "Banking allowed", "Bank from", "Also bank at"],
            alignments: [.right, .left, .right, .left])
        let turn = solver.table.rules.turn
        for dice in 1...solver.table.rules.turn.dice {
            let allowed = turn.allowsBanking(diceLeft: dice)
            let threshold = allowed ? solver.bankThreshold(diceLeft: dice) : nil
            let ranges = solver.bankRangesBelowThreshold(diceLeft: dice).map { range in
                range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
            }
            csv.append([
                "\(dice)", allowed ? "yes" : "no", threshold.map(String.init) ?? "", ranges.joined(separator: " "),
            ])
            markdown.append([
                "\(dice)", allowed ? "yes" : "no", threshold.map { "\($0) points" } ?? "-",
                ranges.isEmpty ? "-" : ranges.joined(separator: ", "),
            ])
        }
        let rulesName = solver.table.rules.name
        let text = """
            # When to bank (rules: \(rulesName))

            Under expected-score optimal play a player with the dice left in the first column banks once the turn \
            points reach the threshold, and rolls below it (except at the points in the last column). A turn under \
            this policy \(turnWorth(solver).verb) \(NumberText.significant(solver.expectedTurnScore, digits: 6)) \
            points on average, counting farkles as 0\(turnWorth(solver).cost).

            """
        return [
            ReportDocument(
                fileName: "bank-thresholds.md", title: "Bank thresholds",
                summary: "For 1 to \(solver.table.rules.turn.dice) dice left, the turn points from which banking beats "
                    + "rolling; below them, roll.",
                contents: text + "\n" + markdown.text + takingOver(solver)),
            ReportDocument(
                fileName: "bank-thresholds.csv", title: "Bank thresholds (CSV)",
                summary: "The same thresholds, one row per count of dice left; an empty threshold means never bank.",
                contents: csv.text),
        ]
    }

    /// Under piggybacking, from how many banked points taking a bank over beats a fresh turn, by the dice it leaves,
    /// as a Markdown section; nothing without the rule.
    package static func takingOver(_ solver: ExpectedScoreSolver) -> String {
        let rules = solver.table.rules
        guard let piggyback = rules.game.piggyback else { return "" }
        // Under an entry minimum a player not yet on the board weighs an offer against their own fresh turn, which
        // banks only from the minimum (and where inherited points do not enter, the offer's turn too).
        let entering = ExpectedScoreSolver.notYetOnTheBoard(solver.table)
        var markdown = MarkdownTable(
            header: ["Dice left", "Take over a bank from"] + (entering == nil ? [] : ["Not yet on the board"]),
            alignments: [.right, .right] + (entering == nil ? [] : [.right]))
        for dice in piggyback.leastDiceLeft...rules.turn.dice {
            let cells = ([solver] + (entering.map { [$0] } ?? [])).map { turn in
                turn.leastBankToTakeOver(diceLeft: dice).map { "\($0) points" } ?? "never"
            }
            markdown.append(["\(dice)"] + cells)
        }
        let bonus = piggyback.bonus > 0 ? ", with \(piggyback.bonus) points more once its first roll scores" : ""
        let entry =
            entering == nil
            ? ""
            : " A player not yet on the board weighs an offer against a fresh turn that banks only from the entry "
                + "minimum of \(rules.game.entryMinimum)"
                + (piggyback.inheritedPointsEnter
                    ? ", the inherited points counting toward it."
                    : ", and banks a turn taken over only from the entry minimum on top of the inherited points.")
        return """

            ## Taking over a bank (piggybacking)

            The next player may take over a turn banked with \(NumberText.count(piggyback.leastDiceLeft, "die", plural: "dice")) \
            or more left\(bonus): rolling those dice on from the bank has the higher expected points than a fresh turn \
            once the bank reaches the points below (the bank as its player scores it). The thresholds above are of a \
            turn that starts fresh.\(entry)

            """ + "\n" + markdown.text
    }

    /// The optimal policy for every turn points up to `policyRange` and dice left, as Markdown and CSV.
    ///
    /// CSV columns: `turn_points`, `dice_left`, `decision` (bank, roll, must roll), `value` V(t, n),
    /// `roll_value` R(t, n), both in expected points banked.
    public static func optimalPolicy(_ solver: ExpectedScoreSolver) -> [ReportDocument] {
        let step = solver.table.scoreStep
        let range = policyRange(solver)
        var csv = CSVTable(header: ["turn_points", "dice_left", "decision", "value", "roll_value"])
        var markdown = MarkdownTable(
            header: ["Turn points"]
                + (1...solver.table.rules.turn.dice).map { NumberText.count($0, "die", plural: "dice") },
            alignments: Array(repeating: .right, count: solver.table.rules.turn.dice + 1))
        for points in stride(from: 0, through: range, by: step) {
            var cells = ["\(points)"]
            for dice in 1...solver.table.rules.turn.dice {
                let decision = solver.decision(turnPoints: points, diceLeft: dice)
                let value = solver.value(turnPoints: points, diceLeft: dice)
                let rollValue = solver.rollValue(turnPoints: points, diceLeft: dice)
                csv.append([
                    "\(points)", "\(dice)", decision.rawValue, NumberText.exact(value), NumberText.exact(rollValue),
                ])
                let mark = decision == .bank ? "**bank**" : decision == .roll ? "roll" : ""
                cells.append("\(Int(value.rounded())) \(mark)".trimmingCharacters(in: .whitespaces))
            }
            markdown.append(cells)
        }
        let text = """
            # Optimal policy (rules: \(solver.table.rules.name))

            Each cell is V(t, n), the expected points the turn will bank from turn points t (row) with n dice to roll \
            (column) under best play, rounded; **bank** or roll marks the choice where the rules allow banking. \
            Cells with no mark must roll. The CSV has the exact values and R(t, n), the value of rolling.

            """
        return [
            ReportDocument(
                fileName: "optimal-policy.md", title: "Optimal policy",
                summary: "Rows are turn points, columns dice left; each cell is the expected points still to bank "
                    + "and whether to bank or roll there.",
                contents: text + "\n" + markdown.text),
            ReportDocument(
                fileName: "optimal-policy.csv", title: "Optimal policy (CSV)",
                summary: "One row per (turn points, dice left) with the decision, V(t, n) and R(t, n) "
                    + "at full precision.",
                contents: csv.text),
        ]
    }

    /// The bank/roll map as an SVG heat map: turn points across, dice left down, colored by decision.
    public static func bankMapChart(_ solver: ExpectedScoreSolver) -> ReportDocument {
        let step = solver.table.scoreStep
        let range = policyRange(solver)
        let names: [BankDecision] = [.bank, .roll, .mustRoll]
        let rows = Array((1...solver.table.rules.turn.dice).reversed())
        let cells = rows.map { dice in
            stride(from: 0, to: range, by: step).map { points in
                names.firstIndex(of: solver.decision(turnPoints: points, diceLeft: dice)) ?? 2
            }
        }
        let chart = HeatMap(
            title: "Bank or roll? Optimal decision (rules: \(solver.table.rules.name))",
            xAxis: ChartAxis(title: "Turn points t", unit: "points"), rowAxisTitle: "Dice left to roll n (dice)",
            rowLabels: rows.map { "\($0)" }, xStart: 0, xStep: Double(step), cells: cells,
            categories: [
                .init(name: "bank", color: "#009E73"), .init(name: "roll", color: "#E69F00"),
                .init(name: "must roll (rules)", color: "#d0d0d0"),
            ])
        return ReportDocument(
            fileName: "bank-map.svg", title: "Bank/roll map (chart)",
            summary: "Find your turn points on the horizontal axis and your dice left on the vertical one: "
                + "green means bank, orange roll, grey the rules make you roll.",
            contents: chart.svg)
    }

    /// V(t, n) against t, one line per dice count, as an SVG line chart.
    public static func valueChart(_ solver: ExpectedScoreSolver) -> ReportDocument {
        let step = solver.table.scoreStep
        let range = policyRange(solver)
        let series = (1...solver.table.rules.turn.dice).map { dice in
            LineChart.Series(
                name: NumberText.count(dice, "die", plural: "dice"),
                points: stride(from: 0, through: range, by: step).map { points in
                    LineChart.Point(x: Double(points), y: solver.value(turnPoints: points, diceLeft: dice))
                })
        }
        let chart = LineChart(
            title: "Expected points banked from here, V(t, n) (rules: \(solver.table.rules.name))",
            xAxis: ChartAxis(title: "Turn points t", unit: "points"),
            yAxis: ChartAxis(title: "Expected points banked V(t, n)", unit: "points", lowerBound: 0),
            series: series)
        return ReportDocument(
            fileName: "turn-values.svg", title: "V(t, n) (chart)",
            summary: "Each line is a count of dice to roll; its height at t is what the turn is worth under best "
                + "play, and the 1- and 2-dice lines run along V = t where banking takes over.",
            contents: chart.svg)
    }

    /// The distribution of banked points per turn as a CSV and an SVG histogram.
    package static func bankedPoints(_ distribution: BankedPointsDistribution, rules: RuleSet) -> [ReportDocument] {
        let csv = distribution.cumulativeTable(pointsHeader: "points")
        let width = distribution.scoreStep * 2
        let bins = distribution.histogramBins(width: width, upToQuantile: 0.99)
        let chart = Histogram(
            title: "Points banked per turn under optimal play (rules: \(rules.name))",
            xAxis: ChartAxis(title: "Points banked in one turn", unit: "points"),
            yAxis: ChartAxis(title: "Share of turns", unit: "%", format: .percent(decimals: 0)),
            bins: bins,
            seriesName: "ev strategy, \(width)-point bins; "
                + (distribution.lowestPoints < 0
                    ? "the bars at 0 and below are farkled turns (a scoreless opening roll costs points)"
                    : "the bar at 0 is farkled turns"))
        return [
            ReportDocument(
                fileName: "banked-points.csv", title: "Banked points per turn (CSV)",
                summary: "The exact probability that an optimal turn banks each number of points, with the "
                    + "running total; the 0 row is the chance of a farkle"
                    + (distribution.lowestPoints < 0
                        ? ", the row below it that of a scoreless opening roll, which costs points." : "."),
                contents: csv.text),
            ReportDocument(
                fileName: "banked-points.svg", title: "Banked points per turn (chart)",
                summary: "How often a turn played by the ev strategy banks each amount, in \(width)-point bins, "
                    + "up to the 99th percentile.",
                contents: chart.svg),
        ]
    }
}
