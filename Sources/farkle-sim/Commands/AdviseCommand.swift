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
            roll), and says where the two objectives differ. Rules that seat three players racing without a \
            final round take both opponents' totals (--opponent-score twice, the next player's first) and give \
            the exact chance to win of the three-player game. That solves the whole game first: seconds for \
            a short race, minutes for a 10,000-point one, under a minute for farkleten. Under a three-farkle penalty the advice is best play \
            for the most points in the long run with --farkles farkles in a row before this turn: a farkle \
            counts what it costs later, and the expected values include it; with both totals the advice to \
            win also counts --opponent-farkles, and totals may be negative (down to four penalties below zero). \
            Where three farkles cost the whole total no long-run average measures it: the points advice is the \
            turn's own, and only the advice to win counts the farkles in a row. \
            Loaded dice (a face written 5@odd, or --dice-set) are advised kind by kind in a race won at the \
            target at once (kcd): each keep lists the dice it leaves and what banking and rolling on are worth \
            in points toward the target from --my-score (without it, as with ordinary dice, in the turn's \
            expected points); with --opponent-score as well, the \
            chance to win against an opponent carrying --opponent-set (six ordinary dice by default), and where \
            the two objectives differ; that race is solved whole once and kept in the cache of solved games \
            (seconds; later questions with the same dice answer at once), read from --policy, or with \
            --no-cache solved only from the given totals on. In any other game of six dice (a final round, \
            rounds) loaded dice are advised by the turn's expected points over the dice set, as 'ev' plays them \
            (not under a three-farkle penalty of points).
            """,
        options: [
            OptionSpec(
                name: "dice", valueName: "faces",
                help: "The dice rolled, such as 1,5,5,2,3,4 (required but with --offer)."),
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
                help:
                    "The opponent's total (at or above the target: your last turn of the final round). At a larger table give "
                    + "one per opponent, in the order they play after you: three players racing without a final "
                    + "round get the exact three-player game, and so does your last turn of a final round with at "
                    + "most one player still to play after you; otherwise the advice to win plays the 2-player race "
                    + "against the leader (measured, not exact).",
                isRepeatable: true),
            .flag(
                "final-round",
                help:
                    "The opponent has reached the target: this is your last turn (implied by an '--opponent-score' at or "
                    + "above the target). At a larger table the first "
                    + "opponent at or above the target began the final round: those listed before it play theirs "
                    + "after you."),
            OptionSpec(
                name: "rounds-left", valueName: "k",
                help: "In a game of fixed rounds (farkleten): the rounds left, this one included; with the totals "
                    + "it adds the advice to win."),
            OptionSpec(
                name: "extra-round", valueName: "k",
                help: "In a game of fixed rounds whose highest total was shared after the regular rounds: the extra "
                    + "round being played, 1 for the first (instead of --rounds-left)."),
            OptionSpec(
                name: "seat", valueName: "s",
                help: "With --rounds-left: 1 if you play first in the round, 2 if the opponent has played it.",
                defaultValue: "1"),
            StrategyArguments.policy,
            CacheOption.noCache,
            RunOptions.quiet(),
            OutputFormat.option([.md, .json]),
            DiceSetOption.set,
            DiceSetOption.opponentSet,
            DiceSetOption.catalog,
            offer,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments)
        try RulesOption.checkSolverSize(rules, arguments)
        if arguments.value(offer.name) != nil { return try adviseOffer(arguments, rules: rules) }
        guard arguments.value("dice") != nil else {
            throw UsageError("missing '--dice <faces>' (or, under piggybacking, '--offer <points,dice>')", spec: spec)
        }
        // Loaded dice (`5@odd`, a --dice-set or an --opponent-set) are advised kind by kind.
        let hasDiceSets =
            arguments.value("dice")?.contains("@") == true || arguments.value(DiceSetOption.set.name) != nil
            || arguments.value(DiceSetOption.opponentSet.name) != nil
        if hasDiceSets, arguments.allValues("opponent-score").count > 1 {
            throw UsageError("loaded dice are advised against one opponent: give '--opponent-score' once", spec: spec)
        }
        if hasDiceSets {
            try arguments.refuse(
                ["farkles", "rounds-left", "extra-round", "seat", "opening", "opponent-farkles"],
                "applies to ordinary dice; loaded dice are advised by the turn's points and, in a race won at the "
                    + "target at once, to win")
            // Asked first, as the advice would refuse it: before any total is checked against the points advice.
            if let reason = DiceSet.penaltyRefusal(rules) { throw UsageError(reason, spec: spec) }
        }
        let format = try arguments.format(allowed: [.md, .json])
        let catalog = hasDiceSets ? try DiceSetOption.catalog(arguments) : .builtIn
        let rolled = try dice(arguments, catalog: catalog)
        let faces = rolled.map(\.face)
        let turnPoints = try arguments.integer("turn-points", in: 0...1_000_000_000, default: 0)
        // The opening roll is inferred (every die of the game at 0 turn points); the flag only confirms it.
        let gameDice = rules.turn.dice
        if arguments.flag("opening"), faces.count != gameDice {
            throw UsageError("'--opening' needs \(gameDice) dice, not \(faces.count)", spec: spec)
        }
        guard faces.count <= gameDice else {
            throw UsageError(
                "'--dice' lists \(faces.count) dice; rules '\(rules.name)' play \(gameDice) (turn.dice)", spec: spec)
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
        // Alone, a total counts only where it changes the points advice (`PointsAdvisor.readsTheTotal`); elsewhere
        // it would be read for nothing.
        if let totals, totals.theirs == nil, !PointsAdvisor.readsTheTotal(rules) {
            throw UsageError(
                "'--my-score' alone changes no advice under rules '\(rules.name)': add '--opponent-score' for the "
                    + "advice to win", spec: spec)
        }
        // The target is read by the advice to win and, in a race won at the target at once, by the points toward
        // it from the player's total; otherwise the advice does not depend on it.
        let capsTheTurn = rules.capsTheTurn
        if totals?.theirs == nil, totals == nil || !capsTheTurn {
            try arguments.refuse(
                ["target"],
                "changes no advice here: it is read by the advice to win (add '--my-score' and '--opponent-score')"
                    + (capsTheTurn ? " and by the points toward the target from '--my-score'" : ""))
        }
        if totals?.theirs == nil, arguments.value("opponent-farkles") != nil {
            throw UsageError("'--opponent-farkles' needs '--my-score' and '--opponent-score'", spec: spec)
        }
        if arguments.value(DiceSetOption.opponentSet.name) != nil, totals?.theirs == nil {
            throw UsageError(
                "'--opponent-set' is for the advice to win: add '--my-score' and '--opponent-score'", spec: spec)
        }
        var situation = TurnSituation(roll: DiceCounts(faces: faces), turnPoints: turnPoints)
        if hasDiceSets {
            let set = try DiceSetOption.set(arguments, rolled: rolled.map(\.die))
            do {
                situation = try TurnSituation(roll: rolled, of: set, turnPoints: turnPoints)
            } catch {
                throw UsageError("'--dice' \(error.description)", spec: spec)
            }
            situation.opponentDice = try DiceSetOption.opponentSet(arguments, catalog: catalog)
        }
        situation.farklesInARow = farkles ?? 0
        situation.myScore = totals?.mine
        situation.opponentScores = totals?.others ?? []
        situation.isFinalRound = totals?.isFinalRound ?? false
        if let round = totals?.round {
            situation.roundsLeft = round.roundsLeft
            situation.extraRound = round.extraRound
            situation.seatInRound = round.seat
        }
        if situation.knowsBothTotals, rules.turn.countsFarklesInARow {
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
            let floor = PenaltyWinSolver.defaultFloor(rules: rules)
            try Advisor.checkTotals(of: situation, rules: rules, floor: floor)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        // The solved game and the cache serve the advice to win only: without both totals they would be read for nothing.
        if !situation.knowsBothTotals, !hasDiceSets {
            try arguments.refuse(
                [StrategyArguments.policy.name, CacheOption.noCache.name],
                "is for the advice to win: give '--my-score' and '--opponent-score'")
        }
        // A roll that ends the game at once leaves nothing to solve.
        let game =
            situation.knowsBothTotals && !hasDiceSets && !rules.game.endsAtOnce(situation.roll)
            ? try solvedGame(arguments, table: table, situation: situation) : nil
        let diceSetGames = hasDiceSets ? try diceSetGames(arguments, situation: situation, table: table) : nil
        let advice: Advice
        do {
            var advisor = try Advisor(table: table, game: game)
            advisor.diceSetGames = diceSetGames
            // The race between dice sets solved to win, if any, on every core (as every command solves).
            advice = try advisor.advice(for: situation, threads: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        let text = AdviceText(advice: advice, rules: rules, rolled: rolled)
        switch format {
        case .json: Standard.output(text.json)
        default: Standard.output(text.markdown, terminator: "")
        }
        return ExitStatus.success
    }

    /// Where the race between dice sets solved to win comes from for the advice to win with loaded dice: the
    /// `--policy` file, or the cache of solved games, which solves the whole race once; `nil` (the advisor solves
    /// only the totals from the situation's on) with `--no-cache`, and without both totals.
    private static func diceSetGames(_ arguments: ParsedArguments, situation: TurnSituation, table: ScoringTable)
        throws(UsageError) -> DiceSetGameSource?
    {
        let hasPolicy = arguments.value(StrategyArguments.policy.name) != nil
        guard situation.opponentScore != nil else {
            if hasPolicy {
                throw UsageError(
                    "'--policy' holds the race solved to win: give --opponent-score for the advice to win", spec: spec)
            }
            return nil
        }
        guard hasPolicy || !arguments.flag(CacheOption.noCache.name) else { return nil }
        return try StrategyArguments.diceSetGames(
            arguments, sets: [situation.dice, situation.opponentDice], table: table,
            quiet: !RunOptions.showsProgress(arguments), spec: spec)
    }

    /// The game solved to win for the advice to win: read from the `--policy` file, or solved here by the solver
    /// that covers the rules (`Advisor.solveGame(for:threads:)`).
    private static func solvedGame(_ arguments: ParsedArguments, table: ScoringTable, situation: TurnSituation)
        throws(UsageError) -> any SolvedWinGame
    {
        // At a larger table of a race the game solved is the race for two against the leader.
        let rules = table.rules.headsUpGame
        if WinGameKind(rules) == .rounds, arguments.value(StrategyArguments.policy.name) != nil {
            throw UsageError(
                "'--policy' holds the solved game of a race to a target; rules '\(rules.name)' play fixed rounds",
                spec: spec)
        }
        let game = try StrategyArguments.policy(arguments, rules: rules, spec: spec)
        // A file solved with a higher floor (solve --penalty-floor) tabulates fewer totals than the default.
        if let floor = (game as? PenaltyWinSolver)?.floor {
            for (name, total) in [("my-score", situation.myScore), ("opponent-score", situation.opponentScore)]
            where (total ?? 0) < floor {
                throw UsageError(
                    "'--\(name)' \(total ?? 0) is below the lowest total \(floor) the policy file tabulates", spec: spec
                )
            }
        }
        if let game { return game }
        do {
            return try CacheOption.solveGame(for: rules == table.rules ? table : ScoringTable(rules: rules), arguments)
        } catch {
            throw UsageError("the advice to win needs the game solved, but \(error.description)", spec: spec)
        }
    }

    /// `--my-score`, `--opponent-score` and `--final-round`, checked against the race of `rules`.
    struct Totals {
        let mine: Int
        /// The opponent's total; `nil` when only `--my-score` is given (the points advice for that total).
        let theirs: Int?
        let isFinalRound: Bool
        /// Every opponent's total, one `--opponent-score` each in the order they play after you: more than one at a
        /// larger table of a race, whose advice to win is the exact game of three players racing without a final
        /// round, else the 2-player race against the leader, `theirs`.
        var others: [Int] = []
        /// In a game of fixed rounds, the rounds left (this one included) or the extra round, and the seat in the
        /// round (0 first).
        var round: (roundsLeft: Int?, extraRound: Int?, seat: Int)?

        /// The totals, or `nil` when neither is given.
        init?(_ arguments: ParsedArguments, rules: RuleSet, step: Int) throws(UsageError) {
            let given = (arguments.value("my-score"), arguments.value("opponent-score"))
            let finalRound = arguments.flag("final-round")
            for name in ["rounds-left", "extra-round", "seat"] where arguments.value(name) != nil {
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
                let lowest = PenaltyWinSolver.defaultFloor(rules: rules)
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
            let opponents = arguments.allValues("opponent-score").count
            let kind = WinGameKind(rules.headsUpGame)
            if kind == .threePlayerRace, opponents != 2 {
                throw UsageError(
                    "rules '\(rules.name)' seat three players: give '--opponent-score' twice, the next player's total "
                        + "first, then the last player's",
                    spec: spec)
            }
            // Rules that seat more than two leave no doubt how many opponents there are: one total each.
            let players = rules.game.players
            if players > 2, opponents != players - 1 {
                throw UsageError(
                    "rules '\(rules.name)' seat \(players) players: give '--opponent-score' \(players - 1) times, once "
                        + "per opponent in the order they play after you, not \(opponents)",
                    spec: spec)
            }
            if opponents > 1 {
                guard kind == .race || kind == .threePlayerRace else {
                    throw UsageError(
                        "one '--opponent-score' per opponent needs a race without a three-farkle penalty or rounds; "
                            + "rules '\(rules.name)' give one opponent",
                        spec: spec)
                }
                guard opponents < GameRules.playerRange.upperBound else {
                    throw UsageError(
                        "\(opponents) '--opponent-score': a table has at most \(GameRules.playerRange.upperBound) players",
                        spec: spec)
                }
            }
            if let rounds = rules.game.end.rounds {
                let totals = try Self.roundsTotals(arguments, rules: rules, step: step, rounds: rounds)
                (mine, theirs, round, others) = (totals.mine, totals.theirs, totals.round, [totals.theirs])
                isFinalRound = false
                return
            }
            guard let target = rules.game.end.target else {
                throw UsageError(
                    "'--my-score' needs a race to a target; rules '\(rules.name)' play a fixed number of rounds",
                    spec: spec)
            }
            // Under a three-farkle penalty totals may fall below zero, down to the win solver's floor.
            let lowest = PenaltyWinSolver.defaultFloor(rules: rules)
            mine = try arguments.integer("my-score", in: lowest...(target - 1), default: 0)
            // At a larger table the advice to win plays against the leader: the highest other total.
            let others = try arguments.integers("opponent-score", in: lowest...1_000_000_000)
            let theirs = others.max() ?? 0
            self.theirs = theirs
            self.others = others
            // An opponent at or over the target leaves no doubt that this is the final round: '--final-round' may
            // say so, and is not needed.
            isFinalRound = rules.game.end.isFinalRound(finalRound, leader: theirs)
            for (name, total) in [("my-score", mine)] + others.map({ ("opponent-score", $0) }) where total % step != 0 {
                throw UsageError(
                    "'--\(name)' must be a multiple of \(step) under rules '\(rules.name)', not \(total)", spec: spec)
            }
            // What a final round needs of the totals (an opponent at the target, a deficit the turn can tabulate)
            // is FarkleKit's check, `Advisor.checkTotals`, asked before the solve.
        }

        /// The totals and the turn in a game of `rounds` rounds, with `--rounds-left` and `--seat`.
        private static func roundsTotals(
            _ arguments: ParsedArguments, rules: RuleSet, step: Int, rounds: Int
        ) throws(UsageError) -> (mine: Int, theirs: Int, round: (roundsLeft: Int?, extraRound: Int?, seat: Int)) {
            guard !arguments.flag("final-round") else {
                throw UsageError(
                    "'--final-round' belongs to races; rules '\(rules.name)' play \(rounds) rounds: give '--rounds-left'",
                    spec: spec)
            }
            let extras = rules.game.extraRoundsOnTie
            switch (arguments.value("rounds-left"), arguments.value("extra-round")) {
            case (nil, nil):
                throw UsageError(
                    "rules '\(rules.name)' play \(rounds) rounds: '--my-score' needs '--rounds-left' (or "
                        + "'--extra-round' after a shared highest total)", spec: spec)
            case (.some, .some):
                throw UsageError("give '--rounds-left' or '--extra-round', not both", spec: spec)
            case (nil, .some) where extras == 0:
                throw UsageError(
                    "'--extra-round': rules '\(rules.name)' play no extra round on a shared highest total", spec: spec)
            default: break
            }
            let left = try arguments.value("rounds-left").map { _ throws(UsageError) in
                try arguments.integer("rounds-left", in: 1...rounds, default: 1)
            }
            let extra = try arguments.value("extra-round").map { _ throws(UsageError) in
                try arguments.integer("extra-round", in: 1...max(extras, 1), default: 1)
            }
            let seat = try arguments.integer("seat", in: 1...2, default: 1)
            // A scoreless opening roll that costs points takes a total below 0, by at most the cost a turn.
            let lowest = rules.lowestTotalOfRounds
            let mine = try arguments.integer("my-score", in: lowest...1_000_000_000, default: 0)
            let theirs = try arguments.integer("opponent-score", in: lowest...1_000_000_000, default: 0)
            for (name, total) in [("my-score", mine), ("opponent-score", theirs)] where total % step != 0 {
                throw UsageError(
                    "'--\(name)' must be a multiple of \(step) under rules '\(rules.name)', not \(total)", spec: spec)
            }
            // Nobody has banked before their first turn, and an extra round starts from equal totals: FarkleKit's
            // check, before anything is solved.
            let round = left.map { rounds - $0 + 1 } ?? rounds + (extra ?? 1)
            do {
                try RoundsWinSolver.checkTotals(
                    turnIndex: RoundsWinSolver.turnIndex(round: round, seat: seat - 1), myScore: mine,
                    opponentScore: theirs, rules: rules)
            } catch {
                throw UsageError(error.description, spec: spec)
            }
            return (mine, theirs, (left, extra, seat - 1))
        }
    }

    /// `--farkles`, the farkles in a row before this turn (default 0) under a three-farkle penalty; `nil`
    /// for rules without one, which refuse the option.
    static func farklesInARow(_ arguments: ParsedArguments, rules: RuleSet) throws(UsageError) -> Int? {
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

    /// The dice of `--dice`: one to six faces from 1 to 6, separated by commas, each maybe `@name` of a die of
    /// `catalog` (a face alone is an ordinary die).
    private static func dice(_ arguments: ParsedArguments, catalog: LoadedDiceCatalog) throws(UsageError)
        -> [(face: Int, die: LoadedDie)]
    {
        let text = arguments.value("dice") ?? ""
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("'--dice' lists no dice; give one to six faces such as 1,5,5,2,3,4", spec: spec)
        }
        var dice: [(face: Int, die: LoadedDie)] = []
        for part in parts {
            guard !part.isEmpty else {
                throw UsageError(
                    "'--dice' has an empty entry in '\(text)'; separate faces by single commas", spec: spec)
            }
            let pieces = part.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
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
            dice.append((face, die))
        }
        guard dice.count <= DiceCounts.maximumDice else {
            throw UsageError("'--dice' lists \(dice.count) dice; a roll has at most six", spec: spec)
        }
        return dice
    }
}
