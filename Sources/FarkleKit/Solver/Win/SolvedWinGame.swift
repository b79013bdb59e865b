import Foundation

/// A game solved to win, by whichever solver covers its rules: the figures every one of them gives, for what
/// prints or reports them without caring which solved the game.
///
/// Two players, or three in a race without a final round (`ThreePlayerWinSolver`): the figures below are the first
/// player's, and `ThreePlayerWinSolver` gives every seat's.
public protocol SolvedWinGame: Sendable {
    /// The scoring table the solver plays by.
    var table: ScoringTable { get }
    /// The first player's P(win) + ½ P(tie) at the start of the game.
    var firstPlayerValue: Double { get }
    /// The chance of a tie when both play best.
    var tieProbability: Double { get }
    /// The head start for the second player whose first-player value is nearest an even share (½; at a table of
    /// three ⅓, the third player starting from 0).
    var fairHeadStart: (points: Int, firstPlayerValue: Double) { get }
    /// The number of states the solver tabulated.
    var stateCount: Int { get }
    /// The largest final-round deficit tabulated, or `nil` without a final round.
    var finalRoundCap: Int? { get }
    /// The policy file of this solution, as bytes (`WinPolicyFile` gives the format), read back by
    /// `Advisor.readGame(policyFileBytes:rules:)`.
    var policyFileBytes: [UInt8] { get }
}

extension SolvedWinGame {
    /// The first player's chance to win when both play best: the value less the half of a tie it counts.
    public var firstPlayerWinProbability: Double { firstPlayerValue - tieProbability / 2 }

    /// The first player's chance to lose when both play best.
    package var firstPlayerLossProbability: Double { 1 - firstPlayerWinProbability - tieProbability }

    /// Writes the policy file of this solution to `url`, whole or not at all; `Advisor.readGame(contentsOf:rules:)`
    /// reads it back.
    ///
    /// - Throws: `WinPolicyError` when the directory is missing or not writable, the disk is full or the
    ///   rename fails; no temporary file is left behind.
    public func writePolicy(to url: URL) throws(WinPolicyError) {
        try WinPolicyFile.write(policyFileBytes, to: url)
    }
}

extension WinProbabilitySolver: SolvedWinGame {}
extension PenaltyWinSolver: SolvedWinGame {}
extension RoundsWinSolver: SolvedWinGame {
    /// A game of rounds has no final round: always `nil`.
    package var finalRoundCap: Int? { nil }
}

extension ThreePlayerWinSolver: SolvedWinGame {
    /// The first player's chance to win: a race without a final round has no ties.
    public var firstPlayerValue: Double { seatWinProbabilities[0] }
    /// No ties: the first bank that reaches the target wins.
    public var tieProbability: Double { 0 }
    /// The second player's head start, the third starting from 0, whose first-player chance is nearest ⅓
    /// (`fairHeadStarts` moves both).
    public var fairHeadStart: (points: Int, firstPlayerValue: Double) {
        let step = table.scoreStep
        var best = (points: 0, firstPlayerValue: firstPlayerValue)
        for level in 1..<levels {
            let value = winProbabilities(totals: [0, level * step, 0])[0]
            if abs(value - 1.0 / 3) < abs(best.firstPlayerValue - 1.0 / 3) { best = (level * step, value) }
        }
        return best
    }
    /// A race without a final round: always `nil`.
    public var finalRoundCap: Int? { nil }
}

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

    /// The solver of the family.
    var solver: any SolvedWinGame.Type {
        switch self {
        case .race: WinProbabilitySolver.self
        case .penaltyRace: PenaltyWinSolver.self
        case .rounds: RoundsWinSolver.self
        case .threePlayerRace: ThreePlayerWinSolver.self
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

    /// The solution in the policy-file `bytes` of this family, for `rules`; `path` names the file in errors.
    ///
    /// - Throws: `WinPolicyError` when the bytes are not a policy file of this family solved for `rules`, or are
    ///   truncated or corrupt.
    func game(policyFileBytes bytes: [UInt8], rules: RuleSet, path: String) throws(WinPolicyError)
        -> any SolvedWinGame
    {
        switch self {
        case .race: try WinPolicyFile.decode(bytes, rules: rules, path: path)
        case .penaltyRace: try WinPolicyFile.decodePenalty(bytes, rules: rules, path: path)
        case .rounds: try WinPolicyFile.decodeRounds(bytes, rules: rules, path: path)
        case .threePlayerRace: try WinPolicyFile.decodeThreePlayers(bytes, rules: rules, path: path)
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

extension ScoringTable {
    /// Solves the game of these rules to win with the solver of its family (`WinGameKind`): `Advisor`,
    /// the strategies and the exact odds all solve through here. `progress` follows a race's pairs of totals or a
    /// game of rounds' turns (a race under a penalty reports its sweeps through `PenaltyWinSolver` itself).
    ///
    /// `floor` is the lowest total tabulated under a three-farkle penalty (`nil`: the default floor) and `sweeps`
    /// follows that solve's sweeps; other families ignore both.
    ///
    /// - Throws: `NotCovered` for rules no win solver covers (more than two players outside a
    ///   three-player race, for one).
    package func solveToWin(
        threads: Int, floor: Int? = nil, progress: ((Double) -> Void)? = nil,
        sweeps: ((_ sweeps: Int, _ change: Double) -> Void)? = nil
    ) throws(NotCovered) -> any SolvedWinGame {
        if let refusal = rules.winSolveRefusal { throw refusal }
        return switch WinGameKind(rules) {
        case .race: try WinProbabilitySolver(table: self, threads: threads, progress: progress)
        case .penaltyRace: try PenaltyWinSolver(rules: rules, floor: floor, threads: threads, progress: sweeps)
        case .rounds: try RoundsWinSolver(table: self, threads: threads, progress: progress)
        case .threePlayerRace: try ThreePlayerWinSolver(table: self, threads: threads, progress: progress)
        }
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
