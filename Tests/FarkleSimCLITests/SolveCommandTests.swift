import Foundation
import Testing

/// A rule file of `Tests/Fixtures/rules`.
func fixtureRules(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rules/\(name)").path
}

/// Parses stdout as a JSON object.
func jsonObject(_ result: CommandResult) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return try #require(object as? [String: Any])
}

@Suite("farkle-sim solve")
struct SolveCommandTests {
    @Test("JSON has the expected turn score and thresholds for 1 and 2 dice on standard")
    func standardJSON() throws {
        let result = try CommandRunner.run(["solve", "--format", "json", "--max-points", "500"])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        let expected = try #require(json["expected_turn_score"] as? Double)
        #expect(expected > 0)
        let thresholds = try #require(json["bank_thresholds"] as? [String: Int])
        #expect(thresholds.keys.sorted() == ["1", "2"])
        let values = try #require(json["values"] as? [[String: Any]])
        #expect(values.count == 11 * 6)
        // Each threshold is where the table's decision for that dice count turns to bank for good.
        for (dice, threshold) in thresholds {
            let decisions = values.filter { ($0["dice_left"] as? Int) == Int(dice) }
            for row in decisions {
                let turnPoints = try #require(row["turn_points"] as? Int)
                #expect((row["decision"] as? String == "bank") == (turnPoints >= threshold))
            }
        }
    }

