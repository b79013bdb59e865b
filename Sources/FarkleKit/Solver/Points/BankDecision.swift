/// What expected-score optimal play does at a decision point: bank, roll, or roll because it must.
public enum BankDecision: String, Hashable, Sendable, CaseIterable {
    /// Banking is allowed and has the higher expected points.
    case bank
    /// Banking is allowed but rolling has the higher expected points.
    case roll
    /// The rules do not allow banking here (dice left, hot dice or the minimum bank).
    case mustRoll = "must roll"
}

extension BankDecision {
    /// `mustRoll` where the rules forbid banking, else `bank` or `roll` as the play `banks`.
    package init(mayBank: Bool, banks: Bool) {
        self = mayBank ? (banks ? .bank : .roll) : .mustRoll
    }
}

extension ExpectedScoreSolver {
    /// The decision of optimal play with `turnPoints` on the table and `diceLeft` dice to roll.
    public func decision(turnPoints: Int, diceLeft: Int) -> BankDecision {
        guard mechanics.mayBank(turnPoints: turnPoints, diceLeft: diceLeft) else { return .mustRoll }
        return shouldBank(turnPoints: turnPoints, diceLeft: diceLeft) ? .bank : .roll
    }
}
