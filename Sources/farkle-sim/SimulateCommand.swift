import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim`: Simulates Farkle games between strategies (the default command).
enum SimulateCommand: Command {
    static let defaultGames = 100_000

    /// The most games one run plays: 64-bit tallies of a billion games' rolls, turns and points stay far
    /// from overflowing (a game is a few thousand rolls at the very most), and a billion games already take
    /// minutes.
    static let maximumGames = 1_000_000_000

    /// Why `--games` stops at `maximumGames`, for the message.
    static let gamesLimitReason = "the most games the tallies count safely"
    static let defaultSeed: UInt64 = 1

    static let spec = CommandSpec(
        name: "",
        abstract: "Simulates Farkle games between strategies (the default command).",
        discussion: """
            Plays whole games seat against seat (seat 1 starts every game) and prints wins with 95% confidence
            intervals, ties, turns, points and farkles per turn, and the speed. Give one --strategy for all seats,
            or one per seat: \(StrategySpec.syntax) (ev: the expected-score optimal turn; greedy: the
            highest-scoring keep, bank as soon as allowed; threshold: bank with 1 die from T1, with 2 dice from T2
            points; win: the play that maximizes the chance to win, 2 players only, solved first: minutes for a
            10,000-point race or for zilch, whose three-farkle penalty it plays too, building each turn's table
            when a game first reaches it). The same --seed gives the same numbers on any number of threads. With --dice-set
            each seat carries its own dice in a race won at the target at once (kcd) and plays ev (the turn that
            maximizes the expected points toward the target from its own total), win (2 players), greedy or
            threshold:T1,T2 (the highest-scoring keep; on a tie in points the fewest dice, then the dice left
            most likely to score on the next roll).
            """,
        options: [
            OptionSpec(
                name: "games", valueName: "n", help: "The number of games to play.",
                defaultValue: grouped(defaultGames)),
            OptionSpec(
                name: "players", valueName: "p", help: "The number of players, 1 to 8 (1: a solo race to the target).",
                defaultValue: "the rule set's, 2 in standard"),
            OptionSpec(
                name: "strategy", valueName: "s", help: "A seat's strategy: \(StrategySpec.syntax).",
                defaultValue: "ev", isRepeatable: true),
            OptionSpec(
                name: "seed", valueName: "x", help: "The random seed, a whole number from 0 to 2^64 - 1.",
                defaultValue: "\(defaultSeed)"),
            OptionSpec(
                name: "threads", valueName: "k", help: "Threads playing at once (never changes the numbers).",
                defaultValue: "the active processor count"),
            StrategyArguments.policy,
            RulesOption.spec,
            RulesOption.target,
            OutputFormat.option(),
            OptionSpec(name: "out", valueName: "file", help: "Write the results to a file instead of stdout."),
            .flag("quiet", help: "Show no progress line."),
            LoadedPlayArguments.sets,
            DiceSetOption.catalog,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
        // Loaded dice take their own engine, so the plain games' hot loop stays as it is.
        if !arguments.allValues(DiceSetOption.set.name).isEmpty {
            return try LoadedSimulateOutput.run(arguments, rules: rules)
        }
        let games = try arguments.integer(
            "games", in: 1...maximumGames, default: defaultGames, because: gamesLimitReason)
        let players = try arguments.integer("players", in: GameRules.playerRange, default: rules.game.players)
        let threads = try arguments.integer(
            "threads", in: 1...1024, default: GameSimulation<BuiltInStrategy>.defaultThreads)
        let seed = try arguments.seed(default: defaultSeed)
        let format = try arguments.format(allowed: OutputFormat.allCases)
        let specs = try seatSpecs(arguments, players: players)
        if specs.contains(.expectedValue) { try RulesOption.checkSolverSize(rules, arguments) }
        // The output file is opened before the games: a bad path fails at once, not after minutes of play.
        let outputFile = try arguments.path("out").map(PendingFile.opened)

        let table = ScoringTable(rules: rules)
        var context = StrategyContext(table: table)
        if specs.contains(.win) {
            // The solver plays the table as simulated: as many players as seats.
            var rules = rules
            rules.game.players = players
            context = StrategyContext(table: ScoringTable(rules: rules))
            try StrategyArguments.solveToWin(
                &context, threads: threads, quiet: arguments.flag("quiet"), arguments: arguments, spec: spec)
        }
        let seats = BuiltInStrategy.make(specs, context: &context)
        // Timed from here: the games, not a solve for `win` before them.
        let clock = ContinuousClock()
        let start = clock.now
        let simulation = GameSimulation(table: table, seats: seats)
        var progress = ProgressLine(total: games, isShown: !arguments.flag("quiet") && Standard.errorIsTerminal)
        let tally = simulation.run(games: games, seed: seed, threads: threads) { done in
            progress.update(done: done, elapsed: clock.now - start)
        }
        progress.finish()
        let elapsed = clock.now - start
        if !arguments.flag("quiet"), let win = seats.lazy.compactMap(\.penaltyWinStrategy).first {
            Standard.error(
                "Strategy 'win' built \(grouped(win.builtTurnCount)) turn tables "
                    + "(\(grouped(win.cachedTurnCount)) kept, at most \(grouped(win.maximumCachedTurns))).")
        }

        let summary = Summary(
            rules: rules, seed: seed, threads: threads, tally: tally, strategies: seats.map(\.name),
            elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        let text: String
        switch format {
        case .md: text = summary.markdown
        case .csv: text = summary.csv
        case .json: text = summary.json
        }
        if let outputFile {
            try outputFile.commitOrFail(text)
        } else {
            Standard.output(text, terminator: "")
        }
        return ExitStatus.success
    }

    // MARK: - Arguments

    /// One spec per seat: none given means `ev` everywhere, one given fills every seat.
    private static func seatSpecs(_ arguments: ParsedArguments, players: Int) throws(UsageError) -> [StrategySpec] {
        let specs = try StrategyArguments.specs(arguments, spec: spec)
        switch specs.count {
        case 0: return Array(repeating: .expectedValue, count: players)
        case 1: return Array(repeating: specs[0], count: players)
        case players: return specs
        default:
            throw UsageError(
                "\(specs.count) strategies for \(players) players: give one --strategy for all seats or one per seat"
                    + (GameRules.playerRange.contains(specs.count) ? " (or --players \(specs.count))" : ""),
                spec: spec)
        }
    }

    /// `1,000,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}

