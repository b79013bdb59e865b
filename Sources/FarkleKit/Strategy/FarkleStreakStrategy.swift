/// Best play under a three-farkle penalty (`LongRunAverageSolver`): `ev` where the rules have a penalty.
///
/// It maximizes the long-run average of points per turn, penalties included,
/// and plays the policy of the player's farkles in a row before the turn
/// (`GameSituation.farklesInARow`, 0, 1 or 2). A type of its own rather than a
/// branch inside `ExpectedValueStrategy`, so that `ev` without a penalty stays
/// one table read per roll, with nothing more to copy or test.
@usableFromInline
package struct FarkleStreakStrategy: Strategy {
    /// The policies for 0, 1 and 2 farkles in a row.
    @usableFromInline let policies: [ExpectedScorePolicy]

    /// Each farkle count's policy from `solver`.
    init(solver: LongRunAverageSolver) {
        policies = LongRunAverageSolver.farkleCounts.map { solver.policy(farklesInARow: $0) }
    }

    /// `ev`: the expected-score objective, read as the long-run average under a penalty.
    @usableFromInline
    package var name: String { "ev" }

    /// The optimal keep and bank decision of the player's farkle count, in one table read.
    @inlinable
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        policies[situation.farklesInARow].move(turnPoints: turnPoints, dice: dice, multiset: multiset)
    }

    /// Whether banking now is best at the player's farkle count.
    @inlinable
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        policies[situation.farklesInARow].shouldBank(turnPoints: turnPoints, diceLeft: diceLeft)
    }

    /// Whether taking over the banked turn is worth more than a fresh turn, at the player's farkles in a row.
    @inlinable
    package func piggybacks<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        policies[situation.farklesInARow].piggybacks(turnPoints: turnPoints, diceLeft: diceLeft)
    }
}
