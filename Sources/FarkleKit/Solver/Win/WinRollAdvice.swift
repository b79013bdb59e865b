/// What play to win makes of one concrete roll at given totals: every keep valued by the chance to win
/// (ties counting half), the best first, then whether to bank or roll after it.
///
/// Built by `WinTurnTable.advice(for:turnPoints:isOpeningRoll:)`; the game-aware twin of `RollAdvice`,
/// which `farkle-sim advise --my-score --opponent-score` prints beside it.
public struct WinRollAdvice: Hashable, Sendable {
    /// One keep of the roll and the player's value after it under best play.
    public struct Option: Hashable, Sendable {
        /// The dice kept and their score.
        public let keep: Keep
        /// The dice left to roll after the keep: 6 after hot dice.
        public let diceLeft: Int
        /// P(win) + ½ P(tie) after the keep.
        public let value: Double
        /// P(win) + ½ P(tie) of banking after the keep; `nil` where the rules do not allow it.
        public let bankValue: Double?
        /// P(win) + ½ P(tie) of rolling on after the keep, then playing best.
        public let rollValue: Double
    }

    /// The six-dice farkle, when the roll allows no keep but scores as one.
    public struct SixDiceFarkle: Hashable, Sendable {
        /// Its points.
        public let points: Int
        /// P(win) + ½ P(tie) after it (hot dice).
        public let value: Double
    }

    /// The state after the best keep (or the six-dice farkle) and what best play does there.
    public struct NextStep: Hashable, Sendable {
        /// Turn points after the keep.
        public let turnPoints: Int
        /// Dice left to roll: 6 after hot dice.
        public let diceLeft: Int
        /// Bank, roll, or roll because the rules say so.
        public let decision: BankDecision
        /// The value of banking now; `nil` where the rules do not allow it.
        public let bankValue: Double?
        /// The value of rolling on.
        public let rollValue: Double
    }

    /// The dice rolled.
    public let roll: DiceCounts
    /// Turn points before the roll.
    public let turnPoints: Int
    /// Whether the roll is the turn's opening roll.
    public let isOpeningRoll: Bool
    /// The player's total, the opponent's total and whether this is the player's last turn.
    public let myScore: Int
    /// The opponent's total.
    public let opponentScore: Int
    /// Whether the opponent has reached the target and this is the player's last turn.
    public let isFinalRound: Bool
    /// Every distinct keep, best first (more dice first among equal values, then the scoring table's
    /// order); empty when no keep exists.
    public let options: [Option]
    /// The six-dice farkle, when it applies to this roll.
    public let sixDiceFarkle: SixDiceFarkle?
    /// What happens after the best keep; `nil` for a farkle.
    public let next: NextStep?
    /// The player's value when the roll is a farkle: the opponent's turn at the same totals.
    public let farkleValue: Double

    /// Whether the roll scores nothing and is rolled again: a turn's opening roll under rules that roll a
    /// scoreless opening roll again (`TurnRules.rerollsScorelessOpeningRoll`).
    public internal(set) var isRolledAgain = false

    /// Whether the values weigh every opponent at the table: one opponent, the solved game of three, or the last
    /// turn of a final round after which at most one opponent plays; else they are the race's against the leader
    /// alone (measured play at a larger table, not the table's chances).
    public internal(set) var weighsEveryOpponent = true

    /// Whether the roll ends the turn with nothing.
    public var isFarkle: Bool { options.isEmpty && sixDiceFarkle == nil && !isRolledAgain }

    /// The best keep, if any.
    public var best: Option? { options.first }
}

extension WinTurnTable {
    /// Values every keep of `roll`, taken with `turnPoints` on the table, and says what to do next.
    ///
    /// - Parameters:
    ///   - roll: The dice rolled (1 to 6 dice).
    ///   - turnPoints: Turn points before the roll, a multiple of `scoreStep`.
    ///   - isOpeningRoll: Whether this is the turn's first roll, where the six-dice farkle applies.
    public func advice(for roll: DiceCounts, turnPoints: Int, isOpeningRoll: Bool = false) -> WinRollAdvice {
        let mechanics = turn.mechanics
        let dice = roll.count
        let valued = table.keeps(for: roll).enumerated().map { index, keep in
            let left = mechanics.diceLeft(afterKeeping: keep.diceUsed, of: dice)
            let points = turnPoints + keep.score
            let banks = decision(turnPoints: points, diceLeft: left)
            return (
                index: index,
                option: WinRollAdvice.Option(
                    keep: keep, diceLeft: left, value: value(turnPoints: points, diceLeft: left),
                    bankValue: banks == .mustRoll ? nil : bankValue(turnPoints: points),
                    rollValue: rollValue(turnPoints: points, diceLeft: left))
            )
        }
        // Exact ties are common (a sure win is worth 1 whatever is kept): more dice, then the table's order.
        let options = valued.sorted {
            ($1.option.value, $1.option.keep.diceUsed, $0.index) < ($0.option.value, $0.option.keep.diceUsed, $1.index)
        }.map(\.option)
        var sixDiceFarkle: WinRollAdvice.SixDiceFarkle?
        if options.isEmpty, let points = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpeningRoll) {
            sixDiceFarkle = .init(points: points, value: value(turnPoints: turnPoints + points, diceLeft: dice))
        }
        let after: (turnPoints: Int, diceLeft: Int)? =
            options.first.map { (turnPoints + $0.keep.score, $0.diceLeft) }
            ?? sixDiceFarkle.map { (turnPoints + $0.points, mechanics.dice) }
        let next = after.map { state in
            let decision = decision(turnPoints: state.turnPoints, diceLeft: state.diceLeft)
            return WinRollAdvice.NextStep(
                turnPoints: state.turnPoints, diceLeft: state.diceLeft, decision: decision,
                bankValue: decision == .mustRoll ? nil : bankValue(turnPoints: state.turnPoints),
                rollValue: rollValue(turnPoints: state.turnPoints, diceLeft: state.diceLeft))
        }
        var advice = WinRollAdvice(
            roll: roll, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, myScore: myScore,
            opponentScore: opponentScore, isFinalRound: isFinalRound, options: options, sixDiceFarkle: sixDiceFarkle,
            next: next, farkleValue: farkleValue)
        advice.isRolledAgain = mechanics.rollsAgain(roll, isOpeningRoll: isOpeningRoll, scores: after != nil)
        return advice
    }
}
