import Foundation
import Testing

@Suite("farkle-sim advise")
struct AdviseCommandTests {
    private func keeps(_ json: [String: Any]) throws -> [[String: Any]] {
        try #require(json["keeps"] as? [[String: Any]])
    }

    @Test("JSON lists every keep once with score, dice left and expected; the best has the highest expected")
    func json() throws {
        let result = try CommandRunner.run([
            "advise", "--dice", "1,5,5,2,3,4", "--turn-points", "350", "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        #expect(json["farkle"] as? Bool == false)
        let keeps = try keeps(json)
        // 1, 5, 15, 55, 155, the small straight 12345 and 123455.
        #expect(keeps.count == 7)
        let dice = keeps.compactMap { $0["dice"] as? [Int] }
        #expect(Set(dice.map { $0.map(String.init).joined() }).count == 7)
        let best = keeps.filter { $0["best"] as? Bool == true }
        #expect(best.count == 1)
        let expected = keeps.compactMap { $0["expected"] as? Double }
        #expect(best.first?["expected"] as? Double == expected.max())
        let hotDice = try #require(keeps.first { ($0["dice"] as? [Int])?.count == 6 })
        #expect(hotDice["dice_left"] as? Int == 6)
        #expect(hotDice["score"] as? Int == 1550)
    }

    @Test("keeping the 1 of 1 2 3 at 400 leaves 500 with two dice: bank, and the roll value shown is lower")
    func bank() throws {
        let result = try CommandRunner.run(["advise", "--dice", "1,2,3", "--turn-points", "400", "--format", "json"])
        let json = try jsonObject(result)
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["action"] as? String == "bank")
        #expect(decision["bank_value"] as? Int == 500)
        #expect(try #require(decision["roll_value"] as? Double) < 500)
    }

    @Test("a farkle has no keeps; on an opening roll the six-dice farkle scores")
    func farkle() throws {
        let plain = try jsonObject(CommandRunner.run(["advise", "--dice", "2,2,3,4,6,6", "--format", "json"]))
        #expect(plain["farkle"] as? Bool == true)
        #expect(try keeps(plain).isEmpty)
        #expect(plain["six_dice_farkle"] is NSNull)
        let opening = try jsonObject(
            CommandRunner.run(["advise", "--dice", "2,2,3,4,6,6", "--opening", "--format", "json"]))
        let sixDice = try #require(opening["six_dice_farkle"] as? [String: Any])
        #expect(sixDice["points"] as? Int == 500)
    }

    @Test("Markdown marks the best keep and says bank or roll")
    func markdown() throws {
        let result = try CommandRunner.run(["advise", "--dice", "5,5,2,3", "--turn-points", "250"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.contains("| best |"))
        #expect(result.standardOutput.contains("Then bank:") || result.standardOutput.contains("Then roll:"))
    }

    @Test("a rule file that allows banking with any dice advises banking with three dice left, standard cannot")
    func bankAnyDice() throws {
        let result = try CommandRunner.run([
            "advise", "--rules", fixtureRules("bank-any-dice.json"), "--dice", "1,2,3,4", "--turn-points", "2000",
            "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        let decision = try #require(try jsonObject(result)["decision"] as? [String: Any])
        #expect(decision["action"] as? String == "bank")
        #expect(decision["dice_left"] as? Int == 3)
        #expect(decision["bank_value"] as? Int == 2100)
        let standard = try jsonObject(
            CommandRunner.run(["advise", "--dice", "1,2,3,4", "--turn-points", "2000", "--format", "json"]))
        let forced = try #require(standard["decision"] as? [String: Any])
        #expect(forced["action"] as? String == "roll")
        #expect(forced["bank_value"] is NSNull)
    }

    @Test(
        "bad input is one Error line and exit 64",
        arguments: [
            ["--dice", "1,7"], ["--dice", "0"], ["--dice", "1,2,3,4,5,6,1"], ["--dice", ""], ["--dice", "1,,2"],
            ["--dice", "x"], ["--dice", "1,5", "--turn-points", "-50"], ["--dice", "1,5", "--opening"],
            ["--dice", "1,2,3,4,5,6", "--opening", "--turn-points", "100"], ["--turn-points", "100"],
            ["--dice", "1", "--turn-points", "75"],
        ])
    func badInput(arguments: [String]) throws {
        let result = try CommandRunner.run(["advise"] + arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }.count == 1)
    }
}
