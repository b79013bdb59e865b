import Testing

@_spi(Kernels) @testable import FarkleKit

/// Each preset's signature scores, checked on the scoring table and on the reference scorer, and every roll
/// of every preset checked against the reference.
@Suite("Preset scoring, on the table and the reference scorer")
struct PresetScoringTests {
    /// The highest score of a keep of exactly `dice` dice of `faces` (0 where there is none), on both scorers.
    private func expectBest(_ rules: RuleSet, _ faces: [Int], keeping dice: Int, scores score: Int) {
        let roll = DiceCounts(faces: faces)
        #expect(ScoringTable(rules: rules).best(for: roll)[dice] == score, "\(rules.name) table, roll \(roll)")
        #expect(ReferenceScorer(rules: rules).evaluate(faces).best[dice] == score, "\(rules.name) reference, \(roll)")
    }

    @Test(
        "every one of the 55,986 ordered rolls agrees with the reference scorer",
        arguments: RulePreset.all.map(\.name))
    func validates(name: String) throws {
        let rules = try #require(RuleSet.presets[name])
        let validation = ScoringValidator(rules: rules).validate()
        #expect(validation.rollsChecked == 55_986)
        #expect(validation.disagreements == 0)
    }

    // MARK: - zilch

    @Test("zilch: each die beyond three doubles: four 2s score 400, five 800, six 1600")
    func zilchDoubling() {
        expectBest(.zilch, [2, 2, 2, 2], keeping: 4, scores: 400)
        expectBest(.zilch, [2, 2, 2, 2, 2], keeping: 5, scores: 800)
        expectBest(.zilch, [2, 2, 2, 2, 2, 2], keeping: 6, scores: 1600)
        expectBest(.zilch, [1, 1, 1, 1], keeping: 4, scores: 2000)
    }

    @Test("zilch: six 1s score as points, 8000 (1000 doubled three times)")
    func zilchSixOnes() {
        expectBest(.zilch, [1, 1, 1, 1, 1, 1], keeping: 6, scores: 8000)
    }

    @Test("zilch: four of a kind plus a pair scores 1500 as three pairs")
    func zilchFourAndPair() {
        expectBest(.zilch, [2, 2, 2, 2, 3, 3], keeping: 6, scores: 1500)
        expectBest(.zilch, [2, 3, 2, 4, 4, 3], keeping: 6, scores: 1500)
    }

    @Test("zilch: no full house, two triplets or small straight; the straight 1-6 scores 1500")
    func zilchMissing() {
        // 2 2 2 5 5 is only three 2s and two single 5s.
        expectBest(.zilch, [2, 2, 2, 5, 5], keeping: 5, scores: 300)
        // 2 2 2 3 3 3: three 2s and three 3s.
        expectBest(.zilch, [2, 2, 2, 3, 3, 3], keeping: 6, scores: 500)
        // 2 3 4 5 6: only the 5 scores, so no keep uses all five dice.
        expectBest(.zilch, [2, 3, 4, 5, 6], keeping: 5, scores: 0)
        expectBest(.zilch, [1, 2, 3, 4, 5, 6], keeping: 6, scores: 1500)
    }

    @Test("zilch: a roll of six dice that scores nothing is worth 500 on any roll of six dice, not only the first")
    func zilchSixDiceNoScore() {
        let solver = ExpectedScoreSolver(rules: .zilch)
        let advice = solver.advice(for: DiceCounts(faces: [2, 3, 3, 4, 6, 6]), turnPoints: 300)
        #expect(!advice.isOpeningRoll)
        #expect(advice.options.isEmpty)
        #expect(advice.sixDiceFarkle?.points == 500)
        #expect(!advice.isFarkle)
        // The same roll with five dice left is a farkle.
        #expect(solver.advice(for: DiceCounts(faces: [2, 3, 3, 4, 6]), turnPoints: 300).isFarkle)
    }

    // MARK: - facebook

    @Test("facebook: each die beyond three adds the three of a kind once more: four 3s 600, five 900, six 1200")
    func facebookLinear() {
        expectBest(.facebook, [3, 3, 3, 3], keeping: 4, scores: 600)
        expectBest(.facebook, [3, 3, 3, 3, 3], keeping: 5, scores: 900)
        expectBest(.facebook, [3, 3, 3, 3, 3, 3], keeping: 6, scores: 1200)
        expectBest(.facebook, [1, 1, 1, 1, 1, 1], keeping: 6, scores: 4000)
    }

    @Test("facebook: three pairs score 750; four 2s and two 3s are not three pairs")
    func facebookPairs() {
        expectBest(.facebook, [1, 1, 4, 4, 6, 6], keeping: 6, scores: 750)
        // 2 2 2 2 is 400 and the 3s do not score: no keep of all six dice.
        expectBest(.facebook, [2, 2, 2, 2, 3, 3], keeping: 6, scores: 0)
        expectBest(.facebook, [2, 2, 2, 2, 3, 3], keeping: 4, scores: 400)
    }

