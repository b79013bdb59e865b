import Foundation
import Testing

@testable import FarkleKit

@Suite("Rule sets from JSON: loading, errors, round trip")
struct RuleSetJSONTests {
    /// Writes `json` to a fresh file named `name` and returns its path.
    private static func write(_ json: String, name: String = "rules.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(json.utf8).write(to: file)
        return file.path
    }

    /// Removes the folder `write` made for `path`.
    private static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    /// The rule set loaded from `json` written to a file, which is removed afterwards.
    private static func loaded(_ json: String) throws -> RuleSet {
        let path = try write(json)
        defer { remove(path) }
        return try RuleSet.load(path)
    }

    /// The error that loading `json` from a file raises, or `nil` when it loads.
    private static func loadError(_ json: String) throws -> RuleSetError? {
        let path = try write(json)
        defer { remove(path) }
        do {
            _ = try RuleSet.load(path)
            return nil
        } catch {
            #expect(error.source == path)
            #expect(error.description.hasPrefix(path + ": "))
            #expect(!error.description.contains("\n"))
            return error
        }
    }

    // MARK: - Loading

    @Test("the preset name 'standard' loads the standard rules")
    func preset() throws {
        #expect(try RuleSet.load("standard") == .standard)
    }

    @Test("a file lists only what differs from standard; the file name is the default name")
    func partialFile() throws {
        let path = try Self.write(#"{"game": {"players": 4}}"#, name: "four-players.json")
        defer { Self.remove(path) }
        let rules = try RuleSet.load(path)
        var expected = RuleSet.standard
        expected.name = "four-players"
        expected.game.players = 4
        #expect(rules == expected)
    }

    @Test("the house-variant fixture reads every kind of value")
    func fixture() throws {
        let rules = try Fixtures.rules("house-variant.json")
        #expect(rules.name == "house-variant")
        #expect(rules.combinations.singleOne == 100)
        #expect(rules.combinations.threeOfAKind == [300, 200, 300, 400, 500, 600])
        #expect(rules.combinations.fourOfAKind == .linear)
        #expect(rules.combinations.fiveOfAKind == .doubling)
        #expect(rules.combinations.fullHouse == .flat(1500))
        #expect(rules.combinations.fullMansion == nil)
        #expect(rules.combinations.threePairsAlso == [.fourAndPair, .sixOfAKind])
        #expect(rules.combinations.twoTripletsIncludeSixOfAKind)
        #expect(rules.combinations.smallStraight == nil)
        #expect(rules.turn.bankingDiceLeft == [1, 2, 3])
        #expect(rules.turn.minimumBank == 300)
        #expect(rules.game.players == 3 && rules.game.end == .target(5000, finalRound: true))
    }

    // MARK: - Round trip

    @Test("jsonText parses back to an equal rule set", arguments: ["standard", "house-variant.json", "sparse.json"])
    func roundTrip(source: String) throws {
        let rules = source == "standard" ? RuleSet.standard : try Fixtures.rules(source)
        let parsed = try RuleSet(json: Data(rules.jsonText.utf8), source: "round trip")
        #expect(parsed == rules)
    }

    @Test("every non-default turn and game rule survives the round trip")
    func roundTripTurnAndGame() throws {
        var rules = RuleSet.standard
        rules.name = "everything"
        rules.combinations.fullHouse = .off
        rules.combinations.sixOfAKind = .off
        rules.turn = TurnRules(
            bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, minimumBank: 350, sixDiceFarkle: nil,
            sixDiceFarkleOnEveryRoll: true, threeFarklePenalty: 1000)
        rules.game = GameRules(players: 8, target: 4000, finalRound: false, entryMinimum: 500, sixOnesWin: false)
        let parsed = try RuleSet(json: Data(rules.jsonText.utf8), source: "round trip")
        #expect(parsed == rules)
    }

    @Test("a penalty of the whole total reads as \"whole_total\" and round-trips; another word is refused by name")
    func wholeTotalPenalty() throws {
        let rules = try Self.loaded(#"{"turn": {"three_farkle_penalty": "whole_total"}}"#)
        #expect(rules.turn.threeFarklePenalty == .wholeTotal)
        #expect(rules.jsonText.contains(#""three_farkle_penalty": "whole_total""#))
        #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "round trip") == rules)
        let error = try Self.loadError(#"{"turn": {"three_farkle_penalty": "total"}}"#)
        #expect(error?.key == "turn.three_farkle_penalty")
        #expect(error?.problem.contains("\"whole_total\" to lose the whole total") == true)
    }

    @Test("a file name that is no valid rule name still gives a rule set that round-trips")
    func fileNameWithSpaces() throws {
        let path = try Self.write(#"{"game": {"target": 8000}}"#, name: "house rules (2024).json")
        defer { Self.remove(path) }
        let rules = try RuleSet.load(path)
        #expect(rules.name == "house-rules-2024")
        let parsed = try RuleSet(json: Data(rules.jsonText.utf8), source: "round trip")
        #expect(parsed == rules)
        #expect(RuleSet.ruleName(fromFileName: "(((") == "custom")
    }

    // MARK: - Errors

    @Test("a missing file names the path and says it is no preset either")
    func missingFile() {
        let path = "/nonexistent/folder/rules.json"
        #expect(throws: RuleSetError.self) { try RuleSet.load(path) }
        do {
            _ = try RuleSet.load(path)
        } catch {
            #expect(
                error.description
                    == "\(path): no such rule file, and not a preset (presets: boxed, cardgames, facebook, farkleten, five-thousand, kcd, standard, zilch)"
            )
        }
    }

    @Test("bad JSON names the file, the key and the place")
    func badJSON() throws {
        let error = try Self.loadError(#"{"turn": {"minimum_bank": 300,}"#)
        #expect(error?.key == "turn.minimum_bank")
        #expect(error?.problem == "is followed by a trailing comma before '}' (line 1, column 31)")
        let unclosed = try Self.loadError(#"{"turn": {"minimum_bank": 300}"#)
        #expect(unclosed?.key == "turn")
        #expect(unclosed?.problem.hasPrefix("is not valid JSON: an object is not closed") == true)
    }

    @Test("a key given twice in one object is an error naming it, wherever it is")
    func duplicateKeys() throws {
        let nested = try Self.loadError(#"{"combinations": {"single_one": 100, "single_one": 200}}"#)
        #expect(nested?.key == "combinations.single_one")
        #expect(nested?.problem.hasPrefix("is given twice in one object") == true)
        let top = try Self.loadError("{\"game\": {},\n \"game\": {\"players\": 3}}")
        #expect(top?.key == "game")
        #expect(top?.problem == "is given twice in one object (line 2, column 8)")
    }

    @Test("a trailing comma in a list names the list")
    func trailingCommaInList() throws {
        let error = try Self.loadError(#"{"turn": {"bank_with_dice_left": [1, 2,]}}"#)
        #expect(error?.key == "turn.bank_with_dice_left")
        #expect(error?.problem.hasPrefix("has a trailing comma before ']'") == true)
    }

    @Test("JSON nested deeper than a rule file may be is 'nested too deeply', not 'not valid JSON'")
    func nestedTooDeeply() throws {
        let depth = JSONValue.maximumDepth + 1
        for document in [
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            String(repeating: #"{"a": "#, count: 5_000) + "1" + String(repeating: "}", count: 5_000),
        ] {
            let error = try Self.loadError(document)
            #expect(error?.key == nil)
            #expect(error?.problem.hasPrefix("is nested too deeply (more than 32 levels") == true)
        }
        let allowed = JSONValue.maximumDepth
        let deepest = String(repeating: "[", count: allowed) + String(repeating: "]", count: allowed)
        #expect(try Self.loadError(deepest)?.problem == "must hold a JSON object of rules")
    }

    @Test("a rule file larger than the limit is refused before it is parsed")
    func sizeLimit() throws {
        // Half a megabyte of spaces, then an unknown key: refused for its size, not for the key.
        let large = "{" + String(repeating: " ", count: 500_000) + #""colour": 1}"#
        let clock = ContinuousClock()
        let start = clock.now
        let error = try Self.loadError(large)
        #expect(clock.now - start < .seconds(2))
        #expect(error?.problem.hasPrefix("is larger than \(RuleSet.maximumFileSize) bytes") == true)
        let fits = "{" + String(repeating: " ", count: RuleSet.maximumFileSize - 2) + "}"
        #expect(try Self.loadError(fits) == nil)
    }

    @Test("an empty path says so instead of naming an empty file")
    func emptyPath() {
        let error = #expect(throws: RuleSetError.self) { try RuleSet.load("") }
        #expect(
            error?.description
                == "the rules are an empty path: name a preset (boxed, cardgames, facebook, farkleten, five-thousand, kcd, standard, zilch) or a rule file"
        )
    }

    @Test("a file that holds no object says so")
    func notAnObject() throws {
        #expect(try Self.loadError("[1, 2]")?.problem == "must hold a JSON object of rules")
    }

    @Test("an unknown top-level key is named")
    func unknownTopLevelKey() throws {
        let error = try Self.loadError(#"{"colour": "red"}"#)
        #expect(error?.key == "colour")
        #expect(error?.problem.hasPrefix("is not a rule (known here: name, base, combinations, turn, game)") == true)
    }

    @Test("an unknown nested key is named with its section")
    func unknownNestedKey() throws {
        let error = try Self.loadError(#"{"combinations": {"single_two": 20}}"#)
        #expect(error?.key == "combinations.single_two")
        let turn = try Self.loadError(#"{"turn": {"bank_with": [1]}}"#)
        #expect(turn?.key == "turn.bank_with")
        #expect(turn?.description.contains("'turn.bank_with' is not a rule") == true)
    }

    @Test("a negative value is named with the allowed range")
    func negativeValue() throws {
        let error = try Self.loadError(#"{"turn": {"minimum_bank": -50}}"#)
        #expect(error?.key == "turn.minimum_bank")
        #expect(error?.problem == "must be from 0 to 1000000, not -50")
        let points = try Self.loadError(#"{"combinations": {"single_one": -100}}"#)
        #expect(points?.key == "combinations.single_one")
        #expect(points?.problem.hasSuffix("or null to switch it off, not -100") == true)
        let triple = try Self.loadError(#"{"combinations": {"three_of_a_kind": [1000, 200, -300, 400, 500, 600]}}"#)
        #expect(triple?.key == "combinations.three_of_a_kind[2]")
    }

    @Test("impossible values: banking with six dice left, nine players")
    func impossibleValues() throws {
        let banking = try Self.loadError(#"{"turn": {"bank_with_dice_left": [6]}}"#)
        #expect(banking?.key == "turn.bank_with_dice_left")
        #expect(banking?.problem.hasPrefix("must list dice counts from 1 to 5, not 6") == true)
        let players = try Self.loadError(#"{"game": {"players": 9}}"#)
        #expect(players?.key == "game.players")
        #expect(players?.problem == "must be from 1 to 8, not 9")
    }

    @Test("a list that names a value twice is refused, naming the value: a slip is said, not merged")
    func duplicatesInLists() throws {
        let banking = try Self.loadError(#"{"turn": {"bank_with_dice_left": [1, 2, 1]}}"#)
        #expect(banking?.key == "turn.bank_with_dice_left")
        #expect(banking?.problem == "lists 1 twice")
        let patterns = try Self.loadError(
            #"{"combinations": {"three_pairs_also": ["four_and_pair", "four_and_pair"]}}"#)
        #expect(patterns?.key == "combinations.three_pairs_also")
        #expect(patterns?.problem == #"lists "four_and_pair" twice"#)
        let faces = try Self.loadError(#"{"combinations": {"counting_faces": ["three_pairs", "three_pairs"]}}"#)
        #expect(faces?.key == "combinations.counting_faces")
        #expect(faces?.problem == #"lists "three_pairs" twice"#)
        // Each value once is read as before.
        let once = try Self.loaded(#"{"turn": {"bank_with_dice_left": [2, 1]}}"#)
        #expect(once.turn.bankingDiceLeft == [1, 2])
    }

    @Test("values of the wrong type are named with what was found")
    func wrongTypes() throws {
        let players = try Self.loadError(#"{"game": {"players": "two"}}"#)
        #expect(players?.key == "game.players")
        #expect(players?.problem == #"must be a whole number, not "two""#)
        let fraction = try Self.loadError(#"{"game": {"target": 2.5}}"#)
        #expect(fraction?.problem == "must be a whole number written in digits alone (no '.', 'e' or 'E'), not 2.5")
        // 1e3 is a thousand, but written as a number with an exponent: the message says how to write it.
        let exponent = try Self.loadError(#"{"game": {"target": 1e3}}"#)
        #expect(exponent?.problem == "must be a whole number written in digits alone (no '.', 'e' or 'E'), not 1e3")
        // Quoted as written: "2.50" is not shortened to 2.5, nor 1E+2 turned into 100.0.
        let written = try Self.loadError(#"{"game": {"target": 1E+2}}"#)
        #expect(written?.problem == "must be a whole number written in digits alone (no '.', 'e' or 'E'), not 1E+2")
        let zeros = try Self.loadError(#"{"game": {"target": 2.50}}"#)
        #expect(zeros?.problem == "must be a whole number written in digits alone (no '.', 'e' or 'E'), not 2.50")
        let flag = try Self.loadError(#"{"game": {"final_round": "yes"}}"#)
        #expect(flag?.problem == #"must be true or false, not "yes""#)
        let number = try Self.loadError(#"{"game": {"final_round": 1}}"#)
        #expect(number?.problem == "must be true or false, not 1")
        let section = try Self.loadError(#"{"turn": [1, 2]}"#)
        #expect(section?.key == "turn")
        #expect(section?.problem == "must be an object, not a list")
        let ofAKind = try Self.loadError(#"{"combinations": {"four_of_a_kind": "triple"}}"#)
        #expect(ofAKind?.key == "combinations.four_of_a_kind")
        let fullHouse = try Self.loadError(#"{"combinations": {"full_house": {"plus": 250}}}"#)
        #expect(fullHouse?.key == "combinations.full_house.plus")
        let base = try Self.loadError(#"{"base": "yahtzee"}"#)
        #expect(base?.key == "base")
    }
}
