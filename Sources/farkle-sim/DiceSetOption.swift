import FarkleKit

/// `--dice-set` and `--dice-catalog`: the loaded dice a player carries, from the built-in catalog or a file.
enum DiceSetOption {
    /// `--dice-set`, once (or once per seat where a command says so).
    static let set = OptionSpec(
        name: "dice-set", valueName: "set",
        help: "The six dice carried: name:count,... from the dice catalog (heavenly-kingdom:2,odd:1); "
            + "the rest ordinary.",
        defaultValue: "six ordinary dice")

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

    /// Refuses loaded dice under rules that are not a race won at the target at once: only there is the
    /// capped objective the expected points that count.
    ///
    /// Also refuses a set given (`--dice-set`, `--opponent-set`) whose dice can never score under the rules: a
    /// player carrying it never banks, so no game would end.
    static func requireRace(_ rules: RuleSet, _ arguments: ParsedArguments) throws(UsageError) {
        guard rules.game.end.target != nil, !rules.game.end.hasFinalRound else {
            throw UsageError(
                "loaded dice are solved for a race won at the target at once (kcd); rules '\(rules.name)' "
                    + "\(rules.game.end.target == nil ? "play rounds" : "have a final round")",
                spec: arguments.spec)
        }
        let catalog = try catalog(arguments)
        let named = arguments.allValues(set.name) + arguments.allValues("opponent-set")
        let table = ScoringTable(rules: rules)
        for text in named {
            guard let given = try? DiceSet(parsing: text, catalog: catalog), !given.isOrdinary else { continue }
            guard DiceSetOutcomes(table: table, set: given).canScore else {
                throw UsageError(
                    "the dice set \(given) can never score under rules '\(rules.name)': a player carrying it never "
                        + "banks", spec: arguments.spec)
            }
        }
    }
}
