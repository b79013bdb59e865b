import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim advise`: Advises on a concrete roll: every keep, its expected value, bank or roll.
enum AdviseCommand: Command {
    static let spec = CommandSpec(
        name: "advise",
        abstract: "Advises on a concrete roll: every keep, its expected value, bank or roll.",
        discussion: """
            Lists every keep of the roll with the turn points it is expected to end with under optimal \
            play afterwards, marks the best, then says whether to bank or roll after it and why.
            """,
        options: [
            OptionSpec(
                name: "dice", valueName: "faces", help: "The dice rolled, such as 1,5,5,2,3,4.", isRequired: true),
            OptionSpec(
                name: "turn-points", valueName: "points", help: "Turn points before this roll.", defaultValue: "0"),
            RulesOption.spec,
            RulesOption.target,
            .flag("opening", help: "The roll is the turn's first (six dice; the six-dice farkle applies)."),
            OutputFormat.option([.md, .json]),
            DiceSetOption.set,
            DiceSetOption.catalog,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
        try RulesOption.checkSolverSize(rules, arguments)
        // Loaded dice (`5@odd` or a --dice-set) take their own path: states by kind, the capped objective.
        if arguments.value("dice")?.contains("@") == true || arguments.value(DiceSetOption.set.name) != nil {
            return try LoadedAdvice.run(arguments, rules: rules)
        }
        let format = try arguments.format(allowed: [.md, .json])
        let faces = try dice(arguments)
        let turnPoints = try arguments.integer("turn-points", in: 0...1_000_000_000, default: 0)
        let opening = arguments.flag("opening")
        if opening, faces.count != DiceCounts.maximumDice {
            throw UsageError("'--opening' needs six dice, not \(faces.count)", spec: spec)
        }
        if opening, turnPoints != 0 {
            throw UsageError("'--opening' is the turn's first roll, so '--turn-points' must be 0", spec: spec)
        }
        let solver = ExpectedScoreSolver(rules: rules)
        let step = solver.table.scoreStep
        guard turnPoints % step == 0 else {
            throw UsageError(
                "'--turn-points' must be a multiple of \(step) under rules '\(rules.name)', not \(turnPoints)",
                spec: spec)
        }
        let advice = solver.advice(for: DiceCounts(faces: faces), turnPoints: turnPoints, isOpeningRoll: opening)
        let text = AdviceText(advice: advice, rules: rules)
        switch format {
        case .json: Standard.output(text.json)
        default: Standard.output(text.markdown, terminator: "")
        }
        return ExitStatus.success
    }

    /// The faces of `--dice`: one to six numbers from 1 to 6, separated by commas.
    private static func dice(_ arguments: ParsedArguments) throws(UsageError) -> [Int] {
        let text = arguments.value("dice") ?? ""
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("'--dice' lists no dice; give one to six faces such as 1,5,5,2,3,4", spec: spec)
        }
        var faces: [Int] = []
        for part in parts {
            guard !part.isEmpty else {
                throw UsageError(
                    "'--dice' has an empty entry in '\(text)'; separate faces by single commas", spec: spec)
            }
            guard let face = Int(part), DiceCounts.faces.contains(face) else {
                throw UsageError("'--dice' must list faces from 1 to 6, not '\(part)'", spec: spec)
            }
            faces.append(face)
        }
        guard faces.count <= DiceCounts.maximumDice else {
            throw UsageError("'--dice' lists \(faces.count) dice; a roll has at most six", spec: spec)
        }
        return faces
    }
}

// MARK: - Formats

/// `RollAdvice` as Markdown and JSON, with the reason for the decision in words.
private struct AdviceText {
    let advice: RollAdvice
    let rules: RuleSet

    /// Why optimal play banks or rolls after the best keep, with the two values compared.
    var reason: String? {
        guard let next = advice.next else { return nil }
        let turn = rules.turn
        let dice = next.diceLeft == 1 ? "1 die" : "\(next.diceLeft) dice"
        let expected = Self.fixed(next.rollValue)
        let rolling = "rolling \(dice) is expected to end with \(expected)"
        switch next.decision {
        case .bank:
            return "banking \(next.turnPoints) beats rolling \(dice), expected to end with \(expected)"
        case .roll:
            return "\(rolling), more than banking \(next.turnPoints)"
        case .mustRoll:
            let why =
                next.diceLeft == DiceCounts.maximumDice && turn.hotDiceMandatory
                ? "hot dice must be rolled"
                : !turn.allowsBanking(diceLeft: next.diceLeft)
                    ? "the rules do not allow banking with \(dice) left"
                    : "banking needs at least \(turn.minimumBank) turn points"
            return "\(why); \(rolling)"
        }
    }

    var markdown: String {
        let roll = advice.roll
        var lines = [
            "Roll \(Self.spaced(roll.faces)) with \(advice.turnPoints) turn points"
                + "\(advice.isOpeningRoll ? " (opening roll)" : "") under \(rules.name)", "",
        ]
        if advice.options.isEmpty {
            if let sixDiceFarkle = advice.sixDiceFarkle {
                lines.append(
                    "No keep: a six-dice farkle, \(sixDiceFarkle.points) points and hot dice; "
                        + "expected to end with \(Self.fixed(sixDiceFarkle.expected)).")
            } else {
                lines.append("Farkle: no keep is possible, the turn ends with 0 points.")
            }
        } else {
            lines += ["| Keep | Score | Dice left | Expected | |", "|---|---:|---:|---:|---|"]
            for (index, option) in advice.options.enumerated() {
                lines.append(
                    "| \(Self.spaced(option.keep.dice.faces)) | \(option.keep.score) | \(option.diceLeft) "
                        + "| \(Self.fixed(option.expected)) | \(index == 0 ? "best" : "") |")
            }
            if let best = advice.best {
                lines += [
                    "",
                    "Best: keep \(Self.spaced(best.keep.dice.faces)) for \(best.keep.score): "
                        + "\(advice.turnPoints + best.keep.score) turn points with \(best.diceLeft) dice to roll"
                        + "\(best.keep.diceUsed == roll.count ? " (hot dice)" : "").",
                ]
            }
        }
        if let next = advice.next, let reason {
            lines.append("Then \(next.decision == .bank ? "bank" : "roll"): \(reason).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var json: String {
        let keeps = advice.options.enumerated().map { index, option in
            "    {\"dice\": [\(option.keep.dice.faces.map(String.init).joined(separator: ", "))], "
                + "\"score\": \(option.keep.score), \"dice_left\": \(option.diceLeft), "
                + "\"expected\": \(JSONText.number(option.expected)), \"best\": \(index == 0)}"
        }
        let farkle = advice.sixDiceFarkle.map {
            "{\"points\": \($0.points), \"expected\": \(JSONText.number($0.expected))}"
        }
        let next = advice.next.map { next in
            let bankValue = next.decision == .mustRoll ? "null" : "\(next.turnPoints)"
            return "{\"action\": \"\(next.decision == .bank ? "bank" : "roll")\", \"turn_points\": \(next.turnPoints), "
                + "\"dice_left\": \(next.diceLeft), \"bank_value\": \(bankValue), "
                + "\"roll_value\": \(JSONText.number(next.rollValue)), \"reason\": \(JSONText.string(reason ?? ""))}"
        }
        return """
            {
              "rules": \(JSONText.string(rules.name)),
              "dice": [\(advice.roll.faces.map(String.init).joined(separator: ", "))],
              "turn_points": \(advice.turnPoints),
              "opening": \(advice.isOpeningRoll),
              "farkle": \(advice.options.isEmpty),
              "six_dice_farkle": \(farkle ?? "null"),
              "keeps": [
            \(keeps.joined(separator: ",\n"))
              ],
              "decision": \(next ?? "null")
            }
            """
    }

    private static func spaced(_ faces: [Int]) -> String {
        faces.map(String.init).joined(separator: " ")
    }

    private static func fixed(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
