/// Best play under a three-farkle penalty, solved exactly: the long-run average of points per turn,
/// penalties included, and an optimal turn for each number of farkles in a row (0, 1 or 2).
///
/// With a penalty a farkle costs more than the turn: it moves the player one
/// farkle closer to losing `penalty` points. The objective is then the average
/// points per turn over a long game, g, and the state between turns is the
/// count k of farkles in a row. With relative values h(k), g solves
///
///     h(k) + g = max over turns of E[t + h(0) on a bank; -P [k = 2] + h((k + 1) mod 3) on a farkle]
///
/// (a bank restarts the count; the third farkle costs P and restarts it too).
/// Less h(0), the turn at count k is the ordinary turn with a farkle worth
/// F(k) = -P [k = 2] + h((k + 1) mod 3) - h(0): an `ExpectedScoreSolver` with
/// that `farkleValue`. The solver iterates on g, each step one exact turn solve
/// for k = 1 and k = 0 (k = 2's farkle value, -P, never changes); see
/// <doc:SolvingATurn> for why the iteration rises to the answer and stops.
///
/// The objective is the turn-by-turn average of a long game: the entry minimum,
/// the target and the opponents' totals are outside it, as they are for
/// `ExpectedScoreSolver`.
///
/// Without a penalty (or a penalty of 0) every count gets the farkle value 0
/// and so the policy and values of `ExpectedScoreSolver(table:)` exactly, and
/// the average is its `expectedTurnScore` (up to rounding).
package struct LongRunAverageSolver: Sendable {
    /// The scoring table solved; `rules.turn.threeFarklePenalty` is the penalty (none: 0).
    ///
    /// A penalty of the whole total costs more the higher the total, so it has no long-run average per turn;
    /// it counts as none here (`StrategyContext` and `Advisor` solve no such game).
    package let table: ScoringTable

    /// The points a third farkle in a row costs.
    package let penalty: Int

    /// The long-run average of points per turn under best play, penalties included: g.
    package let longRunAverage: Double

    /// h(k) - h(0) for k = 0, 1, 2, in points: what k farkles in a row are worth against none.
    package let relativeValues: [Double]

    /// The number of improvement steps taken (each one two turn solves).
    package let iterations: Int

    /// How much the average moved in the last step, in points: below `tolerance` once converged.
    package let lastChange: Double

    /// The change in the average below which the iteration stops, in points.
    ///
    /// The error of the average is then below three times this (see <doc:SolvingATurn>), under 1e-9.
    static let tolerance = 1e-10

    /// The most improvement steps tried; the iteration stops after a handful in practice.
    static let maximumIterations = 100

    private let solvers: [ExpectedScoreSolver]

    /// Builds the scoring table of `rules` and solves it.
    package init(rules: RuleSet) {
        self.init(table: ScoringTable(rules: rules))
    }

    /// Solves the three-farkle penalty of `table`'s rules, or returns `nil` where they have no penalty of fixed
    /// points: none, or the whole total (which has no long-run average per turn; the turn's expected score is
    /// then the play for points).
    ///
    /// The one place that says which rules the penalty's turns cover: the advice, `ev` and the reports ask here.
    package init?(penaltyOf table: ScoringTable) {
        guard Self.covers(table.rules) else { return nil }
        self.init(table: table)
    }

    /// Whether `rules` have a three-farkle penalty of fixed points, whose long-run average the points advice plays.
    package static func covers(_ rules: RuleSet) -> Bool {
        rules.turn.threeFarklePenalty?.points != nil
    }

    /// Solves the rules of `table` for the long-run average and the turn of each farkle count.
    package init(table: ScoringTable) {
        let penalty = table.rules.turn.threeFarklePenalty?.points ?? 0
        // Two farkles in a row: a farkle costs the penalty and restarts the count, F(2) = -P, always.
        let lastChance = ExpectedScoreSolver(table: table, farkleValue: -Double(penalty))
        let c = lastChance.expectedTurnScore
        // Start from a lower bound of the average (see the article): every later step stays below the
        // answer and rises towards it.
        var average = c
        var change = Double.infinity
        var iterations = 0
        var turns = [lastChance, lastChance, lastChance]
        var relative = [0.0, 0.0, c - average]
        while change >= Self.tolerance, iterations < Self.maximumIterations {
            iterations += 1
            // The best turns against the current average: F(1) = h(2) - h(0), then F(0) = h(1) - h(0).
            let oneFarkle = ExpectedScoreSolver(table: table, farkleValue: c - average)
            let noFarkle = ExpectedScoreSolver(table: table, farkleValue: oneFarkle.expectedTurnScore - average)
            turns = [noFarkle, oneFarkle, lastChance]
            // Their exact average: the gain of these three turns played forever (a renewal argument).
            let banked = turns.map { $0.expectedTurnScore - $0.farkleChance * $0.farkleValue }
            let q = turns.map({ $0.farkleChance })
            let next =
                (banked[0] + q[0] * banked[1] + q[0] * q[1] * c) / (1 + q[0] + q[0] * q[1])
            change = abs(next - average)
            average = next
            let second = c - average
            relative = [0, banked[1] + q[1] * second - average, second]
        }
        self.table = table
        self.penalty = penalty
        self.longRunAverage = average
        self.relativeValues = relative
        self.iterations = iterations
        self.lastChange = change
        self.solvers = turns
    }

    /// The farkle counts with a turn of their own: 0, 1 and 2 farkles in a row.
    package static let farkleCounts = 0...2

    /// The best turn with `farklesInARow` farkles in a row before it, its farkle worth
    /// h((k + 1) mod 3) - h(0) (less the penalty for k = 2).
    ///
    /// - Precondition: `farklesInARow` is 0, 1 or 2.
    package func turnSolver(farklesInARow: Int) -> ExpectedScoreSolver {
        precondition(Self.farkleCounts.contains(farklesInARow), "0, 1 or 2 farkles in a row")
        return solvers[farklesInARow]
    }

    /// The optimal decisions with `farklesInARow` farkles in a row, as table lookups.
    ///
    /// - Precondition: `farklesInARow` is 0, 1 or 2.
    func policy(farklesInARow: Int) -> ExpectedScorePolicy {
        turnSolver(farklesInARow: farklesInARow).policy
    }
}
