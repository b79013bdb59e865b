import Foundation

// A game record is read with the same strict parser as rule files and dice catalogs (no key twice, no trailing
// comma, bounded depth), and every count is bounded before anything is built from it.

extension GameRecord {
    /// Reads a game record from its JSON.
    ///
    /// - Parameters:
    ///   - json: The file's bytes.
    ///   - source: How errors name the file.
    /// - Throws: `GameRecordError` for more than `maximumFileSize` bytes, JSON that is not strict RFC 8259, a
    ///   missing or unknown key, wrong rules, or a count out of bounds. The actions are not replayed here:
    ///   `replay()` checks them against the rules.
    public init(json: Data, source: String) throws(GameRecordError) {
        guard json.count <= Self.maximumFileSize else {
            throw GameRecordError(
                source: source, problem: "is larger than \(Self.maximumFileSize) bytes, too large for a game record")
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: [UInt8](json))
        } catch {
            throw GameRecordError(source: source, problem: (error.key.map { "'\($0)' " } ?? "") + error.problem)
        }
        try self.init(root, source: source)
    }

    /// Reads a record from a parsed JSON document.
    init(_ root: JSONValue, source: String) throws(GameRecordError) {
        func fail(_ key: String?, _ problem: String) -> GameRecordError {
            GameRecordError(source: source, problem: (key.map { "'\($0)' " } ?? "") + problem)
        }
        guard case .object(let members) = root else {
            throw fail(nil, "must hold a JSON object: a game record")
        }
        let keys = ["format", "version", "rules", "players", "actions"]
        for name in members.keys.sorted() where !keys.contains(name) {
            throw fail(name, "is no key of a game record (keys: \(keys.joined(separator: ", ")))")
        }
        guard case .string(Self.formatName) = members["format"] else {
            throw fail("format", "must be \"\(Self.formatName)\": the file is no game record")
        }
        guard case .integer(Self.formatVersion) = members["version"] else {
            throw fail("version", "must be \(Self.formatVersion), the version this program reads")
        }
        switch members["rules"] {
        case .string(let name):
            guard let preset = RuleSet.presets[name] else {
                let names = RuleSet.presets.keys.sorted().joined(separator: ", ")
                throw fail("rules", "must name a preset (\(names)) or hold a rule file's object, not \"\(name)\"")
            }
            rules = preset
        case .some(let object):
            do {
                rules = try RuleSet(object, source: source)
            } catch {
                throw fail(error.key.map { "rules.\($0)" } ?? "rules", error.problem)
            }
        case nil:
            throw fail("rules", "is missing: a preset's name or a rule file's object")
        }
        guard case .array(let names) = members["players"], GameRules.playerRange.contains(names.count) else {
            throw fail("players", "must list 1 to 8 names, in seat order")
        }
        players = []
        for name in names {
            // Counted in Unicode scalars (a letter with any number of combining marks is one `Character`, and a
            // name is repeated on every line of a review); no control characters, line breaks or changes of
            // writing direction, which would garble the lines it is printed on.
            guard case .string(let text) = name, !text.isEmpty, text.unicodeScalars.count <= Self.maximumNameLength,
                !text.unicodeScalars.contains(where: Self.garbles)
            else {
                throw fail(
                    "players",
                    "must be names of 1 to \(Self.maximumNameLength) characters with no control characters, line "
                        + "breaks or changes of writing direction, not \(name.kindDescription)")
            }
            // A review, its JSON above all, names players by name ("winner": "Ann"): two seats of one name
            // could not be told apart. Names that differ only in how they are encoded (a precomposed letter or
            // one with a combining mark) are the same name, as Swift compares strings.
            guard !players.contains(text) else {
                throw fail("players", "must be different names: \(name.kindDescription) is given twice")
            }
            players.append(text)
        }
        rules.game.players = players.count
        guard case .array(let list) = members["actions"] else {
            throw fail("actions", "must be a list of actions")
        }
        guard list.count <= Self.maximumActions else {
            throw fail("actions", "has \(list.count) actions; a record holds at most \(Self.maximumActions)")
        }
        actions = []
        actions.reserveCapacity(list.count)
        for (index, value) in list.enumerated() {
            do {
                actions.append(try Self.action(value))
            } catch {
                throw fail("actions", "entry \(index + 1) \(error.problem)")
            }
        }
    }

    /// What is wrong with one entry of `actions`, said after "entry N" (`'roll' face 2 must be ...`).
    private struct ActionProblem: Error {
        let problem: String
    }

    /// The action a JSON value holds.
    ///
    /// - Throws: `ActionProblem` naming the part that is wrong: the key, the number of faces, or the face.
    private static func action(_ value: JSONValue) throws(ActionProblem) -> GameAction {
        let kinds = #"must be {"roll": [faces]}, {"keep": [faces]}, "bank", "farkle" or "take_over""#
        switch value {
        case .string("bank"): return .bank
        case .string("farkle"): return .farkle
        case .string("take_over"): return .takeOver
        case .object(let members):
            guard members.count == 1, let (kind, faces) = members.first else {
                // Keys are the user's text: quoted and cut as any string in a message, at most three of them.
                let keys = members.keys.sorted().prefix(3).map { JSONValue.string($0).kindDescription }
                let more = members.count > 3 ? " and \(members.count - 3) more" : ""
                throw ActionProblem(
                    problem: members.isEmpty
                        ? "\(kinds), not an empty object"
                        : "\(kinds): one key, not \(keys.joined(separator: ", "))\(more)")
            }
            let action: (DiceCounts) -> GameAction
            switch kind {
            case "roll": action = GameAction.roll
            case "keep": action = GameAction.keep
            default:
                throw ActionProblem(
                    problem: "\(kinds), not an object with the key \(JSONValue.string(kind).kindDescription)")
            }
            let range = 1...DiceCounts.maximumDice
            guard case .array(let list) = faces, range.contains(list.count) else {
                var found = faces.kindDescription
                if case .array(let list) = faces { found = list.isEmpty ? "an empty list" : "\(list.count) faces" }
                throw ActionProblem(
                    problem:
                        "'\(kind)' must be a list of \(range.lowerBound) to \(range.upperBound) faces, not \(found)")
            }
            var dice = DiceCounts()
            for (position, face) in list.enumerated() {
                guard case .integer(let number) = face, DiceCounts.faces.contains(number) else {
                    throw ActionProblem(
                        problem: "'\(kind)' face \(position + 1) must be a whole number from 1 to 6, not "
                            + face.kindDescription)
                }
                dice.add(number)
            }
            return action(dice)
        default: throw ActionProblem(problem: "\(kinds), not \(value.kindDescription)")
        }
    }

    /// The record as a JSON file `init(json:source:)` reads back: the whole rule set, the players, one action a
    /// line.
    public var jsonText: String {
        let rulesText = rules.jsonText.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        let lines = actions.map { action -> String in
            switch action {
            case .roll(let dice): "{\"roll\": [\(dice.faces.map(String.init).joined(separator: ", "))]}"
            case .keep(let dice): "{\"keep\": [\(dice.faces.map(String.init).joined(separator: ", "))]}"
            case .bank: "\"bank\""
            case .farkle: "\"farkle\""
            case .takeOver: "\"take_over\""
            }
        }
        return """
            {
              "format": "\(Self.formatName)",
              "version": \(Self.formatVersion),
              "rules": \(rulesText),
              "players": [\(players.map(JSONString.literal).joined(separator: ", "))],
              "actions": [\(lines.isEmpty ? "" : "\n    " + lines.joined(separator: ",\n    ") + "\n  ")]
            }

            """
    }
}

extension GameRecord: Codable {
    /// Decodes a record from any decoder, read as `init(json:source:)` reads a file.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(value, source: "")
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.problem))
        }
    }

    /// Encodes the record as `jsonText` writes it.
    public func encode(to encoder: any Encoder) throws {
        do {
            try JSONValue(parsing: Array(jsonText.utf8)).encode(to: encoder)
        } catch let error as JSONSyntaxError {
            throw EncodingError.invalidValue(
                self, .init(codingPath: encoder.codingPath, debugDescription: error.problem))
        }
    }
}
