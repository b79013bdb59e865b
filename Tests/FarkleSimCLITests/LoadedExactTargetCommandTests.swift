@_spi(Kernels) import FarkleKit
import Foundation
import Testing

/// A target hit exactly with dice sets through the command line: solved to win and toward the target, and the sets
/// or searches that cannot follow it refused in one line; and with six ordinary dice, exact odds that do not exist.
@Suite("farkle-sim with dice sets and a target hit exactly")
struct LoadedExactTargetCommandTests {
    private let rules = ["--rules", fixtureRules("kcd-exact.json")]

    @Test("solve --objective win with a loaded set: odd dice win more than the plain race of the same rules")
    func solveToWin() throws {
        let json = try jsonObject(
            CommandRunner.run(
                ["solve", "--objective", "win", "--dice-set", "odd:2", "--no-cache", "--format", "json"] + rules))
        let first = try #require(json["first_player_win_probability"] as? Double)
        let plain = try WinProbabilitySolver(rules: RuleSet.load(fixtureRules("kcd-exact.json")), threads: 2)
        #expect(first > plain.firstPlayerValue + 0.05 && first < 1, "\(first) against \(plain.firstPlayerValue)")
    }

    @Test("advise with a loaded set 100 short: a bank of 150 busts and is worth nothing toward the target")
    func adviseBusts() throws {
        let result = try CommandRunner.run(
            ["advise", "--dice", "1,5,2", "--dice-set", "odd:2", "--my-score", "900", "--format", "json"] + rules)
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let keeps = try #require(try jsonObject(result)["keeps"] as? [[String: Any]])
        let both = try #require(keeps.first { ($0["dice"] as? [String]) == ["1", "5"] })
        #expect(both["bank_value"] as? Double == 0 && both["roll_value"] as? Double == 0, "\(both)")
        // The 1 hits the target: banked it counts all 100 points, and rolling on from it only busts.
        let one = try #require(keeps.first { ($0["dice"] as? [String]) == ["1"] })
        #expect(one["bank_value"] as? Double == 100 && one["roll_value"] as? Double == 0, "\(one)")
        #expect(one["best"] as? Bool == true)
    }

    @Test(
        "evaluate of two plays that never end the game from 50 short of the target: no exact odds exist, one line, exit 64"
    )
    func noExactOdds() throws {
        let result = try CommandRunner.run(["evaluate", "--strategy", "ev", "--strategy", "threshold:300,300"] + rules)
        #expect(result.exitStatus == 64 && result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Error: ") == true && lines.first?.contains("no exact odds exist") == true)
        #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1, "\(result.standardError)")
    }

    @Test(
        "a set that can never bank 50 and the search over dice sets are refused in one line",
        arguments: [
            (["simulate", "--dice-set", "pie:6", "--games", "10"], "can never bank 50 exactly"),
            (["dice-set", "--inventory", "odd:2"], "the search over dice sets"),
        ])
    func refused(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments + rules)
        #expect(result.exitStatus == 64)
        let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("Error: ") && first.contains(message), "\(first)")
    }
}
