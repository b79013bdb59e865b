/// How a turn ended.
enum TurnOutcome: Hashable, Sendable {
    /// The player banked the turn points.
    case banked
    /// The turn ended in a farkle (`penalty`: the third in a row cost points).
    case farkle(penalty: Bool)
    /// A six of a kind that wins at once (six 1s in `standard`): the player won the game.
    case instantWin
    /// A six of a kind that loses at once: the player lost the game.
    case instantLoss
}

/// Watches games as the engine plays them; for tests that check the rules turn by turn.
///
/// The simulation uses `UnobservedGames`, whose empty methods the optimizer removes.
protocol GameObserver {
    /// A turn of `seat` ended; `scores` are the totals after it.
    mutating func turnEnded(
        seat: Int, outcome: TurnOutcome, turnPoints: Int, scores: SeatScores, isFinalRound: Bool)
    /// The game ended: `winner` is the winning seat, or `nil` for a tie or an unfinished game.
    mutating func gameEnded(winner: Int?, scores: SeatScores)
}

/// The observer that records nothing.
struct UnobservedGames: GameObserver {
    @inline(__always)
    mutating func turnEnded(
        seat: Int, outcome: TurnOutcome, turnPoints: Int, scores: SeatScores, isFinalRound: Bool
    ) {}

    @inline(__always)
    mutating func gameEnded(winner: Int?, scores: SeatScores) {}
}

/// Where the engine's rolls come from: a number in `0..<bound` per roll, `bound` being 6^n for n dice.
///
/// `Xoshiro256StarStar` in every simulation; tests script the rolls to play exact situations.
protocol RollSource {
    /// A number in `0..<bound`, the ordered roll.
    mutating func next(below bound: UInt64) -> UInt64
}

extension Xoshiro256StarStar: RollSource {}
