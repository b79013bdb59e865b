import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// A race with standard scoring to `target` (cheap to solve in a debug build), six 1s winning at once.
private func shortRace(target: Int, finalRound: Bool, entryMinimum: Int = 0) -> RuleSet {
    var rules = RuleSet.standard
    rules.name = "short-race-\(target)"
    rules.game = GameRules(target: target, finalRound: finalRound, entryMinimum: entryMinimum)
    return rules
}

/// The fixture race scoring only single 1s (100), banking with any dice, raced to `target` with a final
/// round: short turns, a cheap final round.
private func onesRace(target: Int) throws -> RuleSet {
    var rules = try Fixtures.rules("ones-race.json")
    rules.game = GameRules(target: target, finalRound: true)
    return rules
}

/// R(t, n) computed roll by roll from the table's values: every ordered roll of n dice, its best keep,
/// six 1s that win at once and farkles paying the farkle value. Independent of the roll groups.
private func rollByRoll(_ turn: WinTurnTable, turnPoints: Int, diceLeft dice: Int, sixOnesWin: Bool) -> Double {
    var sum = 0.0
    for (index, roll) in DiceCatalog.shared.multisets[dice].enumerated() {
        let probability = Double(DiceCatalog.orderedRollCount(of: roll)) / Double(DiceCatalog.orderedRollCounts[dice])
        if sixOnesWin, dice == 6, roll[1] == 6 {
            sum += probability
            continue
        }
        let keeps = turn.table.keeps(dice: dice, multiset: index)
        guard !keeps.isEmpty else {
            sum += probability * turn.farkleValue
            continue
        }
        let best = keeps.map {
            turn.value(
                turnPoints: turnPoints + $0.score,
                diceLeft: $0.diceUsed == dice ? 6 : dice - $0.diceUsed)
        }.max()!
        sum += probability * best
    }
    return sum
}

@Suite("One turn played to win, at given totals")
struct WinTurnTableTests {
    @Test("the turn's opening value is the solver's turn-start value at every pair of totals")
    func openingValue() throws {
        for rules in [shortRace(target: 500, finalRound: false, entryMinimum: 300), try onesRace(target: 500)] {
            let solver = try WinProbabilitySolver(rules: rules)
            let step = solver.table.scoreStep
            var worst = 0.0
            for mine in stride(from: 0, to: solver.target, by: step) {
                for theirs in stride(from: 0, to: solver.target, by: step) {
                    let turn = solver.turnTable(myScore: mine, opponentScore: theirs)
                    worst = max(worst, abs(turn.openingValue - solver.value(mine: mine, theirs: theirs)))
                    #expect(turn.farkleValue == 1 - solver.value(mine: theirs, theirs: mine))
                }
            }
            // The solver accepts a pair's fixed point within 1e-13 of its value.
            #expect(worst < 1e-12, "\(rules.name): largest difference \(worst)")
        }
    }

    @Test("the final-round turn's opening value is the solver's final-round value for the deficit")
    func finalRound() throws {
        let solver = try WinProbabilitySolver(rules: try onesRace(target: 500))
        for deficit in stride(from: 100, through: 1_500, by: 100) {
            let turn = solver.turnTable(myScore: 400, opponentScore: 400 + deficit, isFinalRound: true)
            #expect(turn.openingValue == solver.finalRoundValue(deficit: deficit), "deficit \(deficit)")
            #expect(turn.farkleValue == 0)
            // Banking exactly the deficit ties, one step more wins, one less loses.
            #expect(turn.bankValue(turnPoints: deficit) == 0.5)
            #expect(turn.bankValue(turnPoints: deficit + 100) == 1)
            #expect(turn.bankValue(turnPoints: deficit - 100) == 0)
        }
    }

    @Test("roll values agree with a roll-by-roll sum over the table, and decide bank or roll")
    func rollValues() throws {
        let rules = shortRace(target: 1_000, finalRound: false, entryMinimum: 300)
        let solver = try WinProbabilitySolver(rules: rules)
        var decisions: Set<BankDecision> = []
        for (mine, theirs) in [(0, 0), (0, 950), (500, 900), (900, 500), (850, 850)] {
            let turn = solver.turnTable(myScore: mine, opponentScore: theirs)
            // Past the table's top too, where every roll lands above it.
            for points in [0, 50, 200, 300, 450, 600, 1_000, turn.tabulatedPoints + 500] {
                for dice in 1...6 {
                    let roll = turn.rollValue(turnPoints: points, diceLeft: dice)
                    let sum = rollByRoll(turn, turnPoints: points, diceLeft: dice, sixOnesWin: true)
                    #expect(abs(roll - sum) < 1e-12, "\(mine)-\(theirs) t \(points) n \(dice)")
                    let decision = turn.decision(turnPoints: points, diceLeft: dice)
                    decisions.insert(decision)
                    let value = turn.value(turnPoints: points, diceLeft: dice)
                    switch decision {
                    case .bank:
                        let bank = try #require(turn.bankValue(turnPoints: points))
                        #expect(value == bank && bank >= roll)
                    case .roll: #expect(value == roll && roll > (turn.bankValue(turnPoints: points) ?? -1))
                    case .mustRoll: #expect(value == roll)
                    }
                }
            }
        }
        #expect(decisions == Set(BankDecision.allCases))
        // Below the entry minimum a player who has not entered may not bank.
        #expect(solver.turnTable(myScore: 0, opponentScore: 0).bankValue(turnPoints: 250) == nil)
        #expect(solver.turnTable(myScore: 50, opponentScore: 0).bankValue(turnPoints: 250) != nil)
    }

    @Test("advice values every keep, best first, and banks a total that wins at once")
    func advice() throws {
        let solver = try WinProbabilitySolver(rules: shortRace(target: 1_000, finalRound: false))
        let turn = solver.turnTable(myScore: 600, opponentScore: 900)
        // 1 2 3 4 5 5 at 0: the straight 1-5 (1500) reaches the target with 1 die left; banking wins.
        let advice = turn.advice(for: DiceCounts(faces: [1, 2, 3, 4, 5, 5]), turnPoints: 0)
        let best = try #require(advice.best)
        #expect(best.value == 1)
        #expect(advice.options.map(\.value) == advice.options.map(\.value).sorted(by: >))
        for option in advice.options {
            #expect(option.value == turn.value(turnPoints: option.keep.score, diceLeft: option.diceLeft))
        }
        let next = try #require(advice.next)
        #expect(next.decision == .bank && next.bankValue == 1)
        #expect(next.rollValue == turn.rollValue(turnPoints: next.turnPoints, diceLeft: next.diceLeft))
        // Among keeps worth the same (a sure win), more dice first: the hot-dice keep before the straight.
        let ties = advice.options.filter { $0.value == 1 }
        #expect(ties.map(\.keep.diceUsed) == ties.map(\.keep.diceUsed).sorted(by: >))
        let farkle = turn.advice(for: DiceCounts(faces: [2, 3, 4, 6]), turnPoints: 300)
        #expect(farkle.isFarkle && farkle.next == nil)
        #expect(farkle.farkleValue == 1 - solver.value(mine: 900, theirs: 600))
    }
}
