/// `greedy` and `threshold:T1,T2,...` with a dice set: the highest-scoring keep of every roll
/// (`LoadedHighestKeep`), banking once the turn points reach a threshold for the dice left.
///
/// `greedy` is every threshold 0: it banks at the first chance the rules allow. Thresholds are those of
/// `ThresholdStrategy` (`ThresholdStrategy.completed(_:)` fills in the counts left out), counted on the dice
/// left whatever their kinds, six after hot dice; where the rules allow a bank is `TurnMechanics.mayBank`.
/// Like the plain strategies it ignores the totals: it does not bank early because the turn points would
/// reach the target, nor keep rolling for more, so six ordinary dice play exactly as `GreedyStrategy` and
/// `ThresholdStrategy` do.
package struct LoadedThresholdPlay: Sendable {
    /// The keep of every roll.
    package let keeps: LoadedHighestKeep
    /// The threshold for 0...6 dice left (index 0 unused), in points.
    package let thresholds: [Int]

    private let mechanics: TurnMechanics

    /// The play with the dice of `outcomes`, banking from `thresholds`.
    ///
    /// - Parameters:
    ///   - outcomes: The rolls of the dice set, grouped.
    ///   - thresholds: As for `ThresholdStrategy.init(table:thresholds:)`: points from which to bank with 1, 2,
    ///     3, ... dice left, two to six values, those left out doubling the one before.
    package init(outcomes: DiceSetOutcomes, thresholds: [Int]) {
        precondition((2...DiceCounts.maximumDice).contains(thresholds.count), "two to six thresholds")
        keeps = LoadedHighestKeep(outcomes: outcomes)
        self.thresholds = ThresholdStrategy.completed(thresholds)
        mechanics = outcomes.table.turnMechanics
    }

    /// The play of `play` with the dice of `outcomes`, or `nil` for a play that is not greedy nor a
    /// threshold.
    ///
    /// - Parameters:
    ///   - outcomes: The rolls of the dice set, grouped.
    ///   - play: `.greedy` or `.threshold(_:)` (with two to six thresholds).
    package init?(outcomes: DiceSetOutcomes, play: LoadedPlay) {
        switch play {
        case .greedy: self.init(outcomes: outcomes, thresholds: [0, 0])
        case .threshold(let thresholds): self.init(outcomes: outcomes, thresholds: thresholds)
        case .cappedScore, .expectedPoints, .win: return nil
        }
    }

    /// Whether the play banks `turnPoints` with the dice of `state` left: the rules allow it there and the
    /// turn points reach the threshold for its dice. Never with no turn points.
    ///
    /// - Parameters:
    ///   - turnPoints: The turn points after the last keep.
    ///   - state: The dice left (`DiceSetOutcomes` numbering; the whole set after hot dice).
    package func banks(turnPoints: Int, state: Int) -> Bool {
        let dice = keeps.outcomes.diceInState[state]
        return turnPoints > 0 && mechanics.mayBank(turnPoints: turnPoints, diceLeft: dice)
            && turnPoints >= thresholds[dice]
    }
}
