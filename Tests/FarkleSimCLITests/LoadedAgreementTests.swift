import Foundation
import Testing

@Suite("Loaded dice: evaluate, simulate, solve and advise agree")
struct LoadedAgreementTests {
    static let race = ["--rules", "kcd", "--target", "300", "--dice-set", "odd:2", "--dice-set", "heavenly-kingdom:1"]

    @Test(
        "evaluate's exact odds of win against ev-target match simulated games within 4 SE; win against win is solve's")
    func evaluateMatchesSimulateAndSolve() throws {
        let evaluated = try CommandRunner.run(
            ["evaluate"] + Self.race + ["--strategy", "win", "--strategy", "ev-target", "--format", "json", "--quiet"])
        #expect(evaluated.exitStatus == 0, "\(evaluated.standardError)")
        let odds = try #require(try jsonObject(evaluated)["win_probabilities"] as? [Double])
        #expect(odds.count == 2 && abs(odds[0] + odds[1] - 1) < 1e-12)
        let games = 10_000
        let simulated = try CommandRunner.run(
            Self.race + [
                "--strategy", "win", "--strategy", "ev-target", "--games", "\(games)", "--seed", "5", "--format",
                "json",
                "--quiet",
            ])
        #expect(simulated.exitStatus == 0, "\(simulated.standardError)")
        let seats = try #require(try jsonObject(simulated)["seats"] as? [[String: Any]])
        #expect(seats.map { $0["strategy"] as? String } == ["win", "ev-target"])
        let rate = try #require(seats[0]["win_rate"] as? Double)
        let error = (rate * (1 - rate) / Double(games)).squareRoot()
        #expect(abs(rate - odds[0]) < 4 * error, "\(rate) ± \(error) vs \(odds[0])")

        let both = try CommandRunner.run(
            ["evaluate"] + Self.race + ["--strategy", "win", "--strategy", "win", "--format", "json", "--quiet"])
        let solved = try CommandRunner.run(Array(["solve", "--objective", "win", "--format", "json"] + Self.race))
        let first = try #require(try jsonObject(solved)["first_player_win_probability"] as? Double)
        let exact = try #require(try jsonObject(both)["win_probabilities"] as? [Double])
        #expect(abs(exact[0] - first) < 1e-12)
    }

    @Test("advise: --my-score caps what a bank is worth; --opponent-score adds the chance to win per keep")
    func adviseTotals() throws {
        let base = ["advise", "--rules", "kcd", "--target", "300", "--dice", "1,5@odd,5,2,3", "--format", "json"]
        let capped = try jsonObject(try CommandRunner.run(base + ["--my-score", "200"]))
        #expect(capped["my_score"] as? Int == 200)
        let keeps = try #require(capped["keeps"] as? [[String: Any]])
        // A bank is worth at most the 100 points left to the target, rolling on no more.
        #expect(
            keeps.allSatisfy { ($0["bank_value"] as? Double ?? 0) <= 100 && ($0["roll_value"] as? Double ?? 0) <= 100 })
        #expect(keeps.allSatisfy { $0["win_bank_value"] == nil })
        let result = try CommandRunner.run(
            base + ["--my-score", "200", "--opponent-score", "250", "--opponent-set", "weighted"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let json = try jsonObject(result)
        #expect(json["opponent_dice_set"] as? String == "weighted:1,ordinary:5")
        let win = try #require(json["keeps"] as? [[String: Any]])
        // A keep of 100 points or more reaches the target from 200: banking wins at once.
        let reaching = win.filter { ($0["points"] as? Int ?? 0) >= 100 }
        #expect(reaching.count == 5)
        #expect(reaching.allSatisfy { $0["win_bank_value"] as? Double == 1 && $0["win_action"] as? String == "bank" })
        #expect(win.allSatisfy { ($0["win_roll_value"] as? Double ?? 2) < 1 })
        #expect(win.filter { $0["best_to_win"] as? Bool == true }.count == 1)
        let text = try CommandRunner.run(
            Array(base.dropLast(2)) + ["--my-score", "0", "--opponent-score", "250"])
        #expect(text.standardOutput.contains("## To win: 0 against 250"))
        #expect(text.standardOutput.contains("objectives"))
        for (extra, message) in [
            (["--opponent-score", "100"], "'--opponent-score' needs '--my-score'"),
            (["--my-score", "0", "--opponent-set", "odd"], "'--opponent-set' is for the advice to win"),
            (["--my-score", "300"], "'--my-score' must be from 0 to 299"),
        ] {
            let refused = try CommandRunner.run(base + extra)
            #expect(refused.exitStatus == 64, "\(extra)")
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
    }

    @Test("greedy against threshold with dice sets: evaluate's exact odds match simulated games within 4 SE")
    func greedyAndThreshold() throws {
        let race = [
            "--rules", "kcd", "--target", "1000", "--dice-set", "odd:1,die-of-misfortune:1", "--dice-set",
            "heavenly-kingdom:2", "--strategy", "threshold:300,500", "--strategy", "greedy",
        ]
        let evaluated = try CommandRunner.run(["evaluate"] + race)
        #expect(evaluated.exitStatus == 0)
        #expect(evaluated.standardError.isEmpty)
        #expect(evaluated.standardOutput.hasPrefix("# Exact odds: threshold:300,500 against greedy (rules: kcd)"))
        #expect(
            evaluated.standardOutput.contains(
                "\nDice sets: seat 1 carries odd:1,die-of-misfortune:1,ordinary:4, "
                    + "seat 2 heavenly-kingdom:2,ordinary:4;"))
        let odds = try #require(
            try jsonObject(try CommandRunner.run(["evaluate"] + race + ["--format", "json"]))["win_probabilities"]
                as? [Double])
        let games = 10_000
        let simulated = try CommandRunner.run(
            race + ["--games", "\(games)", "--seed", "8", "--format", "json", "--quiet"])
        #expect(simulated.exitStatus == 0)
        #expect(simulated.standardError.isEmpty)
        let seats = try #require(try jsonObject(simulated)["seats"] as? [[String: Any]])
        #expect(seats.map { $0["strategy"] as? String } == ["threshold:300,500", "greedy"])
        #expect(
            seats.map { $0["dice_set"] as? String } == [
                "odd:1,die-of-misfortune:1,ordinary:4", "heavenly-kingdom:2,ordinary:4",
            ])
        let rate = try #require(seats[0]["win_rate"] as? Double)
        let error = (rate * (1 - rate) / Double(games)).squareRoot()
        #expect(abs(rate - odds[0]) < 4 * error, "\(rate) ± \(error) vs \(odds[0])")

