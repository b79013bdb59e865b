@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim dice-set`: the best six dice to carry from an inventory, every candidate solved exactly.
enum DiceSetCommand: Command {
    static let spec = CommandSpec(
        name: "dice-set",
        abstract: "Finds the best six dice to carry from an inventory of loaded dice, exactly.",
        discussion: """
            Every way to take up to six dice from the inventory (ordinary dice fill the rest) is a candidate, \
            valued exactly by the expected points toward the target of a turn from a total of 0, \
            E[min(turn points, target)]. Dice that roll alike (proportional weights, such as ci, lu and fer, or \
            any fair die) count as one die type, so each distinct set is one candidate.
            Pruning (--objective points): each candidate first gets an upper bound on its value from a relaxed \
            turn that sees a roll only by its faces and lets a keep set aside any dice of the same number, so \
            it is never below the real value. Candidates are solved exactly in order of falling bound until \
            the next bound is below the --top-th best value found: no set left out can reach the list, and the \
            sets printed and their order are those of solving every candidate (--exhaustive).
            --objective win prunes the same way with another bound (each candidate's chance alone to reach the \
            target within as many turns as the opponent needs, the opponent's play fixed; proven in the DocC \
            article Loaded dice), about a twentieth of a game solve; each set solved costs seconds to a minute, \
            so large inventories stay slow.
            """,
        options: [
            OptionSpec(
                name: "inventory", valueName: "dice",
                help: "The dice owned: name:count,... from the dice catalog (odd:2,heavenly-kingdom:2,weighted)."),
            .flag(
                "rank-catalog",
                help: "Instead: rank every catalog die paired with five ordinary dice, by points and by wins "
                    + "against six ordinary dice (--wins: simulated, --games per seat order, or exact)."),
            OptionSpec(
                name: "games", valueName: "n", help: "Games per seat order for --rank-catalog.",
                defaultValue: "20,000"),
            OptionSpec(name: "seed", valueName: "x", help: "The seed of --rank-catalog's games.", defaultValue: "1"),
            CatalogRanking.winsOption,
            CatalogRanking.csvOutOption,
            OptionSpec(
                name: "objective", valueName: "objective",
                help: "points: the expected points toward the target from 0; win: the chance to win against "
                    + "--opponent-set, who starts decided by a coin (seconds per set: small inventories).",
                defaultValue: "points"),
            OptionSpec(
                name: "opponent-set", valueName: "set", help: "The opponent's dice, for --objective win.",
                defaultValue: "six ordinary dice"),
            OptionSpec(name: "top", valueName: "n", help: "How many of the best sets to print.", defaultValue: "10"),
            .flag(
                "exhaustive",
                help: "Solve every candidate instead of pruning by the bound (same list, slower)."),
            RunOptions.threads(help: "Sets solved at once"),
            RunOptions.quiet(
                help: "Show no progress line (on a terminal, stderr shows the candidates bounded, then solved)."),
            OptionSpec(
                name: "rules", valueName: "rules", help: "A preset or a JSON rule file, a race won at the target.",
                defaultValue: RuleSet.kcd.name),
            RulesOption.target,
            OutputFormat.option([.md, .csv, .json]),
            DiceSetOption.catalog,
        ]
    )

    /// The objectives `--objective` names.
    enum Objective: String, CaseIterable {
        case points
        case win
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let rules = try RulesOption.load(arguments, default: RuleSet.kcd.name)
        try DiceSetOption.requireRace(rules, arguments)
        try RulesOption.checkSolverSize(rules, arguments)
        let format = try arguments.format(allowed: [.md, .csv, .json])
        let top = try arguments.integer("top", in: 1...100_000, default: 10)
        let threads = try RunOptions.threads(arguments)
        if arguments.flag("rank-catalog") {
            try arguments.refuse(
                ["inventory", "objective", "opponent-set", "exhaustive", "top"],
                "is for choosing from an '--inventory', not for '--rank-catalog' (which ranks every die of the "
                    + "catalog): give one of the two")
            return try CatalogRanking.run(arguments, rules: rules, threads: threads, format: format)
        }
        try arguments.refuse(["games", "seed", "wins"], "belongs to '--rank-catalog'; '--inventory' solves exactly")
        guard arguments.value(CatalogRanking.csvOutOption.name) == nil else {
            throw UsageError("'--csv-out' belongs to '--rank-catalog'", spec: spec)
        }
        guard arguments.value("inventory") != nil else {
            throw UsageError("missing '--inventory <dice>' (or give '--rank-catalog')", spec: spec)
        }
        let objective = try arguments.choice("objective", default: Objective.points)
        var opponent = DiceSet.ordinary
        if let text = arguments.value("opponent-set") {
            guard objective == .win else {
                throw UsageError("'--opponent-set' belongs to '--objective win'", spec: spec)
            }
            let catalog = try DiceSetOption.catalog(arguments)
            do {
                opponent = try DiceSet(parsing: text, catalog: catalog)
            } catch {
                throw UsageError("'--opponent-set': \(error.description)", spec: spec)
            }
        }
        if objective == .win, let reason = LoadedWinSolver.refusal(for: rules) {
            throw UsageError("'--objective win' \(reason)", spec: spec)
        }
        // The search's bounds count every bank that reaches the target.
        if let reason = rules.game.exactTargetRefusal(
            rules: rules.name, of: "the search over dice sets",
            instead: "solve a dice set with 'solve --dice-set' instead")
        {
            throw UsageError(reason, spec: spec)
        }
        let inventory = try inventory(arguments)
        guard let target = rules.game.end.target else { return ExitStatus.failure }
        let search = DiceSetSearch(table: ScoringTable(rules: rules), target: target, inventory: inventory)
        // Counted before any is built: a large inventory would hold gigabytes of candidate sets.
        guard search.candidateCount <= DiceSetSearch.maximumCandidates else {
            throw UsageError(
                "'--inventory' makes \(NumberText.grouped(search.candidateCount)) candidate sets from "
                    + "\(search.types.count) die types; at most \(NumberText.grouped(DiceSetSearch.maximumCandidates)) "
                    + "are searched (about 20 types): leave some dice out",
                spec: spec)
        }
        let exhaustive = arguments.flag("exhaustive")
        let clock = ContinuousClock()
        let start = clock.now
        let progress = SearchProgress(
            candidates: search.candidateCount, isShown: !arguments.flag("quiet") && Standard.errorIsTerminal)
        let shown: [DiceSetSearch.Ranked]
        let candidates: Int
        let solved: Int
        let ordinary: Double
        if exhaustive {
            let ranked =
                objective == .win
                ? search.rankByWins(against: opponent, threads: threads, progress: progress.solved)
                : search.rank(threads: threads, progress: progress.solved)
            shown = Array(ranked.prefix(top))
            (candidates, solved) = (ranked.count, ranked.count)
            ordinary = ranked.first { $0.set.isOrdinary }?.value ?? 0
        } else if objective == .win {
            let pruned = search.bestByWins(
                top, against: opponent, threads: threads, progress: progress.solved, bounding: progress.bounded)
            (shown, candidates, solved) = (pruned.best, pruned.candidates, pruned.solved)
            ordinary =
                pruned.best.first { $0.set.isOrdinary }?.value
                ?? search.chanceToWin(of: .ordinary, against: opponent)
        } else {
            let pruned = search.best(
                top, threads: threads, progress: progress.solved, bounding: progress.bounded)
            (shown, candidates, solved) = (pruned.best, pruned.candidates, pruned.solved)
            ordinary =
                CappedScoreSolver(
                    outcomes: DiceSetOutcomes(table: search.table, set: .ordinary), total: 0, target: target
                )
                .openingValue
        }
        progress.finish()
        let seconds = (clock.now - start) / .seconds(1)
        let measure =
            objective == .win
            ? "the chance to win against \(opponent), a coin deciding who starts, both playing to win"
            : "E[min(turn points, \(target))] from a total of 0"
        switch format {
        case .json:
            let rows = shown.map {
                JSONText.object([
                    ("dice_set", JSONText.string($0.set.description)), ("value", JSONText.number($0.value)),
                ])
            }
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "target": \(target),
                  "objective": \(JSONText.string(objective.rawValue)),
                  "opponent_set": \(objective == .win ? JSONText.string(opponent.description) : "null"),
                  "die_types": \(search.types.count),
                  "candidates": \(candidates),
                  "solved": \(solved),
                  "ordinary_value": \(JSONText.number(ordinary)),
                  "best": \(JSONText.array(rows, indent: 4)),
                  "elapsed_seconds": \(JSONText.number(seconds))
                }
                """)
        case .csv:
            var table = CSVTable(header: ["rank", "dice_set", "value", "gain_over_ordinary"])
            for (index, entry) in shown.enumerated() {
                table.append([
                    "\(index + 1)", entry.set.description, JSONText.number(entry.value),
                    JSONText.number(entry.value - ordinary),
                ])
            }
            Standard.output(table.text, terminator: "")
        case .md:
            var lines = [
                "# Best dice sets: \(rules.name), target \(target)", "",
                "\(candidates) candidate sets from \(search.types.count) die types, "
                    + (solved == candidates
                        ? "each solved exactly" : "\(solved) solved exactly (the rest ruled out by an upper bound)")
                    + " for \(measure) (six ordinary dice: \(NumberText.fixed(ordinary, 4))).", "",
                "| Rank | Dice set | \(objective == .win ? "Chance to win" : "Expected points toward the target") "
                    + "| Gain over ordinary |", "|---:|---|---:|---:|",
            ]
            for (index, entry) in shown.enumerated() {
                lines.append(
                    "| \(index + 1) | \(entry.set) | \(NumberText.fixed(entry.value, 4)) "
                        + "| \(NumberText.fixed(entry.value - ordinary, 4, alwaysSigned: true)) |")
            }
            Standard.output(lines.joined(separator: "\n") + "\n", terminator: "")
        }
        return ExitStatus.success
    }

    /// `--inventory`: catalog dice with counts (any count; at most six of a die are ever used).
    private static func inventory(_ arguments: ParsedArguments) throws(UsageError) -> [DiceSet.Member] {
        let catalog = try DiceSetOption.catalog(arguments)
        let text = arguments.value("inventory") ?? ""
        var members: [DiceSet.Member] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count <= 2, let die = catalog[String(pieces[0])] else {
                throw UsageError(
                    "'--inventory': '\(part)' names no die of the catalog (name or name:count)", spec: spec)
            }
            var count = 1
            if pieces.count == 2 {
                guard let parsed = Int(pieces[1]), (1...99).contains(parsed) else {
                    throw UsageError("'--inventory': '\(part)': the count must be 1 to 99", spec: spec)
                }
                count = parsed
            }
            guard !members.contains(where: { $0.die.name == die.name }) else {
                throw UsageError("'--inventory' names '\(die.name)' twice", spec: spec)
            }
            members.append(DiceSet.Member(die: die, count: count))
        }
        return members
    }
}
