import Foundation

/// The one front door for advice: from a turn's situation under a rule set to every keep, its value under the
/// objectives the rules allow, and what to do after it.
///
/// The advisor chooses the points objective the situation calls for, written once here: the long-run average
/// under a three-farkle penalty, the points toward the target in a race won at once when the player's total is
/// known, and the expected points otherwise, each for a player on the board or not. With both totals (every
/// opponent's at a table of three) and a solved game (`solveGame(for:threads:)`, or a policy file read back), it
/// adds the advice to win from the solver that covers the rules: a race, a race under a three-farkle penalty, a
/// game of fixed rounds, or three players racing without a final round.
///
/// ```swift
/// let advisor = try Advisor(table: ScoringTable(rules: .kcd))
/// var situation = TurnSituation(roll: DiceCounts(faces: [5, 2, 3]), turnPoints: 100)
/// situation.myScore = 3850
/// let advice = try advisor.advice(for: situation)  // keep the 5 and bank: 4000 wins at once
/// ```
public struct Advisor: Sendable {
    /// The scoring table, and through it the rule set.
    public let table: ScoringTable
    /// The game solved to win, if any: adds the advice to win where the totals are known.
    public let game: (any SolvedWinGame)?
    /// Where the race between dice sets solved to win comes from for the advice to win with loaded dice (for
    /// instance a policy file or a cache of solved games): `nil` solves here only the totals from the situation's
    /// on, which a game from there can reach.
    package var diceSetGames: DiceSetGameSource?

    /// The points objective's turns, solved once: the points half of every answer.
    package let points: PointsAdvisor

    /// An advisor for the rules of `table`, with `game` (solved for the same rules, or at a larger table of a race
    /// for the same race of two, `RuleSet.headsUpGame`) for the advice to win.
    ///
    /// - Throws: `NotCovered` when `game` was solved for other rules.
    public init(table: ScoringTable, game: (any SolvedWinGame)? = nil) throws(NotCovered) {
        let rules = table.rules
        if let game, game.table.rules != rules.headsUpGame {
            throw NotCovered(Self.mismatch(solved: game.table.rules, asked: rules))
        }
        self.table = table
        self.game = game
        points = PointsAdvisor(table: table)
    }

    /// The rule set.
    public var rules: RuleSet { table.rules }

    /// Solves the game to win with the solver that covers the rules of `table`: a race, a race under a
    /// three-farkle penalty, a game of fixed rounds, or three players racing without a final round. `progress`
    /// follows the solve of a race (the share of its pairs, or sets, of totals done) or of a game of rounds (its
    /// turns), on the calling thread.
    ///
    /// - Complexity: Seconds for a short race, minutes for a 10,000-point one or for `zilch`.
    /// - Throws: `NotCovered` for rules no win solver covers (four players, or three with a final round, for one).
    public static func solveGame(
        for table: ScoringTable, threads: Int = 2, progress: ((Double) -> Void)? = nil
    ) throws(NotCovered) -> any SolvedWinGame {
        do {
            return try table.solveToWin(threads: threads, progress: progress)
        } catch {
            throw NotCovered(error.description)
        }
    }

    /// The game of `rules` solved to win as the policy file at `url` holds it (`SolvedWinGame.writePolicy(to:)`):
    /// the same values as the solve that wrote it, without solving again, read by the solver that covers the rules.
    ///
    /// - Throws: `WinPolicyError` when the file cannot be read, is not a policy file, holds another kind of game,
    ///   was written for other rules (the message names both rule sets), or is truncated or corrupt.
    public static func readGame(contentsOf url: URL, rules: RuleSet) throws(WinPolicyError) -> any SolvedWinGame {
        try WinGameKind(rules).game(
            policyFileBytes: WinPolicyFile.contents(of: url), rules: rules, path: url.path)
    }

    /// The game of `rules` solved to win as policy-file `bytes` hold it (`SolvedWinGame.policyFileBytes`); see
    /// `readGame(contentsOf:rules:)`.
    public static func readGame(policyFileBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError)
        -> any SolvedWinGame
    {
        try WinGameKind(rules).game(policyFileBytes: bytes, rules: rules, path: "(bytes)")
    }

