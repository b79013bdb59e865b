import Foundation
import Testing

@testable import FarkleKit

/// The expected-score turn under house rules (a hot-dice bonus, four-dice straights), against a closed form, a
/// plain recursion written here from the reference scorer, and simulated games.
@Suite("The optimal turn under house rules")
struct HouseRuleSolverTests {
    @Test("single 1s only, bonus 1000: from 300 on every state banks, R = (1 - (5/6)^n) t + 100 n / 6 + 1000 / 6^n")
    func onesOnly() {
        let rules = RuleSet(
            name: "ones-only-bonus", combinations: CombinationPoints(singleOne: 100),
            turn: TurnRules(
                bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil, hotDiceBonus: 1000),
            game: GameRules())
        let solver = ExpectedScoreSolver(rules: rules)
        for turnPoints in stride(from: 300, through: 3_000, by: 100) {
            for dice in 1...6 {
                let n = Double(dice)
                // k 1s of n dice: keep them all and bank; all n are 1s only with chance 6^-n, and then earn the bonus.
                let expected =
                    (1 - pow(5.0 / 6.0, n)) * Double(turnPoints) + 100 * n / 6 + 1000 / pow(6, n)
                let value = solver.rollValue(turnPoints: turnPoints, diceLeft: dice)
                #expect(
                    abs(value - expected) <= 1e-12 * expected, "R(\(turnPoints), \(dice)) = \(value), not \(expected)")
                #expect(solver.value(turnPoints: turnPoints, diceLeft: dice) == Double(turnPoints))
            }
        }
        // Below 300 six dice roll: 200 is worth less than rolling them for the bonus and the 1s.
        #expect(solver.value(turnPoints: 200, diceLeft: 6) > 200)
    }

    /// Every sorted roll of `dice` dice with its chance, by counting orders: n! / (c1! ... c6!) / 6^n.
    static func rolls(of dice: Int) -> [(faces: [Int], chance: Double)] {
        func grow(_ faces: [Int]) -> [[Int]] {
            faces.count == dice ? [faces] : ((faces.last ?? 1)...6).flatMap { grow(faces + [$0]) }
        }
        func factorial(_ n: Int) -> Double { n < 2 ? 1 : Double(n) * factorial(n - 1) }
        return grow([]).map { faces in
            let orders = (1...6).reduce(factorial(dice)) { product, face in
                product / factorial(faces.filter { $0 == face }.count)
            }
            return (faces, orders / pow(6, Double(dice)))
        }
    }

    @Test(
        "standard, banking with any dice, no six-dice farkle, with a house rule: every value a plain recursion over the reference scorer's keeps gives",
        arguments: [
            (#""hot_dice_bonus": 500"#, ""), ("", #""four_dice_straight": 500"#),
            (#""hot_dice_bonus": 250"#, #""four_dice_straight": 300"#), ("", #""six_ones": 5000"#),
            ("", #""small_straight_2_to_6": "off""#),
        ])
    func againstPlainRecursion(turn: String, combinations: String) throws {
        let rules = try Fixtures.rules(
            json:
                #"{"base": "standard", "combinations": {\#(combinations)}, "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false, "six_dice_farkle": null\#(turn.isEmpty ? "" : ", " + turn)}}"#
        )
        let (value, roll, _) = Self.plainRecursion(rules: rules)
        let step = 50
        let solver = ExpectedScoreSolver(rules: rules)
        #expect(abs(solver.expectedTurnScore - roll[0][6]) <= 1e-9 * roll[0][6], "\(solver.expectedTurnScore)")
        for level in stride(from: 0, to: 300, by: 3) {
            for dice in 1...6 {
                let points = level * step
                let expected = level == 0 ? roll[0][dice] : value[level][dice]
                #expect(
                    abs(solver.value(turnPoints: points, diceLeft: dice) - expected) <= 1e-9 * max(1, expected),
                    "V(\(points), \(dice))")
                #expect(
                    abs(solver.rollValue(turnPoints: points, diceLeft: dice) - roll[level][dice]) <= 1e-9
                        * max(1, expected))
            }
        }
        // The house rule counts: the turn is worth more or less than standard banking with any dice and no six-dice
        // farkle (six 1s of 5,000 instead of 10,000 cost about a tenth of a point).
        var plain = rules
        plain.turn.hotDiceBonus = 0
        plain.combinations.fourDiceStraight = nil
        plain.combinations.sixOnes = nil
        plain.combinations.highSmallStraight = .asLow
        #expect(abs(solver.expectedTurnScore - ExpectedScoreSolver(rules: plain).expectedTurnScore) > 0.01)
    }

    /// V(t, n) and R(t, n) by a plain recursion over the reference scorer's keeps, in steps of 50 up to 40,000
    /// turn points, for rules that bank with any dice and whose every keep scores; and the chance that six dice
    /// score nothing.
    static func plainRecursion(rules: RuleSet, leastBank: Int = 0) -> (
        value: [[Double]], roll: [[Double]], sixScoreless: Double
    ) {
        let reference = ReferenceScorer(rules: rules)
        let step = 50
        // Every keep adds points, so a state depends only on states with more turn points: one pass from the top.
        // Hot dice give every die of the game back.
        let all = rules.turn.dice
        // Far above where any state rolls (a bank of 40,000 risks 900 on six dice for about 450), V(t, n) = t.
        let top = 40_000 / step
        let rolls = (0...6).map { dice in
            dice == 0
                ? []
                : Self.rolls(of: dice).map { roll in
                    (
                        chance: roll.chance,
                        keeps: reference.evaluate(roll.faces).keeps.map { keep in
                            (steps: keep.score / step, left: keep.faces.count == dice ? all : dice - keep.faces.count)
                        }
                    )
                }
        }
        var value = [[Double]](repeating: [Double](repeating: 0, count: 7), count: top + 200)
        for level in top..<value.count { value[level] = [Double](repeating: Double(level * step), count: 7) }
        var roll = [[Double]](repeating: [Double](repeating: 0, count: 7), count: top)
        for level in stride(from: top - 1, through: 0, by: -1) {
            for dice in 1...6 {
                var sum = 0.0
                for outcome in rolls[dice] where !outcome.keeps.isEmpty {
                    sum +=
                        outcome.chance * outcome.keeps.map { value[min(level + $0.steps, value.count - 1)][$0.left] }
                        .max()!
                }
                roll[level][dice] = sum
                value[level][dice] = level * step >= leastBank ? max(Double(level * step), sum) : sum
            }
        }
        let sixScoreless = rolls[6].filter(\.keeps.isEmpty).map(\.chance).reduce(0, +)
        return (value, roll, sixScoreless)
    }

    @Test(
        "a scoreless opening roll rolled again: the turn is the plain recursion's opening roll given that it scores, and every later state as without the rule"
    )
    func openingRerolled() throws {
        let rules = try Fixtures.rules(
            json:
                #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false, "six_dice_farkle": "reroll"}}"#
        )
        let (value, roll, sixScoreless) = Self.plainRecursion(rules: rules)
        #expect(sixScoreless > 0.02 && sixScoreless < 0.025)
        let solver = ExpectedScoreSolver(rules: rules)
        let opening = roll[0][6] / (1 - sixScoreless)
        #expect(abs(solver.expectedTurnScore - opening) <= 1e-9 * opening, "\(solver.expectedTurnScore)")
        // Every turn that ends ends in a farkle after the opening roll: its chance is the plain one less the opening's.
        var plain = rules
        plain.turn.rerollsScorelessOpeningRoll = false
        let without = ExpectedScoreSolver(rules: plain)
        #expect(
            abs(solver.farkleChance - (without.farkleChance - sixScoreless) / (1 - sixScoreless)) <= 1e-12)
        for level in stride(from: 1, to: 300, by: 7) {
            for dice in 1...6 {
                let expected = value[level][dice]
                #expect(abs(solver.value(turnPoints: level * 50, diceLeft: dice) - expected) <= 1e-9 * expected)
            }
        }
        // The distribution of the points banked follows the same play: its mean is the turn's value, its chance of
        // banking nothing the chance to farkle after the opening roll.
        let banked = BankedPointsDistribution(solver: solver)
        #expect(abs(banked.probabilities.reduce(0, +) + banked.truncatedProbability - 1) <= 1e-12)
        #expect(abs(banked.mean - opening) <= 1e-6 * opening, "\(banked.mean)")
        #expect(abs(banked.probability(ofBanking: 0) - solver.farkleChance) <= 1e-12)
    }

    @Test(
        "a scoreless opening roll that costs 500: the turn is the plain recursion's less 500 times the chance of six scoreless dice, and every later state as without the rule"
    )
    func openingCostsPoints() throws {
        let rules = try Fixtures.rules(
            json:
                #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false, "six_dice_farkle": {"cost": 500}}}"#
        )
        let (value, roll, sixScoreless) = Self.plainRecursion(rules: rules)
        let solver = ExpectedScoreSolver(rules: rules)
        let opening = roll[0][6] - 500 * sixScoreless
        #expect(abs(solver.expectedTurnScore - opening) <= 1e-9 * opening, "\(solver.expectedTurnScore)")
        // The cost changes no decision: the chance to farkle and every later state are the plain ones.
        var plain = rules
        plain.turn.openingFarkleCost = 0
        let without = ExpectedScoreSolver(rules: plain)
        #expect(solver.farkleChance == without.farkleChance)
        for level in stride(from: 1, to: 300, by: 7) {
            for dice in 1...6 {
                let expected = value[level][dice]
                #expect(abs(solver.value(turnPoints: level * 50, diceLeft: dice) - expected) <= 1e-9 * expected)
            }
        }
    }

    @Test(
        "alone under ev for ten rounds of farkleten with a house rule: the mean total is ten expected turns, within 4 standard errors",
        arguments: [#""hot_dice_bonus": 500"#, #""six_dice_farkle": "reroll""#, #""six_dice_farkle": {"cost": 500}"#])
    func simulatedRounds(turn: String) throws {
        let rules = try Fixtures.rules(
            json: #"{"base": "farkleten", "game": {"players": 1}, "turn": {\#(turn)}}"#)
        let table = ScoringTable(rules: rules)
        let expected = 10 * ExpectedScoreSolver(table: table).expectedTurnScore
        let games = 20_000
        let tally = GameSimulation(table: table, seats: BuiltInStrategy.make([.expectedValue], table: table))
            .run(games: games, seed: 5)
        var sumOfSquares = 0.0
        for (bin, count) in tally.finalTotalCounts.enumerated() {
            let total = Double(bin * SimulationTally.finalTotalBinWidth)
            sumOfSquares += Double(count) * total * total
        }
        let mean = try #require(tally.meanFinalTotal(seat: 0))
        let variance = (sumOfSquares - Double(games) * mean * mean) / Double(games - 1)
        #expect(abs(mean - expected) < 4 * (variance / Double(games)).squareRoot(), "mean \(mean), exact \(expected)")
    }
}
