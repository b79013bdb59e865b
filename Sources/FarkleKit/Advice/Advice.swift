/// The advice on one roll: every keep under the points objective the situation calls for, and, where both
/// totals are known and the game is solved, every keep by its chance to win; with dice sets, every keep kind by
/// kind as well.
///
/// Built by `Advisor.advice(for:threads:)`.
public struct Advice: Hashable, Sendable {
    /// What the points advice maximizes.
    public typealias Objective = PointsObjective

    /// The game the advice to win weighs: the totals its turn is solved for, and whether its chances are the
    /// table's.
    public struct WinGame: Hashable, Sendable {
        /// The player's total.
        public let myScore: Int
        /// The opponent's total: the one opponent's, or at a larger table the leader's.
        public let opponentScore: Int
        /// Whether an opponent has reached the target and this is the player's last turn.
        public let isFinalRound: Bool
        /// Whether the chances weigh every opponent at the table: one opponent, the solved game of three, or the
        /// last turn of a final round after which at most one opponent plays; else they are the race's against the
        /// leader alone (measured play at a larger table, not the table's chances).
        public let weighsEveryOpponent: Bool
    }

    /// The situation advised on.
    public let situation: TurnSituation
    /// What `points` maximizes.
    public let objective: Objective
    /// Every keep valued under `objective`, the best first, and bank or roll after it.
    public let points: RollAdvice
    /// Every keep valued by P(win) + ½ P(tie), when both totals are known and the game is solved and the roll
    /// does not end the game at once; else `nil`.
    public let win: RollAdvice?
    /// The game `win` is solved for, with `win`.
    public let winGame: WinGame?
    /// Whether the roll wins the game at once (six 1s on six dice in `standard`): nothing is left to decide, and
    /// `points` values the keeps as the roll scores in a single turn, where it is six of a kind.
    public let winsAtOnce: Bool
    /// Whether the roll loses the game at once (`GameRules.instantLossFaces`); as with `winsAtOnce`, nothing is
    /// left to decide and `points` is the single turn's.
    public let losesAtOnce: Bool
    /// The least turn points this player may bank: the rules' minimum bank, or the entry minimum before the
    /// player is on the board.
    public let leastBank: Int
    /// With dice sets (`TurnSituation.hasDiceSets`): every keep kind by kind, with what banking and rolling on
    /// after it are worth; else `nil`.
    public let byKind: DiceSetAdvice?
}
