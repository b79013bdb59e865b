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
