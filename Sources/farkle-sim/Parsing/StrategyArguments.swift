@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation

/// The `--strategy` options of `simulate` and `evaluate`, and the solve that strategy `win` needs first.
enum StrategyArguments {
    /// The specs given with `--strategy`, in order. `--no-cache` is refused where no seat plays `win`, unless
    /// `cachesOdds` (`evaluate`, which keeps some odds without `win` and checks `--no-cache` itself).
    ///
    /// - Throws: `UsageError` naming the first spec that cannot be read.
    static func specs(
        _ arguments: ParsedArguments, spec: CommandSpec, cachesOdds: Bool = false
    ) throws(UsageError) -> [StrategySpec] {
        var specs: [StrategySpec] = []
        for text in arguments.allValues("strategy") {
            do {
                specs.append(try StrategySpec(parsing: text))
            } catch {
                throw UsageError(error.description, spec: spec)
            }
        }
        if arguments.value(policy.name) != nil, !specs.contains(.win) {
            throw UsageError("'--policy' is the solved game of strategy 'win', and no seat plays 'win'", spec: spec)
        }
        if !cachesOdds, arguments.flag(CacheOption.noCache.name), !specs.contains(.win) {
            throw UsageError(
                "'--no-cache' is for strategy 'win' (its solved game), and no seat plays 'win'", spec: spec)
        }
        return specs
    }

    /// Refuses a strategy the rules cannot play (`StrategySpec.refusal(toPlay:)`): `ev-target` outside a race won
    /// at once on ordinary dice (with loaded dice the engine of loaded dice gives its own reasons), a `threshold`
    /// strategy with thresholds for counts of dice no player may bank with.
    static func checkPlayable(
        _ specs: [StrategySpec], rules: RuleSet, loaded: Bool, spec: CommandSpec
    ) throws(UsageError) {
        for strategy in specs where !(loaded && strategy == .expectedValueToTarget) {
            if let reason = strategy.refusal(toPlay: rules) { throw UsageError(reason, spec: spec) }
        }
    }

    /// The `--policy` option: a policy file written by `solve --objective win --out`, read instead of solving.
    static let policy = OptionSpec(
        name: "policy", valueName: "file",
        help: "For strategy win: the solved game from 'solve --objective win --out FILE' (no solve then), "
            + "with or without a three-farkle penalty, or between the dice sets given (--dice-set).")

    /// The game of `rules` solved to win in the `--policy` file of `arguments`, read by the solver that covers the
    /// rules (`Advisor.readGame(contentsOf:rules:)`), or `nil` without the option.
    ///
    /// - Throws: `UsageError` when the file cannot be read, is not a policy file, holds another kind of game (a race
    ///   without a penalty for rules with one, say), or was solved for other rules.
    static func policy(
        _ arguments: ParsedArguments, rules: RuleSet, spec: CommandSpec
    ) throws(UsageError) -> (any SolvedWinGame)? {
        try readPolicy(arguments, spec: spec) { url throws(WinPolicyError) in
            try Advisor.readGame(contentsOf: url, rules: rules)
        }
    }

    private static func readPolicy<Solution>(
        _ arguments: ParsedArguments, spec: CommandSpec, read: (URL) throws(WinPolicyError) -> Solution
    ) throws(UsageError) -> Solution? {
        guard let path = arguments.value(policy.name) else { return nil }
        do {
            return try read(URL(fileURLWithPath: path))
        } catch {
            throw UsageError(error.description, spec: spec)
        }
    }

    /// Solves the game of `context` to win before a `win` seat is built, saying so on stderr unless `quiet`,
    /// or reads the solution from the `--policy` file of `arguments`.
    ///
    /// - Throws: `UsageError` with the solver's reason where it does not apply (more than two players, an
    ///   entry minimum with a three-farkle penalty), or when the policy file cannot be used.
    static func solveToWin(
        _ context: inout StrategyContext, threads: Int, quiet: Bool, arguments: ParsedArguments, spec: CommandSpec
    ) throws(UsageError) {
        // At a larger table of a race `win` plays the race for two against the leading opponent: that is the game
        // solved (and cached, and read from `--policy`) here. Three players racing without a final round play their
        // own game, solved exactly.
        let rules = context.rules.headsUpGame
        let kind = WinGameKind(rules)
        guard rules.game.players == 2 || kind == .threePlayerRace else {
            let players = rules.game.players
            throw UsageError(
                players < 2
                    ? "strategy 'win' needs an opponent: 2 to 8 players, not \(players)"
                    : "strategy 'win' plays \(players) players only in a race without a three-farkle penalty or "
                        + "rounds (the 2-player race played against the leader); rules '\(rules.name)' are not one",
                spec: spec)
        }
        // Before minutes of solving: a race of three too large for `win` to tabulate.
        if let refusal = ThreePlayerWinStrategy.refusal(rules) { throw UsageError(refusal, spec: spec) }
        if context.rules.game.players > 2 && kind != .threePlayerRace && !quiet {
            Standard.error(
                "Strategy 'win' at a table of \(context.rules.game.players): the 2-player race solved to win, "
                    + "played against the leading opponent (measured, not exact).")
        }
        // Before any note of a solve: a refused rule set gets its one error line and nothing else.
        if let refusal = rules.winSolveRefusal {
            throw UsageError("strategy 'win': \(refusal.description)", spec: spec)
        }
        if kind == .rounds {
            try solveRoundsToWin(&context, threads: threads, quiet: quiet, arguments: arguments, spec: spec)
            return
        }
        let cache = CacheOption.cache(arguments)
        if let solution = try policy(arguments, rules: rules, spec: spec) ?? cache.cachedGame(rules: rules) {
            context.use(solution)
            return
        }
        try solve(
            rules: rules,
            note: kind == .race
                ? "(10 to 20 s for a 10,000-point race on 2 cores)"
                : kind == .threePlayerRace
                    ? "as a race of three players (seconds to 2,000 points, about a minute to 5,000)"
                    : "under the three-farkle penalty (minutes for zilch)",
            isShown: !quiet && rules.game.end.target != nil, spec: spec
        ) { () throws(NotCovered) in
            let progress = SolveProgress("Solving", isShown: !quiet)
            defer { progress.finish() }
            context.use(
                try cache.solveGame(
                    for: rules == context.rules ? context.table : ScoringTable(rules: rules), threads: threads,
                    progress: progress.update, sweeps: progress.sweep))
        }
    }

