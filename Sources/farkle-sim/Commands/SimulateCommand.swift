@_spi(Kernels) import FarkleKit
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
            or one per seat: \(StrategySpec.syntax) (ev: the expected-score optimal turn, whatever the
            totals, so where the target must be hit exactly its banks past it bust; ev-target: in a race won at the
            target at once, the turn that maximizes the expected points toward the target from the seat's own
            total, a bank past a target to hit exactly counting nothing; greedy: the highest-scoring keep, bank as soon as allowed; threshold: bank with 1
            die from T1, with 2 dice from T2 points; win: the play that maximizes the chance to win, solved first: 10 to
            20 s for a 10,000-point race, minutes for zilch, whose three-farkle penalty it plays too, building
            each turn's table when a game first reaches it; at a table of 3 to 8 in a race without a penalty or
            rounds it plays the 2-player race solved to win against the leading opponent, a play measured (see
            larger-tables.md in the reports), not solved). The same --seed gives the same
            numbers on any number of threads. With --dice-set each seat carries its own dice in any game of six
            dice: in a race won at the target at once (kcd) a seat plays ev-target (the default there), win (2
            players), greedy, threshold:T1,T2 (the highest-scoring keep; on a tie in points the fewest dice, then
            the dice left most likely to score on the next roll) or ev (a turn's expected points whatever the
            totals, over the dice set; refused where they are unbounded); in any other game (a final round, rounds,
            a three-farkle penalty, a six of a kind that wins or loses at once, a scoreless opening roll rolled
            again) a seat plays greedy or threshold:T1,T2 (or ev where its expected points are solved, but not under
            a penalty of points), given for every seat: ev-target and win are solved for the race won at once. Six
            ordinary dice play as without --dice-set. Every --format
            and --out work with dice sets, in the same layout plus the dice: a Dice set column and each seat's
            first turn (its mean points toward the target ± s.e., and the exact value: First turn, Exact) in
            Markdown; dice_set, first_turns, first_turn_mean, first_turn_standard_error and first_turn_exact at
            the end of each CSV row; the same members in each JSON seat, with dice_sets. Every format states how
            the game ends: the title in Markdown, target, final_round, rounds and exact_target in CSV and JSON.
            """,
        options: [
            OptionSpec(
                name: "games", valueName: "n", help: "The number of games to play.",
                defaultValue: NumberText.grouped(defaultGames)),
            OptionSpec(
                name: "players", valueName: "p", help: "The number of players, 1 to 8 (1: a solo race to the target).",
                defaultValue: "the rule set's, 2 in standard"),
            OptionSpec(
                name: "strategy", valueName: "s", help: "A seat's strategy: \(StrategySpec.syntax).",
                defaultValue: "ev; ev-target where a seat carries loaded dice or the target must be hit exactly",
                isRepeatable: true),
            OptionSpec(
                name: "seed", valueName: "x", help: "The random seed, a whole number from 0 to 2^64 - 1.",
                defaultValue: "\(defaultSeed)"),
            RunOptions.threads(help: "Threads playing at once"),
            StrategyArguments.policy,
            CacheOption.noCache,
            RulesOption.spec,
            RulesOption.target,
            OutputFormat.option(),
            OptionSpec(name: "out", valueName: "file", help: "Write the results to a file instead of stdout."),
            RunOptions.quiet(help: "Show no progress line."),
            diceSets,
            DiceSetOption.catalog,
        ]
    )

    /// `--dice-set`: one per seat, or one for all.
    static let diceSets = OptionSpec(
        name: "dice-set", valueName: "set",
        help: "A seat's dice (name:count,... from the catalog, the rest ordinary): one per seat, or one for all.",
        defaultValue: "six ordinary dice", isRepeatable: true)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
        let games = try arguments.integer(
            "games", in: 1...maximumGames, default: defaultGames, because: gamesLimitReason)
        // The catalog is read only for dice sets (`InputFiles` refuses one given without them).
        let givenSets = arguments.allValues(diceSets.name).isEmpty ? [] : try DiceSetOption.sets(arguments)
        let players = try arguments.integer(
            "players", in: GameRules.playerRange, default: givenSets.count > 1 ? givenSets.count : rules.game.players)
        let threads = try RunOptions.threads(arguments)
        let seed = try arguments.seed(default: defaultSeed)
        let format = try arguments.format(allowed: OutputFormat.allCases)
        let dice = try seatDice(givenSets, players: players)
        let loaded = !dice.allSatisfy(\.isOrdinary)
        let specs = try seatSpecs(arguments, players: players, loaded: loaded, rules: rules)
        if !loaded, specs.contains(.expectedValue) { try RulesOption.checkSolverSize(rules, arguments) }
        try StrategyArguments.checkPlayable(specs, rules: rules, loaded: loaded, spec: spec)
        // The output file is opened before the games: a bad path fails at once, not after minutes of play.
        let outputFile = try arguments.outputPath("out").map(PendingFile.opened)

        let table = ScoringTable(rules: rules)
        var context = StrategyContext(table: table)
        if loaded, specs.contains(.win), dice.count == 2 {
            // The engine refuses `win` at other tables before anything is solved.
            context.diceSetGames = try StrategyArguments.diceSetGames(
                arguments, sets: dice, table: table, quiet: arguments.flag("quiet"), spec: spec)
        } else if !loaded, specs.contains(.win) {
            // The solver plays the table as simulated: as many players as seats.
            var rules = rules
            rules.game.players = players
            context = StrategyContext(table: ScoringTable(rules: rules))
            try StrategyArguments.solveToWin(
                &context, threads: threads, quiet: arguments.flag("quiet"), arguments: arguments, spec: spec)
        }
        let simulation: GameSimulation<BuiltInStrategy>
        do {
            simulation = try GameSimulation(
                table: table, strategies: specs, dice: dice, context: &context, threads: threads)
        } catch {
            throw usageError(error, rules: rules, dice: dice, specs: specs)
        }
        let firstTurns = simulation.playsLoadedDice ? dice.indices.map(simulation.firstTurn) : []
        try checkRolls(firstTurns, games: games, dice: dice, specs: specs)
        // Timed from here: the games, not a solve for `win` before them.
        let clock = ContinuousClock()
        let start = clock.now
        let progress = StatusLine(isShown: RunOptions.showsProgress(arguments))
        let tally = simulation.run(games: games, seed: seed, threads: threads) { done in
            guard done < games else { return }
            progress.show { elapsed in progressText(done: done, games: games, elapsed: elapsed / .seconds(1)) }
        }
        progress.finish()
        let elapsed = clock.now - start
        if !arguments.flag("quiet"), let win = simulation.seats.lazy.compactMap(\.penaltyWinStrategy).first {
            Standard.error(
                "Strategy 'win' built \(NumberText.grouped(win.builtTurnCount)) turn tables "
                    + "(\(NumberText.grouped(win.cachedTurnCount)) kept, at most \(NumberText.grouped(win.maximumCachedTurns)))."
            )
        }

        let summary = Summary(
            rules: rules, seed: seed, threads: threads, tally: tally, strategies: simulation.seatNames,
            dice: simulation.playsLoadedDice
                ? LoadedDice(sets: dice, exactFirstTurns: firstTurns.map(\.exactPoints)) : nil,
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

    /// The most rolls a run is expected to play where a seat's turns are long: about a minute of dice that
    /// almost never farkle.
    static let maximumRolls = 200_000_000.0

    /// The expected rolls of a turn from which a seat's turns count as long: thirty times those of an ordinary
    /// turn.
    static let longTurnRolls = 100.0

    /// The progress line after `done` of `games` games, `elapsed` seconds in: games take about as long each, so the
    /// share done measures the time left.
    static func progressText(done: Int, games: Int, elapsed: Double) -> String {
        let left = elapsed * Double(games - done) / Double(max(done, 1))
        return "\(done * 100 / games)% (\(NumberText.grouped(done)) of \(NumberText.grouped(games)) games)"
            + (done > 0 ? ", " + StatusLine.timeLeft(left) : "")
    }

    /// Refuses a run in which a seat's turns are long (`longTurnRolls`) and the seats' first turns alone are
    /// expected to roll more than `maximumRolls` times over `games` games: dice that almost never farkle, played
    /// `ev`, roll thousands of times a turn for points they bank only in the millions, and a default run of them
    /// took hours.
    private static func checkRolls(
        _ firstTurns: [FirstTurn], games: Int, dice: [DiceSet],
        specs: [StrategySpec]
    ) throws(UsageError) {
        let rolls = firstTurns.map { $0.expectedRolls ?? 0 }
        let perGame = rolls.reduce(0, +)
        guard let seat = rolls.indices.max(by: { rolls[$0] < rolls[$1] }), rolls[seat] > longTurnRolls,
            Double(games) * perGame > maximumRolls
        else { return }
        // Where a turn goes on past every level worked out, its rolls are a lower bound and no count of games fits.
        let isLowerBound = firstTurns.contains(where: \.goesOnPastTable)
        let about = isLowerBound ? "at least" : "about"
        throw UsageError(
            "strategy '\(specs[seat])' with the dice set \(dice[seat]) rolls \(about) "
                + "\(NumberText.grouped(Int(rolls[seat].rounded()))) times a turn (its dice almost never farkle): "
                + "\(NumberText.grouped(games)) games would roll \(about) \(NumberText.scientific(Double(games) * perGame)) "
                + "times, more than the \(NumberText.scientific(maximumRolls)) a run plays; use "
                + (isLowerBound ? "fewer" : "at most \(NumberText.grouped(max(Int(maximumRolls / perGame), 1)))")
                + " '--games'"
                + (specs[seat] == .expectedValue ? ", or play it 'ev-target', 'greedy' or 'threshold'" : ""),
            spec: spec)
    }

    /// The message of what the engine of loaded dice cannot play, as `farkle-sim` words it.
    private static func usageError(
        _ refusal: LoadedGameRefusal, rules: RuleSet, dice: [DiceSet], specs: [StrategySpec]
    ) -> UsageError {
        let message: String
        switch refusal {
        case .rules(let reason): message = reason
        case .unknownStrategy(_, let strategy):
            message = LoadedPlay.unknownReason(strategy)
        case .winPlayers:
            message = "strategy 'win' with dice sets plays 2-player games only"
        case .winRules:
            message = "strategy 'win' with dice sets " + (LoadedWinSolver.refusal(for: rules) ?? "")
        case .winTable(let seat, let entries, let limit):
            message =
                "strategy 'win' with the dice set \(dice[seat]) at target \(rules.game.end.target ?? 0) needs "
                + "\(entries) table entries for its turns, more than the \(limit) a simulation holds; use a lower "
                + "'--target' or 'evaluate'"
        case .turnMayNeverEnd(let seat):
            message =
                "strategy '\(specs[seat])' with the dice set \(dice[seat]) may never end a turn: every roll of its "
                + "six dice scores; play it 'ev-target' or 'win'"
        case .pointsTable(let seat, let entries, let limit):
            message =
                "the dice set \(dice[seat]) at target \(rules.game.end.target ?? 0) needs \(entries) table entries for "
                + "its turns at every total, more than the \(limit) a simulation holds; use a lower '--target'"
        case .neverScores(let seat):
            message =
                "the dice set \(dice[seat]) can never score under rules '\(rules.name)': a player carrying it never "
                + "banks"
        case .cannotHitTarget(let seat, let short):
            message = DiceSetOption.cannotHitTarget(dice[seat], short: short, rules: rules)
        case .expectedPointsUnsolved(_, let reason):
            message = "strategy 'ev': \(reason)"
        case .entryMinimum(let points):
            message =
                "loaded dice are played in a race without an entry minimum above the least bank (as in kcd); rules "
                + "'\(rules.name)' ask \(points) points to get on the board"
        }
        return UsageError(message, spec: spec)
    }

    // MARK: - Arguments

    /// One spec per seat: none given means `ev` everywhere (`ev-target` where a seat carries loaded dice: in the
    /// race won at once that dice sets play, the points toward the target are what count), one given fills every
    /// seat.
    private static func seatSpecs(
        _ arguments: ParsedArguments, players: Int, loaded: Bool, rules: RuleSet
    ) throws(UsageError) -> [StrategySpec] {
        let specs = try StrategyArguments.specs(arguments, spec: spec)
        switch specs.count {
        case 0:
            // With dice sets the points toward a target that wins at once; in any other game (a final round,
            // rounds, a penalty) the capped turn is not the game's and the user chooses. Rules no game with dice sets
            // plays are refused as they are.
            if loaded, let reason = DiceSet.simulationRefusal(toPlay: rules) { throw UsageError(reason, spec: spec) }
            if loaded, let reason = DiceSet.refusal(toPlay: rules) {
                throw UsageError(
                    "with dice sets under rules '\(rules.name)' give each seat's strategy: 'greedy' or "
                        + "'threshold:T1,T2' (ev-target and win are solved for a race won at the target at once; "
                        + "\(reason))",
                    spec: spec)
            }
            // Where the target must be hit exactly, ev counts banks that bust: the points toward the target do not.
            let toTarget =
                loaded
                || rules.game.mustHitTargetExactly && StrategySpec.expectedValueToTarget.refusal(toPlay: rules) == nil
            return Array(repeating: toTarget ? .expectedValueToTarget : .expectedValue, count: players)
        case 1: return Array(repeating: specs[0], count: players)
        case players: return specs
        default:
            throw UsageError(
                "\(specs.count) strategies for \(players) \(players == 1 ? "player" : "players"): give one --strategy for all seats or one per seat"
                    + (GameRules.playerRange.contains(specs.count) ? " (or --players \(specs.count))" : ""),
                spec: spec)
        }
    }

    /// One dice set per seat: none given means six ordinary dice everywhere, one given fills every seat.
    private static func seatDice(_ sets: [DiceSet], players: Int) throws(UsageError) -> [DiceSet] {
        switch sets.count {
        case 0: return Array(repeating: .ordinary, count: players)
        case 1: return Array(repeating: sets[0], count: players)
        case players: return sets
        default:
            throw UsageError(
                "\(sets.count) '--dice-set' for \(players) players: give one for every seat, or one for all", spec: spec
            )
        }
    }
}

// MARK: - Formatting

/// What a run with loaded dice adds to the output: every seat's dice and the exact value of its first turn.
private struct LoadedDice {
    let sets: [DiceSet]
    /// Per seat, the exact expected points toward the target of its first turn, `nil` for a `win` seat.
    let exactFirstTurns: [Double?]
}

/// The figures of a finished run, in the three output formats.
///
/// With loaded dice (`dice`), the same layout plus the dice: a sentence under the title, and in the seat table
/// the dice set and the first turn's mean points toward the target with its exact value (Markdown `Dice set`,
/// `First turn`, `Exact`; CSV `dice_set`, `first_turns`, `first_turn_mean`, `first_turn_standard_error`,
/// `first_turn_exact` at the end of each row; JSON the same members in each seat, and `dice_sets`). Every format
/// states how the game ends (the title; `target`, `final_round`, `rounds`, `exact_target`).
private struct Summary {
    let rules: RuleSet
    let seed: UInt64
    let threads: Int
    let tally: SimulationTally
    let strategies: [String]
    let dice: LoadedDice?
    let elapsedSeconds: Double

    /// `2 players`, `1 player`.
    var players: String {
        tally.seats.count == 1 ? "1 player" : "\(tally.seats.count) players"
    }

    var gamesPerSecond: Double { Double(tally.games) / max(elapsedSeconds, 1e-9) }
    var rollsPerSecond: Double { Double(tally.rolls) / max(elapsedSeconds, 1e-9) }

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

    /// A seat's final totals at the 25th, 50th and 75th percentile; `nil` when no game finished (every game
    /// stopped at the turn limit), which has no totals to take them from.
    private func finalTotalQuartiles(seat: Int) -> [Int]? {
        Self.quartiles { tally.finalTotalQuantile(seat: seat, $0) }
    }

    /// The quartiles of the rounds (turns, alone) finished games lasted; `nil` when no game finished.
    private var roundsQuartiles: [Int]? { Self.quartiles(tally.roundsQuantile) }

    /// The 25th, 50th and 75th percentile from `quantile`, or `nil` where it has none.
    private static func quartiles(_ quantile: (Double) -> Int?) -> [Int]? {
        guard let low = quantile(0.25), let median = quantile(0.5), let high = quantile(0.75) else { return nil }
        return [low, median, high]
    }

    var markdown: String {
        let totals = showsFinalTotals ? " Mean total | Total quartiles |" : ""
        var lines = [
            "# \(NumberText.grouped(tally.games)) \(tally.games == 1 ? "game" : "games"), \(players), rules \(rules.name) (\(rules.game.endWords)), seed \(seed)",
            "",
        ]
        if dice != nil {
            let game: String
            let firstTurn: String
            switch rules.game.end {
            case .target(_, let finalRound):
                // The title states the target; the sentence says what reaching it does.
                game =
                    finalRound
                    ? "; once a bank reaches the target, every other seat plays a last turn and the highest total wins"
                    : "; the first bank to reach the target wins at once"
                firstTurn =
                    "the mean points toward the target of each seat's first turn, with its exact value beside it "
                    + "(none for a win seat, whose first turn depends on the opponent's first bank)"
            case .rounds(let rounds):
                game = "; after \(NumberText.count(rounds, "round")) the highest total wins"
                firstTurn = "the mean points of each seat's first turn (no exact value in a game of rounds)"
            }
            lines += [
                "Each seat plays with its own dice\(game). \(DiceSetOption.meanings). First turn: \(firstTurn).", "",
            ]
        }
        lines += [
            "| Seat | Strategy |" + (dice != nil ? " Dice set |" : "")
                + " Wins | Win rate | 95% CI | Ties |\(totals) Points per turn | Farkle rate |"
                + (dice != nil ? " First turn | Exact |" : ""),
            "|---:|---|" + (dice != nil ? "---|" : "") + "---:|---:|---|---:|" + (showsFinalTotals ? "---:|---|" : "")
                + "---:|---:|" + (dice != nil ? "---:|---:|" : ""),
        ]
        for (index, seat) in tally.seats.enumerated() {
            let rate = tally.winRate(seat: index)
            let interval = rate.wilsonInterval()
            let quartiles = finalTotalQuartiles(seat: index)?.map(NumberText.grouped).joined(separator: " / ") ?? "-"
            let mean = tally.meanFinalTotal(seat: index).map { NumberText.grouped(Int($0.rounded())) } ?? "-"
            let seatTotals = showsFinalTotals ? " \(mean) | \(quartiles) |" : ""
            var firstTurn = ""
            var seatDice = ""
            if let dice {
                let first = seat.firstTurnMean
                seatDice = " \(dice.sets[index]) |"
                // No first turn played (the seat before won at once): "-"; one alone has no standard error.
                let mean =
                    seat.firstTurns == 0
                    ? "-"
                    : NumberText.fixed(first.mean, 2)
                        + (first.standardError.isFinite ? " ± " + NumberText.fixed(first.standardError, 2) : "")
                firstTurn = " \(mean) | \(dice.exactFirstTurns[index].map { NumberText.fixed($0, 2) } ?? "-") |"
            }
            lines.append(
                "| \(index + 1) | \(strategies[index]) |\(seatDice) \(NumberText.grouped(seat.wins)) | \(NumberText.percent(rate.value)) | "
                    + "\(NumberText.percent(interval.lowerBound)) to \(NumberText.percent(interval.upperBound)) | \(NumberText.grouped(seat.ties)) |"
                    + "\(seatTotals) \(NumberText.fixed(seatPoints(seat), 1)) | \(NumberText.percent(seatFarkleRate(seat))) |\(firstTurn)"
            )
        }
        lines += [
            "",
            "| Figure | Value |",
            "|---|---:|",
            "| Ties | \(NumberText.grouped(tally.ties)) |",
            "| Instant wins (\(rules.game.instantWinDescription ?? "none")) | \(NumberText.grouped(tally.instantWins)) |",
        ]
        // Only rules with a six of a kind that loses at once print the row, so every other summary stays as it was.
        if let losing = rules.game.instantLossDescription {
            lines.append("| Instant losses (\(losing)) | \(NumberText.grouped(tally.instantLosses)) |")
        }
        if tally.unfinishedGames > 0 {
            lines.append(
                "| Unfinished games (\(GameSimulation<BuiltInStrategy>.maximumRounds) rounds) | "
                    + "\(NumberText.grouped(tally.unfinishedGames)) |")
        }
        if tally.penalties > 0 { lines.append("| Three-farkle penalties | \(NumberText.grouped(tally.penalties)) |") }
        if rules.game.extraRoundsOnTie > 0, showsFinalTotals {
            lines.append(
                "| Games that played extra rounds to break a tie | \(NumberText.grouped(tally.extraRoundGames)) |")
        }
        if rules.game.highestTurnBreaksTie, showsFinalTotals {
            lines.append(
                "| Games decided by the highest single turn | \(NumberText.grouped(tally.sharedHighestTotals - tally.ties)) |"
            )
        }
        if tally.seats.count == 1, let target = rules.game.end.target {
            let quartiles = roundsQuartiles?.map(String.init).joined(separator: " / ") ?? "-"
            let mean = tally.meanRoundsPerFinishedGame.map { NumberText.fixed($0, 2) } ?? "-"
            lines += [
                "| Mean turns to reach \(NumberText.grouped(target)) | \(mean) |",
                "| Turns to reach \(NumberText.grouped(target)): quartiles | \(quartiles) |",
            ]
        }
        lines += [
            "| Mean turns per game | \(NumberText.fixed(tally.meanTurnsPerGame, 2)) |",
            "| Mean banked points per turn | \(NumberText.fixed(tally.meanPointsPerTurn, 2)) "
                + "± \(NumberText.fixed(tally.meanPointsPerTurnStandardError, 2)) (s.e.) |",
        ]
        if rules.turn.farklesCostPoints {
            lines.append(
                "| Mean net points per turn, penalties included | \(NumberText.fixed(tally.meanNetPointsPerTurn, 2)) "
                    + "± \(NumberText.fixed(tally.meanNetPointsPerTurnStandardError, 2)) (s.e., by game) |")
        }
        lines += [
            "| Farkle rate per turn | \(NumberText.percent(tally.farkleRate.value)) |",
            "| Rolls simulated | \(NumberText.grouped(tally.rolls)) |",
            "| Wall time | \(NumberText.fixed(elapsedSeconds, 3)) s on \(NumberText.count(threads, "thread")) |",
            "| Games per second | \(NumberText.grouped(Int(gamesPerSecond.rounded()))) |",
            "| Rolls per second | \(NumberText.grouped(Int(rollsPerSecond.rounded()))) |",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    var csv: String {
        var lines = [
            "seat,strategy,wins,win_rate,win_rate_low,win_rate_high,ties,turns,mean_points_per_turn,farkle_rate,"
                + "games,all_ties,instant_wins,unfinished_games,mean_turns_per_game,rolls,elapsed_seconds,"
                + "mean_net_points_per_turn,mean_final_total,final_total_q1,final_total_median,final_total_q3,target,final_round,rounds,"
                + "exact_target"
                + (dice != nil
                    ? ",dice_set,first_turns,first_turn_mean,first_turn_standard_error,first_turn_exact" : "")
        ]
        for (index, seat) in tally.seats.enumerated() {
            let rate = tally.winRate(seat: index)
            let interval = rate.wilsonInterval()
            let fields: [String] =
                [
                    "\(index + 1)", CSVTable.field(strategies[index]), "\(seat.wins)", number(rate.value),
                    number(interval.lowerBound),
                    number(interval.upperBound), "\(seat.ties)", "\(seat.turns)", number(seatPoints(seat)),
                    number(seatFarkleRate(seat)), "\(tally.games)", "\(tally.ties)", "\(tally.instantWins)",
                    "\(tally.unfinishedGames)", number(tally.meanTurnsPerGame), "\(tally.rolls)",
                    number(elapsedSeconds),
                    number(seat.meanNetPointsPerTurn), tally.meanFinalTotal(seat: index).map(number) ?? "",
                ] + (finalTotalQuartiles(seat: index)?.map(String.init) ?? ["", "", ""]) + gameFields
                + loadedFields(seat: index)
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How the game ends, for CSV: the target (empty in a game of rounds), whether reaching it gives a final round,
    /// the rounds (empty in a race), and whether the target must be hit exactly.
    private var gameFields: [String] {
        let end = rules.game.end
        return [
            end.target.map(String.init) ?? "", "\(end.hasFinalRound)", end.rounds.map(String.init) ?? "",
            "\(rules.game.mustHitTargetExactly)",
        ]
    }

    /// A seat's dice set and first turn (count, mean, standard error, exact value) with loaded dice, for CSV;
    /// none without.
    private func loadedFields(seat index: Int) -> [String] {
        guard let dice else { return [] }
        let seat = tally.seats[index]
        let first = seat.firstTurnMean
        return [
            // An empty field where there is no number (no first turn, or one alone for the standard error).
            CSVTable.field(dice.sets[index].description), "\(seat.firstTurns)",
            seat.firstTurns == 0 ? "" : number(first.mean),
            first.standardError.isFinite ? number(first.standardError) : "",
            dice.exactFirstTurns[index].map(number) ?? "",
        ]
    }

    /// A seat's dice set and first turn with loaded dice, as JSON members after a comma; empty without.
    private func loadedMembers(seat index: Int) -> String {
        guard let dice else { return "" }
        let seat = tally.seats[index]
        let first = seat.firstTurnMean
        return ", \"dice_set\": \(JSONText.string(dice.sets[index].description)), "
            + "\"first_turns\": \(seat.firstTurns), "
            + "\"first_turn_mean\": \(seat.firstTurns == 0 ? "null" : number(first.mean)), "
            + "\"first_turn_standard_error\": \(number(first.standardError)), "
            + "\"first_turn_exact\": \(dice.exactFirstTurns[index].map(number) ?? "null")"
    }

    /// The rounds finished games lasted (in a solo race: the turns to reach the target): mean, quartiles and counts.
    private var roundsPerGame: String {
        let counts = tally.gamesByRound.enumerated().filter { $0.element > 0 }.map { ("\($0.offset)", "\($0.element)") }
        let quartiles = roundsQuartiles.map { JSONText.inlineArray($0.map(String.init)) } ?? "null"
        return JSONText.object([
            ("mean", tally.meanRoundsPerFinishedGame.map(number) ?? "null"),
            ("quartiles", quartiles),
            ("counts", JSONText.object(counts)),
        ])
    }

    /// Every seat's dice set with loaded dice, as a JSON line after `threads`; empty without.
    private var loadedHeader: String {
        guard let dice else { return "" }
        let sets = dice.sets.map { JSONText.string($0.description) }.joined(separator: ", ")
        return "\n  \"dice_sets\": [\(sets)],"
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
                "mean_final_total": \(tally.meanFinalTotal(seat: index).map(number) ?? "null"), \
                "final_total_quartiles": \(finalTotalQuartiles(seat: index).map { JSONText.inlineArray($0.map(String.init)) } ?? "null")\
                \(loadedMembers(seat: index))}
                """
        }
        return """
            {
              "rules": \(JSONText.string(rules.name)),
              "games": \(tally.games),
              "players": \(tally.seats.count),
              "target": \(rules.game.end.target.map(String.init) ?? "null"),
              "final_round": \(rules.game.end.hasFinalRound),
              "exact_target": \(rules.game.mustHitTargetExactly),
              "rounds": \(rules.game.end.rounds.map(String.init) ?? "null"),
              "seed": \(seed),
              "threads": \(threads),\(loadedHeader)
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
        if case .win(let shared) = kind { shared.penaltyStrategy } else { nil }
    }
}
