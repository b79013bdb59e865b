/// The points half of the advice: which turn the points objective plays in a situation, and every keep of a roll or
/// an offer valued under it. The one choice of that turn, for `Advisor` and for the advisor page's module
/// (`Advisor/Module/PageModule.swift` in FarkleReports), which builds this layer for the browser.
///
/// The choice, written once: under a three-farkle penalty of points the long-run average's turn after the farkles in
/// a row; in a race won at once with the player's total known, the points toward the target (`CappedScoreSolver`);
/// otherwise the turn's expected points, of a player on the board or, where the entry minimum raises the least bank,
/// of one not yet on it.
package struct PointsAdvisor: Sendable {
    /// The scoring table, and through it the rule set.
    package let table: ScoringTable
    /// The expected-score turn of a player on the board, solved once (about 2 ms for `standard`).
    private let enteredTurn: ExpectedScoreSolver
    /// The same before the player is on the board, where the entry minimum raises the least bank; `nil` when
    /// it does not.
    private let enteringTurn: ExpectedScoreSolver?
    /// The three-farkle penalty's turns, one per count of farkles in a row; `nil` without a penalty (or with a
    /// penalty of the whole total, which has no long-run average).
    private let penaltyTurns: LongRunAverageSolver?
    /// The outcomes of a roll of six ordinary dice by dice state, which the turn toward the target is solved over;
    /// `nil` where the points advice never plays toward the target.
    private let outcomesTowardTarget: DiceSetOutcomes?

    /// The turns of the rules of `table`, solved.
    ///
    /// - Complexity: Milliseconds natively: one to three turns of (turn points, dice) tables, and under a
    ///   three-farkle penalty the long-run average's iteration.
    package init(table: ScoringTable) {
        self.table = table
        enteredTurn = ExpectedScoreSolver(table: table)
        enteringTurn = ExpectedScoreSolver.notYetOnTheBoard(table)
        penaltyTurns = LongRunAverageSolver(penaltyOf: table)
        outcomesTowardTarget =
            Self.playsTowardTarget(table.rules) ? DiceSetOutcomes(table: table, set: .ordinary) : nil
    }

    /// The rule set.
    package var rules: RuleSet { table.rules }

    /// Checks a count of farkles in a row before a turn, the player's `farkles` and the opponent's
    /// (`checkFarkles(_:opponent:under:)`).
    package func checkFarkles(_ farkles: Int, opponent: Int = 0) throws(NotCovered) {
        try Self.checkFarkles(farkles, opponent: opponent, under: rules)
    }

    /// Checks a count of farkles in a row before a turn under `rules`, the player's `farkles` and the opponent's:
    /// 0, 1 or 2 under a three-farkle penalty, none without one. The command line, the solved game's turns and the
    /// advisor page's module all ask it.
    package static func checkFarkles(_ farkles: Int, opponent: Int = 0, under rules: RuleSet) throws(NotCovered) {
        if rules.turn.threeFarklePenalty != nil {
            for count in [farkles, opponent] where !LongRunAverageSolver.farkleCounts.contains(count) {
                throw NotCovered(
                    "farkles in a row before a turn are 0, 1 or 2 under a three-farkle penalty, not \(count)")
            }
        } else {
            guard farkles == 0, opponent == 0 else {
                throw NotCovered(
                    "farkles in a row count toward a three-farkle penalty; rules '\(rules.name)' have none")
            }
        }
    }

    /// Every keep of `roll`, taken with `turnPoints` on the table, valued under the points objective of a player
    /// with the total `myScore` (`nil`: not given, on the board) after `farklesInARow` farkles in a row, and the
    /// objective. The turn points are checked by the caller; the farkles in a row here.
    ///
    /// - Throws: `NotCovered` for farkles in a row the rules do not count, a total not below the target of a race
    ///   won at once, or a player not yet on the board in the long run under a penalty of points with an entry
    ///   minimum (`expectedScoreTurn(hasEntered:farklesInARow:)`).
    package func advice(
        for roll: DiceCounts, turnPoints: Int, isOpeningRoll: Bool, myScore: Int?, farklesInARow: Int
    ) throws(NotCovered) -> (objective: PointsObjective, advice: RollAdvice) {
        try checkFarkles(farklesInARow)
        let hasEntered = Self.hasEntered(myScore: myScore)
        // A penalty of the whole total has no long-run average (`penaltyTurns` is nil): the points objective is
        // then the turn's own, and only the advice to win counts the farkles in a row.
        if let solver = try cappedTurn(myScore: myScore) {
            let keeps = solver.advice(for: [roll], turnPoints: turnPoints)
            return (
                .pointsTowardTarget(cap: solver.cap),
                RollAdvice(
                    byKind: [roll], keeps: keeps, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll, values: solver)
            )
        }
        let turn = try expectedScoreTurn(hasEntered: hasEntered, farklesInARow: farklesInARow)
        return (
            objective(of: turn, farklesInARow: farklesInARow),
            turn.advice(for: roll, turnPoints: turnPoints, isOpeningRoll: isOpeningRoll)
        )
    }

    /// The objective the expected-score turn `turn` plays: the long-run average under a penalty, else the turn's
    /// expected points.
    func objective(of turn: ExpectedScoreSolver, farklesInARow: Int) -> PointsObjective {
        penaltyTurns == nil
            ? .expectedPoints : .longRunAverage(farklesInARow: farklesInARow, farkleValue: turn.farkleValue)
    }

    /// Whether the points advice under `rules` plays for the points toward the target once the player's total is
    /// known: a race won at once at the target (`RuleSet.capsTheTurn`) with no long-run average under a three-farkle
    /// penalty of points, which comes first.
    package static func playsTowardTarget(_ rules: RuleSet) -> Bool {
        rules.capsTheTurn && !LongRunAverageSolver.covers(rules)
    }

    /// Whether the player's total alone changes the points advice under `rules`: it is played toward the target
    /// (`playsTowardTarget(_:)`), or the entry minimum raises the least bank of a player not yet on the board (in
    /// the long run under a penalty of points, such a player is not covered). Elsewhere the turn is the same at any
    /// total.
    package static func readsTheTotal(_ rules: RuleSet) -> Bool {
        playsTowardTarget(rules) || rules.entryRaisesTheLeastBank
    }

    /// Whether a player with the total `myScore` is on the board: any total but 0, or a total not given (`nil`).
    /// The first bank of any game adds points, so a total of 0 is a player not yet on it.
    package static func hasEntered(myScore: Int?) -> Bool {
        myScore.map { $0 != 0 } ?? true
    }

    /// In a race won at once at the target, with the player's total known, the turn that maximizes the points
    /// toward the target (a total of 0: a player not yet on the board), for a roll as for an offer; `nil` in other
    /// games or without the total. The points toward a target count from totals that only rise: not where a
    /// scoreless opening roll costs points.
    ///
    /// - Complexity: Milliseconds natively: the turn is solved here, its rows up to the cap.
    func cappedTurn(myScore: Int?) throws(NotCovered) -> CappedScoreSolver? {
        guard let myScore, let outcomes = outcomesTowardTarget, let target = rules.game.end.target else { return nil }
        guard (0..<target).contains(myScore) else {
            throw NotCovered("a total of \(myScore) is not below the target \(target), which ends the game")
        }
        return CappedScoreSolver(outcomes: outcomes, cap: target - myScore, hasEntered: myScore != 0)
    }

    /// The expected-score turn the points objective plays, for a roll as for an offer: under a three-farkle penalty
    /// of points the long-run average's turn after `farklesInARow` farkles in a row, otherwise the turn of a player
    /// on the board or, where the entry minimum raises the least bank, of one not yet on it.
    ///
    /// - Throws: `NotCovered` for a player not yet on the board under a penalty of points where the entry minimum
    ///   raises the least bank: the long-run average is solved for a player on the board, who may bank less.
    func expectedScoreTurn(hasEntered: Bool, farklesInARow: Int) throws(NotCovered) -> ExpectedScoreSolver {
        if let penaltyTurns {
            guard hasEntered || !rules.entryRaisesTheLeastBank else {
                throw NotCovered(
                    "the long run under a three-farkle penalty is solved for a player on the board; a player not yet "
                        + "on it, who banks only from the entry minimum of \(rules.game.entryMinimum), is not covered "
                        + "under rules '\(rules.name)'")
            }
            return penaltyTurns.turnSolver(farklesInARow: farklesInARow)
        }
        return hasEntered ? enteredTurn : enteringTurn ?? enteredTurn
    }
}