    /// Where the race between `sets` (two, seat 1 first) solved to win comes from for a `win` seat or the advice to
    /// win: the `--policy` file of `arguments`, read and checked here against the rules of `table` and the dice;
    /// else the cache of solved games (none with `--no-cache`), solving the race whole and keeping it where the
    /// cache has no entry, with a note and a progress line on stderr unless `quiet`.
    ///
    /// - Throws: `UsageError` when the policy file cannot be used (another game, other rules or dice, corrupt).
    static func diceSetGames(
        _ arguments: ParsedArguments, sets: [DiceSet], table: ScoringTable, quiet: Bool, spec: CommandSpec
    ) throws(UsageError) -> DiceSetGameSource {
        if let policy = try readPolicy(
            arguments, spec: spec,
            read: { url throws(WinPolicyError) in
                try LoadedWinSolver(contentsOf: url, outcomes: sets.map { DiceSetOutcomes(table: table, set: $0) })
            })
        {
            return { _, _ in policy }
        }
        let cache = CacheOption.cache(arguments)
        return { outcomes, threads in
            if let solution = cache.cachedDiceSetGame(outcomes: outcomes) { return solution }
            if !quiet {
                Standard.error(
                    "Solving the race between \(outcomes[0].set) and \(outcomes[1].set) to win (seconds to minutes)...")
            }
            let progress = SolveProgress("Solving", isShown: !quiet)
            defer { progress.finish() }
            return cache.diceSetGame(outcomes: outcomes, threads: threads, progress: progress.update)
        }
    }

    /// Runs `solve`, saying before and after on stderr when `isShown`; its refusal becomes a `UsageError`.
    private static func solve(
        rules: RuleSet, note: String, isShown: Bool, spec: CommandSpec,
        _ solve: () throws(NotCovered) -> Void
    ) throws(UsageError) {
        // A game too large to hold is refused before the note: one error line and nothing else.
        do {
            try WinProbabilitySolver.checkSize(of: rules)
        } catch {
            throw UsageError("strategy 'win': \(error.description)", spec: spec)
        }
        if isShown { Standard.error("Solving rules '\(rules.name)' to win for strategy 'win' \(note)...") }
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try solve()
        } catch {
            throw UsageError("strategy 'win': \(error.description)", spec: spec)
        }
        if isShown {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            Standard.error("Solved in \(NumberText.fixed(seconds, 1)) s.")
        }
    }

    /// `solveToWin` for a game of fixed rounds (`RoundsWinSolver`): no policy file of the user's, a solve of
    /// seconds, kept in the cache of solved games.
    private static func solveRoundsToWin(
        _ context: inout StrategyContext, threads: Int, quiet: Bool, arguments: ParsedArguments, spec: CommandSpec
    ) throws(UsageError) {
        let rules = context.rules
        if arguments.value(policy.name) != nil {
            throw UsageError(
                "'--policy' holds the solved game of a race to a target; rules '\(rules.name)' play fixed rounds, "
                    + "which strategy 'win' solves itself", spec: spec)
        }
        let cache = CacheOption.cache(arguments)
        if let solved = cache.cachedGame(rules: rules) {
            context.use(solved)
            return
        }
        if !quiet, rules.turn.threeFarklePenalty == nil {
            Standard.error("Solving rules '\(rules.name)' to win for strategy 'win' (under a minute)...")
        }
        let progress = SolveProgress("Solving", unit: "the turns", isShown: !quiet)
        defer { progress.finish() }
        do {
            context.use(try cache.solveGame(for: context.table, threads: threads, progress: progress.update))
        } catch {
            throw UsageError("strategy 'win': \(error.description)", spec: spec)
        }
    }
}
