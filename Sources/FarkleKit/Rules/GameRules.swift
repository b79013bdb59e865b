/// The rules of a whole game: players, target, final round and instant win.
public struct GameRules: Hashable, Sendable {
    /// The number of players (2 in `standard`); 2 to 8 are supported.
    public var players: Int
    /// The total that ends the game (10,000 in `standard`).
    public var target: Int
    /// Whether reaching the target gives every other player exactly one more turn (yes in `standard`).
    ///
    /// Without a final round, the first player to reach the target wins at once.
    public var finalRound: Bool
    /// The least points a player's first bank must have to enter the game (0 in `standard`).
    public var entryMinimum: Int
    /// Whether six 1s on a roll of six dice win the game at once (yes in `standard`).
    ///
    /// Otherwise, and always in single-turn analysis, six 1s score as six of a kind.
    public var sixOnesWin: Bool

    /// The supported numbers of players.
    public static let playerRange = 2...8

    /// Creates game rules; the defaults are those of `standard`.
    public init(
        players: Int = 2,
        target: Int = 10_000,
        finalRound: Bool = true,
        entryMinimum: Int = 0,
        sixOnesWin: Bool = true
    ) {
        self.players = players
        self.target = target
        self.finalRound = finalRound
        self.entryMinimum = entryMinimum
        self.sixOnesWin = sixOnesWin
    }
}
