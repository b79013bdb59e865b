import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Advisor: the front door for advice on a roll")
struct AdvisorTests {
    private static func situation(_ faces: [Int], turnPoints: Int = 0, myScore: Int? = nil) -> TurnSituation {
        var situation = TurnSituation(roll: DiceCounts(faces: faces), turnPoints: turnPoints)
        situation.myScore = myScore
        return situation
    }

    // MARK: - The opening roll, inferred

    @Test("six scoreless dice at 0 turn points can only be the opening roll: under standard 500 and hot dice")
    func openingInferred() throws {
        let advisor = try Advisor(table: ScoringTable(rules: .standard))
        let advice = try advisor.advice(for: Self.situation([2, 2, 3, 3, 4, 6]))
        #expect(advice.situation.isOpeningRoll(under: advisor.table.turnMechanics))
        #expect(advice.points.options.isEmpty)
        let farkle = try #require(advice.points.sixDiceFarkle)
        #expect(farkle.points == 500)
        let next = try #require(advice.points.next)
        #expect(next.turnPoints == 500)
        #expect(next.diceLeft == 6)
        // Hot dice must be rolled under standard.
        #expect(next.decision == .mustRoll)
        // The same six dice later in a turn (some turn points already) are a plain farkle.
        let later = try advisor.advice(for: Self.situation([2, 2, 3, 3, 4, 6], turnPoints: 50))
        #expect(!later.situation.isOpeningRoll(under: advisor.table.turnMechanics))
        #expect(later.points.isFarkle)
        #expect(later.points.next == nil)
    }

    // MARK: - Not yet on the board

    @Test("boxed, not on the board: no advice ever banks below the 500 entry minimum, on any roll of 1 to 6 dice")
    func entryMinimumNeverBanksBelow() throws {
        let table = ScoringTable(rules: .boxed)
        let advisor = try Advisor(table: table)
        #expect(RuleSet.boxed.game.entryMinimum == 500)
        for dice in 1...DiceCounts.maximumDice {
            for roll in DiceCatalog.shared.multisets[dice] {
                for turnPoints in stride(from: 0, through: 450, by: 50) {
                    let advice = try advisor.advice(for: Self.situation(roll.faces, turnPoints: turnPoints, myScore: 0))
                    #expect(advice.leastBank == 500)
                    guard let next = advice.points.next, next.turnPoints < 500 else { continue }
                    #expect(next.decision == .mustRoll, "\(roll) at \(turnPoints)")
                }
            }
        }
    }

    @Test("boxed 1 5 2 3 at 300: on the board bank 450; not on the board roll on, as under a 500 minimum bank")
    func entryMinimumAgainstRaisedMinimumBank() throws {
        let advisor = try Advisor(table: ScoringTable(rules: .boxed))
        let entered = try advisor.advice(for: Self.situation([1, 5, 2, 3], turnPoints: 300, myScore: 1000))
        #expect(entered.points.next?.decision == .bank)
        #expect(entered.points.next?.turnPoints == 450)
        let entering = try advisor.advice(for: Self.situation([1, 5, 2, 3], turnPoints: 300, myScore: 0))
        #expect(entering.points.next?.decision == .mustRoll)
        // Independently: the same rules with the minimum bank itself raised to 500, solved from the rule data.
        var raised = RuleSet.boxed
        raised.turn.minimumBank = 500
        let reference = ExpectedScoreSolver(table: ScoringTable(rules: raised))
            .advice(for: DiceCounts(faces: [1, 5, 2, 3]), turnPoints: 300)
        #expect(entering.points.options.count == reference.options.count)
        for (option, expected) in zip(entering.points.options, reference.options) {
            #expect(option.keep == expected.keep)
            #expect(abs(option.value - expected.value) < 1e-9)
        }
    }

