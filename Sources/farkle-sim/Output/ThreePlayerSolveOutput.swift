@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim solve --objective win --players 3`: solves the three-player race to win and prints each seat's
/// chance and the fair head starts.
enum ThreePlayerSolveOutput {
    /// Solves the three-player game of `rules` and prints it in `format` (Markdown or JSON).
    ///
    /// The solution is read from `cache` or solved and kept there; with `out`, its policy file is written there too
    /// (exit 1 with one error line when it cannot).
    static func run(
        rules: RuleSet, format: OutputFormat, threads: Int, out: String?, cache: SolvedGameCache = .disabled,
        showsProgress: Bool, spec: CommandSpec
    ) throws -> Int32 {
        // The file is for --policy, and no command plays three players with a final round from it: they play the
        // race of two against the leader there (`RuleSet.headsUpGame`).
        if out != nil, rules.game.end.hasFinalRound {
            throw UsageError(
                "'--out' writes the game for '--policy', and three players with a final round play the race of two "
                    + "against the leader: 'solve --objective win --players 2 --out FILE' writes the file they read",
                spec: spec)
        }
        // Opened before the solve, as every --out is (see WinSolveOutput).
        let pending = try out.map(PendingFile.opened)
        let start = DispatchTime.now().uptimeNanoseconds
        let game: any SolvedWinGame
        do {
            // Refused with the three-player solver's reason, not that of the game these rules would be otherwise.
            try ThreePlayerWinSolver.check(rules)
            let progress = SolveProgress(
                "Solving rules '\(rules.name)' to win, 3 players", unit: "the sets of totals", isShown: showsProgress)
            defer { progress.finish() }
            game = try cache.solveGame(for: ScoringTable(rules: rules), threads: threads, progress: progress.update)
        } catch {
            // Both refusals are one `NotCovered`: its line is the usage error.
            throw UsageError(error.description, spec: spec)
        }
        // The rules are a race of three players (checked above), which the cache solves with the three-player solver.
        guard let solver = game as? ThreePlayerWinSolver else {
            throw UsageError("rules '\(rules.name)' are not a race of three players", spec: spec)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let peak = WinSolveOutput.peakMemoryBytes()
        let seats = solver.seatWinProbabilities
        let finalRound = rules.game.end.hasFinalRound
        let fair = solver.fairHeadStarts
        switch format {
        case .json:
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "objective": "win",
                  "players": 3,
                  "target": \(solver.target),
                  "seat_win_probabilities": \(JSONText.inlineArray(seats.map(JSONText.number))),
                  "tie_probability": \(finalRound ? "null" : "0"),
                  "final_round": \(finalRound),
                  "fair_head_starts": [0, \(fair.second), \(fair.third)],
                  "fair_head_start_win_probabilities": \(JSONText.inlineArray(fair.winProbabilities.map(JSONText.number))),
                  "states": \(solver.stateCount),
                  "most_repetitions": \(solver.maximumRepetitions),
                  "unsettled_loops": \(solver.unsettledLoops),
                  "mixed_loops": \(solver.mixedLoops),
                  "largest_last_change": \(JSONText.number(solver.largestLastChange)),
                  "wall_seconds": \(JSONText.number(seconds)),
                  "threads": \(threads),
                  "peak_memory_bytes": \(peak)
                }
                """)
        case .md, .csv:
            let chances = { (values: [Double]) in values.map { NumberText.fixed($0, 6) }.joined(separator: " / ") }
            let lines = [
                "# Playing to win, three players: \(rules.name), target \(solver.target)", "",
                finalRound
                    ? "Each player maximizes their own chance to win, a tie counting as its share (½ between two, ⅓ "
                        + "among three); exact, no sampling. The first bank that reaches the target gives each other "
                        + "player one more turn; the chances below count each tie as its share."
                    : "Each player maximizes their own chance to win; exact, no sampling. The first bank that reaches "
                        + "the target wins, so there are no ties.",
                "",
                "| Figure | Value |", "|---|---:|",
                "| Seat 1 wins (moves first) | \(NumberText.fixed(seats[0], 6)) |",
                "| Seat 2 wins | \(NumberText.fixed(seats[1], 6)) |",
                "| Seat 3 wins | \(NumberText.fixed(seats[2], 6)) |",
                "| Fair head starts for seats 2 and 3 | \(fair.second) and \(fair.third) points "
                    + "(seats win \(chances(fair.winProbabilities))) |",
                "| States | \(NumberText.grouped(solver.stateCount)) |",
                "| Most repetitions of a loop of three turns (last change) | \(solver.maximumRepetitions) "
                    + "(\(NumberText.scientific(solver.largestLastChange))) |",
                "| Loops of three turns where best replies go round, settled by a player mixing two plays | "
                    + "\(solver.mixedLoops) |",
                "| Loops of three turns whose play did not settle | \(solver.unsettledLoops) |",
                "| Wall time | \(NumberText.fixed(seconds, 2)) s on \(NumberText.count(threads, "thread")) |",
                "| Peak memory | \(peak / (1024 * 1024)) MiB |",
                "",
            ]
            Standard.output(lines.joined(separator: "\n"), terminator: "")
        }
        // The policy file after the results: a run whose results could not be printed replaces no file.
        try pending?.commitAfterOutput(bytes: solver.policyFileBytes)
        return ExitStatus.success
    }
}
