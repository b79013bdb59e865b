import Foundation
import Testing

@testable import FarkleKit

/// Rule files under `Tests/Fixtures/rules`, found from this source file's path.
enum Fixtures {
    /// The folder `Tests/Fixtures/rules`.
    static let rulesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("rules")

    /// The path of a rule file of the fixtures.
    static func rulesPath(_ name: String) -> String {
        rulesDirectory.appendingPathComponent(name).path
    }

    /// A fixture rule set, loaded as the CLI loads `--rules path`.
    static func rules(_ name: String) throws -> RuleSet {
        try RuleSet.load(rulesPath(name))
    }

    /// The rule set of a rule file's text, as a file named `bonus.json` would load.
    static func rules(json text: String) throws -> RuleSet {
        try RuleSet(json: Data(text.utf8), source: "bonus.json")
    }

    /// The preset `base` with one key of one section set: `rules(base: "standard", "turn", "hot_dice_bonus", 1000)`.
    static func rules(base: String, _ section: String, _ key: String, _ value: Int) throws -> RuleSet {
        try rules(json: #"{"base": "\#(base)", "\#(section)": {"\#(key)": \#(value)}}"#)
    }

    /// Checks a house rule of points in `combinations`: `value` on `base` is read as `read` gives it, written back by
    /// `jsonText` and read equal; null leaves `standard` as it is, 0 is refused, and no preset's text has the key.
    static func expectCombinationKey(
        _ key: String, base: String, value: Int, read: (CombinationPoints) -> Int?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let rules = try Self.rules(base: base, "combinations", key, value)
        #expect(read(rules.combinations) == value, sourceLocation: sourceLocation)
        #expect(rules.jsonText.contains(#""\#(key)": \#(value)"#), sourceLocation: sourceLocation)
        #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules, sourceLocation: sourceLocation)
        #expect(
            try Self.rules(json: #"{"combinations": {"\#(key)": null}}"#).combinations == RuleSet.standard.combinations,
            sourceLocation: sourceLocation)
        for preset in RulePreset.all {
            #expect(read(preset.rules.combinations) == nil, "\(preset.name)", sourceLocation: sourceLocation)
            // As often as in standard's text, which has no such house rule (six_ones is a game key too).
            #expect(
                preset.rules.jsonText.components(separatedBy: #""\#(key)": "#).count
                    == RuleSet.standard.jsonText.components(separatedBy: #""\#(key)": "#).count,
                "\(preset.name)", sourceLocation: sourceLocation)
        }
        #expect(throws: RuleSetError.self, sourceLocation: sourceLocation) {
            try Self.rules(base: base, "combinations", key, 0)
        }
    }
}

extension SimulationTally {
    /// The first seat's mean score per game, 1 for a win and ½ for a tie (P(win) + ½ P(tie), what the win
    /// solvers maximize), with its standard error from the sample.
    var firstSeatScore: (mean: Double, standardError: Double) {
        let games = Double(self.games)
        let mean = (Double(seats[0].wins) + Double(ties) / 2) / games
        let secondMoment = (Double(seats[0].wins) + Double(ties) / 4) / games
        return (mean, ((secondMoment - mean * mean) / games).squareRoot())
    }
}
