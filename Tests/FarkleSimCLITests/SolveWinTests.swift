import Foundation
import Testing

@Suite("farkle-sim solve --objective win")
struct SolveWinTests {
    @Test("JSON gives the first player's value as P(win) + ½ P(tie), the odds adding up to 1, and a fair head start")
    func json() throws {
        let result = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", fixtureRules("ones-race.json"), "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        let value = try #require(json["value"] as? Double)
        let win = try #require(json["first_player_win_probability"] as? Double)
        let tie = try #require(json["tie_probability"] as? Double)
        let loss = try #require(json["first_player_loss_probability"] as? Double)
        #expect(abs(win + tie / 2 - value) < 1e-15)
        #expect(abs(win + tie + loss - 1) < 1e-12)
        // Moving first is worth something in a race with a final round; a head start evens it out.
        #expect(value > 0.5)
        #expect((json["fair_head_start"] as? Int ?? 0) > 0)
        #expect((json["states"] as? Int ?? 0) > 0)
    }

    @Test(
        "three players, without a final round (--players 3) and with one (a rule file's players, ties counted as shares): each seat's chance, first to last falling, adding up to 1; fair head starts that even them",
        arguments: [
            ["--players", "3", "--rules", "cardgames", "--target", "600"],
            ["--rules", fixtureRules("final-round-trio.json"), "--no-cache"],
        ])
    func threePlayers(game: [String]) throws {
        let arguments = ["solve", "--objective", "win"] + game
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.exitStatus == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let json = try jsonObject(result)
        let seats = try #require(json["seat_win_probabilities"] as? [Double])
        #expect(seats.count == 3 && seats[0] > seats[1] && seats[1] > seats[2], "\(seats)")
        #expect(abs(seats.reduce(0, +) - 1) < 1e-12)
        let heads = try #require(json["fair_head_starts"] as? [Int])
        let fair = try #require(json["fair_head_start_win_probabilities"] as? [Double])
        #expect(heads.count == 3 && heads[0] == 0 && heads[2] >= heads[1] && heads[2] > 0, "\(heads)")
        #expect(fair.map { abs($0 - 1.0 / 3) }.max()! < seats.map { abs($0 - 1.0 / 3) }.max()!)
        #expect(json["players"] as? Int == 3 && json["unsettled_loops"] as? Int == 0)
        // With a final round ties happen, counted in the seats' shares; their chance is not given.
        let finalRound = game.contains("--no-cache")
        #expect(json["final_round"] as? Bool == finalRound)
        #expect(finalRound ? json["tie_probability"] is NSNull : json["tie_probability"] as? Int == 0)
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.exitStatus == 0)
        #expect(markdown.standardOutput.contains("| Seat 3 wins |"))
        #expect(markdown.standardOutput.contains("one more turn") == finalRound)
    }

    @Test(
        "three players where best replies go round (cardgames to 1,500): JSON's mixed_loops and the Markdown row give the same count, every loop settled"
    )
    func mixedLoops() throws {
        let arguments = ["solve", "--objective", "win", "--players", "3", "--rules", "cardgames", "--target", "1500"]
        let json = try jsonObject(try CommandRunner.run(arguments + ["--format", "json", "--no-cache"]))
        // The library's tests check this race's mixed loops by each mover's best reply and find a mover that mixes
        // strictly in each (ThreePlayerWinSolverTests.mixedPlays): at least one loop is settled by mixing.
        let mixed = try #require(json["mixed_loops"] as? Int)
        #expect(mixed >= 1 && json["unsettled_loops"] as? Int == 0)
        let markdown = try CommandRunner.run(arguments + ["--no-cache"])
        #expect(markdown.exitStatus == 0 && markdown.standardError.isEmpty)
        let row = markdown.standardOutput.split(separator: "\n").first {
            $0.contains("settled by a player mixing two plays")
        }
        #expect(row.map { $0.hasSuffix("| \(mixed) |") } == true, "\(row ?? "no row")")
    }

    @Test(
        "--players 3 refuses a penalty floor, CSV and 4 players in one line with exit 64; solve's score objective refuses --players",
        arguments: [
            ["--rules", "cardgames", "--penalty-floor", "-500"],
            ["--rules", "cardgames", "--format", "csv"], ["--rules", "cardgames", "--players", "4"],
            // A policy file nothing would read: three players with a final round play the race of two.
            [
                "--rules", fixtureRules("final-round-trio.json"), "--target", "500", "--out",
                "/tmp/never-written.policy",
            ],
        ])
    func threePlayerRefusals(extra: [String]) throws {
        var arguments = ["solve", "--objective", "win", "--players", "3"] + extra
        if extra.contains("4") { arguments.removeSubrange(3...4) }
        let result = try CommandRunner.run(arguments)
        #expect(result.exitStatus == 64, "\(arguments)")
        #expect(result.standardError.hasPrefix("Error: ") && result.standardOutput.isEmpty)
        if extra.contains("4") {
            // Where to go instead: the measured play at a larger table.
            #expect(result.standardError.contains("'simulate --strategy win' plays them against the leader"))
        }
        if extra.contains("--out") {
            #expect(result.standardError.hasPrefix("Error: '--out' writes the game for '--policy', and three players"))
            #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.policy"))
        }
        let score = try CommandRunner.run(["solve", "--players", "3"])
        #expect(score.exitStatus == 64 && score.standardError.contains("--players"))
    }

    @Test("--penalty-floor: a lower floor on negative totals moves no printed digit, and is reported")
    func penaltyFloor() throws {
        func solve(_ extra: [String]) throws -> [String: Any] {
            let result = try CommandRunner.run(
                ["solve", "--objective", "win", "--rules", fixtureRules("ones-penalty-race.json"), "--format", "json"]
                    + extra)
            #expect(result.exitStatus == 0, "\(result.standardError)")
            return try jsonObject(result)
        }
        let standard = try solve([])
        let deeper = try solve(["--penalty-floor", "-800"])
        #expect(standard["penalty_floor"] as? Int == -400)
        #expect(deeper["penalty_floor"] as? Int == -800)
        // In this short race four penalties below zero is deeper than the target is high, and the floor
        // still moves the value by about 1e-9 (1.06e-9 measured), far from any printed digit.
        let values = try [standard, deeper].map { try #require($0["value"] as? Double) }
        #expect(abs(values[0] - values[1]) < 1e-8, "\(values)")
        #expect(String(format: "%.6f", values[0]) == String(format: "%.6f", values[1]))
        for (arguments, message) in [
            (["--rules", "zilch", "--penalty-floor", "-25"], "'--penalty-floor' must be a multiple of 50"),
            (["--rules", "zilch", "--penalty-floor", "100"], "'--penalty-floor' must be from -1000000 to 0"),
            (["--rules", fixtureRules("ones-race.json"), "--penalty-floor", "-400"], "have no three-farkle penalty"),
            (["--rules", fixtureRules("ones-wipeout-race.json"), "--penalty-floor", "-400"], "takes the whole total"),
        ] {
            let refused = try CommandRunner.run(["solve", "--objective", "win"] + arguments)
            #expect(refused.exitStatus == 64)
            #expect(refused.standardError.hasPrefix("Error: "))
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
        let score = try CommandRunner.run(["solve", "--rules", "zilch", "--penalty-floor", "-400"])
        #expect(score.exitStatus == 64)
        #expect(score.standardError.contains("'--penalty-floor' is for --objective win"))
    }

    @Test("a penalty of the whole total: solved to win from a floor of zero, the turn alone for points, said so")
    func wholeTotalPenalty() throws {
        func solve(_ fixture: String, _ extra: [String]) throws -> [String: Any] {
            let result = try CommandRunner.run(["solve", "--rules", fixtureRules(fixture), "--format", "json"] + extra)
            #expect(result.exitStatus == 0 && result.standardError.isEmpty, "\(result.standardError)")
            return try jsonObject(result)
        }
        let total = try solve("ones-wipeout-race.json", ["--objective", "win"])
        let points = try solve("ones-penalty-race.json", ["--objective", "win"])
        #expect(total["penalty_floor"] as? Int == 0)
        let values = try [total, points].map { try #require($0["value"] as? Double) }
        #expect(abs(values[0] - values[1]) > 1e-3, "two different games: \(values)")
        // For points the whole total is not counted: the turn is the one of the same rules without a penalty.
        let turn = try solve("ones-wipeout-race.json", [])
        let plain = try CommandRunner.run(["solve", "--rules", fixtureRules("ones-race.json"), "--format", "json"])
        #expect(turn["three_farkle_penalty"] as? String == "whole_total")
        #expect(turn["long_run_average_points_per_turn"] == nil)
        let markdown = try CommandRunner.run(["solve", "--rules", fixtureRules("ones-wipeout-race.json")])
        #expect(markdown.standardOutput.contains("## Three-farkle penalty (the whole total)"))
        let expected = try [turn, jsonObject(plain)].map { try #require($0["expected_turn_score"] as? Double) }
        #expect(expected[0] == expected[1])
    }

    @Test("a penalty off the scores' step (150 where 1s score 100): win plays it and advise takes a total of -150")
    func penaltyOffStep() throws {
        // Once a trap: a total of -150 fell between the tables' steps of 100.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("penalty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = directory.appendingPathComponent("ones-150.json").path
        try Data(
            #"{"base": "standard", "combinations": {"single_five": null, "three_of_a_kind": [null, null, null, null, null, null], "four_of_a_kind": null, "five_of_a_kind": null, "six_of_a_kind": null, "full_house": null, "full_mansion": null, "three_pairs": null, "two_triplets": null, "small_straight": null, "large_straight": null}, "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false, "six_dice_farkle": null, "three_farkle_penalty": 150}, "game": {"target": 300}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: rules))
        let simulated = try CommandRunner.run([
            "--rules", rules, "--strategy", "win", "--strategy", "ev", "--games", "2000", "--quiet", "--format", "json",
        ])
        #expect(simulated.exitStatus == 0, "\(simulated.standardError)")
        #expect(try jsonObject(simulated)["penalties"] as? Int ?? 0 > 0)
        let advised = try CommandRunner.run([
            "advise", "--rules", rules, "--dice", "1,2", "--my-score", "-150", "--opponent-score", "0", "--quiet",
        ])
        #expect(
            advised.exitStatus == 0 && advised.standardOutput.contains("At -150 against 0"), "\(advised.standardError)")
    }

    @Test("an unknown objective is a usage error")
    func unknownObjective() throws {
        let result = try CommandRunner.run(["solve", "--objective", "fame"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: '--objective' must be score, win or reach:N, not 'fame'\n"))
    }

    @Test("--out writes the policy file; an unwritable path exits 1 with one error line and leaves no file")
    func policyFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("solve-win-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ones.policy").path
        let written = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", fixtureRules("ones-race.json"), "--out", path,
        ])
        #expect(written.exitStatus == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.prefix(7) == Data("FRKLWIN".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ones.policy"])

        let missing = directory.appendingPathComponent("missing/ones.policy").path
        let failed = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", fixtureRules("ones-race.json"), "--out", missing,
        ])
        #expect(failed.exitStatus == 1)
        #expect(failed.standardOutput.isEmpty)
        // The one writer of every --out says it (PendingFile), before the solve.
        #expect(failed.standardError.hasPrefix("Error: cannot write '\(missing)'"))
        #expect(failed.standardError.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ones.policy"])
    }

    @Test("--out with the score objective is a usage error")
    func policyFileNeedsWin() throws {
        let result = try CommandRunner.run(["solve", "--out", "x.policy"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: '--out' writes the policy of --objective win"))
    }

    @Test("--policy reads the solved game back: evaluate, advise and simulate give the numbers of a fresh solve")
    func policyReadBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("short.policy").path
        let rules = fixtureRules("short-race.json")
        let written = try CommandRunner.run(["solve", "--objective", "win", "--rules", rules, "--out", path])
        #expect(written.exitStatus == 0)

        let evaluate = ["evaluate", "--strategy", "win", "--strategy", "ev", "--rules", rules, "--format", "json"]
        let solved = try jsonObject(try CommandRunner.run(evaluate + ["--quiet"]))
        let read = try CommandRunner.run(evaluate + ["--policy", path])
        #expect(read.exitStatus == 0)
        #expect(read.standardError.isEmpty)
        let fromFile = try jsonObject(read)
        #expect(fromFile["win_probabilities"] as? [Double] == solved["win_probabilities"] as? [Double])
        #expect(fromFile["tie_probability"] as? Double == solved["tie_probability"] as? Double)

        let advise = [
            "advise", "--dice", "1,5,2,3", "--turn-points", "300", "--my-score", "500", "--opponent-score", "650",
            "--rules", rules, "--format", "json",
        ]
        let advisedFresh = try CommandRunner.run(advise)
        let advisedFromFile = try CommandRunner.run(advise + ["--policy", path])
        #expect(advisedFromFile.exitStatus == 0)
        #expect(advisedFromFile.standardOutput == advisedFresh.standardOutput)

        let simulate = ["--games", "2000", "--strategy", "win", "--strategy", "ev", "--rules", rules, "--quiet"]
        let simulatedFresh = try CommandRunner.run(simulate + ["--format", "csv"])
        let simulatedFromFile = try CommandRunner.run(simulate + ["--format", "csv", "--policy", path])
        #expect(simulatedFromFile.exitStatus == 0)
        #expect(Self.withoutTimes(simulatedFromFile.standardOutput) == Self.withoutTimes(simulatedFresh.standardOutput))

        // A policy solved for other rules is refused by name, exit 64, one line.
        let other = try CommandRunner.run([
            "evaluate", "--strategy", "win", "--strategy", "ev", "--rules", fixtureRules("ones-race.json"),
            "--policy", path,
        ])
        #expect(other.exitStatus == 64)
        #expect(other.standardOutput.isEmpty)
        #expect(other.standardError.hasPrefix("Error: policy file '\(path)'"))
        #expect(other.standardError.contains("short-race"))

        // Without a seat playing win, --policy is a mistake worth saying.
        let unused = try CommandRunner.run(["--games", "10", "--policy", path, "--rules", rules])
        #expect(unused.exitStatus == 64)
        #expect(unused.standardError.hasPrefix("Error: '--policy' is the solved game of strategy 'win'"))
    }

    @Test("under a three-farkle penalty: --out writes the game, --policy plays and advises it as a fresh solve")
    func penaltyPolicy() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("penalty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("penalty.policy").path
        let racePath = directory.appendingPathComponent("race.policy").path
        let rules = fixtureRules("ones-penalty-race.json")
        let written = try CommandRunner.run(["solve", "--objective", "win", "--rules", rules, "--out", path])
        #expect(written.exitStatus == 0, "\(written.standardError)")
        let race = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", fixtureRules("ones-race.json"), "--out", racePath,
        ])
        #expect(race.exitStatus == 0)

        let simulate = [
            "--games", "3000", "--strategy", "win", "--strategy", "ev", "--rules", rules, "--format", "csv",
            "--threads", "2",
        ]
        let fresh = try CommandRunner.run(simulate)
        #expect(fresh.exitStatus == 0)
        let notes = fresh.standardError.split(separator: "\n")
        #expect(notes.count == 3, "\(fresh.standardError)")
        let solving = "Solving rules 'ones-penalty-race' to win for strategy 'win' under the three-farkle penalty"
        #expect(notes.first?.hasPrefix(solving) == true)
        #expect(notes.last?.hasPrefix("Strategy 'win' built ") == true)
        let fromFile = try CommandRunner.run(simulate + ["--policy", path, "--quiet"])
        #expect(fromFile.exitStatus == 0)
        #expect(fromFile.standardError.isEmpty)
        #expect(Self.withoutTimes(fromFile.standardOutput) == Self.withoutTimes(fresh.standardOutput))
        #expect(fresh.standardOutput.contains("\n1,win,"))

        let advise = [
            "advise", "--dice", "1,1,3", "--turn-points", "100", "--my-score", "-100", "--opponent-score", "200",
            "--farkles", "2", "--opponent-farkles", "1", "--rules", rules, "--format", "json",
        ]
        let advisedFresh = try CommandRunner.run(advise)
        let advisedFromFile = try CommandRunner.run(advise + ["--policy", path])
        #expect(advisedFromFile.exitStatus == 0)
        #expect(advisedFromFile.standardOutput == advisedFresh.standardOutput)
        #expect(advisedFresh.standardOutput.contains("\"win\""))

        // Exact odds read the same file: the win seat's turns are the solve's, so the odds are the same numbers.
        let evaluate = ["evaluate", "--strategy", "win", "--strategy", "ev", "--rules", rules, "--format", "json"]
        let evaluatedFresh = try CommandRunner.run(evaluate)
        let evaluatedFromFile = try CommandRunner.run(evaluate + ["--policy", path, "--quiet"])
        #expect(evaluatedFromFile.exitStatus == 0, "\(evaluatedFromFile.standardError)")
        #expect(evaluatedFromFile.standardError.isEmpty)
        let odds = { (text: String) in text.split(separator: "\n").filter { $0.contains("probabilit") } }
        #expect(!odds(evaluatedFresh.standardOutput).isEmpty)
        #expect(odds(evaluatedFromFile.standardOutput) == odds(evaluatedFresh.standardOutput))

        // A race file for a penalty game, and a penalty file for a race: refused by name, exit 64, one line.
        for (policy, otherRules, solvedFor) in [
            (racePath, rules, "ones-race"), (path, fixtureRules("ones-race.json"), "ones-penalty-race"),
        ] {
            let refused = try CommandRunner.run([
                "--games", "10", "--strategy", "win", "--rules", otherRules, "--policy", policy,
            ])
            #expect(refused.exitStatus == 64)
            #expect(refused.standardOutput.isEmpty)
            #expect(
                refused.standardError.hasPrefix(
                    "Error: policy file '\(policy)': it was solved for rules '\(solvedFor)'"))
            #expect(refused.standardError.split(separator: "\n").first?.contains("Usage") == false)
        }
    }

    /// CSV `text` without its `elapsed_seconds` column, the one figure that differs from run to run.
    private static func withoutTimes(_ text: String) -> [[Substring]] {
        let rows = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        guard let column = rows.first?.firstIndex(of: "elapsed_seconds") else { return rows }
        return rows.map { row in row.enumerated().filter { $0.offset != column }.map(\.element) }
    }

    @Test(
        "a game of rounds whose scoreless opening roll costs points: solved, its exact odds and its advice, and --penalty-floor refused"
    )
    func roundsWithOpeningCost() throws {
        struct Solved: Decodable {
            let firstPlayerWinProbability: Double
            let tieProbability: Double
        }
        struct Odds: Decodable {
            let winProbabilities: [Double]
            let tieProbability: Double
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        func solved(_ file: String) throws -> Solved {
            let result = try CommandRunner.run(
                ["solve", "--objective", "win", "--rules", fixtureRules(file), "--format", "json", "--no-cache"])
            #expect(result.exitStatus == 0, "\(result.standardError)")
            return try decoder.decode(Solved.self, from: Data(result.standardOutput.utf8))
        }
        let cost = try solved("ones-cost-rounds.json")
        let free = try solved("ones-rounds.json")
        // A third of the opening rolls score nothing (only 1s score) and cost 100: the game is another one.
        #expect(abs(cost.firstPlayerWinProbability - free.firstPlayerWinProbability) > 1e-4)
        // The exact odds of win against win, worked out turn by turn along the solved play, are the solve's.
        let evaluated = try CommandRunner.run(
            [
                "evaluate", "--rules", fixtureRules("ones-cost-rounds.json"), "--strategy", "win", "--strategy", "win",
                "--format", "json", "--no-cache",
            ])
        try #require(evaluated.exitStatus == 0, "\(evaluated.standardError)")
        let odds = try decoder.decode(Odds.self, from: Data(evaluated.standardOutput.utf8))
        #expect(abs(odds.winProbabilities[0] - cost.firstPlayerWinProbability) < 1e-12)
        #expect(abs(odds.tieProbability - cost.tieProbability) < 1e-12)
        // A scoreless opening roll: the advice to win says what it costs.
        let advised = try CommandRunner.run(
            [
                "advise", "--rules", fixtureRules("ones-cost-rounds.json"), "--dice", "2,2,3,3,4,6", "--my-score",
                "200", "--opponent-score", "300", "--rounds-left", "1", "--seat", "2", "--no-cache",
            ])
        #expect(advised.exitStatus == 0, "\(advised.standardError)")
        #expect(advised.standardOutput.contains("the turn costs 100 points off the total"), "\(advised.standardOutput)")
        // Totals fall below 0 by the cost: a player at -100 is advised (it was refused as a negative total), and
        // only the lead counts, so as a player at 0 against 100.
        func toWin(_ mine: Int, _ theirs: Int) throws -> [Double] {
            let result = try CommandRunner.run(
                [
                    "advise", "--rules", fixtureRules("ones-cost-rounds.json"), "--dice", "1,2,3,4,6,6", "--my-score",
                    "\(mine)", "--opponent-score", "\(theirs)", "--rounds-left", "1", "--format", "json",
                ])
            #expect(result.exitStatus == 0, "\(result.standardError)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let win = try #require(json["win"] as? [String: Any], "\(result.standardOutput)")
            let keeps = try #require(win["keeps"] as? [[String: Any]])
            let decision = try #require(win["decision"] as? [String: Any])
            return keeps.compactMap { $0["value"] as? Double }
                + [decision["bank_value"], decision["roll_value"]].compactMap { $0 as? Double }
        }
        let below = try toWin(-100, 0)
        let above = try toWin(0, 100)
        #expect(below.count == 3 && below == above, "\(below) against \(above)")
        // Below what the game's turns can cost (two rounds and five extra, 100 each) it is refused.
        let low = try CommandRunner.run(
            [
                "advise", "--rules", fixtureRules("ones-cost-rounds.json"), "--dice", "1,2,3,4,6,6", "--my-score",
                "-800", "--opponent-score", "0", "--rounds-left", "1",
            ])
        #expect(low.exitStatus == 64 && low.standardError.hasPrefix("Error: '--my-score' must be from -700"))
        // No floor is tabulated in a game of rounds: the option is refused, not ignored.
        let floor = try CommandRunner.run(
            [
                "solve", "--objective", "win", "--rules", fixtureRules("ones-cost-rounds.json"), "--penalty-floor",
                "-500",
            ])
        #expect(floor.exitStatus == 64 && floor.standardOutput.isEmpty)
        #expect(floor.standardError.hasPrefix("Error: '--penalty-floor': rules 'ones-cost-rounds' play fixed rounds"))
    }
}

