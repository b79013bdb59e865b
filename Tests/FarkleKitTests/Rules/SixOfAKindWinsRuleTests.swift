import Foundation
import Testing

@testable import FarkleKit

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
            (#""win""#, "'game.six_of_a_kind' must be \"instant_win\" or \"points\", not \"win\""),
            (#"["points", "instant_win"]"#, "'game.six_of_a_kind' must list six values, for 1s to 6s"),
            (
                #"["points", "points", "points", "points", "points", true]"#,
                "'game.six_of_a_kind[5]' must be \"instant_win\" or \"points\", not"
            ),
            (#"[]"#, "'game.six_of_a_kind' must list six values"),
            (#"1"#, "'game.six_of_a_kind' must be \"instant_win\" or \"points\""),
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
}
