/// What expected-score optimal play makes of one concrete roll: every keep valued, the best first,
/// then whether to bank or roll after it.
///
/// Built by `ExpectedScoreSolver.advice(for:turnPoints:isOpeningRoll:)`; this is the answer to a player's
/// "which dice do I keep, and then do I bank?" that `farkle-sim advise` prints.
public struct RollAdvice: Hashable, Sendable {
    /// One keep of the roll and what it is worth under optimal play afterwards.
    public struct Option: Hashable, Sendable {
        /// The dice kept and their score.
        public let keep: Keep
        /// The dice left to roll after the keep: 6 after hot dice.
        public let diceLeft: Int
        /// The expected final turn points after the keep: V(t + score, dice left).
        public let expected: Double
        /// What banking after the keep is worth, t + score (capped at the target's distance where points past it
        /// count nothing); `nil` where the rules do not allow banking there.
        public let bankValue: Double?
        /// R(t + score, dice left): the expected final turn points of rolling on after the keep.
        public let rollValue: Double
    }

    /// The six-dice farkle, when the roll allows no keep but scores as one.
    public struct SixDiceFarkle: Hashable, Sendable {
        /// Its points.
        public let points: Int
        /// The expected final turn points after it (hot dice): V(t + points, 6).
        public let expected: Double
    }

    /// The state after the best keep (or the six-dice farkle) and what optimal play does there.
    public struct NextStep: Hashable, Sendable {
        /// Turn points after the keep.
        public let turnPoints: Int
        /// Dice left to roll: 6 after hot dice.
        public let diceLeft: Int
        /// Bank, roll, or roll because the rules say so.
        public let decision: BankDecision
        /// R(t, n): the expected final turn points of rolling on.
        public let rollValue: Double
    }

    /// The dice rolled.
    public let roll: DiceCounts
    /// Turn points before the roll.
    public let turnPoints: Int
    /// Whether the roll is the turn's opening roll.
    public let isOpeningRoll: Bool
    /// Every distinct keep, best first (more dice first among equal values); empty when no keep exists.
    public let options: [Option]
    /// The six-dice farkle, when it applies to this roll.
    public let sixDiceFarkle: SixDiceFarkle?
    /// What happens after the best keep; `nil` for a farkle.
    public let next: NextStep?
    /// What the roll was worth before its dice were seen: R(t, n), the expected final turn points of rolling
    /// these dice with the turn points before it (on the turn's opening roll, the turn's expected points, the
    /// six-dice farkle of an opening roll included).
    public let valueBeforeRoll: Double
    /// What a farkle counts under the objective: 0 for points, what it costs later under a three-farkle
    /// penalty (`ExpectedScoreSolver.farkleValue`).
    public let farkleValue: Double

    /// Whether the roll scores nothing and is rolled again: a turn's opening roll under rules that roll a
    /// scoreless opening roll again (`TurnRules.rerollsScorelessOpeningRoll`).
    public internal(set) var isRolledAgain = false

    /// Whether the roll ends the turn with nothing.
    public var isFarkle: Bool { options.isEmpty && sixDiceFarkle == nil && !isRolledAgain }

    /// The best keep, if any.
    public var best: Option? { options.first }

    /// What the dice gave beyond what best play expected of them: the value after the roll under best play
    /// (the best keep, the six-dice farkle, or a farkle's value) less `valueBeforeRoll`.
    ///
    /// Summed over a turn's rolls it is the turn's result less its expected value, plus what the player's own
    /// departures from best play cost: the share of a score that is the dice's, not the player's.
    public var luck: Double {
        (best?.expected ?? sixDiceFarkle?.expected ?? (isRolledAgain ? valueBeforeRoll : farkleValue))
            - valueBeforeRoll
    }
}

extension ExpectedScoreSolver {
    /// Values every keep of `roll`, taken with `turnPoints` on the table, and says what to do next.
    ///
    /// - Parameters:
    ///   - roll: The dice rolled (1 to 6 dice).
    ///   - turnPoints: Turn points before the roll, a multiple of `table.scoreStep`.
    ///   - isOpeningRoll: Whether this is the turn's first roll, where the six-dice farkle applies.
    public func advice(for roll: DiceCounts, turnPoints: Int, isOpeningRoll: Bool = false) -> RollAdvice {
        let mechanics = table.turnMechanics
        let dice = roll.count
        let options = table.keeps(for: roll).map { keep in
            let points = turnPoints + keep.score
            let left = mechanics.diceLeft(afterKeeping: keep.diceUsed, of: dice)
            return RollAdvice.Option(
                keep: keep, diceLeft: left, expected: value(turnPoints: points, diceLeft: left),
                bankValue: self.mechanics.mayBank(turnPoints: points, diceLeft: left) ? Double(points) : nil,
                rollValue: rollValue(turnPoints: points, diceLeft: left))
        }.sorted { ($1.expected, $1.keep.diceUsed) < ($0.expected, $0.keep.diceUsed) }
        var sixDiceFarkle: RollAdvice.SixDiceFarkle?
        if options.isEmpty, let points = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpeningRoll) {
            sixDiceFarkle = .init(points: points, expected: value(turnPoints: turnPoints + points, diceLeft: dice))
        }
        let after: (turnPoints: Int, diceLeft: Int)? =
            options.first.map { (turnPoints + $0.keep.score, $0.diceLeft) }
            ?? sixDiceFarkle.map { (turnPoints + $0.points, mechanics.dice) }
        let next = after.map { state in
            RollAdvice.NextStep(
                turnPoints: state.turnPoints, diceLeft: state.diceLeft,
                decision: decision(turnPoints: state.turnPoints, diceLeft: state.diceLeft),
                rollValue: rollValue(turnPoints: state.turnPoints, diceLeft: state.diceLeft))
        }
        // The opening roll's value counts the six-dice farkle of an opening roll: the turn's expected points.
        let before =
            isOpeningRoll && mechanics.isOpeningRoll(turnPoints: turnPoints, rolled: dice)
            ? expectedTurnScore : rollValue(turnPoints: turnPoints, diceLeft: dice)
        var advice = RollAdvice(
            roll: roll, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, options: options,
            sixDiceFarkle: sixDiceFarkle, next: next, valueBeforeRoll: before, farkleValue: farkleValue)
        advice.isRolledAgain = mechanics.rollsAgain(roll, isOpeningRoll: isOpeningRoll, scores: after != nil)
        return advice
    }
}
