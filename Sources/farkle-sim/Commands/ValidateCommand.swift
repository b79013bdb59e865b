@_spi(Kernels) import FarkleKit
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
            RulesOption.spec, OutputFormat.option(), DiceSetOption.set, DiceSetOption.catalog,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = try arguments.format(allowed: OutputFormat.allCases)
        let rules = try RulesOption.load(arguments)
        let validation = ScoringValidator(rules: rules).validate()
        let set = try DiceSetOption.set(arguments)
        // Loaded dice are six a player carries: a game of fewer dice never rolls them.
        if !set.isOrdinary, rules.turn.dice != DiceCounts.maximumDice {
            throw UsageError(
                "'--dice-set' \(set.description): loaded dice are six dice a player carries; rules '\(rules.name)' "
                    + "play \(rules.turn.dice)",
                spec: spec)
        }
        if !set.isOrdinary {
            // The table check is the plain one; the loaded check follows it (CSV: the loaded check only).
            if format == .md { Standard.output(ReportDocument.validationSummary(validation).contents, terminator: "") }
            let loadedPassed = diceSetChecks(table: ScoringTable(rules: rules), set: set, format: format)
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

    /// The roll probabilities of a loaded set, grouped as the solver uses them, against a die-by-die
    /// enumeration of every ordered roll of every part of the set: prints the check of every state, returns
    /// whether all pass.
    private static func diceSetChecks(table: ScoringTable, set: DiceSet, format: OutputFormat) -> Bool {
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
