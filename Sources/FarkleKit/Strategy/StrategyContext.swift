/// What building a strategy may use: the rule set, its scoring table, solved policies and named options.
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

    /// Named options a strategy may read (for example the path of a policy file), empty by default.
    public var options: [String: String]

    private var solver: ExpectedScoreSolver?
    private var penaltySolver: LongRunAverageSolver?
    private var winSolver: WinProbabilitySolver?
    private var roundsSolver: RoundsWinSolver?
    private var penaltyWinSolver: PenaltyWinSolver?

    /// A context for the rules of `table`; pass a solver already built for the same table to reuse it.
    public init(table: ScoringTable, expectedScoreSolver: ExpectedScoreSolver? = nil, options: [String: String] = [:]) {
        self.table = table
        self.options = options
        solver = expectedScoreSolver
    }

    /// The rule set.
    public var rules: RuleSet { table.rules }

    /// The expected-score solution of the rule set, solved on the first call and kept.
    public mutating func expectedScoreSolver() -> ExpectedScoreSolver {
        if let solver { return solver }
        let solved = ExpectedScoreSolver(table: table)
        solver = solved
        return solved
    }

    /// The three-farkle penalty's solution (best play by farkles in a row), solved on the first call and
    /// kept; `nil` when the rule set has no penalty.
    public mutating func longRunAverageSolver() -> LongRunAverageSolver? {
        guard table.rules.turn.threeFarklePenalty != nil else { return nil }
        if let penaltySolver { return penaltySolver }
        let solved = LongRunAverageSolver(table: table)
        penaltySolver = solved
        return solved
    }

    /// The two-player game solved to win (`WinProbabilitySolver`), solved on the first call and kept.
    ///
    /// The full solve of a 10,000-point race takes minutes; a context shares it between every `win`
    /// seat and every exact evaluation built from it.
    ///
    /// - Parameter threads: The threads the first call solves on (later calls return the kept solution).
    /// - Throws: `WinProbabilitySolver.Unsupported` for rule sets the solver does not cover (more than two
    ///   players, fixed rounds, a three-farkle penalty); nothing is kept then.
    public mutating func winProbabilitySolver(threads: Int = 2) throws(WinProbabilitySolver.Unsupported)
        -> WinProbabilitySolver
    {
        if let winSolver { return winSolver }
        let solved = try WinProbabilitySolver(table: table, threads: threads)
        winSolver = solved
        return solved
    }

    /// Keeps `solution`, read from a policy file or solved elsewhere, as the game solved to win, so that
    /// `winProbabilitySolver(threads:)` returns it without solving.
    ///
    /// - Precondition: `solution` was solved for this context's rules.
    public mutating func use(_ solution: WinProbabilitySolver) {
        precondition(solution.table.rules == rules, "a solution of rules '\(solution.table.rules.name)'")
        winSolver = solution
    }

    /// The two-player game of fixed rounds solved to win (`RoundsWinSolver`), solved on the first call and kept.
    ///
    /// - Parameter threads: The threads the first call solves on (later calls return the kept solution).
    /// - Throws: `WinProbabilitySolver.Unsupported` for rule sets that solver does not cover (races to a
    ///   target among them); nothing is kept then.
    public mutating func roundsWinSolver(threads: Int = 2) throws(WinProbabilitySolver.Unsupported) -> RoundsWinSolver {
        if let roundsSolver { return roundsSolver }
        let solved = try RoundsWinSolver(table: table, threads: threads)
        roundsSolver = solved
        return solved
    }

    /// The two-player race under a three-farkle penalty solved to win (`PenaltyWinSolver`), solved on the first
    /// call and kept.
    ///
    /// The full solve of `zilch` takes minutes on two cores; a context shares it between every `win` seat and
    /// every exact evaluation built from it.
    ///
    /// - Parameter threads: The threads the first call solves on (later calls return the kept solution).
    /// - Throws: `WinProbabilitySolver.Unsupported` for rule sets that solver does not cover (no penalty among
    ///   them); nothing is kept then.
    public mutating func penaltyWinSolver(threads: Int = 2) throws(WinProbabilitySolver.Unsupported)
        -> PenaltyWinSolver
    {
        if let penaltyWinSolver { return penaltyWinSolver }
        let solved = try PenaltyWinSolver(rules: rules, threads: threads)
        penaltyWinSolver = solved
        return solved
    }

    /// Keeps `solution`, read from a policy file or solved elsewhere, as the penalty game solved to win, so that
    /// `penaltyWinSolver(threads:)` returns it without solving.
    ///
    /// - Precondition: `solution` was solved for this context's rules.
    public mutating func use(_ solution: PenaltyWinSolver) {
        precondition(solution.table.rules == rules, "a solution of rules '\(solution.table.rules.name)'")
        penaltyWinSolver = solution
    }
}
