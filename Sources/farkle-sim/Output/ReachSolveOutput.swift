@_spi(Kernels) import FarkleKit
import FarkleReports

/// `solve --objective reach:N`: the play that maximizes the chance of a total of N or more within the rounds of a
/// game of rounds, alone, and that chance beside the chance under expected-score play (`ev`).
enum ReachSolveOutput {
    /// The objective's prefix, `reach:`.
    static let prefix = "reach:"

    /// Whether `objective` (the value of `--objective`) asks for this objective, well formed or not.
    static func isReach(_ objective: String?) -> Bool {
        objective?.hasPrefix("reach") ?? false
    }

    /// Solves `--objective reach:N` under `rules` and prints the result in the format of `arguments`.
    ///
    /// - Throws: `UsageError` for a malformed N, a race (no rounds), `--out` or a loaded dice set, or rules the
    ///   solver does not cover.
    static func run(rules: RuleSet, arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let spec = arguments.spec
        let text = arguments.value("objective") ?? ""
        let digits = ParsedArguments.wholeNumber(String(text.dropFirst(prefix.count)))
        guard text.hasPrefix(prefix), let target = digits.flatMap({ Int($0) }), (1...1_000_000).contains(target) else {
            throw UsageError(
                "'--objective' reach takes the total to reach, reach:N with N from 1 to 1,000,000, not '\(text)'",
                spec: spec)
        }
        guard let turns = rules.game.end.rounds else {
            throw UsageError(
                "'--objective \(text)' asks for the chance within the rounds of a game of rounds; rules "
                    + "'\(rules.name)' are a race to \(rules.game.end.target ?? 0) (a rule file with \"rounds\" sets them)",
                spec: spec)
        }
        let format = try arguments.format(allowed: OutputFormat.allCases)
        if arguments.value("out") != nil {
            throw UsageError("'--out' writes the policy of --objective win; reach has none to write", spec: spec)
        }
        if !arguments.allValues(DiceSetOption.set.name).isEmpty {
            throw UsageError("'--objective reach:N' plays six ordinary dice; it takes no '--dice-set'", spec: spec)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let solver: ReachProbabilitySolver
        do {
            solver = try ReachProbabilitySolver(rules: rules, target: target, turns: turns)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        let seconds = (clock.now - start) / .seconds(1)
        let turn = BankedPointsDistribution(solver: ExpectedScoreSolver(rules: rules))
        let evChance = BankedPointsDistribution(summing: turn, turns: turns).probability(ofAtLeast: target)
        let result = Result(solver: solver, evChance: evChance, seconds: seconds)
        switch format {
        case .md: Standard.output(result.markdown, terminator: "")
        case .csv: Standard.output(result.csv, terminator: "")
        case .json: Standard.output(result.json)
        }
        return ExitStatus.success
    }

    /// The solved chances and the figures printed beside them.
    struct Result {
        let solver: ReachProbabilitySolver
        let evChance: Double
        let seconds: Double

        private var step: Int { solver.outcomes.table.scoreStep }
        private var rules: RuleSet { solver.outcomes.table.rules }

        /// Every total below the target with `turnsLeft` turns to play, in steps of the score step: from 0, or
        /// where a scoreless opening roll costs points from the lowest a game reaches.
        private func totals(turnsLeft: Int) -> StrideTo<Int> {
            stride(from: solver.lowestTotal(turnsLeft: turnsLeft), to: solver.target, by: step)
        }

        /// The bank thresholds for n = 1 to the game's dice left, and the dice counts that also bank below theirs.
        private func thresholds(turnsLeft: Int, total: Int) -> (from: [Int?], alsoBelow: [Int]) {
            let dice = 1...rules.turn.dice
            let from = dice.map { solver.bankThreshold(turnsLeft: turnsLeft, total: total, state: $0) }
            let below = dice.filter { dice in
                guard let threshold = from[dice - 1] else { return false }
                return stride(from: 0, to: threshold, by: step).contains {
                    solver.shouldBank(turnsLeft: turnsLeft, total: total, turnPoints: $0, state: dice)
                }
            }
            return (from, below)
        }

        var markdown: String {
            let rounds = solver.turns
            let shown = max(step, (solver.target / 10 + step - 1) / step * step)
            var lines = [
                "# Reaching \(NumberText.grouped(solver.target)) in \(rounds) rounds alone: \(rules.name)", "",
                "Best play for the chance of a total of \(NumberText.grouped(solver.target)) or more after \(rounds) rounds: "
                    + "**\(NumberText.fixed(solver.chance * 100, 4)) %**. Playing every turn for the most expected "
                    + "points (`ev`) reaches it with \(NumberText.fixed(evChance * 100, 4)) %.", "",
                "Exact (no sampling): \(NumberText.grouped(solver.stateCount)) states (rounds left, total, turn points, "
                    + "dice to roll), "
                    + "solved in \(NumberText.fixed(seconds, 3)) s.", "",
                "## Chance and bank thresholds by rounds left and total", "",
                "Bank with n dice left from the threshold on (`*`: best play also banks at some turn points below "
                    + "it). Every \(shown) points of total here; `--format csv` or `json` gives every total.", "",
                "| Rounds left | Total | Chance | " + (1...rules.turn.dice).map { "n = \($0)" }.joined(separator: " | ")
                    + " |",
                "|---:|---:|---:|" + String(repeating: "---:|", count: rules.turn.dice),
            ]
            for left in stride(from: rounds, through: 1, by: -1) {
                for total in stride(from: 0, to: solver.target, by: shown) where left < rounds || total == 0 {
                    let (from, below) = thresholds(turnsLeft: left, total: total)
                    let cells = from.enumerated().map { index, threshold in
                        (threshold.map(String.init) ?? "-") + (below.contains(index + 1) ? "*" : "")
                    }
                    lines.append(
                        "| \(left) | \(total) | \(NumberText.fixed(solver.chance(turnsLeft: left, total: total), 6)) | "
                            + cells.joined(separator: " | ") + " |")
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        var csv: String {
            var lines = [
                "rounds_left,total,chance," + (1...rules.turn.dice).map { "bank_from_\($0)" }.joined(separator: ",")
            ]
            for left in 1...solver.turns {
                for total in totals(turnsLeft: left) {
                    let from = thresholds(turnsLeft: left, total: total).from
                    lines.append(
                        "\(left),\(total),\(NumberText.exact(solver.chance(turnsLeft: left, total: total))),"
                            + from.map { $0.map(String.init) ?? "" }.joined(separator: ","))
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        var json: String {
            let rows = (1...solver.turns).map { left in
                let entries = totals(turnsLeft: left).map { total in
                    let (from, below) = thresholds(turnsLeft: left, total: total)
                    return
                        "{\"total\": \(total), \"chance\": \(JSONText.number(solver.chance(turnsLeft: left, total: total))), "
                        + "\"bank_from\": \(JSONText.inlineArray(from.map { $0.map(String.init) ?? "null" })), "
                        + "\"also_banks_below\": \(JSONText.inlineArray(below.map(String.init)))}"
                }
                return "    {\"rounds_left\": \(left), \"totals\": \(JSONText.inlineArray(entries))}"
            }
            return """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "objective": "reach",
                  "target": \(solver.target),
                  "rounds": \(solver.turns),
                  "score_step": \(step),
                  "chance": \(JSONText.number(solver.chance)),
                  "ev_chance": \(JSONText.number(evChance)),
                  "states": \(solver.stateCount),
                  "seconds": \(JSONText.number(seconds)),
                  "policy": [
                \(rows.joined(separator: ",\n"))
                  ]
                }
                """
        }
    }
}
