/// What a strategy may know about the game when it decides: every total, its seat, the final round.
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
    /// The total that ends the game.
    public var target: Int
    /// Whether someone has reached the target and this is one of the last turns.
    public var isFinalRound: Bool
    /// The current player's farkles in a row before this turn (they restart after a three-farkle penalty).
    public var farklesInARow: Int
    /// Whether the current player has banked before (the entry minimum applies until then).
    public var hasEntered: Bool

    /// A situation at the start of a game of `players` seats: all totals zero, seat 0 to play.
    public init(players: Int, target: Int) {
        scores = SeatScores(seats: players)
        seat = 0
        self.target = target
        isFinalRound = false
        farklesInARow = 0
        hasEntered = false
    }

    /// The current player's total.
    @inlinable
    public var ownScore: Int { scores[seat] }

    /// The highest total among the other seats.
    public var highestOpponentScore: Int {
        var highest = Int.min
        for (other, score) in scores.enumerated() where other != seat { highest = max(highest, score) }
        return highest
    }
}
