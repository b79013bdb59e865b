import FarkleKit
import Foundation
import Testing

/// Piggybacking through the command line: the advice on a banked turn offered, the thresholds `solve` prints,
/// simulated games, and the one-line refusals of what starts every turn fresh.
@Suite("farkle-sim with piggybacking")
struct PiggybackCommandTests {
    private let rules = ["--rules", fixtureRules("piggyback.json")]

    @Test("advise --offer: take over a bank of 1,000 with three dice left (500 bonus), JSON and Markdown agree")
    func adviseOffer() throws {
        let json = try jsonObject(
            CommandRunner.run(["advise"] + rules + ["--offer", "1000,3", "--format", "json"]))
        let takeOver = try #require(json["take_over_value"] as? Double)
        let fresh = try #require(json["fresh_turn_value"] as? Double)
        let from = try #require(json["take_over_from"] as? Int)
        #expect(json["takes_over"] as? Bool == (takeOver > fresh))
        // The least bank taken over is where the decision turns: 1,000 is taken exactly when it is at least that.
        #expect((1_000 >= from) == (takeOver > fresh))
        let offer = try #require(json["offer"] as? [String: Any])
        #expect(offer["bonus"] as? Int == 500 && offer["dice"] as? Int == 3)
        // Rolling three dice from 1,500 scores at least 1,500 half the time or so: worth more than nothing, less
        // than everything.
        #expect(takeOver > 0 && takeOver < 1_500 + 1_000)
        let text = try CommandRunner.run(["advise"] + rules + ["--offer", "1000,3"])
        #expect(text.exitStatus == 0 && text.standardError.isEmpty)
        #expect(text.standardOutput.contains("Take it over: roll 3 dice from 1000 points (500 points more"))
        #expect(text.standardOutput.contains(takeOver > fresh ? "**Take it over**" : "**Start fresh**"))
        #expect(text.standardOutput.contains("take over a bank of \(from) points or more"))
        // A bank of no points with two dice is not worth taking over; with six dice any bank is.
        let two = try jsonObject(CommandRunner.run(["advise"] + rules + ["--offer", "0,2", "--format", "json"]))
        #expect(two["takes_over"] as? Bool == false)
        let six = try jsonObject(CommandRunner.run(["advise"] + rules + ["--offer", "50,6", "--format", "json"]))
        #expect(six["takes_over"] as? Bool == true)
    }