    /// The advice on the roll of `situation`.
    ///
    /// With dice sets (`TurnSituation.hasDiceSets`) the race won at the target at once is solved on the spot:
    /// the points toward the target from the player's total (`CappedScoreSolver`) and, with the opponent's total
    /// too, the chance to win against the opponent's dice (`LoadedWinSolver`, on `threads` threads, from the two
    /// totals on); without the player's total, or in any other game of six dice, the turn's expected points over
    /// the dice set.
    ///
    /// - Throws: `NotCovered` when the situation does not fit the rules (turn points off the score step, a
    ///   total past the target, farkles in a row without a penalty) or the solved game does not reach it; with
    ///   dice sets, the opponent's total without a race won at once, a three-farkle penalty of points, or a set
    ///   that can never score.
    public func advice(for situation: TurnSituation, threads: Int = 2) throws(NotCovered) -> Advice {
        // An opponent at or over the target of a race with a final round can only mean the player's last turn.
        var situation = situation
        situation.isFinalRound = rules.game.end.isFinalRound(situation.isFinalRound, leader: situation.opponentScore)
        let step = table.scoreStep
        // A roll has one die to every die of the game (six, or five in a game of five dice).
        guard (1...rules.turn.dice).contains(situation.roll.count) else {
            throw NotCovered(
                "a roll has 1 to \(rules.turn.dice) dice under rules '\(rules.name)', not \(situation.roll.count)")
        }
        guard situation.turnPoints >= 0, situation.turnPoints % step == 0 else {
            throw NotCovered(
                "turn points are a non-negative multiple of \(step) under rules '\(rules.name)', "
                    + "not \(situation.turnPoints)")
        }
        for (name, total) in [("my", situation.myScore)] + situation.opponentScores.map({ ("the opponent's", $0) }) {
            if let total, total % step != 0 {
                throw NotCovered(
                    "\(name) total must be a multiple of \(step) under rules '\(rules.name)', not \(total)")
            }
        }
        let leastBank = table.turnMechanics.leastBank(
            entryMinimum: rules.game.entryMinimum, hasEntered: situation.hasEntered)
        if situation.hasDiceSets { return try diceSetAdvice(situation, leastBank: leastBank, threads: threads) }
        let (objective, points) = try pointsAdvice(situation)
        let roll = situation.roll
        let win = rules.game.endsAtOnce(roll) ? nil : try winAdvice(situation)
        return Advice(
            situation: situation, objective: objective, points: points, win: win?.advice, winGame: win?.game,
            winsAtOnce: rules.game.winsAtOnce(roll), losesAtOnce: rules.game.losesAtOnce(roll), leastBank: leastBank,
            byKind: nil)
    }

    // MARK: - Points

    /// Checks the farkles in a row of `situation`: 0, 1 or 2 under a three-farkle penalty, none without one.
    func checkFarkles(of situation: TurnSituation) throws(NotCovered) {
        try points.checkFarkles(situation.farklesInARow, opponent: situation.opponentFarklesInARow)
    }

    /// The points objective of `situation` and every keep valued under it.
    private func pointsAdvice(_ situation: TurnSituation) throws(NotCovered) -> (PointsObjective, RollAdvice) {
        try checkFarkles(of: situation)
        return try points.advice(
            for: situation.roll, turnPoints: situation.turnPoints,
            isOpeningRoll: situation.isOpeningRoll(under: table.turnMechanics), myScore: situation.myScore,
            farklesInARow: situation.farklesInARow)
    }

    // MARK: - Dice sets

