import Foundation
import Testing

@Suite("farkle-sim rules and the presets on every command")
struct RulesCommandTests {
    static let presets = ["standard", "zilch", "facebook", "boxed", "cardgames", "farkleten", "kcd", "five-thousand"]

    /// Writes `text` to a fresh file and returns its path.
    private static func write(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-cli-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("preset.json")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("'rules' lists the six presets, one line each: name, then a description")
    func list() throws {
        let result = try CommandRunner.run(["rules"])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.map { String($0.prefix { $0 != " " }) } == Self.presets)
        for line in lines { #expect(line.split(separator: " ").count > 3, "\(line)") }
    }

    @Test("'rules --show' prints a complete rule file: every key of every section", arguments: presets)
    func showIsComplete(name: String) throws {
        let result = try CommandRunner.run(["rules", "--show", name])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        #expect(json["name"] as? String == name)
        #expect(Set(json.keys) == ["name", "combinations", "turn", "game"])
        // The keys of a rule file, as the README documents them.
        let combinations = try #require(json["combinations"] as? [String: Any])
        #expect(combinations.count == 16)
        let turn = try #require(json["turn"] as? [String: Any])
        let turnKeys: Set<String> = [
            "bank_with_dice_left", "hot_dice_mandatory", "minimum_bank", "six_dice_farkle", "six_dice_farkle_on",
            "three_farkle_penalty",
        ]
        // A game of five dice says so; six is written only by leaving the key out.
        #expect(Set(turn.keys) == turnKeys.union(name == "five-thousand" ? ["dice"] : []))
        if name == "five-thousand" { #expect(turn["dice"] as? Int == 5) }
        let game = try #require(json["game"] as? [String: Any])
        let end: Set<String> =
            name == "farkleten"
            ? ["rounds", "extra_rounds_on_tie", "highest_turn_breaks_tie"] : ["target", "final_round"]
        #expect(Set(game.keys) == end.union(["players", "entry_minimum", "six_ones"]))
    }

    @Test("a preset's rule file gives the same scoring table and the same solve as the preset", arguments: presets)
    func roundTrip(name: String) throws {
        let file = try Self.write(try CommandRunner.run(["rules", "--show", name]).standardOutput)
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        for command in [["table", "--format", "csv"], ["solve", "--format", "json"], ["odds", "--format", "json"]] {
            let fromPreset = try CommandRunner.run(command + ["--rules", name])
            let fromFile = try CommandRunner.run(command + ["--rules", file])
            #expect(fromPreset.exitStatus == 0 && fromFile.exitStatus == 0)
            #expect(!fromPreset.standardOutput.isEmpty)
            #expect(fromFile.standardOutput == fromPreset.standardOutput, "\(command[0]) --rules \(name)")
        }
    }

    @Test("an unknown preset name is a usage error: Error line, usage, exit 64, nothing on stdout")
    func unknownPreset() throws {
        let result = try CommandRunner.run(["rules", "--show", "yahtzee"])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: '--show' must name a preset"))
        #expect(result.standardError.contains("yahtzee"))
        #expect(result.standardError.contains("Usage: farkle-sim rules"))
    }

    // MARK: - Every command takes every preset

    @Test("validate passes on every preset: 55,986 rolls, 0 disagreements", arguments: presets)
    func validate(name: String) throws {
        let result = try CommandRunner.run(["validate", "--rules", name, "--format", "json"])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        #expect(json["rules"] as? String == name)
        #expect(json["rolls_checked"] as? Int == 55_986)
        #expect(json["disagreements"] as? Int == 0)
    }

    @Test("odds, table and advise run on every preset", arguments: presets)
    func otherCommands(name: String) throws {
        for command in [["odds"], ["table"], ["advise", "--dice", "1,5,2,3"]] {
            let result = try CommandRunner.run(command + ["--rules", name])
            #expect(result.exitStatus == 0, "\(command[0]) --rules \(name)")
            #expect(result.standardError.isEmpty)
            #expect(result.standardOutput.contains(name))
        }
    }

    @Test(
        "solve prints a threshold for every dice count (1 to 6, to 5 in five-thousand) where hot dice may be banked; zilch's 6 is null"
    )
    func solveThresholds() throws {
        for name in Self.presets where name != "standard" {
            let json = try jsonObject(
                CommandRunner.run(["solve", "--rules", name, "--format", "json", "--max-points", "0"]))
            let thresholds = try #require(json["bank_thresholds"] as? [String: Any])
            let all = name == "five-thousand" ? 5 : 6
            #expect(thresholds.keys.sorted() == (1...all).map(String.init), "\(name)")
            for dice in 1..<all { #expect(thresholds["\(dice)"] is Int, "\(name), \(dice) dice") }
            if name == "zilch" {
                #expect(thresholds["6"] is NSNull)
            } else {
                #expect(thresholds["\(all)"] is Int, "\(name)")
            }
        }
    }

    @Test("zilch: a later roll of six dice with no keep scores 500 (advise)")
    func zilchAdvise() throws {
        let json = try jsonObject(
            CommandRunner.run([
                "advise", "--rules", "zilch", "--dice", "2,3,3,4,6,6", "--turn-points", "300", "--format", "json",
            ]))
        let sixDice = try #require(json["six_dice_farkle"] as? [String: Any])
        #expect(sixDice["points"] as? Int == 500)
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["turn_points"] as? Int == 800)
        #expect(decision["dice_left"] as? Int == 6)
    }
}
