import FarkleKit
import Foundation
import Testing

@Suite("farkle-sim review: a recorded game beside best play")
struct ReviewCommandTests {
    /// A game of Ann and Ben to 1,000 with only 1s scoring (`ones-race.json`): Ann keeps one 1 of two and banks
    /// 100 (best play keeps both and banks 200), Ben banks a three-1s turn, Ann farkles.
    static let record = """
        {
          "format": "farkle-sim game",
          "version": 1,
          "rules": \(rulesText),
          "players": ["Ann", "Ben"],
          "actions": [{"roll": [1, 1, 2, 3, 4, 6]}, {"keep": [1]}, "bank",
            {"roll": [1, 1, 1, 2, 3, 4]}, {"keep": [1, 1, 1]}, "bank", {"roll": [2, 2, 3, 4, 6, 6]}]
        }
        """

    static let rulesText: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rules/ones-race.json")
        return (try? String(contentsOf: path, encoding: .utf8)) ?? "null"
    }()

    /// Writes `text` to a fresh folder and returns the file's path.
    static func write(_ text: String, name: String = "game.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-cli-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("Markdown: the result, each player's game and every decision with what it cost")
    func markdown() throws {
        let path = try Self.write(Self.record)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let result = try CommandRunner.run(["review", path, "--points-only"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let text = result.standardOutput
        #expect(text.hasPrefix("# Game review: Ann, Ben under ones-race\n"))
        #expect(text.contains("Not finished: round 2, Ben to play. Totals: Ann 100, Ben 300."))
        // Ann lost 100 points: best play banks 200 (brute force in GameReviewTests).
        #expect(text.contains("| Ann    |   100 |     2 |    100 |       1 |"))
        #expect(text.contains("| Ann    |           0 | 1 1 2 3 4 6 | 1     | bank | 1 1       | bank |       100.0 |"))
        #expect(!text.contains("Win chance"))
    }

    @Test("names print as typed: Markdown escapes what it would read as markup, CSV and JSON keep them as they are")
    func namesWithMarkup() throws {
        let record = Self.record.replacingOccurrences(
            of: #"["Ann", "Ben"]"#, with: ##"["*Ann* <b>x</b> | [y](z)", "# Ben_1"]"##)
        let path = try Self.write(record)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let markdown = try CommandRunner.run(["review", path, "--points-only"])
        #expect(markdown.exitStatus == 0, "\(markdown.standardError)")
        let text = markdown.standardOutput
        let ann = #"\*Ann\* \<b\>x\</b\> | \[y\](z)"#
        #expect(text.hasPrefix(##"# Game review: "## + ann + ##", \# Ben\_1 under ones-race"## + "\n"), "\(text)")
        // A leading # is escaped wherever the name stands: in "# Ben_1 won in round 3." it would start a heading.
        #expect(
            text.contains(##"Not finished: round 2, \# Ben\_1 to play. Totals: "## + ann + ##" 100, \# Ben\_1 300."##))
        // In a table the | is escaped once, by the table.
        #expect(text.contains("| " + ann.replacingOccurrences(of: "|", with: #"\|"#) + " |   100 |"), "\(text)")
        let json = try CommandRunner.run(["review", path, "--points-only", "--format", "json"])
        #expect(json.standardOutput.contains(#""name": "*Ann* <b>x</b> | [y](z)""#), "\(json.standardOutput)")
        let csv = try CommandRunner.run(["review", path, "--points-only", "--format", "csv"])
        #expect(csv.standardOutput.contains(",# Ben_1,"), "\(csv.standardOutput)")
    }

    @Test("CSV and JSON at full precision; with two players the chance to win is reviewed too")
    func csvAndJSON() throws {
        let path = try Self.write(Self.record)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let csv = try CommandRunner.run(["review", path, "--format", "csv", "--quiet"])
        #expect(csv.exitStatus == 0, "\(csv.standardError)")
        let rows = csv.standardOutput.split(separator: "\n")
        #expect(rows.count == 3)
        #expect(rows[0].hasPrefix("action,round,player,turn_points,roll,kept,then,best_keep,best_then,objective,"))
        #expect(rows[1].hasPrefix("2,1,Ann,0,1 1 2 3 4 6,1,bank,1 1,bank,expected points,100.0,200.0,100.0,"))
        let json = try CommandRunner.run(["review", path, "--format", "json", "--quiet"])
        #expect(json.exitStatus == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let players = try #require(object["players"] as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == ["Ann", "Ben"])
        #expect(players[1]["total"] as? Int == 300)
        let decisions = try #require(object["decisions"] as? [[String: Any]])
        let win = try #require(decisions.first?["win"] as? [String: Double])
        #expect((win["lost"] ?? 0) > 0 && (win["best"] ?? 2) <= 1)
    }

    @Test(
        "three players racing without a final round: the chance to win is reviewed from the three-player game, the library's advice at the same totals"
    )
    func threePlayers() throws {
        // Ann, Ben and Cy race to 1,000 with only 1s scoring, no final round; Ann banks 100, Ben 300, then Cy keeps
        // one 1 of two at 0 against 100 and 300.
        let rules = Self.rulesText.replacingOccurrences(
            of: "\"target\": 1000", with: "\"target\": 1000, \"players\": 3, \"final_round\": false")
        let record = """
            {
              "format": "farkle-sim game",
              "version": 1,
              "rules": \(rules),
              "players": ["Ann", "Ben", "Cy"],
              "actions": [{"roll": [1, 2, 2, 3, 4, 6]}, {"keep": [1]}, "bank",
                {"roll": [1, 1, 1, 2, 3, 4]}, {"keep": [1, 1, 1]}, "bank",
                {"roll": [1, 1, 2, 3, 4, 6]}, {"keep": [1]}, "bank"]
            }
            """
        let path = try Self.write(record)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let json = try CommandRunner.run(["review", path, "--format", "json", "--no-cache"])
        #expect(json.exitStatus == 0, "\(json.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let decisions = try #require(object["decisions"] as? [[String: Any]])
        #expect(decisions.count == 3)
        let cy = try #require(decisions.last?["win"] as? [String: Double])
        // The library's advice to Cy: at 0 against Ann's 100 (next to play) and Ben's 300.
        let set = try RuleSet(json: Data(rules.utf8), source: "trio")
        let table = ScoringTable(rules: set)
        var situation = TurnSituation(roll: DiceCounts(faces: [1, 1, 2, 3, 4, 6]))
        situation.myScore = 0
        situation.opponentScores = [100, 300]
        let advice = try #require(
            try Advisor(table: table, game: try Advisor.solveGame(for: table)).advice(for: situation).win)
        let best = try #require(advice.options.first?.value)
        #expect(abs(try #require(cy["best"]) - best) < 1e-15, "\(cy)")
        // Kept one 1 and banked: less than the best (keep both, bank 200, or roll on).
        #expect(try #require(cy["lost"]) > 0)
    }

    @Test("--out writes the review; an unwritable one exits 1 and leaves nothing")
    func out() throws {
        let path = try Self.write(Self.record)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let out = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("review.md").path
        let result = try CommandRunner.run(["review", path, "--points-only", "--out", out])
        #expect(result.exitStatus == 0 && result.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("# Game review"))
        let bad = try CommandRunner.run(["review", path, "--points-only", "--out", "/nonexistent/review.md"])
        #expect(bad.exitStatus == 1 && bad.standardError.hasPrefix("Error: "))
        // The record itself, by another spelling of its path: refused, and the record kept.
        let again = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("./game.json").path
        let itself = try CommandRunner.run(["review", path, "--points-only", "--out", again])
        #expect(itself.exitStatus == 64, "\(itself.standardError)")
        #expect(itself.standardError.hasPrefix("Error: '--out' names the game record itself"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.record)
    }

    @Test(
        "a record the rules refuse, or no record at all, is one Error line and exit 64",
        arguments: [
            (
                record.replacingOccurrences(of: "{\"keep\": [1]}, \"bank\"", with: "{\"keep\": [2]}"),
                "action 2 (keep 2): 2 is no keep of the roll 1 1 2 3 4 6"
            ),
            (record.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7"), "'version' must be 1"),
            ("{", "game.json: "),
            ("", "game.json: "),
        ])
    func refusals(text: String, expected: String) throws {
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let result = try CommandRunner.run(["review", path])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Error: ") == true && lines.first?.contains(expected) == true, "\(lines)")
        #expect(lines.count(where: { $0.hasPrefix("Error:") }) == 1)
    }

    @Test("--no-cache is refused where nothing is solved to win: a game of one player is reviewed by points alone")
    func noCacheWithoutWin() throws {
        let solo = Self.record.replacingOccurrences(of: "[\"Ann\", \"Ben\"]", with: "[\"Ann\"]")
        let path = try Self.write(solo)
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
        let refused = try CommandRunner.run(["review", path, "--no-cache"])
        #expect(refused.exitStatus == 64 && refused.standardOutput.isEmpty)
        #expect(
            refused.standardError.hasPrefix(
                "Error: '--no-cache' is for the game solved to win; a game of 1 player under rules 'ones-race' is "
                    + "reviewed by points alone\n"), "\(refused.standardError)")
        let reviewed = try CommandRunner.run(["review", path])
        #expect(reviewed.exitStatus == 0, "\(reviewed.standardError)")
    }

    @Test("no file, a missing file, a directory: one Error line and exit 64")
    func missing() throws {
        for arguments in [["review"], ["review", "/nonexistent/game.json"], ["review", "/tmp"]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.exitStatus == 64, "\(arguments)")
            #expect(result.standardError.hasPrefix("Error: "), "\(arguments)")
        }
        let help = try CommandRunner.run(["review", "--help"])
        #expect(help.exitStatus == 0 && help.standardOutput.contains("USAGE: farkle-sim review <game>"))
        #expect(help.standardOutput.contains("ARGUMENTS:"))
    }
}
