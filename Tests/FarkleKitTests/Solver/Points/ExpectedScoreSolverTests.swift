import Foundation
import Testing

@testable import FarkleKit

/// Rules small enough to solve by hand: only single 1s score (100), banking with any number of dice,
/// hot dice optional, no six-dice farkle.
private let onesOnly = RuleSet(
    name: "ones-only",
    combinations: CombinationPoints(singleOne: 100),
    turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
    game: GameRules())

/// `standard` but banking allowed with any number of dice, hot dice included.
private let bankAnyDice: RuleSet = {
    var rules = RuleSet.standard
    rules.name = "bank-any-dice"
    rules.turn.bankingDiceLeft = [1, 2, 3, 4, 5]
    rules.turn.hotDiceMandatory = false
    return rules
}()

/// `standard` with a minimum bank and the six-dice farkle on every six-dice roll.
private let minimumAndEveryRoll: RuleSet = {
    var rules = RuleSet.standard
    rules.name = "minimum-every-roll"
    rules.turn.minimumBank = 300
    rules.turn.sixDiceFarkleOnEveryRoll = true
    return rules
}()

private let solvers =
    [RuleSet.standard, onesOnly, bankAnyDice, minimumAndEveryRoll].map { ExpectedScoreSolver(rules: $0) }
    + [
        ExpectedScoreSolver(rules: .zilch, farkleValue: -500),
        ExpectedScoreSolver(rules: bankAnyDice, farkleValue: -200),
    ]

/// The probability that none of `dice` dice shows a 1.
private func noOne(_ dice: Int) -> Double {
    pow(5.0 / 6.0, Double(dice))
}

private func isClose(_ a: Double, _ b: Double, relative: Double = 1e-12) -> Bool {
    abs(a - b) <= relative * max(1, abs(a), abs(b))
}

@Suite("ExpectedScoreSolver on hand-solved rules (single 1s only)")
struct HandSolvedTurnTests {
    let solver = solvers[1]

    @Test("from 300 on every state banks and rolling keeps every 1: R = (1 - (5/6)^n) t + 100 n / 6")
    func highTurnPoints() {
        for turnPoints in stride(from: 300, through: 3000, by: 100) {
            for dice in 1...6 {
                let roll = (1 - noOne(dice)) * Double(turnPoints) + 100 * Double(dice) / 6
                #expect(isClose(solver.rollValue(turnPoints: turnPoints, diceLeft: dice), roll))
                #expect(solver.value(turnPoints: turnPoints, diceLeft: dice) == Double(turnPoints))
            }
        }
    }

