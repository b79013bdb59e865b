/// Expected-score optimal play for a single turn (`ExpectedScoreSolver`), blind to the game situation.
///
/// Every keep and bank decision maximizes the turn's expected banked points,
/// whatever the scores: the strongest turn-by-turn play, though not always the
/// best way to win a game (it ignores the final round and the opponents' totals).
/// Under a three-farkle penalty it maximizes the long-run average of points per
/// turn instead (`LongRunAverageSolver`), with the policy of the player's farkles
/// in a row (`GameSituation.farklesInARow`).
public struct ExpectedValueStrategy: Strategy {
    /// The solver's decisions, as table lookups (with a penalty: those with no farkle in a row).
    public let policy: ExpectedScorePolicy

    /// The policies for 0, 1 and 2 farkles in a row under a three-farkle penalty; empty without one.
    public let policiesByFarkles: [ExpectedScorePolicy]

    /// Optimal play under the rules `solver` solved, ignoring any three-farkle penalty.
    public init(solver: ExpectedScoreSolver) {
        policy = solver.policy
        policiesByFarkles = []
    }

    /// Optimal play under a three-farkle penalty: each farkle count's policy from `solver`.
    public init(solver: LongRunAverageSolver) {
        policiesByFarkles = LongRunAverageSolver.farkleCounts.map { solver.policy(farklesInARow: $0) }
        policy = policiesByFarkles[0]
    }

    /// Optimal play under the rules of `context`, solving them there if no strategy has yet: by farkles in a
    /// row where the rules have a three-farkle penalty.
    public init(context: inout StrategyContext) {
        if let solver = context.longRunAverageSolver() {
            self.init(solver: solver)
        } else {
            self.init(solver: context.expectedScoreSolver())
        }
    }

    /// `ev`.
    public var name: String { "ev" }

    /// The optimal keep and bank decision in one table read (`ExpectedScorePolicy.move(turnPoints:dice:multiset:)`).
    @inlinable
    public func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        // Without a penalty the one policy answers, as it always has.
        guard !policiesByFarkles.isEmpty else {
            return policy.move(turnPoints: turnPoints, dice: dice, multiset: multiset)
        }
        return policiesByFarkles[situation.farklesInARow].move(turnPoints: turnPoints, dice: dice, multiset: multiset)
    }

    /// Whether banking now has the higher expected points.
    @inlinable
    public func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        guard !policiesByFarkles.isEmpty else { return policy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft) }
        return policiesByFarkles[situation.farklesInARow].shouldBank(turnPoints: turnPoints, diceLeft: diceLeft)
    }
}
