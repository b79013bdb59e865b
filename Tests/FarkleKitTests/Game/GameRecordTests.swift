import Foundation
import Testing

@testable import FarkleKit

@Suite("A game record: its JSON file, read strictly, and its replay")
struct GameRecordTests {
    private static let text = """
        {
          "format": "farkle-sim game",
          "version": 1,
          "rules": "standard",
          "players": ["Ann", "Ben \\"B\\""],
          "actions": [{"roll": [1, 5, 2, 3, 3, 6]}, {"keep": [1, 5]}, {"roll": [5, 2, 2, 4]}, {"keep": [5]},
            {"roll": [1, 2, 3]}, {"keep": [1]}, "bank", {"keep": [5]}, {"roll": [2, 2, 3, 4, 6]}]
        }
        """

    private static func read(_ text: String) throws(GameRecordError) -> GameRecord {
        try GameRecord(json: Data(text.utf8), source: "game.json")
    }

    /// The problem reading `text` reports, without the file name.
    private static func problem(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            #expect(error.description.hasPrefix("game.json: "))
            return error.problem
        }
    }

    @Test("a record reads, replays to its totals, and writes a file that reads back the same")
    func roundTrip() throws {
        let record = try Self.read(Self.text)
        #expect(record.rules == .standard && record.players == ["Ann", "Ben \"B\""] && record.actions.count == 9)
        let state = try record.replay()
        #expect(state.players.map(\.total) == [300, 0] && state.seat == 0 && state.round == 2)
        let again = try Self.read(record.jsonText)
        #expect(again == record)
        // Codable: any coder, through the same reader.
        let decoded = try JSONDecoder().decode(GameRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
    }

    @Test("a rule file's object is read as a rule file is, with its errors under 'rules.'")
    func rulesObject() throws {
        let custom = Self.text.replacingOccurrences(
            of: "\"rules\": \"standard\"", with: "\"rules\": {\"base\": \"kcd\", \"game\": {\"target\": 1000}}")
        let record = try Self.read(custom)
        #expect(record.rules.game.end == .target(1_000, finalRound: false))
        let wrong = Self.text.replacingOccurrences(
            of: "\"rules\": \"standard\"", with: "\"rules\": {\"turn\": {\"minimum_bank\": -50}}")
        #expect(Self.problem(wrong)?.hasPrefix("'rules.turn.minimum_bank' ") == true)
        let unknown = Self.text.replacingOccurrences(of: "\"rules\": \"standard\"", with: "\"rules\": \"house\"")
        #expect(Self.problem(unknown)?.hasPrefix("'rules' must name a preset") == true)
    }

    @Test("what is not a record is refused with the key and what to fix")
    func refusals() {
        let cases: [(String, String)] = [
            ("[]", "must hold a JSON object: a game record"),
            (Self.text.replacingOccurrences(of: "farkle-sim game", with: "chess"), "'format' must be"),
            (Self.text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"), "'version' must be 1"),
            (Self.text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 1, \"version\": 1"), ""),
            (
                Self.text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 1, \"extra\": 1"),
                "'extra' is no key"
            ),
            (
                Self.text.replacingOccurrences(of: "[\"Ann\", \"Ben \\\"B\\\"\"]", with: "[]"),
                "'players' must list 1 to 8"
            ),
            (Self.text.replacingOccurrences(of: "\"Ann\"", with: "\"\""), "'players' must be names"),
            (Self.text.replacingOccurrences(of: "\"Ann\"", with: "\"A\\u0007\""), "'players' must be names"),
            // A review names players by name: two seats of one name could not be told apart. "Zoë" precomposed
            // and "Zoë" with a combining diaeresis are one name.
            (
                Self.text.replacingOccurrences(of: "[\"Ann\", \"Ben \\\"B\\\"\"]", with: "[\"Ann\", \"Ann\"]"),
                "'players' must be different names: \"Ann\" is given twice"
            ),
            (
                Self.text.replacingOccurrences(
                    of: "[\"Ann\", \"Ben \\\"B\\\"\"]", with: "[\"Zo\u{00EB}\", \"Ben\", \"Zoe\u{0308}\"]"),
                "'players' must be different names"
            ),
            (Self.text.replacingOccurrences(of: "\"bank\"", with: "\"pass\""), "'actions' entry 7 must be"),
            (
                Self.text.replacingOccurrences(of: "{\"keep\": [1]}", with: "{\"keep\": [1, \"5\"]}"),
                "'actions' entry 6 'keep' face 2 must be a whole number from 1 to 6, not \"5\""
            ),
            (
                Self.text.replacingOccurrences(of: "{\"keep\": [1]}", with: "{\"hold\": [1]}"),
                "'actions' entry 6 must be {\"roll\": [faces]}, {\"keep\": [faces]}, \"bank\", \"farkle\" or \"take_over\", not an object "
                    + "with the key \"hold\""
            ),
            (
                Self.text.replacingOccurrences(of: "{\"keep\": [1]}", with: "{\"keep\": 1}"),
                "'actions' entry 6 'keep' must be a list of 1 to 6 faces, not 1"
            ),
            (
                Self.text.replacingOccurrences(of: "{\"keep\": [1]}", with: "{\"keep\": [7]}"),
                "'actions' entry 6 'keep' face 1 must be a whole number from 1 to 6, not 7"
            ),
            (
                Self.text.replacingOccurrences(of: "{\"keep\": [1]}", with: "{\"keep\": []}"),
                "'actions' entry 6 'keep' must be a list of 1 to 6 faces, not an empty list"
            ),
            (
                Self.text.replacingOccurrences(of: "{\"keep\": [1]}", with: "{\"keep\": [1], \"roll\": [1]}"),
                "'actions' entry 6 must be {\"roll\": [faces]}, {\"keep\": [faces]}, \"bank\", \"farkle\" or \"take_over\": one key, "
                    + "not \"keep\", \"roll\""
            ),
            (
                Self.text.replacingOccurrences(of: "{\"keep\": [1]}", with: "{\"keep\": [1, 1, 1, 1, 1, 1, 1]}"),
                "'actions' entry 6 'keep' must be a list of 1 to 6 faces, not 7 faces"
            ),
        ]
        for (text, expected) in cases {
            let problem = Self.problem(text)
            #expect(problem != nil, "\(expected)")
            #expect(problem?.contains(expected) == true || expected.isEmpty, "\(problem ?? "read") for \(expected)")
        }
        let large = Data(count: GameRecord.maximumFileSize + 1)
        #expect(throws: GameRecordError.self) { try GameRecord(json: large, source: "big.json") }
        // 50,001 actions fit in the file size (about 7 bytes each) but not in a record, so no review runs for minutes.
        let bank = String(repeating: "\"bank\", ", count: 50_000) + "\"bank\""
        let many =
            #"{"format": "farkle-sim game", "version": 1, "rules": "standard", "players": ["Ann"], "actions": ["#
            + bank + "]}"
        #expect(many.utf8.count < GameRecord.maximumFileSize)
        #expect(Self.problem(many)?.contains("has 50001 actions; a record holds at most 50000") == true)
    }

    @Test("replay names the first action the rules refuse, counted from 1")
    func replayError() throws {
        var record = try Self.read(Self.text)
        record.actions.insert(.bank, at: 2)
        #expect(
            throws: GameRecordError(
                problem: "action 3 (bank): the rules 'standard' do not allow banking with 4 dice to roll")
        ) {
            try record.replay()
        }
        record.players = Array(repeating: "P", count: 9)
        #expect(throws: GameRecordError.self) { try record.replay() }
    }
}
