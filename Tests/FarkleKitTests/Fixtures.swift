import Foundation

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
