extension LoadedWinSolver {
    /// One player's turn at one pair of totals, played to win: what every keep, bank and roll is worth.
    ///
    /// Values are chances to win the game with best play by both from then on. Rows of turn points that
    /// reach the target are not tabulated: a bank there wins at once, unless the target must be hit exactly and
    /// they pass it: then the turn busts whatever it does, as a farkle.
    package struct Turn: Sendable {
        /// The player's dice.
        package let outcomes: DiceSetOutcomes
        /// The player's total before the turn.
        package let own: Int
        /// The opponent's total.
        package let opponent: Int
        /// The target of the race.
        package let target: Int
        /// What a farkle is worth: 1 − W_opponent(opponent, own).
        package let farkleValue: Double

        let values: [Double]
        let rollValues: [Double]
        let banks: [Bool]
        /// What a bank of each level of turn points is worth: 1 − W_opponent(opponent, own + points) (−∞ at 0, where
        /// there is nothing to bank).
        let bankValues: [Double]

        /// The chance to win with `turnPoints` on the table and the dice of `state` to roll, under best play.
        ///
        /// - Precondition: `turnPoints` is a non-negative multiple of the score step; `state` is
        ///   1..<stateCount.
        package func value(turnPoints: Int, state: Int) -> Double {
            guard let index = index(turnPoints, state) else { return pastTheTable(turnPoints) }
            return values[index]
        }

        /// What a state at or past the target is worth: a win at the target, or past a target hit exactly the
        /// farkle's worth (a bank busts, and rolling on only goes further).
        private func pastTheTable(_ turnPoints: Int) -> Double {
            outcomes.table.rules.game.bankBusts(total: own, turnPoints: turnPoints) ? farkleValue : 1
        }

        /// The chance to win if the player rolls the dice of `state` now, with `turnPoints`, and plays best after.
        package func rollValue(turnPoints: Int, state: Int) -> Double {
            guard let index = index(turnPoints, state) else {
                // At a target hit exactly every keep busts, as the farkle does.
                if outcomes.table.rules.game.mustHitTargetExactly { return farkleValue }
                // Past the target every keep banks the win; only a farkle hands the turn over.
                let farkle = outcomes.farkleProbability[state]
                return 1 - farkle + farkle * farkleValue
            }
            return rollValues[index]
        }

        /// The chance to win if the player banks `turnPoints` now, or `nil` with no turn points.
        package func bankValue(turnPoints: Int, state: Int) -> Double? {
            guard turnPoints > 0 else { return nil }
            guard index(turnPoints, state) != nil else { return pastTheTable(turnPoints) }
            return bankValues[turnPoints / outcomes.table.scoreStep]
        }

        /// Whether best play banks `turnPoints` with the dice of `state` left (on equal values it banks).
        package func shouldBank(turnPoints: Int, state: Int) -> Bool {
            guard turnPoints > 0 else { return false }
            guard let index = index(turnPoints, state) else { return true }
            return banks[index]
        }

        /// Every keep of a roll showing `roll[k]` on the dice of kind k, with `turnPoints` before it, best
        /// first, valued as chances to win (ordered like `CappedScoreSolver.advice(for:turnPoints:)`).
        package func advice(for roll: [DiceCounts], turnPoints: Int) -> [CappedScoreSolver.KeepAdvice] {
            CappedScoreSolver.KeepAdvice.ranked(outcomes.choices(for: roll)) { choice in
                let points = turnPoints + choice.points
                return CappedScoreSolver.KeepAdvice(
                    choice: choice, turnPoints: points, bankValue: bankValue(turnPoints: points, state: choice.next),
                    rollValue: rollValue(turnPoints: points, state: choice.next))
            }
        }

        /// The tabulated index of (turn points, state), `nil` once the turn points reach the target.
        private func index(_ turnPoints: Int, _ state: Int) -> Int? {
            let step = outcomes.table.scoreStep
            precondition(turnPoints >= 0 && turnPoints % step == 0, "turn points are multiples of \(step)")
            precondition((1..<outcomes.stateCount).contains(state), "a state with dice to roll")
            guard own + turnPoints < target else { return nil }
            return (turnPoints / step) * outcomes.stateCount + state
        }
    }

    /// `player`'s turn with `own` points against the opponent's `opponent`, played to win.
    ///
    /// Solves the one turn again from the game's values (a pass over its turn points and dice states).
    ///
    /// - Precondition: `player` is 0 or 1; both totals are multiples of the score step below the target, and
    ///   solved for (`isSolved(player:own:opponent:)`).
    package func turn(player: Int, own: Int, opponent: Int) -> Turn {
        precondition((0..<2).contains(player), "player 0 or 1")
        precondition(isSolved(player: player, own: own, opponent: opponent), "totals solved for")
        let step = outcomes[0].table.scoreStep
        precondition(own % step == 0 && opponent % step == 0 && own < target && opponent < target, "totals")
        let (mine, theirs) = (own / step, opponent / step)
        var table = LoadedTurnTable(outcomes: outcomes[player], levels: levels)
        let rival = values[1 - player]
        // What a bank and a farkle are worth, as the solve weighed them (the layout's rows; no ties).
        let payoffs = LoadedRaceLayout(levels: levels).rows(at: (mine, theirs), values: rival, ties: rival)
        _ = table.solve(own: mine, other: theirs, farkle: payoffs.farkle.value, rivalValues: rival)
        let rows = payoffs.top * outcomes[player].stateCount
        return Turn(
            outcomes: outcomes[player], own: own, opponent: opponent, target: target,
            farkleValue: payoffs.farkle.value, values: (0..<rows).map(table.value(at:)),
            rollValues: Array(table.roll[0..<rows]), banks: Array(table.banks[0..<rows]), bankValues: payoffs.bank)
    }
}

extension LoadedWinSolver.Turn: DiceSetTurnValues {
    /// The rules of a race between dice sets have no six-dice farkle: the opening roll is any other roll.
    func valueBeforeRoll(turnPoints: Int, state: Int, isOpeningRoll: Bool) -> Double {
        rollValue(turnPoints: turnPoints, state: state)
    }
}
