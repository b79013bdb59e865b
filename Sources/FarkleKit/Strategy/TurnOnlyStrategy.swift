/// A strategy whose every decision depends on the turn alone, so that a simulator may tabulate it.
///
/// A conforming strategy promises that `move` and `shouldBank` read only the
/// turn points, the dice and the roll (and, where `readsFarklesInARow`, the
/// player's own farkles in a row before the turn, 0 to 2 under a three-farkle
/// penalty): never the rest of the game situation, never the random number
/// generator. `GameSimulation` then asks it once for every state of a turn (and
/// count of farkles in a row) and plays its games from the resulting table (the
/// lane engine), instead of calling the strategy on every roll.
///
/// `settledTurnPoints` bounds the table: from those turn points on, no decision
/// changes any more, so every higher turn points can share one row.
package protocol TurnOnlyStrategy: Strategy {
    /// The turn points from which every keep and bank decision is the one taken at exactly these points,
    /// or `nil` when this strategy reads the game situation or draws random numbers and cannot be tabulated.
    ///
    /// A value in points (a multiple of the rule set's score step or not); the lower, the smaller the table.
    var settledTurnPoints: Int? { get }

    /// Whether `other` takes the same decision as this strategy in every state of a turn, so that both seats
    /// may share one table; `false` when unsure.
    func decidesLike(_ other: Self) -> Bool

    /// Whether the decisions also read the player's own farkles in a row before the turn
    /// (`GameSituation.farklesInARow`), so that each count needs a table of its own.
    var readsFarklesInARow: Bool { get }
}

extension TurnOnlyStrategy {
    /// `false`: without a cheap proof of equal decisions, every seat gets a table of its own.
    package func decidesLike(_ other: Self) -> Bool { false }

    /// `false`: the turn alone.
    package var readsFarklesInARow: Bool { false }
}

extension FarkleStreakStrategy: TurnOnlyStrategy {
    /// The highest turn points from which any of its policies settles, in points.
    package var settledTurnPoints: Int? { policies.map { $0.settledLevel * $0.scoreStep }.max() }

    /// Whether the policies of every farkle count hold the same decisions.
    package func decidesLike(_ other: Self) -> Bool {
        policies.count == other.policies.count && zip(policies, other.policies).allSatisfy { $0.decidesLike($1) }
    }

    /// `true`: each count of farkles in a row plays a policy of its own.
    package var readsFarklesInARow: Bool { true }
}

extension ExpectedValueStrategy: TurnOnlyStrategy {
    /// The lowest level from which every row of the policy equals its last row, in points.
    package var settledTurnPoints: Int? { policy.settledLevel * policy.scoreStep }

    /// Whether both policies hold the same decisions (immediate where seats share one solved policy).
    package func decidesLike(_ other: Self) -> Bool { policy.decidesLike(other.policy) }
}

extension GreedyStrategy: TurnOnlyStrategy {
    /// 0: greedy's keep depends on the roll alone and it always wishes to bank.
    package var settledTurnPoints: Int? { 0 }

    /// Whether both take the same keeps (immediate where seats share one table).
    package func decidesLike(_ other: Self) -> Bool { keeps.decidesLike(other.keeps) }
}

extension ThresholdStrategy: TurnOnlyStrategy {
    /// The highest threshold: from there on every bank wish is yes.
    package var settledTurnPoints: Int? { thresholds.max() }

    /// Whether both have the same thresholds and keeps.
    package func decidesLike(_ other: Self) -> Bool {
        thresholds == other.thresholds && keeps.decidesLike(other.keeps)
    }
}

extension HighestKeepTable {
    /// Whether both tables hold the same keeps; arrays that share storage compare at once.
    internal func decidesLike(_ other: Self) -> Bool {
        offsets == other.offsets && keeps == other.keeps
    }
}

extension BuiltInStrategy: TurnOnlyStrategy {
    /// The settled turn points of the strategy inside; `nil` for a strategy that reads more than the turn and the
    /// farkles in a row.
    package var settledTurnPoints: Int? {
        if case .expectedValue(let strategy) = kind { return strategy.settledTurnPoints }
        if case .greedy(let strategy) = kind { return strategy.settledTurnPoints }
        if case .threshold(let strategy) = kind { return strategy.settledTurnPoints }
        if case .farkleStreak(let strategy) = kind { return strategy.settledTurnPoints }
        return nil
    }

    /// Whether the strategy inside plays a policy per count of farkles in a row (`ev` under a penalty).
    package var readsFarklesInARow: Bool {
        if case .farkleStreak = kind { return true }
        return false
    }

    /// Whether `other` is the same kind of strategy deciding alike.
    package func decidesLike(_ other: Self) -> Bool {
        switch (kind, other.kind) {
        case (.expectedValue(let one), .expectedValue(let two)): return one.decidesLike(two)
        case (.greedy(let one), .greedy(let two)): return one.decidesLike(two)
        case (.threshold(let one), .threshold(let two)): return one.decidesLike(two)
        case (.farkleStreak(let one), .farkleStreak(let two)): return one.decidesLike(two)
        default: return false
        }
    }
}

extension ExpectedScorePolicy {
    /// Whether both policies hold the same decisions; arrays that share storage compare at once.
    internal func decidesLike(_ other: Self) -> Bool {
        scoreStep == other.scoreStep && lastLevel == other.lastLevel && rollOffset == other.rollOffset
            && groupOfRoll == other.groupOfRoll && keptDice == other.keptDice && bestKeeps == other.bestKeeps
            && bankDecisions == other.bankDecisions
    }

    /// The lowest level from which every decision row (keeps and bank decisions) equals the last tabulated row.
    ///
    /// The policy reads the last row for every higher turn points, so above this
    /// level no decision depends on the turn points.
    internal var settledLevel: Int {
        let states = TurnMechanics.statesPerLevel
        func sameAsLast(_ level: Int) -> Bool {
            keptDice[(level * groupCount)..<((level + 1) * groupCount)]
                .elementsEqual(keptDice[(lastLevel * groupCount)..<((lastLevel + 1) * groupCount)])
                && bankDecisions[(level * states)..<((level + 1) * states)]
                    .elementsEqual(bankDecisions[(lastLevel * states)..<((lastLevel + 1) * states)])
        }
        var level = lastLevel
        while level > 0, sameAsLast(level - 1) { level -= 1 }
        return level
    }
}