    @Test("at 200 five and six dice roll (their thresholds 207.4 and 298.6 lie above), fewer dice bank")
    func twoHundred() {
        let six = (1 - noOne(6)) * 200 + 100
        let five = (1 - noOne(5)) * 200 + 500 / 6
        #expect(isClose(solver.value(turnPoints: 200, diceLeft: 6), six))
        #expect(isClose(solver.value(turnPoints: 200, diceLeft: 5), five))
        for dice in 1...4 { #expect(solver.value(turnPoints: 200, diceLeft: dice) == 200) }
    }

    @Test("one die at 100: R = V(200, 6) / 6, since the one die's 1 is hot dice")
    func oneDie() {
        let six = (1 - noOne(6)) * 200 + 100
        #expect(isClose(solver.rollValue(turnPoints: 100, diceLeft: 1), six / 6))
        #expect(solver.value(turnPoints: 100, diceLeft: 1) == 100)
        // Two dice at 100: one 1 (10/36) banks 200 later; two 1s (1/36) are best kept for hot dice at 300.
        #expect(isClose(solver.rollValue(turnPoints: 100, diceLeft: 2), (10 * 200 + 300) / 36))
    }

    @Test("a farkle worth -30 points: from 300 on still banking, R = (1 - (5/6)^n) t + 100 n / 6 - 30 (5/6)^n")
    func farkleValue() {
        let solver = ExpectedScoreSolver(rules: onesOnly, farkleValue: -30)
        for turnPoints in stride(from: 300, through: 3000, by: 100) {
            for dice in 1...6 {
                let roll = (1 - noOne(dice)) * Double(turnPoints) + 100 * Double(dice) / 6 - 30 * noOne(dice)
                #expect(isClose(solver.rollValue(turnPoints: turnPoints, diceLeft: dice), roll))
                #expect(solver.value(turnPoints: turnPoints, diceLeft: dice) == Double(turnPoints))
            }
        }
        // One die at 100 banks: rolling is worth (V(200, 6) - 5 * 30) / 6, less than before.
        let six = (1 - noOne(6)) * 200 + 100 - 30 * noOne(6)
        #expect(isClose(solver.rollValue(turnPoints: 100, diceLeft: 1), (six - 5 * 30) / 6))
    }

    @Test("bank thresholds: 100 for 1 to 3 dice, 200 for 4, 300 for 5 and 6")
    func thresholds() {
        #expect((1...6).map { solver.bankThreshold(diceLeft: $0) } == [100, 100, 100, 200, 300, 300])
    }

    @Test("the tail is banking everywhere: V = t")
    func tail() {
        for dice in 1...6 {
            #expect(solver.tailLine(diceLeft: dice) == (slope: 1, intercept: 0))
        }
        #expect(solver.expectedTurnScore == solver.rollValue(turnPoints: 0, diceLeft: 6))
    }
}

@Suite("ExpectedScoreSolver on standard and other rules")
struct ExpectedScoreSolverTests {
    @Test("banking from each threshold on stays better, and just below it rolling is better", arguments: solvers)
    func thresholdsAreMonotone(solver: ExpectedScoreSolver) {
        let rules = solver.table.rules.turn
        let step = solver.table.scoreStep
        for dice in 1...6 {
            guard let threshold = solver.bankThreshold(diceLeft: dice) else {
                // Rolling six dice wins at every t only where six dice cannot farkle.
                #expect(!rules.allowsBanking(diceLeft: dice) || (dice == 6 && rules.sixDiceFarkleOnEveryRoll))
                continue
            }
            for turnPoints in stride(from: threshold, through: 2 * solver.tabulatedPoints, by: step) {
                #expect(solver.shouldBank(turnPoints: turnPoints, diceLeft: dice))
                #expect(Double(turnPoints) >= solver.rollValue(turnPoints: turnPoints, diceLeft: dice))
            }
            let islands = solver.bankRangesBelowThreshold(diceLeft: dice)
            for turnPoints in stride(from: 0, to: threshold, by: step) {
                let banks = solver.shouldBank(turnPoints: turnPoints, diceLeft: dice)
                #expect(banks == islands.contains { $0.contains(turnPoints) })
            }
            if threshold > 0 { #expect(!solver.shouldBank(turnPoints: threshold - step, diceLeft: dice)) }
        }
    }

    @Test("V is the better of banking and rolling where banking is allowed, else rolling", arguments: solvers)
    func valueIsBestChoice(solver: ExpectedScoreSolver) {
        let rules = solver.table.rules.turn
        for turnPoints in stride(from: 0, through: 5000, by: solver.table.scoreStep) {
            for dice in 1...6 {
                let roll = solver.rollValue(turnPoints: turnPoints, diceLeft: dice)
                let expected =
                    turnPoints >= rules.minimumBank && rules.allowsBanking(diceLeft: dice)
                    ? max(Double(turnPoints), roll) : roll
                // Above the bound V and R are two lines solved apart, equal up to rounding.
                let value = solver.value(turnPoints: turnPoints, diceLeft: dice)
                #expect(turnPoints <= solver.tabulatedPoints ? value == expected : isClose(value, expected))
            }
        }
    }

    @Test("doubling the tabulated bound changes no value", arguments: solvers)
    func doublingTheBound(solver: ExpectedScoreSolver) {
        let doubled = ExpectedScoreSolver(
            table: solver.table, tabulatedPoints: 2 * solver.tabulatedPoints, farkleValue: solver.farkleValue)
        #expect(doubled.tabulatedPoints == 2 * solver.tabulatedPoints)
        #expect(isClose(doubled.expectedTurnScore, solver.expectedTurnScore, relative: 1e-9))
        for dice in 1...6 {
            #expect(doubled.bankThreshold(diceLeft: dice) == solver.bankThreshold(diceLeft: dice))
            for turnPoints in stride(from: 0, through: 3 * solver.tabulatedPoints, by: solver.table.scoreStep) {
                let value = solver.value(turnPoints: turnPoints, diceLeft: dice)
                let roll = solver.rollValue(turnPoints: turnPoints, diceLeft: dice)
                #expect(isClose(doubled.value(turnPoints: turnPoints, diceLeft: dice), value, relative: 1e-9))
                #expect(isClose(doubled.rollValue(turnPoints: turnPoints, diceLeft: dice), roll, relative: 1e-9))
            }
        }
    }

    @Test("the policy's keep is a keep of the roll with the highest expected value", arguments: solvers)
    func policyKeepsBest(solver: ExpectedScoreSolver) {
        let catalog = DiceCatalog.shared
        for turnPoints in [0, 300, 1000, solver.tabulatedPoints + 5000] {
            for dice in 1...6 {
                for multiset in 0..<catalog.multisetCount(dice: dice) {
                    let keeps = solver.table.keeps(dice: dice, multiset: multiset)
                    let chosen = solver.policy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset)
                    guard !keeps.isEmpty else {
                        #expect(chosen.diceUsed == 0)
                        continue
                    }
                    #expect(keeps.contains(chosen))
                    let best = keeps.map {
                        solver.expectedValue(after: $0, turnPoints: turnPoints, diceRolled: dice)
                    }.max()
                    #expect(solver.expectedValue(after: chosen, turnPoints: turnPoints, diceRolled: dice) == best)
                }
            }
        }
    }

