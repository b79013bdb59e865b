@_spi(Kernels) import FarkleKit

/// `--dice-set` and `--dice-catalog`: the loaded dice a player carries, from the built-in catalog or a file.
enum DiceSetOption {
    /// `--dice-set`, once (or once per seat where a command says so).
    static let set = OptionSpec(
        name: "dice-set", valueName: "set",
        help: "The six dice carried: name:count,... from the dice catalog (heavenly-kingdom:2,odd:1); "
            + "the rest ordinary.",
        defaultValue: "six ordinary dice")

    /// `--dice-set` of `simulate` and `evaluate`: one per seat, or one for all.
    static let seats = OptionSpec(
        name: "dice-set", valueName: "set",
        help: "A seat's dice (name:count,... from the catalog, the rest ordinary): one per seat, or one for all.",
        defaultValue: "six ordinary dice", isRepeatable: true)

    /// `--opponent-set` of `advise`: the opponent's dice for the advice to win.
    static let opponentSet = OptionSpec(
        name: "opponent-set", valueName: "set",
        help: "With loaded dice and --opponent-score: the opponent's dice (name:count,...), the rest ordinary.",
        defaultValue: "six ordinary dice")

    /// What each play does with dice sets, one sentence for help texts and output.
    static let meanings =
        "ev-target: the capped-optimal turn for the seat's own total, E[min(turn points, target - total)]; win: the play that maximizes the chance to win "
        + "(2 players); greedy: the highest-scoring keep, banking at once; threshold: the same keep, banking from "
        + "T1 points with 1 die left, T2 with 2 (a tie in points goes to the fewest dice, then to leaving the dice "
        + "most likely to score); ev: the turn's expected points whatever the totals, over the dice set"

    /// `--dice-catalog`.
    static let catalog = OptionSpec(
        name: "dice-catalog", valueName: "file",
        help: "A JSON file of more dice ({\"dice\": [{\"name\", \"weights\": [six]}]}) added to the built-in catalog.")

    /// The built-in catalog, extended by `--dice-catalog` where given.
    static func catalog(_ arguments: ParsedArguments) throws(UsageError) -> LoadedDiceCatalog {
        guard let path = try arguments.path(catalog.name) else { return .builtIn }
        do {
            return LoadedDiceCatalog.builtIn.extended(with: try LoadedDiceCatalog.load(path: path))
        } catch {
            throw UsageError(error.description, spec: arguments.spec)
        }
    }

    /// Every `--dice-set` given, in order, parsed against the catalog.
    static func sets(_ arguments: ParsedArguments) throws(UsageError) -> [DiceSet] {
        let catalog = try catalog(arguments)
        var sets: [DiceSet] = []
        for text in arguments.allValues(set.name) {
            do {
                sets.append(try DiceSet(parsing: text, catalog: catalog))
            } catch {
                throw UsageError("'--dice-set': \(error.description)", spec: arguments.spec)
            }
        }
        return sets
    }

    /// The one `--dice-set`, or six ordinary dice.
    static func set(_ arguments: ParsedArguments) throws(UsageError) -> DiceSet {
        let sets = try sets(arguments)
        guard sets.count <= 1 else {
            throw UsageError("'--dice-set' given more than once", spec: arguments.spec)
        }
        return sets.first ?? .ordinary
    }

    /// The sets of `seats` seats from `--dice-set`: one for all, or one per seat.
    static func sets(_ arguments: ParsedArguments, seats: Int) throws(UsageError) -> [DiceSet] {
        let sets = try sets(arguments)
        if sets.count == 1 { return Array(repeating: sets[0], count: seats) }
        guard sets.count == seats else {
            throw UsageError(
                "\(sets.count) '--dice-set' for \(seats) players: give one for every seat, or one for all",
                spec: arguments.spec)
        }
        return sets
    }

    /// The one `--dice-set` or, without it, the named dice of a roll of `rolled`, the rest ordinary.
    static func set(_ arguments: ParsedArguments, rolled: [LoadedDie]) throws(UsageError) -> DiceSet {
        if arguments.value(set.name) != nil { return try set(arguments) }
        var members: [DiceSet.Member] = []
        for die in rolled where die != .ordinary {
            if let position = members.firstIndex(where: { $0.die == die }) {
                members[position] = DiceSet.Member(die: die, count: members[position].count + 1)
            } else {
                members.append(DiceSet.Member(die: die, count: 1))
            }
        }
        return DiceSet(members: members)
    }

    /// `--opponent-set`, six ordinary dice by default.
    static func opponentSet(_ arguments: ParsedArguments, catalog: LoadedDiceCatalog) throws(UsageError) -> DiceSet {
        guard let text = arguments.value(opponentSet.name) else { return .ordinary }
        do {
            return try DiceSet(parsing: text, catalog: catalog)
        } catch {
            throw UsageError("'--\(opponentSet.name)': \(error.description)", spec: arguments.spec)
        }
    }

    /// Refuses loaded dice under rules that are not a race won at the target at once (only there is the
    /// capped objective the expected points that count) and, for a game (`game`), where six 1s win at once
    /// (`DiceSet.refusal(toPlay:game:allowsFinalRound:)`).
    ///
    /// Also refuses a set given (`--dice-set`, `--opponent-set`) whose dice can never score under the rules: a
    /// player carrying it never banks, so no game would end.
    static func requireRace(_ rules: RuleSet, _ arguments: ParsedArguments, game: Bool = true) throws(UsageError) {
        if let reason = DiceSet.refusal(toPlay: rules, game: game) { throw UsageError(reason, spec: arguments.spec) }
        try requireScoring(rules, arguments)
    }

    /// Why `set` cannot play under `rules`, whose target must be hit exactly: it can never bank `short` points.
    static func cannotHitTarget(_ set: DiceSet, short: Int, rules: RuleSet) -> String {
        "the dice set \(set) can never bank \(short) exactly under rules '\(rules.name)', whose target must be hit "
            + "exactly: a player \(short) short of it could never finish"
    }

    /// Refuses a set given (`--dice-set`, `--opponent-set`) whose dice can never score under `rules`: a player
    /// carrying it never banks; and where the target must be hit exactly, one that cannot bank every amount short
    /// of it.
    static func requireScoring(_ rules: RuleSet, _ arguments: ParsedArguments) throws(UsageError) {
        let catalog = try catalog(arguments)
        let named = arguments.allValues(set.name) + arguments.allValues("opponent-set")
        let table = ScoringTable(rules: rules)
        for text in named {
            guard let given = try? DiceSet(parsing: text, catalog: catalog), !given.isOrdinary else { continue }
            let outcomes = DiceSetOutcomes(table: table, set: given)
            guard outcomes.canScore else {
                throw UsageError(
                    "the dice set \(given) can never score under rules '\(rules.name)': a player carrying it never "
                        + "banks", spec: arguments.spec)
            }
            // Where the target must be hit exactly, every amount short of it must be bankable.
            let mechanics = table.turnMechanics
            if rules.game.mustHitTargetExactly, let target = rules.game.end.target,
                let level = outcomes.firstUnbankableLevel(
                    upTo: target / mechanics.scoreStep,
                    leastBank: mechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: true))
            {
                throw UsageError(
                    cannotHitTarget(given, short: level * mechanics.scoreStep, rules: rules), spec: arguments.spec)
            }
        }
    }
}
