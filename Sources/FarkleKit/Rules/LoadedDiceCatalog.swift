/// Named dice: the built-in catalog of Kingdom Come's loaded dice, extendable by a user's JSON file.
///
/// A catalog file is `{"dice": [{"name": ..., "weights": [w1, ..., w6], "source": ..., "alternative_weights":
/// [...]}, ...]}`; `source` and `alternative_weights` may be left out. A die of a file replaces a built-in die of
/// the same name. Joker dice and badges change the rules, not the odds, and are not in the catalog.
public struct LoadedDiceCatalog: Sendable {
    /// The dice, in catalog order.
    public let dice: [LoadedDie]

    /// The catalog that ships with FarkleKit (`Sources/FarkleKit/Rules/kcd-dice.json`): the KCD II dice with their weights.
    public static let builtIn: LoadedDiceCatalog = {
        // The text is checked by the tests; a failure here is a broken build, not bad input.
        guard
            let catalog = try? LoadedDiceCatalog(
                jsonBytes: PackageResources.kcd_dice_json, source: "built-in catalog")
        else { preconditionFailure("the built-in dice catalog must load") }
        return catalog
    }()

    /// Creates a catalog of `dice`.
    public init(dice: [LoadedDie]) {
        self.dice = dice
    }

    /// Reads a catalog file's bytes: `init(json:source:)` without Foundation.
    ///
    /// - Throws: `DiceSetError` naming the file and what is wrong (not JSON, a key that is not known, weights
    ///   that are not six whole numbers from 0 to 1000 with one positive, a name given twice).
    package init(jsonBytes json: [UInt8], source: String) throws(DiceSetError) {
        guard json.count <= RuleSet.maximumFileSize else {
            throw DiceSetError("\(source): is larger than \(RuleSet.maximumFileSize) bytes, too large for a catalog")
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: json)
        } catch {
            // Named by the key being read where there is one, as a rule file's errors are.
            throw DiceSetError("\(source): \(error.key.map { "'\($0)' " } ?? "")\(error.problem)")
        }
        guard case .object(let members) = root, case .array(let entries) = members["dice"] else {
            throw DiceSetError("\(source): must be an object {\"dice\": [...]}")
        }
        // Named, as a rule file names a key it does not know, so that a typo is found at once.
        if let unknown = members.keys.sorted().first(where: { $0 != "dice" }) {
            throw DiceSetError("\(source): '\(unknown)' is not a key of a dice catalog (known: dice)")
        }
        var dice: [LoadedDie] = []
        for (position, entry) in entries.enumerated() {
            dice.append(try Self.die(entry, at: "\(source): dice[\(position)]"))
        }
        let names = dice.map({ $0.name })
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw DiceSetError("\(source): the die '\(repeated)' is given twice")
        }
        self.dice = dice
    }

    /// This catalog with the dice of `other` added; a die of `other` replaces one of the same name.
    package func extended(with other: LoadedDiceCatalog) -> LoadedDiceCatalog {
        let replaced = Set(other.dice.map({ $0.name }))
        return LoadedDiceCatalog(dice: dice.filter { !replaced.contains($0.name) } + other.dice)
    }

    /// The die named `name`, or `nil`.
    public subscript(name: String) -> LoadedDie? {
        dice.first { $0.name == name }
    }

    private static func die(_ entry: JSONValue, at path: String) throws(DiceSetError) -> LoadedDie {
        let known = ["alternative_weights", "name", "source", "weights"]
        guard case .object(let members) = entry else { throw DiceSetError("\(path): must be an object") }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw DiceSetError("\(path): '\(unknown)' is not a key of a die (known: \(known.joined(separator: ", ")))")
        }
        guard case .string(let name) = members["name"], (1...RuleSet.maximumNameLength).contains(name.count),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw DiceSetError(
                "\(path): 'name' must be a name of 1 to \(RuleSet.maximumNameLength) letters, digits, - and _")
        }
        guard let weights = Self.weights(members["weights"]) else {
            throw DiceSetError("\(path) (\(name)): 'weights' must be six whole numbers from 0 to 1000, one positive")
        }
        var source = "user catalog"
        if let value = members["source"] {
            guard case .string(let text) = value else { throw DiceSetError("\(path): 'source' must be a string") }
            source = text
        }
        var alternative: [Int]?
        if let value = members["alternative_weights"] {
            guard let parsed = Self.weights(value) else {
                throw DiceSetError("\(path) (\(name)): 'alternative_weights' must be six whole numbers from 0 to 1000")
            }
            alternative = parsed
        }
        return LoadedDie(name: name, weights: weights, source: source, alternativeWeights: alternative)
    }

    private static func weights(_ value: JSONValue?) -> [Int]? {
        guard case .array(let values) = value else { return nil }
        var weights: [Int] = []
        for value in values {
            guard case .integer(let weight) = value else { return nil }
            weights.append(weight)
        }
        return LoadedDie.isValid(weights: weights) ? weights : nil
    }
}