    /// The advice kind by kind, under the objective ordinary dice get in the same situation: in a race won at the
    /// target at once, with the player's total, the points toward the target and, with both totals, the chance to
    /// win against the opponent's dice; without a total, or in any other game of six dice, the turn's expected
    /// points (`diceSetPointsAdvice(_:leastBank:)`).
    private func diceSetAdvice(_ situation: TurnSituation, leastBank: Int, threads: Int) throws(NotCovered)
        -> Advice
    {
        let end = rules.game.end
        guard let target = end.target, !end.hasFinalRound else {
            return try diceSetPointsAdvice(situation, leastBank: leastBank)
        }
        // The points advice would count the turn alone, and say nothing of what a third farkle costs.
        if let refusal = DiceSet.penaltyRefusal(rules) { throw NotCovered(refusal) }
        if situation.myScore == nil && situation.opponentScores.isEmpty {
            return try diceSetPointsAdvice(situation, leastBank: leastBank)
        }
        guard situation.farklesInARow == 0, situation.opponentFarklesInARow == 0, situation.roundsLeft == nil,
            situation.extraRound == nil,
            !situation.isFinalRound, game == nil, situation.opponentScores.count <= 1
        else {
            throw NotCovered(
                "dice sets are advised in a race won at the target at once against one opponent, solved here: no "
                    + "farkles in a row, rounds, final round or game solved for ordinary dice")
        }
        guard let myScore = situation.myScore, (0..<target).contains(myScore) else {
            throw NotCovered("dice sets are advised from the player's total, from 0 to below the target \(target)")
        }
        let (roll, outcomes) = try diceSetRoll(of: situation)
        let opponent = situation.opponentScore.map { _ in DiceSetOutcomes(table: table, set: situation.opponentDice) }
        if let opponent, !opponent.canScore {
            throw NotCovered(
                "the dice set \(opponent.set) can never score under rules '\(rules.name)': a player carrying it never "
                    + "banks")
        }
        let set = situation.dice
        let turnPoints = situation.turnPoints
        let cap = target - myScore
        let solver = CappedScoreSolver(outcomes: outcomes, cap: cap, hasEntered: situation.hasEntered)
        let keeps = solver.advice(for: roll, turnPoints: turnPoints)
        var win: (advice: RollAdvice, game: Advice.WinGame, keeps: [CappedScoreSolver.KeepAdvice])?
        if let opponent, let opponentScore = situation.opponentScore {
            if let reason = LoadedWinSolver.refusal(for: rules) {
                throw NotCovered("the advice to win with dice sets \(reason)")
            }
            guard (0..<target).contains(opponentScore) else {
                throw NotCovered("the opponent's total \(opponentScore) is not from 0 to below the target \(target)")
            }
            // The whole game from the source, or only the totals from here on (they never fall).
            let game =
                diceSetGames?([outcomes, opponent], threads)
                ?? LoadedWinSolver(
                    outcomes: [outcomes, opponent], threads: threads, lowestTotals: [myScore, opponentScore])
            let turn = game.turn(player: 0, own: myScore, opponent: opponentScore)
            let keeps = turn.advice(for: roll, turnPoints: turnPoints)
            let advice = RollAdvice(
                byKind: roll, keeps: keeps, turnPoints: turnPoints,
                isOpeningRoll: situation.isOpeningRoll(under: table.turnMechanics), values: turn)
            let winGame = Advice.WinGame(
                myScore: myScore, opponentScore: opponentScore, isFinalRound: false, weighsEveryOpponent: true)
            win = (advice, winGame, keeps)
        }
        let option = { DiceSetAdvice.Option($0, outcomes: outcomes, rolled: situation.roll.count) }
        let byKind = DiceSetAdvice(
            dice: set, roll: roll, points: keeps.map(option), opponentDice: win.map { _ in situation.opponentDice },
            win: win?.keeps.map(option))
        return Advice(
            situation: situation, objective: .pointsTowardTarget(cap: cap),
            points: RollAdvice(
                byKind: roll, keeps: keeps, turnPoints: turnPoints,
                isOpeningRoll: situation.isOpeningRoll(under: table.turnMechanics), values: solver),
            win: win?.advice, winGame: win?.game, winsAtOnce: false, losesAtOnce: false, leastBank: leastBank,
            byKind: byKind)
    }

    /// The roll of `situation` kind by kind and the outcomes of the player's dice set, checked: the roll is one of
    /// the set, and the set can score.
    private func diceSetRoll(of situation: TurnSituation) throws(NotCovered) -> ([DiceCounts], DiceSetOutcomes) {
        let set = situation.dice
        let roll = situation.rollByKind ?? [situation.roll]
        guard roll.count == set.kinds.count, roll.reduce(DiceCounts(), +) == situation.roll,
            zip(roll, set.kinds).allSatisfy({ $0.count <= $1.count })
        else {
            throw NotCovered("the roll by kind is not a roll of the set \(set)")
        }
        let outcomes = DiceSetOutcomes(table: table, set: set)
        guard outcomes.canScore else {
            throw NotCovered(
                "the dice set \(set) can never score under rules '\(rules.name)': a player carrying it never banks")
        }
        return (roll, outcomes)
    }

