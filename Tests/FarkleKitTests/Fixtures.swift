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
}
