/// A rule set that ships with FarkleKit under a name, with one line on what it is.
///
/// `--rules NAME` and `RuleSet.load(_:)` accept the name; `farkle-sim rules` lists
/// every preset with its summary.
public struct RulePreset: Hashable, Sendable {
    /// The rule set; its `name` is the preset's name.
    public let rules: RuleSet
    /// What the preset is and where it comes from, in one line.
    public let summary: String

    /// The preset's name (`zilch`), the name of its rule set.
    public var name: String { rules.name }

    /// Every preset, `standard` first, in the order `farkle-sim rules` lists them.
    public static let all: [RulePreset] = [
        RulePreset(
            rules: .standard,
            summary: "The project's house rules: bank with 1 or 2 dice left, hot dice must be rolled."),
        RulePreset(
            rules: .zilch,
            summary: "The online game Zilch: doubling of a kind, 300 to bank, three farkles in a row cost 500."),
        RulePreset(
            rules: .facebook,
            summary: "Facebook Farkle: of a kind adds the triple's value, three pairs 750, bank with any dice."),
        RulePreset(
            rules: .boxed,
            summary: "The common boxed edition: three 1s = 300, flat four to six of a kind, 500 to enter."),
        RulePreset(
            rules: .cardgames,
            summary: "The cardgames.io game: straight 2500, the first bank to reach 10,000 wins at once."),
        RulePreset(
            rules: .farkleten,
            summary: "Farkle Ten: ten rounds, highest total wins; three pairs at least 750, counting the faces."),
        RulePreset(
            rules: .kcd,
            summary: "Kingdom Come: Deliverance dice: doubling of a kind, straights 500/750/1500, race to 4000."),
        RulePreset(
            rules: .fiveThousand,
            summary: "5000 with five dice: 1s, 5s, triples and 1-2-3-4-5 score, 350 to enter, race to 5000."),
    ]
}
