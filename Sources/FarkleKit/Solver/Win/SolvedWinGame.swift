/// A two-player game solved to win, by whichever solver covers its rules: the figures every one of them
/// gives, for what prints or reports them without caring which solved the game.
public protocol SolvedWinGame: Sendable {
    /// The scoring table the solver plays by.
    var table: ScoringTable { get }
    /// The first player's P(win) + ½ P(tie) at the start of the game.
    var firstPlayerValue: Double { get }
    /// The first player's chance to win when both play best.
    var firstPlayerWinProbability: Double { get }
    /// The chance of a tie when both play best.
    var tieProbability: Double { get }
    /// The first player's chance to lose when both play best.
    var firstPlayerLossProbability: Double { get }
    /// The head start for the second player whose first-player value is nearest ½.
    var fairHeadStart: (points: Int, firstPlayerValue: Double) { get }
    /// The number of states the solver tabulated.
    var stateCount: Int { get }
    /// The largest final-round deficit tabulated, or `nil` without a final round.
    var finalRoundCap: Int? { get }
}

extension WinProbabilitySolver: SolvedWinGame {}
extension PenaltyWinSolver: SolvedWinGame {}
extension RoundsWinSolver: SolvedWinGame {
    /// A game of rounds has no final round: always `nil`.
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

    /// The family of `rules`' game (whether its solver covers them is the solver's to say).
    package init(_ rules: RuleSet) {
        self = rules.game.end.rounds != nil ? .rounds : rules.turn.threeFarklePenalty != nil ? .penaltyRace : .race
    }

    /// The solver of the family.
    var solver: any SolvedWinGame.Type {
        switch self {
        case .race: WinProbabilitySolver.self
        case .penaltyRace: PenaltyWinSolver.self
        case .rounds: RoundsWinSolver.self
        }
    }
}

extension RuleSet {
    /// The rules of the two-player game `win` is solved in: at a larger table of a race (no three-farkle
    /// penalty, no rounds), these rules at a table of two, whose solution `win` plays against the leading
    /// opponent; otherwise the rules themselves (the solver of their family says whether it covers them).
    ///
    /// Only a race reduces to its leader: a game of rounds counts the turns of every seat, and under a penalty the
    /// farkles of each opponent matter.
    package var headsUpGame: RuleSet {
        guard game.players > 2, WinGameKind(self) == .race else { return self }
        var rules = self
        rules.game.players = 2
        return rules
    }
}

extension ScoringTable {
    /// Solves the two-player game of these rules to win with the solver of its family (`WinGameKind`): `Advisor`,
    /// the strategies and the exact odds all solve through here. `progress` follows a race's pairs of totals or a
    /// game of rounds' turns (a race under a penalty reports its sweeps through `PenaltyWinSolver` itself).
    ///
    /// - Throws: `WinProbabilitySolver.Unsupported` for rules no win solver covers (more than two players, for one).
    func solveToWin(threads: Int, progress: ((Double) -> Void)? = nil) throws(WinProbabilitySolver.Unsupported)
        -> any SolvedWinGame
    {
        switch WinGameKind(rules) {
        case .race: try WinProbabilitySolver(table: self, threads: threads, progress: progress)
        case .penaltyRace: try PenaltyWinSolver(rules: rules, threads: threads)
        case .rounds: try RoundsWinSolver(table: self, threads: threads, progress: progress)
        }
    }
}
