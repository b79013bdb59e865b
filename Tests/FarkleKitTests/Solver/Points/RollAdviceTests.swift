import FarkleKit
import Testing

@Suite("Advice on a concrete roll")
struct RollAdviceTests {
    let solver = ExpectedScoreSolver(rules: .standard)

    @Test("1 2 3 5 at 300: keep 1 and 5 for 450 with 2 dice, then bank (450 is past the 2-dice threshold)")
    func keepBothThenBank() throws {
        let advice = solver.advice(for: DiceCounts(faces: [1, 5, 2, 3]), turnPoints: 300)
        let best = try #require(advice.best)
        #expect(best.keep.dice == DiceCounts(faces: [1, 5]))
        #expect(best.diceLeft == 2 && best.value == 450)
        #expect(advice.options.count == 3)
        #expect(advice.options.map(\.value) == advice.options.map(\.value).sorted(by: >))
        let next = try #require(advice.next)
        #expect(next.turnPoints == 450 && next.diceLeft == 2 && next.decision == .bank)
        #expect(next.rollValue == solver.rollValue(turnPoints: 450, diceLeft: 2))
    }

    @Test("keeping all dice is hot dice: 6 dice left, and they must be rolled")
    func hotDice() throws {
        let advice = solver.advice(for: DiceCounts(faces: [1, 2, 3, 4, 5, 5]), turnPoints: 0)
        let best = try #require(advice.best)
        #expect(best.keep.score == 1550 && best.diceLeft == 6)
        #expect(advice.next?.decision == .mustRoll)
    }

    @Test("2 3 3 4 6 6 is a six-dice farkle on the opening roll, a farkle on any other")
    func sixDiceFarkle() throws {
        let roll = DiceCounts(faces: [2, 3, 3, 4, 6, 6])
        let opening = solver.advice(for: roll, turnPoints: 0, isOpeningRoll: true)
        let bonus = try #require(opening.sixDiceFarkle)
        #expect(bonus.points == 500 && bonus.value == solver.value(turnPoints: 500, diceLeft: 6))
        #expect(!opening.isFarkle && opening.next?.turnPoints == 500 && opening.next?.diceLeft == 6)
        let later = solver.advice(for: roll, turnPoints: 300)
        #expect(later.isFarkle && later.next == nil && later.options.isEmpty)
    }
}
