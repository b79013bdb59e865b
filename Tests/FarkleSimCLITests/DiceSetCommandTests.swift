import Foundation
import Testing

@Suite("Loaded dice on the command line: --dice-set and --dice-catalog")
struct DiceSetCommandTests {
    @Test("solve --dice-set: six ordinary dice by any name give the plain kcd value; loaded dice score more")
    func solve() throws {
        let plain = try jsonObject(
            try CommandRunner.run(["solve", "--rules", "kcd", "--target", "1000", "--format", "json"]))
        let plainCapped = try #require(plain["capped"] as? [String: Any])
        let named = try CommandRunner.run([
            "solve", "--rules", "kcd", "--target", "1000", "--dice-set", "hugos:6", "--format", "json",
        ])
        let namedCapped = try #require(try jsonObject(named)["capped"] as? [String: Any])
        #expect(namedCapped["from_zero"] as? Double == plainCapped["from_zero"] as? Double)
        let loaded = try CommandRunner.run([
            "solve", "--rules", "kcd", "--target", "1000", "--dice-set", "heavenly-kingdom:2,odd:1", "--format", "json",
        ])
        #expect(loaded.exitStatus == 0)
        let json = try jsonObject(loaded)
        #expect(json["dice_set"] as? String == "heavenly-kingdom:2,odd:1,ordinary:3")
        #expect(json["states"] as? Int == 23)
        let value = try #require(json["expected_points_toward_target"] as? Double)
        #expect(value > (plainCapped["from_zero"] as? Double ?? .infinity))
    }

    @Test("solve --dice-set in any game of six dice: the turn's expected points, as simulated ev turns score them")
    func expectedPointsInAnyGame() throws {
        let rules = ["--rules", "standard", "--dice-set", "heavenly-kingdom:2,odd:1"]
        let solved = try CommandRunner.run(["solve"] + rules + ["--format", "json"])
        #expect(solved.exitStatus == 0, "\(solved.standardError)")
        let json = try jsonObject(solved)
        let exact = try #require(json["expected_turn_score"] as? Double)
        // A final round: no points toward a target that wins at once.
        #expect(json["capped"] == nil && json["expected_points_toward_target"] == nil)
        let games = try jsonObject(
            try CommandRunner.run(
                ["simulate"] + rules + ["--strategy", "ev", "--games", "20000", "--seed", "5", "--format", "json"]))
        let mean = try #require(games["mean_points_per_turn"] as? Double)
        let error = try #require(games["mean_points_per_turn_standard_error"] as? Double)
        #expect(abs(mean - exact) < 4 * error, "exact \(exact), simulated \(mean) ± \(error)")
        // The loaded dice score more than six ordinary dice's 925.83 per turn.
        #expect(exact > 1000)
        let markdown = try CommandRunner.run(["solve"] + rules)
        #expect(markdown.standardOutput.contains("from the opening roll: **\(String(format: "%.2f", exact))**"))
        #expect(!markdown.standardOutput.contains("Toward the target"))
        // In kcd the race is won at once: the points toward the target too.
        let race = try jsonObject(
            try CommandRunner.run(["solve", "--rules", "kcd", "--dice-set", "odd:1", "--format", "json"]))
        #expect(race["expected_turn_score"] is Double && race["capped"] is [String: Any])
    }

