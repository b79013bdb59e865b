/// Expected-score optimal play for a single turn (`ExpectedScoreSolver`), blind to the game situation.
///
/// Every keep and bank decision maximizes the turn's expected banked points,
/// whatever the scores: the strongest turn-by-turn play, though not always the
/// best way to win a game (it ignores the final round and the opponents' totals).
/// Under a three-farkle penalty `ev` is `FarkleStreakStrategy` instead, which
/// maximizes the long-run average with a policy for each count of farkles in a row.
@usableFromInline
package struct ExpectedValueStrategy: Strategy {
    /// The solver's decisions, as table lookups.
    @usableFromInline let policy: ExpectedScorePolicy

    /// Optimal play under the rules `solver` solved, ignoring any three-farkle penalty.
    init(solver: ExpectedScoreSolver) {
        policy = solver.policy
    }

    /// Optimal play for one turn under the rules of `context`, solving them there if no strategy has yet.
    init(context: inout StrategyContext) {
        self.init(solver: context.expectedScoreSolver())
    }

    /// `ev`.
    @usableFromInline
    package var name: String { "ev" }

    /// The optimal keep and bank decision in one table read (`ExpectedScorePolicy.move(turnPoints:dice:multiset:)`).
    @inlinable
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        policy.move(turnPoints: turnPoints, dice: dice, multiset: multiset)
    }

    /// Whether banking now has the higher expected points.
    @inlinable
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        policy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft)
    }

    /// Whether taking over the banked turn has the higher expected points than a fresh turn (it ignores what its
    /// own bank will offer the next player).
    @inlinable
    package func piggybacks<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        policy.piggybacks(turnPoints: turnPoints, diceLeft: diceLeft)
    }
}
