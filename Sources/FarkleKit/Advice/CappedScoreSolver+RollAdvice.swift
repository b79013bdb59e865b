extension CappedScoreSolver {
    /// The advice on a roll of six ordinary dice' worth of faces, in the shape of the expected-score advice:
    /// each keep's `expected` is E[min(final turn points, cap)] after it, best first as `advice(for:turnPoints:)`
    /// ranks them.
    ///
    /// - Precondition: the solver's set is one kind of dice (six ordinary dice); `turnPoints` is a multiple of
    ///   the score step.
    func rollAdvice(for roll: DiceCounts, turnPoints: Int, isOpeningRoll: Bool) -> RollAdvice {
        precondition(outcomes.set.kinds.count == 1, "one kind of dice")
        let mechanics = outcomes.table.turnMechanics
        let keeps = advice(for: [roll], turnPoints: turnPoints)
        let options = keeps.map { keep in
            RollAdvice.Option(
                keep: Keep(dice: keep.choice.taken[0], score: keep.choice.points),
                diceLeft: outcomes.diceInState[keep.choice.next], expected: keep.value)
        }
        let full = outcomes.fullState
        var sixDiceFarkle: RollAdvice.SixDiceFarkle?
        if options.isEmpty, let points = mechanics.sixDiceFarkle(dice: roll.count, isOpeningRoll: isOpeningRoll) {
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
        return RollAdvice(
            roll: roll, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, options: options,
            sixDiceFarkle: sixDiceFarkle, next: next)
    }
}