    /// Values from a separate Python implementation of the rules, written without reading this
    /// package (plain recursion over multisets, a crude tail pushed from 30,000 to 60,000 points
    /// with no change in the ninth digit). Agreement to 1e-6 means two unrelated programs read
    /// the rules the same way.
    @Test("standard agrees with an independent implementation: 925.830216 per turn, V(0, 6) = 895.834775")
    func standardMatchesIndependentImplementation() {
        let solver = ExpectedScoreSolver(rules: .standard)
        #expect(abs(solver.expectedTurnScore - 925.830_216) < 1e-6)
        #expect(abs(solver.value(turnPoints: 0, diceLeft: 6) - 895.834_775) < 1e-6)
        let independent: [(turnPoints: Int, values: [Double])] = [
            (0, [316.779_056, 261.805_994, 268.391_237, 312.615_827, 492.202_968, 895.834_775]),
            (300, [397.708_529, 325.300_309, 347.517_216, 438.753_553, 674.669_775, 1131.533_21]),
            (450, [450, 450, 453.014_320, 548.158_912, 788.297_154, 1254.728_79]),
        ]
        for row in independent {
            for (offset, expected) in row.values.enumerated() {
                let value = solver.value(turnPoints: row.turnPoints, diceLeft: offset + 1)
                #expect(abs(value - expected) < 1e-5 * max(1, expected), "V(\(row.turnPoints), \(offset + 1))")
            }
        }
        #expect(abs(solver.rollValue(turnPoints: 400, diceLeft: 1) - 425.088_637) < 1e-5)
        #expect(abs(solver.rollValue(turnPoints: 350, diceLeft: 2) - 338.444) < 1e-3)
        #expect(solver.bankThreshold(diceLeft: 1) == 450)
        #expect(solver.bankThreshold(diceLeft: 2) == 350)
    }

    @Test("standard: the tail banks with 1 or 2 dice and its slopes with forced rolls are below 1")
    func standardTail() {
        let solver = solvers[0]
        #expect(solver.tailLine(diceLeft: 1) == (slope: 1, intercept: 0))
        #expect(solver.tailLine(diceLeft: 2) == (slope: 1, intercept: 0))
        for dice in 3...6 { #expect(solver.tailLine(diceLeft: dice).slope < 1) }
        #expect(solver.tabulatedPoints >= solver.tailStart)
    }

    @Test(
        "the farkle chance and the farkle value agree with the forward distribution of banked points",
        arguments: solvers)
    func farkleChance(solver: ExpectedScoreSolver) {
        let distribution = BankedPointsDistribution(solver: solver)
        let step = Double(distribution.scoreStep)
        let banked = distribution.probabilities.enumerated().reduce(0) { $0 + Double($1.offset) * step * $1.element }
        // A turn cannot bank 0 points (it banks after a keep), so the mass at 0 is the farkles.
        #expect(isClose(solver.farkleChance, distribution.probabilities[0], relative: 1e-9))
        #expect(
            isClose(solver.expectedTurnScore, banked + solver.farkleValue * solver.farkleChance, relative: 1e-9))
    }

    @Test("a bound below the tail start is raised to it")
    func lowBound() {
        let solver = ExpectedScoreSolver(table: solvers[0].table, tabulatedPoints: 100)
        #expect(solver.tabulatedPoints == solvers[0].tailStart)
    }
}
