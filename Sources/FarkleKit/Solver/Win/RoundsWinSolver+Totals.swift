extension RoundsWinSolver {
    /// Checks the totals at the start of turn `turnIndex` (2 (round − 1) + seat, the extra rounds after the
    /// regular ones) of a game of `rules` played in rounds, before anything is tabulated: no total below the
    /// game's lowest; in round 1 nobody has banked before their first turn (the player's total is 0, and the
    /// opponent's too for the first to play); the first turn of an extra round starts from equal totals. `Advisor`,
    /// `advise` and the advisor page's module all ask it, so they refuse the same turns in the same words.
    ///
    /// - Parameters:
    ///   - turnIndex: The turn's index, from 0; `RoundsWinSolver.turns` bounds it for a solved game.
    ///   - myScore: The player's total before the turn.
    ///   - opponentScore: The opponent's total; `nil` when not known (only the player's is checked).
    /// - Throws: `NotCovered` naming what does not fit; nothing for a race.
    package static func checkTotals(turnIndex: Int, myScore: Int, opponentScore: Int?, rules: RuleSet)
        throws(NotCovered)
    {
        guard let rounds = rules.game.end.rounds else { return }
        let lowest = rules.lowestTotalOfRounds
        guard myScore >= lowest, (opponentScore ?? lowest) >= lowest else {
            throw NotCovered(
                lowest == 0
                    ? "totals in a game of rounds are not negative"
                    : "totals in a game of \(rounds) rounds under rules '\(rules.name)' are at least \(lowest), a "
                        + "scoreless opening roll costing \(rules.turn.scorelessOpeningRollCost) every turn")
        }
        let (round, playsFirst) = (turnIndex / 2 + 1, turnIndex % 2 == 0)
        let theirs = opponentScore ?? 0
        if round == 1, myScore != 0 || (playsFirst && theirs != 0) {
            throw NotCovered(
                "in round 1 nobody has banked before their first turn: "
                    + (playsFirst && opponentScore != nil
                        ? "playing first, my total and the opponent's are 0, not \(myScore) and \(theirs)"
                        : "my total is 0, not \(myScore)"))
        }
        if round > rounds, playsFirst, let opponentScore, myScore != opponentScore {
            throw NotCovered(
                "an extra round is played from equal totals: the first to play it has the opponent's total, not "
                    + "\(myScore) against \(opponentScore)")
        }
    }
}
