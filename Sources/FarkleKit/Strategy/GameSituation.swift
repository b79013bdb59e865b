/// What a strategy may know about the game when it decides: every total, its seat, the round, the final round,
/// the farkles in a row.
///
/// The engine keeps one situation per game and updates it in place; a strategy
/// receives it with every decision. Turn points and dice are passed separately
/// because they change on every roll.
@frozen
public struct GameSituation: Hashable, Sendable {
    /// Every seat's total before the current turn, in points.
    public var scores: SeatScores
    /// The seat whose turn it is (0 starts).
    public var seat: Int
    /// How the game ends: a target (with or without a final round) or a number of rounds.
    public var end: GameEnd
    /// The current round: 1 while every seat plays its first turn, then 2, and so on.
    public var round: Int
    /// Whether someone has reached the target and this is one of the last turns.
    public var isFinalRound: Bool
    /// `opponentFarklesInARow` in one byte, in the padding after `isFinalRound`: a situation one word larger
    /// is copied with `memcpy` on every turn of the engine (6.5% more instructions for `ev`, measured). The
    /// engine writes it as a turn ends, from the count it has just updated, which costs less than reading
    /// another seat's count as a turn starts.
    @usableFromInline
    var opponentFarkles: UInt8
    /// The current player's farkles in a row before this turn (they restart after a three-farkle penalty).
    public var farklesInARow: Int
    /// Whether the current player has banked before (the entry minimum applies until then).
    public var hasEntered: Bool

    /// A situation at the start of a game of `players` seats: all totals zero, seat 0 to play, round 1.
    public init(players: Int, end: GameEnd) {
        scores = SeatScores(seats: players)
        seat = 0
        self.end = end
        round = 1
        isFinalRound = false
        farklesInARow = 0
        opponentFarkles = 0
        hasEntered = false
    }

    /// The opponent's farkles in a row before this turn (0 to 2 under a penalty): in a game of two, the other
    /// seat's (what `win` reads under a three-farkle penalty); with more players, the seat that played the turn
    /// before; in a solo game, the player's own. Without a penalty the count has no bound; it is kept up to 255.
    @inlinable
    public var opponentFarklesInARow: Int {
        get { Int(opponentFarkles) }
        set { opponentFarkles = UInt8(clamping: newValue) }
    }

    /// The target of a race, or `nil` in a game of fixed rounds.
    @inlinable
    public var target: Int? { end.target }

    /// The rounds still to play in a game of fixed rounds, the current one included (1 in the last round, and in
    /// each extra round that breaks a tie, which may be the last); `nil` in a race to a target.
    @inlinable
    public var roundsLeft: Int? {
        end.rounds.map { max(1, $0 - round + 1) }
    }

    /// The current player's total.
    @inlinable
    public var ownScore: Int { scores[seat] }

    /// The total `win` plays against: the other seat's at a table of two, the highest other total at a larger
    /// table (a race's leader, the one total the two-player game solved to win can stand for).
    ///
    /// - Precondition: at least two seats.
    @inlinable
    var winOpponentScore: Int {
        if scores.count == 2 { return scores[1 &- seat] }
        var highest = Int.min
        for other in 0..<scores.count where other != seat { highest = max(highest, scores[other]) }
        return highest
    }

    /// The highest total among the other seats; `nil` when the player plays alone.
    public var highestOpponentScore: Int? {
        scores.count < 2 ? nil : winOpponentScore
    }
}
