/// The advice on a roll of dice sets, kind by kind: every keep with the dice it takes and leaves of each kind
/// and what banking and rolling on after it are worth, for the points (toward the target in a race won at once,
/// from the player's total; else the turn's expected points: `Advice.objective` says which) and, with both
/// totals, to win.
///
/// Part of `Advice` when the situation has dice sets (`TurnSituation.hasDiceSets`).
public struct DiceSetAdvice: Hashable, Sendable {
    /// One keep and what banking and rolling on after it are worth.
    public struct Option: Hashable, Sendable {
        /// The dice taken of each kind of the set.
        public let taken: [DiceCounts]
        /// The keep's points.
        public let points: Int
        /// The turn points after the keep.
        public let turnPoints: Int
        /// The dice left of each kind: the whole set after hot dice.
        public let diceLeft: [Int]
        /// Whether the keep takes every die rolled (hot dice).
        public let isHotDice: Bool
        /// What banking after the keep is worth, or `nil` where banking is not allowed.
        public let bankValue: Double?
        /// What rolling on after the keep is worth under best play.
        public let rollValue: Double

        /// Whether best play banks after the keep (on equal values it banks).
        public var banks: Bool { bankValue.map { $0 >= rollValue } ?? false }

        init(_ keep: CappedScoreSolver.KeepAdvice, outcomes: DiceSetOutcomes, rolled: Int) {
            taken = keep.choice.taken
            points = keep.choice.points
            turnPoints = keep.turnPoints
            diceLeft = outcomes.dice(in: keep.choice.next)
            isHotDice = TurnMechanics.isHotDice(keeping: keep.choice.taken.reduce(0) { $0 + $1.count }, of: rolled)
            bankValue = keep.bankValue
            rollValue = keep.rollValue
        }
    }

    /// The player's dice.
    public let dice: DiceSet
    /// The roll, kind by kind of `dice.kinds`.
    public let roll: [DiceCounts]
    /// Every keep valued under the points objective (`Advice.objective`), best first.
    public let points: [Option]
    /// The opponent's dice, with the advice to win; else `nil`.
    public let opponentDice: DiceSet?
    /// Every keep valued as the chance to win, best first, when both totals are known; else `nil`.
    public let win: [Option]?
}
