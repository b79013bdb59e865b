@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation

/// The capped objective of `solve`: in a race that the first bank to reach the target wins, the expected
/// points toward the target, E[min(turn points, target − own total)], from every own total.
struct CappedSolveOutput {
    /// The target of the race.
    let target: Int
    /// The opening value from each own total 0, step, ... below the target.
    let byTotal: [(total: Int, value: Double)]

    /// The capped values of `rules` with `set`, or `nil` unless the rules are a race won at the target at once.
    ///
    /// - Throws: a message for `UsageError` where one solve per total would take more table entries than
    ///   `CappedScoreSolver.maximumEntriesForEveryTotal` (they grow with the square of the target).
    init?(rules: RuleSet, table: ScoringTable, set: DiceSet = .ordinary) throws(CappedSolveOutput.TooLarge) {
        guard let target = rules.game.end.target, !rules.game.end.hasFinalRound else { return nil }
        let entries = CappedScoreSolver.entriesForEveryTotal(rules: rules, set: set)
        guard entries <= CappedScoreSolver.maximumEntriesForEveryTotal else {
            throw TooLarge(
                description: "the points toward the target from every total of a race to \(target) won at once "
                    + "need \(entries) table entries, more than \(CappedScoreSolver.maximumEntriesForEveryTotal): "
                    + "lower the target")
        }
        self.target = target
        byTotal = CappedScoreSolver.openingValues(
            outcomes: DiceSetOutcomes(table: table, set: set), target: target,
            threads: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Why the values from every total are not solved: too many table entries, in words.
    struct TooLarge: Error {
        let description: String
    }

    /// The value from a total of 0.
    var fromZero: Double { byTotal.first?.value ?? 0 }

    /// Markdown lines, each to be joined with newlines.
    var markdown: [String] {
        [
            "", "## Toward the target",
            "",
            "The first bank that reaches \(target) wins at once, so points past it are worth nothing. Best play "
                + "for E[min(turn points, \(target) - own total)] from a total of 0: "
                + "**\(NumberText.fixed(fromZero, 2))** (JSON `capped.by_total`: from every total).",
        ]
    }

    /// The JSON member `"capped": {...},` on its own line after a newline.
    var json: String { "\n  " + jsonMember + "," }

    /// The JSON member `"capped": {...}`.
    var jsonMember: String {
        let rows = byTotal.map { "{\"total\": \($0.total), \"value\": \(JSONText.number($0.value))}" }
        return "\"capped\": {\"target\": \(target), \"from_zero\": \(JSONText.number(fromZero)), \"by_total\": ["
            + rows.joined(separator: ", ") + "]}"
    }
}