        for command in [[], ["evaluate"]] {
            let help = try CommandRunner.run(command + ["--help"])
            #expect(help.exitStatus == 0)
            let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(
                text.contains(
                    "threshold:T1,T2 (the highest-scoring keep; on a tie in points the fewest dice, then the dice left "
                        + "most likely to score on the next roll)"), "\(command)")
            let refused = try CommandRunner.run(
                command + Array(race.dropLast(4)) + ["--strategy", "farkleten-hard", "--strategy", "ev-target"])
            #expect(refused.exitStatus == 64)
            #expect(refused.standardOutput.isEmpty)
            let lines = refused.standardError.split(separator: "\n")
            #expect(
                lines.filter { $0.hasPrefix("Error:") } == [
                    "Error: 'farkleten-hard' does not know loaded dice (with loaded dice: ev, ev-target, win, greedy, "
                        + "threshold:T1,T2)"
                ])
        }
    }

    @Test("greedy or threshold with six dice that score on every roll is refused: the turn might never end")
    func endlessTurnsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sure.json")
        try Data(#"{"dice": [{"name": "sure", "weights": [1, 0, 0, 0, 1, 0]}]}"#.utf8).write(to: file)
        let race = [
            "--rules", "kcd", "--target", "1000", "--dice-catalog", file.path, "--dice-set", "sure:6",
            "--dice-set", "odd",
        ]
        for command in [["--games", "10"], ["evaluate"]] {
            let refused = try CommandRunner.run(
                command + race + ["--strategy", "threshold:300,500", "--strategy", "ev-target"])
            #expect(refused.exitStatus == 64)
            #expect(refused.standardOutput.isEmpty)
            #expect(
                refused.standardError.hasPrefix(
                    "Error: strategy 'threshold:300,500' with the dice set sure:6 may never end a turn: every roll of its "
                        + "six dice scores; play it 'ev-target' or 'win'\n"))
        }
        // The same dice playing ev-target bank the cap: that game ends.
        let ev = try CommandRunner.run(["evaluate"] + race + ["--strategy", "ev-target", "--strategy", "greedy"])
        #expect(ev.exitStatus == 0)
        #expect(ev.standardOutput.contains("Dice sets: seat 1 carries sure:6, seat 2 odd:1,ordinary:5;"))
        #expect(ev.standardOutput.contains("| 1 | ev-target | 1.00000000000 |"))
    }
}
