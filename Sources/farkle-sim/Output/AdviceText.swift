import FarkleKit
import FarkleReports
import Foundation

/// `Advice` (the points advice and, with both totals, the advice to win) as Markdown and JSON, with the reasons
/// in words; with dice sets, kind by kind.
struct AdviceText {
    let whole: Advice
    let rules: RuleSet
    /// The dice of `--dice` in the order given, each with the die it is.
    let rolled: [(face: Int, die: LoadedDie)]
    /// The opponents at the table: above 1, the advice to win is the 2-player race's against the leader, unless
    /// the game is a race of three players solved as it is (`isThreePlayerGame`).
    var opponents: Int { max(whole.situation.opponentScores.count, 1) }
    /// Whether the advice to win is the exact game of three players (`WinGameKind.threePlayerRace`).
    let isThreePlayerGame: Bool

    init(advice: Advice, rules: RuleSet, rolled: [(face: Int, die: LoadedDie)]) {
        whole = advice
        self.rules = rules
        self.rolled = rolled
        isThreePlayerGame = WinGameKind(rules.headsUpGame) == .threePlayerRace
    }

    /// The points advice.
    var advice: RollAdvice { whole.points }
    /// The advice to win, with both totals.
    var win: RollAdvice? { whole.win }
    /// The farkles in a row before this turn under a three-farkle penalty; `nil` without one.
    var farkles: Int? {
        if case .longRunAverage(let farkles, _) = whole.objective { return farkles }
        return nil
    }
    /// What a farkle counts in the expected values, in points: 0 without a penalty.
    var farkleValue: Double {
        if case .longRunAverage(_, let value) = whole.objective { return value }
        return 0
    }

    /// The points objective as the JSON names it.
    var objectiveName: String { whole.objective.name }

    /// Why the rules make the player roll after a keep that leaves `diceLeft` with `turnPoints`.
    private func mustRollReason(diceLeft: Int, leastBank: Int) -> String {
        let turn = rules.turn
        if diceLeft == turn.dice && turn.hotDiceMandatory { return "hot dice must be rolled" }
        if !turn.allowsBanking(diceLeft: diceLeft) {
            return "the rules do not allow banking with \(dice(diceLeft)) left"
        }
        if !whole.situation.hasEntered, leastBank > turn.minimumBank {
            return "getting on the board needs at least \(leastBank) turn points"
        }
        return "banking needs at least \(leastBank) turn points"
    }

    /// Why optimal play banks or rolls after the best keep, with the two values compared.
    var reason: String? {
        guard let next = advice.next else { return nil }
        let dice = dice(next.diceLeft)
        let expected = NumberText.fixed(next.rollValue, 2)
        let rolling = "rolling \(dice) is expected to end with \(expected)"
        switch next.decision {
        case .bank:
            return "banking \(next.turnPoints) beats rolling \(dice), expected to end with \(expected)"
        case .roll:
            return "\(rolling), more than banking \(next.turnPoints)"
        case .mustRoll:
            return "\(mustRollReason(diceLeft: next.diceLeft, leastBank: whole.leastBank)); \(rolling)"
        }
    }

    /// Why play to win banks or rolls after its best keep, with the two chances compared.
    var winReason: String? {
        guard let win, let next = win.next else { return nil }
        let rolling = "rolling \(dice(next.diceLeft)) wins \(NumberText.percent(next.rollValue))"
        let banking = next.bankValue.map { "banking \(next.turnPoints) wins \(NumberText.percent($0))" }
        switch next.decision {
        case .bank: return "\(banking ?? ""), \(rolling)"
        case .roll: return "\(rolling), \(banking ?? "")"
        case .mustRoll:
            return "\(mustRollReason(diceLeft: next.diceLeft, leastBank: whole.leastBank)); \(rolling)"
        }
    }

    /// One objective's answer in a few words: the best keep and what follows.
    private static func summary(keep: Keep?, sixDiceFarkle: Bool, decision: BankDecision?) -> String {
        let first =
            keep.map { "keep \(spaced($0.dice.faces))" } ?? (sixDiceFarkle ? "take the six-dice farkle" : "no keep")
        guard let decision else { return first }
        return first + (decision == .bank ? ", then bank" : ", then roll")
    }

