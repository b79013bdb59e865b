import Foundation
import Testing

/// `validate`, `odds` and `table`, run as a user runs them. Expected rows are derived by hand from the rules.
@Suite("farkle-sim validate, odds and table")
struct ScoringCommandTests {
    /// A rule file of `Tests/Fixtures/rules`.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rules/\(name)").path
    }

    // MARK: - validate

    @Test(
        "validate checks 55,986 rolls with 0 disagreements and exits 0", arguments: ["standard", "house-variant.json"])
    func validate(rules: String) throws {
        let path = rules == "standard" ? rules : Self.fixture(rules)
        let result = try CommandRunner.run(["validate", "--rules", path, "--format", "csv"])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "dice,rolls_checked,disagreements,first_disagreement")
        #expect(lines.dropFirst().first == "1,6,0,")
        #expect(lines.last == "all,55986,0,")
    }

    @Test("validate prints a Markdown summary by default and JSON on request")
    func validateFormats() throws {
        let markdown = try CommandRunner.run(["validate"])
        #expect(markdown.exitStatus == 0)
        #expect(markdown.standardOutput.contains("All 55986 rolls agree."))
        let json = try CommandRunner.run(["validate", "--format", "json"])
        #expect(json.exitStatus == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["rolls_checked"] as? Int == 55_986)
        #expect(object?["disagreements"] as? Int == 0)
        #expect(object?["rules"] as? String == "standard")
    }

    // MARK: - odds

    @Test("odds CSV: exact header, and rows for 1 and 2 dice as derived by hand")
    func oddsCSV() throws {
        let result = try CommandRunner.run(["odds", "--format", "csv"])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.first == "dice,rolls,farkles,p_farkle,mean_max_score")
        // One die: 2, 3, 4, 6 farkle (4 of 6); best keeps 100 and 50, mean 25.
        // Full precision: the shortest text that reads back to the same Double.
        #expect(lines[1] == "1,6,4,0.6666666666666666,25.0")
        // Two dice: 4 x 4 farkles of 36; the singles add up, mean 2 x 25 = 50.
        #expect(lines[2] == "2,36,16,0.4444444444444444,50.0")
        // Three dice: 64 - 4 farkles (the triples of 2, 3, 4, 6 score); mean 18750 / 216.
        let three = lines[3].split(separator: ",")
        #expect(three.prefix(3) == ["3", "216", "60"])
        #expect(abs((Double(three[4]) ?? 0) - 18_750.0 / 216.0) < 1e-9)
        #expect(lines[6].hasPrefix("6,46656,"))
    }

    @Test("odds prints probabilities at full precision in CSV and JSON, 12 significant digits in Markdown")
    func oddsDigits() throws {
        let json = try CommandRunner.run(["odds", "--format", "json"])
        #expect(json.exitStatus == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let rows = object?["odds"] as? [[String: Any]]
        #expect(rows?.count == 6)
        #expect(rows?.first?["farkles"] as? Int == 4)
        #expect(rows?.first?["p_farkle"] as? Double == 4.0 / 6.0)
        #expect(json.standardOutput.contains("\"p_farkle\": 0.6666666666666666,"))
        let markdown = try CommandRunner.run(["odds"])
        #expect(markdown.standardOutput.contains("| dice | rolls | farkles |"))
        #expect(markdown.standardOutput.contains("0.444444444444"))
    }

    // MARK: - table

    @Test("table CSV: exact header, a row per multiset, empty cells beyond the dice rolled")
    func tableCSV() throws {
        let result = try CommandRunner.run(["table", "--format", "csv"])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "roll,best_1,best_2,best_3,best_4,best_5,best_6")
        #expect(lines.count == 1 + 923 + 1)  // header, 6 + 21 + 56 + 126 + 252 + 462 rolls, final newline
        #expect(lines.contains("1,100,,,,,"))
        #expect(lines.contains("15,100,150,,,,"))
        #expect(lines.contains("1111,100,200,1000,2000,,"))
        // 2 2 2 3 3 3: 0 for one or two dice, 200 for 222, 0 for four (2223, 2233 score nothing), 550, 2500.
        #expect(lines.contains("222333,0,0,300,0,550,2500"))
        #expect(lines.contains("123456,100,150,0,0,1500,1600"))
        #expect(lines.contains("233466,0,0,0,0,0,0"))
    }

    @Test("table refuses --format json")
    func tableNoJSON() throws {
        let result = try CommandRunner.run(["table", "--format", "json"])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: '--format' must be one of md, csv, not 'json'"))
    }

    // MARK: - Bad rules

    @Test(
        "a bad rules file gives exit 64, one Error line naming file and key, and nothing on stdout",
        arguments: ["validate", "odds", "table"])
    func badRules(command: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data(#"{"game": {"players": 9}}"#.utf8).write(to: file)
        let result = try CommandRunner.run([command, "--rules", file.path])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        let errorLines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errorLines == ["Error: \(file.path): 'game.players' must be from 1 to 8, not 9"])
    }

    @Test("--help explains each command's output", arguments: ["validate", "odds", "table"])
    func help(command: String) throws {
        let result = try CommandRunner.run([command, "--help"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.contains("--format <format>"))
        #expect(result.standardOutput.contains("--rules <rules>"))
        let explains = ["validate": "55,986", "odds": "p_farkle", "table": "best_k"]
        #expect(result.standardOutput.contains(explains[command] ?? "?"))
    }
}
