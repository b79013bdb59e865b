@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim solve`: Solves the expected-score optimal turn: expected points and bank thresholds.
enum SolveCommand: Command {
    static let spec = CommandSpec(
        name: "solve",
        abstract: "Solves the expected-score optimal turn: expected points and bank thresholds.",
        discussion: """
            V(t, n) is the expected points a turn banks under best play with t turn points and n dice \
            to roll; R(t, n) the same when rolling now. Values are exact (no sampling). Under a \
            three-farkle penalty it also gives the long-run average of points per turn, penalties \
            included, and the bank thresholds and values for 0, 1 and 2 farkles in a row. \
            --objective reach:N (a game of rounds, such as farkleten) gives the play that maximizes the chance \
            of a total of N or more after the game's rounds, alone: that chance, the chance under ev, and the \
            chance and bank thresholds from every total with every number of rounds left. \
            With one --dice-set the turn is solved over the dice of each kind left: its expected points \
            (refused where they are unbounded, or under a three-farkle penalty of points) and, in a race won \
            at the target at once (kcd), the expected points toward the target from every total (the CSV).
            """,
        options: [
            RulesOption.spec,
            RulesOption.target,
            OptionSpec(
                name: "objective", valueName: "objective",
                help: "score: the expected-score optimal turn; win: the game played to win, by 2 players (a race "
                    + "or fixed rounds, such as farkleten) or by 3 (a race to a target, with or without a final "
                    + "round; see --players); reach:N: the best chance of a total of N or more within the rounds of "
                    + "a game of rounds, alone.",
                defaultValue: "score"),
            OptionSpec(
                name: "players", valueName: "p",
                help: "With --objective win: the number of players, 2 or 3 (3: a race to the target, every player "
                    + "playing to win; with a final round each other player has one more turn and a tie counts as "
                    + "its share of the win).",
                defaultValue: "the rules' players"),
            OutputFormat.option(),
            OptionSpec(
                name: "max-points", valueName: "points", help: "The highest turn points in the table of values.",
                defaultValue: "3000"),
            RunOptions.threads(help: "Threads for --objective win"),
            RunOptions.quiet(),
            OptionSpec(
                name: "dice-set", valueName: "set",
                help: "A player's dice (name:count,... from the catalog, the rest ordinary); with --objective win "
                    + "one per player, player 1 first (one: player 2 has ordinary dice).",
                defaultValue: "six ordinary dice", isRepeatable: true),
            DiceSetOption.catalog,
            OptionSpec(
                name: "penalty-floor", valueName: "points",
                help: "With --objective win under a three-farkle penalty or a scoreless opening roll that costs "
                    + "points: the lowest total tabulated, a penalty or cost there takes nothing more (lower it to "
                    + "check that no printed digit moves).",
                defaultValue: "four penalties and four costs below zero"),
            OptionSpec(
                name: "out", valueName: "file",
                help: "With --objective win in a race (with or without a three-farkle penalty, or between dice "
                    + "sets): also write the solved policy to this binary file, read back by --policy and by the "
                    + "library (Advisor.readGame(contentsOf:rules:), or LoadedWinSolver(contentsOf:outcomes:) "
                    + "between dice sets) without solving again. With --players 3 the three-player race's file "
                    + "(format 8, the chances of every set of totals), which the cache of solved games keeps too; "
                    + "refused with a final round, where three players play the race of two against the leader."),
            CacheOption.noCache,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
        try RulesOption.checkSolverSize(rules, arguments)
        if ReachSolveOutput.isReach(arguments.value("objective")) {
            try arguments.refuse(
                ["penalty-floor", "max-points", "threads", "players", "no-cache"],
                "does not apply to --objective reach:N (one player's chance with ordinary dice, solved at once and "
                    + "never cached)")
            return try ReachSolveOutput.run(rules: rules, arguments: arguments)
        }
        let format = try arguments.format(allowed: OutputFormat.allCases)
        let maximum = try arguments.integer("max-points", in: 0...1_000_000, default: 3000)
        let sets = try DiceSetOption.sets(arguments)
        let hasDiceSets = !sets.allSatisfy(\.isOrdinary)
        if let text = arguments.value("objective"), WinSolveOutput.Objective(rawValue: text) == nil {
            // `reach:N` is read above; the generic message of a choice would leave it out.
            throw UsageError("'--objective' must be score, win or reach:N, not '\(text)'", spec: arguments.spec)
        }
        let objective = try arguments.choice("objective", default: WinSolveOutput.Objective.score)
        if objective == .win {
            if hasDiceSets { try DiceSetOption.requireRace(rules, arguments) }
            try refuseCSV(format)
            try arguments.refuse(["max-points"], "is for --objective score (the rows of a turn's table of values)")
            let threads = try RunOptions.threads(arguments)
            var rules = rules
            rules.game.players = try arguments.integer(
                "players", in: 2...3, default: rules.game.players,
                because: "larger tables are not solved; 'simulate --strategy win' plays them against the leader")
            if rules.game.players == 3 {
                try arguments.refuse(
                    ["dice-set", "dice-catalog", "penalty-floor", "max-points"],
                    "does not apply to the three-player game (ordinary dice, no three-farkle penalty)")
                return try ThreePlayerSolveOutput.run(
                    rules: rules, format: format, threads: threads, out: arguments.outputPath("out"),
                    cache: CacheOption.cache(arguments), showsProgress: RunOptions.showsProgress(arguments),
                    spec: spec)
            }
            guard hasDiceSets else {
                return try WinSolveOutput.run(
                    rules: rules, format: format, threads: threads, out: arguments.outputPath("out"),
                    floor: WinSolveOutput.penaltyFloor(arguments, rules: rules, spec: spec),
                    cache: CacheOption.cache(arguments), showsProgress: RunOptions.showsProgress(arguments), spec: spec)
            }
            guard sets.count <= 2 else {
                throw UsageError(
                    "'--objective win' solves 2-player games: give one '--dice-set' per player, not \(sets.count)",
                    spec: spec)
            }
            return try WinSolveOutput.run(
                rules: rules, sets: sets, format: format, threads: threads, out: arguments.outputPath("out"),
                cache: CacheOption.cache(arguments), showsProgress: RunOptions.showsProgress(arguments), spec: spec)
        }
        try arguments.refuse(
            ["penalty-floor"], "is for --objective win under a three-farkle penalty or an opening farkle's cost")
        try arguments.refuse(["players"], "is for --objective win: a turn's expected points do not depend on it")
        try arguments.refuse(["out"], "writes the policy of --objective win; the score objective has none")
        try arguments.refuse(
            ["threads", "no-cache"], "is for --objective win: a turn's expected points are solved at once, never cached"
        )
        // The score objective reads the target only for the points toward it in a race won at the target at once,
        // which the CSV of six ordinary dice leaves out; a turn's expected points do not depend on it.
        let end = rules.game.end
        if end.target == nil || end.hasFinalRound {
            try arguments.refuse(
                ["target"],
                "is for --objective win under rules '\(rules.name)', which \(end.unlikeRaceWonAtOnce): a turn's "
                    + "expected points do not depend on it")
        } else if !hasDiceSets, format == .csv {
            try arguments.refuse(
                ["target"], "is read by the points toward the target, which '--format csv' leaves out")
        }
        if hasDiceSets {
            guard sets.count == 1 else {
                throw UsageError("'--objective score' takes one '--dice-set' (two are for --objective win)", spec: spec)
            }
            try arguments.refuse(
                ["max-points"],
                "is for six ordinary dice (the rows of V(t, n)); a dice set's turn has a state per "
                    + "dice of each kind left")
            if let reason = DiceSet.simulationRefusal(toPlay: rules) { throw UsageError(reason, spec: spec) }
            try DiceSetOption.requireScoring(rules, arguments)
            return try diceSetOutput(rules: rules, set: sets[0], format: format)
        }
        let table = ScoringTable(rules: rules)
        let solver = ExpectedScoreSolver(table: table)
        // The table prints a row per score step; as many rows as the solver may tabulate levels is plenty.
        let step = solver.table.scoreStep
        guard maximum / step < ExpectedScoreSolver.maximumLevels else {
            throw UsageError(
                "'--max-points' \(maximum) asks for \(maximum / step + 1) rows in steps of \(step) under rules "
                    + "'\(rules.name)'; at most \(ExpectedScoreSolver.maximumLevels) rows, so at most "
                    + "\((ExpectedScoreSolver.maximumLevels - 1) * step) points",
                spec: spec)
        }
        let penalty = LongRunAverageSolver(penaltyOf: table)
        let rows = rows(solver, penalty: penalty, upTo: maximum)
        let capped: CappedSolveOutput?
        do {
            capped = format == .csv ? nil : try CappedSolveOutput(rules: rules, table: table)
        } catch {
            throw UsageError(error.description + " (or ask for '--format csv', which leaves them out)", spec: spec)
        }
        switch format {
        case .md:
            Standard.output(
                markdown(solver, penalty: penalty, capped: capped, rows: rows, maximum: maximum), terminator: "")
        case .csv: Standard.output(csv(rows, penalty: penalty != nil), terminator: "")
        case .json: Standard.output(json(solver, penalty: penalty, capped: capped, rows: rows))
        }
        return ExitStatus.success
    }

    /// The turn of a dice set: its expected points and, in a race won at the target at once, the capped turn from
    /// a total of 0 and from every total.
    private static func diceSetOutput(rules: RuleSet, set: DiceSet, format: OutputFormat) throws(UsageError) -> Int32 {
        let table = ScoringTable(rules: rules)
        let capped: CappedSolveOutput?
        do {
            capped = try CappedSolveOutput(rules: rules, table: table, set: set)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        let outcomes = DiceSetOutcomes(table: table, set: set)
        // The turn's expected points, or why they are not solved.
        var expected: Double?
        var unsolved = DiceSet.expectedPointsRefusal(toPlay: rules) ?? ""
        if unsolved.isEmpty {
            do throws(CappedScoreSolver.Unsolved) {
                expected = try CappedScoreSolver(expectedPointsOf: outcomes).openingValue
            } catch {
                unsolved = error.description
            }
        }
        if capped == nil && expected == nil {
            throw UsageError("a turn with the dice set \(set) is not solved: \(unsolved)", spec: spec)
        }
        let farkle = outcomes.farkleProbability[outcomes.fullState]
        switch format {
        case .json:
            var members = [
                "\"rules\": \(JSONText.string(rules.name))", "\"dice_set\": \(JSONText.string(set.description))",
                "\"states\": \(outcomes.stateCount - 1)", "\"six_dice_farkle_chance\": \(JSONText.number(farkle))",
            ]
            if let expected {
                members.append("\"expected_turn_score\": \(JSONText.number(expected))")
            } else {
                members.append("\"expected_turn_score\": null")
                members.append("\"expected_turn_score_unsolved\": \(JSONText.string(unsolved))")
            }
            if let capped {
                members.append(capped.jsonMember)
                members.append("\"expected_points_toward_target\": \(JSONText.number(capped.fromZero))")
            }
            Standard.output("{\n  " + members.joined(separator: ",\n  ") + "\n}")
        case .csv:
            guard let capped else {
                throw UsageError(
                    "'--format csv' with a dice set is the points toward the target from every total, in a race won "
                        + "at the target at once (kcd); rules '\(rules.name)' "
                        + rules.game.end.unlikeRaceWonAtOnce + ": use md or json",
                    spec: spec)
            }
            let lines = ["total,value"] + capped.byTotal.map { "\($0.total),\(NumberText.exact($0.value))" }
            Standard.output(lines.joined(separator: "\n") + "\n", terminator: "")
        case .md:
            var lines = [
                "# Optimal turn: \(rules.name) with \(set.description)", "",
                "A roll of the six dice scores nothing with chance \(NumberText.fixed(farkle * 100, 2)) %. "
                    + "The turn's state is (turn points, dice of each kind left): \(outcomes.stateCount - 1) "
                    + "dice states.",
                "",
            ]
            lines.append(
                expected.map {
                    "Expected points per turn under optimal play, from the opening roll: **\(NumberText.fixed($0, 2))**"
                } ?? "Expected points per turn: not solved, \(unsolved).")
            Standard.output((lines + (capped?.markdown ?? [])).joined(separator: "\n") + "\n", terminator: "")
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
        /// V and the decision with 0, 1 and 2 farkles in a row, under a three-farkle penalty.
        var values: [Double] = []
        var decisions: [String] = []
    }

    private static func rows(_ solver: ExpectedScoreSolver, penalty: LongRunAverageSolver?, upTo maximum: Int) -> [Row]
    {
        let turns = penalty.map { penalty in
            LongRunAverageSolver.farkleCounts.map { penalty.turnSolver(farklesInARow: $0) }
        }
        var rows: [Row] = []
        for turnPoints in stride(from: 0, through: maximum, by: solver.table.scoreStep) {
            for dice in 1...solver.table.rules.turn.dice {
                let decision = solver.decision(turnPoints: turnPoints, diceLeft: dice).rawValue
                var row = Row(
                    turnPoints: turnPoints, diceLeft: dice,
                    value: solver.value(turnPoints: turnPoints, diceLeft: dice),
                    rollValue: solver.rollValue(turnPoints: turnPoints, diceLeft: dice), decision: decision)
                for turn in turns ?? [] {
                    row.values.append(turn.value(turnPoints: turnPoints, diceLeft: dice))
                    row.decisions.append(turn.decision(turnPoints: turnPoints, diceLeft: dice).rawValue)
                }
                rows.append(row)
            }
        }
        return rows
    }

    /// The dice counts that allow banking, with their threshold (nil: rolling stays better).
    private static func thresholds(_ solver: ExpectedScoreSolver) -> [(dice: Int, threshold: Int?)] {
        (1...solver.table.rules.turn.dice).filter { solver.table.rules.turn.allowsBanking(diceLeft: $0) }.map {
            ($0, solver.bankThreshold(diceLeft: $0))
        }
    }

    // MARK: - Formats

    private static func markdown(
        _ solver: ExpectedScoreSolver, penalty: LongRunAverageSolver?, capped: CappedSolveOutput?, rows: [Row],
        maximum: Int
    ) -> String {
        var lines = [
            "# Optimal turn: \(solver.table.rules.name)", "",
            "Expected points per turn under optimal play, from the opening roll: "
                + "**\(NumberText.fixed(solver.expectedTurnScore, 2))**"
                + (penalty == nil ? "" : " (the turn alone, as if there were no three-farkle penalty)"),
        ]
        let entry = solver.table.rules.game.entryMinimum
        if entry > 0 {
            // The turn values below are those of a player on the board; the entry minimum is a game rule.
            lines += [
                "",
                "For a player already on the board: one not yet on it banks only from \(entry) turn points "
                    + "(`advise --my-score 0` advises that turn).",
            ]
        }
        lines += [
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
        for dice in 1...solver.table.rules.turn.dice {
            let line = solver.tailLine(diceLeft: dice)
            lines.append("| \(dice) | \(NumberText.fixed(line.slope, 6)) t + \(NumberText.fixed(line.intercept, 2)) |")
        }
        if let penalty { lines += penaltyMarkdown(penalty) }
        // Under piggybacking, the report's section on taking a bank over, as bank-thresholds.md prints it.
        let takingOver = ReportDocument.takingOver(solver)
        if !takingOver.isEmpty { lines.append(String(takingOver.dropLast())) }
        if solver.table.rules.turn.threeFarklePenalty == .wholeTotal {
            lines += [
                "", "## Three-farkle penalty (the whole total)", "",
                "A third farkle in a row costs the whole total, so what a farkle costs grows with the total and no "
                    + "number of points per turn measures it: the values above are the turn's points alone. "
                    + "`farkle-sim solve --objective win` plays the game with the penalty counted, and `advise` "
                    + "does with --my-score and --opponent-score.",
            ]
        }
        if let capped { lines += capped.markdown }
        lines += [
            "", "## Values up to \(maximum) turn points", "",
            "| t | n | V(t, n) | R(t, n) | Decision |" + (penalty == nil ? "" : " V, 0 / 1 / 2 farkles | Decisions |"),
            "|---:|---:|---:|---:|---|" + (penalty == nil ? "" : "---:|---|"),
        ]
        for row in rows {
            var line =
                "| \(row.turnPoints) | \(row.diceLeft) | \(NumberText.fixed(row.value, 2)) | \(NumberText.fixed(row.rollValue, 2)) "
                + "| \(row.decision) |"
            if !row.values.isEmpty {
                line +=
                    " \(row.values.map { NumberText.fixed($0, 2) }.joined(separator: " / ")) "
                    + "| \(row.decisions.joined(separator: " / ")) |"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Under piggybacking, its members on their own lines after a newline, each ending in a comma: from which bank
    /// taking over pays on the board and, under an entry minimum, not yet on it (as the Markdown's columns);
    /// nothing otherwise.
    private static func piggybackJSON(_ solver: ExpectedScoreSolver) -> String {
        let rules = solver.table.rules
        guard let piggyback = rules.game.piggyback else { return "" }
        func thresholds(_ turn: ExpectedScoreSolver) -> String {
            let members = (piggyback.leastDiceLeft...rules.turn.dice).map { dice in
                "\"\(dice)\": \(turn.leastBankToTakeOver(diceLeft: dice).map(String.init) ?? "null")"
            }
            return "{\(members.joined(separator: ", "))}"
        }
        let entering =
            ExpectedScoreSolver.notYetOnTheBoard(solver.table).map {
                "\n  \"piggyback_from_not_yet_on_the_board\": " + thresholds($0) + ","
            } ?? ""
        return "\n  \"piggyback_from\": \(thresholds(solver)),\(entering)"
    }

    /// The three-farkle penalty: the long-run average, and each farkle count's turn.
    private static func penaltyMarkdown(_ penalty: LongRunAverageSolver) -> [String] {
        let turns = LongRunAverageSolver.farkleCounts.map { penalty.turnSolver(farklesInARow: $0) }
        var lines = [
            "", "## Three-farkle penalty (\(penalty.penalty) points)", "",
            "Long-run average of points per turn under optimal play, penalties included: "
                + "**\(NumberText.fixed(penalty.longRunAverage, 2))**", "",
            "Best play depends on the farkles in a row before the turn. A farkle is worth what it costs later "
                + "(less the penalty on the third); V is the expected banked points plus that times the farkle chance. "
                + "Bank with n dice left from the threshold on.",
            "",
            "| Farkles in a row | A farkle is worth | Expected turn value | Farkle chance | "
                + thresholds(turns[0]).map { "Bank from, n = \($0.dice)" }.joined(separator: " | ") + " |",
            "|---:|---:|---:|---:|" + String(repeating: "---:|", count: thresholds(turns[0]).count),
        ]
        for (count, turn) in turns.enumerated() {
            let banks = thresholds(turn).map { $0.threshold.map(String.init) ?? "never" }
            lines.append(
                "| \(count) | \(NumberText.fixed(turn.farkleValue, 2)) | \(NumberText.fixed(turn.expectedTurnScore, 2)) "
                    + "| \(NumberText.fixed(turn.farkleChance * 100, 2)) % | \(banks.joined(separator: " | ")) |")
        }
        return lines
    }

    private static func csv(_ rows: [Row], penalty: Bool) -> String {
        let counts = LongRunAverageSolver.farkleCounts
        var lines = [
            "turn_points,dice_left,value,roll_value,decision"
                + (penalty ? counts.map { ",value_farkles_\($0),decision_farkles_\($0)" }.joined() : "")
        ]
        for row in rows {
            lines.append(
                "\(row.turnPoints),\(row.diceLeft),\(NumberText.exact(row.value)),\(NumberText.exact(row.rollValue)),"
                    + row.decision
                    + zip(row.values, row.decisions).map { ",\(NumberText.exact($0)),\($1)" }.joined())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(
        _ solver: ExpectedScoreSolver, penalty: LongRunAverageSolver?, capped: CappedSolveOutput?, rows: [Row]
    ) -> String {
        let thresholds = thresholds(solver)
        let thresholdMembers = thresholds.map { "\"\($0.dice)\": \($0.threshold.map(String.init) ?? "null")" }
        let islandMembers = thresholds.map { dice, _ in
            let ranges = solver.bankRangesBelowThreshold(diceLeft: dice).map {
                JSONText.inlineArray(["\($0.lowerBound)", "\($0.upperBound)"])
            }
            return "\"\(dice)\": \(JSONText.inlineArray(ranges))"
        }
        let tailMembers = (1...solver.table.rules.turn.dice).map { dice in
            let line = solver.tailLine(diceLeft: dice)
            return
                "\"\(dice)\": {\"slope\": \(JSONText.number(line.slope)), \"intercept\": \(JSONText.number(line.intercept))}"
        }
        let rowObjects = rows.map { row in
            "    {\"turn_points\": \(row.turnPoints), \"dice_left\": \(row.diceLeft), "
                + "\"value\": \(JSONText.number(row.value)), \"roll_value\": \(JSONText.number(row.rollValue)), "
                + "\"decision\": \"\(row.decision)\""
                + (row.values.isEmpty
                    ? ""
                    : ", \"values_by_farkles\": \(JSONText.inlineArray(row.values.map(JSONText.number))), "
                        + "\"decisions_by_farkles\": \(JSONText.inlineArray(row.decisions.map { JSONText.string("\($0)") }))")
                + "}"
        }
        return """
            {
              "rules": \(JSONText.string(solver.table.rules.name)),
              "score_step": \(solver.table.scoreStep),
              "expected_turn_score": \(JSONText.number(solver.expectedTurnScore)),
              "bank_thresholds": {\(thresholdMembers.joined(separator: ", "))},
              "bank_ranges_below_threshold": {\(islandMembers.joined(separator: ", "))},
              "tail": {"from": \(solver.tailStart), "lines": {\(tailMembers.joined(separator: ", "))}},\(penalty.map(penaltyJSON) ?? wholeTotalJSON(solver))\(piggybackJSON(solver))\(capped?.json ?? "")
              "values": [
            \(rowObjects.joined(separator: ",\n"))
              ]
            }
            """
    }

    /// The penalty where it takes the whole total (no long-run average covers it), on its own line after a
    /// newline, ending in a comma; nothing otherwise.
    private static func wholeTotalJSON(_ solver: ExpectedScoreSolver) -> String {
        solver.table.rules.turn.threeFarklePenalty == .wholeTotal
            ? "\n  \"three_farkle_penalty\": \"whole_total\"," : ""
    }

    /// The penalty's members, each on its own line after a newline, ending in a comma.
    private static func penaltyJSON(_ penalty: LongRunAverageSolver) -> String {
        let counts = LongRunAverageSolver.farkleCounts
        let turns = counts.map { penalty.turnSolver(farklesInARow: $0) }
        let thresholdObjects = counts.map { count in
            let members = thresholds(turns[count]).map { "\"\($0.dice)\": \($0.threshold.map(String.init) ?? "null")" }
            return "\"\(count)\": {\(members.joined(separator: ", "))}"
        }
        let turnObjects = counts.map { count in
            "\"\(count)\": {\"farkle_value\": \(JSONText.number(turns[count].farkleValue)), "
                + "\"relative_value\": \(JSONText.number(penalty.relativeValues[count])), "
                + "\"expected_turn_value\": \(JSONText.number(turns[count].expectedTurnScore)), "
                + "\"farkle_chance\": \(JSONText.number(turns[count].farkleChance))}"
        }
        return """

              "three_farkle_penalty": \(penalty.penalty),
              "long_run_average_points_per_turn": \(JSONText.number(penalty.longRunAverage)),
              "bank_thresholds_by_farkles": {\(thresholdObjects.joined(separator: ", "))},
              "turns_by_farkles": {\(turnObjects.joined(separator: ", "))},
              "penalty_iteration": {"steps": \(penalty.iterations), "last_change": \(JSONText.number(penalty.lastChange))},
            """
    }

    /// The game solved to win is a handful of figures, printed as Markdown or JSON; CSV is refused, not
    /// replaced by another format.
    private static func refuseCSV(_ format: OutputFormat) throws(UsageError) {
        guard format != .csv else {
            throw UsageError(
                "'--format csv' is for --objective score's table; --objective win prints md or json", spec: spec)
        }
    }
}
