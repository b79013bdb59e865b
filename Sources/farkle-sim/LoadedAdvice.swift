import FarkleKit
import FarkleReports
import Foundation

/// `advise --dice 1,5@odd,...`: a roll of loaded dice, each keep with the dice it leaves and what banking and
/// rolling on after it are worth under the capped objective (banks worth at most the target less `--my-score`),
/// and with `--opponent-score` also as chances to win against an opponent with `--opponent-set`.
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
        let totals = try LoadedAdviceTotals(arguments, target: target, step: table.scoreStep)
        let outcomes = DiceSetOutcomes(table: table, set: set)
        let solver = CappedScoreSolver(outcomes: outcomes, cap: target - totals.mine)
        let hot = { (choice: DiceSetOutcomes.Choice) in choice.taken.reduce(0) { $0 + $1.count } == rolled.count }
        let advice = solver.advice(for: roll, turnPoints: turnPoints)
        var win: [CappedScoreSolver.KeepAdvice]?
        var opponentSet: DiceSet?
        if let theirs = totals.theirs {
            guard LoadedWinSolver.supports(rules) else {
                throw UsageError(
                    "'--opponent-score' with loaded dice needs the win solver: banking after any keep, with no "
                        + "minimum bank, six-dice farkle or penalty (as in kcd); rules '\(rules.name)' differ",
                    spec: spec)
            }
            let opponent = try readOpponentSet(arguments, catalog: catalog)
            opponentSet = opponent
            // Only the totals from here on (they never fall), on two threads as the plain game's advice.
            let game = LoadedWinSolver(
                outcomes: [outcomes, DiceSetOutcomes(table: table, set: opponent)], threads: 2,
                lowestTotals: [totals.mine, theirs])
            win = game.turn(player: 0, own: totals.mine, opponent: theirs).advice(for: roll, turnPoints: turnPoints)
        }
        let keeps = advice.map { keep in
            let rank = win?.firstIndex { $0.choice == keep.choice }
            let toWin = rank.flatMap { win?[$0] }
            return Keep(
                dice: keepText(keep.choice.taken, names), points: keep.choice.points, turnPoints: keep.turnPoints,
                leaves: leavesText(solver.outcomes, keep.choice.next, names, hot: hot(keep.choice)),
                bankValue: keep.bankValue, rollValue: keep.rollValue, banks: keep.banks,
                win: toWin.map { WinValues(bankValue: $0.bankValue, rollValue: $0.rollValue, banks: $0.banks) },
                winRank: rank)
        }
        let situation = Situation(
            rules: rules, set: set, rolled: rolled.map(\.text), turnPoints: turnPoints, target: target,
            mine: totals.mine, theirs: totals.theirs, opponentSet: opponentSet)
        switch format {
        case .json: Standard.output(json(situation, keeps))
        default: Standard.output(markdown(situation, keeps), terminator: "")
        }
        return ExitStatus.success
    }

    /// `--opponent-set`, six ordinary dice by default.
    private static func readOpponentSet(_ arguments: ParsedArguments, catalog: LoadedDiceCatalog) throws(UsageError)
        -> DiceSet
    {
        guard let text = arguments.value(opponentSetOption.name) else { return .ordinary }
        do {
            return try DiceSet(parsing: text, catalog: catalog)
        } catch {
            throw UsageError("'--opponent-set': \(error.description)", spec: arguments.spec)
        }
    }

    /// `--opponent-set`: the opponent's dice for the advice to win.
    static let opponentSetOption = OptionSpec(
        name: "opponent-set", valueName: "set",
        help: "With loaded dice and --opponent-score: the opponent's dice (name:count,...), the rest ordinary.",
        defaultValue: "six ordinary dice")

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

    private struct WinValues {
        let bankValue: Double?
        let rollValue: Double
        let banks: Bool
    }

    private struct Keep {
        let dice: [String]
        let points: Int
        let turnPoints: Int
        let leaves: String
        let bankValue: Double?
        let rollValue: Double
        let banks: Bool
        /// The chances to win after the keep, with `--opponent-score`.
        let win: WinValues?
        /// The keep's place by the chance to win, 0 the best, with `--opponent-score`.
        let winRank: Int?

        var bestToWin: Bool { winRank == 0 }
    }

    /// What the advice is for: the roll, the totals and the sets.
    private struct Situation {
        let rules: RuleSet
        let set: DiceSet
        let rolled: [String]
        let turnPoints: Int
        let target: Int
        let mine: Int
        let theirs: Int?
        let opponentSet: DiceSet?
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

    private static func markdown(_ situation: Situation, _ keeps: [Keep]) -> String {
        let cap = situation.target - situation.mine
        var lines = [
            "Roll \(situation.rolled.joined(separator: " ")) with \(situation.turnPoints) turn points under "
                + "\(situation.rules.name), dice set \(situation.set); banks count toward the target "
                + "\(situation.target) (own total \(situation.mine): a bank is worth at most \(cap) points)", "",
        ]
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
        guard let theirs = situation.theirs, let opponentSet = situation.opponentSet else {
            return lines.joined(separator: "\n") + "\n"
        }
        lines += [
            "", "## To win: \(situation.mine) against \(theirs), the opponent carrying \(opponentSet)", "",
            "The chance to win the race, both playing to win from here, after each keep.", "",
            "| Keep | Leaves | Bank | Roll on | Then | |", "|---|---|---:|---:|---|---|",
        ]
        let byWin = keeps.filter { $0.win != nil }.sorted { ($0.winRank ?? 0) < ($1.winRank ?? 0) }
        for keep in byWin {
            guard let win = keep.win else { continue }
            lines.append(
                "| \(keep.dice.joined(separator: " ")) | \(keep.leaves) "
                    + "| \(win.bankValue.map(percent) ?? "not allowed") | \(percent(win.rollValue)) "
                    + "| \(win.banks ? "bank" : "roll") | \(keep.bestToWin ? "best" : "") |")
        }
        lines += ["", difference(keeps)]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where the advice to win differs from the advice for points, one sentence.
    private static func difference(_ keeps: [Keep]) -> String {
        guard let points = keeps.first, let win = keeps.first(where: \.bestToWin), let winValues = win.win else {
            return ""
        }
        let action = { (banks: Bool) in banks ? "bank" : "roll on" }
        if points.dice == win.dice && points.leaves == win.leaves {
            if points.banks == winValues.banks {
                return "Both objectives agree: keep \(points.dice.joined(separator: " ")), then "
                    + "\(action(points.banks))."
            }
            return "Both objectives keep \(points.dice.joined(separator: " ")), but for points you "
                + "\(action(points.banks)) and to win you \(action(winValues.banks))."
        }
        return "The objectives differ: for points keep \(points.dice.joined(separator: " ")) (leaves "
            + "\(points.leaves)), then \(action(points.banks)); to win keep \(win.dice.joined(separator: " ")) "
            + "(leaves \(win.leaves)), then \(action(winValues.banks))."
    }

    private static func percent(_ value: Double) -> String {
        String(format: "%.2f%%", value * 100)
    }

    private static func json(_ situation: Situation, _ keeps: [Keep]) -> String {
        let objects = keeps.enumerated().map { index, keep in
            var fields = [
                ("dice", "[\(keep.dice.map(JSONText.string).joined(separator: ", "))]"),
                ("points", "\(keep.points)"), ("turn_points", "\(keep.turnPoints)"),
                ("leaves", JSONText.string(keep.leaves)),
                ("bank_value", keep.bankValue.map(JSONText.number) ?? "null"),
                ("roll_value", JSONText.number(keep.rollValue)),
                ("action", JSONText.string(keep.banks ? "bank" : "roll")), ("best", "\(index == 0)"),
            ]
            if let win = keep.win {
                fields += [
                    ("win_bank_value", win.bankValue.map(JSONText.number) ?? "null"),
                    ("win_roll_value", JSONText.number(win.rollValue)),
                    ("win_action", JSONText.string(win.banks ? "bank" : "roll")),
                    ("best_to_win", "\(keep.bestToWin)"),
                ]
            }
            return JSONText.object(fields)
        }
        var header = [
            "\"rules\": \(JSONText.string(situation.rules.name))",
            "\"dice_set\": \(JSONText.string(situation.set.description))",
            "\"dice\": [\(situation.rolled.map { JSONText.string($0) }.joined(separator: ", "))]",
            "\"turn_points\": \(situation.turnPoints)", "\"target\": \(situation.target)",
            "\"my_score\": \(situation.mine)",
        ]
        if let theirs = situation.theirs, let opponentSet = situation.opponentSet {
            header += [
                "\"opponent_score\": \(theirs)",
                "\"opponent_dice_set\": \(JSONText.string(opponentSet.description))",
            ]
        }
        header += ["\"farkle\": \(keeps.isEmpty)", "\"keeps\": \(JSONText.array(objects, indent: 4))"]
        return "{\n" + header.map { "  " + $0 }.joined(separator: ",\n") + "\n}"
    }
}

/// `--my-score` and `--opponent-score` for loaded dice: the own total sets the cap of the points advice;
/// with the opponent's total too, the advice to win is added.
private struct LoadedAdviceTotals {
    let mine: Int
    let theirs: Int?

    init(_ arguments: ParsedArguments, target: Int, step: Int) throws(UsageError) {
        let spec = arguments.spec
        if arguments.flag("final-round") {
            throw UsageError("'--final-round': with loaded dice the first to reach the target wins at once", spec: spec)
        }
        if arguments.value("opponent-score") != nil, arguments.value("my-score") == nil {
            throw UsageError("'--opponent-score' needs '--my-score'", spec: spec)
        }
        mine = try arguments.integer("my-score", in: 0...(target - 1), default: 0)
        theirs =
            arguments.value("opponent-score") == nil
            ? nil : try arguments.integer("opponent-score", in: 0...(target - 1), default: 0)
        for (name, total) in [("my-score", mine), ("opponent-score", theirs ?? 0)] where total % step != 0 {
            throw UsageError("'--\(name)' must be a multiple of \(step), not \(total)", spec: spec)
        }
        if arguments.value(LoadedAdvice.opponentSetOption.name) != nil, theirs == nil {
            throw UsageError(
                "'--opponent-set' is for the advice to win: add '--my-score' and '--opponent-score'", spec: spec)
        }
    }
}
