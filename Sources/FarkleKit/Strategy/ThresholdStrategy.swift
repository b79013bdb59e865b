/// Takes the highest-scoring keep of every roll and banks once the turn points reach a threshold
/// for the dice left.
///
/// The spec `threshold:T1,T2` sets the thresholds for 1 and 2 dice left (the
/// counts `standard` allows banking with). Rule sets may allow banking with
/// more dice, or after hot dice; for those counts the spec may go on
/// (`threshold:T1,T2,T3,T4,T5,T6`), and each count it leaves out takes twice the
/// threshold of one die fewer. Doubling follows the farkle odds, which roughly
/// halve with every extra die (67%, 44%, 28%, 16%, 8%, 2% for 1 to 6 dice), so
/// a careful player needs about twice the points at stake before giving up a
/// roll with one more die.
@usableFromInline
package struct ThresholdStrategy: Strategy {
    @usableFromInline
    internal let keeps: HighestKeepTable

    /// The threshold for 0...6 dice left (index 0 unused), in points.
    @usableFromInline let thresholds: [Int]

    /// The dice of the game (`TurnRules.dice`): hot dice give them back.
    @usableFromInline let allDice: Int

    /// Threshold play under the rules of `table`.
    ///
    /// - Parameters:
    ///   - table: The scoring table, whose highest-scoring keep of every roll the strategy takes.
    ///   - given: The `thresholds:` argument: points from which to bank with 1, 2, 3, ... dice left;
    ///     at least two values (1 and 2 dice), at most six. Missing counts double the previous one.
    init(table: ScoringTable, thresholds given: [Int]) {
        precondition((2...DiceCounts.maximumDice).contains(given.count), "two to six thresholds")
        keeps = HighestKeepTable(table: table)
        thresholds = Self.completed(given)
        allDice = table.rules.turn.dice
        self.given = given
    }

    private let given: [Int]

    /// Threshold play under the rules of `context`; `thresholds` as for `init(table:thresholds:)`.
    init(context: StrategyContext, thresholds: [Int]) {
        self.init(table: context.table, thresholds: thresholds)
    }

    /// The thresholds for 1...6 dice: the given ones, then each missing one twice the one before.
    ///
    /// Doubling stops at `Int.max` (a threshold no turn reaches) rather than overflowing, so a
    /// library caller may pass any thresholds; the command line bounds them where it parses them.
    static func completed(_ given: [Int]) -> [Int] {
        var all = [0]
        for dice in 1...DiceCounts.maximumDice {
            let doubled = all[dice - 1].multipliedReportingOverflow(by: 2)
            all.append(dice <= given.count ? given[dice - 1] : doubled.overflow ? Int.max : doubled.partialValue)
        }
        return all
    }

    /// `threshold:T1,T2` with the thresholds as given.
    @usableFromInline
    package var name: String {
        "threshold:" + given.map(String.init).joined(separator: ",")
    }

    /// The highest-scoring keep, banking right after it if the turn points then reach the threshold.
    @inlinable
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        var move = Move(keep: keeps.keep(dice: dice, multiset: multiset), banks: nil)
        move.banks =
            turnPoints + move.score
            >= thresholds[TurnMechanics.diceLeft(afterKeeping: move.diceUsed, of: dice, allDice: allDice)]
        return move
    }

    /// Whether the turn points reach the threshold for `diceLeft` dice.
    @inlinable
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        turnPoints >= thresholds[diceLeft]
    }
}