    @Test(
        "a penalty of points with an entry minimum: the long run is a player on the board's, so a player not yet on it is not covered, never advised to bank below the entry minimum"
    )
    func longRunNotYetOnTheBoard() throws {
        var rules = RuleSet.zilch
        rules.game.entryMinimum = 500
        rules.game.piggyback = Piggyback()
        let advisor = try Advisor(table: ScoringTable(rules: rules))
        let roll = Self.situation([1, 5, 2, 3], turnPoints: 300, myScore: 0)
        #expect(throws: NotCovered.self) { try advisor.advice(for: roll) }
        #expect(throws: NotCovered.self) {
            try advisor.points.advice(onOffer: TurnOffer(turnPoints: 300, dice: 3), myScore: 0, farklesInARow: 0)
        }
        _ = try advisor.points.advice(onOffer: TurnOffer(turnPoints: 300, dice: 3), myScore: 1000, farklesInARow: 0)
        // On the board, or with no total given, the long run is advised.
        let entered = try advisor.advice(for: Self.situation([1, 5, 2, 3], turnPoints: 300, myScore: 1000))
        #expect(entered.objective == .longRunAverage(farklesInARow: 0, farkleValue: entered.points.farkleValue))
    }

    // MARK: - A race won at once: points toward the target

    @Test("kcd at 3850, 5 2 3 with 100: keep the 5 and bank 150, which reaches 4000 and wins at once")
    func raceWonAtOnce() throws {
        let advisor = try Advisor(table: ScoringTable(rules: .kcd))
        let advice = try advisor.advice(for: Self.situation([5, 2, 3], turnPoints: 100, myScore: 3850))
        #expect(advice.objective == .pointsTowardTarget(cap: 150))
        let best = try #require(advice.points.best)
        #expect(best.keep.dice == DiceCounts(faces: [5]))
        #expect(best.value == 150)
        let next = try #require(advice.points.next)
        #expect(next.decision == .bank)
        // Rolling two dice: a 1 or a 5 on either (20 of 36 rolls under kcd) keeps the cap within a bank.
        #expect(abs(next.rollValue - 150 * 20 / 36) < 1e-9)
        // Without the total the plain expected points roll on here.
        let plain = try advisor.advice(for: Self.situation([5, 2, 3], turnPoints: 100))
        #expect(plain.objective == .expectedPoints)
        #expect(plain.points.next?.decision == .roll)
    }

    @Test("kcd capped values agree with a brute-force recursion over every roll, cap 300")
    func cappedBruteForce() throws {
        let table = ScoringTable(rules: .kcd)
        let advisor = try Advisor(table: table)
        let reference = CappedBruteForce(table: table, cap: 300)
        for faces in [[1, 5, 2, 3, 4, 6], [1, 1, 5], [2, 3, 5, 5], [1, 2, 3, 4, 5], [5, 2]] {
            for turnPoints in [0, 100, 250] {
                let advice = try advisor.advice(for: Self.situation(faces, turnPoints: turnPoints, myScore: 3700))
                for option in advice.points.options {
                    let expected = reference.value(turnPoints + option.keep.score, option.diceLeft)
                    #expect(abs(option.value - expected) < 1e-9, "\(faces) at \(turnPoints): \(option.keep)")
                }
            }
        }
    }

    // MARK: - Luck

    /// A situation of `dice` dice about to be rolled, and its name.
    struct Before: CustomTestStringConvertible, Sendable {
        let rules: RuleSet
        let dice: Int
        let turnPoints: Int
        var myScore: Int?
        var farkles = 0
        var testDescription: String {
            "\(rules.name), \(dice) dice at \(turnPoints)" + (myScore.map { ", total \($0)" } ?? "")
                + (farkles > 0 ? ", \(farkles) farkles in a row" : "")
        }
    }

    /// Over every roll of the dice, weighted by its chance, what the dice give beyond what best play expected of
    /// them cancels out: the value before a roll is the mean of the values after it.
    @Test(
        "luck averages to zero over every roll, weighted by its chance",
        arguments: [
            Before(rules: .standard, dice: 6, turnPoints: 0),  // the opening roll: six scoreless dice score 500
            Before(rules: .standard, dice: 2, turnPoints: 300),
            Before(rules: .standard, dice: 6, turnPoints: 1_000),  // after hot dice: six scoreless dice farkle
            Before(rules: .boxed, dice: 6, turnPoints: 0, myScore: 0),  // not on the board
            Before(rules: .boxed, dice: 3, turnPoints: 150, myScore: 0),
            Before(rules: .kcd, dice: 3, turnPoints: 100, myScore: 3_850),  // points toward the target
            Before(rules: .kcd, dice: 6, turnPoints: 0, myScore: 2_000),
            Before(rules: .zilch, dice: 6, turnPoints: 0, farkles: 2),  // the next farkle costs the penalty
            Before(rules: .zilch, dice: 4, turnPoints: 250, farkles: 1),
        ])
    func luckAveragesToZero(before: Before) throws {
        let advisor = try Advisor(table: ScoringTable(rules: before.rules))
        var mean = 0.0
        var chance = 0.0
        var valueBefore: Double?
        for roll in DiceCatalog.shared.multisets[before.dice] {
            var situation = TurnSituation(roll: roll, turnPoints: before.turnPoints)
            situation.myScore = before.myScore
            situation.farklesInARow = before.farkles
            let advice = try advisor.advice(for: situation).points
            // The value before the roll is one number, whatever the dice then show.
            if let valueBefore { #expect(advice.valueBeforeRoll == valueBefore) }
            valueBefore = advice.valueBeforeRoll
            let weight = CappedBruteForce.orderings(roll) / pow(6, Double(before.dice))
            mean += weight * advice.luck
            chance += weight
        }
        #expect(abs(chance - 1) < 1e-12)
        #expect(abs(mean) < 1e-9 * max(1, abs(valueBefore ?? 0)), "mean luck \(mean)")
        // And it is not zero roll by roll: the dice do give and take.
        #expect((valueBefore ?? 0) > 0)
    }

    // MARK: - Errors

    @Test("situations that do not fit the rules are a typed error with the reason")
    func notCovered() throws {
        let kcd = try Advisor(table: ScoringTable(rules: .kcd))
        #expect(throws: NotCovered.self) { try kcd.advice(for: Self.situation([1], turnPoints: 75)) }
        #expect(throws: NotCovered.self) { try kcd.advice(for: Self.situation([1], myScore: 4000)) }
        var farkles = Self.situation([1])
        farkles.farklesInARow = 1
        #expect(throws: NotCovered.self) { try kcd.advice(for: farkles) }
        let solved = try WinProbabilitySolver(table: ScoringTable(rules: Fixtures.rules("short-race.json")))
        #expect(throws: NotCovered.self) { try Advisor(table: ScoringTable(rules: .standard), game: solved) }
    }

    @Test("with both totals and a solved race the advice to win is the solver's turn at those totals")
    func winAdvice() throws {
        let table = ScoringTable(rules: try Fixtures.rules("short-race.json"))
        let game = try WinProbabilitySolver(table: table)
        let advisor = try Advisor(table: table, game: game)
        var situation = Self.situation([1, 5, 2], turnPoints: 100, myScore: 500)
        situation.opponentScore = 850
        let advice = try advisor.advice(for: situation)
        let direct = game.turnTable(myScore: 500, opponentScore: 850)
            .advice(for: DiceCounts(faces: [1, 5, 2]), turnPoints: 100)
        #expect(advice.win == direct)
        situation.opponentScore = 1000
        #expect(throws: NotCovered.self) { try advisor.advice(for: situation) }
    }

    @Test("an opponent at the target of a race with a final round means the last turn, said or not")
    func finalRoundInferred() throws {
        // Single 1s only, a race to 1000 with a final round: keeping the 1 of 1 2 at 400 makes 500 with one die;
        // 600 + 500 ties the opponent's 1100 (worth one half), and rolling the last die wins only on a 1.
        let table = ScoringTable(rules: try Fixtures.rules("ones-race.json"))
        let advisor = try Advisor(table: table, game: try WinProbabilitySolver(table: table))
        var situation = Self.situation([1, 2], turnPoints: 400, myScore: 600)
        situation.opponentScore = 1100
        let inferred = try advisor.advice(for: situation)
        #expect(inferred.winGame?.isFinalRound == true)
        let keep = try #require(inferred.win?.options.first)
        #expect(keep.bankValue == 0.5)
        #expect(abs(keep.rollValue - 1.0 / 6) < 1e-12)
        situation.isFinalRound = true
        #expect(try advisor.advice(for: situation).win == inferred.win)
    }
}

