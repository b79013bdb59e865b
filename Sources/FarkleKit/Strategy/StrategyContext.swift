/// What building a strategy may use: the rule set, its scoring table and the solved games it needs.
///
/// Strategies that need a solution share one: the context solves the rule set
/// on first request (a few milliseconds for `standard` in a release build) and
/// keeps the result for every later strategy built from it.
///
/// ```swift
/// var context = StrategyContext(table: ScoringTable(rules: .standard))
/// let seats = BuiltInStrategy.make([.expectedValue, .greedy], context: &context)
/// ```
public struct StrategyContext: Sendable {
    /// The scoring table, and through it the rule set.
    public let table: ScoringTable

    /// Where a race between dice sets solved to win comes from when a `win` seat, an exact evaluation or the
    /// advice needs one (`diceSetGame(outcomes:threads:)`): given the two players' dice and the threads to solve on,
    /// it returns the whole game solved (`lowestTotals` 0 and 0) for those dice, for instance read from a policy
    /// file or a cache of solved games. `nil` (the default) solves the race each time.
    package var diceSetGames: DiceSetGameSource?

    private var solver: ExpectedScoreSolver?
    private var penaltySolver: LongRunAverageSolver?
    private var winGame: (any SolvedWinGame)?

    /// A context for the rules of `table`; pass a solver already built for the same table to reuse it.
    public init(table: ScoringTable, expectedScoreSolver: ExpectedScoreSolver? = nil) {
        self.table = table
        solver = expectedScoreSolver
    }

    /// The rule set.
    public var rules: RuleSet { table.rules }

    /// The expected-score solution of the rule set, solved on the first call and kept.
    mutating func expectedScoreSolver() -> ExpectedScoreSolver {
        if let solver { return solver }
        let solved = ExpectedScoreSolver(table: table)
        solver = solved
        return solved
    }

    /// The three-farkle penalty's solution (best play by farkles in a row), solved on the first call and
    /// kept; `nil` when the rule set has no penalty of fixed points (`LongRunAverageSolver(penaltyOf:)`).
    mutating func longRunAverageSolver() -> LongRunAverageSolver? {
        if let penaltySolver { return penaltySolver }
        penaltySolver = LongRunAverageSolver(penaltyOf: table)
        return penaltySolver
    }

    /// The game solved to win, by the solver that covers the rules (a race, a race under a three-farkle penalty, a
    /// game of fixed rounds, a race of three players without a final round), solved on the first call and kept. At
    /// a larger table of another race it is the same race for two (`RuleSet.headsUpGame`), which `win` plays
    /// against the leading opponent.
    ///
    /// The full solve of a 10,000-point race takes minutes; a context shares it between every `win` seat and every
    /// exact evaluation built from it.
    ///
    /// - Parameter threads: The threads the first call solves on (later calls return the kept solution).
    /// - Throws: `NotCovered` for rule sets no win solver covers, or a race of three players
    ///   too large for `win` to tabulate (`ThreePlayerWinStrategy.maximumStates`); nothing is kept then.
    public mutating func solvedWinGame(threads: Int = 2) throws(NotCovered) -> any SolvedWinGame {
        if let winGame { return winGame }
        if let refusal = ThreePlayerWinStrategy.refusal(rules) { throw .init(description: refusal) }
        let headsUp = rules.headsUpGame
        let solved = try (headsUp == rules ? table : ScoringTable(rules: headsUp)).solveToWin(threads: threads)
        winGame = solved
        return solved
    }

    /// Keeps `solution`, read from a policy file or solved elsewhere, as the game solved to win, so that
    /// `solvedWinGame(threads:)` returns it without solving.
    ///
    /// - Precondition: `solution` was solved for this context's rules (for two players in a race at a larger
    ///   table).
    public mutating func use(_ solution: any SolvedWinGame) {
        precondition(solution.table.rules == rules.headsUpGame, "a solution of rules '\(solution.table.rules.name)'")
        winGame = solution
    }

    /// `solvedWinGame(threads:)` as the race's solver, for rules a race without a penalty (`WinProbabilitySolver`).
    ///
    /// - Throws: `NotCovered` for other rules.
    package mutating func winProbabilitySolver(threads: Int = 2) throws(NotCovered)
        -> WinProbabilitySolver
    {
        try solvedWinGame(threads: threads, as: WinProbabilitySolver.self)
    }

    /// `solvedWinGame(threads:)` as the solver of a game of fixed rounds (`RoundsWinSolver`).
    ///
    /// - Throws: `NotCovered` for other rules.
    package mutating func roundsWinSolver(threads: Int = 2) throws(NotCovered) -> RoundsWinSolver {
        try solvedWinGame(threads: threads, as: RoundsWinSolver.self)
    }

    /// `solvedWinGame(threads:)` as the solver of a race under a three-farkle penalty (`PenaltyWinSolver`).
    ///
    /// - Throws: `NotCovered` for other rules.
    mutating func penaltyWinSolver(threads: Int = 2) throws(NotCovered)
        -> PenaltyWinSolver
    {
        try solvedWinGame(threads: threads, as: PenaltyWinSolver.self)
    }

    /// The race between the dice of `outcomes` (two, player 0 first) solved to win: from `diceSetGames`, or solved
    /// here on `threads` threads.
    func diceSetGame(outcomes: [DiceSetOutcomes], threads: Int) -> LoadedWinSolver {
        guard let diceSetGames else { return LoadedWinSolver(outcomes: outcomes, threads: threads) }
        let game = diceSetGames(outcomes, threads)
        precondition(
            game.lowestTotals == [0, 0] && zip(game.outcomes, outcomes).allSatisfy { $0.set.kinds == $1.set.kinds }
                && game.outcomes[0].table.rules == rules,
            "the source gives the whole game of these dice and rules")
        return game
    }

    private mutating func solvedWinGame<Solver: SolvedWinGame>(threads: Int, as solver: Solver.Type)
        throws(NotCovered) -> Solver
    {
        let solver = WinGameKind(rules.headsUpGame).solver
        guard solver == Solver.self, let solved = try solvedWinGame(threads: threads) as? Solver else {
            throw NotCovered(
                description: "rules '\(rules.name)' are solved to win by \(solver), not \(Solver.self)")
        }
        return solved
    }
}
