import Foundation
import Testing

@Suite("farkle-sim (simulate)")
struct SimulateCommandTests {
    @Test("prints a Markdown summary of the seats and the game figures")
    func markdown() throws {
        let result = try CommandRunner.run(["--games", "300", "--strategy", "greedy", "--seed", "4"])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let output = result.standardOutput
        #expect(
            output.hasPrefix("# 300 games, 2 players, rules standard (a race to 10,000 with a final round), seed 4\n"))
        #expect(output.contains("| 1 | greedy |") && output.contains("| 2 | greedy |"))
        for label in [
            "Ties", "Instant wins", "Mean turns per game", "Mean banked points per turn",
            "Farkle rate per turn", "Rolls simulated", "Wall time", "Games per second", "Rolls per second",
        ] {
            #expect(output.contains("| \(label)"), "missing \(label)")
        }
    }

    @Test("the instant wins row names the rolls that win at once under the rules, or none")
    func instantWinsNamed() throws {
        for (rules, name) in [
            ("standard", "six 1s"), (fixtureRules("six-sixes-win.json"), "six 6s"), ("zilch", "none"),
        ] {
            let result = try CommandRunner.run(["--games", "200", "--strategy", "greedy", "--rules", rules])
            #expect(result.exitStatus == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("| Instant wins (\(name)) | "), "\(rules)")
            #expect(!result.standardOutput.contains("| Instant losses"), "\(rules)")
        }
        let losing = try CommandRunner.run(
            ["--games", "200", "--strategy", "greedy", "--rules", fixtureRules("six-ones-lose.json")])
        #expect(
            losing.standardOutput.contains("| Instant wins (none) | ")
                && losing.standardOutput.contains("| Instant losses (six 1s) | "))
    }

    @Test("JSON has the documented keys, and the same seed gives the same numbers on any thread count")
    func json() throws {
        func run(threads: String) throws -> [String: Any] {
            let result = try CommandRunner.run([
                "--games", "2100", "--players", "3", "--strategy", "greedy", "--strategy", "threshold:300,300",
                "--strategy", "greedy", "--format", "json", "--threads", threads,
            ])
            #expect(result.exitStatus == 0)
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            return try #require(object as? [String: Any])
        }
        let one = try run(threads: "1")
        let two = try run(threads: "2")
        for key in [
            "games", "seats", "ties", "mean_points_per_turn", "turns", "rolls", "elapsed_seconds",
            "games_per_second",
        ] {
            #expect(one[key] != nil, "missing \(key)")
        }
        #expect(one["games"] as? Int == 2100)
        let seats = try #require(one["seats"] as? [[String: Any]])
        #expect(seats.map { $0["strategy"] as? String } == ["greedy", "threshold:300,300", "greedy"])
        #expect(seats.allSatisfy { $0["wins"] is Int && $0["win_rate"] is Double })
        let wins = seats.compactMap { $0["wins"] as? Int }.reduce(0, +)
        #expect(wins + (one["ties"] as? Int ?? 0) == 2100)
        for key in ["turns", "rolls", "ties", "mean_points_per_turn"] {
            #expect("\(one[key] ?? "")" == "\(two[key] ?? "")", "\(key) differs between thread counts")
        }
    }

    @Test(
        "three players racing without a final round: win plays the exact game, each seat's share of the games within 4 standard errors of the solved chances, no leader"
    )
    func threePlayersPlayToWin() throws {
        let rules = fixtureRules("short-race-trio.json")
        let solve = try CommandRunner.run(["solve", "--objective", "win", "--rules", rules, "--format", "json"])
        let exact = try #require(try jsonObject(solve)["seat_win_probabilities"] as? [Double])
        let games = 30_000
        let result = try CommandRunner.run([
            "--rules", rules, "--strategy", "win", "--games", "\(games)", "--format", "json", "--no-cache",
        ])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardError.contains("as a race of three players"), "\(result.standardError)")
        #expect(!result.standardError.contains("leading opponent"))
        let seats = try #require(try jsonObject(result)["seats"] as? [[String: Any]])
        #expect(seats.count == 3 && exact.count == 3)
        for (seat, chance) in zip(seats, exact) {
            let observed = Double(try #require(seat["wins"] as? Int)) / Double(games)
            let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
            #expect(abs(observed - chance) <= 4 * standardError, "\(observed) against \(chance)")
        }
    }

    @Test("the wall time names its threads in words: 1 thread, 2 threads")
    func threadsInWords() throws {
        for (threads, words) in [("1", "on 1 thread |"), ("2", "on 2 threads |")] {
            let result = try CommandRunner.run(["--games", "100", "--threads", threads, "--quiet"])
            #expect(result.exitStatus == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains(words), "\(result.standardOutput)")
        }
    }

    @Test("CSV has a header and one row per seat")
    func csv() throws {
        let result = try CommandRunner.run(["--games", "100", "--strategy", "greedy", "--format", "csv"])
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("seat,strategy,wins,win_rate,"))
        #expect(lines[1].hasPrefix("1,greedy,"))
    }

    @Test("every format states how the game ends: the target as given, a final round or not, or the rounds")
    func gameEndStated() throws {
        // (arguments, Markdown words, CSV target/final_round/rounds, JSON target/final_round/rounds)
        let cases: [([String], String, String, (Int?, Bool, Int?))] = [
            (
                ["--target", "3000"], "rules standard (a race to 3,000 with a final round)", "3000,true,",
                (3000, true, nil)
            ),
            (
                ["--rules", "cardgames"], "rules cardgames (a race to 10,000, won at once)", "10000,false,",
                (10_000, false, nil)
            ),
            (["--rules", "farkleten"], "rules farkleten (10 rounds)", ",false,10", (nil, false, 10)),
        ]
        for (arguments, words, fields, expected) in cases {
            let base = ["--games", "20", "--strategy", "greedy", "--quiet"] + arguments
            let markdown = try CommandRunner.run(base)
            #expect(markdown.exitStatus == 0, "\(markdown.standardError)")
            #expect(markdown.standardOutput.hasPrefix("# 20 games, 2 players, \(words), seed 1\n"), "\(arguments)")

            let csv = try CommandRunner.run(base + ["--format", "csv"])
            let rows = csv.standardOutput.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false)
            }
            let header = try #require(rows.first)
            for row in rows.dropFirst() {
                let columns = ["target", "final_round", "rounds"].compactMap { header.firstIndex(of: Substring($0)) }
                #expect(columns.map { String(row[$0]) }.joined(separator: ",") == fields, "\(arguments)")
            }

            let json = try CommandRunner.run(base + ["--format", "json"])
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            #expect(object["target"] as? Int == expected.0, "\(arguments)")
            #expect(object["final_round"] as? Bool == expected.1, "\(arguments)")
            #expect(object["rounds"] as? Int == expected.2, "\(arguments)")
            #expect(expected.0 != nil || object["target"] is NSNull)
            #expect(expected.2 != nil || object["rounds"] is NSNull)
        }
    }

    @Test("--out writes the file whole and nothing on stdout; an unwritable path fails with exit 1")
    func outFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("result.json")
        let result = try CommandRunner.run([
            "--games", "100", "--strategy", "greedy", "--format", "json", "--out", file.path,
        ])
        #expect(result.exitStatus == 0 && result.standardOutput.isEmpty)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"games\": 100"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["result.json"])

        let missing = folder.appendingPathComponent("no/such/folder/result.json").path
        let failed = try CommandRunner.run(["--games", "10", "--strategy", "greedy", "--out", missing])
        #expect(failed.exitStatus == 1)
        #expect(failed.standardError.hasPrefix("Error: cannot write '\(missing)'"))
        #expect(failed.standardError.split(separator: "\n").count == 1)
    }

    @Test(
        "bad arguments: one Error line, a usage hint, exit 64",
        arguments: [
            (["--games", "0"], "'--games' must be from 1 to 1,000,000,000 (the most games the tallies count"),
            (["--games", "-5"], "'--games' must be from 1 to 1,000,000,000"),
            (["--games", "many"], "'--games' must be a whole number, not 'many'"),
            // A digit with a combining mark is one Character but no digit.
            (["--games", "5\u{308}"], "'--games' must be a whole number, not '5\u{308}'"),
            // Underscores group digits (10_000); they neither start nor end a number, nor come two in a row.
            (["--games", "_1000"], "'--games' must be a whole number, not '_1000'"),
            (["--games", "1000_"], "'--games' must be a whole number, not '1000_'"),
            (["--games", "1__000"], "'--games' must be a whole number, not '1__000'"),
            (["--games", "1,000"], "'--games' must be a whole number (write 1000 or 1_000), not '1,000'"),
            (["--seed", "12,345"], "'--seed' must be a whole number from 0 to 2^64 - 1 (write 12345 or 12_345), not"),
            (["--seed", "_7"], "'--seed' must be a whole number from 0 to 2^64 - 1, not '_7'"),
            // "1,2" is no number grouped in thousands: no hint to write 12.
            (["--games", "1,2"], "'--games' must be a whole number, not '1,2'"),
            (["--players", "1", "--strategy", "greedy", "--strategy", "greedy"], "2 strategies for 1 player:"),
            (["--players", "0"], "'--players' must be from 1 to 8, not 0"),
            (["--players", "9"], "'--players' must be from 1 to 8, not 9"),
            (["--threads", "0"], "'--threads' must be from 1 to 1,024, not 0"),
            (["--seed", "-1"], "'--seed' must be a whole number from 0 to 2^64 - 1, not '-1'"),
            (["--strategy", "bold"], "strategy 'bold' is not a strategy"),
            (["--strategy", "threshold:300"], "strategy 'threshold:300' needs 2 to 6 thresholds"),
            (["--strategy", "greedy", "--strategy", "greedy", "--strategy", "greedy"], "3 strategies for 2 players"),
            (["--players", "4", "--strategy", "greedy", "--strategy", "greedy"], "2 strategies for 4 players"),
            (["--format", "xml"], "'--format' must be one of md, csv, json, not 'xml'"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: \(message)"), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: farkle-sim [--games <n>]"))
    }

    @Test("--help shows the options and the default number of games")
    func help() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.exitStatus == 0)
        for option in [
            "--games <n>", "--players <p>", "--strategy <s>", "--seed <x>", "--threads <k>", "--out <file>",
            "--quiet", "(default: 100,000)",
        ] {
            #expect(result.standardOutput.contains(option), "missing \(option)")
        }
    }
}

