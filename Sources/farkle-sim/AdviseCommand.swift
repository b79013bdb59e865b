import FarkleKit
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
            .flag("opening", help: "The roll is the turn's first (six dice; the six-dice farkle applies)."),
            OutputFormat.option([.md, .json]),
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
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
        let solver = TurnSolver(rules: rules)
        let step = solver.table.scoreStep
        guard turnPoints % step == 0 else {
            throw UsageError(
                "'--turn-points' must be a multiple of \(step) under rules '\(rules.name)', not \(turnPoints)",
                spec: spec)
        }
        let advice = Advice(solver: solver, faces: faces, turnPoints: turnPoints, opening: opening)
        switch format {
        case .json: Standard.output(advice.json)
        default: Standard.output(advice.markdown, terminator: "")
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

// MARK: - Advice

/// Everything `advise` says about one roll.
private struct Advice {
    struct Option {
        var keep: Keep
        var diceLeft: Int
        var expected: Double
    }

    /// What to do after the best keep: bank or roll, with the two values compared.
    struct Decision {
        var turnPoints: Int
        var diceLeft: Int
        var banks: Bool
        /// The points banked now, or nil where banking is not allowed.
        var bankValue: Int?
        var rollValue: Double
        var reason: String
    }

    let rules: RuleSet
    let roll: DiceCounts
    let turnPoints: Int
    let opening: Bool
    /// Every keep, best first.
    let options: [Option]
    /// The six-dice farkle's points and expected final turn points, when it applies to this roll.
    let sixDiceFarkle: (points: Int, expected: Double)?
    let decision: Decision?

    init(solver: TurnSolver, faces: [Int], turnPoints: Int, opening: Bool) {
        let table = solver.table
        let turn = table.rules.turn
        let roll = DiceCounts(faces: faces)
        let dice = roll.count
        rules = table.rules
        self.roll = roll
        self.turnPoints = turnPoints
        self.opening = opening
        options = table.keeps(for: roll).map { keep in
            Option(
                keep: keep, diceLeft: keep.diceUsed == dice ? DiceCounts.maximumDice : dice - keep.diceUsed,
                expected: solver.expectedValue(after: keep, turnPoints: turnPoints, diceRolled: dice))
        }.sorted { ($1.expected, $1.keep.diceUsed) < ($0.expected, $0.keep.diceUsed) }
        if options.isEmpty, dice == DiceCounts.maximumDice, let points = turn.sixDiceFarkle,
            opening || turn.sixDiceFarkleOnEveryRoll
        {
            sixDiceFarkle = (points, solver.value(turnPoints: turnPoints + points, diceLeft: dice))
        } else {
            sixDiceFarkle = nil
        }
        let next: (turnPoints: Int, diceLeft: Int)? =
            options.first.map { (turnPoints + $0.keep.score, $0.diceLeft) }
            ?? sixDiceFarkle.map { (turnPoints + $0.points, DiceCounts.maximumDice) }
        decision = next.map { next in
            let roll = solver.rollValue(turnPoints: next.turnPoints, diceLeft: next.diceLeft)
            let dice = next.diceLeft == 1 ? "1 die" : "\(next.diceLeft) dice"
            guard turn.allowsBanking(turnPoints: next.turnPoints, diceLeft: next.diceLeft) else {
                let why =
                    !turn.allowsBanking(diceLeft: next.diceLeft)
                    ? "the rules do not allow banking with \(dice) left"
                    : "banking needs at least \(turn.minimumBank) turn points"
                return Decision(
                    turnPoints: next.turnPoints, diceLeft: next.diceLeft, banks: false, bankValue: nil,
                    rollValue: roll, reason: "\(why); rolling \(dice) is expected to end with \(Self.fixed(roll))")
            }
            let banks = solver.shouldBank(turnPoints: next.turnPoints, diceLeft: next.diceLeft)
            let reason =
                banks
                ? "banking \(next.turnPoints) beats rolling \(dice), expected to end with \(Self.fixed(roll))"
                : "rolling \(dice) is expected to end with \(Self.fixed(roll)), more than banking \(next.turnPoints)"
            return Decision(
                turnPoints: next.turnPoints, diceLeft: next.diceLeft, banks: banks, bankValue: next.turnPoints,
                rollValue: roll, reason: reason)
        }
    }

    // MARK: - Formats

    var markdown: String {
        var lines = [
            "Roll \(Self.spaced(roll.faces)) with \(turnPoints) turn points"
                + "\(opening ? " (opening roll)" : "") under \(rules.name)", "",
        ]
        if options.isEmpty {
            if let sixDiceFarkle {
                lines.append(
                    "No keep: a six-dice farkle, \(sixDiceFarkle.points) points and hot dice; "
                        + "expected to end with \(Self.fixed(sixDiceFarkle.expected)).")
            } else {
                lines.append("Farkle: no keep is possible, the turn ends with 0 points.")
            }
        } else {
            lines += ["| Keep | Score | Dice left | Expected | |", "|---|---:|---:|---:|---|"]
            for (index, option) in options.enumerated() {
                lines.append(
                    "| \(Self.spaced(option.keep.dice.faces)) | \(option.keep.score) | \(option.diceLeft) "
                        + "| \(Self.fixed(option.expected)) | \(index == 0 ? "best" : "") |")
            }
            if let best = options.first {
                lines += [
                    "",
                    "Best: keep \(Self.spaced(best.keep.dice.faces)) for \(best.keep.score): "
                        + "\(turnPoints + best.keep.score) turn points with \(best.diceLeft) dice to roll"
                        + "\(best.keep.diceUsed == roll.count ? " (hot dice)" : "").",
                ]
            }
        }
        if let decision {
            lines.append("Then \(decision.banks ? "bank" : "roll"): \(decision.reason).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var json: String {
        let keeps = options.enumerated().map { index, option in
            "    {\"dice\": [\(option.keep.dice.faces.map(String.init).joined(separator: ", "))], "
                + "\"score\": \(option.keep.score), \"dice_left\": \(option.diceLeft), "
                + "\"expected\": \(Self.number(option.expected)), \"best\": \(index == 0)}"
        }
        let farkle = sixDiceFarkle.map {
            "{\"points\": \($0.points), \"expected\": \(Self.number($0.expected))}"
        }
        let next = decision.map {
            "{\"action\": \"\($0.banks ? "bank" : "roll")\", \"turn_points\": \($0.turnPoints), "
                + "\"dice_left\": \($0.diceLeft), \"bank_value\": \($0.bankValue.map(String.init) ?? "null"), "
                + "\"roll_value\": \(Self.number($0.rollValue)), \"reason\": \"\($0.reason)\"}"
        }
        return """
            {
              "rules": "\(rules.name)",
              "dice": [\(roll.faces.map(String.init).joined(separator: ", "))],
              "turn_points": \(turnPoints),
              "opening": \(opening),
              "farkle": \(options.isEmpty),
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

    /// `value` to four decimals without trailing zeros, as a JSON number.
    private static func number(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
