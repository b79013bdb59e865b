extension Advisor {
    /// The advice on `offer`, a turn banked by the previous player under piggybacking, for a player on the board
    /// or not (`hasEntered`: an inherited bank counts toward the entry minimum) with `farklesInARow` farkles in a
    /// row before the turn (under a three-farkle penalty): R at the offer against a fresh turn, from the turn the
    /// points advice of a roll plays (`expectedScoreTurn(hasEntered:farklesInARow:)`).
    ///
    /// - Complexity: O(1): the turns are solved when the advisor is made.
    /// - Throws: `NotCovered` where the rules have no piggybacking or the farkles in a row do not fit them.
    public func advice(onOffer offer: TurnOffer, hasEntered: Bool = true, farklesInARow: Int = 0) throws(NotCovered)
        -> OfferAdvice
    {
        guard rules.game.piggyback != nil else {
            throw NotCovered("rules '\(rules.name)' have no piggybacking: no banked turn is offered")
        }
        guard (1...rules.turn.dice).contains(offer.dice), offer.turnPoints >= 0 else {
            throw NotCovered("an offer rolls 1 to \(rules.turn.dice) dice from 0 points or more")
        }
        var situation = TurnSituation(roll: DiceCounts(), turnPoints: 0)
        situation.farklesInARow = farklesInARow
        try checkFarkles(of: situation)
        let turn = expectedScoreTurn(hasEntered: hasEntered, farklesInARow: farklesInARow)
        return OfferAdvice(
            offer: offer, takeOverValue: turn.rollValue(turnPoints: offer.turnPoints, diceLeft: offer.dice),
            freshTurnValue: turn.expectedTurnScore,
            leastBankToTakeOver: turn.leastBankToTakeOver(diceLeft: offer.dice))
    }
}