@Suite("farkle-sim solve --objective win --out: the policy file goes through the one writer of every --out")
struct SolveWinOutTests {
    private static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func solve(out: String, in directory: URL) throws -> CommandResult {
        try CommandRunner.run(
            ["solve", "--objective", "win", "--rules", fixtureRules("ones-race.json"), "--out", out], in: directory)
    }

    @Test("a private file stays private, a symbolic link is followed and stays a link, and no temporary file is left")
    func keepsModeAndLinks() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        let file = directory.appendingPathComponent("policy.bin")
        try Data("old".utf8).write(to: file)
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try manager.createSymbolicLink(
            atPath: directory.appendingPathComponent("link").path, withDestinationPath: "policy.bin")
        for name in ["policy.bin", "link"] {
            let result = try Self.solve(out: name, in: directory)
            #expect(result.exitStatus == 0, "\(result.standardError)")
            let attributes = try manager.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(name)")
            #expect((attributes[.size] as? Int ?? 0) > 3)
        }
        #expect(
            try manager.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("link").path) == "policy.bin"
        )
        #expect(try manager.contentsOfDirectory(atPath: directory.path).sorted() == ["link", "policy.bin"])
        // What was written is a policy file advise reads back.
        let advice = try CommandRunner.run(
            [
                "advise", "--rules", fixtureRules("ones-race.json"), "--dice", "1", "--my-score", "0",
                "--opponent-score", "0", "--policy", file.path,
            ])
        #expect(advice.exitStatus == 0, "\(advice.standardError)")
    }

    @Test("a FIFO is refused before the solve (exit 1, one line) and never replaced; an empty --out is exit 64")
    func refusesOtherFiles() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let result = try Self.solve(out: fifo.path, in: directory)
        #expect(result.exitStatus == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("not a regular file"))
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fifo"])
        let empty = try Self.solve(out: "", in: directory)
        #expect(empty.exitStatus == 64)
        #expect(empty.standardError.hasPrefix("Error: '--out' is an empty path"))
    }

    @Test("three dice sets for a 2-player solve are one Error line and exit 64, not a trap")
    func threeDiceSets() throws {
        let result = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", "kcd", "--target", "500", "--dice-set", "odd:1", "--dice-set",
            "odd:1", "--dice-set", "odd:1",
        ])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: '--objective win' solves 2-player games"))
    }
}

