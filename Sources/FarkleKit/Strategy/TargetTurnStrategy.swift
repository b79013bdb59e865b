/// The turn that maximizes the expected points toward the target from the player's own total: `ev-target`.
///
/// In a race that the first bank to reach the target wins at once (`kcd`),
/// points past the target count for nothing, so a player with `total` points
/// plays best, turn by turn, for E[min(turn points, target − total)]
/// (`CappedScoreSolver`, solved once for every own total). `ev` maximizes the
/// turn's expected points whatever the totals; the two part near the target,
/// where `ev` may roll on for points that cannot count. With loaded dice the
/// engine of loaded dice plays this same objective (`LoadedPlay.cappedScore`).
///
/// It reads the player's own total, so the lane engine does not tabulate it.
@usableFromInline
package struct TargetTurnStrategy: Strategy {
    /// The keeps of every roll, not the whole table: the engine copies a seat's strategy on every call
    /// (`RollKeeps`).
    @usableFromInline let rollKeeps: RollKeeps
    /// The dice of the game: hot dice give them all back.
    @usableFromInline let allDice: Int
    @usableFromInline let step: Int
    /// `solvers[total / step]`, each with cap target − total; the one at total 0 is the turn of a player not yet
    /// on the board (`CappedScoreSolver(hasEntered:)`), as in a race a total of 0 means.
    @usableFromInline let solvers: [CappedScoreSolver]

    /// Why `ev-target` cannot play under `rules`, or `nil` where it can: a race won at the target at once, with
    /// no three-farkle penalty (a farkle costs nothing beyond the turn), and turns for every total that fit
    /// `CappedScoreSolver.maximumEntriesForEveryTotal`.
    package static func refusal(for rules: RuleSet) -> String? {
        let name = StrategySpec.expectedValueToTarget.description
        guard rules.game.end.target != nil, !rules.game.end.hasFinalRound else {
            return "strategy '\(name)' plays a race won at the target at once (kcd); rules '\(rules.name)' "
                + "\(rules.game.end.unlikeRaceWonAtOnce)"
        }
        guard rules.turn.threeFarklePenalty == nil else {
            return "strategy '\(name)' counts the points of a turn only; rules '\(rules.name)' have a three-farkle "
                + "penalty (play ev, which weighs it)"
        }
        if let reason = rules.turn.openingFarkleCostRefusal(rules: rules.name, of: "the turns of strategy '\(name)'") {
            return reason
        }
        let entries = CappedScoreSolver.entriesForEveryTotal(rules: rules, set: .ordinary)
        guard entries <= CappedScoreSolver.maximumEntriesForEveryTotal else {
            return "strategy '\(name)' needs \(entries) table entries for its turns at every total, more than "
                + "\(CappedScoreSolver.maximumEntriesForEveryTotal): lower the target"
        }
        return nil
    }

    /// The capped turn at every own total below the target of the rules of `table`.
    ///
    /// - Complexity: one `CappedScoreSolver` per own total, O(levels² · dice counts) entries in all (bounded
    ///   by `refusal(for:)`).
    /// - Precondition: `refusal(for: table.rules)` is `nil`.
    init(table: ScoringTable) {
        let rules = table.rules
        precondition(Self.refusal(for: rules) == nil, "a race won at the target at once")
        let target = rules.game.end.target ?? 0
        let outcomes = DiceSetOutcomes(table: table, set: .ordinary)
        rollKeeps = table.rollKeeps
        allDice = table.turnMechanics.dice
        step = table.scoreStep
        solvers = stride(from: 0, to: target, by: table.scoreStep).map { total in
            CappedScoreSolver(outcomes: outcomes, total: total, target: target)
        }
    }

    /// `ev-target`.
    @usableFromInline
    package var name: String { StrategySpec.expectedValueToTarget.description }

    /// The solver of the mover's own total (the last one at or past it; a race ends at the target).
    @inlinable
    func solver(for situation: GameSituation) -> CappedScoreSolver {
        solvers[min(max(situation.ownScore, 0) / step, solvers.count - 1)]
    }

    /// The keep with the highest expected points toward the target, and whether to bank after it.
    ///
    /// Six ordinary dice are the states 1...6 of `DiceSetOutcomes` (the dice left to roll); on equal values the
    /// first keep of the table's order stays.
    @inlinable
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        let solver = solver(for: situation)
        var best: (move: Move, value: Double)?
        for keep in rollKeeps.keeps(dice: dice, multiset: multiset) {
            let move = Move(keep: keep, banks: nil)
            let points = turnPoints + keep.score
            let left = TurnMechanics.diceLeft(afterKeeping: move.diceUsed, of: dice, allDice: allDice)
            let value = solver.value(turnPoints: points, state: left)
            if value > best?.value ?? -.infinity {
                best = (Move(keep: keep, banks: solver.shouldBank(turnPoints: points, state: left)), value)
            }
        }
        guard let best else { preconditionFailure("a roll that allows a keep") }
        return best.move
    }

    /// Whether banking `turnPoints` is worth at least rolling `diceLeft` dice, toward the target.
    @inlinable
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        solver(for: situation).shouldBank(turnPoints: turnPoints, state: diceLeft)
    }
}
