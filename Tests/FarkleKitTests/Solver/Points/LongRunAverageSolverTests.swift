import FarkleKit
import Foundation
import Testing

/// Rules whose best play is plain: only the straight 1-6 scores (1500), banking allowed after it.
/// A turn rolls six dice once and banks 1500 on a straight (chance p = 720 / 6^6) or farkles.
private func straightOnly(penalty: Int) -> RuleSet {
    RuleSet(
        name: "straight-only",
        combinations: CombinationPoints(largeStraight: 1500),
        turn: TurnRules(hotDiceMandatory: false, sixDiceFarkle: nil, threeFarklePenalty: .points(penalty)),
        game: GameRules())
}

/// `zilch` with another three-farkle penalty.
private func zilch(penalty: Int?) -> RuleSet {
    var rules = RuleSet.zilch
    rules.turn.threeFarklePenalty = penalty.map(ThreeFarklePenalty.points)
    return rules
}

private let zilchSolver = LongRunAverageSolver(rules: .zilch)

@Suite("LongRunAverageSolver: the three-farkle penalty")
struct LongRunAverageSolverTests {
    @Test("zilch: the iteration stops because the average moved by less than 1e-9, in a few steps")
    func converges() {
        #expect(zilchSolver.lastChange < 1e-9)
        #expect(zilchSolver.iterations < 10)
        #expect(zilchSolver.penalty == 500)
    }

    @Test("zilch: the result satisfies h(k) + g = W_k for k = 0, 1, 2 to 1e-9, W solved afresh")
    func satisfiesTheEquations() {
        let g = zilchSolver.longRunAverage
        let h = zilchSolver.relativeValues
        #expect(h[0] == 0)
        let table = zilchSolver.table
        // W(F): the best turn with a farkle worth F; F(k) = h((k + 1) mod 3) - h(0), less the penalty at k = 2.
        func best(_ farkleValue: Double) -> Double {
            ExpectedScoreSolver(table: table, farkleValue: farkleValue).expectedTurnScore
        }
        #expect(abs(h[0] + g - best(h[1])) < 1e-9)
        #expect(abs(h[1] + g - best(h[2])) < 1e-9)
        #expect(abs(h[2] + g - best(-500 + h[0])) < 1e-9)
    }

    @Test("zilch: the penalty costs something, and more farkles in a row are worth less")
    func zilchOrdering() {
        let unpenalized = ExpectedScoreSolver(rules: .zilch).expectedTurnScore
        let g = zilchSolver.longRunAverage
        #expect(g < unpenalized)
        #expect(g > ExpectedScoreSolver(rules: .zilch, farkleValue: -500).expectedTurnScore)
        let h = zilchSolver.relativeValues
        #expect(h[1] < h[0] && h[2] < h[1] && h[2] > -500)
    }

    @Test("zilch: each farkle count's turn is the turn solved with its farkle value")
    func turnsCarryTheirFarkleValues() {
        let h = zilchSolver.relativeValues
        let values = (0...2).map { zilchSolver.turnSolver(farklesInARow: $0).farkleValue }
        #expect(abs(values[0] - h[1]) < 1e-9)
        #expect(abs(values[1] - h[2]) < 1e-9)
        #expect(values[2] == -500)
        // Closer to the penalty the player banks sooner: no threshold rises with the count.
        for dice in 1...6 {
            let thresholds = (0...2).map { zilchSolver.turnSolver(farklesInARow: $0).bankThreshold(diceLeft: dice) }
            if let low = thresholds[2], let middle = thresholds[1], let high = thresholds[0] {
                #expect(low <= middle && middle <= high)
            }
        }
    }

    @Test("a penalty of 0, or none, gives exactly the no-penalty policy and values", arguments: [0, nil] as [Int?])
    func noPenalty(penalty: Int?) {
        let rules = zilch(penalty: penalty)
        let plain = ExpectedScoreSolver(rules: rules)
        let solver = LongRunAverageSolver(rules: rules)
        #expect(abs(solver.longRunAverage - plain.expectedTurnScore) < 1e-9)
        #expect(solver.relativeValues == [0, 0, 0])
        let step = plain.table.scoreStep
        for count in 0...2 {
            let turn = solver.turnSolver(farklesInARow: count)
            #expect(turn.expectedTurnScore == plain.expectedTurnScore)
            for dice in 1...6 {
                #expect(turn.bankThreshold(diceLeft: dice) == plain.bankThreshold(diceLeft: dice))
                for turnPoints in stride(from: 0, through: plain.tabulatedPoints + 1000, by: step) {
                    #expect(
                        turn.value(turnPoints: turnPoints, diceLeft: dice)
                            == plain.value(turnPoints: turnPoints, diceLeft: dice))
                    #expect(
                        turn.shouldBank(turnPoints: turnPoints, diceLeft: dice)
                            == plain.shouldBank(turnPoints: turnPoints, diceLeft: dice))
                }
            }
        }
    }

    /// Every turn banks 1500 with chance p and farkles with chance q = 1 - p, whatever the count, so the
    /// count is a Markov chain 0 -> 1 -> 2 -> 0 (each step with chance q, back to 0 otherwise). Its
    /// stationary chances are proportional to 1, q, q^2, and a penalty falls on a farkle at count 2:
    /// g = 1500 p - P q^3 / (1 + q + q^2).
    @Test("straight only: g = 1500 p - P q^3 / (1 + q + q^2), derived by hand", arguments: [0, 500, 5000])
    func handDerived(penalty: Int) {
        let p = 720.0 / 46656
        let q = 1 - p
        let expected = 1500 * p - Double(penalty) * q * q * q / (1 + q + q * q)
        let solver = LongRunAverageSolver(rules: straightOnly(penalty: penalty))
        #expect(abs(solver.longRunAverage - expected) < 1e-9)
        // Relative values from the same chain: h(2) = 1500 p + q (h(0) - P) - g, h(1) = 1500 p + q h(2) - g.
        let second = 1500 * p - q * Double(penalty) - expected
        #expect(abs(solver.relativeValues[2] - second) < 1e-9)
        #expect(abs(solver.relativeValues[1] - (1500 * p + q * second - expected)) < 1e-9)
        for count in 0...2 {
            let turn = solver.turnSolver(farklesInARow: count)
            #expect(turn.shouldBank(turnPoints: 1500, diceLeft: 6) && turn.shouldBank(turnPoints: 3000, diceLeft: 6))
            #expect(abs(turn.farkleChance - q) < 1e-12)
        }
    }
}
