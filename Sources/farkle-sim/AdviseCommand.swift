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
            play afterwards, marks the best, then says whether to bank or roll after it and why. With both \
            totals (--my-score and --opponent-score, a 2-player race; in a game of fixed rounds such as \
            farkleten also --rounds-left and --seat) it also gives the advice that \
            maximizes the chance to win, ties counting half (each keep's chance, the best keep, bank or \
            roll), and says where the two objectives differ. That solves the whole game first: seconds for \
            a short race, minutes for a 10,000-point one, under a minute for farkleten. Under a three-farkle penalty the advice is best play \
            for the most points in the long run with --farkles farkles in a row before this turn: a farkle \
            counts what it costs later, and the expected values include it; with both totals the advice to \
            win also counts --opponent-farkles, and totals may be negative (down to four penalties below zero). \
            Loaded dice (a face written 5@odd, or --dice-set) are advised kind by kind in a race won at the \
            target at once (kcd): each keep lists the dice it leaves and what banking and rolling on are worth \
            in points toward the target from --my-score (0 by default); with --opponent-score as well, the \
            chance to win against an opponent carrying --opponent-set (six ordinary dice by default), and where \
            the two objectives differ.
            """,
        options: [
            OptionSpec(
                name: "dice", valueName: "faces", help: "The dice rolled, such as 1,5,5,2,3,4.", isRequired: true),
            OptionSpec(
                name: "turn-points", valueName: "points", help: "Turn points before this roll.", defaultValue: "0"),
            RulesOption.spec,
            RulesOption.target,
            .flag("opening", help: "The roll is the turn's first (six dice; the six-dice farkle applies)."),
            OptionSpec(
                name: "farkles", valueName: "n",
                help: "Farkles in a row before this turn, 0 to 2 (rules with a three-farkle penalty only).",
                defaultValue: "0"),
            OptionSpec(
                name: "opponent-farkles", valueName: "n",
                help: "The opponent's farkles in a row, 0 to 2, for the advice to win under a three-farkle penalty.",
                defaultValue: "0"),
            OptionSpec(
                name: "my-score", valueName: "points",
                help: "Your total before this turn: adds the advice to win a 2-player game (with --rounds-left in "
                    + "a game of rounds)."),
            OptionSpec(
                name: "opponent-score", valueName: "points",
                help: "The opponent's total (at or above the target with --final-round)."),
            .flag("final-round", help: "The opponent has reached the target: this is your last turn."),
            OptionSpec(
                name: "rounds-left", valueName: "k",
                help: "In a game of fixed rounds (farkleten): the rounds left, this one included; with the totals "
                    + "it adds the advice to win."),
            OptionSpec(
                name: "seat", valueName: "s",
                help: "With --rounds-left: 1 if you play first in the round, 2 if the opponent has played it.",
                defaultValue: "1"),
            StrategyArguments.policy,
            CacheOption.noCache,
            OutputFormat.option([.md, .json]),
            DiceSetOption.set,
            LoadedAdvice.opponentSetOption,
            DiceSetOption.catalog,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
        try RulesOption.checkSolverSize(rules, arguments)
        // Loaded dice (`5@odd`, a --dice-set or an --opponent-set) take their own path: states by kind.
        if arguments.value("dice")?.contains("@") == true || arguments.value(DiceSetOption.set.name) != nil
            || arguments.value(LoadedAdvice.opponentSetOption.name) != nil
        {
            if arguments.value("farkles") != nil {
                throw UsageError(
                    "'--farkles' applies to ordinary dice; loaded dice are solved without the three-farkle penalty",
                    spec: spec)
            }
            try arguments.refuse(
                ["rounds-left", "seat", "opening", "opponent-farkles", StrategyArguments.policy.name],
                "applies to ordinary dice; loaded dice are advised in a race won at the target at once")
            return try LoadedAdvice.run(arguments, rules: rules)
        }
        let format = try arguments.format(allowed: [.md, .json])
        let faces = try dice(arguments)
        let turnPoints = try arguments.integer("turn-points", in: 0...1_000_000_000, default: 0)
        // The opening roll is inferred (six dice at 0 turn points); the flag only confirms it.
        if arguments.flag("opening"), faces.count != DiceCounts.maximumDice {
            throw UsageError("'--opening' needs six dice, not \(faces.count)", spec: spec)
        }
        if arguments.flag("opening"), turnPoints != 0 {
            throw UsageError("'--opening' is the turn's first roll, so '--turn-points' must be 0", spec: spec)
        }
        let farkles = try farklesInARow(arguments, rules: rules)
        let table = ScoringTable(rules: rules)
        let step = table.scoreStep
        guard turnPoints % step == 0 else {
            throw UsageError(
                "'--turn-points' must be a multiple of \(step) under rules '\(rules.name)', not \(turnPoints)",
                spec: spec)
        }
        let totals = try Totals(arguments, rules: rules, step: step)
        if totals?.theirs == nil, arguments.value("opponent-farkles") != nil {
            throw UsageError("'--opponent-farkles' needs '--my-score' and '--opponent-score'", spec: spec)
        }
        var situation = TurnSituation(roll: DiceCounts(faces: faces), turnPoints: turnPoints)
        situation.farklesInARow = farkles ?? 0
        situation.myScore = totals?.mine
        situation.opponentScore = totals?.theirs
        situation.isFinalRound = totals?.isFinalRound ?? false
        if let round = totals?.round {
            situation.roundsLeft = round.roundsLeft
            situation.seatInRound = round.seat
        }
        if situation.knowsBothTotals, rules.turn.threeFarklePenalty != nil {
            situation.opponentFarklesInARow = try arguments.integer(
                "opponent-farkles", in: LongRunAverageSolver.farkleCounts, default: 0,
                because: "the third farkle in a row costs a penalty and starts the count again")
        } else if situation.knowsBothTotals, arguments.value("opponent-farkles") != nil {
            throw UsageError(
                "'--opponent-farkles' counts toward a three-farkle penalty; rules '\(rules.name)' have none",
                spec: spec)
        }
        do {
            // Before a solve of minutes: totals that do not fit are refused at once.
            let floor = rules.turn.threeFarklePenalty.map { PenaltyWinSolver.defaultFloor(penalty: $0) } ?? 0
            try Advisor.checkTotals(of: situation, rules: rules, floor: floor)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        let game = situation.knowsBothTotals ? try solvedGame(arguments, table: table, situation: situation) : nil
        let advice: Advice
        do {
            advice = try Advisor(table: table, game: game).advice(for: situation)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        let text = AdviceText(advice: advice, rules: rules)
        switch format {
        case .json: Standard.output(text.json)
        default: Standard.output(text.markdown, terminator: "")
        }
        return ExitStatus.success
    }

    /// The game solved to win for the advice to win: read from the `--policy` file, or solved here by the solver
    /// that covers the rules (`Advisor.solveGame(for:threads:)`).
    private static func solvedGame(_ arguments: ParsedArguments, table: ScoringTable, situation: TurnSituation)
        throws(UsageError) -> any SolvedWinGame
    {
        let rules = table.rules
        let game: (any SolvedWinGame)?
        if rules.game.end.rounds != nil {
            if arguments.value(StrategyArguments.policy.name) != nil {
                throw UsageError(
                    "'--policy' holds the solved game of a race to a target; rules '\(rules.name)' play fixed rounds",
                    spec: spec)
            }
            game = nil
        } else if rules.turn.threeFarklePenalty != nil {
            let policy = try StrategyArguments.penaltyPolicy(arguments, rules: rules, spec: spec)
            // A file solved with a higher floor (solve --penalty-floor) tabulates fewer totals than the default.
            if let policy {
                for (name, total) in [("my-score", situation.myScore), ("opponent-score", situation.opponentScore)]
                where (total ?? 0) < policy.floor {
                    throw UsageError(
                        "'--\(name)' \(total ?? 0) is below the lowest total \(policy.floor) the policy file tabulates",
                        spec: spec)
                }
            }
            game = policy
        } else {
            game = try StrategyArguments.policy(arguments, rules: rules, spec: spec)
        }
        if let game { return game }
        do {
            return try CacheOption.solveGame(for: table, arguments)
        } catch {
            throw UsageError("'--my-score' needs the 2-player win solver, but \(error.description)", spec: spec)
        }
    }

    /// `--my-score`, `--opponent-score` and `--final-round`, checked against the race of `rules`.
    private struct Totals {
        let mine: Int
        /// The opponent's total; `nil` when only `--my-score` is given (the points advice for that total).
        let theirs: Int?
        let isFinalRound: Bool
        /// In a game of fixed rounds, the rounds left (this one included) and the seat in the round (0 first).
        var round: (roundsLeft: Int, seat: Int)?

        /// The totals, or `nil` when neither is given.
        init?(_ arguments: ParsedArguments, rules: RuleSet, step: Int) throws(UsageError) {
            let given = (arguments.value("my-score"), arguments.value("opponent-score"))
            let finalRound = arguments.flag("final-round")
            for name in ["rounds-left", "seat"] where arguments.value(name) != nil {
                guard rules.game.end.rounds != nil else {
                    throw UsageError(
                        "'--\(name)' belongs to games of fixed rounds; rules '\(rules.name)' race", spec: spec)
                }
                guard given.0 != nil, given.1 != nil else {
                    throw UsageError("'--\(name)' needs '--my-score' and '--opponent-score'", spec: spec)
                }
            }
            switch given {
            case (nil, nil):
                if finalRound {
                    throw UsageError("'--final-round' needs '--my-score' and '--opponent-score'", spec: spec)
                }
                return nil
            case (nil, _): throw UsageError("'--opponent-score' needs '--my-score'", spec: spec)
            case (_, nil):
                // Your total alone: the points advice for it (the entry minimum, the points toward the target).
                if finalRound {
                    throw UsageError("'--final-round' needs '--opponent-score'", spec: spec)
                }
                let lowest = rules.turn.threeFarklePenalty.map { PenaltyWinSolver.defaultFloor(penalty: $0) } ?? 0
                let highest = (rules.game.end.target ?? 1_000_000_001) - 1
                mine = try arguments.integer("my-score", in: lowest...highest, default: 0)
                guard mine % step == 0 else {
                    throw UsageError(
                        "'--my-score' must be a multiple of \(step) under rules '\(rules.name)', not \(mine)",
                        spec: spec)
                }
                theirs = nil
                isFinalRound = false
                return
            default: break
            }
            if let rounds = rules.game.end.rounds {
                (mine, theirs, round) = try Self.roundsTotals(arguments, rules: rules, step: step, rounds: rounds)
                isFinalRound = false
                return
            }
            guard let target = rules.game.end.target else {
                throw UsageError(
                    "'--my-score' needs a race to a target; rules '\(rules.name)' play a fixed number of rounds",
                    spec: spec)
            }
            // Under a three-farkle penalty totals may fall below zero, down to the win solver's floor.
            let lowest = rules.turn.threeFarklePenalty.map { PenaltyWinSolver.defaultFloor(penalty: $0) } ?? 0
            mine = try arguments.integer("my-score", in: lowest...(target - 1), default: 0)
            let theirs = try arguments.integer("opponent-score", in: lowest...1_000_000_000, default: 0)
            self.theirs = theirs
            isFinalRound = finalRound
            for (name, total) in [("my-score", mine), ("opponent-score", theirs)] where total % step != 0 {
                throw UsageError(
                    "'--\(name)' must be a multiple of \(step) under rules '\(rules.name)', not \(total)", spec: spec)
            }
            if finalRound {
                guard rules.game.end.hasFinalRound else {
                    throw UsageError(
                        "'--final-round': under rules '\(rules.name)' the first to reach \(target) wins at once",
                        spec: spec)
                }
                guard theirs >= target else {
                    throw UsageError(
                        "'--final-round' means the opponent has reached \(target); '--opponent-score' is \(theirs)",
                        spec: spec)
                }
            } else if theirs >= target, !rules.game.end.hasFinalRound {
                throw UsageError(
                    "'--opponent-score' \(theirs) has reached the target \(target), which ends the game under "
                        + "rules '\(rules.name)'",
                    spec: spec)
            } else if theirs >= target {
                throw UsageError(
                    "'--opponent-score' \(theirs) has reached the target \(target): add '--final-round' "
                        + "for your last turn",
                    spec: spec)
            }
        }

        /// The totals and the turn in a game of `rounds` rounds, with `--rounds-left` and `--seat`.
        private static func roundsTotals(
            _ arguments: ParsedArguments, rules: RuleSet, step: Int, rounds: Int
        ) throws(UsageError) -> (mine: Int, theirs: Int, round: (roundsLeft: Int, seat: Int)) {
            guard !arguments.flag("final-round") else {
                throw UsageError(
                    "'--final-round' belongs to races; rules '\(rules.name)' play \(rounds) rounds: give '--rounds-left'",
                    spec: spec)
            }
            guard arguments.value("rounds-left") != nil else {
                throw UsageError(
                    "rules '\(rules.name)' play \(rounds) rounds: '--my-score' needs '--rounds-left'", spec: spec)
            }
            let left = try arguments.integer("rounds-left", in: 1...rounds, default: 1)
            let seat = try arguments.integer("seat", in: 1...2, default: 1)
            let mine = try arguments.integer("my-score", in: 0...1_000_000_000, default: 0)
            let theirs = try arguments.integer("opponent-score", in: 0...1_000_000_000, default: 0)
            for (name, total) in [("my-score", mine), ("opponent-score", theirs)] where total % step != 0 {
                throw UsageError(
                    "'--\(name)' must be a multiple of \(step) under rules '\(rules.name)', not \(total)", spec: spec)
            }
            return (mine, theirs, (left, seat - 1))
        }
    }

    /// `--farkles`, the farkles in a row before this turn (default 0) under a three-farkle penalty; `nil`
    /// for rules without one, which refuse the option.
    private static func farklesInARow(_ arguments: ParsedArguments, rules: RuleSet) throws(UsageError) -> Int? {
        guard let penalty = rules.turn.threeFarklePenalty else {
            if arguments.value("farkles") != nil {
                throw UsageError(
                    "'--farkles' counts toward a three-farkle penalty; rules '\(rules.name)' have none", spec: spec)
            }
            return nil
        }
        return try arguments.integer(
            "farkles", in: LongRunAverageSolver.farkleCounts, default: 0,
            because: "the third farkle in a row costs \(penalty) and starts the count again")
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

/// `Advice` (the points advice and, with both totals, the advice to win) as Markdown and JSON, with the reasons
/// in words.
private struct AdviceText {
    let whole: Advice
    let rules: RuleSet

    init(advice: Advice, rules: RuleSet) {
        whole = advice
        self.rules = rules
    }

    /// The points advice.
    var advice: RollAdvice { whole.points }
    /// The advice to win, with both totals.
    var win: WinRollAdvice? { whole.win }
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

    /// The points objective as the JSON names it: `points`, `points toward target` or `long-run average`.
    var objectiveName: String {
        switch whole.objective {
        case .expectedPoints: "points"
        case .pointsTowardTarget: "points toward target"
        case .longRunAverage: "long-run average"
        }
    }

    /// Why the rules make the player roll after a keep that leaves `diceLeft` with `turnPoints`.
    private func mustRollReason(diceLeft: Int, leastBank: Int) -> String {
        let turn = rules.turn
        if diceLeft == DiceCounts.maximumDice && turn.hotDiceMandatory { return "hot dice must be rolled" }
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
        let expected = Self.fixed(next.rollValue)
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
        let rolling = "rolling \(dice(next.diceLeft)) wins \(Self.percent(next.rollValue))"
        let banking = next.bankValue.map { "banking \(next.turnPoints) wins \(Self.percent($0))" }
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

    var markdown: String {
        let roll = advice.roll
        var lines = [
            "Roll \(Self.spaced(roll.faces)) with \(advice.turnPoints) turn points"
                + "\(advice.isOpeningRoll ? " (opening roll)" : "") under \(rules.name)", "",
        ]
        if case .pointsTowardTarget(let cap) = whole.objective, let mine = whole.situation.myScore {
            lines += [
                "At a total of \(mine), played for the points toward the target \(mine + cap): a bank that reaches "
                    + "it wins at once, so at most \(cap) turn points count, and every expected value below counts "
                    + "no more.",
                "",
            ]
        }
        if !whole.situation.hasEntered, whole.leastBank > rules.turn.minimumBank {
            lines += ["Not yet on the board: a bank needs at least \(whole.leastBank) turn points.", ""]
        }
        if let farkles, let penalty = rules.turn.threeFarklePenalty {
            lines += [
                "\(farkles) farkle\(farkles == 1 ? "" : "s") in a row before this turn; three in a row cost "
                    + "\(penalty). Played for the most points in the long run, penalties included: a farkle now "
                    + "counts \(Self.fixed(farkleValue)) points, what it costs later, and every expected value "
                    + "below includes it.",
                "",
            ]
        }
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
        if let win { lines += winMarkdown(win) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func winMarkdown(_ win: WinRollAdvice) -> [String] {
        let situation =
            win.isFinalRound
            ? "your last turn, \(win.myScore) against \(win.opponentScore) who has reached the target"
            : "\(win.myScore) against \(win.opponentScore)"
        var lines = [
            "", "## To win", "",
            "At \(situation): the chance to win (ties count half) when both players play to win.", "",
        ]
        if win.options.isEmpty {
            if let sixDiceFarkle = win.sixDiceFarkle {
                lines.append(
                    "No keep: a six-dice farkle, \(sixDiceFarkle.points) points and hot dice; "
                        + "wins \(Self.percent(sixDiceFarkle.value)).")
            } else {
                lines.append("Farkle: the turn ends with 0 points; you then win \(Self.percent(win.farkleValue)).")
            }
        } else {
            lines += ["| Keep | Score | Dice left | Win chance | |", "|---|---:|---:|---:|---|"]
            for (index, option) in win.options.enumerated() {
                lines.append(
                    "| \(Self.spaced(option.keep.dice.faces)) | \(option.keep.score) | \(option.diceLeft) "
                        + "| \(Self.percent(option.value)) | \(index == 0 ? "best" : "") |")
            }
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
        let keeps = advice.options.enumerated().map { index, option in
            "    {\"dice\": \(Self.faces(option.keep)), "
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
              "objective": \(JSONText.string(objectiveName)),
              "my_score": \(whole.situation.myScore.map(String.init) ?? "null"),
              "least_bank": \(whole.leastBank),
              "farkles_in_a_row": \(farkles.map(String.init) ?? "null"),
              "farkle_value": \(JSONText.number(farkleValue)),
              "farkle": \(advice.options.isEmpty),
              "six_dice_farkle": \(farkle ?? "null"),
              "keeps": [
            \(keeps.joined(separator: ",\n"))
              ],
              "decision": \(next ?? "null")\(win.map { ",\n  \"win\": " + winJSON($0) } ?? "")
            }
            """
    }

    /// The `win` member: the same fields as the points advice, values as P(win) + ½ P(tie).
    private func winJSON(_ win: WinRollAdvice) -> String {
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
                "my_score": \(win.myScore),
                "opponent_score": \(win.opponentScore),
                "final_round": \(win.isFinalRound),
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
        count == 1 ? "1 die" : "\(count) dice"
    }

    private static func faces(_ keep: Keep) -> String {
        "[\(keep.dice.faces.map(String.init).joined(separator: ", "))]"
    }

    private static func spaced(_ faces: [Int]) -> String {
        faces.map(String.init).joined(separator: " ")
    }

    private static func fixed(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    /// A chance as a percentage with two decimals, as the advisor page shows it.
    private static func percent(_ value: Double) -> String {
        String(format: "%.2f%%", value * 100)
    }
}