// MARK: - Progress

/// The `  41% (410,000 of 1,000,000 games)` line on stderr, shown once a run has taken a second.
private struct ProgressLine {
    let total: Int
    let isShown: Bool
    private var hasPrinted = false
    private var lastShown: Duration = .zero

    init(total: Int, isShown: Bool) {
        self.total = total
        self.isShown = isShown
    }

    mutating func update(done: Int, elapsed: Duration) {
        // After the first second, about ten updates a second: enough to see it move.
        guard isShown, done < total, elapsed >= .seconds(1), elapsed - lastShown >= .milliseconds(100) else { return }
        lastShown = elapsed
        let percent = done * 100 / total
        let line = "\(percent)% (\(SimulateCommand.grouped(done)) of \(SimulateCommand.grouped(total)) games)"
        Standard.error("\r\u{1B}[K" + line, terminator: "")
        hasPrinted = true
    }

    func finish() {
        if hasPrinted { Standard.error("\r\u{1B}[K", terminator: "") }
    }
}

// MARK: - Formatting

/// The figures of a finished run, in the three output formats.
private struct Summary {
    let rules: RuleSet
    let seed: UInt64
    let threads: Int
    let tally: SimulationTally
    let strategies: [String]
    let elapsedSeconds: Double

    /// `2 players`, `1 player`.
    var players: String {
        tally.seats.count == 1 ? "1 player" : "\(tally.seats.count) players"
    }

    var gamesPerSecond: Double { Double(tally.games) / max(elapsedSeconds, 1e-9) }
    var rollsPerSecond: Double { Double(tally.rolls) / max(elapsedSeconds, 1e-9) }

    private func percent(_ share: Double) -> String {
        String(format: "%.2f%%", share * 100)
    }

    private func decimal(_ value: Double, _ places: Int = 1) -> String {
        String(format: "%.\(places)f", value)
    }

    private func number(_ value: Double) -> String {
        JSONText.number(value)
    }

    private func seatPoints(_ seat: SimulationTally.Seat) -> Double {
        seat.turns == 0 ? 0 : Double(seat.bankedPoints) / Double(seat.turns)
    }

    private func seatFarkleRate(_ seat: SimulationTally.Seat) -> Double {
        seat.turns == 0 ? 0 : Double(seat.farkles) / Double(seat.turns)
    }

    /// Whether the game is one of fixed rounds, whose final totals the seat table shows.
    private var showsFinalTotals: Bool { rules.game.end.rounds != nil }

