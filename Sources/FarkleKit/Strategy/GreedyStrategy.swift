/// Takes the highest-scoring keep of every roll and banks as soon as the rules allow.
///
/// On a tie in score it keeps the fewest dice (`ScoringTable.highestScoringKeep`).
@usableFromInline
package struct GreedyStrategy: Strategy {
    @usableFromInline
    internal let keeps: HighestKeepTable

    /// Greedy play under the rules of `table`.
    init(table: ScoringTable) {
        keeps = HighestKeepTable(table: table)
    }

    /// Greedy play under the rules of `context`.
    init(context: StrategyContext) {
        self.init(table: context.table)
    }

    /// `greedy`.
    @usableFromInline
    package var name: String { "greedy" }

    /// The highest-scoring keep, banking right after it wherever allowed.
    @inlinable
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        Move(keep: keeps.keep(dice: dice, multiset: multiset), banks: true)
    }

    /// Always: greedy banks at the first chance.
    @inlinable
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        true
    }
}
