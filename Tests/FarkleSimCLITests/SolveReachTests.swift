import Foundation
import Testing

@Suite("farkle-sim solve --objective reach:N")
struct SolveReachTests {
    @Test("reach:50 in ten rounds of farkleten fails only if all ten opening rolls score nothing")
    func smallestTarget() throws {
        let result = try CommandRunner.run([
            "solve", "--rules", "farkleten", "--objective", "reach:50", "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        // Six dice score nothing only as two pairs and two singles of 2, 3, 4 and 6: 6 · 6!/(2! 2!) = 1080 rolls.
        let expected = 1 - pow(Double(1080) / Double(46656), 10)
        let chance = try #require(json["chance"] as? Double)
        #expect(abs(chance - expected) < 1e-14)
        #expect(json["objective"] as? String == "reach")
        #expect(json["target"] as? Int == 50)
        #expect(json["rounds"] as? Int == 10)
        // The target is one step: 10 rounds, 1 total, 1 level of turn points, 6 dice counts.
        #expect(json["states"] as? Int == 60)
        // ev stops for 50 points too, with the same chance: any keep reaches the target.
        let ev = try #require(json["ev_chance"] as? Double)
        #expect(ev <= chance + 1e-15)
        let policy = try #require(json["policy"] as? [[String: Any]])
        #expect(policy.count == 10)
        let first = try #require((policy.last?["totals"] as? [[String: Any]])?.first)
        #expect(first["chance"] as? Double == chance)
        #expect(first["bank_from"] as? [Int] == [50, 50, 50, 50, 50, 50])
    }

    @Test(
        "where a scoreless opening roll costs 100, reach:100 in two rounds of single 1s is worked out by hand, from a total of -100 too"
    )
    func openingCost() throws {
        // Only a single 1 scores (100); a scoreless opening roll of six dice costs 100. In the first round any 1
        // reaches 100 (any keep may bank). Else the total is -100 and the last round needs 200: two 1s at once, or
        // exactly one and then a 1 among the five dice left.
        let none = { (dice: Double) in pow(5.0 / 6.0, dice) }
        let fromBelow = 1 - none(6) - none(10)
        let expected = (1 - none(6)) + none(6) * fromBelow
        let result = try CommandRunner.run([
            "solve", "--rules", fixtureRules("ones-cost-rounds.json"), "--objective", "reach:100", "--format", "csv",
        ])
        #expect(result.exitStatus == 0 && result.standardError.isEmpty)
        let rows = result.standardOutput.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let chance = { (left: String, total: String) in
            rows.first { $0.count > 2 && $0[0] == left && $0[1] == total }.flatMap { Double($0[2]) }
        }
        let low = try #require(chance("1", "-100"))
        #expect(abs(low - fromBelow) < 1e-14)
        let start = try #require(chance("2", "0"))
        #expect(abs(start - expected) < 1e-14)
        // With two rounds left no game is below 0 yet: the rows start at 0.
        #expect(chance("2", "-100") == nil)
    }

    @Test("Markdown gives the chance, the chance under ev, the states; CSV a row per rounds left and total")
    func markdownAndCSV() throws {
        let markdown = try CommandRunner.run(["solve", "--rules", "farkleten", "--objective", "reach:1000"])
        #expect(markdown.exitStatus == 0)
        #expect(markdown.standardOutput.hasPrefix("# Reaching 1,000 in 10 rounds alone: farkleten"))
        #expect(markdown.standardOutput.contains("Playing every turn for the most expected points (`ev`)"))
        #expect(markdown.standardOutput.contains("| 10 | 0 | "))
        let csv = try CommandRunner.run([
            "solve", "--rules", "farkleten", "--objective", "reach:1_000", "--format", "csv",
        ])
        let lines = csv.standardOutput.split(separator: "\n")
        #expect(
            lines.first
                == "rounds_left,total,chance,bank_from_1,bank_from_2,bank_from_3,bank_from_4,bank_from_5,bank_from_6")
        #expect(lines.count == 1 + 10 * 20)
    }

    @Test(
        "a malformed or out-of-range total, a race, --out and a loaded dice set are usage errors",
        arguments: [
            (["--objective", "reach"], "Error: '--objective' reach takes the total to reach, reach:N"),
            (["--objective", "reach:"], "Error: '--objective' reach takes the total to reach"),
            (["--objective", "reach:ten"], "Error: '--objective' reach takes the total to reach"),
            (["--objective", "reach:0"], "Error: '--objective' reach takes the total to reach"),
            (["--objective", "reach:-5"], "Error: '--objective' reach takes the total to reach"),
            (["--objective", "reach:_100"], "Error: '--objective' reach takes the total to reach"),
            (["--objective", "reach:2000000"], "Error: '--objective' reach takes the total to reach"),
            (["--objective", "reach:500000"], "Error: reaching 500000 in 10 turns takes"),
            (["--objective", "reach:500", "--out", "x"], "Error: '--out' writes the policy of --objective win"),
            (["--objective", "reach:500", "--dice-set", "odd:2"], "Error: '--objective reach:N' plays six ordinary"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(["solve", "--rules", "farkleten"] + arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").first?.hasPrefix("Error:") == true)
    }

    @Test("a race has no rounds: reach is refused with the reason")
    func race() throws {
        let result = try CommandRunner.run(["solve", "--objective", "reach:5000"])
        #expect(result.exitStatus == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: '--objective reach:5000' asks for the chance within the rounds of a game of rounds; rules "
                    + "'standard' are a race to 10000"))
    }
}