@Suite("farkle-sim (simulate) under a three-farkle penalty")
struct SimulatePenaltyCommandTests {
    @Test("zilch: JSON nets the penalties out of the banked points, per seat and overall; Markdown has the row")
    func zilch() throws {
        let arguments = ["--rules", "zilch", "--games", "400", "--seed", "5"]
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        let penalties = try #require(json["penalties"] as? Int)
        let penaltyPoints = try #require(json["penalty_points"] as? Int)
        let turns = try #require(json["turns"] as? Int)
        let banked = try #require(json["mean_points_per_turn"] as? Double)
        let net = try #require(json["mean_net_points_per_turn"] as? Double)
        #expect(penalties > 0 && penaltyPoints == 500 * penalties)
        #expect(abs(net - (banked - Double(penaltyPoints) / Double(turns))) < 1e-9)
        #expect((json["mean_net_points_per_turn_standard_error"] as? Double ?? 0) > 0)
        let seats = try #require(json["seats"] as? [[String: Any]])
        #expect(seats.compactMap { $0["penalty_points"] as? Int }.reduce(0, +) == penaltyPoints)
        let markdown = try CommandRunner.run(arguments).standardOutput
        #expect(markdown.contains("| Mean net points per turn, penalties included | "))
        #expect(markdown.contains("(s.e., by game) |"))
    }

