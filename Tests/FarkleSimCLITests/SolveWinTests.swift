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

    @Test("three players are refused with exit 64 and one error line")
    func threePlayers() throws {
        let result = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", fixtureRules("house-variant.json"),
        ])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: the win-probability solver handles 2 players, not 3"))
    }

    @Test("an unknown objective is a usage error")
    func unknownObjective() throws {
        let result = try CommandRunner.run(["solve", "--objective", "fame"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.contains("'--objective' must be one of score, win"))
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
        #expect(failed.standardError.hasPrefix("Error: policy file '\(missing)'"))
        #expect(failed.standardError.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ones.policy"])
    }

    @Test("--out with the score objective is a usage error")
    func policyFileNeedsWin() throws {
        let result = try CommandRunner.run(["solve", "--out", "x.policy"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: '--out' writes the policy of --objective win"))
    }
}
