/// A dice set's turn tabulated under one objective over (turn points, dice of each kind left), as advice on a roll
/// reads it: the points, toward the target or not (`CappedScoreSolver`, capped or not), and the turn of a race
/// played to win (`LoadedWinSolver.Turn`).
protocol DiceSetTurnValues {
    /// The dice set's rolls.
    var outcomes: DiceSetOutcomes { get }
    /// What a farkle is worth.
    var farkleValue: Double { get }
    /// The value with `turnPoints` on the table and the dice of `state` to roll, the better of banking and rolling.
    func value(turnPoints: Int, state: Int) -> Double
    /// The value of rolling the dice of `state` with `turnPoints`, then playing best.
    func rollValue(turnPoints: Int, state: Int) -> Double
    /// The value of banking `turnPoints` with the dice of `state` left, `nil` where it is not allowed.
    func bankValue(turnPoints: Int, state: Int) -> Double?
    /// The value of the roll of the dice of `state` with `turnPoints` before it is seen (the turn's value on its
    /// opening roll).
    func valueBeforeRoll(turnPoints: Int, state: Int, isOpeningRoll: Bool) -> Double
}

extension CappedScoreSolver: DiceSetTurnValues {
    /// A farkle banks nothing.
    var farkleValue: Double { 0 }

    func valueBeforeRoll(turnPoints: Int, state: Int, isOpeningRoll: Bool) -> Double {
        isOpeningRoll && state == outcomes.fullState && turnPoints == 0
            ? openingValue : rollValue(turnPoints: turnPoints, state: state)
    }
}

extension RollAdvice {
    /// The advice on a roll showing `roll[k]` on the dice of kind k, in the shape of the plain game's: each keep's
    /// dice are the faces of every kind together, its value the better of banking and rolling on after it under
    /// `values`, best first as `keeps` ranks them.
    ///
    /// - Precondition: `keeps` is the advice of `values`' solver on `roll` with `turnPoints` before it
    ///   (`CappedScoreSolver.advice(for:turnPoints:)`, `LoadedWinSolver.Turn.advice(for:turnPoints:)`).
    init(
        byKind roll: [DiceCounts], keeps: [CappedScoreSolver.KeepAdvice], turnPoints: Int, isOpeningRoll: Bool,
        values: some DiceSetTurnValues
    ) {
        let outcomes = values.outcomes
        let dice = roll.reduce(DiceCounts(), +)
        let options = keeps.map { keep in
            Option(
                keep: Keep(dice: keep.choice.taken.reduce(DiceCounts(), +), score: keep.choice.points),
                diceLeft: outcomes.diceInState[keep.choice.next], value: keep.value, bankValue: keep.bankValue,
                rollValue: keep.rollValue)
        }
        let full = outcomes.fullState
        var sixDiceFarkle: SixDiceFarkle?
        let mechanics = outcomes.table.turnMechanics
        if options.isEmpty, let points = mechanics.sixDiceFarkle(dice: dice.count, isOpeningRoll: isOpeningRoll) {
            sixDiceFarkle = .init(points: points, value: values.value(turnPoints: turnPoints + points, state: full))
        }
        let after: (turnPoints: Int, state: Int)? =
            keeps.first.map { ($0.turnPoints, $0.choice.next) } ?? sixDiceFarkle.map { (turnPoints + $0.points, full) }
        let next = after.map { state in
            let bank = values.bankValue(turnPoints: state.turnPoints, state: state.state)
            let roll = values.rollValue(turnPoints: state.turnPoints, state: state.state)
            return NextStep(
                turnPoints: state.turnPoints, diceLeft: outcomes.diceInState[state.state],
                decision: bank.map { $0 >= roll ? .bank : .roll } ?? .mustRoll, bankValue: bank, rollValue: roll)
        }
        let rolled = outcomes.state(with: roll.map { $0.count })
        self.init(
            roll: dice, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, options: options,
            sixDiceFarkle: sixDiceFarkle, next: next,
            valueBeforeRoll: values.valueBeforeRoll(
                turnPoints: turnPoints, state: rolled, isOpeningRoll: isOpeningRoll),
            farkleValue: values.farkleValue)
        isRolledAgain = mechanics.rollsAgain(dice, isOpeningRoll: isOpeningRoll, scores: after != nil)
    }
}
