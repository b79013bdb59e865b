// What the rules imply that more than one part of FarkleKit and the CLI asks: each stated once here.

extension RuleSet {
    /// Whether, with the player's total known, the points advice counts a turn's points toward the target (at most
    /// the target less the total): a race won at once at the target, no final round, whose totals only rise (no
    /// scoreless opening roll that costs points). The one statement of it, for the advisor and the CLI's checks.
    package var capsTheTurn: Bool {
        let end = game.end
        return end.target != nil && !end.hasFinalRound && end.rounds == nil && turn.scorelessOpeningRollCost == 0
    }

    /// Whether the entry minimum raises the least bank of a player not yet on the board above the minimum bank, so
    /// that their turn is another one (`ExpectedScoreSolver.notYetOnTheBoard(_:)`). The one statement of it.
    package var entryRaisesTheLeastBank: Bool { game.entryMinimum > turn.minimumBank }

    /// The lowest total a player reaches in a game of fixed rounds: 0, or where a scoreless opening roll costs
    /// points, the cost once for every turn the game can give a player (its rounds and extra rounds); 0 for a race.
    package var lowestTotalOfRounds: Int {
        guard let rounds = game.end.rounds else { return 0 }
        return -turn.scorelessOpeningRollCost * (rounds + game.extraRoundsOnTie)
    }
}