    /// Where the two objectives part, in words; `nil` when they agree on the keep and on bank or roll.
    var difference: String? {
        guard let win else { return nil }
        let points = Self.summary(
            keep: advice.best?.keep, sixDiceFarkle: advice.sixDiceFarkle != nil, decision: advice.next?.decision)
        let winning = Self.summary(
            keep: win.best?.keep, sixDiceFarkle: win.sixDiceFarkle != nil, decision: win.next?.decision)
        let sameKeep = advice.best?.keep.dice == win.best?.keep.dice
        let sameDecision = (advice.next?.decision == .bank) == (win.next?.decision == .bank)
        if sameKeep && sameDecision { return nil }
        return "The objectives differ: for the most points \(points); to win \(winning)."
    }

    /// The Markdown lines (each followed by an empty one) that say the roll wins or loses the game at once, if so.
    private var endingLines: [String] {
        let ending =
            whole.winsAtOnce
            ? ("wins", "win", rules.game.instantWinDescription)
            : whole.losesAtOnce ? ("loses", "lose", rules.game.instantLossDescription) : nil
        guard case (let does, let what, let instant?)? = ending else { return [] }
        return [
            "This roll \(does) the game at once (\(instant) on six dice \(what) under \(rules.name)): nothing is "
                + "left to decide. In a single turn, without that rule, it would score as below.",
            "",
        ]
    }

