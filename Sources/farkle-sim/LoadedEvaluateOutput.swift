import FarkleKit
import FarkleReports

/// `evaluate --dice-set A --dice-set B`: the exact odds of a race in which each seat carries its own dice and
/// plays `ev` (the capped-optimal turn for its own total), `win`, `greedy` or `threshold:...` (`LoadedExactOdds`).
enum LoadedEvaluateOutput {
    static func run(
        _ arguments: ParsedArguments, rules: RuleSet, format: OutputFormat, threads: Int
    ) throws(UsageError) -> Int32 {
        let spec = arguments.spec
        let plays = try LoadedPlayArguments.plays(arguments)
        guard plays.count == 2 else {
            throw UsageError(
                "evaluate needs exactly 2 strategies, one per seat (--strategy A --strategy B), not \(plays.count)",
                spec: spec)
        }
        try DiceSetOption.requireRace(rules, arguments)
        guard LoadedWinSolver.supports(rules) else {
            throw UsageError(
                "exact odds with dice sets need banking after any keep, with no minimum bank, six-dice farkle or "
                    + "penalty (as in kcd); rules '\(rules.name)' differ (simulate them instead)", spec: spec)
        }
        let sets = try LoadedPlayArguments.sets(arguments, seats: 2)
        try LoadedPlayArguments.checkWin(plays, sets: sets, rules: rules, simulating: false, arguments: arguments)
        try LoadedPlayArguments.checkTurnsEnd(plays, sets: sets, rules: rules, arguments: arguments)
        let quiet = arguments.flag("quiet")
        let clock = ContinuousClock()
        let start = clock.now
        let table = ScoringTable(rules: rules)
        let outcomes = sets.map { DiceSetOutcomes(table: table, set: $0) }
        if plays.contains(.win), !quiet {
            Standard.error("Solving the race to win with these dice sets for strategy 'win'...")
        }
        let odds = LoadedExactOdds(outcomes: outcomes, plays: plays, threads: threads)
        let seconds = (clock.now - start) / .seconds(1)
        let target = rules.game.end.target ?? 0
        switch format {
        case .json:
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "target": \(target),
                  "strategies": [\(plays.map { JSONText.string($0.description) }.joined(separator: ", "))],
                  "dice_sets": [\(sets.map { JSONText.string($0.description) }.joined(separator: ", "))],
                  "win_probabilities": [\(odds.winProbabilities.map(JSONText.number).joined(separator: ", "))],
                  "tie_probability": 0,
                  "pairs": \(odds.pairCount),
                  "elapsed_seconds": \(JSONText.number(seconds))
                }
                """)
        default:
            var lines = [
                "# Exact odds: \(plays[0]) against \(plays[1]) with dice sets (rules: \(rules.name), target \(target))",
                "",
                "Seat 1 starts. Exact, no sampling: every roll of each seat's own dice weighed at every pair of "
                    + "totals. \(LoadedPlayArguments.meanings). The first bank to reach the target wins at once, so "
                    + "there are no ties.",
                "", "| Seat | Strategy | Dice set | Wins |", "|---:|---|---|---:|",
            ]
            for seat in 0..<2 {
                lines.append(
                    "| \(seat + 1) | \(plays[seat]) | \(sets[seat]) "
                        + "| \(NumberText.significant(odds.winProbabilities[seat])) |")
            }
            lines += [
                "| Tie | | | 0 |", "", "\(odds.pairCount) pairs of totals in \(String(format: "%.2f", seconds)) s.", "",
            ]
            Standard.output(lines.joined(separator: "\n"), terminator: "")
        }
        return ExitStatus.success
    }
}
