import FarkleKit
import FarkleReports
import Foundation

/// `advise --dice 1,5@odd,...`: a roll of loaded dice, each keep with the dice it leaves and what banking and
/// rolling on after it are worth under the capped objective (own total 0: banks worth at most the target).
enum LoadedAdvice {
    /// One rolled die: its face and the kind of the set it belongs to.
    private struct RolledDie {
        let face: Int
        let kind: Int
        let text: String
    }

    static func run(_ arguments: ParsedArguments, rules: RuleSet) throws(UsageError) -> Int32 {
        let spec = arguments.spec
        try DiceSetOption.requireRace(rules, arguments)
        let format = try arguments.format(allowed: [.md, .json])
        let catalog = try DiceSetOption.catalog(arguments)
        let entries = try entries(arguments.value("dice") ?? "", catalog: catalog, spec: spec)
        let set: DiceSet
        if arguments.value(DiceSetOption.set.name) != nil {
            set = try DiceSetOption.set(arguments)
        } else {
            // Without --dice-set the set is the named dice of the roll, the rest ordinary.
            var counts: [(LoadedDie, Int)] = []
            for (_, die) in entries where die != .ordinary {
                if let position = counts.firstIndex(where: { $0.0 == die }) {
                    counts[position].1 += 1
                } else {
                    counts.append((die, 1))
                }
            }
            set = DiceSet(members: counts.map { DiceSet.Member(die: $0.0, count: $0.1) })
        }
        let names = set.kinds.map { $0.names.joined(separator: "/") }
        var rolled: [RolledDie] = []
        for (face, die) in entries {
            guard let kind = set.kinds.firstIndex(where: { $0.names.contains(die.name) }) else {
                throw UsageError("'--dice' rolls a \(die.name) die, which the set \(set) does not hold", spec: spec)
            }
            rolled.append(RolledDie(face: face, kind: kind, text: text(face, names[kind])))
        }
        var roll = [DiceCounts](repeating: DiceCounts(), count: set.kinds.count)
        for die in rolled { roll[die.kind].add(die.face) }
        for (kind, dice) in roll.enumerated() where dice.count > set.kinds[kind].count {
            throw UsageError(
                "'--dice' rolls \(dice.count) \(names[kind]) dice; the set \(set) holds \(set.kinds[kind].count)",
                spec: spec)
        }
        let table = ScoringTable(rules: rules)
        let turnPoints = try arguments.integer("turn-points", in: 0...1_000_000_000, default: 0)
        guard turnPoints % table.scoreStep == 0 else {
            throw UsageError(
                "'--turn-points' must be a multiple of \(table.scoreStep) under rules '\(rules.name)', not \(turnPoints)",
                spec: spec)
        }
        guard let target = rules.game.end.target else { return ExitStatus.failure }
        let solver = CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: set), cap: target)
        let advice = solver.advice(for: roll, turnPoints: turnPoints)
        let keeps = advice.map { keep in
            Keep(
                dice: keepText(keep.choice.taken, names), points: keep.choice.points, turnPoints: keep.turnPoints,
                leaves: leavesText(
                    solver.outcomes, keep.choice.next, names,
                    hot: keep.choice.taken.reduce(0) { $0 + $1.count } == rolled.count),
                bankValue: keep.bankValue, rollValue: keep.rollValue, banks: keep.banks)
        }
        let heading =
            "Roll \(rolled.map(\.text).joined(separator: " ")) with \(turnPoints) turn points under \(rules.name), "
            + "dice set \(set); banks count toward the target \(target) (own total 0)"
        switch format {
        case .json: Standard.output(json(rules, set, rolled, turnPoints, target, keeps))
        default: Standard.output(markdown(heading, keeps), terminator: "")
        }
        return ExitStatus.success
    }

    // MARK: - Parsing

    /// `1,5@odd,...`: one to six faces, each optionally `@name` of a catalog die (a face alone is ordinary).
    private static func entries(
        _ text: String, catalog: LoadedDiceCatalog, spec: CommandSpec
    ) throws(UsageError) -> [(Int, LoadedDie)] {
        var entries: [(Int, LoadedDie)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.trimmingCharacters(in: .whitespaces).split(
                separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard let face = Int(pieces[0]), DiceCounts.faces.contains(face) else {
                throw UsageError("'--dice' must list faces from 1 to 6, each maybe @die, not '\(part)'", spec: spec)
            }
            var die = LoadedDie.ordinary
            if pieces.count == 2 {
                guard let named = catalog[String(pieces[1])] else {
                    throw UsageError("'--dice': '\(pieces[1])' is no die of the catalog", spec: spec)
                }
                die = named
            }
            entries.append((face, die))
        }
        guard entries.count <= DiceCounts.maximumDice else {
            throw UsageError("'--dice' lists \(entries.count) dice; a roll has at most six", spec: spec)
        }
        return entries
    }

    // MARK: - Formats

    private struct Keep {
        let dice: [String]
        let points: Int
        let turnPoints: Int
        let leaves: String
        let bankValue: Double?
        let rollValue: Double
        let banks: Bool
    }

    private static func text(_ face: Int, _ kind: String) -> String {
        kind == LoadedDie.ordinary.name ? "\(face)" : "\(face)@\(kind)"
    }

    private static func keepText(_ taken: [DiceCounts], _ names: [String]) -> [String] {
        zip(taken, names).flatMap { dice, name in dice.faces.map { text($0, name) } }
    }

    private static func leavesText(_ outcomes: DiceSetOutcomes, _ state: Int, _ names: [String], hot: Bool) -> String {
        let left = zip(names, outcomes.dice(in: state)).filter { $0.1 > 0 }.map { "\($0.0):\($0.1)" }
        return (hot ? "hot dice: " : "") + left.joined(separator: ",")
    }

    private static func markdown(_ heading: String, _ keeps: [Keep]) -> String {
        var lines = [heading, ""]
        if keeps.isEmpty {
            lines.append("Farkle: no keep is possible, the turn ends with 0 points.")
            return lines.joined(separator: "\n") + "\n"
        }
        lines += ["| Keep | Points | Leaves | Bank | Roll on | Then | |", "|---|---:|---|---:|---:|---|---|"]
        for (index, keep) in keeps.enumerated() {
            let bank = keep.bankValue.map { String(format: "%.2f", $0) } ?? "not allowed"
            lines.append(
                "| \(keep.dice.joined(separator: " ")) | \(keep.points) | \(keep.leaves) | \(bank) "
                    + "| \(String(format: "%.2f", keep.rollValue)) | \(keep.banks ? "bank" : "roll") "
                    + "| \(index == 0 ? "best" : "") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(
        _ rules: RuleSet, _ set: DiceSet, _ rolled: [RolledDie], _ turnPoints: Int, _ target: Int, _ keeps: [Keep]
    ) -> String {
        let objects = keeps.enumerated().map { index, keep in
            JSONText.object([
                ("dice", "[\(keep.dice.map(JSONText.string).joined(separator: ", "))]"),
                ("points", "\(keep.points)"), ("turn_points", "\(keep.turnPoints)"),
                ("leaves", JSONText.string(keep.leaves)),
                ("bank_value", keep.bankValue.map(JSONText.number) ?? "null"),
                ("roll_value", JSONText.number(keep.rollValue)),
                ("action", JSONText.string(keep.banks ? "bank" : "roll")), ("best", "\(index == 0)"),
            ])
        }
        return """
            {
              "rules": \(JSONText.string(rules.name)),
              "dice_set": \(JSONText.string(set.description)),
              "dice": [\(rolled.map { JSONText.string($0.text) }.joined(separator: ", "))],
              "turn_points": \(turnPoints),
              "target": \(target),
              "farkle": \(keeps.isEmpty),
              "keeps": \(JSONText.array(objects, indent: 4))
            }
            """
    }
}
