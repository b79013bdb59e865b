import Foundation
import Testing

@Suite("farkle-sim evaluate with dice sets")
struct EvaluateDiceSetTests {
    /// Two loaded dice with known weights: one that favours 6s, one that favours 2s.
    static let catalog =
        #"{"dice": [{"name": "sixes", "weights": [1, 1, 1, 1, 1, 5]}, "#
        + #"{"name": "twos", "weights": [1, 4, 1, 1, 1, 1]}]}"#

    /// The chance that six dice with these face weights (one array per die) farkle under `kcd`, die by die over
    /// the 6^6 ordered rolls: a roll scores there if and only if it shows a 1, a 5 or three of a face (every
    /// straight holds a 1 or a 5).
    static func farkleChance(_ dice: [[Double]]) -> Double {
        var chance = 0.0
        for code in 0..<46_656 {
            var rest = code
            var counts = [Int](repeating: 0, count: 7)
            var probability = 1.0
            for weights in dice {
                let face = rest % 6 + 1
                rest /= 6
                counts[face] += 1
                probability *= weights[face - 1] / weights.reduce(0, +)
            }
            if counts[1] == 0, counts[5] == 0, counts.allSatisfy({ $0 < 3 }) { chance += probability }
        }
        return chance
    }

    @Test("in a race to 50 the first scoring roll wins: seat 1 wins (1 - f1) / (1 - f1 f2), in JSON and Markdown")
    func closedFormRace() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("catalog.json")
        try Data(Self.catalog.utf8).write(to: file)
        let ordinary = [Double](repeating: 1, count: 6)
        let sixes: [Double] = [1, 1, 1, 1, 1, 5]
        let twos: [Double] = [1, 4, 1, 1, 1, 1]
        let first = Self.farkleChance([sixes, sixes] + Array(repeating: ordinary, count: 4))
        let second = Self.farkleChance([twos, twos, twos] + Array(repeating: ordinary, count: 3))
        // Any scoring keep is worth 50 or more, so both plays bank it and win; a farkle hands the turn over.
        let expected = (1 - first) / (1 - first * second)
        let race = [
            "evaluate", "--rules", "kcd", "--target", "50", "--dice-catalog", file.path, "--dice-set", "sixes:2",
            "--dice-set", "twos:3", "--strategy", "ev-target", "--strategy", "greedy",
        ]
        let result = try CommandRunner.run(race + ["--format", "json"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        let wins = try #require(json["win_probabilities"] as? [Double])
        #expect(abs(wins[0] - expected) < 1e-12, "\(wins[0]) vs \(expected)")
        #expect(abs(wins[1] - (1 - expected)) < 1e-12)
        #expect(json["tie_probability"] as? Double == 0)
        #expect(json["strategies"] as? [String] == ["ev-target", "greedy"])
        #expect(json["dice_sets"] as? [String] == ["sixes:2,ordinary:4", "twos:3,ordinary:3"])
        #expect(json["pairs"] as? Int == 1)

        // Markdown: the layout without dice sets, the sets on a line of their own.
        let text = try CommandRunner.run(race)
        #expect(text.exitStatus == 0)
        let lines = text.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "# Exact odds: ev-target against greedy (rules: kcd)")
        let sets = "Dice sets: seat 1 carries sixes:2,ordinary:4, seat 2 twos:3,ordinary:3;"
        #expect(lines.contains { $0.hasPrefix(sets) })
        #expect(lines.contains("| Seat | Strategy | Wins |"))
        let row = try #require(lines.first { $0.hasPrefix("| 1 | ev-target | ") })
        let printed = try #require(Double(row.split(separator: "|")[2].trimmingCharacters(in: .whitespaces)))
        #expect(abs(printed - expected) < 1e-11, "\(row)")
        #expect(lines.contains("| Tie | | 0.00000000000 |"))
    }

