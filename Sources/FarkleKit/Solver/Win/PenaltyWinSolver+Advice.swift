extension PenaltyWinSolver {
    /// The turn of the player to move with `myScore` against `opponentScore` and the farkles in a row of
    /// each, tabulated from the solved turn-start values: what `advise --my-score --opponent-score` shows
    /// under a three-farkle penalty.
    ///
    /// A bank restarts the banker's count and hands the turn over; a farkle hands it over with one more
    /// farkle in a row, or on the third with the penalty taken. In the final round (the opponent has reached
    /// the target) the turn is the last one and the counts no longer matter.
    ///
    /// - Parameters:
    ///   - myScore: The player's total, a multiple of the score step from `floor` to below the target.
    ///   - opponentScore: The opponent's total: from `floor` to below the target, or at or above it in the
    ///     final round.
    ///   - myFarkles: The player's farkles in a row before this turn, 0 to 2.
    ///   - opponentFarkles: The opponent's farkles in a row, 0 to 2.
    ///   - isFinalRound: Whether the opponent has reached the target and this is the player's last turn.
    /// - Precondition: the totals and counts fit the game as described (the CLI checks them first).
    package func turnTable(
        myScore: Int, opponentScore: Int, myFarkles: Int = 0, opponentFarkles: Int = 0, isFinalRound: Bool = false
    ) -> WinTurnTable {
        let step = table.scoreStep
        let least = table.turnMechanics.minimumBank
        precondition(myScore >= floor && myScore < target && myScore % step == 0, "my total from the floor")
        if isFinalRound {
            precondition(
                hasFinalRound && opponentScore >= target, "a final round after the opponent reached the target")
            return WinTurnTable(
                finalRoundOf: turn, myScore: myScore, opponentScore: opponentScore, leastBank: least, table: table)
        }
        // The state's index checks the opponent's total and both counts.
        _ = index(myScore, opponentScore, myFarkles, opponentFarkles)
        let mine = (myScore - floor) / step
        let theirs = (opponentScore - floor) / step
        let state = (mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: opponentFarkles)
        return space.turnTable(
            at: state, values: values, ties: ties, myScore: myScore, opponentScore: opponentScore, leastBank: least,
            table: table)
    }
}

// MARK: - What the advisor page names

extension PenaltyWinSolver {
    /// Whether the farkles in a row are kept apart (under a penalty); without, every count holds the values of none.
    package var countsFarkles: Bool { space.countsFarkles }
}
