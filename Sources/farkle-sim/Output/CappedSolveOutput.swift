import FarkleKit
import FarkleReports

/// The capped objective of `solve`: in a race that the first bank to reach the target wins, the expected
/// points toward the target, E[min(turn points, target − own total)], from every own total.
struct CappedSolveOutput {
    /// The target of the race.
    let target: Int
    /// The opening value from each own total 0, step, ... below the target.
    let byTotal: [(total: Int, value: Double)]

    /// The capped values of `rules` with `set`, or `nil` unless the rules are a race won at the target at once.
    init?(rules: RuleSet, table: ScoringTable, set: DiceSet = .ordinary) {
        guard let target = rules.game.end.target, !rules.game.end.hasFinalRound else { return nil }
        self.target = target
        byTotal = CappedScoreSolver.openingValues(outcomes: DiceSetOutcomes(table: table, set: set), target: target)
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
    var json: String {
        let rows = byTotal.map { "{\"total\": \($0.total), \"value\": \(JSONText.number($0.value))}" }
        return """

              "capped": {"target": \(target), "from_zero": \(JSONText.number(fromZero)), "by_total": [\(rows.joined(separator: ", "))]},
            """
    }
}