    @Test(
        "advise --offer is refused in one line without piggybacking, beside a roll, malformed, off the score step, and with too few dice",
        arguments: [
            (["--offer", "1000,3"], "have none"),
            (["--offer", "1000,3", "--dice", "1,2"], "'--dice' asks about a roll"),
            (["--offer", "1000"], "such as 1500,2"), (["--offer", "1025,3"], "multiple of 50"),
            (["--offer", "1000,1"], "only from 2 dice left"), (["--offer", "1000,7"], "must be 1 to 6"),
            // Standard has no entry minimum above the least bank: a total says nothing about an offer.
            (["--offer", "1000,3", "--my-score", "0"], "changes no advice on an offer"),
        ])
    func adviseOfferRefused(arguments: [String], message: String) throws {
        let withRules = message == "have none" ? arguments : rules + arguments
        let result = try CommandRunner.run(["advise"] + withRules)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("Error: ") && first.contains(message), "\(first)")
    }

    /// A rule file of kcd with piggybacking and `more` members (`, "turn": {...}`), in the temporary folder.
    static func kcdPiggyback(_ more: String = "") throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kcd-piggyback-\(UUID()).json")
        try Data(#"{"base": "kcd", "game": {"piggyback": true}\#(more)}"#.utf8).write(to: file)
        return file
    }

    /// The advice on an offer of 500 points and three dice at 3,950 under the race won at once at 4,000 of the rule
    /// file `rules`: the points toward the target, 50 short, where three dice are worth 50 times their chance to
    /// score (60 of 216 rolls of three score nothing under kcd).
    static func offerTowardTarget(rules: URL) throws -> [String: Any] {
        let capped = try jsonObject(
            CommandRunner.run(
                ["advise", "--rules", rules.path, "--offer", "500,3", "--my-score", "3950", "--format", "json"]))
        #expect(capped["objective"] as? String == "points toward target")
        let value = try #require(capped["take_over_value"] as? Double)
        #expect(abs(value - 50.0 * 156 / 216) < 1e-12, "\(value)")
        return capped
    }

    @Test(
        "advise --offer --my-score reads the total where it changes the points advice, as for a roll: toward the target of a race won at once under a penalty of the whole total (no long run), never under a penalty of points"
    )
    func adviseOfferTotalUnderPenalty() throws {
        let wipeout = try Self.kcdPiggyback(#", "turn": {"three_farkle_penalty": "whole_total"}"#)
        defer { try? FileManager.default.removeItem(at: wipeout) }
        _ = try Self.offerTowardTarget(rules: wipeout)
        let points = try Self.kcdPiggyback(#", "turn": {"three_farkle_penalty": 500}"#)
        defer { try? FileManager.default.removeItem(at: points) }
        let refused = try CommandRunner.run([
            "advise", "--rules", points.path, "--offer", "500,3", "--my-score", "3950",
        ])
        #expect(refused.exitStatus == 64)
        #expect(refused.standardError.hasPrefix("Error: '--my-score' changes no advice on an offer"))
        #expect(refused.standardError.contains("the same at any total"))
    }

    @Test(
        "advise --offer --my-score 0 under an entry minimum advises a player not yet on the board, whose inherited points count toward it"
    )
    func adviseOfferNotOnTheBoard() throws {
        let boxed = ["--rules", fixtureRules("piggyback-boxed.json")]
        var differ = 0
        for dice in 1...5 {
            let offer = ["--offer", "500,\(dice)", "--format", "json"]
            let entered = try jsonObject(CommandRunner.run(["advise"] + boxed + offer))
            let entering = try jsonObject(CommandRunner.run(["advise"] + boxed + offer + ["--my-score", "0"]))
            #expect(entered["has_entered"] as? Bool == true && entering["has_entered"] as? Bool == false)
            // A fresh turn is worth less to a player who must bank 500 to enter: they must roll on below it.
            let freshEntered = try #require(entered["fresh_turn_value"] as? Double)
            let freshEntering = try #require(entering["fresh_turn_value"] as? Double)
            #expect(freshEntering < freshEntered)
            if (entered["take_over_from"] as? Int) != (entering["take_over_from"] as? Int) { differ += 1 }
            // A total on the board is the player on the board.
            let on = try jsonObject(CommandRunner.run(["advise"] + boxed + offer + ["--my-score", "1500"]))
            #expect(on["take_over_value"] as? Double == entered["take_over_value"] as? Double)
        }
        #expect(differ > 0, "for some dice the player not on the board takes over from other points")
        let text = try CommandRunner.run(["advise"] + boxed + ["--offer", "500,3", "--my-score", "0"])
        #expect(text.exitStatus == 0 && text.standardError.isEmpty)
        #expect(text.standardOutput.contains("Not yet on the board: a bank must reach 500 turn points"))
        // In a race won at once at the target the total asks for the points toward it, as for a roll.
        let file = try Self.kcdPiggyback()
        defer { try? FileManager.default.removeItem(at: file) }
        let capped = try Self.offerTowardTarget(rules: file)
        #expect(capped["takes_over"] as? Bool == false && capped["take_over_from"] is NSNull)
        let cappedText = try CommandRunner.run([
            "advise", "--rules", file.path, "--offer", "500,3", "--my-score", "3950",
        ])
        #expect(cappedText.standardOutput.contains("| Choice | Expected points toward the target (50 to go) |"))
        let past = try CommandRunner.run(["advise", "--rules", file.path, "--offer", "500,3", "--my-score", "4000"])
        #expect(past.exitStatus == 64 && past.standardError.hasPrefix("Error: '--my-score' must be"))
        // The stake's target moves it: 1,950 of 2,000 is 50 short too.
        let staked = try jsonObject(
            CommandRunner.run(
                [
                    "advise", "--rules", file.path, "--offer", "500,3", "--my-score", "1950", "--target", "2000",
                    "--format", "json",
                ]))
        #expect(abs((staked["take_over_value"] as? Double ?? 0) - 50.0 * 156 / 216) < 1e-12)
        // Where nothing reads the target it is refused, not ignored.
        let target = try CommandRunner.run(["advise"] + boxed + ["--offer", "500,3", "--target", "5000"])
        #expect(target.exitStatus == 64 && target.standardError.hasPrefix("Error: '--target' changes no advice"))
    }

    @Test("advise without --dice or --offer says which to give")
    func adviseNeedsDice() throws {
        let result = try CommandRunner.run(["advise"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: missing '--dice <faces>'"))
    }

    @Test(
        "advise --offer --my-score 0 where inherited points do not enter: the turn taken over banks from the offer plus 500, worth less than where they count, as the library's advice"
    )
    func adviseOfferOwnEntry() throws {
        let own = ["--rules", fixtureRules("piggyback-own-entry.json")]
        let boxed = ["--rules", fixtureRules("piggyback-boxed.json")]
        let offer = ["--offer", "1000,3", "--my-score", "0", "--format", "json"]
        let json = try jsonObject(CommandRunner.run(["advise"] + own + offer))
        let counting = try jsonObject(CommandRunner.run(["advise"] + boxed + offer))
        let value = try #require(json["take_over_value"] as? Double)
        #expect(value < (counting["take_over_value"] as? Double ?? 0) - 100)
        // The fresh turn is the same: only a turn taken over changes.
        #expect(json["fresh_turn_value"] as? Double == counting["fresh_turn_value"] as? Double)
        let rules = try RuleSet.load(fixtureRules("piggyback-own-entry.json"))
        let advice = try Advisor(table: ScoringTable(rules: rules)).advice(
            onOffer: TurnOffer(turnPoints: 1_000, dice: 3), myScore: 0)
        #expect(value == advice.takeOverValue && json["take_over_from"] as? Int == advice.leastBankToTakeOver)
        let text = try CommandRunner.run(["advise"] + own + ["--offer", "1000,3", "--my-score", "0"])
        #expect(text.exitStatus == 0 && text.standardError.isEmpty)
        #expect(
            text.standardOutput.contains(
                "taken over, a bank must reach 1500 turn points, the entry minimum of 500 on top of the 1000 inherited"),
            "\(text.standardOutput)")
        // solve gives the thresholds of both players in both formats, the one not yet on the board's as advised.
        let solved = try jsonObject(CommandRunner.run(["solve"] + own + ["--format", "json"]))
        let entering = try #require(solved["piggyback_from_not_yet_on_the_board"] as? [String: Any])
        #expect(entering["3"] as? Int == advice.leastBankToTakeOver)
        let markdown = try CommandRunner.run(["solve"] + own)
        #expect(markdown.standardOutput.contains("| Dice left | Take over a bank from | Not yet on the board |"))
        // On the board the inherited points count as ever.
        let on = try jsonObject(CommandRunner.run(["advise"] + own + ["--offer", "1000,3", "--format", "json"]))
        let plain = try jsonObject(CommandRunner.run(["advise"] + boxed + ["--offer", "1000,3", "--format", "json"]))
        #expect(on["take_over_value"] as? Double == plain["take_over_value"] as? Double)
    }

    @Test("solve prints from which bank taking over beats a fresh turn, by dice left, in Markdown and JSON")
    func solveThresholds() throws {
        let json = try jsonObject(CommandRunner.run(["solve"] + rules + ["--format", "json"]))
        let from = try #require(json["piggyback_from"] as? [String: Any])
        #expect(Set(from.keys) == ["2", "3", "4", "5", "6"])
        // Fewer dice need a larger bank before they are worth rolling for it.
        let points = (2...6).map { from["\($0)"] as? Int ?? -1 }
        #expect(points == points.sorted(by: >) && points.allSatisfy { $0 >= 0 }, "\(points)")
        let text = try CommandRunner.run(["solve"] + rules)
        #expect(text.standardOutput.contains("\n\n## Taking over a bank (piggybacking)\n"))
        let row = try #require(
            text.standardOutput.split(separator: "\n").first { $0.hasPrefix("|         2 | ") })
        #expect(row.hasSuffix(" \(points[0]) points |"), "\(row)")
        let plain = try CommandRunner.run(["solve", "--format", "json"])
        #expect(!plain.standardOutput.contains("piggyback"))
    }

    @Test(
        "simulate plays it; strategy win, evaluate, the chance to reach a total and loaded dice refuse it in one line")
    func playedAndRefused() throws {
        let games = try CommandRunner.run(
            ["simulate"] + rules + ["--games", "2000", "--seed", "3", "--format", "json"])
        #expect(games.exitStatus == 0, "\(games.standardError)")
        for command in [
            ["simulate", "--strategy", "win", "--games", "10"],
            ["evaluate", "--strategy", "ev", "--strategy", "greedy"],
            ["simulate", "--dice-set", "odd:1", "--games", "10"],
        ] {
            let result = try CommandRunner.run(command + rules)
            #expect(result.exitStatus == 64, "\(command)")
            let first = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("Error: ") && first.contains("take over a turn banked with dice left"), "\(first)")
            #expect(!result.standardError.contains("Solving"))
        }
    }
}
