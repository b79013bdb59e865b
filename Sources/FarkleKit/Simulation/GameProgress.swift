/// Where one game stands between turns: the seat to play, the round, the final round; and when the game ends.
///
/// The engine reports each bank and each finished turn here and asks whether
/// the game goes on; the end condition (`GameEnd`) is read only here.
struct GameProgress {
    /// What happens after a turn.
    enum Next: Equatable {
        /// The next seat plays (`seat` and `round` already point at it).
        case nextTurn
        /// The game is over: the highest total wins, equal highest totals tie.
        case scoreTotals
        /// The game reached the round limit without ending: neither won nor tied.
        case unfinished
    }

    /// The seat whose turn it is (0 starts every game).
    private(set) var seat = 0
    /// The current round, from 1.
    private(set) var round = 1
    /// Whether someone has reached the target and the others are playing their last turn.
    private(set) var isFinalRound = false

    private let players: Int
    private let end: GameEnd
    private let maximumRounds: Int
    /// Turns still to play in the final round.
    private var finalTurnsLeft = 0

    /// The start of a game of `players` seats that ends as `end` says, or unfinished after `maximumRounds`.
    init(players: Int, end: GameEnd, maximumRounds: Int) {
        self.players = players
        self.end = end
        self.maximumRounds = maximumRounds
    }

    /// Records that the current seat banked and now has `total`; returns whether that bank wins the game at once.
    ///
    /// In a race with a final round the first bank that reaches the target starts it: every other seat plays once more.
    @inline(__always)
    mutating func banked(total: Int) -> Bool {
        guard case .target(let target, let finalRound) = end, !isFinalRound, total >= target else { return false }
        guard finalRound else { return true }
        isFinalRound = true
        finalTurnsLeft = players - 1
        return false
    }

    /// Ends the current seat's turn and says whether the game goes on; if it does, moves to the next seat.
    @inline(__always)
    mutating func endTurn() -> Next {
        if isFinalRound {
            if finalTurnsLeft == 0 { return .scoreTotals }
            finalTurnsLeft -= 1
        }
        let isLastSeat = seat == players - 1
        if isLastSeat, let rounds = end.rounds, round >= rounds { return .scoreTotals }
        if isLastSeat, round >= maximumRounds { return .unfinished }
        seat = isLastSeat ? 0 : seat + 1
        if isLastSeat { round += 1 }
        return .nextTurn
    }
}
