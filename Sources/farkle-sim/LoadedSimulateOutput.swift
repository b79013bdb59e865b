import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim --dice-set ...`: games in which each seat carries its own dice, played by `LoadedGameSimulation`.
enum LoadedSimulateOutput {
    static func run(_ arguments: ParsedArguments, rules: RuleSet) throws(UsageError) -> Int32 {
        let spec = arguments.spec
        try DiceSetOption.requireRace(rules, arguments)
        let games = try arguments.integer(
            "games", in: 1...SimulateCommand.maximumGames, default: SimulateCommand.defaultGames,
            because: SimulateCommand.gamesLimitReason)
        let threads = try arguments.integer(
            "threads", in: 1...1024, default: GameSimulation<BuiltInStrategy>.defaultThreads)
        let seed = try arguments.seed(default: SimulateCommand.defaultSeed)
        let format = try arguments.format(allowed: [.md, .json])
        if arguments.value("out") != nil {
            throw UsageError("'--out' is not supported with '--dice-set' yet; redirect stdout instead", spec: spec)
        }
        let given = try DiceSetOption.sets(arguments)
        let players = try arguments.integer(
            "players", in: GameRules.playerRange, default: given.count > 1 ? given.count : rules.game.players)
        let sets = try LoadedPlayArguments.sets(arguments, seats: players)
        var plays = try LoadedPlayArguments.plays(arguments)
        if plays.count <= 1 { plays = Array(repeating: plays.first ?? .cappedScore, count: players) }
        guard plays.count == players else {
            throw UsageError(
                "\(plays.count) '--strategy' for \(players) players: give one for every seat, or one for all",
                spec: spec)
        }
        try LoadedPlayArguments.checkWin(plays, sets: sets, rules: rules, simulating: true, arguments: arguments)
        try LoadedPlayArguments.checkTurnsEnd(plays, sets: sets, rules: rules, arguments: arguments)
        let clock = ContinuousClock()
        let start = clock.now
        let simulation = LoadedGameSimulation(rules: rules, sets: sets, plays: plays, threads: threads)
        let tally = simulation.run(games: games, seed: seed, threads: threads)
        let seconds = (clock.now - start) / .seconds(1)
        switch format {
        case .json: Standard.output(json(simulation, tally, seed: seed, seconds: seconds))
        default: Standard.output(markdown(simulation, tally, seed: seed), terminator: "")
        }
        return ExitStatus.success
    }

    private static func markdown(_ simulation: LoadedGameSimulation, _ tally: LoadedSimulationTally, seed: UInt64)
        -> String
    {
        var lines = [
            "# \(SimulateCommand.grouped(tally.games)) games, \(simulation.sets.count) players, rules "
                + "\(simulation.rules.name), target \(simulation.target), seed \(seed)",
            "",
            "Each seat plays with its own dice. \(LoadedPlayArguments.meanings). First turn: the mean points "
                + "toward the target of each seat's first turn, with its exact value beside it (none for a win "
                + "seat, whose first turn depends on the opponent's first bank).",
            "",
            "| Seat | Strategy | Dice set | Wins | Win rate | 95% CI | First turn | Exact | Points per turn |",
            "|---:|---|---|---:|---:|---|---:|---:|---:|",
        ]
        for seat in simulation.sets.indices {
            let estimate = ProportionEstimate(successes: tally.wins[seat], trials: tally.games)
            let interval = estimate.wilsonInterval()
            let first = tally.firstTurn(seat: seat)
            lines.append(
                "| \(seat + 1) | \(simulation.plays[seat]) | \(simulation.sets[seat]) | \(SimulateCommand.grouped(tally.wins[seat])) "
                    + "| \(percent(estimate.value)) | \(percent(interval.lowerBound)) to "
                    + "\(percent(interval.upperBound)) | \(String(format: "%.2f ± %.2f", first.mean, first.standardError)) "
                    + "| \(simulation.exactFirstTurnPoints(seat: seat).map { String(format: "%.2f", $0) } ?? "-") "
                    + "| \(String(format: "%.1f", tally.bankedPoints[seat] / Double(max(tally.turns[seat], 1)))) |")
        }
        if tally.unfinished > 0 { lines += ["", "Unfinished games: \(tally.unfinished)"] }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(
        _ simulation: LoadedGameSimulation, _ tally: LoadedSimulationTally, seed: UInt64, seconds: Double
    ) -> String {
        let seats = simulation.sets.indices.map { seat in
            let estimate = ProportionEstimate(successes: tally.wins[seat], trials: tally.games)
            let interval = estimate.wilsonInterval()
            let first = tally.firstTurn(seat: seat)
            return JSONText.object([
                ("strategy", JSONText.string(simulation.plays[seat].description)),
                ("dice_set", JSONText.string(simulation.sets[seat].description)),
                ("wins", "\(tally.wins[seat])"), ("win_rate", JSONText.number(estimate.value)),
                (
                    "win_rate_interval",
                    "[\(JSONText.number(interval.lowerBound)), \(JSONText.number(interval.upperBound))]"
                ),
                ("turns", "\(tally.turns[seat])"),
                ("mean_points_per_turn", JSONText.number(tally.bankedPoints[seat] / Double(max(tally.turns[seat], 1)))),
                ("first_turns", "\(tally.firstTurns[seat])"),
                ("first_turn_mean", JSONText.number(first.mean)),
                ("first_turn_standard_error", JSONText.number(first.standardError)),
                ("first_turn_exact", simulation.exactFirstTurnPoints(seat: seat).map(JSONText.number) ?? "null"),
            ])
        }
        return """
            {
              "rules": \(JSONText.string(simulation.rules.name)),
              "target": \(simulation.target),
              "games": \(tally.games),
              "seed": \(seed),
              "unfinished": \(tally.unfinished),
              "seats": \(JSONText.array(seats, indent: 4)),
              "elapsed_seconds": \(JSONText.number(seconds))
            }
            """
    }

    private static func percent(_ value: Double) -> String {
        String(format: "%.2f%%", value * 100)
    }
}
