extension PointsAdvisor {
    /// The advice on `offer`, a turn banked by the previous player under piggybacking, for a player with the total
    /// `myScore` (`nil`: on the board) after `farklesInARow` farkles in a row: `Advisor.advice(onOffer:myScore:
    /// farklesInARow:)`, which states it.
    ///
    /// - Throws: `NotCovered` where the rules have no piggybacking, or the offer, the total or the farkles in a row
    ///   do not fit them.
    package func advice(onOffer offer: TurnOffer, myScore: Int?, farklesInARow: Int) throws(NotCovered)
        -> OfferAdvice
    {
        guard let piggyback = rules.game.piggyback else {
            throw NotCovered("rules '\(rules.name)' have no piggybacking: no banked turn is offered")
        }
        guard (1...rules.turn.dice).contains(offer.dice), offer.turnPoints >= 0 else {
            throw NotCovered("an offer rolls 1 to \(rules.turn.dice) dice from 0 points or more")
        }
        // Turn points are whole steps of the scoring table; the turns are tabulated by step.
        guard offer.turnPoints.isMultiple(of: table.scoreStep) else {
            throw NotCovered(
                "an offer's points are a multiple of \(table.scoreStep) under rules '\(rules.name)', not "
                    + "\(offer.turnPoints)")
        }
        try checkFarkles(farklesInARow)
        let hasEntered = Self.hasEntered(myScore: myScore)
        if let capped = try cappedTurn(myScore: myScore) {
            // Where the inherited points do not enter, a player not yet on the board plays the turn taken over to
            // the entry minimum on top of them, which the capped turn does not tabulate.
            if !hasEntered && !piggyback.inheritedPointsEnter {
                throw NotCovered(
                    "the points toward the target of a player not yet on the board who takes a turn over are not "
                        + "solved under rules '\(rules.name)', whose inherited points do not enter: leave out the "
                        + "total for the turn's expected points")
            }
            let state = capped.outcomes.state(with: [offer.dice])
            let fresh = capped.openingValue
            // R never falls as the points grow, and from the table's top on it no longer changes: the first level
            // whose R beats a fresh turn, if any, is the threshold.
            let step = table.scoreStep
            let least = (0...capped.tabulatedLevels).first { level in
                capped.rollValue(turnPoints: level * step, state: state) > fresh
            }
            return OfferAdvice(
                offer: offer, objective: .pointsTowardTarget(cap: capped.cap),
                takeOverValue: capped.rollValue(turnPoints: offer.turnPoints, state: state),
                freshTurnValue: fresh,
                leastBankToTakeOver: offer.dice < piggyback.leastDiceLeft
                    ? nil : least.map { piggyback.bankedPoints(offering: $0 * step) })
        }
        let turn = try expectedScoreTurn(hasEntered: hasEntered, farklesInARow: farklesInARow)
        return OfferAdvice(
            offer: offer,
            objective: objective(of: turn, farklesInARow: farklesInARow),
            takeOverValue: turn.takeOverValue(offeredPoints: offer.turnPoints, diceLeft: offer.dice),
            freshTurnValue: turn.expectedTurnScore,
            leastBankToTakeOver: turn.leastBankToTakeOver(diceLeft: offer.dice))
    }
}
