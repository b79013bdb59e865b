extension WinTurnTable: TurnValues {
    var turnMechanics: TurnMechanics { turn.mechanics }

    /// The value of banking, where the least bank and the dice left allow it.
    func bankValue(turnPoints: Int, diceLeft: Int) -> Double? {
        decision(turnPoints: turnPoints, diceLeft: diceLeft) == .mustRoll ? nil : bankValue(turnPoints: turnPoints)
    }

    /// The turn's value on its opening roll; else the value of rolling.
    func valueBeforeRoll(turnPoints: Int, dice: Int, isOpeningRoll: Bool) -> Double {
        isOpeningRoll && turn.mechanics.isOpeningRoll(turnPoints: turnPoints, rolled: dice)
            ? openingValue : rollValue(turnPoints: turnPoints, diceLeft: dice)
    }

    /// Values every keep of `roll`, taken with `turnPoints` on the table, by the chance to win (ties counting half),
    /// and says what to do next.
    ///
    /// - Parameters:
    ///   - roll: The dice rolled (1 to 6 dice).
    ///   - turnPoints: Turn points before the roll, a multiple of `scoreStep`.
    ///   - isOpeningRoll: Whether this is the turn's first roll, where the six-dice farkle applies.
    package func advice(for roll: DiceCounts, turnPoints: Int, isOpeningRoll: Bool = false) -> RollAdvice {
        RollAdvice(roll: roll, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, table: table, values: self)
    }
}
