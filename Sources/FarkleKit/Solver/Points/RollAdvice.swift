/// What best play makes of one concrete roll under one objective: every keep valued, the best first, then whether
/// to bank or roll after it.
///
/// The one shape of every answer to a player's "which dice do I keep, and then do I bank?": its values are the
/// objective's, expected final turn points (`ExpectedScoreSolver.advice(for:turnPoints:isOpeningRoll:)`; toward
/// the target, E[min(points, cap)], with a cap) or the chance to win, ties counting half (a turn of a game played
/// to win). `Advice` holds one of each for a situation; `farkle-sim advise` prints them.
public struct RollAdvice: Hashable, Sendable {
    /// One keep of the roll and what it is worth under best play afterwards.
    public struct Option: Hashable, Sendable {
        /// The dice kept and their score.
        public let keep: Keep
        /// The dice left to roll after the keep: all of them after hot dice.
        public let diceLeft: Int
        /// The value after the keep, the better of banking and rolling on: V(t + score, dice left).
        public let value: Double
        /// What banking after the keep is worth (in points, t + score, capped at the target's distance where
        /// points past it count nothing); `nil` where the rules do not allow banking there.
        public let bankValue: Double?
        /// What rolling on after the keep is worth, then playing best: R(t + score, dice left).
        public let rollValue: Double
    }

    /// The six-dice farkle, when the roll allows no keep but scores as one.
    public struct SixDiceFarkle: Hashable, Sendable {
        /// Its points.
        public let points: Int
        /// The value after it (hot dice): V(t + points, all the dice).
        public let value: Double
    }

    /// The state after the best keep (or the six-dice farkle) and what best play does there.
    public struct NextStep: Hashable, Sendable {
        /// Turn points after the keep.
        public let turnPoints: Int
        /// Dice left to roll: all of them after hot dice.
        public let diceLeft: Int
        /// Bank, roll, or roll because the rules say so.
        public let decision: BankDecision
        /// What banking now is worth; `nil` where the rules do not allow it.
        public let bankValue: Double?
        /// What rolling on is worth: R(t, n).
        public let rollValue: Double
    }

    /// The dice rolled.
    public let roll: DiceCounts
    /// Turn points before the roll.
    public let turnPoints: Int
    /// Whether the roll is the turn's opening roll.
    public let isOpeningRoll: Bool
    /// Every distinct keep, best first (more dice first among equal values, then the scoring table's order);
    /// empty when no keep exists.
    public let options: [Option]
    /// The six-dice farkle, when it applies to this roll.
    public let sixDiceFarkle: SixDiceFarkle?
    /// What happens after the best keep; `nil` for a farkle.
    public let next: NextStep?
    /// What the roll was worth before its dice were seen: R(t, n), the value of rolling these dice with the turn
    /// points before it (on the turn's opening roll, the turn's value, the six-dice farkle of an opening roll
    /// included).
    package let valueBeforeRoll: Double
    /// What a farkle is worth under the objective: 0 for points, what it costs later under a three-farkle penalty
    /// (`ExpectedScoreSolver.farkleValue`), the chance to win once the opponent moves at the same totals; on a
    /// scoreless opening roll that costs points, that farkle's worth with the cost (`farkleCost`) taken.
    public let farkleValue: Double

    /// Whether the roll scores nothing and is rolled again: a turn's opening roll under rules that roll a
    /// scoreless opening roll again (`TurnRules.rerollsScorelessOpeningRoll`).
    public internal(set) var isRolledAgain = false

    /// The points the roll's farkle takes off the total: a turn's opening roll that scores nothing under rules that
    /// make it cost points (`TurnRules.openingFarkleCost`); 0 for any other roll.
    public internal(set) var farkleCost = 0

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
        (best?.value ?? sixDiceFarkle?.value ?? (isRolledAgain ? valueBeforeRoll : farkleValue)) - valueBeforeRoll
    }
}

/// A turn tabulated under one objective over (turn points, dice to roll), as advice on a roll reads it: the
/// expected-score turn (`ExpectedScoreSolver`) and a turn played to win (`WinTurnTable`).
protocol TurnValues {
    /// The rules' turn: dice left after a keep, the six-dice farkle, the opening roll.
    var turnMechanics: TurnMechanics { get }
    /// What a farkle is worth.
    var farkleValue: Double { get }
    /// What a farkle on the turn's opening roll of every die is worth: `farkleValue`, less what it costs where a
    /// scoreless opening roll costs points (`TurnRules.openingFarkleCost`).
    var openingFarkleValue: Double { get }
    /// The value with `turnPoints` on the table and `diceLeft` to roll, the better of banking and rolling.
    func value(turnPoints: Int, diceLeft: Int) -> Double
    /// The value of rolling `diceLeft` dice with `turnPoints`, then playing best.
    func rollValue(turnPoints: Int, diceLeft: Int) -> Double
    /// The value of banking `turnPoints` with `diceLeft` dice left, `nil` where the rules do not allow it.
    func bankValue(turnPoints: Int, diceLeft: Int) -> Double?
    /// Bank, roll, or roll because the rules say so.
    func decision(turnPoints: Int, diceLeft: Int) -> BankDecision
    /// The value of the roll of `dice` dice with `turnPoints` before it is seen (the turn's value on its opening
    /// roll).
    func valueBeforeRoll(turnPoints: Int, dice: Int, isOpeningRoll: Bool) -> Double
}

