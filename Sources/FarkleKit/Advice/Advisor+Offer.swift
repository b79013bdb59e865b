extension Advisor {
    /// The advice on `offer`, a turn banked by the previous player under piggybacking, for a player with the total
    /// `myScore` (`nil`: not given, a player on the board) with `farklesInARow` farkles in a row before the turn
    /// (under a three-farkle penalty): R at the offer against a fresh turn, under the points objective the advice
    /// on a roll would play there (`PointsAdvisor`): the points toward the target in a race won at once with the
    /// total given, else the turn's expected points, for a player not yet on the board at a total of 0 (an
    /// inherited bank counts toward the entry minimum, unless the rules say otherwise: then the turn taken over
    /// banks only from the entry minimum on top of it, `ExpectedScoreSolver.takeOverValue(offeredPoints:diceLeft:)`).
    ///
    /// - Complexity: O(1) for the expected points (the turns are solved when the advisor is made); a capped turn
    ///   is solved here, milliseconds; a turn taken over before entering with the entry minimum on top, O(entry
    ///   minimum / step) rows of R.
    /// - Throws: `NotCovered` where the rules have no piggybacking, or the offer (its dice, its points off the
    ///   score step), the total or the farkles in a row do not fit them.
    public func advice(onOffer offer: TurnOffer, myScore: Int? = nil, farklesInARow: Int = 0) throws(NotCovered)
        -> OfferAdvice
    {
        try points.advice(onOffer: offer, myScore: myScore, farklesInARow: farklesInARow)
    }
}
