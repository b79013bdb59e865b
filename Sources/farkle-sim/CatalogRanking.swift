import FarkleKit
import FarkleReports
import Foundation

/// `dice-set --rank-catalog`: every catalog die with five ordinary dice, by the exact expected points toward the
/// target from 0 and by the share of games won against six ordinary dice (simulated, both seat orders).
enum CatalogRanking {
    private struct Row {
        let names: [String]
        let weights: [Int]
        let points: Double
        let winRate: Double
        let interval: ClosedRange<Double>
    }

    static func run(_ arguments: ParsedArguments, rules: RuleSet, threads: Int, format: OutputFormat)
        throws(UsageError) -> Int32
    {
        let games = try arguments.integer("games", in: 1...10_000_000, default: 20_000)
        let seed = try arguments.seed(default: 1)
        let catalog = try DiceSetOption.catalog(arguments)
        guard let target = rules.game.end.target else { return ExitStatus.failure }
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
        var rows: [Row] = []
        for group in groups {
            let set = DiceSet(members: [DiceSet.Member(die: group.dice[0], count: 1)])
            let points = CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: set), cap: target).openingValue
            var wins = 0
            if set.isOrdinary {
                wins = games
            } else {
                let first = LoadedGameSimulation(rules: rules, sets: [set, .ordinary])
                    .run(games: games, seed: seed, threads: threads)
                let second = LoadedGameSimulation(rules: rules, sets: [.ordinary, set])
                    .run(games: games, seed: seed &+ 1, threads: threads)
                wins = first.wins[0] + second.wins[1]
            }
            // Six ordinary dice against themselves win half the games by symmetry of the two seat orders.
            let estimate = ProportionEstimate(successes: wins, trials: 2 * games)
            let rate = set.isOrdinary ? 0.5 : estimate.value
            let interval = set.isOrdinary ? 0.5...0.5 : estimate.wilsonInterval()
            rows.append(
                Row(
                    names: group.dice.map(\.name), weights: group.dice[0].weights, points: points, winRate: rate,
                    interval: interval))
        }
        let byPoints = rows.sorted { $0.points > $1.points }
        let byWins = rows.sorted { $0.winRate > $1.winRate }
        switch format {
        case .json:
            let objects = byPoints.map { row in
                JSONText.object([
                    ("dice", "[\(row.names.map(JSONText.string).joined(separator: ", "))]"),
                    ("weights", "[\(row.weights.map(String.init).joined(separator: ", "))]"),
                    ("points", JSONText.number(row.points)), ("win_rate", JSONText.number(row.winRate)),
                    (
                        "win_rate_interval",
                        "[\(JSONText.number(row.interval.lowerBound)), \(JSONText.number(row.interval.upperBound))]"
                    ),
                ])
            }
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "target": \(target),
                  "games_per_order": \(games),
                  "seed": \(seed),
                  "dice": \(JSONText.array(objects, indent: 4))
                }
                """)
        case .csv:
            var lines = ["dice,weights,points,win_rate,win_rate_low,win_rate_high"]
            for row in byPoints {
                lines.append(
                    "\(row.names.joined(separator: "/")),\(row.weights.map(String.init).joined(separator: " ")),"
                        + "\(NumberText.exact(row.points)),\(NumberText.exact(row.winRate)),"
                        + "\(NumberText.exact(row.interval.lowerBound)),\(NumberText.exact(row.interval.upperBound))")
            }
            Standard.output(lines.joined(separator: "\n") + "\n", terminator: "")
        case .md:
            var lines = [
                "# One loaded die and five ordinary dice: \(rules.name), target \(target)", "",
                "Points: E[min(turn points, \(target))] from a total of 0 under best play, exact. Wins: the share of "
                    + "games won against six ordinary dice, both playing the capped-optimal turn for their own "
                    + "total, \(SimulateCommand.grouped(games)) games with each seat order (seed \(seed)), with a 95% "
                    + "interval.", "",
                "## By points", "",
                "| Rank | Die | Weights 1-6 | Points | Wins | 95% CI |", "|---:|---|---|---:|---:|---|",
            ]
            lines += byPoints.enumerated().map { line($0.offset, $0.element) }
            lines += [
                "", "## By wins against six ordinary dice", "",
                "| Rank | Die | Weights 1-6 | Points | Wins | 95% CI |", "|---:|---|---|---:|---:|---|",
            ]
            lines += byWins.enumerated().map { line($0.offset, $0.element) }
            Standard.output(lines.joined(separator: "\n") + "\n", terminator: "")
        }
        return ExitStatus.success
    }

    private static func line(_ index: Int, _ row: Row) -> String {
        "| \(index + 1) | \(row.names.joined(separator: ", ")) | \(row.weights.map(String.init).joined(separator: " ")) "
            + "| \(String(format: "%.2f", row.points)) | \(String(format: "%.2f%%", row.winRate * 100)) "
            + "| \(String(format: "%.2f%% to %.2f%%", row.interval.lowerBound * 100, row.interval.upperBound * 100)) |"
    }
}
