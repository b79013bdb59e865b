/// The game families a win solver covers: the one place that says which solver covers which rules.
package enum WinGameKind: Sendable, Equatable {
    /// A race to a target, with or without a final round (`WinProbabilitySolver`).
    case race
    /// A race under a three-farkle penalty (`PenaltyWinSolver`).
    case penaltyRace
    /// A game of fixed rounds (`RoundsWinSolver`).
    case rounds
    /// Three players racing to a target (`ThreePlayerWinSolver`). With a final round the game is solved whole
    /// (`solve --objective win --players 3`) and `ThreePlayerWinStrategy` plays it, last turns included, but the
    /// front doors (`win`, `advise`, `evaluate`, `review`) still play the race for two against the leader there
    /// (`RuleSet.headsUpGame`): the full race to 10,000 is too large to solve and tabulate in an hour yet.
    case threePlayerRace

    /// The family of `rules`' game (whether its solver covers them is the solver's to say).
    package init(_ rules: RuleSet) {
        if rules.game.end.rounds != nil {
            self = .rounds
        } else if rules.turn.farklesCostPoints {
            // A scoreless opening roll that costs points lowers a total as a penalty does: the same layout.
            self = .penaltyRace
        } else if rules.game.players == 3, rules.game.instantLossFaces.isEmpty {
            self = .threePlayerRace
        } else {
            self = .race
        }
    }

    /// The version of the family's policy files (`WinPolicyFile`): a file of another family is refused by it.
    package var policyFormatVersion: UInt32 {
        switch self {
        case .race: WinPolicyFile.formatVersion
        case .penaltyRace: WinPolicyFile.penaltyFormatVersion
        case .rounds: WinPolicyFile.roundsFormatVersion
        case .threePlayerRace: WinPolicyFile.threePlayerFormatVersion
        }
    }
}

extension RuleSet {
    /// The rules of the two-player game `win` is solved in: at a larger table of a race (no three-farkle
    /// penalty, no rounds), these rules at a table of two, whose solution `win` plays against the leading
    /// opponent; otherwise the rules themselves (the solver of their family says whether it covers them).
    ///
    /// Only a race reduces to its leader: a game of rounds counts the turns of every seat, and under a penalty the
    /// farkles of each opponent matter. Three players racing without a final round are played as they are solved
    /// (`WinGameKind.threePlayerRace`); with a final round, as the race for two (see `WinGameKind.threePlayerRace`).
    package var headsUpGame: RuleSet {
        let kind = WinGameKind(self)
        guard game.players > 2, kind == .race || (kind == .threePlayerRace && game.end.hasFinalRound) else {
            return self
        }
        var rules = self
        rules.game.players = 2
        return rules
    }
}

extension RuleSet {
    /// Why no solver of whole games played to win covers these rules, or `nil` where the family's solver may:
    /// the one gate of the rules that `ScoringTable.solveToWin` asks before it solves and the CLI asks before it
    /// says that a solve begins. It builds no table; the size of the game is `WinProbabilitySolver.checkSize`'s.
    package var winSolveRefusal: NotCovered? {
        if let reason = game.piggybackRefusal(rules: name, of: "the games solved to win") {
            return NotCovered(reason)
        }
        // The cost of a scoreless opening roll makes a race the penalty's layout (`WinGameKind`); a game of rounds
        // follows it in its own, where only the lead counts.
        if WinGameKind(self) == .penaltyRace, entryRaisesTheLeastBank {
            return NotCovered(
                "the win-probability solver does not handle an entry minimum with a "
                    + (turn.threeFarklePenalty == nil
                        ? "scoreless opening roll that costs points" : "three-farkle penalty"))
        }
        return nil
    }
}