    @Test(
        "a scoreless opening roll that costs 500: the costs are penalty points, a multiple of 500, and Markdown has the net row; evaluate refuses three players"
    )
    func openingFarkleCost() throws {
        let arguments = ["--rules", fixtureRules("opening-farkle-cost.json"), "--games", "400", "--seed", "5"]
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let json = try jsonObject(result)
        let penaltyPoints = try #require(json["penalty_points"] as? Int)
        #expect(json["penalties"] as? Int == 0 && penaltyPoints > 0 && penaltyPoints % 500 == 0)
        let banked = try #require(json["mean_points_per_turn"] as? Double)
        let net = try #require(json["mean_net_points_per_turn"] as? Double)
        let turns = try #require(json["turns"] as? Int)
        #expect(abs(net - (banked - Double(penaltyPoints) / Double(turns))) < 1e-9)
        #expect(
            try CommandRunner.run(arguments).standardOutput.contains(
                "| Mean net points per turn, penalties included | "))
        // Three players' exact odds tabulate totals that only rise: refused in one line, exit 64.
        let evaluate = try CommandRunner.run([
            "evaluate", "--rules", fixtureRules("opening-farkle-cost.json"), "--strategy", "ev", "--strategy", "greedy",
            "--strategy", "ev",
        ])
        #expect(evaluate.exitStatus == 64 && evaluate.standardError.contains("take 500 points off the total"))
    }

    @Test(
        "a target hit exactly: the seats play ev-target by default, every format says so, evaluate follows it; rules that could leave a total stuck are refused in one line"
    )
    func exactTarget() throws {
        let arguments = ["--rules", fixtureRules("exact-target.json"), "--games", "400", "--seed", "5"]
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.exitStatus == 0, "\(markdown.standardError)")
        #expect(markdown.standardOutput.contains("(a race to 2,000 hit exactly)"))
        #expect(markdown.standardOutput.contains("| 1 | ev-target |"))
        let json = try jsonObject(try CommandRunner.run(arguments + ["--format", "json"]))
        #expect(json["exact_target"] as? Bool == true && json["final_round"] as? Bool == false)
        #expect(json["unfinished_games"] as? Int == 0)
        let csv = try CommandRunner.run(arguments + ["--format", "csv"]).standardOutput.split(separator: "\n")
        let header = try #require(csv.first).split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "exact_target"))
        #expect(
            csv.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false)[column] == "true" })
        let evaluate = try CommandRunner.run([
            "evaluate", "--rules", fixtureRules("exact-target.json"), "--strategy", "ev-target", "--strategy", "greedy",
        ])
        #expect(evaluate.exitStatus == 0, "\(evaluate.standardError)")
        #expect(evaluate.standardOutput.contains("a race to 2,000 hit exactly"), "\(evaluate.standardOutput)")
        // standard banks with 1 or 2 dice left only, never 50: a total 50 short could never finish.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("stuck.json")
        try Data(#"{"base": "standard", "game": {"exact_target": true}}"#.utf8).write(to: file)
        let stuck = try CommandRunner.run(["--rules", file.path, "--games", "10"])
        #expect(stuck.exitStatus == 64 && stuck.standardOutput.isEmpty)
        #expect(stuck.standardError.hasPrefix("Error: \(file.path): 'game.exact_target'"), "\(stuck.standardError)")
        #expect(stuck.standardError.contains("no turn under these rules banks exactly 50"))
        // A target from --target that banks cannot add up to: the refusal names the option beside the file.
        let offStep = try CommandRunner.run([
            "--rules", fixtureRules("exact-target.json"), "--target", "2025", "--games", "10",
        ])
        #expect(offStep.exitStatus == 64 && offStep.standardOutput.isEmpty)
        #expect(
            offStep.standardError.contains("exact-target.json with --target 2025: 'game.exact_target'")
                && offStep.standardError.contains("2025 is not a multiple of 50"), "\(offStep.standardError)")
    }

    @Test("standard has no penalty: net equals banked points, and Markdown has no net row")
    func standard() throws {
        let json = try jsonObject(try CommandRunner.run(["--games", "200", "--format", "json"]))
        #expect(json["penalty_points"] as? Int == 0)
        #expect(json["mean_net_points_per_turn"] as? Double == json["mean_points_per_turn"] as? Double)
        let markdown = try CommandRunner.run(["--games", "200"]).standardOutput
        #expect(!markdown.contains("net points"))
    }
}
