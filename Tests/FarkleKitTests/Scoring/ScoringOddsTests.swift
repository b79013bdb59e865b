import Testing

@testable import FarkleKit

/// Expected values derived by hand from the rules (the Rules article), not copied from program output.
@Suite("Odds of one roll")
struct ScoringOddsTests {
    static let standard = ScoringOdds(table: ScoringTable(rules: .standard))

    @Test("one die: 6 rolls, a 1 (100) or a 5 (50) scores, the 4 others farkle; mean 150 / 6 = 25")
    func oneDie() {
        let row = Self.standard.rows[0]
        #expect(row.dice == 1 && row.rolls == 6)
        #expect(row.farkles == 4)
        #expect(row.farkleProbability == 4.0 / 6.0)
        #expect(row.totalBestScore == 150)
        #expect(row.meanBestScore == 25)
    }

    @Test("two dice: the 4 x 4 rolls of 2, 3, 4, 6 farkle; the best keep is the sum of the singles, mean 50")
    func twoDice() {
        let row = Self.standard.rows[1]
        #expect(row.rolls == 36)
        #expect(row.farkles == 16)
        #expect(row.farkleProbability == 16.0 / 36.0)
        // 11: 200; 15 and 51: 150 each; 55: 100; a 1 with a non-scoring die, 8 rolls: 100; a 5 likewise: 50.
        #expect(row.totalBestScore == 200 + 2 * 150 + 100 + 8 * 100 + 8 * 50)
        #expect(row.meanBestScore == 50)
    }

    @Test("three dice: 4^3 - 4 farkles; the singles sum to 75 per roll, and triples add over them")
    func threeDice() {
        let row = Self.standard.rows[2]
        #expect(row.rolls == 216)
        #expect(row.farkles == 60)  // no 1, no 5 and not a triple of 2, 3, 4 or 6
        // Singles: 216 rolls x 3 dice x 25 points. 111: 1000 instead of 300; 555: 500 instead of 150;
        // 222, 333, 444, 666: 200 + 300 + 400 + 600 from nothing.
        #expect(row.totalBestScore == 216 * 75 + 700 + 350 + 1500)
    }

    @Test("six dice of standard: rows for every dice count, and six-dice farkles are rare")
    func shape() {
        #expect(Self.standard.rules == "standard")
        #expect(Self.standard.rows.map(\.dice) == [1, 2, 3, 4, 5, 6])
        #expect(Self.standard.rows.map(\.rolls) == [6, 36, 216, 1296, 7776, 46656])
        // Farkle odds fall with every added die.
        let odds = Self.standard.rows.map(\.farkleProbability)
        #expect(zip(odds, odds.dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test("five-thousand plays five dice: rows for 1 to 5 dice, none for six the game never rolls")
    func fiveDice() throws {
        let rules = try #require(RuleSet.presets["five-thousand"])
        let odds = ScoringOdds(table: ScoringTable(rules: rules))
        #expect(odds.rows.map(\.dice) == [1, 2, 3, 4, 5])
        #expect(odds.rows.map(\.rolls) == [6, 36, 216, 1296, 7776])
        // One die: 2, 3, 4 and 6 farkle, as in every rule set that scores single 1s and 5s.
        #expect(odds.rows[0].farkles == 4)
    }

    @Test("house-variant fixture, three dice: three 1s score 300, so only 555 and the other triples add")
    func fixtureThreeDice() throws {
        let odds = ScoringOdds(table: ScoringTable(rules: try Fixtures.rules("house-variant.json")))
        #expect(odds.rows[0].farkles == 4 && odds.rows[0].totalBestScore == 150)
        #expect(odds.rows[2].farkles == 60)
        #expect(odds.rows[2].totalBestScore == 216 * 75 + 0 + 350 + 1500)
    }
}