    @Test(
        "the race to 50 solved to win, written with --out and read with --policy, gives the closed form; other dice are refused"
    )
    func policyFileOfDiceSets() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("catalog.json")
        try Data(Self.catalog.utf8).write(to: file)
        let policy = directory.appendingPathComponent("race.policy").path
        let ordinary = [Double](repeating: 1, count: 6)
        let first = Self.farkleChance([[1, 1, 1, 1, 1, 5]] + Array(repeating: ordinary, count: 5))
        let second = Self.farkleChance(Array(repeating: ordinary, count: 6))
        // Every scoring keep reaches 50 and wins: best play banks it, and a farkle hands the turn over.
        let expected = (1 - first) / (1 - first * second)
        let race = ["--rules", "kcd", "--target", "50", "--dice-catalog", file.path, "--dice-set", "sixes:1"]
        let solve = try CommandRunner.run(
            ["solve", "--objective", "win", "--format", "json", "--no-cache", "--out", policy] + race)
        #expect(solve.exitStatus == 0, "\(solve.standardError)")
        let solved = try #require(try jsonObject(solve)["first_player_win_probability"] as? Double)
        #expect(abs(solved - expected) < 1e-12, "\(solved) vs \(expected)")
        let evaluate = try CommandRunner.run(
            [
                "evaluate", "--strategy", "win", "--strategy", "win", "--format", "json", "--no-cache", "--policy",
                policy,
            ]
                + race + ["--dice-set", "ordinary"])
        #expect(evaluate.exitStatus == 0, "\(evaluate.standardError)")
        #expect(evaluate.standardError.isEmpty, "the policy is read, nothing solved: \(evaluate.standardError)")
        let wins = try #require(try jsonObject(evaluate)["win_probabilities"] as? [Double])
        #expect(abs(wins[0] - expected) < 1e-12, "\(wins[0]) vs \(expected)")
        // The same file for other dice, or for ordinary dice, is one error line and the usage.
        for (arguments, words) in [
            (
                ["evaluate", "--strategy", "win", "--strategy", "ev-target", "--dice-set", "twos:1"],
                "other dice of player 1"
            ),
            (
                [
                    "simulate", "--strategy", "win", "--strategy", "greedy", "--dice-set", "sixes:1", "--dice-set",
                    "twos:1",
                ], "other dice of player 2"
            ),
        ] {
            let refused = try CommandRunner.run(
                arguments + ["--rules", "kcd", "--target", "50", "--dice-catalog", file.path, "--policy", policy])
            #expect(refused.exitStatus == 64, "\(arguments)")
            #expect(refused.standardError.hasPrefix("Error: policy file '"), "\(refused.standardError)")
            #expect(refused.standardError.contains(words), "\(refused.standardError)")
            #expect(refused.standardOutput.isEmpty)
        }
        // Six dice that always show 1 score on every roll and come back to the whole set: ev's points are unbounded.
        let ones = directory.appendingPathComponent("ones.json")
        try Data(#"{"dice": [{"name": "ones", "weights": [1, 0, 0, 0, 0, 0]}]}"#.utf8).write(to: ones)
        for command in [["evaluate", "--strategy", "greedy"], ["simulate", "--games", "10", "--strategy", "greedy"]] {
            let unbounded = try CommandRunner.run(
                command + [
                    "--strategy", "ev", "--rules", "kcd", "--dice-catalog", ones.path, "--dice-set", "ordinary",
                    "--dice-set", "ones:6",
                ])
            #expect(unbounded.exitStatus == 64, "\(command)")
            #expect(unbounded.standardOutput.isEmpty)
            #expect(
                unbounded.standardError.hasPrefix(
                    "Error: strategy 'ev': the expected points of the dice set ones:6 are unbounded under rules 'kcd'"),
                "\(unbounded.standardError)")
        }
        let plain = try CommandRunner.run(
            [
                "evaluate", "--strategy", "win", "--strategy", "ev", "--rules", "kcd", "--target", "50", "--policy",
                policy,
            ])
        #expect(plain.exitStatus == 64)
        #expect(plain.standardError.contains("it holds a race between dice sets, not a race with ordinary dice"))
    }

    @Test("six ordinary dice given as sets are the plain game: the odds without --dice-set, even under standard")
    func ordinarySetsArePlain() throws {
        let base = [
            "evaluate", "--rules", "standard", "--target", "1000", "--strategy", "greedy", "--strategy",
            "threshold:300,400", "--format", "json",
        ]
        let plain = try jsonObject(try CommandRunner.run(base))
        for sets in [["--dice-set", "ordinary:6"], ["--dice-set", "ordinary", "--dice-set", "ordinary:6"]] {
            let result = try CommandRunner.run(base + sets)
            #expect(result.exitStatus == 0, "\(result.standardError)")
            let json = try jsonObject(result)
            #expect(json["dice_sets"] == nil)
            for key in ["win_probabilities", "tie_probability", "pairs"] {
                #expect("\(json[key] ?? "none")" == "\(plain[key] ?? "other")", "\(key)")
            }
        }
        // Loaded dice there are refused, with one line: the final round is followed for these plays, but not six 1s
        // that win at once.
        let refused = try CommandRunner.run(base + ["--dice-set", "odd:2"])
        #expect(refused.exitStatus == 64)
        #expect(refused.standardOutput.isEmpty)
        #expect(
            refused.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") } == [
                "Error: loaded dice play every six of a kind as points, not as a win at once; rules 'standard' make six "
                    + "1s win (\"six_of_a_kind\": \"points\" in a rule file)"
            ], "\(refused.standardError)")
    }
}
