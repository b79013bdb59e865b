/// The rules of a whole game: players, how it ends, entry minimum and instant win.
public struct GameRules: Hashable, Sendable {
    /// The number of players (2 in `standard`); 1 to 8 are supported.
    ///
    /// One player is the solo score attack of some online games: a race to the
    /// target counts the turns it takes.
    public var players: Int
    /// How the game ends (in `standard`: the first to 10,000 triggers a final round).
    public var end: GameEnd
    /// The least points a player's first bank must have to enter the game (0 in `standard`).
    public var entryMinimum: Int
    /// Whether six 1s on a roll of six dice win the game at once (yes in `standard`).
    ///
    /// Otherwise, and always in single-turn analysis, six 1s score as six of a kind.
    public var sixOnesWin: Bool
    /// In a game of rounds, the most extra rounds every player plays while the highest total is shared
    /// (0 in `standard`; 5 in `farkleten`). Ignored in a race to a target.
    public var extraRoundsOnTie: Int
    /// In a game of rounds, whether a highest total still shared after the extra rounds goes to the player with
    /// the highest single turn of the game (no in `standard`). Ignored in a race to a target.
    public var highestTurnBreaksTie: Bool

    /// The supported numbers of players.
    public static let playerRange = 1...8

    /// The supported numbers of rounds in a game of fixed rounds: at most the simulator's round limit.
    public static let roundRange = 1...1000

    /// The supported numbers of extra rounds that break a tie in a game of rounds.
    public static let extraRoundRange = 0...10

    /// Creates game rules; the defaults are those of `standard`.
    public init(
        players: Int = 2,
        end: GameEnd = .target(10_000, finalRound: true),
        entryMinimum: Int = 0,
        sixOnesWin: Bool = true,
        extraRoundsOnTie: Int = 0,
        highestTurnBreaksTie: Bool = false
    ) {
        precondition(Self.extraRoundRange.contains(extraRoundsOnTie), "0 to 10 extra rounds on a tie")
        self.players = players
        self.end = end
        self.entryMinimum = entryMinimum
        self.sixOnesWin = sixOnesWin
        self.extraRoundsOnTie = extraRoundsOnTie
        self.highestTurnBreaksTie = highestTurnBreaksTie
    }

    /// Creates the rules of a race to `target`, with or without a final round.
    public init(players: Int = 2, target: Int, finalRound: Bool = true, entryMinimum: Int = 0, sixOnesWin: Bool = true)
    {
        self.init(
            players: players, end: .target(target, finalRound: finalRound), entryMinimum: entryMinimum,
            sixOnesWin: sixOnesWin)
    }
}

extension GameRules {
    /// Whether `roll` wins the game at once: six 1s on six dice, where `sixOnesWin`.
    func winsAtOnce(_ roll: DiceCounts) -> Bool {
        sixOnesWin && roll.count == DiceCounts.maximumDice && roll[1] == DiceCounts.maximumDice
    }
}