/// E[min(turn points, cap)] under best play by plain recursion over every distinct roll with its multinomial
/// weight, for rules where any keep may bank (kcd): independent of `CappedScoreSolver`'s tables and grouping.
private final class CappedBruteForce {
    let table: ScoringTable
    let cap: Int
    private var memo: [Int: Double] = [:]

    init(table: ScoringTable, cap: Int) {
        self.table = table
        self.cap = cap
    }

    /// V(t, n): bank min(t, cap) or roll n dice, whichever is worth more.
    func value(_ turnPoints: Int, _ dice: Int) -> Double {
        if turnPoints >= cap { return Double(cap) }
        let key = turnPoints * 8 + dice
        if let known = memo[key] { return known }
        var sum = 0.0
        var total = 0.0
        for roll in DiceCatalog.shared.multisets[dice] {
            let weight = Self.orderings(roll)
            total += weight
            let best =
                table.keeps(for: roll).map { keep in
                    value(
                        turnPoints + keep.score, keep.diceUsed == dice ? DiceCounts.maximumDice : dice - keep.diceUsed)
                }.max() ?? 0
            sum += weight * best
        }
        let result = max(Double(turnPoints), sum / total)
        memo[key] = result
        return result
    }

    /// The ordered rolls that show the multiset `roll`: n! / (c1! ... c6!).
    static func orderings(_ roll: DiceCounts) -> Double {
        func factorial(_ n: Int) -> Double { n < 2 ? 1 : (2...n).reduce(1.0) { $0 * Double($1) } }
        return DiceCounts.faces.reduce(factorial(roll.count)) { $0 / factorial(roll[$1]) }
    }
}
