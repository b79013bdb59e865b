/// A complete set of Farkle rules: combination points, turn rules and game rules.
///
/// A rule set is data: the presets and JSON files (`RuleSet.load(_:)`) build
/// values of this type, and every point value the project uses comes from one.
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

// MARK: - Presets

extension RuleSet {
    /// The house rules described in <doc:Rules>: target 10,000, mandatory hot dice, banking with 1 or 2 dice left.
    public static let standard = RuleSet(
        name: "standard",
        combinations: CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: [1000, 200, 300, 400, 500, 600],
            fourOfAKind: .flat(2000),
            fiveOfAKind: .flat(3000),
            sixOfAKind: .flat(10_000),
            fullHouse: .threeOfAKindPlus(250),
            fullMansion: 2250,
            threePairs: 1500,
            twoTriplets: 2500,
            smallStraight: 1500,
            largeStraight: 1500
        ),
        turn: TurnRules(),
        game: GameRules()
    )

    /// The named presets, by name.
    public static let presets: [String: RuleSet] = [standard.name: standard]
}
