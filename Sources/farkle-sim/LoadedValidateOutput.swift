import FarkleKit
import FarkleReports

/// `validate --dice-set`: the roll probabilities of a loaded set, grouped as the solver uses them, against a
/// die-by-die enumeration of every ordered roll of every part of the set.
enum LoadedValidateOutput {
    /// Prints the check of every state; returns whether all pass.
    static func run(table: ScoringTable, set: DiceSet, format: OutputFormat) -> Bool {
        let outcomes = DiceSetOutcomes(table: table, set: set)
        let checks = LoadedScoringValidator(outcomes: outcomes).validate()
        let names = set.kinds.map { $0.names.joined(separator: "/") }
        func dice(_ check: LoadedScoringValidator.StateCheck) -> String {
            zip(names, check.dice).filter { $0.1 > 0 }.map { "\($0.0):\($0.1)" }.joined(separator: ",")
        }
        switch format {
        case .json:
            let rows = checks.map { check in
                JSONText.object([
                    ("dice", JSONText.string(dice(check))), ("rolls_checked", "\(check.rollsChecked)"),
                    ("total_probability", JSONText.number(check.totalProbability)),
                    ("farkle_probability", JSONText.number(check.farkleProbability.enumerated)),
                    ("mean_best_points", JSONText.number(check.meanBestPoints.enumerated)),
                    ("passed", "\(check.passed)"),
                ])
            }
            Standard.output(
                """
                {
                  "dice_set": \(JSONText.string(set.description)),
                  "states": \(JSONText.array(rows, indent: 4))
                }
                """)
        case .csv:
            // A set of several kinds is named with commas ("odd:1,heavenly-kingdom:2"): CSVTable quotes it.
            var table = CSVTable(header: [
                "dice", "rolls_checked", "total_probability", "farkle_probability", "mean_best_points", "passed",
            ])
            for check in checks {
                table.append([
                    dice(check), "\(check.rollsChecked)", NumberText.exact(check.totalProbability),
                    NumberText.exact(check.farkleProbability.enumerated),
                    NumberText.exact(check.meanBestPoints.enumerated), check.passed ? "yes" : "NO",
                ])
            }
            Standard.output(table.text, terminator: "")
        case .md:
            var lines = [
                "", "## Loaded dice: \(set.description)", "",
                "Every part of the set rolled, each ordered roll weighed die by die, must give the solver's "
                    + "grouped chances: a total of 1, the same farkle chance and the same expected best keep.",
                "", "| Dice rolled | Rolls | Total | Farkle chance | Mean best keep | Agrees |",
                "|---|---:|---:|---:|---:|---|",
            ]
            for check in checks {
                let cells = [
                    dice(check), "\(check.rollsChecked)", NumberText.exact(check.totalProbability),
                    NumberText.exact(check.farkleProbability.enumerated),
                    NumberText.exact(check.meanBestPoints.enumerated), check.passed ? "yes" : "NO",
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
            Standard.output(lines.joined(separator: "\n") + "\n", terminator: "")
        }
        return checks.allSatisfy(\.passed)
    }
}
