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

extension WinGameKind {
    /// The solver of the family.
    var solver: any SolvedWinGame.Type {
        switch self {
        case .race: WinProbabilitySolver.self
        case .penaltyRace: PenaltyWinSolver.self
        case .rounds: RoundsWinSolver.self
        case .threePlayerRace: ThreePlayerWinSolver.self
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