    @Test("facebook: the straight 1-6 scores 1500; no small straight, full house or two triplets")
    func facebookNothingElse() {
        expectBest(.facebook, [1, 2, 3, 4, 5, 6], keeping: 6, scores: 1500)
        expectBest(.facebook, [1, 2, 3, 4, 5], keeping: 5, scores: 0)
        expectBest(.facebook, [3, 3, 3, 2, 2], keeping: 5, scores: 0)
        expectBest(.facebook, [2, 2, 2, 3, 3, 3], keeping: 6, scores: 500)
    }

    // MARK: - boxed

    @Test("boxed: three 1s score 300; four of a kind 1000, five 2000, six 3000, whatever the face")
    func boxedOfAKind() {
        expectBest(.boxed, [1, 1, 1], keeping: 3, scores: 300)
        expectBest(.boxed, [2, 2, 2, 2], keeping: 4, scores: 1000)
        expectBest(.boxed, [6, 6, 6, 6, 6], keeping: 5, scores: 2000)
        expectBest(.boxed, [1, 1, 1, 1, 1, 1], keeping: 6, scores: 3000)
    }

    @Test("boxed: four of a kind plus a pair 1500, three pairs 1500, two triplets 2500, straight 1500")
    func boxedSixDice() {
        expectBest(.boxed, [2, 2, 2, 2, 3, 3], keeping: 6, scores: 1500)
        expectBest(.boxed, [2, 2, 3, 3, 4, 4], keeping: 6, scores: 1500)
        expectBest(.boxed, [2, 2, 2, 3, 3, 3], keeping: 6, scores: 2500)
        expectBest(.boxed, [1, 2, 3, 4, 5, 6], keeping: 6, scores: 1500)
    }

    // MARK: - cardgames

    @Test("cardgames: the straight 1-6 scores 2500")
    func cardgamesStraight() {
        expectBest(.cardgames, [6, 5, 4, 3, 2, 1], keeping: 6, scores: 2500)
    }

    @Test("cardgames: four 2s and two 3s are not three pairs; two triplets are just two three of a kinds")
    func cardgamesNotPairs() {
        expectBest(.cardgames, [2, 2, 2, 2, 3, 3], keeping: 6, scores: 0)
        expectBest(.cardgames, [2, 2, 3, 3, 4, 4], keeping: 6, scores: 1500)
        expectBest(.cardgames, [2, 2, 2, 3, 3, 3], keeping: 6, scores: 500)
    }

    @Test("cardgames: four 1s keep best as three 1s and a single 1, 1100, above the flat 1000")
    func cardgamesFourOnes() {
        expectBest(.cardgames, [1, 1, 1, 1], keeping: 4, scores: 1100)
        expectBest(.cardgames, [4, 4, 4, 4], keeping: 4, scores: 1000)
        expectBest(.cardgames, [1, 1, 1, 1, 1], keeping: 5, scores: 2000)
    }

    // MARK: - kcd

    @Test("kcd: each die beyond three doubles: four 2s 400, six 2s 1600, six 1s 8000")
    func kcdDoubling() {
        expectBest(.kcd, [2, 2, 2, 2], keeping: 4, scores: 400)
        expectBest(.kcd, [2, 2, 2, 2, 2], keeping: 5, scores: 800)
        expectBest(.kcd, [2, 2, 2, 2, 2, 2], keeping: 6, scores: 1600)
        expectBest(.kcd, [1, 1, 1, 1, 1, 1], keeping: 6, scores: 8000)
    }

    @Test("kcd: straights 1-5 = 500, 2-6 = 750, 1-6 = 1500")
    func kcdStraights() {
        expectBest(.kcd, [5, 4, 3, 2, 1], keeping: 5, scores: 500)
        expectBest(.kcd, [6, 5, 4, 3, 2], keeping: 5, scores: 750)
        expectBest(.kcd, [1, 2, 3, 4, 5, 6], keeping: 6, scores: 1500)
    }

    @Test("kcd: a keep is scoring dice at the best split: 1-5 + 1 = 600, 2-6 + 5 = 800, 2-6 + 6 is no keep")
    func kcdSplits() {
        expectBest(.kcd, [1, 2, 3, 4, 5, 1], keeping: 6, scores: 600)
        expectBest(.kcd, [2, 3, 4, 5, 6, 5], keeping: 6, scores: 800)
        expectBest(.kcd, [2, 3, 4, 5, 6, 6], keeping: 6, scores: 0)
        expectBest(.kcd, [2, 3, 4, 5, 6, 6], keeping: 5, scores: 750)
    }

    @Test("kcd: no three pairs, full house, two triplets or six-dice bonus")
    func kcdNothingElse() {
        expectBest(.kcd, [2, 2, 3, 3, 4, 4], keeping: 6, scores: 0)
        expectBest(.kcd, [2, 2, 2, 3, 3], keeping: 5, scores: 0)
        expectBest(.kcd, [2, 2, 2, 3, 3, 3], keeping: 6, scores: 500)
        expectBest(.kcd, [2, 2, 2, 2, 3, 3], keeping: 6, scores: 0)
    }

    @Test("kcd: six dice that score nothing are an ordinary farkle, 1,440 of the 46,656 rolls")
    func kcdSixDiceFarkles() {
        let odds = ScoringOdds(table: ScoringTable(rules: .kcd))
        #expect(odds.rows.first { $0.dice == 6 }?.farkles == 1440)
        #expect(RuleSet.kcd.turn.sixDiceFarkle == nil)
    }
}