    @Test("Under an entry minimum the turn values are said to be a player's on the board; without one, nothing")
    func entryMinimumSaid() throws {
        let boxed = try CommandRunner.run(["solve", "--rules", "boxed", "--max-points", "100"])
        #expect(boxed.exitStatus == 0)
        #expect(
            boxed.standardOutput.contains("For a player already on the board: one not yet on it banks only from 500"))
        let standard = try CommandRunner.run(["solve", "--max-points", "100"])
        #expect(!standard.standardOutput.contains("on the board"))
    }

    @Test("JSON and CSV numbers keep full precision: the shortest text that reads back to the same Double")
    func fullPrecision() throws {
        let json = try CommandRunner.run(["solve", "--format", "json", "--max-points", "100"])
        let text = json.standardOutput
        let key = "\"expected_turn_score\": "
        let start = try #require(text.range(of: key)).upperBound
        let number = String(text[start...].prefix { "0123456789.-e+".contains($0) })
        let value = try #require(Double(number))
        #expect("\(value)" == number)
        // 925.83... is not a short decimal: rounding to 4 places, as the tool once did, would lose digits.
        #expect(number.split(separator: ".").last.map(\.count) ?? 0 > 4, "\(number)")
        let csv = try CommandRunner.run(["solve", "--format", "csv", "--max-points", "0"])
        let rows = csv.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        for row in rows {
            for cell in row[2...3] {
                let read = try #require(Double(cell))
                #expect("\(read)" == String(cell))
            }
        }
        #expect(rows.contains { $0[3].count > 10 })
    }

    @Test("CSV starts with its header and has one row per t and n")
    func csv() throws {
        let result = try CommandRunner.run(["solve", "--format", "csv", "--max-points", "1000"])
        #expect(result.exitStatus == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "turn_points,dice_left,value,roll_value,decision")
        #expect(lines.count == 1 + 21 * 6)
        #expect(lines[1].hasPrefix("0,1,"))
    }

    @Test("Markdown names the expected points and a threshold row per dice count that may bank")
    func markdown() throws {
        let result = try CommandRunner.run(["solve", "--max-points", "0"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.contains("Expected points per turn"))
        #expect(result.standardOutput.contains("\n| 1 | "))
        #expect(result.standardOutput.contains("| t | n | V(t, n) | R(t, n) | Decision |"))
    }

    @Test("a rule file that allows banking with any dice gets a threshold for every dice count")
    func bankAnyDice() throws {
        let result = try CommandRunner.run(
            ["solve", "--rules", fixtureRules("bank-any-dice.json"), "--format", "json", "--max-points", "0"])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        #expect(json["rules"] as? String == "bank-any-dice")
        let thresholds = try #require(json["bank_thresholds"] as? [String: Int])
        #expect(thresholds.keys.sorted() == ["1", "2", "3", "4", "5", "6"])
        let standard = try jsonObject(CommandRunner.run(["solve", "--format", "json", "--max-points", "0"]))
        // More freedom to bank can only help.
        let anyDice = try #require(json["expected_turn_score"] as? Double)
        #expect(anyDice >= (try #require(standard["expected_turn_score"] as? Double)))
    }

    @Test("a bad --max-points is a usage error")
    func badMaximum() throws {
        let result = try CommandRunner.run(["solve", "--max-points", "-1"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: '--max-points'"))
        #expect(result.standardOutput.isEmpty)
    }
}

@Suite("farkle-sim solve under a three-farkle penalty")
struct SolvePenaltyCommandTests {
    @Test("zilch JSON: the long-run average lies below the turn alone, thresholds for 0, 1 and 2 farkles in a row")
    func zilchJSON() throws {
        let result = try CommandRunner.run(["solve", "--rules", "zilch", "--format", "json", "--max-points", "3500"])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        let average = try #require(json["long_run_average_points_per_turn"] as? Double)
        let turnAlone = try #require(json["expected_turn_score"] as? Double)
        #expect(average < turnAlone && average > turnAlone - 500)
        #expect(json["three_farkle_penalty"] as? Int == 500)
        let byFarkles = try #require(json["bank_thresholds_by_farkles"] as? [String: [String: Any]])
        #expect(byFarkles.keys.sorted() == ["0", "1", "2"])
        let values = try #require(json["values"] as? [[String: Any]])
        for (count, thresholds) in byFarkles {
            let farkles = try #require(Int(count))
            // Zilch banks with any dice; six dice never farkle there, so rolling them always wins.
            #expect(thresholds.keys.sorted() == ["1", "2", "3", "4", "5", "6"])
            #expect(thresholds["6"] is NSNull)
            for dice in 1...5 {
                let threshold = try #require(thresholds[String(dice)] as? Int)
                // Each threshold is where that farkle count's decision turns to bank for good.
                for row in values where row["dice_left"] as? Int == dice {
                    let turnPoints = try #require(row["turn_points"] as? Int)
                    let decisions = try #require(row["decisions_by_farkles"] as? [String])
                    if turnPoints >= threshold { #expect(decisions[farkles] == "bank") }
                    if turnPoints == threshold - 50 { #expect(decisions[farkles] != "bank") }
                }
            }
        }
        let turns = try #require(json["turns_by_farkles"] as? [String: [String: Double]])
        #expect(turns["2"]?["farkle_value"] == -500)
        // With no farkle in a row the turn's value is the average itself: h(0) + g = W(0 farkles).
        let noFarkle = try #require(turns["0"]?["expected_turn_value"])
        #expect(abs(noFarkle - average) < 1e-9)
    }

    @Test("standard has no penalty: no penalty members in JSON, no penalty section in Markdown")
    func standardHasNone() throws {
        let json = try jsonObject(try CommandRunner.run(["solve", "--format", "json", "--max-points", "0"]))
        #expect(json["long_run_average_points_per_turn"] == nil)
        #expect(json["bank_thresholds_by_farkles"] == nil)
        let markdown = try CommandRunner.run(["solve", "--max-points", "0"]).standardOutput
        #expect(!markdown.contains("penalty"))
    }

    @Test("zilch Markdown states the long-run average and a row for each farkle count")
    func zilchMarkdown() throws {
        let result = try CommandRunner.run(["solve", "--rules", "zilch", "--max-points", "0"])
        #expect(result.exitStatus == 0)
        let text = result.standardOutput
        #expect(text.contains("## Three-farkle penalty (500 points)"))
        #expect(text.contains("Long-run average of points per turn under optimal play, penalties included: **"))
        for count in 0...2 { #expect(text.contains("\n| \(count) | ")) }
    }
}

@Suite("farkle-sim solve: the capped objective of a race won at the target")
struct CappedSolveCommandTests {
    @Test("kcd: JSON gives E[min(turn, target - total)] from every total, 0 to 3950; the last is 50 × P(score)")
    func everyTotal() throws {
        let result = try CommandRunner.run(["solve", "--rules", "kcd", "--format", "json", "--max-points", "0"])
        #expect(result.exitStatus == 0)
        let capped = try #require(try jsonObject(result)["capped"] as? [String: Any])
        #expect(capped["target"] as? Int == 4000)
        let rows = try #require(capped["by_total"] as? [[String: Any]])
        #expect(rows.map { $0["total"] as? Int } == Array(stride(from: 0, to: 4000, by: 50)))
        let last = try #require(rows.last?["value"] as? Double)
        #expect(abs(last - 50 * (1 - 1440.0 / 46656)) < 1e-12)
        let fromZero = try #require(capped["from_zero"] as? Double)
        #expect(rows.first?["value"] as? Double == fromZero)
        // Nearer the target a turn can bring fewer points toward it.
        let values = rows.compactMap { $0["value"] as? Double }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test("--target sets the race's target; a rule set without a target race shows no capped value")
    func target() throws {
        let short = try CommandRunner.run(["solve", "--rules", "kcd", "--target", "2000", "--format", "json"])
        let capped = try #require(try jsonObject(short)["capped"] as? [String: Any])
        #expect(capped["target"] as? Int == 2000)
        #expect((capped["by_total"] as? [Any])?.count == 40)
        let markdown = try CommandRunner.run(["solve", "--rules", "kcd", "--max-points", "0"])
        #expect(markdown.standardOutput.contains("E[min(turn points, 4000 - own total)] from a total of 0: **"))
        let standard = try CommandRunner.run(["solve", "--format", "json", "--max-points", "0"])
        #expect(try jsonObject(standard)["capped"] == nil)
    }

    @Test("--target is refused out of range and for a game of rounds")
    func badTarget() throws {
        let zero = try CommandRunner.run(["solve", "--rules", "kcd", "--target", "0"])
        #expect(zero.exitStatus == 64)
        #expect(zero.standardError.hasPrefix("Error: '--target' must be from 1 to 1,000,000"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kcd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rounds.json")
        try Data(#"{"game": {"rounds": 10}}"#.utf8).write(to: file)
        let rounds = try CommandRunner.run(["solve", "--rules", file.path, "--target", "3000"])
        #expect(rounds.exitStatus == 64)
        #expect(rounds.standardError.hasPrefix("Error: '--target' needs a race to a target"))
    }
}
