/// The advice on a roll of dice sets, kind by kind: every keep with the dice it takes and leaves of each kind
/// and what banking and rolling on after it are worth, for the points toward the target and, with both
/// totals, to win.
///
/// Part of `Advice` when the situation has dice sets (`TurnSituation.hasDiceSets`).
public struct DiceSetAdvice: Hashable, Sendable {
    /// One keep and what banking and rolling on after it are worth.
    public struct Option: Hashable, Sendable {
        /// The dice taken of each kind of the set.
        public let taken: [DiceCounts]
        /// The keep's points.
        public let points: Int
        /// The turn points after the keep.
        public let turnPoints: Int
        /// The dice left of each kind: the whole set after hot dice.
        public let diceLeft: [Int]
        /// Whether the keep takes every die rolled (hot dice).
        public let isHotDice: Bool
        /// What banking after the keep is worth, or `nil` where banking is not allowed.
        public let bankValue: Double?
        /// What rolling on after the keep is worth under best play.
        public let rollValue: Double

        /// Whether best play banks after the keep (on equal values it banks).
        public var banks: Bool { bankValue.map { $0 >= rollValue } ?? false }

        init(_ keep: CappedScoreSolver.KeepAdvice, outcomes: DiceSetOutcomes, rolled: Int) {
            taken = keep.choice.taken
            points = keep.choice.points
            turnPoints = keep.turnPoints
            diceLeft = outcomes.dice(in: keep.choice.next)
            isHotDice = TurnMechanics.isHotDice(keeping: keep.choice.taken.reduce(0) { $0 + $1.count }, of: rolled)
            bankValue = keep.bankValue
            rollValue = keep.rollValue
        }
    }

    /// The player's dice.
    public let dice: DiceSet
    /// The roll, kind by kind of `dice.kinds`.
    public let roll: [DiceCounts]
    /// Every keep valued as the expected points toward the target, best first.
    public let points: [Option]
    /// The opponent's dice, with the advice to win; else `nil`.
    public let opponentDice: DiceSet?
    /// Every keep valued as the chance to win, best first, when both totals are known; else `nil`.
    public let win: [Option]?
}

extension CappedScoreSolver {
    /// The advice on a roll showing `roll[k]` on the dice of kind k, in the shape of the expected-score advice:
    /// each keep's dice are the faces of every kind together, its `expected` E[min(final turn points, cap)]
    /// after it, best first as `advice(for:turnPoints:)` ranks `keeps`.
    ///
    /// - Precondition: `keeps` is `advice(for: roll, turnPoints: turnPoints)`.
    func rollAdvice(for roll: [DiceCounts], keeps: [KeepAdvice], turnPoints: Int, isOpeningRoll: Bool) -> RollAdvice {
        let dice = roll.reduce(DiceCounts(), +)
        let options = keeps.map { keep in
            RollAdvice.Option(
                keep: Keep(dice: keep.choice.taken.reduce(DiceCounts(), +), score: keep.choice.points),
                diceLeft: outcomes.diceInState[keep.choice.next], expected: keep.value, bankValue: keep.bankValue,
                rollValue: keep.rollValue)
        }
        let full = outcomes.fullState
        var sixDiceFarkle: RollAdvice.SixDiceFarkle?
        let mechanics = outcomes.table.turnMechanics
        if options.isEmpty, let points = mechanics.sixDiceFarkle(dice: dice.count, isOpeningRoll: isOpeningRoll) {
            sixDiceFarkle = .init(points: points, expected: value(turnPoints: turnPoints + points, state: full))
        }
        let after: (turnPoints: Int, state: Int)? =
            keeps.first.map { ($0.turnPoints, $0.choice.next) } ?? sixDiceFarkle.map { (turnPoints + $0.points, full) }
        let next = after.map { state in
            let bank = bankValue(turnPoints: state.turnPoints, state: state.state)
            let roll = rollValue(turnPoints: state.turnPoints, state: state.state)
            return RollAdvice.NextStep(
                turnPoints: state.turnPoints, diceLeft: outcomes.diceInState[state.state],
                decision: bank.map { $0 >= roll ? .bank : .roll } ?? .mustRoll, rollValue: roll)
        }
        let rolled = outcomes.state(with: roll.map(\.count))
        let before =
            isOpeningRoll && rolled == full && turnPoints == 0
            ? openingValue : rollValue(turnPoints: turnPoints, state: rolled)
        var advice = RollAdvice(
            roll: dice, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, options: options,
            sixDiceFarkle: sixDiceFarkle, next: next, valueBeforeRoll: before, farkleValue: 0)
        advice.isRolledAgain = mechanics.rollsAgain(dice, isOpeningRoll: isOpeningRoll, scores: after != nil)
        return advice
    }
}

extension LoadedWinSolver.Turn {
    /// The advice to win on a roll, in the shape of the plain game's: each keep's dice are the faces of every
    /// kind together, best first as `keeps` (`advice(for:turnPoints:)`) ranks them. The solver's rules have no
    /// six-dice farkle.
    func rollAdvice(
        for roll: [DiceCounts], keeps: [CappedScoreSolver.KeepAdvice], situation: TurnSituation
    ) -> WinRollAdvice {
        let options = keeps.map { keep in
            WinRollAdvice.Option(
                keep: Keep(dice: keep.choice.taken.reduce(DiceCounts(), +), score: keep.choice.points),
                diceLeft: outcomes.diceInState[keep.choice.next], value: keep.value, bankValue: keep.bankValue,
                rollValue: keep.rollValue)
        }
        let next = keeps.first.map { keep in
            WinRollAdvice.NextStep(
                turnPoints: keep.turnPoints, diceLeft: outcomes.diceInState[keep.choice.next],
                decision: keep.bankValue == nil ? .mustRoll : keep.banks ? .bank : .roll, bankValue: keep.bankValue,
                rollValue: keep.rollValue)
        }
        return WinRollAdvice(
            roll: roll.reduce(DiceCounts(), +), turnPoints: situation.turnPoints,
            isOpeningRoll: situation.isOpeningRoll(under: outcomes.table.rules.turn), myScore: own,
            opponentScore: opponent, isFinalRound: false,
            options: options, sixDiceFarkle: nil, next: next, farkleValue: farkleValue)
    }
}