    /// A seat's final totals at the 25th, 50th and 75th percentile.
    private func finalTotalQuartiles(seat: Int) -> [Int] {
        [0.25, 0.5, 0.75].map { tally.finalTotalQuantile(seat: seat, $0) }
    }

    var markdown: String {
        let grouped = SimulateCommand.grouped
        let totals = showsFinalTotals ? " Mean total | Total quartiles |" : ""
        var lines = [
            "# \(grouped(tally.games)) games, \(players), rules \(rules.name), seed \(seed)",
            "",
            "| Seat | Strategy | Wins | Win rate | 95% CI | Ties |\(totals) Points per turn | Farkle rate |",
            "|---:|---|---:|---:|---|---:|" + (showsFinalTotals ? "---:|---|" : "") + "---:|---:|",
        ]
        for (index, seat) in tally.seats.enumerated() {
            let rate = tally.winRate(seat: index)
            let interval = rate.wilsonInterval()
            let quartiles = finalTotalQuartiles(seat: index).map(grouped).joined(separator: " / ")
            let seatTotals =
                showsFinalTotals ? " \(grouped(Int(tally.meanFinalTotal(seat: index).rounded()))) | \(quartiles) |" : ""
            lines.append(
                "| \(index + 1) | \(strategies[index]) | \(grouped(seat.wins)) | \(percent(rate.value)) | "
                    + "\(percent(interval.lowerBound)) to \(percent(interval.upperBound)) | \(grouped(seat.ties)) |"
                    + "\(seatTotals) \(decimal(seatPoints(seat))) | \(percent(seatFarkleRate(seat))) |")
        }
        lines += [
            "",
            "| Figure | Value |",
            "|---|---:|",
            "| Ties | \(grouped(tally.ties)) |",
            "| Instant wins (six 1s) | \(grouped(tally.instantWins)) |",
        ]
        if tally.unfinishedGames > 0 {
            lines.append(
                "| Unfinished games (\(GameSimulation<BuiltInStrategy>.maximumRounds) rounds) | "
                    + "\(grouped(tally.unfinishedGames)) |")
        }
        if tally.penalties > 0 { lines.append("| Three-farkle penalties | \(grouped(tally.penalties)) |") }
        if rules.game.extraRoundsOnTie > 0, showsFinalTotals {
            lines.append("| Games that played extra rounds to break a tie | \(grouped(tally.extraRoundGames)) |")
        }
        if rules.game.highestTurnBreaksTie, showsFinalTotals {
            lines.append(
                "| Games decided by the highest single turn | \(grouped(tally.sharedHighestTotals - tally.ties)) |")
        }
        if tally.seats.count == 1, let target = rules.game.end.target {
            let quartiles = [0.25, 0.5, 0.75].map { String(tally.roundsQuantile($0)) }.joined(separator: " / ")
            lines += [
                "| Mean turns to reach \(grouped(target)) | \(decimal(tally.meanRoundsPerFinishedGame, 2)) |",
                "| Turns to reach \(grouped(target)): quartiles | \(quartiles) |",
            ]
        }
        lines += [
            "| Mean turns per game | \(decimal(tally.meanTurnsPerGame, 2)) |",
            "| Mean banked points per turn | \(decimal(tally.meanPointsPerTurn, 2)) "
                + "± \(decimal(tally.meanPointsPerTurnStandardError, 2)) (s.e.) |",
        ]
        if rules.turn.threeFarklePenalty != nil {
            lines.append(
                "| Mean net points per turn, penalties included | \(decimal(tally.meanNetPointsPerTurn, 2)) "
                    + "± \(decimal(tally.meanNetPointsPerTurnStandardError, 2)) (s.e., by game) |")
        }
        lines += [
            "| Farkle rate per turn | \(percent(tally.farkleRate.value)) |",
            "| Rolls simulated | \(grouped(tally.rolls)) |",
            "| Wall time | \(decimal(elapsedSeconds, 3)) s on \(threads) threads |",
            "| Games per second | \(grouped(Int(gamesPerSecond.rounded()))) |",
            "| Rolls per second | \(grouped(Int(rollsPerSecond.rounded()))) |",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    var csv: String {
        var lines = [
            "seat,strategy,wins,win_rate,win_rate_low,win_rate_high,ties,turns,mean_points_per_turn,farkle_rate,"
                + "games,all_ties,instant_wins,unfinished_games,mean_turns_per_game,rolls,elapsed_seconds,"
                + "mean_net_points_per_turn,mean_final_total,final_total_q1,final_total_median,final_total_q3"
        ]
        for (index, seat) in tally.seats.enumerated() {
            let rate = tally.winRate(seat: index)
            let interval = rate.wilsonInterval()
            let fields: [String] =
                [
                    "\(index + 1)", strategies[index], "\(seat.wins)", number(rate.value), number(interval.lowerBound),
                    number(interval.upperBound), "\(seat.ties)", "\(seat.turns)", number(seatPoints(seat)),
                    number(seatFarkleRate(seat)), "\(tally.games)", "\(tally.ties)", "\(tally.instantWins)",
                    "\(tally.unfinishedGames)", number(tally.meanTurnsPerGame), "\(tally.rolls)",
                    number(elapsedSeconds),
                    number(seat.meanNetPointsPerTurn), number(tally.meanFinalTotal(seat: index)),
                ] + finalTotalQuartiles(seat: index).map(String.init)
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rounds finished games lasted (in a solo race: the turns to reach the target): mean, quartiles and counts.
    private var roundsPerGame: String {
        let counts = tally.gamesByRound.enumerated().filter { $0.element > 0 }.map { ("\($0.offset)", "\($0.element)") }
        let quartiles = [0.25, 0.5, 0.75].map { String(tally.roundsQuantile($0)) }.joined(separator: ", ")
        return JSONText.object([
            ("mean", number(tally.meanRoundsPerFinishedGame)), ("quartiles", "[\(quartiles)]"),
            ("counts", JSONText.object(counts)),
        ])
    }

    var json: String {
        let seats = tally.seats.enumerated().map { index, seat -> String in
            let rate = tally.winRate(seat: index)
            let interval = rate.wilsonInterval()
            return """
                    {"seat": \(index + 1), "strategy": \(JSONText.string(strategies[index])), "wins": \(seat.wins), \
                "win_rate": \(number(rate.value)), "win_rate_low": \(number(interval.lowerBound)), \
                "win_rate_high": \(number(interval.upperBound)), "ties": \(seat.ties), "turns": \(seat.turns), \
                "mean_points_per_turn": \(number(seatPoints(seat))), "farkle_rate": \(number(seatFarkleRate(seat))), \
                "penalty_points": \(seat.penaltyPoints), "mean_net_points_per_turn": \(number(seat.meanNetPointsPerTurn)), \
                "mean_final_total": \(number(tally.meanFinalTotal(seat: index))), \
                "final_total_quartiles": [\(finalTotalQuartiles(seat: index).map(String.init).joined(separator: ", "))]}
                """
        }
        return """
            {
              "rules": \(JSONText.string(rules.name)),
              "games": \(tally.games),
              "players": \(tally.seats.count),
              "seed": \(seed),
              "threads": \(threads),
              "seats": [
            \(seats.joined(separator: ",\n"))
              ],
              "ties": \(tally.ties),
              "shared_highest_totals": \(tally.sharedHighestTotals),
              "extra_round_games": \(tally.extraRoundGames),
              "instant_wins": \(tally.instantWins),
              "unfinished_games": \(tally.unfinishedGames),
              "penalties": \(tally.penalties),
              "turns": \(tally.turns),
              "mean_turns_per_game": \(number(tally.meanTurnsPerGame)),
              "mean_points_per_turn": \(number(tally.meanPointsPerTurn)),
              "mean_points_per_turn_standard_error": \(number(tally.meanPointsPerTurnStandardError)),
              "penalty_points": \(tally.penaltyPoints),
              "mean_net_points_per_turn": \(number(tally.meanNetPointsPerTurn)),
              "mean_net_points_per_turn_standard_error": \(number(tally.meanNetPointsPerTurnStandardError)),
              "farkle_rate": \(number(tally.farkleRate.value)),
              "rolls": \(tally.rolls),
              "elapsed_seconds": \(number(elapsedSeconds)),
              "games_per_second": \(number(gamesPerSecond)),
              "rolls_per_second": \(number(rollsPerSecond)),
              "rounds_per_game": \(roundsPerGame)
            }

            """
    }
}

extension BuiltInStrategy {
    /// The strategy `win` plays under a three-farkle penalty, or `nil`.
    fileprivate var penaltyWinStrategy: PenaltyWinStrategy? {
        if case .win(let shared) = self { shared.penaltyStrategy } else { nil }
    }
}
