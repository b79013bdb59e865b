import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim solve`: Solves the expected-score optimal turn: expected points and bank thresholds.
enum SolveCommand: Command {
    static let spec = CommandSpec(
        name: "solve",
        abstract: "Solves the expected-score optimal turn: expected points and bank thresholds.",
        discussion: """
            V(t, n) is the expected points a turn banks under best play with t turn points and n dice \
            to roll; R(t, n) the same when rolling now. Values are exact (no sampling).
            """,
        options: [
            RulesOption.spec,
            OutputFormat.option(),
            OptionSpec(
                name: "max-points", valueName: "points", help: "The highest turn points in the table of values.",
                defaultValue: "3000"),
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
        try RulesOption.checkSolverSize(rules, arguments)
        let format = try arguments.format(allowed: OutputFormat.allCases)
        let maximum = try arguments.integer("max-points", in: 0...1_000_000, default: 3000)
        let solver = ExpectedScoreSolver(rules: rules)
        // The table prints a row per score step; as many rows as the solver may tabulate levels is plenty.
        let step = solver.table.scoreStep
        guard maximum / step < ExpectedScoreSolver.maximumLevels else {
            throw UsageError(
                "'--max-points' \(maximum) asks for \(maximum / step + 1) rows in steps of \(step) under rules "
                    + "'\(rules.name)'; at most \(ExpectedScoreSolver.maximumLevels) rows, so at most "
                    + "\((ExpectedScoreSolver.maximumLevels - 1) * step) points",
                spec: spec)
        }
        let rows = rows(solver, upTo: maximum)
        switch format {
        case .md: Standard.output(markdown(solver, rows: rows, maximum: maximum), terminator: "")
        case .csv: Standard.output(csv(rows), terminator: "")
        case .json: Standard.output(json(solver, rows: rows))
        }
        return ExitStatus.success
    }

    // MARK: - Rows

    private struct Row {
        var turnPoints: Int
        var diceLeft: Int
        var value: Double
        var rollValue: Double
        var decision: String
    }

    private static func rows(_ solver: ExpectedScoreSolver, upTo maximum: Int) -> [Row] {
        var rows: [Row] = []
        for turnPoints in stride(from: 0, through: maximum, by: solver.table.scoreStep) {
            for dice in 1...DiceCounts.maximumDice {
                let decision = solver.decision(turnPoints: turnPoints, diceLeft: dice).rawValue
                rows.append(
                    Row(
                        turnPoints: turnPoints, diceLeft: dice,
                        value: solver.value(turnPoints: turnPoints, diceLeft: dice),
                        rollValue: solver.rollValue(turnPoints: turnPoints, diceLeft: dice), decision: decision))
            }
        }
        return rows
    }

    /// The dice counts that allow banking, with their threshold (nil: rolling stays better).
    private static func thresholds(_ solver: ExpectedScoreSolver) -> [(dice: Int, threshold: Int?)] {
        (1...DiceCounts.maximumDice).filter { solver.table.rules.turn.allowsBanking(diceLeft: $0) }.map {
            ($0, solver.bankThreshold(diceLeft: $0))
        }
    }

    // MARK: - Formats

    private static func markdown(_ solver: ExpectedScoreSolver, rows: [Row], maximum: Int) -> String {
        var lines = [
            "# Optimal turn: \(solver.table.rules.name)", "",
            "Expected points per turn under optimal play, from the opening roll: "
                + "**\(fixed(solver.expectedTurnScore, 2))**",
            "", "## Bank thresholds", "",
            "Bank with n dice left once the turn points reach the threshold (and for every higher total).", "",
            "| Dice left | Bank from | Also banks below it |", "|---:|---:|---|",
        ]
        for (dice, threshold) in thresholds(solver) {
            let islands = solver.bankRangesBelowThreshold(diceLeft: dice)
            let below =
                islands.isEmpty
                ? "no (monotone)"
                : "yes, not monotone: " + islands.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
            lines.append("| \(dice) | \(threshold.map(String.init) ?? "never") | \(below) |")
        }
        if thresholds(solver).isEmpty { lines.append("| - | banking is never allowed | |") }
        lines += [
            "", "Above \(solver.tailStart) turn points V(t, n) is exactly linear in t:", "",
            "| n | V(t, n) |", "|---:|---|",
        ]
        for dice in 1...DiceCounts.maximumDice {
            let line = solver.tailLine(diceLeft: dice)
            lines.append("| \(dice) | \(fixed(line.slope, 6)) t + \(fixed(line.intercept, 2)) |")
        }
        lines += [
            "", "## Values up to \(maximum) turn points", "",
            "| t | n | V(t, n) | R(t, n) | Decision |", "|---:|---:|---:|---:|---|",
        ]
        for row in rows {
            lines.append(
                "| \(row.turnPoints) | \(row.diceLeft) | \(fixed(row.value, 2)) | \(fixed(row.rollValue, 2)) "
                    + "| \(row.decision) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func csv(_ rows: [Row]) -> String {
        var lines = ["turn_points,dice_left,value,roll_value,decision"]
        for row in rows {
            lines.append(
                "\(row.turnPoints),\(row.diceLeft),\(NumberText.exact(row.value)),\(NumberText.exact(row.rollValue)),"
                    + row.decision)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(_ solver: ExpectedScoreSolver, rows: [Row]) -> String {
        let thresholds = thresholds(solver)
        let thresholdMembers = thresholds.map { "\"\($0.dice)\": \($0.threshold.map(String.init) ?? "null")" }
        let islandMembers = thresholds.map { dice, _ in
            let ranges = solver.bankRangesBelowThreshold(diceLeft: dice).map { "[\($0.lowerBound), \($0.upperBound)]" }
            return "\"\(dice)\": [\(ranges.joined(separator: ", "))]"
        }
        let tailMembers = (1...DiceCounts.maximumDice).map { dice in
            let line = solver.tailLine(diceLeft: dice)
            return
                "\"\(dice)\": {\"slope\": \(JSONText.number(line.slope)), \"intercept\": \(JSONText.number(line.intercept))}"
        }
        let rowObjects = rows.map { row in
            "    {\"turn_points\": \(row.turnPoints), \"dice_left\": \(row.diceLeft), "
                + "\"value\": \(JSONText.number(row.value)), \"roll_value\": \(JSONText.number(row.rollValue)), "
                + "\"decision\": \"\(row.decision)\"}"
        }
        return """
            {
              "rules": \(JSONText.string(solver.table.rules.name)),
              "score_step": \(solver.table.scoreStep),
              "expected_turn_score": \(JSONText.number(solver.expectedTurnScore)),
              "bank_thresholds": {\(thresholdMembers.joined(separator: ", "))},
              "bank_ranges_below_threshold": {\(islandMembers.joined(separator: ", "))},
              "tail": {"from": \(solver.tailStart), "lines": {\(tailMembers.joined(separator: ", "))}},
              "values": [
            \(rowObjects.joined(separator: ",\n"))
              ]
            }
            """
    }

    /// `value` with exactly `digits` decimals.
    private static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

}
