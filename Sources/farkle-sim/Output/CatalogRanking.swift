@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation

/// `dice-set --rank-catalog`: every catalog die with five ordinary dice, by the exact expected points toward the
/// target from 0 and by the chance to win against six ordinary dice: exact with both playing to win
/// (`--wins exact`), or the share of simulated games with both playing the capped-optimal turn (both seat orders).
enum CatalogRanking {
    /// How `--rank-catalog` finds the chance to win.
    enum Wins: String, CaseIterable {
        /// Both play to win, solved exactly (`LoadedWinSolver`), one solve per die.
        case exact
        /// Both play the capped-optimal turn, games simulated in both seat orders.
        case simulated
    }

    /// `--wins`.
    static let winsOption = OptionSpec(
        name: "wins", valueName: "how",
        help: "For --rank-catalog: exact (both play to win, solved: about 2 s of CPU per die at target 4000, "
            + "15 s at 8000) or simulated (both play for points, --games per seat order).",
        defaultValue: "simulated")

    /// `--csv-out`.
    static let csvOutOption = OptionSpec(
        name: "csv-out", valueName: "file",
        help: "For --rank-catalog: also write the ranking as CSV to this file, from the same solves as the "
            + "--format output on stdout (written whole or not at all).")

    /// Games with both seats playing the capped-optimal turn (`ev-target`), each with its dice.
    private static func simulation(_ table: ScoringTable, dice: [DiceSet], threads: Int, spec: CommandSpec)
        throws(UsageError) -> GameSimulation<BuiltInStrategy>
    {
        var context = StrategyContext(table: table)
        do {
            return try GameSimulation(
                table: table, strategies: [.expectedValueToTarget, .expectedValueToTarget], dice: dice,
                context: &context,
                threads: threads)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
    }

    private struct Row {
        let names: [String]
        let weights: [Int]
        let points: Double
        let winRate: Double
        /// The 95% interval of a simulated rate; a point for an exact one.
        let interval: ClosedRange<Double>
        /// The exact chances to win moving first and moving second, with `--wins exact`.
        var exact: (first: Double, second: Double)?
    }

    static func run(_ arguments: ParsedArguments, rules: RuleSet, threads: Int, format: OutputFormat)
        throws -> Int32
    {
        let wins = try arguments.choice(winsOption.name, default: Wins.simulated)
        if wins == .exact {
            try arguments.refuse(["games", "seed"], "belongs to '--wins simulated'; '--wins exact' plays no games")
        }
        let games = try arguments.integer("games", in: 1...10_000_000, default: 20_000)
        let seed = try arguments.seed(default: 1)
        let catalog = try DiceSetOption.catalog(arguments)
        guard let target = rules.game.end.target else { return ExitStatus.failure }
        // Opened before the solves: a bad path fails at once, not after an hour of solving.
        let csvFile = try arguments.outputPath(csvOutOption.name).map(PendingFile.opened)
        // Dice that roll alike share one row.
        var groups: [(weights: [Int], dice: [LoadedDie])] = []
        for die in catalog.dice {
            if let position = groups.firstIndex(where: { $0.weights == die.reducedWeights }) {
                groups[position].dice.append(die)
            } else {
                groups.append((die.reducedWeights, [die]))
            }
        }
        let table = ScoringTable(rules: rules)
        if wins == .exact, let reason = LoadedWinSolver.refusal(for: rules) {
            throw UsageError("'--wins exact' \(reason)", spec: arguments.spec)
        }
        let sets = groups.map { DiceSet(members: [DiceSet.Member(die: $0.dice[0], count: 1)]) }
        let exact = wins == .exact ? exactWins(sets, table: table, threads: threads) : []
        var rows: [Row] = []
        for (index, group) in groups.enumerated() {
            let set = sets[index]
            let points = CappedScoreSolver(
                outcomes: DiceSetOutcomes(table: table, set: set), total: 0, target: target
            ).openingValue
            if wins == .exact {
                let (first, second) = exact[index]
                // Six ordinary dice against themselves win half the games on a coin, exactly.
                let rate = set.isOrdinary ? 0.5 : (first + second) / 2
                rows.append(
                    Row(
                        names: group.dice.map(\.name), weights: group.dice[0].weights, points: points, winRate: rate,
                        interval: rate...rate, exact: (first, second)))
                continue
            }
            var won = 0
            if set.isOrdinary {
                won = games
            } else {
                let first = try simulation(table, dice: [set, .ordinary], threads: threads, spec: arguments.spec)
                    .run(games: games, seed: seed, threads: threads)
                let second = try simulation(table, dice: [.ordinary, set], threads: threads, spec: arguments.spec)
                    .run(games: games, seed: seed &+ 1, threads: threads)
                won = first.seats[0].wins + second.seats[1].wins
            }
            // Six ordinary dice against themselves win half the games by symmetry of the two seat orders.
            let estimate = ProportionEstimate(successes: won, trials: 2 * games)
            let rate = set.isOrdinary ? 0.5 : estimate.value
            let interval = set.isOrdinary ? 0.5...0.5 : estimate.wilsonInterval()
            rows.append(
                Row(
                    names: group.dice.map(\.name), weights: group.dice[0].weights, points: points, winRate: rate,
                    interval: interval))
        }
        let ranking = Ranking(
            rules: rules, target: target, wins: wins, games: games, seed: seed,
            byPoints: rows.sorted { $0.points > $1.points },
            byWins: rows.sorted { $0.winRate > $1.winRate })
        // The file after the results: a run whose results could not be printed replaces no file.
        Standard.output(ranking.text(format), terminator: "")
        try csvFile?.commitAfterOutput(bytes: Array(ranking.text(.csv).utf8))
        return ExitStatus.success
    }

    /// The rows of a ranking and what they came from, as text in each format.
    private struct Ranking {
        let rules: RuleSet
        let target: Int
        let wins: Wins
        let games: Int
        let seed: UInt64
        let byPoints: [Row]
        let byWins: [Row]

        var isExact: Bool { wins == .exact }

        func text(_ format: OutputFormat) -> String {
            switch format {
            case .json: json
            case .csv: csv
            case .md: markdown
            }
        }

        private var json: String {
            let objects = byPoints.map { row in
                var fields = [
                    ("dice", JSONText.inlineArray(row.names.map(JSONText.string))),
                    ("weights", JSONText.inlineArray(row.weights.map(String.init))),
                    ("points", JSONText.number(row.points)), ("win_rate", JSONText.number(row.winRate)),
                ]
                if let exact = row.exact {
                    fields += [
                        ("win_rate_moving_first", JSONText.number(exact.first)),
                        ("win_rate_moving_second", JSONText.number(exact.second)),
                    ]
                } else {
                    fields.append(
                        (
                            "win_rate_interval",
                            JSONText.inlineArray([
                                JSONText.number(row.interval.lowerBound), JSONText.number(row.interval.upperBound),
                            ])
                        ))
                }
                return JSONText.object(fields)
            }
            let sampling = isExact ? "" : "\n  \"games_per_order\": \(games),\n  \"seed\": \(seed),"
            return """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "target": \(target),
                  "wins": \(JSONText.string(wins.rawValue)),\(sampling)
                  "dice": \(JSONText.array(objects, indent: 4))
                }

                """
        }

        private var csv: String {
            var lines = [
                "dice,weights,points,win_rate,"
                    + (isExact ? "win_rate_moving_first,win_rate_moving_second" : "win_rate_low,win_rate_high")
            ]
            for row in byPoints {
                let bounds =
                    row.exact.map { [$0.first, $0.second] }
                    ?? [row.interval.lowerBound, row.interval.upperBound]
                lines.append(
                    "\(row.names.joined(separator: "/")),\(row.weights.map(String.init).joined(separator: " ")),"
                        + "\(NumberText.exact(row.points)),\(NumberText.exact(row.winRate)),"
                        + bounds.map(NumberText.exact).joined(separator: ","))
            }
            return lines.joined(separator: "\n") + "\n"
        }

        private var markdown: String {
            let winsText =
                isExact
                ? "Wins: the exact chance to win against six ordinary dice, both playing to win (LoadedWinSolver), "
                    + "who starts decided by a fair coin, with the chances moving first and moving second."
                : "Wins: the share of games won against six ordinary dice, both playing the capped-optimal turn for "
                    + "their own total, \(NumberText.grouped(games)) games with each seat order (seed \(seed)), "
                    + "with a 95% interval."
            let header =
                isExact
                ? [
                    "| Rank | Die | Weights 1-6 | Points | Wins (coin) | Moving first | Moving second |",
                    "|---:|---|---|---:|---:|---:|---:|",
                ]
                : ["| Rank | Die | Weights 1-6 | Points | Wins | 95% CI |", "|---:|---|---|---:|---:|---|"]
            var lines = [
                "# One loaded die and five ordinary dice: \(rules.name), target \(target)", "",
                "Points: E[min(turn points, \(target))] from a total of 0 under best play, exact. " + winsText, "",
                "## By points", "",
            ]
            lines += header + byPoints.enumerated().map { CatalogRanking.line($0.offset, $0.element) }
            lines += ["", "## By wins against six ordinary dice", ""]
            lines += header + byWins.enumerated().map { CatalogRanking.line($0.offset, $0.element) }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    private static func line(_ index: Int, _ row: Row) -> String {
        let last =
            row.exact.map { "\(NumberText.percent($0.first)) | \(NumberText.percent($0.second))" }
            ?? NumberText.percent(row.interval.lowerBound) + " to " + NumberText.percent(row.interval.upperBound)
        return "| \(index + 1) | \(row.names.joined(separator: ", ")) "
            + "| \(row.weights.map(String.init).joined(separator: " ")) | \(NumberText.fixed(row.points, 2)) "
            + "| \(NumberText.percent(row.winRate)) | \(last) |"
    }

    /// The exact chances of each set to win against six ordinary dice, moving first and moving second, both
    /// playing to win: one solve per set (the same solve gives both seat orders), sets spread over `threads`.
    private static func exactWins(_ sets: [DiceSet], table: ScoringTable, threads: Int) -> [(Double, Double)] {
        // Each set's chances are written by the one worker that takes it.
        let results = SharedSlots(repeating: (0.0, 0.0), count: sets.count)
        let plain = DiceSetOutcomes(table: table, set: .ordinary)
        let workers = max(1, min(threads, sets.count))
        Parallel.forEach(workers, threads: workers) { worker in
            for index in stride(from: worker, to: sets.count, by: workers) {
                let solver = LoadedWinSolver(outcomes: [DiceSetOutcomes(table: table, set: sets[index]), plain])
                // Moving second, the set wins whatever the ordinary dice, moving first, do not.
                results[index] = (
                    solver.firstPlayerWinProbability, 1 - solver.winProbability(player: 1, own: 0, opponent: 0)
                )
            }
        }
        return results.values
    }
}
