extension WinTurnTable {
    /// Checks the totals of a turn in a race of `rules` before anything is tabulated: the player's from `floor` to
    /// below the target; the opponents' from `floor`, and the leader's below the target or, in the final round, at
    /// or above it and at most `maximumFinalRoundDeficit` ahead. `Advisor` and the advisor page's module both ask
    /// it, so the command line and the page refuse the same situations in the same words.
    ///
    /// - Parameters:
    ///   - myScore: The player's total before the turn.
    ///   - opponentScores: The opponents' totals; the highest is the leader's.
    ///   - isFinalRound: Whether this was said to be the player's last turn; an opponent at the target of a race
    ///     with a final round implies it (`GameEnd.isFinalRound(_:leader:)`).
    ///   - floor: The lowest total (below 0 under a three-farkle penalty).
    ///   - tabulating: Whether the turn is to be tabulated, which bounds the final round's deficit; `false` checks
    ///     only that the totals are a situation of the race (the points advice stands far behind).
    /// - Throws: `NotCovered` naming the total that does not fit; nothing without a target, and without an opponent
    ///   only the player's total is checked.
    package static func checkTotals(
        myScore: Int, opponentScores: [Int], isFinalRound: Bool, rules: RuleSet, floor: Int = 0,
        tabulating: Bool = true
    ) throws(NotCovered) {
        guard let target = rules.game.end.target else { return }
        guard (floor..<target).contains(myScore) else {
            throw NotCovered("my total \(myScore) is not from \(floor) to below the target \(target)")
        }
        guard let opponentScore = opponentScores.max() else { return }
        for total in opponentScores where total < floor {
            throw NotCovered("the opponent's total \(total) is below the lowest total \(floor)")
        }
        if rules.game.end.isFinalRound(isFinalRound, leader: opponentScore) {
            guard rules.game.end.hasFinalRound else {
                throw NotCovered("the first to reach \(target) wins at once: there is no final round")
            }
            guard opponentScore >= target else {
                throw NotCovered("a final round means the opponent has reached \(target), not \(opponentScore)")
            }
            // The last turn is tabulated up to the deficit: bounded before it is allocated. The deficit is read
            // without overflow where an Int is 32 bits (the page's module).
            let (deficit, overflows) = opponentScore.subtractingReportingOverflow(myScore)
            guard !tabulating || (!overflows && deficit <= maximumFinalRoundDeficit) else {
                throw NotCovered(
                    "the opponent is \(overflows ? "more than \(Int.max)" : "\(deficit)") points ahead; the final "
                        + "round is advised for deficits up to \(maximumFinalRoundDeficit) points")
            }
        } else if opponentScore >= target {
            // Only without a final round: with one, a leader at the target is the final round, above.
            throw NotCovered(
                "the opponent's total \(opponentScore) has reached the target \(target), which ends the game")
        }
    }
}