extension RollAdvice {
    /// Every keep of `roll`, taken with `turnPoints` on the table, valued by `values`, and what to do next.
    ///
    /// - Parameters:
    ///   - roll: The dice rolled (1 to the rules' dice).
    ///   - turnPoints: Turn points before the roll, a multiple of the score step.
    ///   - isOpeningRoll: Whether this is the turn's first roll, where the six-dice farkle applies.
    ///   - table: The scoring table: the roll's keeps.
    init(
        roll: DiceCounts, turnPoints: Int, isOpeningRoll: Bool, table: ScoringTable, values: some TurnValues
    ) {
        let mechanics = values.turnMechanics
        let dice = roll.count
        let valued = table.keeps(for: roll).enumerated().map { index, keep in
            let points = turnPoints + keep.score
            let left = mechanics.diceLeft(afterKeeping: keep.diceUsed, of: dice)
            return (
                index: index,
                option: Option(
                    keep: keep, diceLeft: left, value: values.value(turnPoints: points, diceLeft: left),
                    bankValue: values.bankValue(turnPoints: points, diceLeft: left),
                    rollValue: values.rollValue(turnPoints: points, diceLeft: left))
            )
        }
        // Exact ties are common (a sure win is worth 1 whatever is kept): more dice, then the table's order.
        let options = valued.sorted {
            ($1.option.value, $1.option.keep.diceUsed, $0.index) < ($0.option.value, $0.option.keep.diceUsed, $1.index)
        }.map({ $0.option })
        var sixDiceFarkle: SixDiceFarkle?
        if options.isEmpty, let points = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpeningRoll) {
            sixDiceFarkle = .init(points: points, value: values.value(turnPoints: turnPoints + points, diceLeft: dice))
        }
        let after: (turnPoints: Int, diceLeft: Int)? =
            options.first.map { (turnPoints + $0.keep.score, $0.diceLeft) }
            ?? sixDiceFarkle.map { (turnPoints + $0.points, mechanics.dice) }
        // A scoreless opening roll that costs points: its farkle is worth less, by the cost or by what it hands over.
        let costs = after == nil && mechanics.farkleCost(rolled: dice, isOpeningRoll: isOpeningRoll) > 0
        let next = after.map { state in
            NextStep(
                turnPoints: state.turnPoints, diceLeft: state.diceLeft,
                decision: values.decision(turnPoints: state.turnPoints, diceLeft: state.diceLeft),
                bankValue: values.bankValue(turnPoints: state.turnPoints, diceLeft: state.diceLeft),
                rollValue: values.rollValue(turnPoints: state.turnPoints, diceLeft: state.diceLeft))
        }
        self.init(
            roll: roll, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, options: options,
            sixDiceFarkle: sixDiceFarkle, next: next,
            valueBeforeRoll: values.valueBeforeRoll(turnPoints: turnPoints, dice: dice, isOpeningRoll: isOpeningRoll),
            farkleValue: costs ? values.openingFarkleValue : values.farkleValue)
        isRolledAgain = mechanics.rollsAgain(roll, isOpeningRoll: isOpeningRoll, scores: after != nil)
        farkleCost = costs ? mechanics.openingFarkleCost : 0
    }
}

extension ExpectedScoreSolver: TurnValues {
    var turnMechanics: TurnMechanics { table.turnMechanics }

    /// A farkle's value less the points a scoreless opening roll costs.
    var openingFarkleValue: Double { farkleValue - Double(mechanics.openingFarkleCost) }

    /// t, where the player may bank it.
    func bankValue(turnPoints: Int, diceLeft: Int) -> Double? {
        mechanics.mayBank(turnPoints: turnPoints, diceLeft: diceLeft) ? Double(turnPoints) : nil
    }

    /// The opening roll's value counts the six-dice farkle of an opening roll: the turn's expected points.
    func valueBeforeRoll(turnPoints: Int, dice: Int, isOpeningRoll: Bool) -> Double {
        isOpeningRoll && table.turnMechanics.isOpeningRoll(turnPoints: turnPoints, rolled: dice)
            ? expectedTurnScore : rollValue(turnPoints: turnPoints, diceLeft: dice)
    }

    /// Values every keep of `roll`, taken with `turnPoints` on the table, and says what to do next.
    ///
    /// - Parameters:
    ///   - roll: The dice rolled (1 to 6 dice).
    ///   - turnPoints: Turn points before the roll, a multiple of `table.scoreStep`.
    ///   - isOpeningRoll: Whether this is the turn's first roll, where the six-dice farkle applies.
    public func advice(for roll: DiceCounts, turnPoints: Int, isOpeningRoll: Bool = false) -> RollAdvice {
        RollAdvice(roll: roll, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, table: table, values: self)
    }
}
