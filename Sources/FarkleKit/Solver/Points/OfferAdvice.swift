/// Under piggybacking, the advice on a banked turn offered to the player: take it over (roll its dice from its
/// points) or start a fresh turn, whichever is worth more under the points objective of the situation
/// (`Advisor.advice(onOffer:myScore:farklesInARow:)`).
public struct OfferAdvice: Sendable {
    /// The offer: the turn points the taker plays on from (the rules' bonus included) and the dice they roll.
    public let offer: TurnOffer
    /// What the values count: the turn's expected points, the points toward the target in a race won at once (the
    /// total given), or the long-run average under a three-farkle penalty; as the advice on a roll there.
    public let objective: PointsObjective
    /// R at the offer: the points the turn taken over is expected to bank under `objective` (under a three-farkle
    /// penalty a farkle counts what it costs later; toward the target a bank counts at most the target's distance).
    public let takeOverValue: Double
    /// The points a fresh turn is expected to bank, in the same units.
    public let freshTurnValue: Double
    /// The least points of a bank that leaves `offer.dice` dice (as the banker scores it, the bonus not included)
    /// from which taking it over pays; `nil` where none does. R never falls as the points grow, so one threshold
    /// decides every offer of those dice (`ExpectedScoreSolver.leastBankToTakeOver(diceLeft:)`).
    public let leastBankToTakeOver: Int?

    /// Whether taking the offer over has the higher expected points; a tie starts fresh.
    public var takesOver: Bool { takeOverValue > freshTurnValue }
}