    @Test(
        "solve --dice-set refuses what it cannot honour in one line (exit 64)",
        arguments: [
            (["--rules", "zilch"], "under a three-farkle penalty of 500 points 'ev' is the long-run average"),
            (
                ["--rules", "standard", "--format", "csv"],
                "'--format csv' with a dice set is the points toward the target"
            ),
            (["--rules", "kcd", "--max-points", "500"], "'--max-points' is for six ordinary dice"),
            (["--rules", "five-thousand"], "loaded dice are six dice a player carries"),
        ])
    func solveRefusals(extra: [String], message: String) throws {
        let result = try CommandRunner.run(["solve", "--dice-set", "odd:1"] + extra)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1 && errors.first?.contains(message) == true, "\(result.standardError)")
    }

    @Test(
        "six 1s that win at once: every game with dice sets is refused in one line (exit 64); the turn alone is solved",
        arguments: [
            ["simulate", "--games", "1000", "--dice-set", "odd:1"],
            ["solve", "--objective", "win", "--dice-set", "odd:1"],
            ["evaluate", "--strategy", "ev", "--strategy", "greedy", "--dice-set", "odd:1"],
            [
                "advise", "--dice", "1@odd,2,3,4,4,6", "--my-score", "100", "--opponent-score", "200", "--dice-set",
                "odd:1",
            ],
            ["dice-set", "--inventory", "odd,weighted"],
        ])
    func sixOnesWin(command: [String]) throws {
        let rules = ["--rules", fixtureRules("kcd-six-ones.json"), "--target", "1000"]
        let result = try CommandRunner.run(command + rules + ["--quiet"])
        #expect(result.exitStatus == 64, "\(command): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1, "\(command): \(result.standardError)")
        #expect(errors.first?.contains("six 1s") == true, "\(command): \(errors)")
        let turn = try CommandRunner.run(["solve"] + rules + ["--dice-set", "odd:1", "--format", "json"])
        #expect(turn.exitStatus == 0, "\(turn.standardError)")
        #expect(try jsonObject(turn)["dice_set"] as? String == "odd:1,ordinary:5")
    }

    @Test("validate --dice-set checks every part of the set die by die and passes")
    func validate() throws {
        let result = try CommandRunner.run([
            "validate", "--rules", "kcd", "--dice-set", "odd:2", "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        let states = try #require(try jsonObject(result)["states"] as? [[String: Any]])
        #expect(states.count == 3 * 5 - 1)
        #expect(states.allSatisfy { $0["passed"] as? Bool == true })
    }

    @Test("a user catalog adds dice; unknown dice, bad counts and bad catalogs are one-line usage errors")
    func catalogAndErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kcd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("mine.json")
        try Data(#"{"dice": [{"name": "sixes", "weights": [1, 1, 1, 1, 1, 20]}]}"#.utf8).write(to: file)
        let mine = try CommandRunner.run([
            "solve", "--rules", "kcd", "--target", "500", "--dice-catalog", file.path, "--dice-set", "sixes:3",
        ])
        #expect(mine.exitStatus == 0)
        for (arguments, message) in [
            (["--dice-set", "nosuch:1"], "Error: '--dice-set': 'nosuch:1' in the dice set"),
            (
                ["--dice-set", "odd:9"],
                "Error: '--dice-set': 'odd:9' in the dice set 'odd:9': the count must be 1 to 6"
            ),
            (
                ["--dice-catalog", directory.appendingPathComponent("none.json").path, "--dice-set", "odd"],
                "cannot be read"
            ),
            (["--dice-set", "odd", "--dice-set", "even"], "takes one '--dice-set'"),
            (
                ["--dice-set", "odd", "--rules", "standard", "--objective", "win"],
                "loaded dice are solved for a race won at the target"
            ),
        ] {
            let rules = arguments.contains("--rules") ? [] : ["--rules", "kcd"]
            let result = try CommandRunner.run(["solve"] + rules + arguments)
            #expect(result.exitStatus == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: "))
            #expect(result.standardOutput.isEmpty)
        }
    }
}

@Suite("farkle-sim advise with loaded dice")
struct LoadedAdviseCommandTests {
    @Test("face@die names a loaded die; each keep lists the dice it leaves, bank_value and roll_value")
    func keepChoiceVisible() throws {
        let result = try CommandRunner.run([
            "advise", "--rules", "kcd", "--dice", "5@heavenly-kingdom,5,2,2,3,4", "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        #expect(json["dice_set"] as? String == "heavenly-kingdom:1,ordinary:5")
        let keeps = try #require(json["keeps"] as? [[String: Any]])
        let singles = keeps.filter { $0["points"] as? Int == 50 }
        #expect(singles.map { $0["leaves"] as? String } == ["heavenly-kingdom:1,ordinary:4", "ordinary:5"])
        #expect(singles.allSatisfy { $0["bank_value"] as? Double == 50 })
        let values = singles.compactMap { $0["roll_value"] as? Double }
        #expect(values.count == 2 && values[0] > values[1] + 1)
        #expect(keeps.first?["best"] as? Bool == true && keeps.first?["dice"] as? [String] == ["5"])
    }

    @Test("a die the set does not hold, too many of a kind, or an unknown die is a usage error")
    func badRolls() throws {
        for (dice, set, message) in [
            ("5@odd", "heavenly-kingdom:1", "rolls an odd die, which the set"),
            ("5@odd,1@odd", "odd:1", "rolls 2 odd dice; the set"),
            ("5@nosuch", "", "'nosuch' is no die of the catalog"),
            ("7@odd", "", "must list faces from 1 to 6"),
        ] {
            let result = try CommandRunner.run(
                ["advise", "--rules", "kcd", "--dice", dice] + (set.isEmpty ? [] : ["--dice-set", set]))
            #expect(result.exitStatus == 64, "\(dice)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }
}

@Suite("farkle-sim with a --dice-set per seat")
struct LoadedSimulateCommandTests {
    @Test("each seat's first turns agree with the exact value within 4 standard errors; same seed, same output")
    func games() throws {
        let arguments = [
            "--rules", "kcd", "--target", "1000", "--dice-set", "weighted:2", "--dice-set", "ordinary",
            "--games", "3000", "--format", "json", "--seed", "5",
        ]
        let result = try CommandRunner.run(arguments + ["--threads", "2"])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        let seats = try #require(json["seats"] as? [[String: Any]])
        #expect(seats.map { $0["dice_set"] as? String } == ["weighted:2,ordinary:4", "ordinary:6"])
        for seat in seats {
            let mean = try #require(seat["first_turn_mean"] as? Double)
            let error = try #require(seat["first_turn_standard_error"] as? Double)
            let exact = try #require(seat["first_turn_exact"] as? Double)
            #expect(abs(mean - exact) < 4 * error, "\(mean) ± \(error) vs \(exact)")
        }
        #expect(seats.compactMap { $0["wins"] as? Int }.reduce(0, +) == 3000)
        let again = try jsonObject(try CommandRunner.run(arguments + ["--threads", "1"]))
        #expect((again["seats"] as? [[String: Any]])?.map { $0["wins"] as? Int } == seats.map { $0["wins"] as? Int })
    }

    /// Two seats with dice sets whose names hold commas, in a short race.
    static let loadedRace = [
        "--rules", "kcd", "--target", "1000", "--dice-set", "heavenly-kingdom:2,odd:1", "--dice-set", "odd:2",
        "--strategy", "ev-target", "--strategy", "threshold:300,500", "--games", "3000", "--seed", "11", "--quiet",
    ]

    @Test("CSV with dice sets: the plain columns, then each seat's dice set and first turn, quoted where needed")
    func csv() throws {
        let result = try CommandRunner.run(Self.loadedRace + ["--format", "csv"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let rows = result.standardOutput.split(separator: "\n").map { csvFields(String($0)) }
        #expect(rows.count == 3)
        let header = rows[0]
        #expect(header.starts(with: ["seat", "strategy", "wins", "win_rate"]))
        #expect(
            Array(header.suffix(5)) == [
                "dice_set", "first_turns", "first_turn_mean", "first_turn_standard_error", "first_turn_exact",
            ])
        let seats = rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        #expect(seats.map { $0["strategy"] } == ["ev-target", "threshold:300,500"])
        #expect(seats.map { $0["dice_set"] } == ["heavenly-kingdom:2,odd:1,ordinary:3", "odd:2,ordinary:4"])
        #expect(seats.compactMap { Int($0["wins"] ?? "") }.reduce(0, +) == 3000)
        for seat in seats {
            let mean = try #require(Double(seat["first_turn_mean"] ?? ""))
            let error = try #require(Double(seat["first_turn_standard_error"] ?? ""))
            let exact = try #require(Double(seat["first_turn_exact"] ?? ""))
            #expect(abs(mean - exact) < 4 * error, "\(mean) ± \(error) vs \(exact)")
        }
        // The same games as the JSON of the same seed.
        let json = try jsonObject(try CommandRunner.run(Self.loadedRace + ["--format", "json"]))
        let jsonSeats = try #require(json["seats"] as? [[String: Any]])
        #expect(jsonSeats.map { $0["wins"] as? Int } == seats.map { Int($0["wins"] ?? "") })
        #expect(jsonSeats.map { $0["first_turns"] as? Int } == seats.map { Int($0["first_turns"] ?? "") })
        #expect(json["dice_sets"] as? [String] == seats.map { $0["dice_set"] ?? "" })
        #expect(json["target"] as? Int == 1000)
        // Without dice sets a threshold's name is one quoted field too.
        let plain = try CommandRunner.run(["--games", "50", "--strategy", "threshold:300,500", "--format", "csv"])
        let plainRows = plain.standardOutput.split(separator: "\n").map { csvFields(String($0)) }
        #expect(plainRows.dropFirst().allSatisfy { $0.count == plainRows[0].count && $0[1] == "threshold:300,500" })
    }

    @Test("--out with dice sets writes the whole output to the file and nothing to stdout")
    func outFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loaded-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["json", "md", "csv"] {
            let file = directory.appendingPathComponent("games.\(format)")
            let result = try CommandRunner.run(Self.loadedRace + ["--format", format, "--out", file.path])
            #expect(result.exitStatus == 0, "\(format): \(result.standardError)")
            #expect(result.standardOutput.isEmpty && result.standardError.isEmpty, "\(format)")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasSuffix("\n"), "\(format)")
            switch format {
            case "json":
                let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                #expect(object["games"] as? Int == 3000)
                #expect(
                    object["dice_sets"] as? [String] == ["heavenly-kingdom:2,odd:1,ordinary:3", "odd:2,ordinary:4"])
            case "md":
                #expect(text.hasPrefix("# 3,000 games, 2 players, rules kcd (a race to 1,000, won at once), seed 11\n"))
                // The title states the target; the sentence under it says what reaching it does, once.
                #expect(
                    text.contains("Each seat plays with its own dice; the first bank to reach the target wins at once.")
                )
                #expect(text.components(separatedBy: "1,000").count == 2)
                #expect(text.contains("| Seat | Strategy | Dice set | Wins |"))
                #expect(text.contains("| Farkle rate | First turn | Exact |"))
                #expect(text.contains("| 2 | threshold:300,500 | odd:2,ordinary:4 | "))
            default:
                #expect(text.split(separator: "\n").count == 3)
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(leftovers.allSatisfy { !$0.hasPrefix(".") }, "\(leftovers)")
        }
    }

    @Test("a set per seat must match the players; other strategies are refused")
    func badSeats() throws {
        for (extra, message) in [
            (["--dice-set", "odd", "--dice-set", "even", "--players", "3"], "2 '--dice-set' for 3 players"),
            (
                ["--dice-set", "odd", "--strategy", "farkleten-easy"],
                "'farkleten-easy' does not know loaded dice (with loaded dice: ev, ev-target, win, greedy, threshold:T1,T2)"
            ),
            (
                ["--strategy", "ev-target", "--rules", "standard"],
                "strategy 'ev-target' plays a race won at the target at once (kcd); rules 'standard' have a final round"
            ),
            (
                ["--dice-set", "odd", "--rules", "standard"],
                "with dice sets under rules 'standard' give each seat's strategy: 'greedy' or 'threshold:T1,T2'"
            ),
            (
                ["--dice-set", "odd", "--rules", "standard", "--strategy", "ev-target", "--strategy", "greedy"],
                "seat 1 plays 'ev-target', the points toward a target that wins at once"
            ),
            (
                ["--dice-set", "odd", "--rules", "farkleten", "--strategy", "ev-target"],
                "seat 1 plays 'ev-target', the points toward a target that wins at once: loaded dice are solved for a "
                    + "race won at the target at once (kcd); rules 'farkleten' play rounds"
            ),
            (
                ["--dice-set", "odd", "--rules", "farkleten"],
                "with dice sets under rules 'farkleten' give each seat's strategy: 'greedy' or 'threshold:T1,T2'"
            ),
            (
                ["--dice-set", "odd", "--rules", "zilch", "--strategy", "ev"],
                "seat 1 plays 'ev': under a three-farkle penalty of 500 points 'ev' is the long-run average"
            ),
        ] {
            let rules = extra.contains("--rules") ? [] : ["--rules", "kcd"]
            let result = try CommandRunner.run(rules + extra + ["--games", "10"])
            #expect(result.exitStatus == 64, "\(extra)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test("dice sets play a game of rounds and a three-farkle penalty, in every format")
    func roundsAndPenalty() throws {
        let rounds = try CommandRunner.run([
            "--rules", "farkleten", "--dice-set", "odd:2", "--strategy", "greedy", "--games", "400", "--seed", "2",
        ])
        #expect(rounds.exitStatus == 0 && rounds.standardError.isEmpty, "\(rounds.standardError)")
        #expect(
            rounds.standardOutput.contains(
                "Each seat plays with its own dice; after 10 rounds the highest total wins."))
        let json = try CommandRunner.run([
            "--rules", "zilch", "--dice-set", "odd:2", "--strategy", "threshold:300,500", "--games", "2000", "--seed",
            "2", "--format", "json",
        ])
        #expect(json.exitStatus == 0, "\(json.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        // zilch takes 500 points on a third farkle in a row: penalties were taken, and counted in points.
        let penalties = try #require(object["penalties"] as? Int)
        #expect(penalties > 0 && object["penalty_points"] as? Int == 500 * penalties)
        #expect(object["target"] as? Int == 10_000)
        let farkleten = try CommandRunner.run([
            "--rules", "farkleten", "--dice-set", "odd:2", "--strategy", "greedy", "--games", "10", "--format", "json",
        ])
        let roundsObject = try #require(
            try JSONSerialization.jsonObject(with: Data(farkleten.standardOutput.utf8)) as? [String: Any])
        // A game of rounds has no target: null, not 0.
        #expect(roundsObject["target"] is NSNull)
    }

    @Test("under standard, a final round and six 1s that win at once, greedy and threshold play with dice sets")
    func finalRound() throws {
        let arguments = [
            "--rules", "standard", "--target", "2000", "--dice-set", "odd:1", "--strategy", "greedy", "--strategy",
            "threshold:300,350", "--games", "3000", "--seed", "4",
        ]
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.exitStatus == 0, "\(markdown.standardError)")
        #expect(
            markdown.standardOutput.contains(
                "; once a bank reaches the target, every other seat plays a last turn and the highest total wins."))
        let json = try CommandRunner.run(arguments + ["--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let games = try #require(object["games"] as? Int)
        let seats = try #require(object["seats"] as? [[String: Any]])
        let wins = seats.compactMap { $0["wins"] as? Int }.reduce(0, +)
        let ties = try #require(object["ties"] as? Int)
        // Every game won or tied (ties arise only in the final round).
        #expect(games == 3000 && wins + ties == games && ties > 0, "\(wins) wins, \(ties) ties")
    }
}

@Suite("farkle-sim dice-set")
struct DiceSetSearchCommandTests {
    @Test("every candidate from the inventory is counted; the best matches solve --dice-set for that set")
    func bestSet() throws {
        let result = try CommandRunner.run([
            "dice-set", "--inventory", "odd:2,weighted,hugos:3,ci,lu", "--target", "300", "--format", "json",
            "--top", "3",
        ])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        // odd (up to 2), weighted and one type for ci and lu (2): 3 × 2 × 3 = 18 sets; hugos is fair.
        #expect(json["die_types"] as? Int == 3)
        #expect(json["candidates"] as? Int == 18)
        let solvedCount = try #require(json["solved"] as? Int)
        #expect(solvedCount >= 3 && solvedCount <= 18)
        let best = try #require((json["best"] as? [[String: Any]])?.first)
        let set = try #require(best["dice_set"] as? String)
        let solved = try CommandRunner.run([
            "solve", "--rules", "kcd", "--target", "300", "--dice-set", set, "--format", "json",
        ])
        #expect(try jsonObject(solved)["expected_points_toward_target"] as? Double == best["value"] as? Double)
        let ordinary = try #require(json["ordinary_value"] as? Double)
        #expect(try #require(best["value"] as? Double) > ordinary)
    }

    @Test("pruning by the bound prints the same sets, values and order as solving every candidate")
    func prunedMatchesExhaustive() throws {
        let arguments = [
            "dice-set", "--inventory", "odd,weighted,lucky", "--target", "150", "--top", "2", "--format", "json",
        ]
        let pruned = try jsonObject(try CommandRunner.run(arguments))
        let exhaustive = try jsonObject(try CommandRunner.run(arguments + ["--exhaustive", "--threads", "1"]))
        let prunedBest = try #require(pruned["best"] as? [[String: Any]])
        let exhaustiveBest = try #require(exhaustive["best"] as? [[String: Any]])
        #expect(prunedBest.count == 2)
        #expect(prunedBest.map { $0["dice_set"] as? String } == exhaustiveBest.map { $0["dice_set"] as? String })
        #expect(prunedBest.map { $0["value"] as? Double } == exhaustiveBest.map { $0["value"] as? Double })
        #expect(exhaustive["solved"] as? Int == exhaustive["candidates"] as? Int)
        #expect(try #require(pruned["solved"] as? Int) < (exhaustive["candidates"] as? Int ?? 0))
        #expect(pruned["ordinary_value"] as? Double == exhaustive["ordinary_value"] as? Double)
    }

    @Test("the progress line is for a terminal: piped stderr stays empty, with or without --quiet")
    func noProgressOffTerminal() throws {
        for extra in [[], ["--quiet"], ["--objective", "win"], ["--exhaustive"]] {
            let result = try CommandRunner.run(
                ["dice-set", "--inventory", "odd,weighted", "--target", "150", "--top", "1"] + extra)
            #expect(result.exitStatus == 0, "\(extra)")
            #expect(result.standardError.isEmpty, "\(extra): \(result.standardError)")
            #expect(result.standardOutput.contains("| 1 | "), "\(extra)")
        }
    }

    @Test("an unknown die, a bad count or the unsolved win objective is a usage error")
    func badInventory() throws {
        for (extra, message) in [
            (["--inventory", "nosuch"], "'nosuch' names no die"),
            (["--inventory", "odd:0"], "the count must be 1 to 99"),
            (["--inventory", "odd", "--opponent-set", "odd"], "'--opponent-set' belongs to '--objective win'"),
            (["--inventory", "odd", "--objective", "win", "--opponent-set", "nosuch"], "'--opponent-set': "),
            (["--inventory", "odd", "--rules", "standard"], "loaded dice are solved for a race"),
        ] {
            let result = try CommandRunner.run(["dice-set"] + extra)
            #expect(result.exitStatus == 64, "\(extra)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }
}

@Suite("farkle-sim dice-set --rank-catalog")
struct CatalogRankingCommandTests {
    @Test("every catalog die with five ordinary dice: one row per way of rolling, exact points beside simulated wins")
    func ranking() throws {
        let result = try CommandRunner.run([
            "dice-set", "--rank-catalog", "--target", "150", "--games", "50", "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        let dice = try #require(try jsonObject(result)["dice"] as? [[String: Any]])
        // 37 dice; the six fair ones, ci/lu/fer and painters/unlucky roll alike: 29 rows.
        #expect(dice.count == 29)
        let points = dice.compactMap { $0["points"] as? Double }
        #expect(points == points.sorted(by: >))
        let fair = try #require(dice.first { ($0["dice"] as? [String])?.contains("ordinary") == true })
        #expect(fair["win_rate"] as? Double == 0.5)
        let solved = try CommandRunner.run(["solve", "--rules", "kcd", "--target", "150", "--format", "json"])
        let capped = try #require(try jsonObject(solved)["capped"] as? [String: Any])
        #expect(fair["points"] as? Double == capped["from_zero"] as? Double)
    }

    @Test("--csv-out writes the CSV of the same solves beside the Markdown on stdout; a bad path writes nothing")
    func csvBesideMarkdown() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rank-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ranking.csv")
        let ranking = ["dice-set", "--rank-catalog", "--target", "300", "--wins", "exact"]
        let both = try CommandRunner.run(ranking + ["--csv-out", file.path])
        #expect(both.exitStatus == 0 && both.standardError.isEmpty)
        #expect(both.standardOutput == (try CommandRunner.run(ranking)).standardOutput)
        #expect(both.standardOutput.hasPrefix("# One loaded die and five ordinary dice: kcd, target 300"))
        let csv = try CommandRunner.run(ranking + ["--format", "csv"])
        #expect(try String(contentsOf: file, encoding: .utf8) == csv.standardOutput)
        #expect(csv.standardOutput.hasPrefix("dice,weights,points,win_rate,win_rate_moving_first,"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ranking.csv"])

        let missing = folder.appendingPathComponent("no/such/folder/ranking.csv").path
        let failed = try CommandRunner.run(ranking + ["--csv-out", missing])
        #expect(failed.exitStatus == 1 && failed.standardOutput.isEmpty)
        #expect(failed.standardError == "Error: cannot write '\(missing)': the directory does not exist\n")
        let misplaced = try CommandRunner.run(["dice-set", "--inventory", "weighted", "--csv-out", file.path])
        #expect(misplaced.exitStatus == 64)
        #expect(misplaced.standardError.hasPrefix("Error: '--csv-out' belongs to '--rank-catalog'\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ranking.csv"])
    }
}

@Suite("The race played to win with dice sets on the command line")
struct LoadedWinCommandTests {
    @Test("solve --objective win: a set per player; dice-set --objective win ranks by the chance to win")
    func win() throws {
        let solved = try CommandRunner.run([
            "solve", "--rules", "kcd", "--target", "300", "--objective", "win", "--dice-set", "weighted",
            "--dice-set", "odd", "--format", "json",
        ])
        #expect(solved.exitStatus == 0)
        let json = try jsonObject(solved)
        #expect(json["dice_sets"] as? [String] == ["weighted:1,ordinary:5", "odd:1,ordinary:5"])
        let first = try #require(json["first_player_win_probability"] as? Double)
        let second = try #require(json["second_player_win_probability_if_it_starts"] as? Double)
        let search = try CommandRunner.run([
            "dice-set", "--inventory", "weighted", "--objective", "win", "--opponent-set", "odd", "--target", "300",
            "--format", "json",
        ])
        let best = try #require((try jsonObject(search)["best"] as? [[String: Any]])?.first)
        #expect(best["dice_set"] as? String == "weighted:1,ordinary:5")
        let value = try #require(best["value"] as? Double)
        // A coin decides who starts: the mean of winning as the starter and as the second player.
        #expect(abs(value - (first + 1 - second) / 2) < 1e-12)
    }

    @Test("dice-set --objective win prunes by the bound: the list of --exhaustive, fewer sets solved")
    func prunedWins() throws {
        let search = [
            "dice-set", "--inventory", "weighted,grozavs-lucky,even", "--objective", "win", "--target", "300", "--top",
            "2", "--format", "json",
        ]
        let pruned = try jsonObject(try CommandRunner.run(search))
        let every = try jsonObject(try CommandRunner.run(search + ["--exhaustive"]))
        let best = try #require(pruned["best"] as? [[String: Any]])
        let expected = try #require(every["best"] as? [[String: Any]])
        #expect(best.map { $0["dice_set"] as? String } == expected.map { $0["dice_set"] as? String })
        #expect(best.map { $0["value"] as? Double } == expected.map { $0["value"] as? Double })
        #expect(pruned["ordinary_value"] as? Double == every["ordinary_value"] as? Double)
        let solved = try #require(pruned["solved"] as? Int)
        #expect(solved < (try #require(pruned["candidates"] as? Int)))
    }
}

/// The fields of one CSV line: commas split, a quoted field keeps its commas and doubled quotes.
func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var characters = line.makeIterator()
    while let character = characters.next() {
        switch (character, quoted) {
        case ("\"", true):
            if let next = characters.next() {
                if next == "\"" {
                    field.append("\"")
                } else {
                    quoted = false
                    if next == "," {
                        fields.append(field)
                        field = ""
                    } else {
                        field.append(next)
                    }
                }
            } else {
                quoted = false
            }
        case ("\"", false) where field.isEmpty: quoted = true
        case (",", false):
            fields.append(field)
            field = ""
        default: field.append(character)
        }
    }
    fields.append(field)
    return fields
}