    var markdown: String {
        if let byKind = whole.byKind { return kindMarkdown(byKind) }
        let roll = advice.roll
        var lines = [
            "Roll \(Self.spaced(roll.faces)) with \(advice.turnPoints) turn points"
                + "\(advice.isOpeningRoll ? " (opening roll)" : "") under \(rules.name)", "",
        ]
        lines += endingLines
        if case .pointsTowardTarget(let cap) = whole.objective, let mine = whole.situation.myScore {
            let ending =
                rules.game.mustHitTargetExactly
                ? "a bank that hits it exactly wins at once and one past it scores nothing (the turn ends as a "
                    + "farkle), so \(cap) turn points are the most a bank counts, and every expected value below counts "
                    + "a bank past them as 0."
                : "a bank that reaches it wins at once, so at most \(cap) turn points count, and every expected value "
                    + "below counts no more."
            lines += ["At a total of \(mine), played for the points toward the target \(mine + cap): " + ending, ""]
        }
        if !whole.situation.hasEntered, whole.leastBank > rules.turn.minimumBank {
            lines += ["Not yet on the board: a bank needs at least \(whole.leastBank) turn points.", ""]
        }
        if let farkles, let penalty = rules.turn.threeFarklePenalty {
            lines += [
                "\(farkles) farkle\(farkles == 1 ? "" : "s") in a row before this turn; three in a row cost "
                    + "\(penalty). Played for the most points in the long run, penalties included: a farkle now "
                    + "counts \(NumberText.fixed(farkleValue, 2)) points, what it costs later, and every expected value "
                    + "below includes it.",
                "",
            ]
        } else if rules.turn.threeFarklePenalty == .wholeTotal {
            let farkles = whole.situation.farklesInARow
            lines += [
                "\(farkles) farkle\(farkles == 1 ? "" : "s") in a row before this turn; three in a row cost the whole "
                    + "total, which no number of points per turn measures: the expected values below are this "
                    + "turn's points alone."
                    + (win == nil ? " With --my-score and --opponent-score the advice to win counts the penalty." : ""),
                "",
            ]
        }
        if advice.options.isEmpty {
            lines.append(noKeepLine)
        } else {
            lines += Self.keepTable(
                advice.options.map { ($0.keep, $0.diceLeft, NumberText.fixed($0.value, 2)) }, valueHeader: "Expected"
            )
            if let best = advice.best {
                lines += [
                    "",
                    "Best: keep \(Self.spaced(best.keep.dice.faces)) for \(best.keep.score): "
                        + "\(advice.turnPoints + best.keep.score) turn points with \(dice(best.diceLeft)) to roll"
                        + "\(best.keep.diceUsed == roll.count ? " (hot dice)" : "").",
                ]
            }
        }
        if let then = thenLine { lines.append(then) }
        if let win, let game = whole.winGame { lines += winMarkdown(win, game: game) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What to do after the best keep (or the six-dice farkle) for points, and why; `nil` where nothing follows.
    private var thenLine: String? {
        guard let next = advice.next, let reason else { return nil }
        return "Then \(next.decision == .bank ? "bank" : "roll"): \(reason)."
    }

    /// What a roll without a keep does: a six-dice farkle, a scoreless opening roll rolled again, or a farkle.
    private var noKeepLine: String {
        if let sixDiceFarkle = advice.sixDiceFarkle {
            return "No keep: a six-dice farkle, \(sixDiceFarkle.points) points and hot dice; "
                + "expected to end with \(NumberText.fixed(sixDiceFarkle.value, 2))."
        }
        if advice.isRolledAgain { return Self.rolledAgain }
        guard advice.farkleCost > 0 else { return "Farkle: no keep is possible, the turn ends with 0 points." }
        return "Farkle on the opening roll: no keep is possible, the turn ends and costs "
            + "\(Self.points(advice.farkleCost)) off the total under these rules."
    }

    /// `points` in words, digits grouped: "1 point", "1,000 points".
    private static func points(_ points: Int) -> String {
        NumberText.grouped(points) + (points == 1 ? " point" : " points")
    }

    /// What a scoreless opening roll does under rules that roll it again.
    private static let rolledAgain =
        "No keep, but no farkle either: a turn's opening roll that scores nothing is rolled again under these "
        + "rules. Roll all six dice again."

    /// The Markdown table of keeps, best first, under either objective: each keep's dice, score, dice left and
    /// `value` (the expected points, or the chance to win) headed `valueHeader`.
    private static func keepTable(_ rows: [(keep: Keep, diceLeft: Int, value: String)], valueHeader: String)
        -> [String]
    {
        ["| Keep | Score | Dice left | \(valueHeader) | |", "|---|---:|---:|---:|---|"]
            + rows.enumerated().map { index, row in
                "| \(spaced(row.keep.dice.faces)) | \(row.keep.score) | \(row.diceLeft) | \(row.value) "
                    + "| \(index == 0 ? "best" : "") |"
            }
    }

    /// "9000, 10000 and 3000".
    private static func playingOrder(_ totals: [Int]) -> String {
        guard let last = totals.last, totals.count > 1 else { return totals.map(String.init).joined() }
        return totals.dropLast().map(String.init).joined(separator: ", ") + " and \(last)"
    }

    private func winMarkdown(_ win: RollAdvice, game: Advice.WinGame) -> [String] {
        let situation =
            game.isFinalRound
            ? "your last turn, \(game.myScore) against \(game.opponentScore) who has reached the target"
            : "\(game.myScore) against \(game.opponentScore)"
        // At a larger table the chances are the race's against the leader, and the text says so.
        let others = whole.situation.opponentScores
        let reading =
            isThreePlayerGame && others.count == 2
            ? "At \(game.myScore) against \(others[0]) (the next player) and \(others[1]) (the last): the chance to "
                + "win when all three play to win, exact."
            : opponents > 1 && game.weighsEveryOpponent
                ? "At \(game.myScore), your last turn, against \(Self.playingOrder(others)) in playing order (the "
                    + "highest has reached the target): the chance to win (a tie shared) when every player left plays "
                    + "to win, exact."
                : opponents > 1
                    ? "At \(game.myScore) against the leader's \(game.opponentScore)"
                        + "\(game.isFinalRound ? ", who has reached the target" : "") (\(opponents) opponents): the chance to win "
                        + "(ties count half) of the 2-player race against the leader, both playing to win. That race's best "
                        + "play is what `win` plays at a larger table, a play measured rather than solved; your chance at the "
                        + "table is that race's only when the leader is the one left to beat."
                    : "At \(situation): the chance to win (ties count half) when both players play to win."
        var lines = ["", "## To win", "", reading, ""]
        if win.options.isEmpty {
            if let sixDiceFarkle = win.sixDiceFarkle {
                lines.append(
                    "No keep: a six-dice farkle, \(sixDiceFarkle.points) points and hot dice; "
                        + "wins \(NumberText.percent(sixDiceFarkle.value)).")
            } else if win.isRolledAgain {
                lines.append(Self.rolledAgain)
            } else {
                let ends =
                    win.farkleCost > 0
                    ? "costs \(Self.points(win.farkleCost)) off the total" : "ends with 0 points"
                lines.append("Farkle: the turn \(ends); you then win \(NumberText.percent(win.farkleValue)).")
            }
        } else {
            lines += Self.keepTable(
                win.options.map { ($0.keep, $0.diceLeft, NumberText.percent($0.value)) }, valueHeader: "Win chance")
            if let best = win.best {
                lines += ["", "Best to win: keep \(Self.spaced(best.keep.dice.faces)) for \(best.keep.score)."]
            }
        }
        if let next = win.next, let winReason {
            lines.append("Then \(next.decision == .bank ? "bank" : "roll"): \(winReason).")
        }
        lines += ["", difference ?? "Both objectives agree."]
        return lines
    }

    var json: String {
        if let byKind = whole.byKind { return kindJSON(byKind) }
        let keeps = advice.options.enumerated().map { index, option in
            "    {\"dice\": \(Self.faces(option.keep)), "
                + "\"score\": \(option.keep.score), \"dice_left\": \(option.diceLeft), "
                + "\"expected\": \(JSONText.number(option.value)), \"best\": \(index == 0)}"
        }
        let farkle = advice.sixDiceFarkle.map {
            "{\"points\": \($0.points), \"expected\": \(JSONText.number($0.value))}"
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
              "dice": \(JSONText.inlineArray(advice.roll.faces.map(String.init))),
              "turn_points": \(advice.turnPoints),
              "opening": \(advice.isOpeningRoll),
              "wins_at_once": \(whole.winsAtOnce),
              "loses_at_once": \(whole.losesAtOnce),
              "objective": \(JSONText.string(objectiveName)),
              "my_score": \(whole.situation.myScore.map(String.init) ?? "null"),
              "least_bank": \(whole.leastBank),
              "farkles_in_a_row": \(farkles.map(String.init) ?? "null"),
              "farkle_value": \(JSONText.number(farkleValue)),
              "farkle": \(advice.isFarkle),
              "rolled_again": \(advice.isRolledAgain),
              "farkle_cost": \(advice.farkleCost),
              "six_dice_farkle": \(farkle ?? "null"),
              "keeps": [
            \(keeps.joined(separator: ",\n"))
              ],
              "decision": \(next ?? "null")\(win.flatMap { win in whole.winGame.map { ",\n  \"win\": " + winJSON(win, game: $0) } } ?? "")
            }
            """
    }

    /// The `win` member: the same fields as the points advice, values as P(win) + ½ P(tie).
    private func winJSON(_ win: RollAdvice, game: Advice.WinGame) -> String {
        let keeps = win.options.enumerated().map { index, option in
            "      {\"dice\": \(Self.faces(option.keep)), \"score\": \(option.keep.score), "
                + "\"dice_left\": \(option.diceLeft), \"value\": \(JSONText.number(option.value)), "
                + "\"best\": \(index == 0)}"
        }
        let farkle = win.sixDiceFarkle.map { "{\"points\": \($0.points), \"value\": \(JSONText.number($0.value))}" }
        let next = win.next.map { next in
            "{\"action\": \"\(next.decision == .bank ? "bank" : "roll")\", \"turn_points\": \(next.turnPoints), "
                + "\"dice_left\": \(next.diceLeft), \"bank_value\": \(next.bankValue.map(JSONText.number) ?? "null"), "
                + "\"roll_value\": \(JSONText.number(next.rollValue)), \"reason\": \(JSONText.string(winReason ?? ""))}"
        }
        return """
            {
                "my_score": \(game.myScore),
                "opponent_score": \(game.opponentScore),
                "opponents": \(opponents),
                "opponent_scores": \(JSONText.inlineArray(whole.situation.opponentScores.map(String.init))),
                "exact_at_table": \(game.weighsEveryOpponent),
                "final_round": \(game.isFinalRound),
                "farkle_value": \(JSONText.number(win.farkleValue)),
                "six_dice_farkle": \(farkle ?? "null"),
                "keeps": [
            \(keeps.joined(separator: ",\n"))
                ],
                "decision": \(next ?? "null"),
                "agrees": \(difference == nil),
                "difference": \(difference.map(JSONText.string) ?? "null")
              }
            """
    }

    private func dice(_ count: Int) -> String {
        NumberText.count(count, "die", plural: "dice")
    }

    private static func faces(_ keep: Keep) -> String {
        JSONText.inlineArray(keep.dice.faces.map(String.init))
    }

    private static func spaced(_ faces: [Int]) -> String {
        faces.map(String.init).joined(separator: " ")
    }

}

// MARK: - Kind by kind

/// The advice on a roll of dice sets: each keep with the dice it leaves and what banking and rolling on after it
/// are worth in points (toward the target in a race won at once) and, with both totals, as chances to win.
extension AdviceText {
    /// One keep's cells, with its place and values to win where given.
    private struct KindKeep {
        let dice: [String]
        let option: DiceSetAdvice.Option
        let leaves: String
        /// The keep valued to win and its place by the chance to win, 0 the best, with both totals.
        let win: (option: DiceSetAdvice.Option, rank: Int)?

        var bestToWin: Bool { win?.rank == 0 }
    }

    /// The names of each kind of `advice.dice`: `heavenly-kingdom/odd` for dice of the same weights.
    private static func names(_ advice: DiceSetAdvice) -> [String] {
        advice.dice.kinds.map { $0.names.joined(separator: "/") }
    }

    private static func text(_ face: Int, _ kind: String) -> String {
        kind == LoadedDie.ordinary.name ? "\(face)" : "\(face)@\(kind)"
    }

    /// The dice as given, named by their kind.
    private func rolledText(_ advice: DiceSetAdvice) -> [String] {
        let names = Self.names(advice)
        return rolled.map { face, die in
            Self.text(face, advice.dice.kinds.firstIndex { $0.names.contains(die.name) }.map { names[$0] } ?? die.name)
        }
    }

    private func kindKeeps(_ advice: DiceSetAdvice) -> [KindKeep] {
        let names = Self.names(advice)
        return advice.points.map { option in
            let rank = advice.win?.firstIndex { $0.taken == option.taken }
            let left = zip(names, option.diceLeft).filter { $0.1 > 0 }.map { "\($0.0):\($0.1)" }
            return KindKeep(
                dice: zip(option.taken, names).flatMap { dice, name in dice.faces.map { Self.text($0, name) } },
                option: option, leaves: (option.isHotDice ? "hot dice: " : "") + left.joined(separator: ","),
                win: rank.flatMap { rank in advice.win.map { ($0[rank], rank) } })
        }
    }

    /// The player's total and the target.
    private var totals: (mine: Int, target: Int) {
        let mine = whole.situation.myScore ?? 0
        guard case .pointsTowardTarget(let cap) = whole.objective else { return (mine, mine) }
        return (mine, mine + cap)
    }

    /// The first line of the Markdown: the roll, the dice and what the values count.
    private func kindHeading(_ advice: DiceSetAdvice) -> String {
        let roll =
            "Roll \(rolledText(advice).joined(separator: " ")) with \(whole.situation.turnPoints) turn points under "
        guard case .pointsTowardTarget = whole.objective else {
            return roll + "\(rules.name), dice set \(advice.dice); every value is the turn's expected points ('ev' "
                + "over the dice set, whatever the totals)"
        }
        let (mine, target) = totals
        return roll + "\(rules.name), dice set \(advice.dice); banks count toward the target \(target) (own total "
            + "\(mine): a bank is worth at most \(target - mine) points)"
    }

    private func kindMarkdown(_ advice: DiceSetAdvice) -> String {
        let (mine, _) = totals
        let keeps = kindKeeps(advice)
        var lines = [kindHeading(advice), ""]
        lines += endingLines
        if keeps.isEmpty {
            lines.append(noKeepLine)
            if let then = thenLine { lines.append(then) }
            return lines.joined(separator: "\n") + "\n"
        }
        lines += ["| Keep | Points | Leaves | Bank | Roll on | Then | |", "|---|---:|---|---:|---:|---|---|"]
        for (index, keep) in keeps.enumerated() {
            let bank = keep.option.bankValue.map { NumberText.fixed($0, 2) } ?? "not allowed"
            lines.append(
                "| \(keep.dice.joined(separator: " ")) | \(keep.option.points) | \(keep.leaves) | \(bank) "
                    + "| \(NumberText.fixed(keep.option.rollValue, 2)) | \(keep.option.banks ? "bank" : "roll") "
                    + "| \(index == 0 ? "best" : "") |")
        }
        guard let theirs = whole.situation.opponentScore, let opponentDice = advice.opponentDice else {
            return lines.joined(separator: "\n") + "\n"
        }
        lines += [
            "", "## To win: \(mine) against \(theirs), the opponent carrying \(opponentDice)", "",
            "The chance to win the race, both playing to win from here, after each keep.", "",
            "| Keep | Leaves | Bank | Roll on | Then | |", "|---|---|---:|---:|---|---|",
        ]
        for keep in keeps.filter({ $0.win != nil }).sorted(by: { ($0.win?.rank ?? 0) < ($1.win?.rank ?? 0) }) {
            guard let win = keep.win?.option else { continue }
            lines.append(
                "| \(keep.dice.joined(separator: " ")) | \(keep.leaves) "
                    + "| \(win.bankValue.map { NumberText.percent($0) } ?? "not allowed") | \(NumberText.percent(win.rollValue)) "
                    + "| \(win.banks ? "bank" : "roll") | \(keep.bestToWin ? "best" : "") |")
        }
        lines += ["", Self.kindDifference(keeps)]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where the advice to win differs from the advice for points, one sentence.
    private static func kindDifference(_ keeps: [KindKeep]) -> String {
        guard let points = keeps.first, let win = keeps.first(where: \.bestToWin), let winOption = win.win?.option
        else { return "" }
        let action = { (banks: Bool) in banks ? "bank" : "roll on" }
        let (pointsBanks, kept) = (points.option.banks, points.dice.joined(separator: " "))
        if points.dice == win.dice && points.leaves == win.leaves {
            if pointsBanks == winOption.banks {
                return "Both objectives agree: keep \(kept), then \(action(pointsBanks))."
            }
            return "Both objectives keep \(kept), but for points you \(action(pointsBanks)) and to win you "
                + "\(action(winOption.banks))."
        }
        return "The objectives differ: for points keep \(kept) (leaves \(points.leaves)), then "
            + "\(action(pointsBanks)); to win keep \(win.dice.joined(separator: " ")) (leaves \(win.leaves)), then "
            + "\(action(winOption.banks))."
    }

    private func kindJSON(_ advice: DiceSetAdvice) -> String {
        let keeps = kindKeeps(advice)
        let objects = keeps.enumerated().map { index, keep in
            var fields = [
                ("dice", JSONText.inlineArray(keep.dice.map(JSONText.string))),
                ("points", "\(keep.option.points)"), ("turn_points", "\(keep.option.turnPoints)"),
                ("leaves", JSONText.string(keep.leaves)),
                ("bank_value", keep.option.bankValue.map(JSONText.number) ?? "null"),
                ("roll_value", JSONText.number(keep.option.rollValue)),
                ("action", JSONText.string(keep.option.banks ? "bank" : "roll")), ("best", "\(index == 0)"),
            ]
            if let win = keep.win?.option {
                fields += [
                    ("win_bank_value", win.bankValue.map(JSONText.number) ?? "null"),
                    ("win_roll_value", JSONText.number(win.rollValue)),
                    ("win_action", JSONText.string(win.banks ? "bank" : "roll")),
                    ("best_to_win", "\(keep.bestToWin)"),
                ]
            }
            return JSONText.object(fields)
        }
        let (mine, target) = totals
        let capped = if case .pointsTowardTarget = whole.objective { true } else { false }
        var header = [
            "\"rules\": \(JSONText.string(rules.name))", "\"dice_set\": \(JSONText.string(advice.dice.description))",
            "\"dice\": \(JSONText.inlineArray(rolledText(advice).map { JSONText.string($0) }))",
            "\"turn_points\": \(whole.situation.turnPoints)", "\"objective\": \(JSONText.string(objectiveName))",
            "\"target\": \(capped ? "\(target)" : "null")",
            "\"my_score\": \(capped ? "\(mine)" : whole.situation.myScore.map(String.init) ?? "null")",
            "\"wins_at_once\": \(whole.winsAtOnce)", "\"loses_at_once\": \(whole.losesAtOnce)",
        ]
        if let theirs = whole.situation.opponentScore, let opponentDice = advice.opponentDice {
            header += [
                "\"opponent_score\": \(theirs)",
                "\"opponent_dice_set\": \(JSONText.string(opponentDice.description))",
            ]
        }
        let sixDiceFarkle = self.advice.sixDiceFarkle.map {
            "{\"points\": \($0.points), \"expected\": \(JSONText.number($0.value))}"
        }
        header += [
            "\"farkle\": \(self.advice.isFarkle)", "\"rolled_again\": \(self.advice.isRolledAgain)",
            "\"six_dice_farkle\": \(sixDiceFarkle ?? "null")", "\"keeps\": \(JSONText.array(objects, indent: 4))",
        ]
        return "{\n" + header.map { "  " + $0 }.joined(separator: ",\n") + "\n}"
    }
}

extension Advice.Objective {
    /// The objective as advise's JSON names it: `points`, `points toward target` or `long-run average`.
    var name: String {
        switch self {
        case .expectedPoints: "points"
        case .pointsTowardTarget: "points toward target"
        case .longRunAverage: "long-run average"
        }
    }
}
