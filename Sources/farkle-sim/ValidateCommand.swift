import FarkleKit
import FarkleReports

/// `farkle-sim validate`: checks the scoring table against the brute-force reference scorer on every roll.
enum ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Checks the scoring table against a brute-force reference scorer on every roll of 1 to 6 dice.",
        discussion: """
            Enumerates all 55,986 ordered rolls of 1 to 6 dice (6 + 36 + ... + 46,656). For each one it looks the
            roll up in the precomputed scoring table, as the simulator does, and scores the dice as rolled with a
            separate brute-force scorer that tries every way of splitting every part of the roll into combinations.
            Both must list the same keeps with the same scores and the same best[k] (the highest score of a keep
            of exactly k dice).

            Prints, per number of dice, the rolls checked and how many disagree, then the first few disagreements.
            Exits 0 when every roll agrees, 1 on any disagreement.
            """,
        options: [
            RulesOption.spec, RulesOption.target, OutputFormat.option(), DiceSetOption.set, DiceSetOption.catalog,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = try arguments.format(allowed: OutputFormat.allCases)
        let rules = try RulesOption.load(arguments)
        let validation = ScoringValidator(rules: rules).validate()
        let set = try DiceSetOption.set(arguments)
        if !set.isOrdinary {
            // The table check is the plain one; the loaded check follows it (CSV: the loaded check only).
            if format == .md { Standard.output(ReportDocument.validationSummary(validation).contents, terminator: "") }
            let loadedPassed = LoadedValidateOutput.run(table: ScoringTable(rules: rules), set: set, format: format)
            guard validation.passed, loadedPassed else {
                ErrorLine.print("the loaded dice's grouped chances disagree with the die-by-die enumeration")
                return ExitStatus.failure
            }
            return ExitStatus.success
        }
        switch format {
        case .md: Standard.output(ReportDocument.validationSummary(validation).contents, terminator: "")
        case .csv: Standard.output(csv(validation), terminator: "")
        case .json: Standard.output(json(validation))
        }
        guard validation.passed else {
            ErrorLine.print(
                "\(validation.disagreements) of \(validation.rollsChecked) rolls disagree "
                    + "between the scoring table and the reference scorer")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    // MARK: - Formats

    private static func csv(_ validation: ScoringValidation) -> String {
        var table = CSVTable(header: ["dice", "rolls_checked", "disagreements", "first_disagreement"])
        for summary in validation.byDice {
            table.append([
                "\(summary.dice)", "\(summary.rollsChecked)", "\(summary.disagreements)",
                summary.firstDisagreements.first?.description ?? "",
            ])
        }
        table.append([
            "all", "\(validation.rollsChecked)", "\(validation.disagreements)",
            validation.firstDisagreements.first?.description ?? "",
        ])
        return table.text
    }

    private static func json(_ validation: ScoringValidation) -> String {
        let byDice = validation.byDice.map { summary in
            JSONText.object([
                ("dice", "\(summary.dice)"), ("rolls_checked", "\(summary.rollsChecked)"),
                ("disagreements", "\(summary.disagreements)"),
            ])
        }
        let first = validation.firstDisagreements.map { disagreement in
            JSONText.object([
                ("roll", JSONText.string(disagreement.roll)), ("ordered_roll", "\(disagreement.orderedRoll)"),
                ("description", JSONText.string(disagreement.description)),
            ])
        }
        return """
            {
              "rules": \(JSONText.string(validation.rules)),
              "rolls_checked": \(validation.rollsChecked),
              "disagreements": \(validation.disagreements),
              "by_dice": \(JSONText.array(byDice, indent: 4)),
              "first_disagreements": \(JSONText.array(first, indent: 4))
            }
            """
    }
}
