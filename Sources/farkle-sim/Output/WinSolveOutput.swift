@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `farkle-sim solve --objective win`: solves the two-player game to win and prints the odds.
enum WinSolveOutput {
    /// The `--objective` choices of `solve`.
    enum Objective: String, CaseIterable {
        case score
        case win
    }

    /// Solves the game of `rules` to win and prints the result in `format`.
    ///
    /// With `out`, writes the policy file there after solving (exit 1 with one error line when it cannot).
    static func run(
        rules: RuleSet, format: OutputFormat, threads: Int, out: String?, floor: Int? = nil,
        cache: SolvedGameCache = .disabled, showsProgress: Bool = true, spec: CommandSpec
    ) throws -> Int32 {
        // Opened before the solve, as every --out is: a missing directory, a device or a directory in its place
        // fails at once; symbolic links are followed, the file's permissions kept, and the temporary file is
        // removed on failure and on any signal that ends the process.
        let pending = try out.map(PendingFile.opened)
        let start = DispatchTime.now().uptimeNanoseconds
        let kind = WinGameKind(rules)
        guard kind != .rounds || out == nil else {
            throw UsageError(
                "'--out' writes the policy of races to a target; rules '\(rules.name)' play fixed rounds "
                    + "(strategy win solves them in seconds)", spec: spec)
        }
        let progress = SolveProgress(
            "Solving rules '\(rules.name)' to win", unit: SolveProgress.unit(of: rules),
            isShown: showsProgress)
        let game: any SolvedWinGame
        do {
            defer { progress.finish() }
            game = try cache.solveGame(
                for: ScoringTable(rules: rules), floor: floor, threads: threads, progress: progress.update,
                sweeps: progress.sweep)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        var figures = Figures(game)
        if let rounds = game as? RoundsWinSolver { figures.rounds = (rounds.differenceCap, rounds.capErrorBound) }
        if let penalty = game as? PenaltyWinSolver {
            figures.penalty = (penalty.floor, penalty.sweeps, penalty.lastChange)
        }
        figures.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let summary = Summary(solver: figures, seconds: figures.seconds, threads: threads, peakBytes: peakMemoryBytes())
        switch format {
        case .md, .csv: Standard.output(summary.markdown, terminator: "")
        case .json: Standard.output(summary.json)
        }
        // The policy file after the results: a run whose results could not be printed replaces no file.
        try pending?.commitAfterOutput(bytes: game.policyFileBytes)
        return ExitStatus.success
    }

    /// Solves the race between dice sets to win (or reads it from `cache`) and prints the result in `format`:
    /// player 1 (who starts) with the first set, player 2 with the second (six ordinary dice when only one is
    /// given). With `out`, writes the policy file there after solving (exit 1 with one error line when it cannot).
    static func run(
        rules: RuleSet, sets: [DiceSet], format: OutputFormat, threads: Int, out: String?,
        cache: SolvedGameCache = .disabled, showsProgress: Bool = true, spec: CommandSpec
    ) throws -> Int32 {
        if let reason = LoadedWinSolver.refusal(for: rules) {
            throw UsageError("'--objective win' with dice sets \(reason)", spec: spec)
        }
        let players = sets.count == 1 ? [sets[0], DiceSet.ordinary] : sets
        let table = ScoringTable(rules: rules)
        let outcomes = players.map { DiceSetOutcomes(table: table, set: $0) }
        let pending = try out.map(PendingFile.opened)
        let start = DispatchTime.now().uptimeNanoseconds
        let progress = SolveProgress("Solving rules '\(rules.name)' to win", isShown: showsProgress)
        let solver = cache.diceSetGame(outcomes: outcomes, threads: threads, progress: progress.update)
        progress.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let first = solver.firstPlayerWinProbability
        // The second player's chance when it starts instead, from the same solve.
        let secondStarting = solver.winProbability(player: 1, own: 0, opponent: 0)
        switch format {
        case .json:
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "target": \(solver.target),
                  "dice_sets": \(JSONText.inlineArray(players.map { JSONText.string($0.description) })),
                  "first_player_win_probability": \(JSONText.number(first)),
                  "second_player_win_probability_if_it_starts": \(JSONText.number(secondStarting)),
                  "largest_last_change": \(JSONText.number(solver.largestLastChange)),
                  "elapsed_seconds": \(JSONText.number(seconds))
                }
                """)
        case .md, .csv:
            Standard.output(
                """
                # The race played to win: \(rules.name), target \(solver.target)

                Player 1 carries \(players[0]), player 2 carries \(players[1]); both play to win.

                | Figure | Value |
                |---|---:|
                | Player 1 wins, moving first | \(NumberText.fixed(first * 100, 4)) % |
                | Player 2 wins, moving first | \(NumberText.fixed(secondStarting * 100, 4)) % |
                | Largest change of the last iteration step | \(NumberText.scientific(solver.largestLastChange)) |

                """, terminator: "")
        }
        // The policy file after the results, as above.
        try pending?.commitAfterOutput(bytes: solver.policyFileBytes)
        return ExitStatus.success
    }

    /// The `--penalty-floor` given, checked: a multiple of the score step from -1,000,000 to 0, under rules
    /// with a three-farkle penalty of points (one of the whole total never takes a total below zero) or a scoreless
    /// opening roll that costs points.
    static func penaltyFloor(_ arguments: ParsedArguments, rules: RuleSet, spec: CommandSpec) throws(UsageError)
        -> Int?
    {
        guard arguments.value("penalty-floor") != nil else { return nil }
        if rules.game.end.rounds != nil {
            throw UsageError(
                "'--penalty-floor': rules '\(rules.name)' play fixed rounds, where only the difference of the totals "
                    + "counts and no floor is tabulated", spec: spec)
        }
        guard rules.turn.farklesCostPoints else {
            throw UsageError(
                "'--penalty-floor': rules '\(rules.name)' have no three-farkle penalty and no scoreless opening roll "
                    + "that costs points", spec: spec)
        }
        guard rules.turn.threeFarklePenalty != .wholeTotal || rules.turn.scorelessOpeningRollCost > 0 else {
            throw UsageError(
                "'--penalty-floor': under rules '\(rules.name)' a third farkle takes the whole total, so no total "
                    + "falls below zero", spec: spec)
        }
        let floor = try arguments.integer("penalty-floor", in: -1_000_000...0, default: 0)
        let step = ScoringTable(rules: rules).scoreStep
        guard floor % step == 0 else {
            throw UsageError("'--penalty-floor' must be a multiple of \(step) points, not \(floor)", spec: spec)
        }
        return floor
    }

    /// The process's peak resident memory, in bytes (0 where it cannot be read).
    static func peakMemoryBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)
        #else
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// The figures of a solved game, with or without a three-farkle penalty.
    struct Figures {
        let table: ScoringTable
        let firstPlayerValue: Double
        let firstPlayerWinProbability: Double
        let tieProbability: Double
        let firstPlayerLossProbability: Double
        let fairHeadStart: (points: Int, firstPlayerValue: Double)
        let stateCount: Int
        let finalRoundCap: Int?
        /// The floor on negative totals, the sweeps and the last sweep's change, under a penalty.
        var penalty: (floor: Int, sweeps: Int, lastChange: Double)?
        /// In a game of fixed rounds, the cap on the difference of totals and the bound on its error.
        var rounds: (cap: Int, errorBound: Double)?
        var seconds = 0.0

        init(_ solver: some SolvedWinGame) {
            table = solver.table
            firstPlayerValue = solver.firstPlayerValue
            firstPlayerWinProbability = solver.firstPlayerWinProbability
            tieProbability = solver.tieProbability
            firstPlayerLossProbability = solver.firstPlayerLossProbability
            fairHeadStart = solver.fairHeadStart
            stateCount = solver.stateCount
            finalRoundCap = solver.finalRoundCap
        }

    }

    /// What `solve --objective win` prints.
    struct Summary {
        let solver: Figures
        let seconds: Double
        let threads: Int
        let peakBytes: Int

        var markdown: String {
            let head = solver.fairHeadStart
            var lines = [
                "# Playing to win: \(solver.table.rules.name)", "",
                "Both players maximize P(win) + ½ P(tie); exact, no sampling.", "",
                "| Figure | Value |", "|---|---:|",
                "| First player's value, P(win) + ½ P(tie) | \(NumberText.fixed(solver.firstPlayerValue, 6)) |",
                "| First player wins | \(NumberText.fixed(solver.firstPlayerWinProbability, 6)) |",
                "| Tie | \(NumberText.fixed(solver.tieProbability, 6)) |",
                "| First player loses | \(NumberText.fixed(solver.firstPlayerLossProbability, 6)) |",
                "| Fair head start for the second player | \(head.points) points"
                    + (head.points < 0 ? " (\(-head.points) to the first player)" : "")
                    + " "
                    + "(first player's value \(NumberText.fixed(head.firstPlayerValue, 6))) |",
                "| States | \(NumberText.grouped(solver.stateCount)) |",
                "| Wall time | \(NumberText.fixed(seconds, 2)) s on \(NumberText.count(threads, "thread")) |",
                "| Peak memory | \(peakBytes / (1024 * 1024)) MiB |",
            ]
            if let cap = solver.finalRoundCap {
                lines.append("| Final-round deficits tabulated up to | \(NumberText.grouped(cap)) points |")
            }
            if let rounds = solver.rounds {
                lines.append(
                    "| Ends at the highest-single-turn tie-break (counted as a tie) | "
                        + "\(NumberText.fixed(solver.tieProbability, 9)) |")
                lines.append(
                    "| Difference of totals capped at | ±\(NumberText.grouped(rounds.cap)) points "
                        + "(moves no value by more than \(NumberText.scientific(rounds.errorBound))) |")
            }
            if let penalty = solver.penalty {
                lines.append("| Lowest total tabulated (penalty floor) | \(NumberText.grouped(penalty.floor)) points |")
                lines.append(
                    "| Sweeps (last change) | \(penalty.sweeps) (\(NumberText.scientific(penalty.lastChange))) |")
            }
            lines.append("")
            return lines.joined(separator: "\n") + "\n"
        }

        var json: String {
            let head = solver.fairHeadStart
            return """
                {
                  "rules": \(JSONText.string(solver.table.rules.name)),
                  "objective": "win",
                  "value": \(JSONText.number(solver.firstPlayerValue)),
                  "first_player_win_probability": \(JSONText.number(solver.firstPlayerWinProbability)),
                  "tie_probability": \(JSONText.number(solver.tieProbability)),
                  "first_player_loss_probability": \(JSONText.number(solver.firstPlayerLossProbability)),
                  "fair_head_start": \(head.points),
                  "fair_head_start_value": \(JSONText.number(head.firstPlayerValue)),
                  "states": \(solver.stateCount),
                  "final_round_cap": \(solver.finalRoundCap.map(String.init) ?? "null"),\(penaltyMembers)\(roundsMembers)
                  "wall_seconds": \(JSONText.number(seconds)),
                  "threads": \(threads),
                  "peak_memory_bytes": \(peakBytes)
                }
                """
        }

        /// The penalty's members on lines of their own, or nothing.
        private var penaltyMembers: String {
            guard let penalty = solver.penalty else { return "" }
            return """

                  "penalty_floor": \(penalty.floor),
                  "sweeps": \(penalty.sweeps),
                  "last_sweep_change": \(JSONText.number(penalty.lastChange)),
                """
        }

        /// A game of rounds' members on lines of their own, or nothing: the tie probability is the chance
        /// that the game reaches the highest-single-turn tie-break, counted as a tie.
        private var roundsMembers: String {
            guard let rounds = solver.rounds else { return "" }
            return """

                  "highest_turn_tie_break_probability": \(JSONText.number(solver.tieProbability)),
                  "difference_cap": \(rounds.cap),
                  "difference_cap_error_bound": \(JSONText.number(rounds.errorBound)),
                """
        }
    }
}
