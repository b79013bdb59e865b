import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// Six of a kind that wins at once, on any face or on chosen faces: read from a rule file, written back, and
/// played where a game is played (the table, the simulator, the advice).
@Suite("Six of a kind that wins at once: the rule-file key and where a game sees it")
struct SixOfAKindWinsRuleTests {
    /// Only single 1s score, any dice may bank: six 2s to 6s score nothing, so a win on them is a roll that
    /// would otherwise farkle.
    private static func onesOnly(target: Int, instantWinFaces: Set<Int>) -> RuleSet {
        var rules = RuleSet(
            name: "ones-only-\(target)",
            combinations: CombinationPoints(singleOne: 100),
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
            game: GameRules(target: target, finalRound: false))
        rules.game.instantWinFaces = instantWinFaces
        return rules
    }

    @Test("game.six_of_a_kind: one value for every face, or six values for 1s to 6s")
    func reads() throws {
        #expect(RuleSet.standard.game.instantWinFaces == [1])
        let any = try Fixtures.rules(json: #"{"base": "zilch", "game": {"six_of_a_kind": "instant_win"}}"#)
        #expect(any.game.instantWinFaces == [1, 2, 3, 4, 5, 6])
        let none = try Fixtures.rules(json: #"{"base": "standard", "game": {"six_of_a_kind": "points"}}"#)
        #expect(none.game.instantWinFaces.isEmpty && !none.game.sixOnesWin)
        let sixes = try Fixtures.rules("six-sixes-win.json")
        #expect(sixes.game.instantWinFaces == [6])
        #expect(sixes.combinations == RuleSet.standard.combinations && sixes.turn == RuleSet.standard.turn)
        // sixOnesWin (the rule file's six_ones) says what six 1s do, and only that.
        var ones = sixes.game
        ones.sixOnesWin = true
        #expect(ones.instantWinFaces == [1, 6])
        ones.sixOnesWin = false
        #expect(ones.instantWinFaces == [6])
    }

    @Test(
        "a value that is not instant_win or points, a list not of six, or six_ones beside it: one line naming the key",
        arguments: [
            (#""win""#, "'game.six_of_a_kind' must be \"instant_win\", \"loses\" or \"points\", not \"win\""),
            (#"["points", "instant_win"]"#, "'game.six_of_a_kind' must list six values, for 1s to 6s"),
            (
                #"["points", "points", "points", "points", "points", true]"#,
                "'game.six_of_a_kind[5]' must be \"instant_win\", \"loses\" or \"points\", not"
            ),
            (#"[]"#, "'game.six_of_a_kind' must list six values"),
            (#"1"#, "'game.six_of_a_kind' must be \"instant_win\", \"loses\" or \"points\""),
        ])
    func refuses(value: String, message: String) {
        #expect {
            try Fixtures.rules(json: #"{"base": "standard", "game": {"six_of_a_kind": \#(value)}}"#)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: \(message)") && !text.contains("\n")
        }
        #expect {
            try Fixtures.rules(
                json: #"{"base": "standard", "game": {"six_ones": "points", "six_of_a_kind": "instant_win"}}"#)
        } throws: { error in
            String(describing: error)
                == "bonus.json: 'game.six_ones' cannot be given with game.six_of_a_kind, which says what six 1s do too"
        }
    }

    @Test("jsonText writes six_of_a_kind only when a face other than 1 wins, and reads back equal")
    func roundTrip() throws {
        for faces: Set<Int> in [[6], [1, 6], [1, 2, 3, 4, 5, 6], [2, 3]] {
            var rules = RuleSet.standard
            rules.game.instantWinFaces = faces
            #expect(rules.jsonText.contains(#""six_of_a_kind": ["#) && !rules.jsonText.contains("six_ones"))
            #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules, "\(faces)")
        }
        // Rule sets where at most six 1s win keep their text, and with it their policy files' and cache digests.
        for preset in RulePreset.all {
            #expect(preset.rules.jsonText.contains(#""six_ones": "#), "\(preset.name)")
            #expect(!preset.rules.jsonText.contains(#""six_of_a_kind": ["#), "\(preset.name)")
        }
    }

    @Test("a roll wins at once exactly when its six dice all show one face that the rules list")
    func winsAtOnce() throws {
        let sixes = try Fixtures.rules("six-sixes-win.json").game
        var any = GameRules()
        any.instantWinFaces = Set(1...6)
        for dice in 1...6 {
            for roll in DiceCatalog.shared.multisets[dice] {
                // Counted face by face: the one face that fills all six dice, if any.
                let filled = roll.count == 6 ? (1...6).first { face in roll.faces.allSatisfy { $0 == face } } : nil
                #expect(sixes.winsAtOnce(roll) == (filled == 6), "\(roll)")
                #expect(any.winsAtOnce(roll) == (filled != nil), "\(roll)")
                #expect(RuleSet.standard.game.winsAtOnce(roll) == (filled == 1), "\(roll)")
                #expect(!RuleSet.zilch.game.winsAtOnce(roll), "\(roll)")
            }
        }
        // Only faces of a die are kept: a rule set built in code cannot name a seventh face.
        var odd = GameRules()
        odd.instantWinFaces = [0, 6, 7]
        #expect(odd.instantWinFaces == [6])
        #expect(sixes.instantWinDescription == "six 6s")
        #expect(any.instantWinDescription == "six of any face")
        #expect(RuleSet.standard.game.instantWinDescription == "six 1s")
        #expect(RuleSet.zilch.game.instantWinDescription == nil)
    }

    @Test("at the table six 6s win where the rules say so, rolled or kept alone, and a scoreless six of a kind too")
    func atTheTable() throws {
        let sixes = try Fixtures.rules("six-sixes-win.json")
        #expect(try game(sixes, [.roll(dice(6, 6, 6, 6, 6, 6))]).result == .won(seat: 0))
        #expect(try game(sixes, [.keep(dice(6, 6, 6, 6, 6, 6))]).result == .won(seat: 0))
        // Six 1s score there: 10,000 turn points and hot dice.
        let ones = try game(sixes, [.roll(dice(1, 1, 1, 1, 1, 1)), .keep(dice(1, 1, 1, 1, 1, 1))])
        #expect(ones.result == nil && ones.turnPoints == 10_000)
        // Under standard six 6s score.
        #expect(try game(.standard, [.roll(dice(6, 6, 6, 6, 6, 6))]).result == nil)
        // Six 2s score nothing when only 1s score, and still win when any six of a kind does.
        let scoreless = Self.onesOnly(target: 500, instantWinFaces: Set(1...6))
        #expect(try game(scoreless, [.roll(dice(2, 2, 2, 2, 2, 2))]).result == .won(seat: 0))
        let farkle = try game(Self.onesOnly(target: 500, instantWinFaces: [1]), [.roll(dice(2, 2, 2, 2, 2, 2))])
        #expect(farkle.result == nil && farkle.seat == 1)
    }

    @Test("the advice on a roll that wins at once says so and offers no keep to win; elsewhere the roll is advised")
    func advice() throws {
        let sixes = try Fixtures.rules("six-sixes-win.json")
        var situation = TurnSituation(roll: dice(6, 6, 6, 6, 6, 6))
        let advice = try Advisor(table: ScoringTable(rules: sixes)).advice(for: situation)
        #expect(advice.winsAtOnce && advice.win == nil)
        // The points advice is the single turn's, where six 6s are six of a kind.
        #expect(advice.points.best?.keep.score == 10_000)
        situation = TurnSituation(roll: dice(6, 6, 6, 6, 6, 5))
        #expect(try !Advisor(table: ScoringTable(rules: sixes)).advice(for: situation).winsAtOnce)
        situation = TurnSituation(roll: dice(6, 6, 6, 6, 6, 6))
        #expect(try !Advisor(table: ScoringTable(rules: .standard)).advice(for: situation).winsAtOnce)
    }

    @Test("simulated games end on six of any face about six times as often as on six 1s alone (4 standard errors)")
    func simulatedInstantWins() throws {
        // Greedy banks its first 1 in a race to 100: a turn banks with q = 1 - (5/6)^6 - 1/6^6 (some 1, not six) and
        // wins at once with w = k / 6^6 for k faces that win, so a game ends at once with chance w / (w + q).
        let games = 400_000
        for faces: Set<Int> in [[1], Set(1...6)] {
            let rules = Self.onesOnly(target: 100, instantWinFaces: faces)
            var context = StrategyContext(table: ScoringTable(rules: rules))
            let seats = BuiltInStrategy.make([.greedy, .greedy], context: &context)
            let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: 61)
            let all: Double = 46_656  // 6^6
            let wins = Double(faces.count) / all
            let banks: Double = 1 - pow(5.0 / 6.0, 6.0) - 1 / all
            let expected = wins / (wins + banks)
            let observed = Double(tally.instantWins) / Double(games)
            let standardError = (expected * (1 - expected) / Double(games)).squareRoot()
            #expect(abs(observed - expected) <= 4 * standardError, "\(faces): \(observed) against \(expected)")
            #expect(tally.seats[0].wins + tally.seats[1].wins == games)
        }
    }

    // MARK: - Six of a kind that loses at once

    @Test("\"loses\": six_ones or a face of six_of_a_kind loses at once; written back as six_ones or the list")
    func readsLosses() throws {
        let explosion = try Fixtures.rules("six-ones-lose.json")
        #expect(explosion.game.instantLossFaces == [1] && explosion.game.instantWinFaces.isEmpty)
        #expect(explosion.jsonText.contains(#""six_ones": "loses""#))
        #expect(try RuleSet(json: Data(explosion.jsonText.utf8), source: "again") == explosion)
        let mixed = try Fixtures.rules(
            json: #"{"game": {"six_of_a_kind": ["instant_win", "loses", "points", "points", "points", "loses"]}}"#)
        #expect(mixed.game.instantWinFaces == [1] && mixed.game.instantLossFaces == [2, 6])
        #expect(
            mixed.jsonText.contains(
                #""six_of_a_kind": ["instant_win", "loses", "points", "points", "points", "loses"]"#))
        #expect(try RuleSet(json: Data(mixed.jsonText.utf8), source: "again") == mixed)
        // A face wins or loses, never both: the last word on it stands.
        var game = GameRules()
        game.instantLossFaces = [1, 2]
        #expect(game.instantLossFaces == [2] && game.instantWinFaces == [1])
        #expect(
            explosion.game.losesAtOnce(dice(1, 1, 1, 1, 1, 1)) && !explosion.game.winsAtOnce(dice(1, 1, 1, 1, 1, 1)))
        #expect(!explosion.game.losesAtOnce(dice(1, 1, 1, 1, 1)))
        #expect(explosion.game.instantLossDescription == "six 1s")
    }

    @Test("at the table six 1s that lose hand the game to the other player; with more, to the highest other total")
    func lossesAtTheTable() throws {
        let explosion = try Fixtures.rules("six-ones-lose.json")
        #expect(try game(explosion, [.roll(dice(1, 1, 1, 1, 1, 1))]).result == .won(seat: 1))
        #expect(try game(explosion, [.keep(dice(1, 1, 1, 1, 1, 1))]).result == .won(seat: 1))
        // Three players: Ann banks 1,100, Ben 1,100, Cal rolls six 1s: Ann and Ben tie; Ben at 1,250 wins.
        let players = ["Ann", "Ben", "Cal"]
        let even: [GameAction] = [.keep(dice(1, 1, 1, 5)), .bank, .keep(dice(1, 1, 1, 5)), .bank]
        let tie = try game(explosion, players: players, even + [.roll(dice(1, 1, 1, 1, 1, 1))])
        #expect(tie.result == .tied(seats: [0, 1]))
        let ahead: [GameAction] = [.keep(dice(1, 1, 1, 5)), .bank, .keep(dice(1, 1, 1, 5, 5)), .bank]
        #expect(try game(explosion, players: players, ahead + [.roll(dice(1, 1, 1, 1, 1, 1))]).result == .won(seat: 1))
        // Alone, nobody wins.
        #expect(try game(explosion, players: ["Ann"], [.roll(dice(1, 1, 1, 1, 1, 1))]).result == .tied(seats: []))
    }

    @Test("the advice on a roll that loses at once says so and offers no keep to win")
    func lossAdvice() throws {
        let explosion = try Fixtures.rules("six-ones-lose.json")
        let advice = try Advisor(table: ScoringTable(rules: explosion)).advice(
            for: TurnSituation(roll: dice(1, 1, 1, 1, 1, 1)))
        #expect(advice.losesAtOnce && !advice.winsAtOnce && advice.win == nil)
        #expect(advice.points.best?.keep.score == 10_000)
    }

    @Test(
        "simulated games end on a losing six of a kind as often as w / (w + q), within 4 standard errors; the other wins"
    )
    func simulatedInstantLosses() throws {
        // Greedy races to 100 where only 1s score and six 2s to 6s lose: a turn banks with q = 1 - (5/6)^6 and
        // loses with l = 5 / 6^6, so a game ends in a loss with chance l / (l + q).
        var rules = Self.onesOnly(target: 100, instantWinFaces: [])
        rules.game.instantLossFaces = [2, 3, 4, 5, 6]
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let seats = BuiltInStrategy.make([.greedy, .greedy], context: &context)
        var observer = LossObserver()
        let games = 400_000
        let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: 62)
        let loses: Double = 5 / 46_656
        let banks: Double = 1 - pow(5.0 / 6.0, 6.0)
        let expected = loses / (loses + banks)
        let observed = Double(tally.instantLosses) / Double(games)
        let standardError = (expected * (1 - expected) / Double(games)).squareRoot()
        #expect(abs(observed - expected) <= 4 * standardError, "\(observed) against \(expected)")
        #expect(tally.seats[0].wins + tally.seats[1].wins == games)
        // Game by game: the seat that rolls the losing six of a kind never wins.
        var rolls = Xoshiro256StarStar(seed: 63)
        var strategies = Xoshiro256StarStar(seed: 64)
        var watched = SimulationTally(players: 2)
        GameEngine(table: context.table, seats: seats, maximumRounds: 1_000).play(
            games: 40_000, generator: &rolls, strategyGenerator: &strategies, tally: &watched, observer: &observer)
        #expect(observer.losses == watched.instantLosses && observer.losses > 0 && observer.lostAndWon == 0)
    }
}

/// Counts the games lost at once, and those whose loser is also the winner (none should be).
private struct LossObserver: GameObserver {
    var losses = 0
    var lostAndWon = 0
    private var loser: Int?

    mutating func turnEnded(seat: Int, outcome: TurnOutcome, turnPoints: Int, scores: SeatScores, isFinalRound: Bool) {
        if outcome == .instantLoss { loser = seat }
    }

    mutating func gameEnded(winner: Int?, scores: SeatScores) {
        if let loser {
            losses += 1
            if winner == loser { lostAndWon += 1 }
        }
        loser = nil
    }
}
