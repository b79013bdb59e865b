extension GameState {
    /// The situation of the player to move with `roll` just rolled, for `Advisor.advice(for:threads:)`: the turn,
    /// the player's total and farkles in a row, and with two players the opponent's, the final round or the
    /// rounds left or the extra round; with three racing without a final round, both opponents' totals.
    public func situation(roll: DiceCounts) -> TurnSituation {
        var situation = TurnSituation(roll: roll, turnPoints: turnPoints)
        let me = players[seat]
        let counts = rules.turn.countsFarklesInARow
        situation.myScore = me.total
        situation.farklesInARow = counts ? me.farklesInARow : 0
        if players.count == 2 {
            let opponent = players[1 - seat]
            situation.opponentScore = opponent.total
            situation.opponentFarklesInARow = counts ? opponent.farklesInARow : 0
            situation.isFinalRound = isFinalRound
            if let rounds = rules.game.end.rounds {
                // Past the regular rounds the game plays an extra round: the highest total was shared.
                if round > rounds {
                    situation.extraRound = round - rounds
                } else {
                    situation.roundsLeft = rounds - round + 1
                }
                situation.seatInRound = seat
            }
        } else if players.count == 3, WinGameKind(rules.headsUpGame) == .threePlayerRace {
            // A race of three, solved as it is: both opponents in the order they play after this player.
            situation.opponentScores = [players[(seat + 1) % 3].total, players[(seat + 2) % 3].total]
        }
        return situation
    }
}
