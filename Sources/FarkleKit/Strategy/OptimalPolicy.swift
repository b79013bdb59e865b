/// Expected-score optimal play as table lookups: which keep to take and whether to bank.
///
/// Built by `TurnSolver`. Every answer is two or three array reads, with no
/// search and no allocation, so a simulator can call it for every roll. Turn
/// points above the solver's tabulated bound use the last tabulated row, which
/// is exact there (see `TurnSolver`).
@frozen
public struct OptimalPolicy: Sendable {
    /// The rule set's score step: turn points are looked up at `turnPoints / scoreStep`.
    @usableFromInline
    internal let scoreStep: Int

    /// The last tabulated level (turn points `lastLevel * scoreStep`); higher turn points read it.
    @usableFromInline
    internal let lastLevel: Int

    /// The first global roll number of each dice count, as in `ScoringTable`.
    @usableFromInline
    internal let rollOffset: [Int]

    /// The decision group of every global roll (0 for a farkle).
    @usableFromInline
    internal let groupOfRoll: [Int32]

    /// The number of decision groups, the farkle group included.
    @usableFromInline
    internal let groupCount: Int

    /// The number of dice to keep, at `level * groupCount + group` (0 for the farkle group).
    @usableFromInline
    internal let keptDice: [UInt8]

    /// The highest-scoring keep of exactly k dice of every global roll, at `global * 7 + k`.
    @usableFromInline
    internal let bestKeeps: [Keep]

    /// Whether to bank, at `level * 7 + diceLeft`; `false` wherever banking is not allowed.
    @usableFromInline
    internal let bankDecisions: [Bool]

    @usableFromInline
    internal init(
        scoreStep: Int, lastLevel: Int, rollOffset: [Int], groupOfRoll: [Int32], groupCount: Int,
        keptDice: [UInt8], bestKeeps: [Keep], bankDecisions: [Bool]
    ) {
        self.scoreStep = scoreStep
        self.lastLevel = lastLevel
        self.rollOffset = rollOffset
        self.groupOfRoll = groupOfRoll
        self.groupCount = groupCount
        self.keptDice = keptDice
        self.bestKeeps = bestKeeps
        self.bankDecisions = bankDecisions
    }

    /// The row of `turnPoints`: the tabulated level, or the last one above the bound.
    @inlinable
    internal func level(_ turnPoints: Int) -> Int {
        min(turnPoints / scoreStep, lastLevel)
    }

    /// The best keep after rolling `dice` dice that show multiset `multiset` (a `DiceCatalog` index),
    /// with `turnPoints` on the table before the roll.
    ///
    /// Among keeps of equal expected value the one with the fewest dice. For a farkle
    /// (no keep exists) the result is an empty keep scoring 0.
    @inlinable
    public func keep(turnPoints: Int, dice: Int, multiset: Int) -> Keep {
        let global = rollOffset[dice] + multiset
        let kept = keptDice[level(turnPoints) * groupCount + Int(groupOfRoll[global])]
        return bestKeeps[global * 7 + Int(kept)]
    }

    /// Whether optimal play banks `turnPoints` with `diceLeft` dice to roll (6 after hot dice).
    ///
    /// Always `false` where the rules do not allow banking, so a simulator can ask in every state.
    @inlinable
    public func shouldBank(turnPoints: Int, diceLeft: Int) -> Bool {
        bankDecisions[level(turnPoints) * 7 + diceLeft]
    }
}