@Suite("Win solves too large to hold are refused before anything is allocated")
struct WinSolveSizeTests {
    @Test(
        "a race to 1,000,000 or a penalty floor of -1,000,000: one Error line naming the size, exit 64, at once",
        arguments: [
            ["solve", "--objective", "win", "--target", "1000000"],
            ["solve", "--objective", "win", "--rules", "zilch", "--penalty-floor", "-1000000"],
            ["evaluate", "--strategy", "win", "--strategy", "ev", "--target", "1000000", "--quiet"],
            ["advise", "--dice", "1,5", "--my-score", "0", "--opponent-score", "0", "--target", "1000000"],
            ["--strategy", "win", "--target", "1000000", "--games", "10"],
            [
                "evaluate", "--rules", "kcd", "--target", "1000000", "--dice-set", "odd:2", "--strategy", "ev-target",
                "--strategy", "ev-target", "--quiet",
            ],
        ])
    func refused(arguments: [String]) throws {
        try Self.expectRefusedAtOnce(arguments, "the win solver holds at most 67108864")
    }

    @Test("a loaded game's turns for every total, which grow with the square of the target, are bounded too")
    func loadedTablesRefused() throws {
        try Self.expectRefusedAtOnce(
            ["--rules", "kcd", "--target", "1000000", "--dice-set", "odd:2", "--games", "10", "--quiet"],
            "needs 3000150000 table entries for its turns at every total, more than the 30000000")
        // ev-target on ordinary dice has a capped turn per total too: (20,000 · 20,001 / 2) levels · 7 dice counts.
        for command in [["--games", "10"], ["evaluate", "--strategy", "ev-target"]] {
            try Self.expectRefusedAtOnce(
                command + ["--rules", "kcd", "--target", "1000000", "--strategy", "ev-target", "--quiet"],
                "strategy 'ev-target' needs 1400070000 table entries for its turns at every total, more than 30000000")
        }
    }

    private static func expectRefusedAtOnce(_ arguments: [String], _ message: String) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try CommandRunner.run(arguments)
        // Pairs of totals: (1,000,000 / 50)^2 = 4 × 10^8, where 2^26 is the most the solver holds.
        #expect(clock.now - start < .seconds(20))
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        // No "Solving ..." note before the refusal.
        #expect(!result.standardError.contains("Solving"), "\(result.standardError)")
    }
}
