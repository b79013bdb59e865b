import Foundation
import Testing

@Suite("farkle-sim solve --objective win in a game of fixed rounds")
struct SolveRoundsWinTests {
    @Test("JSON gives the race's keys, the tie-break's share, the cap and any head start to the first player")
    func json() throws {
        let result = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", fixtureRules("ones-rounds.json"), "--format", "json",
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
        // The second player sees the first player's total before every turn: moving first is a handicap.
        #expect(value < 0.5)
        #expect((json["fair_head_start"] as? Int ?? 1) <= 0)
        let fair = try #require(json["fair_head_start_value"] as? Double)
        #expect(abs(fair - 0.5) <= abs(value - 0.5))
        #expect(json["highest_turn_tie_break_probability"] as? Double == tie)
        #expect(tie > 0 && tie < 1e-3)
        #expect((json["difference_cap_error_bound"] as? Double ?? 1) <= 1e-12)
        #expect((json["difference_cap"] as? Int ?? 0) > 0)
        #expect((json["states"] as? Int ?? 0) > 0)
    }

    @Test("--out is refused for a game of rounds with exit 64 and one error line, and no file")
    func outRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("rounds.policy").path
        let result = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", fixtureRules("ones-rounds.json"), "--out", path,
        ])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: '--out' writes the policy of races to a target"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("simulate plays strategy win in a game of rounds; --policy is refused there")
    func simulateWin() throws {
        let result = try CommandRunner.run([
            "--games", "2000", "--rules", fixtureRules("ones-rounds.json"), "--strategy", "win", "--strategy", "ev",
            "--format", "json", "--quiet",
        ])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        #expect(json["games"] as? Int == 2000)
        // A file that starts as a policy file (magic and format version 5), so that it passes the check every
        // named file gets when the command line is parsed and the refusal is the rules'.
        let policy = FileManager.default.temporaryDirectory.appendingPathComponent("rounds-\(UUID().uuidString).policy")
        try Data(Array("FRKLWIN".utf8) + [0, 5, 0, 0, 0]).write(to: policy)
        defer { try? FileManager.default.removeItem(at: policy) }
        let refused = try CommandRunner.run([
            "--games", "10", "--rules", fixtureRules("ones-rounds.json"), "--strategy", "win", "--policy", policy.path,
        ])
        #expect(refused.exitStatus == 64)
        #expect(refused.standardError.hasPrefix("Error: '--policy' holds the solved game of a race"))
    }
}

@Suite("farkle-sim advise in a game of fixed rounds")
struct AdviseRoundsTests {
    @Test("the last turn of the second seat, behind: bank what wins, and rolling 5 dice wins 1 - (5/6)^5")
    func lastTurn() throws {
        let result = try CommandRunner.run([
            "advise", "--rules", fixtureRules("ones-rounds.json"), "--dice", "1,5,2,3,4,6", "--turn-points", "400",
            "--my-score", "0", "--opponent-score", "400", "--rounds-left", "1", "--seat", "2", "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        let win = try #require(json["win"] as? [String: Any])
        let decision = try #require(win["decision"] as? [String: Any])
        #expect(decision["action"] as? String == "bank")
        #expect(decision["bank_value"] as? Double == 1)
        // Only 1s score: 5 dice farkle with chance (5/6)^5, and any keep wins.
        let rolling = try #require(decision["roll_value"] as? Double)
        #expect(abs(rolling - (1 - 3125.0 / 7776)) < 1e-12)
    }

    @Test("--rounds-left is required in a game of rounds and refused in a race")
    func roundsLeft() throws {
        let missing = try CommandRunner.run([
            "advise", "--rules", fixtureRules("ones-rounds.json"), "--dice", "1,5", "--my-score", "0",
            "--opponent-score", "400",
        ])
        #expect(missing.exitStatus == 64)
        #expect(missing.standardError.hasPrefix("Error: rules 'ones-rounds' play 2 rounds: '--my-score' needs"))
        let race = try CommandRunner.run([
            "advise", "--dice", "1,5", "--my-score", "0", "--opponent-score", "400", "--rounds-left", "2",
        ])
        #expect(race.exitStatus == 64)
        #expect(race.standardError.hasPrefix("Error: '--rounds-left' belongs to games of fixed rounds"))
    }
}
