import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim evaluate`: the exact odds of a game between two or three strategies, no sampling.
enum EvaluateCommand: Command {
    static let spec = CommandSpec(
        name: "evaluate",
        abstract: "Exact odds of a game between 2 or 3 strategies, without sampling.",
        discussion: """
            Gives P(seat 1 wins), P(seat 2 wins) and P(tie) exactly (every roll weighed at every pair of \
            totals, no games played) for two players, seat 1 starting. Give --strategy twice, seat 1 first: \
            ev, greedy, threshold:T1,T2 or win (the play that maximizes the chance to win; the game is solved \
            first, which takes 10 to 20 s for a 10,000-point race). Strategies must decide from the totals, the \
            turn points, the dice and the roll alone (and, under a penalty, the player's own farkles in a row). \
            Give --strategy three times for three players: a race to a target, with or without a final round \
            (standard: 8 million sets of three totals, about 3 s and 0.17 GB for three ev players on 2 cores), \
            without a penalty, on ordinary dice, between strategies that read at most their own total (ev, \
            ev-target, greedy, threshold) and, in a race without a final round, win (the three-player race solved \
            to win, solved first: seconds to 2,000 points); a tie is two or three seats sharing the highest total. \
            With two strategies: a race to a target or a game of fixed rounds (farkleten: there equal totals \
            after every extra round count as a tie, the highest-single-turn tie-break is not played). Under a \
            three-farkle penalty (zilch; races only, without an entry minimum) the farkles in a row of both \
            players join the state, totals below four penalties under zero count as that floor, and sweeps \
            over the states repeat until no chance moves by 1e-12 (win: the penalty game is solved first, \
            about 9 CPU-minutes for zilch, or read from --policy). Other rule sets are refused (simulate them \
            instead). Probabilities print in full precision in JSON, with 12 significant digits in Markdown. \
            With --dice-set (one per seat, or one for both) each seat carries its own dice; six ordinary dice \
            are the plain game, above. Where a seat carries other dice the game is a race won at the target at \
            once (kcd), without ties, or, for greedy, threshold and ev, also a race with a final round where no \
            six of a kind wins or loses at once (facebook), ties shared: strategies ev-target (the turn that maximizes the expected points toward \
            the target from the seat's own total, E[min(turn points, target - total)]; on ordinary dice too), \
            win (solved for the two sets), greedy and threshold:T1,T2 (the highest-scoring keep; on a tie in \
            points the fewest dice, then the dice left most likely to score on the next roll) and ev (a turn's \
            expected points whatever the totals, over the dice set; refused where they are unbounded). The output is laid out as without dice sets, with the sets added: a line \
            "Dice sets: ..." in Markdown, "dice_sets" (seat 1 first) in JSON.
            """,
        options: [
            OptionSpec(
                name: "strategy", valueName: "s", help: "A seat's strategy, seat 1 first: \(StrategySpec.syntax).",
                isRepeatable: true, isRequired: true),
            StrategyArguments.policy,
            CacheOption.noCacheForOdds,
            RulesOption.spec,
            RulesOption.target,
            OutputFormat.option([.md, .json]),
            RunOptions.threads(help: "Threads for the pairs (sets) of totals"),
            RunOptions.quiet(help: "Say nothing on stderr while solving the game for win."),
            DiceSetOption.seats,
            DiceSetOption.catalog,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        var rules = try RulesOption.load(arguments)
        let format = try arguments.format(allowed: [.md, .json])
        let threads = try RunOptions.threads(arguments)
        let specs = try StrategyArguments.specs(arguments, spec: spec, cachesOdds: true)
        guard specs.count == 2 || specs.count == 3 else {
            throw UsageError(
                "evaluate needs 2 or 3 strategies, one per seat (--strategy A --strategy B [--strategy C]), not "
                    + "\(specs.count)", spec: spec)
        }
        // The strategies name the seats; a rule file that names another number of players is not overridden.
        guard rules.game.players == 2 || rules.game.players == specs.count else {
            throw UsageError(
                "rules '\(rules.name)' are for \(NumberText.count(rules.game.players, "player")): give one --strategy per player (exact odds "
                    + "are for 2 or 3 players; simulate more)", spec: spec)
        }
        rules.game.players = specs.count
        if arguments.flag(CacheOption.noCache.name), !specs.contains(.win),
            !SolvedGameCache.keepsOdds(of: specs, rules: rules)
        {
            throw UsageError(
                "'--no-cache' is for odds the cache keeps (a seat playing 'win', three seats, or a three-farkle "
                    + "penalty); \(specs.map(\.description).joined(separator: " against ")) under rules "
                    + "'\(rules.name)' are worked out at once and never kept", spec: spec)
        }
        // Before any solve: three players play `win` where their race is solved as it is.
        if specs.count == 3, specs.contains(.win),
            WinGameKind(rules) != .threePlayerRace || rules.game.end.hasFinalRound
        {
            throw UsageError(
                "strategy 'win' among three players is evaluated in a race without a final round (\"final_round\": "
                    + "false); under rules '\(rules.name)' three players take ev, ev-target, greedy and threshold",
                spec: spec)
        }
        // Six ordinary dice each unless given: those are the plain game.
        let given = try DiceSetOption.sets(arguments)
        let dice = given.isEmpty ? [] : try DiceSetOption.sets(arguments, seats: specs.count)
        let loaded = !dice.allSatisfy(\.isOrdinary)
        if !loaded, specs.contains(.expectedValue) { try RulesOption.checkSolverSize(rules, arguments) }
        try StrategyArguments.checkPlayable(specs, rules: rules, loaded: loaded, spec: spec)

        let quiet = arguments.flag("quiet")
        let clock = ContinuousClock()
        let start = clock.now
        var context = StrategyContext(table: ScoringTable(rules: rules))
        // The odds are kept in the cache of solved games, but not those of a `win` that plays the user's policy file;
        // odds kept there need no game solved first.
        let cache =
            arguments.value(StrategyArguments.policy.name) == nil ? CacheOption.cache(arguments) : .disabled
        let cached = cache.cachedExactOdds(strategies: specs, dice: dice, rules: rules)
        if cached == nil, loaded {
            context.diceSetGames = try StrategyArguments.diceSetGames(
                arguments, sets: dice, table: context.table, quiet: quiet, spec: spec)
        } else if cached == nil, specs.contains(.win) {
            try StrategyArguments.solveToWin(&context, threads: threads, quiet: quiet, arguments: arguments, spec: spec)
        }
        let odds: ExactOdds
        // Under a penalty the sweeps repeat until they settle: their share is estimated from how fast they settle.
        // With dice sets only a solve to win takes long, and it shows its own line.
        let progress = SolveProgress(
            "Working out the exact odds",
            unit: ExactOdds.sweepsUntilSettled(rules)
                ? "the sweeps (estimated)" : specs.count == 3 ? "the sets of totals" : SolveProgress.unit(of: rules),
            isShown: !quiet && !loaded)
        defer { progress.finish() }
        if let cached {
            odds = cached
        } else {
            do {
                odds = try cache.exactOdds(
                    strategies: specs, dice: dice, context: &context, threads: threads, progress: progress.update)
            } catch {
                throw UsageError(error.description, spec: spec)
            }
        }
        let seconds = (clock.now - start) / .seconds(1)
        switch format {
        case .json: Standard.output(json(odds, rules: rules, seconds: seconds))
        default:
            Standard.output(markdown(odds, rules: rules, seconds: seconds, isCached: cached != nil), terminator: "")
        }
        return ExitStatus.success
    }

    private static func markdown(_ odds: ExactOdds, rules: RuleSet, seconds: Double, isCached: Bool) -> String {
        let names = odds.strategies.map(\.description)
        let trio = names.count == 3
        // A game of rounds is worked out by turn and difference of totals (`ExactOdds.pairCount` counts those).
        let isRace = rules.game.end.rounds == nil
        let each =
            ExactOdds.sweepsUntilSettled(rules)
            ? "state of totals and farkles in a row"
            : trio ? "set of three totals" : isRace ? "pair of totals" : "turn and difference of totals"
        let counted = trio ? "sets of three totals" : isRace ? "pairs of totals" : "(turn, difference of totals) states"
        let game = rules.game.endWords
        var lines = [
            "# Exact odds: \(names.joined(separator: " against ")) (rules: \(rules.name))", "",
            "Seat 1 starts, in \(game). Exact, no sampling: every roll weighed at every \(each)"
                + (trio ? ", with each seat to move; a tie is two or three seats sharing the highest total." : "."),
            "",
        ]
        if !odds.dice.allSatisfy(\.isOrdinary) {
            lines += [
                "Dice sets: seat 1 carries \(odds.dice[0]), seat 2 \(odds.dice[1]); each rolls its own. "
                    + "\(DiceSetOption.meanings). "
                    + (rules.game.end.hasFinalRound
                        ? "The first bank to reach the target gives the other seat one last turn."
                        : "The first bank to reach the target wins at once."),
                "",
            ]
        }
        lines += ["| Seat | Strategy | Wins |", "|---:|---|---:|"]
        for seat in names.indices {
            lines.append(
                "| \(seat + 1) | \(names[seat]) | \(NumberText.significant(odds.winProbabilities[seat])) |")
        }
        // Where a farkle costs points the states are swept until they settle (`PenaltyExactOdds`).
        let isPenalty = ExactOdds.sweepsUntilSettled(rules)
        let work =
            isPenalty
            ? "\(NumberText.grouped(odds.pairCount)) states of totals and farkles in a row, \(odds.sweeps) sweeps (last change "
                + "\(NumberText.scientific(odds.lastChange)))"
            : "\(NumberText.grouped(odds.pairCount)) \(counted)"
        lines += [
            "| Tie | | \(NumberText.significant(odds.tieProbability)) |", "",
            isCached
                ? "\(work), worked out before: read from the cache of solved games in \(NumberText.fixed(seconds, 2)) s."
                : "\(work) in \(NumberText.fixed(seconds, 2)) s.",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    private static func json(_ odds: ExactOdds, rules: RuleSet, seconds: Double) -> String {
        // Under a penalty "pairs" counts the states of totals and farkle counts, worked out in sweeps.
        let convergence =
            !ExactOdds.sweepsUntilSettled(rules)
            ? ""
            : "\n  \"sweeps\": \(odds.sweeps),\n  \"last_change\": \(JSONText.number(odds.lastChange)),"
        let strategies = odds.strategies.map { JSONText.string($0.description) }.joined(separator: ", ")
        // Where a seat carries other dice than ordinary ones, the sets, seat 1 first.
        let sets = odds.dice.map { JSONText.string($0.description) }.joined(separator: ", ")
        let diceSets = odds.dice.allSatisfy(\.isOrdinary) ? "" : "\n  \"dice_sets\": [\(sets)],"
        return """
            {
              "rules": \(JSONText.string(rules.name)),
              "target": \(rules.game.end.target.map(String.init) ?? "null"),
              "strategies": [\(strategies)],\(diceSets)
              "win_probabilities": \(JSONText.inlineArray(odds.winProbabilities.map { JSONText.number($0) })),
              "tie_probability": \(JSONText.number(odds.tieProbability)),
              "\(odds.strategies.count == 3 ? "sets" : "pairs")": \(odds.pairCount),\(convergence)
              "elapsed_seconds": \(JSONText.number(seconds))
            }
            """
    }
}
