import FarkleKit
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

    @Test("a roll that wins at once says so, in Markdown and JSON, with no advice to win; six 6s under standard do not")
    func winsAtOnce() throws {
        let rules = ["--rules", fixtureRules("six-sixes-win.json")]
        let game = ["--dice", "6,6,6,6,6,6", "--my-score", "100", "--opponent-score", "200"]
        let text = try CommandRunner.run(["advise"] + rules + game)
        #expect(text.exitStatus == 0, "\(text.standardError)")
        #expect(
            text.standardOutput.contains("This roll wins the game at once (six 6s on six dice win under six-sixes)"))
        #expect(!text.standardOutput.contains("## To win"))
        let json = try jsonObject(CommandRunner.run(["advise"] + rules + game + ["--format", "json"]))
        #expect(json["wins_at_once"] as? Bool == true)
        #expect(json["win"] == nil)
        let standard = try jsonObject(CommandRunner.run(["advise", "--dice", "6,6,6,6,6,6", "--format", "json"]))
        #expect(standard["wins_at_once"] as? Bool == false)
        #expect(standard["loses_at_once"] as? Bool == false)
        // Where six 1s lose at once, the same: said, and nothing solved for it.
        let losing = try CommandRunner.run(
            ["advise", "--rules", fixtureRules("six-ones-lose.json"), "--dice", "1,1,1,1,1,1"] + game.dropFirst(2))
        #expect(losing.exitStatus == 0, "\(losing.standardError)")
        #expect(
            losing.standardOutput.contains(
                "This roll loses the game at once (six 1s on six dice lose under six-ones-lose)"))
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

    @Test("a farkle has no keeps; six dice at 0 turn points are the opening roll, where the six-dice farkle scores")
    func farkle() throws {
        let later = try jsonObject(
            CommandRunner.run(["advise", "--dice", "2,2,3,4,6,6", "--turn-points", "300", "--format", "json"]))
        #expect(later["farkle"] as? Bool == true)
        #expect(later["opening"] as? Bool == false)
        #expect(try keeps(later).isEmpty)
        #expect(later["six_dice_farkle"] is NSNull)
        #expect(later["decision"] is NSNull)
        // No --opening needed: six dice at 0 turn points can only be the turn's first roll.
        for flag in [[], ["--opening"]] {
            let opening = try jsonObject(
                CommandRunner.run(["advise", "--dice", "2,2,3,3,4,6", "--format", "json"] + flag))
            #expect(opening["opening"] as? Bool == true)
            let sixDice = try #require(opening["six_dice_farkle"] as? [String: Any])
            #expect(sixDice["points"] as? Int == 500)
            let decision = try #require(opening["decision"] as? [String: Any])
            #expect(decision["dice_left"] as? Int == 6)
            #expect(decision["turn_points"] as? Int == 500)
        }
        let markdown = try CommandRunner.run(["advise", "--dice", "2,2,3,3,4,6"])
        #expect(markdown.standardOutput.contains("(opening roll)"))
        #expect(markdown.standardOutput.contains("a six-dice farkle, 500 points and hot dice"))
        // A six-dice farkle is no farkle: the turn goes on.
        #expect(
            try jsonObject(CommandRunner.run(["advise", "--dice", "2,2,3,3,4,6", "--format", "json"]))["farkle"]
                as? Bool == false)
    }

    @Test(
        "where a scoreless opening roll is rolled again, advise says roll again, in Markdown and JSON; later it farkles"
    )
    func openingRerolled() throws {
        let rules = ["--rules", fixtureRules("opening-reroll.json")]
        let text = try CommandRunner.run(["advise"] + rules + ["--dice", "2,2,3,3,4,6"])
        #expect(text.exitStatus == 0 && text.standardError.isEmpty, "\(text.standardError)")
        #expect(text.standardOutput.contains("Roll all six dice again."))
        #expect(!text.standardOutput.contains("Farkle"))
        let json = try jsonObject(
            CommandRunner.run(["advise"] + rules + ["--dice", "2,2,3,3,4,6", "--format", "json"]))
        #expect(json["rolled_again"] as? Bool == true && json["farkle"] as? Bool == false)
        #expect(json["six_dice_farkle"] is NSNull && json["decision"] is NSNull)
        let later = try jsonObject(
            CommandRunner.run(
                ["advise"] + rules + ["--dice", "2,2,3,3,4,6", "--turn-points", "300", "--format", "json"]))
        #expect(later["rolled_again"] as? Bool == false && later["farkle"] as? Bool == true)
    }

    @Test(
        "where a scoreless opening roll costs 500, advise says the farkle costs it, in Markdown and JSON; a later farkle costs nothing"
    )
    func openingCostsPoints() throws {
        let rules = ["--rules", fixtureRules("opening-farkle-cost.json")]
        let text = try CommandRunner.run(["advise"] + rules + ["--dice", "2,2,3,3,4,6"])
        #expect(text.exitStatus == 0 && text.standardError.isEmpty, "\(text.standardError)")
        #expect(text.standardOutput.contains("the turn ends and costs 500 points off the total"))
        let json = try jsonObject(
            CommandRunner.run(["advise"] + rules + ["--dice", "2,2,3,3,4,6", "--format", "json"]))
        #expect(json["farkle"] as? Bool == true && json["farkle_cost"] as? Int == 500)
        let later = try jsonObject(
            CommandRunner.run(
                ["advise"] + rules + ["--dice", "2,2,3,3,4,6", "--turn-points", "300", "--format", "json"]))
        #expect(later["farkle"] as? Bool == true && later["farkle_cost"] as? Int == 0)
        // To win, in a short race where only 1s score and the cost is 100: the farkle hands the opponent the turn at 100
        // against 200, not at 200.
        let win = try CommandRunner.run([
            "advise", "--rules", fixtureRules("ones-cost-race.json"), "--dice", "2,2,3,3,4,6", "--my-score", "200",
            "--opponent-score", "100", "--no-cache", "--quiet",
        ])
        #expect(win.exitStatus == 0, "\(win.standardError)")
        #expect(win.standardOutput.contains("Farkle: the turn costs 100 points off the total; you then win"))
    }

    @Test("boxed, not on the board (--my-score 0): 1 5 2 3 at 300 rolls on, as 450 cannot get on the board")
    func entryMinimum() throws {
        let result = try CommandRunner.run([
            "advise", "--rules", "boxed", "--dice", "1,5,2,3", "--turn-points", "300", "--my-score", "0",
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains("Not yet on the board: a bank needs at least 500 turn points."))
        #expect(!result.standardOutput.contains("Then bank"))
        #expect(result.standardOutput.contains("Then roll: getting on the board needs at least 500 turn points"))
        // On the board the same roll banks 450.
        let entered = try jsonObject(
            CommandRunner.run([
                "advise", "--rules", "boxed", "--dice", "1,5,2,3", "--turn-points", "300", "--my-score", "1000",
                "--format", "json",
            ]))
        let decision = try #require(entered["decision"] as? [String: Any])
        #expect(decision["action"] as? String == "bank")
        #expect(decision["turn_points"] as? Int == 450)
        #expect(entered["least_bank"] as? Int == 0)
    }

    @Test(
        "under a penalty of the whole total, which has no long run, a total of 0 still means not yet on the board: 1 5 makes 450 of the 500 a first bank needs"
    )
    func entryUnderWholeTotalPenalty() throws {
        let result = try CommandRunner.run([
            "advise", "--rules", fixtureRules("wipeout-entry.json"), "--dice", "1,5,2,3", "--turn-points", "300",
            "--my-score", "0", "--format", "json",
        ])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let json = try jsonObject(result)
        #expect(json["least_bank"] as? Int == 500)
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["action"] as? String == "roll")
        #expect((decision["turn_points"] as? Int).map { $0 < 500 } == true)
        #expect(decision["bank_value"] is NSNull, "a bank below the entry minimum is not allowed")
    }

    @Test(
        "--my-score alone is refused in one line where the points advice cannot read it: a race won at once under a penalty of points plays the long run, the same at any total; with an entry minimum a total of 0 is a player not yet on the board, whom the long run does not cover",
        arguments: [
            ("kcd-penalty.json", "5,2,3", "3850", "'--my-score' alone changes no advice under rules 'kcd-penalty'"),
            (
                "penalty-entry.json", "1,5,2,3", "0",
                "a player not yet on it, who banks only from the entry minimum of 500"
            ),
        ])
    func totalAloneRefused(fixture: String, dice: String, total: String, message: String) throws {
        let result = try CommandRunner.run([
            "advise", "--rules", fixtureRules(fixture), "--dice", dice, "--turn-points", "100", "--my-score", total,
        ])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: ") && result.standardError.contains(message))
    }

    @Test("kcd at 3850: 5 2 3 with 100 keeps the 5 and banks 150, which reaches 4000 and wins at once")
    func raceWonAtOnce() throws {
        let result = try CommandRunner.run([
            "advise", "--rules", "kcd", "--dice", "5,2,3", "--turn-points", "100", "--my-score", "3850", "--format",
            "json",
        ])
        #expect(result.exitStatus == 0)
        let json = try jsonObject(result)
        #expect(json["objective"] as? String == "points toward target")
        let best = try #require(try keeps(json).first)
        #expect(best["dice"] as? [Int] == [5])
        #expect(best["expected"] as? Double == 150)
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["action"] as? String == "bank")
        #expect(decision["bank_value"] as? Int == 150)
        // Two dice keep the cap within one bank when either shows a 1 or a 5: 20 of 36 rolls.
        #expect(abs(try #require(decision["roll_value"] as? Double) - 150.0 * 20 / 36) < 1e-9)
    }

    @Test(
        "a target of 2,000 hit exactly, at 1850: 1 5 banks 150 and wins; keeping more busts, worth nothing toward the target and a farkle's chance to win"
    )
    func exactTarget() throws {
        let arguments = [
            "advise", "--rules", fixtureRules("exact-target.json"), "--dice", "1,5,2,3,4,6", "--my-score", "1850",
            "--opponent-score", "1500",
        ]
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let json = try jsonObject(result)
        let list = try keeps(json)
        #expect(list.first?["dice"] as? [Int] == [1, 5] && list.first?["expected"] as? Double == 150)
        // Past 150 every bank busts and every keep adds points: nothing counts toward the target.
        for keep in list where try #require(keep["score"] as? Int) > 150 {
            #expect(keep["expected"] as? Double == 0)
        }
        let win = try #require(json["win"] as? [String: Any])
        let farkle = try #require(win["farkle_value"] as? Double)
        let winKeeps = try #require(win["keeps"] as? [[String: Any]])
        #expect(winKeeps.first?["dice"] as? [Int] == [1, 5] && winKeeps.first?["value"] as? Double == 1)
        // A keep past the target is a farkle but for the tiny chance of six 1s rolled on the way.
        for keep in winKeeps where try #require(keep["score"] as? Int) > 150 {
            let value = try #require(keep["value"] as? Double)
            #expect(value >= farkle && value < farkle + 1e-4, "\(keep)")
        }
        let text = try CommandRunner.run(arguments).standardOutput
        #expect(text.contains("a bank that hits it exactly wins at once and one past it scores nothing"))
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

    @Test("with both totals: the advice to win beside the points advice, and where the two differ")
    func win() throws {
        // 1 2 3 5 at 300, 500 against 900 in a race to 1,000: for points keep 1 5 and bank 450, to win keep
        // the 1 alone and roll 3 dice.
        let arguments = [
            "advise", "--rules", fixtureRules("short-race.json"), "--dice", "1,5,2,3", "--turn-points", "300",
            "--my-score", "500", "--opponent-score", "900",
        ]
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let json = try jsonObject(result)
        #expect((try keeps(json)).first?["dice"] as? [Int] == [1, 5], "the points advice is unchanged")
        let win = try #require(json["win"] as? [String: Any])
        #expect(win["my_score"] as? Int == 500 && win["opponent_score"] as? Int == 900)
        #expect(win["final_round"] as? Bool == false)
        let winKeeps = try #require(win["keeps"] as? [[String: Any]])
        #expect(winKeeps.first?["dice"] as? [Int] == [1])
        let values = winKeeps.compactMap { $0["value"] as? Double }
        #expect(values.count == 3 && values == values.sorted(by: >) && values.allSatisfy { $0 > 0 && $0 < 1 })
        let decision = try #require(win["decision"] as? [String: Any])
        #expect(decision["action"] as? String == "roll")
        #expect(decision["bank_value"] is NSNull, "3 dice left: the rules do not allow banking")
        #expect(decision["roll_value"] as? Double == values.first)
        #expect(win["agrees"] as? Bool == false)
        #expect(
            win["difference"] as? String
                == "The objectives differ: for the most points keep 1 5, then bank; to win keep 1, then roll.")
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.standardOutput.contains("## To win"))
        #expect(markdown.standardOutput.contains("| 1 | 100 | 3 | "))
        #expect(markdown.standardOutput.contains("The objectives differ:"))
        // Without totals there is no win member.
        let plain = try jsonObject(CommandRunner.run(Array(arguments.dropLast(4)) + ["--format", "json"]))
        #expect(plain["win"] == nil)
    }

    @Test("under a three-farkle penalty the advice to win counts both players' farkles in a row")
    func penaltyWin() throws {
        func decision(_ extra: [String]) throws -> [String: Any] {
            let result = try CommandRunner.run(
                [
                    "advise", "--rules", fixtureRules("ones-penalty-race.json"), "--dice", "1,2,3", "--turn-points",
                    "0", "--my-score", "-100", "--opponent-score", "100", "--format", "json",
                ] + extra)
            #expect(result.exitStatus == 0, "\(result.standardError)")
            let win = try #require(try jsonObject(result)["win"] as? [String: Any])
            #expect(win["my_score"] as? Int == -100)
            return try #require(win["decision"] as? [String: Any])
        }
        let fresh = try #require(try decision([])["roll_value"] as? Double)
        // Two farkles in a row: a farkle now also costs 100 points, so rolling on is worth less.
        let twoFarkles = try #require(try decision(["--farkles", "2"])["roll_value"] as? Double)
        // The opponent's two farkles in a row: their next farkle costs them 100, which helps me.
        let theirTwo = try #require(try decision(["--opponent-farkles", "2"])["roll_value"] as? Double)
        #expect(twoFarkles < fresh && fresh < theirTwo, "\(twoFarkles) \(fresh) \(theirTwo)")
        #expect([twoFarkles, fresh, theirTwo].allSatisfy { $0 > 0 && $0 < 1 })
        let outOfRange = try CommandRunner.run([
            "advise", "--rules", fixtureRules("ones-penalty-race.json"), "--dice", "1", "--my-score", "-500",
            "--opponent-score", "0",
        ])
        #expect(outOfRange.exitStatus == 64)
        #expect(outOfRange.standardError.contains("'--my-score' must be from -400 to 299, not -500"))
    }

    @Test("the final round: banking the opponent's lead exactly ties, worth one half")
    func finalRound() throws {
        // Single 1s only: 1 2 at 400 is 500 with 1 die; the opponent stands 500 ahead, so banking ties.
        let result = try CommandRunner.run([
            "advise", "--rules", fixtureRules("ones-race.json"), "--dice", "1,2", "--turn-points", "400",
            "--my-score", "600", "--opponent-score", "1100", "--final-round", "--format", "json",
        ])
        #expect(result.exitStatus == 0)
        let win = try #require(try jsonObject(result)["win"] as? [String: Any])
        #expect(win["final_round"] as? Bool == true)
        #expect(win["farkle_value"] as? Double == 0)
        let decision = try #require(win["decision"] as? [String: Any])
        #expect(decision["bank_value"] as? Double == 0.5)
        // One die rolls a 1 a sixth of the time (and wins then): the sure tie is worth more.
        #expect(decision["action"] as? String == "bank")
        #expect(abs(try #require(decision["roll_value"] as? Double) - 1.0 / 6) < 1e-12)
        // The opponent at the target of a race with a final round leaves no doubt: without '--final-round' the
        // advice is the same, word for word.
        let inferred = try CommandRunner.run([
            "advise", "--rules", fixtureRules("ones-race.json"), "--dice", "1,2", "--turn-points", "400",
            "--my-score", "600", "--opponent-score", "1100", "--format", "json",
        ])
        #expect(inferred.exitStatus == 0, "\(inferred.standardError)")
        #expect(inferred.standardOutput == result.standardOutput)
    }

    @Test(
        "at a larger table the advice to win plays the race for two against the leader, and says so; the last turn with one player still to come is exact"
    )
    func largerTable() throws {
        // As in the final round above, against the highest of three totals: banking ties it, one die wins a sixth.
        // Two players (700 and 800) still play after this turn: the race against the leader.
        let arguments = [
            "advise", "--rules", fixtureRules("ones-race.json"), "--dice", "1,2", "--turn-points", "400",
            "--my-score", "600", "--opponent-score", "700", "--opponent-score", "800", "--opponent-score", "1100",
            "--final-round",
        ]
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let win = try #require(try jsonObject(result)["win"] as? [String: Any])
        #expect(win["opponent_score"] as? Int == 1100 && win["opponents"] as? Int == 3)
        let decision = try #require(win["decision"] as? [String: Any])
        #expect(decision["bank_value"] as? Double == 0.5 && decision["action"] as? String == "bank")
        #expect(abs(try #require(decision["roll_value"] as? Double) - 1.0 / 6) < 1e-12)
        #expect(win["exact_at_table"] as? Bool == false)
        let markdown = try CommandRunner.run(arguments)
        #expect(
            markdown.standardOutput.contains(
                "At 600 against the leader's 1100, who has reached the target (3 opponents): the chance to win"))
        // Only 700 still to play (0 played after 1100 began the final round): banking level with 1100 leaves 700 a
        // last turn that takes the win or joins the tie, so the bank is worth less than half.
        var exact = arguments
        exact[exact.count - 4] = "1100"
        exact[exact.count - 2] = "0"
        let last = try CommandRunner.run(exact + ["--format", "json"])
        #expect(last.exitStatus == 0, "\(last.standardError)")
        let lastWin = try #require(try jsonObject(last)["win"] as? [String: Any])
        #expect(lastWin["exact_at_table"] as? Bool == true && lastWin["opponent_scores"] as? [Int] == [700, 1100, 0])
        let lastDecision = try #require(lastWin["decision"] as? [String: Any])
        #expect(try #require(lastDecision["bank_value"] as? Double) < 0.5)
    }

    @Test(
        "a game of rounds in an extra round: --extra-round gives the advice to win there, the library's; bad uses are one Error line"
    )
    func extraRound() throws {
        let path = fixtureRules("ones-rounds.json")
        let arguments = [
            "advise", "--rules", path, "--dice", "1,1,5,2,3,4", "--my-score", "300", "--opponent-score", "500",
            "--extra-round", "2", "--seat", "2", "--no-cache", "--format", "json",
        ]
        let result = try CommandRunner.run(arguments)
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let win = try #require(try jsonObject(result)["win"] as? [String: Any])
        let values = try #require(win["keeps"] as? [[String: Any]]).compactMap { $0["value"] as? Double }
        let rules = try RuleSet.load(path)
        let table = ScoringTable(rules: rules)
        var situation = TurnSituation(roll: DiceCounts(faces: [1, 1, 5, 2, 3, 4]))
        situation.myScore = 300
        situation.opponentScore = 500
        situation.extraRound = 2
        situation.seatInRound = 1
        let expected = try #require(
            try Advisor(table: table, game: try Advisor.solveGame(for: table)).advice(for: situation).win)
        #expect(values.count == expected.options.count && !values.isEmpty)
        for (value, option) in zip(values, expected.options) { #expect(abs(value - option.value) < 1e-15) }
        for (extra, message) in [
            (["--extra-round", "1"], "Error: an extra round is played from equal totals"),
            (["--extra-round", "6"], "Error: '--extra-round' must be from 1 to 5"),
            (["--extra-round", "1", "--rounds-left", "1"], "Error: give '--rounds-left' or '--extra-round', not both"),
            // Round 1 of 2: nobody has banked before their first turn.
            (
                ["--rounds-left", "2"],
                "Error: in round 1 nobody has banked before their first turn: playing first, my total and the "
                    + "opponent's are 0, not 300 and 500"
            ),
            (
                ["--rounds-left", "2", "--seat", "2"],
                "Error: in round 1 nobody has banked before their first turn: my total is 0, not 300"
            ),
        ] {
            let refused = try CommandRunner.run(Array(arguments.prefix(9)) + extra)
            #expect(refused.exitStatus == 64 && refused.standardOutput.isEmpty)
            #expect(refused.standardError.hasPrefix(message), "\(refused.standardError)")
        }
        let race = try CommandRunner.run([
            "advise", "--dice", "1", "--my-score", "0", "--opponent-score", "0", "--extra-round", "1",
        ])
        #expect(
            race.exitStatus == 64
                && race.standardError.hasPrefix("Error: '--extra-round' belongs to games of fixed rounds"))
    }

    @Test(
        "the last turn of a final round at a table of three: the library's exact chances, with the next player still to play or not"
    )
    func finalRoundAtThree() throws {
        let path = fixtureRules("final-round-trio.json")
        let rules = try RuleSet.load(path)
        // The race for two is solved once, by the first call, and read from this cache by the others and the test.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]
        let run = { (opponents: [Int], format: String) throws -> CommandResult in
            try CommandRunner.run(
                ["advise", "--rules", path, "--dice", "1,5,2,3,4,4", "--my-score", "300", "--final-round", "--quiet"]
                    + opponents.flatMap { ["--opponent-score", "\($0)"] } + ["--format", format],
                environment: environment)
        }
        let best = { (result: CommandResult) throws -> Double in
            let win = try #require(try jsonObject(result)["win"] as? [String: Any])
            return try #require((win["keeps"] as? [[String: Any]])?.first?["value"] as? Double)
        }
        // The rules seat three: one total alone is refused, not answered as a game of two.
        let one = try run([550], "json")
        #expect(one.exitStatus == 64 && one.standardOutput.isEmpty)
        #expect(
            one.standardError.hasPrefix(
                "Error: rules 'final-round-trio' seat 3 players: give '--opponent-score' 2 times"),
            "\(one.standardError)")
        let first = try run([250, 550], "json")
        #expect(first.exitStatus == 0, "\(first.standardError)")
        let files = try FileManager.default.contentsOfDirectory(
            at: cache.appendingPathComponent("farkle-sim"), includingPropertiesForKeys: nil)
        let policy = try #require(files.first { $0.pathExtension == "policy" })
        let game = try Advisor.readGame(contentsOf: policy, rules: rules.headsUpGame)
        let advisor = try Advisor(table: ScoringTable(rules: rules), game: game)
        // The last turn against the leader alone, from the library: the baseline the table's chances are set beside.
        var headsUp = TurnSituation(roll: DiceCounts(faces: [1, 5, 2, 3, 4, 4]))
        headsUp.myScore = 300
        headsUp.opponentScores = [550]
        headsUp.isFinalRound = true
        let headsUpAdvisor = try Advisor(table: ScoringTable(rules: rules.headsUpGame), game: game)
        let alone = try #require(try headsUpAdvisor.advice(for: headsUp).win?.options.first?.value)
        for opponents in [[250, 550], [550, 250]] {
            let result = try run(opponents, "json")
            #expect(result.exitStatus == 0, "\(result.standardError)")
            let win = try #require(try jsonObject(result)["win"] as? [String: Any])
            #expect(win["exact_at_table"] as? Bool == true && win["final_round"] as? Bool == true)
            let values = try #require(win["keeps"] as? [[String: Any]]).compactMap { $0["value"] as? Double }
            var situation = TurnSituation(roll: DiceCounts(faces: [1, 5, 2, 3, 4, 4]))
            situation.myScore = 300
            situation.opponentScores = opponents
            situation.isFinalRound = true
            let expected = try #require(try advisor.advice(for: situation).win).options
            #expect(values.count == expected.count && !values.isEmpty)
            for (value, option) in zip(values, expected) { #expect(abs(value - option.value) < 1e-15) }
            // With the next player still to play after this turn the chances are lower than against the leader
            // alone; with that player done they are the same.
            if opponents[0] < 500 {
                #expect(try best(result) < alone)
                let markdown = try run(opponents, "md")
                #expect(
                    markdown.standardOutput.contains(
                        "At 300, your last turn, against 250 and 550 in playing order (the highest has reached the "
                            + "target): the chance to win (a tie shared) when every player left plays to win, exact."),
                    "\(markdown.standardOutput)")
            } else {
                // The same chance summed in another order (the explicit last turn, the heads-up table): within
                // rounding.
                let value = try best(result)
                #expect(abs(value - alone) < 1e-15, "\(value) \(alone)")
            }
        }
    }

    @Test(
        "three players racing without a final round: both opponents' totals give the exact three-player game's chances, the library's; the policy file gives the same; one total is refused"
    )
    func threePlayers() throws {
        let path = fixtureRules("short-race-trio.json")
        let arguments = [
            "advise", "--rules", path, "--dice", "1,5,2,3,4,4", "--my-score", "300", "--opponent-score", "850",
            "--opponent-score", "0", "--no-cache",
        ]
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("leader"))
        let win = try #require(try jsonObject(result)["win"] as? [String: Any])
        #expect(win["opponent_scores"] as? [Int] == [850, 0] && win["exact_at_table"] as? Bool == true)
        let values = try #require(win["keeps"] as? [[String: Any]]).compactMap { $0["value"] as? Double }
        // The library's advice at the same totals, the next player's first.
        let rules = try RuleSet.load(path)
        let table = ScoringTable(rules: rules)
        var situation = TurnSituation(roll: DiceCounts(faces: [1, 5, 2, 3, 4, 4]))
        situation.myScore = 300
        situation.opponentScores = [850, 0]
        let game = try Advisor.solveGame(for: table)
        let expected = try #require(try Advisor(table: table, game: game).advice(for: situation).win).options
        // Foundation's JSON reader may round the last digit the CLI prints.
        #expect(values.count == expected.count && !values.isEmpty)
        for (value, option) in zip(values, expected) { #expect(abs(value - option.value) < 1e-15) }
        let markdown = try CommandRunner.run(arguments)
        #expect(
            markdown.standardOutput.contains(
                "At 300 against 850 (the next player) and 0 (the last): the chance to win when all three play to win, exact."
            ),
            "\(markdown.standardOutput)")
        // The solved game written by solve and read back by advise: the same chances.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trio-\(UUID().uuidString).policy")
        defer { try? FileManager.default.removeItem(at: file) }
        let solve = try CommandRunner.run(["solve", "--objective", "win", "--rules", path, "--out", file.path])
        #expect(solve.exitStatus == 0, "\(solve.standardError)")
        let read = try CommandRunner.run(arguments + ["--policy", file.path, "--format", "json"])
        #expect(read.standardOutput == result.standardOutput)
        // One opponent's total is not the game.
        let one = try CommandRunner.run(Array(arguments.prefix(9)) + ["--no-cache"])
        #expect(one.exitStatus == 64 && one.standardOutput.isEmpty)
        #expect(
            one.standardError.hasPrefix(
                "Error: rules 'short-race-trio' seat three players: give '--opponent-score' twice, the next player's total first"
            ), "\(one.standardError)")
    }

    @Test(
        "one total per opponent only in a race without a penalty or rounds, at most seven, not with loaded dice",
        arguments: [
            (
                ["--rules", "zilch", "--dice", "1"] + [
                    "--my-score", "0", "--opponent-score", "0", "--opponent-score", "50",
                ],
                "Error: one '--opponent-score' per opponent needs a race without a three-farkle penalty or rounds"
            ),
            (
                ["--dice", "1", "--my-score", "0"] + Array(repeating: ["--opponent-score", "0"], count: 8).joined(),
                "Error: 8 '--opponent-score': a table has at most 8 players"
            ),
            (
                ["--dice", "5@odd", "--my-score", "0", "--opponent-score", "0", "--opponent-score", "50"],
                "Error: loaded dice are advised against one opponent: give '--opponent-score' once"
            ),
        ])
    func largerTableRefusals(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(["advise"] + arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    }

    @Test("loaded dice beyond the race: six scoreless dice at 0 turn points are the six-dice farkle, then roll")
    func loadedDiceSixDiceFarkle() throws {
        let dice = ["--rules", "standard", "--dice", "2@odd,2,3,3,4,6"]
        let json = try jsonObject(try CommandRunner.run(["advise"] + dice + ["--format", "json"]))
        #expect(json["objective"] as? String == "points")
        #expect(json["farkle"] as? Bool == false)
        let farkle = try #require(json["six_dice_farkle"] as? [String: Any])
        #expect(farkle["points"] as? Int == 500)
        // Hot dice with 500 points: at least the 500 and more, as rolling six dice again adds to them.
        #expect((farkle["expected"] as? Double ?? 0) > 500)
        let markdown = try CommandRunner.run(["advise"] + dice)
        #expect(markdown.exitStatus == 0)
        #expect(markdown.standardOutput.contains("No keep: a six-dice farkle, 500 points and hot dice"))
        #expect(markdown.standardOutput.contains("Then roll: hot dice must be rolled"))
        // Not the opening roll (turn points before it): a farkle.
        let later = try jsonObject(
            try CommandRunner.run(["advise"] + dice + ["--turn-points", "500", "--format", "json"]))
        #expect(later["farkle"] as? Bool == true && later["six_dice_farkle"] is NSNull)
        // The advice to win with dice sets is the race won at once's: one line, exit 64.
        let win = try CommandRunner.run(["advise"] + dice + ["--my-score", "500", "--opponent-score", "400"])
        #expect(win.exitStatus == 64)
        #expect(win.standardError.hasPrefix("Error: the advice to win with dice sets is solved for a race won at"))
    }

    @Test(
        "loaded dice under a three-farkle penalty are refused, as simulate and evaluate refuse them",
        arguments: [
            ["--dice", "1,5,2,3,4,6@odd"], ["--dice", "1,5,2,3,4,6@odd", "--dice-set", "odd:1", "--my-score", "1000"],
        ])
    func loadedDiceUnderPenalty(dice: [String]) throws {
        let result = try CommandRunner.run(
            ["advise", "--rules", fixtureRules("kcd-penalty.json"), "--turn-points", "300"] + dice)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.hasPrefix(
                "Error: loaded dice are solved with no three-farkle penalty; rules 'kcd-penalty' take 500 points on a "
                    + "third farkle in a row"), "\(result.standardError)")
    }

    @Test(
        "totals that do not fit the race are one Error line and exit 64",
        arguments: [
            (["--my-score", "500", "--final-round"], "'--final-round' needs '--opponent-score'"),
            (["--my-score", "1000"], "'--my-score' must be from 0 to 999, not 1000"),
            (["--opponent-score", "500"], "'--opponent-score' needs '--my-score'"),
            (["--final-round"], "'--final-round' needs '--my-score' and '--opponent-score'"),
            (["--my-score", "1000", "--opponent-score", "0"], "'--my-score' must be from 0 to 999, not 1000"),
            (["--my-score", "25", "--opponent-score", "0"], "'--my-score' must be a multiple of 50"),
            (["--my-score", "0", "--opponent-score", "1000"], "has reached the target 1000, which ends the game"),
            (["--my-score", "0", "--opponent-score", "500", "--final-round"], "the first to reach 1000 wins at once"),
        ])
    func badTotals(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(
            ["advise", "--rules", fixtureRules("short-race.json"), "--dice", "1,5"] + arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("a final round against a total of 10^9 is refused at once, before the game is solved or the turn allocated")
    func hugeDeficit() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try CommandRunner.run([
            "advise", "--dice", "1,5", "--my-score", "0", "--opponent-score", "1000000000", "--final-round",
        ])
        #expect(clock.now - start < .seconds(10))
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: the opponent is 1000000000 points ahead"))
    }

    @Test("rules the win solver does not cover are refused with its reason, exit 64")
    func unsupported() throws {
        let penalty = try CommandRunner.run([
            "advise", "--rules", "zilch", "--dice", "1,5", "--my-score", "0", "--opponent-score", "0", "--policy",
            "policy.bin",
        ])
        #expect(penalty.exitStatus == 64)
        #expect(penalty.standardError.hasPrefix("Error: policy file '"))
        #expect(penalty.standardError.contains("policy.bin': cannot read the file"))
        for arguments in [
            ["--opponent-farkles", "1"], ["--my-score", "0", "--opponent-score", "0", "--opponent-farkles", "1"],
        ] {
            let refused = try CommandRunner.run(
                ["advise", "--rules", fixtureRules("ones-race.json"), "--dice", "1"] + arguments)
            #expect(refused.exitStatus == 64)
            #expect(refused.standardError.hasPrefix("Error: '--opponent-farkles' "), "\(refused.standardError)")
        }
        let finalRound = try CommandRunner.run([
            "advise", "--rules", fixtureRules("ones-race.json"), "--dice", "1", "--my-score", "0",
            "--opponent-score", "900", "--final-round",
        ])
        #expect(finalRound.exitStatus == 64)
        #expect(
            finalRound.standardError.hasPrefix("Error: a final round means the opponent has reached 1000, not 900"),
            "\(finalRound.standardError)")
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

    // MARK: - Farkles in a row under a three-farkle penalty

    @Test("zilch --farkles N: the long-run play after N in a row; 400 with 3 dice rolls after 0, banks after 1 or 2")
    func farklesInARow() throws {
        let penalty = LongRunAverageSolver(rules: .zilch)
        let roll = DiceCounts(faces: [1, 2, 3, 4])
        var actions: [String] = []
        for count in LongRunAverageSolver.farkleCounts {
            let result = try CommandRunner.run([
                "advise", "--rules", "zilch", "--dice", "1,2,3,4", "--turn-points", "300", "--farkles", "\(count)",
                "--format", "json",
            ])
            #expect(result.exitStatus == 0)
            let advice = try AdviceJSON.decoder.decode(AdviceJSON.self, from: Data(result.standardOutput.utf8))
            let solver = penalty.turnSolver(farklesInARow: count)
            let expected = solver.advice(for: roll, turnPoints: 300)
            #expect(advice.farklesInARow == count)
            #expect(advice.farkleValue == solver.farkleValue)
            #expect(advice.keeps.map(\.expected) == expected.options.map(\.value))
            #expect(advice.decision?.rollValue == expected.next?.rollValue)
            actions.append(advice.decision?.action ?? "none")
        }
        // Zilch's bank thresholds with 3 dice left: 450, 350 and 300 after 0, 1 and 2 farkles in a row.
        #expect(actions == ["roll", "bank", "bank"])
    }

    @Test("zilch advises after no farkle in a row unless told; rules without a penalty say null and 0")
    func farklesDefault() throws {
        let zilch = try jsonObject(
            CommandRunner.run(["advise", "--rules", "zilch", "--dice", "1,5", "--format", "json"]))
        #expect(zilch["farkles_in_a_row"] as? Int == 0)
        #expect(try #require(zilch["farkle_value"] as? Double) < 0, "a farkle costs something later")
        let standard = try jsonObject(CommandRunner.run(["advise", "--dice", "1,5", "--format", "json"]))
        #expect(standard["farkles_in_a_row"] is NSNull)
        #expect(standard["farkle_value"] as? Double == 0)
        let markdown = try CommandRunner.run(["advise", "--dice", "1,5"]).standardOutput
        #expect(!markdown.contains("in a row"))
    }

    @Test("the Markdown says the count, the penalty and what a farkle now counts")
    func farklesMarkdown() throws {
        let result = try CommandRunner.run(["advise", "--rules", "zilch", "--dice", "1,5", "--farkles", "2"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.contains("2 farkles in a row before this turn; three in a row cost 500 points."))
        #expect(result.standardOutput.contains("a farkle now counts -500.00 points, what it costs later"))
    }

    @Test("a penalty of the whole total: --farkles is taken, the points are the turn's own and the text says so")
    func farklesWholeTotal() throws {
        let rules = fixtureRules("ones-wipeout-race.json")
        let result = try CommandRunner.run(["advise", "--rules", rules, "--dice", "1,2,3,4,6,6", "--farkles", "2"])
        #expect(result.exitStatus == 0 && result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput.contains("three in a row cost the whole total"))
        #expect(result.standardOutput.contains("With --my-score and --opponent-score the advice to win counts"))
        let refused = try CommandRunner.run(["advise", "--rules", rules, "--dice", "1,2", "--farkles", "3"])
        #expect(refused.exitStatus == 64 && refused.standardError.hasPrefix("Error: '--farkles'"))
    }

    @Test(
        "--farkles needs a penalty and a count from 0 to 2: one Error line, exit 64",
        arguments: [
            (
                ["--dice", "1,5", "--farkles", "0"],
                "'--farkles' counts toward a three-farkle penalty; rules 'standard'"
            ),
            (["--rules", "zilch", "--dice", "1,5", "--farkles", "3"], "'--farkles' must be from 0 to 2 (the third"),
            (["--rules", "zilch", "--dice", "1,5", "--farkles", "-1"], "'--farkles' must be from 0 to 2"),
            (["--rules", "zilch", "--dice", "1,5", "--farkles", "x"], "'--farkles' must be a whole number"),
            (
                ["--rules", "kcd", "--dice", "5@heavenly-kingdom,5,2,2,3,4", "--farkles", "1"],
                "'--farkles' applies to ordinary dice"
            ),
        ])
    func badFarkles(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(["advise"] + arguments)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
