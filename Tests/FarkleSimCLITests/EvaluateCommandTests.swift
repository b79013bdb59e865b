import FarkleKit
import Foundation
import Testing

@Suite("farkle-sim evaluate")
struct EvaluateCommandTests {
    @Test("JSON gives each seat's chance to win and the tie chance, adding up to 1, nothing on stderr")
    func json() throws {
        let result = try CommandRunner.run([
            "evaluate", "--strategy", "ev", "--strategy", "greedy", "--rules", fixtureRules("ones-race.json"),
            "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        let wins = try #require(json["win_probabilities"] as? [Double])
        let tie = try #require(json["tie_probability"] as? Double)
        #expect(wins.count == 2)
        #expect(abs(wins[0] + wins[1] + tie - 1) < 1e-12)
        // ev banks more points per turn than greedy in this race, and moves first.
        #expect(wins[0] > wins[1])
        #expect(json["strategies"] as? [String] == ["ev", "greedy"])
    }

    @Test(
        "win against win gives the odds solve --objective win prints, with and without a three-farkle penalty, and where a scoreless opening roll costs points",
        arguments: ["ones-race.json", "ones-penalty-race.json", "ones-cost-race.json"])
    func winMirrorMatchesSolve(fixture: String) throws {
        let rules = fixtureRules(fixture)
        let evaluated = try CommandRunner.run([
            "evaluate", "--strategy", "win", "--strategy", "win", "--rules", rules, "--format", "json", "--quiet",
        ])
        let solved = try CommandRunner.run(["solve", "--objective", "win", "--rules", rules, "--format", "json"])
        #expect(evaluated.exitStatus == 0 && solved.exitStatus == 0)
        #expect(evaluated.standardError.isEmpty)
        let odds = try jsonObject(evaluated)
        let solution = try jsonObject(solved)
        let wins = try #require(odds["win_probabilities"] as? [Double])
        let tie = try #require(odds["tie_probability"] as? Double)
        let solvedWin = try #require(solution["first_player_win_probability"] as? Double)
        let solvedTie = try #require(solution["tie_probability"] as? Double)
        #expect(abs(wins[0] - solvedWin) < 1e-9)
        #expect(abs(tie - solvedTie) < 1e-9)
    }

    @Test("Markdown names the seats, and a win seat is solved first with a note on stderr")
    func markdown() throws {
        let result = try CommandRunner.run([
            "evaluate", "--strategy", "win", "--strategy", "threshold:300,300", "--rules",
            fixtureRules("ones-race.json"),
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.hasPrefix("# Exact odds: win against threshold:300,300 (rules: ones-race)"))
        #expect(result.standardOutput.contains("| 1 | win | 0."))
        #expect(result.standardOutput.contains("| 2 | threshold:300,300 | 0."))
        #expect(result.standardError.hasPrefix("Solving rules 'ones-race' to win"))
    }

    @Test("--help says it is exact, for 2 or 3 players, and how it handles a three-farkle penalty")
    func help() throws {
        let result = try CommandRunner.run(["evaluate", "--help"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.contains("Give --strategy three times for three players"))
        #expect(result.standardOutput.contains("three-farkle penalty"))
        #expect(result.standardOutput.contains("no sampling") || result.standardOutput.contains("without sampling"))
    }

    @Test("three players racing without a final round: win against two ev players, exact, the library's odds")
    func threePlayersWin() throws {
        let path = fixtureRules("short-race-trio.json")
        let result = try CommandRunner.run([
            "evaluate", "--rules", path, "--strategy", "win", "--strategy", "ev", "--strategy", "ev", "--format",
            "json", "--no-cache", "--quiet",
        ])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let json = try jsonObject(result)
        let printed = try #require(json["win_probabilities"] as? [Double])
        var context = StrategyContext(
            table: ScoringTable(rules: try RuleSet.load(path)))
        let exact = try ExactOdds(strategies: [.win, .expectedValue, .expectedValue], context: &context)
        #expect(printed.count == 3, "\(json)")
        for (value, odds) in zip(printed, exact.winProbabilities) { #expect(abs(value - odds) < 1e-15) }
        // Playing to win beats playing for points from the first seat.
        #expect(printed[0] > printed[1])
    }

    @Test(
        "bad strategies and rule sets it cannot evaluate: one Error line, usage, exit 64, nothing on stdout",
        arguments: [
            (["--strategy", "ev"], "Error: evaluate needs 2 or 3 strategies"),
            (
                ["--strategy", "ev", "--strategy", "ev", "--strategy", "ev", "--strategy", "ev"],
                "Error: evaluate needs 2 or 3 strategies"
            ),
            (
                ["--strategy", "win", "--strategy", "ev", "--strategy", "ev"],
                "Error: strategy 'win' among three players is evaluated in a race without a final round"
            ),
            (["--strategy", "ev", "--strategy", "bold"], "Error: strategy 'bold' is not a strategy"),
            ([], "Error: missing"),
            (
                ["--strategy", "win", "--strategy", "ev", "--rules", "zilch", "--policy", "/nonexistent"],
                "Error: policy file '/nonexistent': cannot read the file"
            ),
            (
                ["--strategy", "win", "--strategy", "ev", "--rules", fixtureRules("penalty-entry.json")],
                "Error: strategy 'win': "
            ),
            (["--strategy", "ev", "--strategy", "ev", "--format", "csv"], "Error: "),
            (["--strategy", "ev", "--strategy", "ev", "--threads", "0"], "Error: "),
        ])
    func refusals(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(["evaluate"] + arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(result.standardError.components(separatedBy: "Error:").count == 2)
        #expect(result.standardError.contains("Usage: farkle-sim evaluate"))
    }

    @Test("under a three-farkle penalty: the odds in JSON with the sweeps and their last change")
    func penaltyJSON() throws {
        let result = try CommandRunner.run([
            "evaluate", "--rules", "zilch", "--target", "500", "--strategy", "ev", "--strategy", "greedy", "--format",
            "json",
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        let wins = try #require(json["win_probabilities"] as? [Double])
        let tie = try #require(json["tie_probability"] as? Double)
        let sweeps = try #require(json["sweeps"] as? Int)
        let change = try #require(json["last_change"] as? Double)
        #expect(wins.count == 2 && abs(wins[0] + wins[1] + tie - 1) < 1e-12)
        // ev banks more points per turn than greedy, and moves first.
        #expect(wins[0] > wins[1] && tie > 0)
        #expect(sweeps > 1 && change <= 1e-12)
        // Totals from -2,000 (four penalties under zero) to 450: 50 levels, nine pairs of farkle counts.
        #expect(json["pairs"] as? Int == 9 * 50 * 50)
    }

    @Test("under a three-farkle penalty, Markdown names the seats and the sweeps, and win is solved first")
    func penaltyMarkdown() throws {
        let result = try CommandRunner.run([
            "evaluate", "--strategy", "win", "--strategy", "ev", "--rules", fixtureRules("ones-penalty-race.json"),
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.hasPrefix("# Exact odds: win against ev (rules: ones-penalty-race)"))
        #expect(result.standardOutput.contains("| 1 | win | 0."))
        #expect(result.standardOutput.contains("states of totals and farkles in a row,"))
        #expect(result.standardOutput.contains(" sweeps (last change "))
        #expect(result.standardError.hasPrefix("Solving rules 'ones-penalty-race' to win"))
    }

    @Test("a rule file for 3 players takes one strategy per player")
    func threePlayers() throws {
        let result = try CommandRunner.run([
            "evaluate", "--strategy", "ev", "--strategy", "greedy", "--rules", fixtureRules("house-variant.json"),
        ])
        #expect(result.exitStatus == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: rules 'house-variant' are for 3 players: give one --strategy per player"))
    }

    @Test("three strategies: each seat's exact chance and the ties, in Markdown and in JSON")
    func threeStrategies() throws {
        let arguments = [
            "evaluate", "--strategy", "ev", "--strategy", "greedy", "--strategy", "ev", "--rules", "cardgames",
            "--target", "1000",
        ]
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.exitStatus == 0)
        #expect(markdown.standardOutput.hasPrefix("# Exact odds: ev against greedy against ev (rules: cardgames)"))
        #expect(markdown.standardOutput.contains("| 3 | ev |"))
        #expect(markdown.standardOutput.contains("8,000 sets of three totals"))
        let json = try CommandRunner.run(arguments + ["--format", "json", "--quiet"])
        #expect(json.exitStatus == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let wins = object?["win_probabilities"] as? [Double] ?? []
        let tie = object?["tie_probability"] as? Double ?? -1
        #expect(wins.count == 3)
        // The first bank at the target wins: no ties, and the chances cover every game.
        #expect(tie >= 0 && tie < 1e-12)
        #expect(abs(wins.reduce(0, +) - 1) < 1e-12)
        #expect(object?["sets"] as? Int == 8000)
    }
}

@Suite("farkle-sim --strategy win")
struct SimulateWinTests {
    @Test("simulate solves first (a note on stderr, none with --quiet) and names the win seat")
    func simulatesWin() throws {
        let rules = fixtureRules("ones-race.json")
        let noisy = try CommandRunner.run([
            "--strategy", "win", "--strategy", "ev", "--rules", rules, "--games", "2000",
        ])
        #expect(noisy.exitStatus == 0)
        #expect(noisy.standardOutput.contains("| 1 | win |"))
        #expect(noisy.standardError.hasPrefix("Solving rules 'ones-race' to win"))
        let quiet = try CommandRunner.run([
            "--strategy", "win", "--rules", rules, "--games", "2000", "--quiet", "--format", "json",
        ])
        #expect(quiet.exitStatus == 0)
        #expect(quiet.standardError.isEmpty)
    }

    @Test("at a table of four, win plays the 2-player race against the leader and says so on stderr")
    func largerTable() throws {
        let result = try CommandRunner.run(
            ["--players", "4", "--strategy", "win"] + Array(repeating: ["--strategy", "ev"], count: 3).joined()
                + ["--rules", fixtureRules("ones-race.json"), "--games", "2000"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("| 1 | win |") && result.standardOutput.contains("| 4 | ev |"))
        #expect(
            result.standardError.hasPrefix(
                "Strategy 'win' at a table of 4: the 2-player race solved to win, played against the leading opponent"))
    }

    @Test(
        "win where the solver does not apply: one Error line, exit 64",
        arguments: [
            (
                ["--players", "3", "--rules", "zilch"],
                "Error: strategy 'win' plays 3 players only in a race without a three-farkle penalty or rounds"
            ),
            (["--players", "1"], "Error: strategy 'win' needs an opponent: 2 to 8 players, not 1"),
            (
                ["--rules", fixtureRules("penalty-entry.json")],
                "Error: strategy 'win': the win-probability solver does not handle an entry minimum"
            ),
        ])
    func refusals(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(["--strategy", "win", "--games", "10"] + arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    }
}
