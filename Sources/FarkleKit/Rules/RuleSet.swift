/// A complete set of Farkle rules: combination points, turn rules and game rules.
///
/// A rule set is data: the presets and JSON files (`RuleSet.load(_:)`) build
/// values of this type, and every point value the project uses comes from one.
/// `RulePreset.all` lists the named presets, with a line on each.
/// The reference is `standard`, described in <doc:Rules>.
public struct RuleSet: Hashable, Sendable {
    /// A short name used in reports and file names (`standard`).
    public var name: String
    /// The points of every combination.
    public var combinations: CombinationPoints
    /// When a player may bank, hot dice, the six-dice farkle, penalties.
    public var turn: TurnRules
    /// Players, target, final round, entry minimum, instant win.
    public var game: GameRules

    /// Creates a rule set from its parts.
    public init(name: String, combinations: CombinationPoints, turn: TurnRules, game: GameRules) {
        self.name = name
        self.combinations = combinations
        self.turn = turn
        self.game = game
    }
}
