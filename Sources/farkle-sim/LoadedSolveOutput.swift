import FarkleKit
import FarkleReports

/// `solve --dice-set`: the capped turn of a loaded set, from a total of 0 and from every total.
enum LoadedSolveOutput {
    static func run(rules: RuleSet, set: DiceSet, format: OutputFormat) -> Int32 {
        let table = ScoringTable(rules: rules)
        // A race won at the target, checked by the caller: the capped values exist.
        guard let capped = CappedSolveOutput(rules: rules, table: table, set: set) else { return ExitStatus.failure }
        let outcomes = DiceSetOutcomes(table: table, set: set)
        let farkle = outcomes.farkleProbability[outcomes.fullState]
        switch format {
        case .json:
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "dice_set": \(JSONText.string(set.description)),
                  "states": \(outcomes.stateCount - 1),
                  "six_dice_farkle_chance": \(JSONText.number(farkle)),\(capped.json)
                  "expected_points_toward_target": \(JSONText.number(capped.fromZero))
                }
                """)
        case .md, .csv:
            var lines = [
                "# Optimal turn: \(rules.name) with \(set.description)", "",
                "A roll of the six dice scores nothing with chance \(SolveCommand.fixed(farkle * 100, 2)) %. "
                    + "The turn's state is (turn points, dice of each kind left): \(outcomes.stateCount - 1) "
                    + "dice states.",
            ]
            lines += capped.markdown
            if format == .csv {
                lines = ["total,value"] + capped.byTotal.map { "\($0.total),\(NumberText.exact($0.value))" }
            }
            Standard.output(lines.joined(separator: "\n") + "\n", terminator: "")
        }
        return ExitStatus.success
    }
}
