import Foundation
import Testing

@Suite("farkle-sim under farkleten: the bots, the ten rounds and the final totals")
struct FarkleTenCommandTests {
    @Test("a bot against ev: ten rounds each, final totals beside the win rates in every format")
    func simulate() throws {
        let arguments = [
            "--games", "2000", "--rules", "farkleten", "--strategy", "farkleten-hard", "--strategy", "ev", "--quiet",
        ]
        let json = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(json.exitStatus == 0 && json.standardError.isEmpty)
        let object = try jsonObject(json)
        let seats = try #require(object["seats"] as? [[String: Any]])
        #expect(seats.map { $0["strategy"] as? String } == ["farkleten-hard", "ev"])
        for seat in seats {
            let mean = try #require(seat["mean_final_total"] as? Double)
            let quartiles = try #require(seat["final_total_quartiles"] as? [Int])
            #expect(quartiles.count == 3 && quartiles == quartiles.sorted())
            #expect(Double(quartiles[0]) < mean && mean < Double(quartiles[2]) + 1000)
        }
        // Ten rounds each, and a few more where the highest total was shared.
        let turns = try #require(object["turns"] as? Int)
        #expect(turns >= 2000 * 20 && turns < 2000 * 21)
        #expect((object["extra_round_games"] as? Int ?? -1) >= 0)
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.standardOutput.contains("| Mean total | Total quartiles |"))
        #expect(markdown.standardOutput.contains("| Games decided by the highest single turn |"))
        let csv = try CommandRunner.run(arguments + ["--format", "csv"])
        #expect(csv.standardOutput.hasPrefix("seat,strategy,") && csv.standardOutput.contains("final_total_median"))
    }

    @Test("a race keeps its summary: no final-total columns in the seat table")
    func race() throws {
        let result = try CommandRunner.run(["--games", "200", "--quiet"])
        #expect(result.exitStatus == 0)
        #expect(!result.standardOutput.contains("Mean total"))
    }

    @Test("an unknown bot level is a usage error naming the known strategies")
    func unknownBot() throws {
        let result = try CommandRunner.run(["--strategy", "farkleten-expert", "--games", "10"])
        #expect(result.exitStatus == 64 && result.standardOutput.isEmpty)
        #expect(result.standardError.contains("farkleten-easy, farkleten-medium, farkleten-hard"))
    }
}
