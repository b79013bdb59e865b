/// A whole game as it was played at the table: the rules, the players in seat order and every action in order.
///
/// A record is what a scorekeeper stores and exports; replaying it (`replay()`) checks every action against the
/// rules and gives the game's state after the last one. Its JSON form (`jsonText`, `init(json:source:)`) is a
/// file of its own:
///
/// ```json
/// {
///   "format": "farkle-sim game",
///   "version": 1,
///   "rules": "standard",
///   "players": ["Ann", "Ben"],
///   "actions": [{"roll": [1, 5, 2, 2, 3, 6]}, {"keep": [1, 5]}, "bank", "farkle"]
/// }
/// ```
///
/// `rules` is a preset's name or a rule file's object; `jsonText` writes the whole rule set, so a record reads
/// the same however the presets change.
public struct GameRecord: Hashable, Sendable {
    /// The value of the `format` key, which tells a game record from other JSON.
    static let formatName = "farkle-sim game"
    /// The version of the format this library reads and writes.
    static let formatVersion = 1
    /// The largest record read, in bytes: a game of eight players over a thousand rounds is well below it.
    package static let maximumFileSize = 4 << 20
    /// The most actions a record holds: a game of eight players over a thousand turns each takes about 32,000 (a
    /// roll and a keep or two per roll). Reviewing one advises every keep, a fraction of a millisecond each with a
    /// solved game, so the bound also bounds a review to seconds.
    static let maximumActions = 50_000
    /// The longest player name, in characters (Unicode scalars).
    static let maximumNameLength = 40

    /// Whether `scalar` has no place in a player's name: a control character, a line or paragraph separator, or a
    /// mark that changes the writing direction of what follows (U+202A to U+202E, U+2066 to U+2069).
    static func garbles(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    /// The rules the game is played by, their count of players the table's.
    public var rules: RuleSet
    /// The players' names in seat order: 1 to 8 (`GameRules.playerRange`); the rule set's count follows them.
    public var players: [String] {
        didSet { rules.game.players = players.count }
    }
    /// Every action, in the order played.
    public var actions: [GameAction]

    /// A game between `players` under `rules`, with the actions so far.
    public init(rules: RuleSet, players: [String], actions: [GameAction] = []) {
        self.rules = rules
        self.rules.game.players = players.count
        self.players = players
        self.actions = actions
    }

    /// The game's state after every action, each checked against the rules.
    ///
    /// - Throws: `GameRecordError` naming the first action the rules do not allow (counted from 1) and why.
    /// - Complexity: O(actions).
    public func replay() throws(GameRecordError) -> GameState {
        try replay { _, _, _ in }
    }

    /// Replays the game, showing `body` the state before each action with the action and its index (from 0).
    ///
    /// - Throws: `GameRecordError` for the first action the rules do not allow, after `body` has seen it.
    package func replay(_ body: (GameState, Int, GameAction) -> Void) throws(GameRecordError) -> GameState {
        var state: GameState
        do {
            state = try GameState(table: ScoringTable(rules: rules), players: players)
        } catch {
            throw GameRecordError(problem: error.description)
        }
        for (index, action) in actions.enumerated() {
            body(state, index, action)
            do {
                try state.apply(action)
            } catch {
                throw GameRecordError(problem: "action \(index + 1) (\(action)): \(error.description)")
            }
        }
        return state
    }
}
