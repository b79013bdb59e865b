/// A solved game that tabulates the turn of the player to move from a turn's situation: the one place that
/// reads a situation's totals, farkles and rounds into each solver's own state.
protocol WinTurnSource: SolvedWinGame {
    /// The turn of the player with `myScore` against `opponentScore` in `situation`, checked against what the
    /// solver tabulates.
    func turnTable(myScore: Int, opponentScore: Int, situation: TurnSituation) throws(NotCovered)
        -> WinTurnTable

    /// Whether the turn of `situation` weighs every opponent at the table, rather than the race against the
    /// leader alone: with one opponent always.
    func weighsEveryOpponent(in situation: TurnSituation) -> Bool
}

extension WinTurnSource {
    func weighsEveryOpponent(in situation: TurnSituation) -> Bool { situation.opponentScores.count <= 1 }
}

extension WinProbabilitySolver: WinTurnSource {
    func turnTable(myScore: Int, opponentScore: Int, situation: TurnSituation) throws(NotCovered)
        -> WinTurnTable
    {
        try Advisor.checkTotals(of: situation, rules: table.rules, floor: 0)
        // The last turn at a larger table weighs every opponent where at most one plays after it.
        if situation.isFinalRound, situation.opponentScores.count > 1,
            let last = finalRoundTurnTable(myScore: myScore, opponents: situation.opponentScores)
        {
            return last
        }
        return turnTable(myScore: myScore, opponentScore: opponentScore, isFinalRound: situation.isFinalRound)
    }

    /// One opponent, or the last turn of a final round with at most one opponent to play after it.
    func weighsEveryOpponent(in situation: TurnSituation) -> Bool {
        guard situation.opponentScores.count > 1 else { return true }
        return situation.isFinalRound && hasFinalRound
            && Self.playersToCome(inFinalRoundAfter: situation.opponentScores, target: target) != nil
    }
}

extension PenaltyWinSolver: WinTurnSource {
    func turnTable(myScore: Int, opponentScore: Int, situation: TurnSituation) throws(NotCovered)
        -> WinTurnTable
    {
        try Advisor.checkTotals(of: situation, rules: table.rules, floor: floor)
        try PointsAdvisor.checkFarkles(
            situation.farklesInARow, opponent: situation.opponentFarklesInARow, under: table.rules)
        return turnTable(
            myScore: myScore, opponentScore: opponentScore, myFarkles: situation.farklesInARow,
            opponentFarkles: situation.opponentFarklesInARow, isFinalRound: situation.isFinalRound)
    }
}

extension RoundsWinSolver: WinTurnSource {
    func turnTable(myScore: Int, opponentScore: Int, situation: TurnSituation) throws(NotCovered)
        -> WinTurnTable
    {
        guard (0...1).contains(situation.seatInRound) else {
            throw NotCovered("the seat in the round is 0 (first) or 1 (second), not \(situation.seatInRound)")
        }
        let round: Int
        if let extra = situation.extraRound {
            guard situation.roundsLeft == nil else {
                throw NotCovered("a turn is in a regular round (rounds left) or an extra round, not both")
            }
            guard (1...max(extraRounds, 1)).contains(extra), extraRounds > 0 else {
                throw NotCovered(
                    "rules '\(table.rules.name)' play \(extraRounds) extra rounds on a shared highest total, not "
                        + "extra round \(extra)")
            }
            round = rounds + extra
        } else {
            guard let left = situation.roundsLeft, (1...rounds).contains(left) else {
                throw NotCovered("a game of \(rounds) rounds needs the rounds left, 1 to \(rounds)")
            }
            round = rounds - left + 1
        }
        let turnIndex = Self.turnIndex(round: round, seat: situation.seatInRound)
        try Self.checkTotals(
            turnIndex: turnIndex, myScore: myScore, opponentScore: opponentScore, rules: table.rules)
        return turnTable(turnIndex: turnIndex, myScore: myScore, opponentScore: opponentScore)
    }
}

extension ThreePlayerWinSolver: WinTurnSource {
    /// The mover's turn at the three totals: `opponentScore` is the leader's, so the totals are read from
    /// `situation.opponentScores`, the next player's first.
    func turnTable(myScore: Int, opponentScore: Int, situation: TurnSituation) throws(NotCovered)
        -> WinTurnTable
    {
        let opponents = situation.opponentScores
        guard opponents.count == 2 else {
            throw NotCovered(
                "three players race under rules '\(table.rules.name)': give both opponents' totals, the next "
                    + "player's first, not \(opponents.count)")
        }
        let step = table.scoreStep
        if situation.isFinalRound {
            try Advisor.checkTotals(of: situation, rules: table.rules)
            guard let last = finalRoundTurnTable(myScore: myScore, opponents: opponents) else {
                throw NotCovered(
                    "in the final round an opponent has reached \(target): give the totals in the order they play "
                        + "after you, one of them at least \(target)")
            }
            return last
        }
        for (name, total) in [
            ("my", myScore), ("the next player's", opponents[0]), ("the last player's", opponents[1]),
        ]
        where !(0..<target).contains(total) {
            throw NotCovered("\(name) total \(total) is not from 0 to below the target \(target)")
        }
        let state = (mine: myScore / step, next: opponents[0] / step, last: opponents[1] / step)
        return layout.turnTable(
            at: state, values: values, ties: nextValues, myScore: myScore, opponentScore: opponentScore,
            leastBank: layout.leastLevel(of: state) * step, table: table)
    }

    /// The game of three, solved whole.
    func weighsEveryOpponent(in situation: TurnSituation) -> Bool { true }
}