    /// The advice kind by kind without the player's total, or in a game of six dice other than a race won at once:
    /// every keep by the turn's expected points (`ev` over the dice set,
    /// `CappedScoreSolver.init(expectedPointsOf:hasEntered:)`), which read neither the totals nor the rounds. The
    /// advice to win with dice sets is solved for the race won at once only.
    private func diceSetPointsAdvice(_ situation: TurnSituation, leastBank: Int) throws(NotCovered) -> Advice {
        let end = rules.game.end
        guard situation.opponentScores.isEmpty else {
            throw NotCovered(
                "the advice to win with dice sets is solved for a race won at the target at once (kcd); rules "
                    + "'\(rules.name)' \(end.unlikeRaceWonAtOnce) (without the "
                    + "opponent's total: the turn's expected points)")
        }
        if let reason = DiceSet.simulationRefusal(toPlay: rules) ?? DiceSet.expectedPointsRefusal(toPlay: rules) {
            throw NotCovered(reason)
        }
        try checkFarkles(of: situation)
        let (roll, outcomes) = try diceSetRoll(of: situation)
        let solver: CappedScoreSolver
        do {
            solver = try CappedScoreSolver(expectedPointsOf: outcomes, hasEntered: situation.hasEntered)
        } catch {
            throw NotCovered(error.description)
        }
        let keeps = solver.advice(for: roll, turnPoints: situation.turnPoints)
        let byKind = DiceSetAdvice(
            dice: situation.dice, roll: roll,
            points: keeps.map { DiceSetAdvice.Option($0, outcomes: outcomes, rolled: situation.roll.count) },
            opponentDice: nil, win: nil)
        return Advice(
            situation: situation, objective: .expectedPoints,
            points: RollAdvice(
                byKind: roll, keeps: keeps, turnPoints: situation.turnPoints,
                isOpeningRoll: situation.isOpeningRoll(under: table.turnMechanics), values: solver),
            win: nil, winGame: nil, winsAtOnce: rules.game.winsAtOnce(situation.roll),
            losesAtOnce: rules.game.losesAtOnce(situation.roll), leastBank: leastBank, byKind: byKind)
    }

    // MARK: - Win

    /// Every keep by its chance to win, when both totals are known and the game is solved.
    private func winAdvice(_ situation: TurnSituation) throws(NotCovered) -> (advice: RollAdvice, game: Advice.WinGame)?
    {
        guard let game, let myScore = situation.myScore, let opponentScore = situation.opponentScore else {
            return nil
        }
        guard let source = game as? any WinTurnSource else {
            throw NotCovered("no advice to win from a \(type(of: game))")
        }
        let turn = try source.turnTable(myScore: myScore, opponentScore: opponentScore, situation: situation)
        let advice = turn.advice(
            for: situation.roll, turnPoints: situation.turnPoints,
            isOpeningRoll: situation.isOpeningRoll(under: table.turnMechanics))
        return (
            advice,
            Advice.WinGame(
                myScore: turn.myScore, opponentScore: turn.opponentScore, isFinalRound: turn.isFinalRound,
                weighsEveryOpponent: source.weighsEveryOpponent(in: situation))
        )
    }

    /// Checks the totals of `situation` in a race of `rules` before anything is solved
    /// (`WinTurnTable.checkTotals(myScore:opponentScores:isFinalRound:rules:floor:)`).
    ///
    /// - Throws: `NotCovered` naming the total that does not fit; nothing for a game of rounds or without both
    ///   totals.
    package static func checkTotals(of situation: TurnSituation, rules: RuleSet, floor: Int = 0) throws(NotCovered) {
        guard let myScore = situation.myScore else { return }
        try WinTurnTable.checkTotals(
            myScore: myScore, opponentScores: situation.opponentScores, isFinalRound: situation.isFinalRound,
            rules: rules, floor: floor)
    }

    /// Why a game solved for `solved` cannot advise under `asked`, naming what differs.
    static func mismatch(solved: RuleSet, asked: RuleSet) -> String {
        guard solved.name == asked.name else {
            return "the game was solved for rules '\(solved.name)', not for rules '\(asked.name)'"
        }
        if let solvedTarget = solved.game.end.target, let askedTarget = asked.game.end.target,
            solvedTarget != askedTarget
        {
            return "the game was solved for rules '\(solved.name)' to \(solvedTarget) points, not to \(askedTarget)"
        }
        return "the game was solved for another version of rules '\(solved.name)'"
    }
}
