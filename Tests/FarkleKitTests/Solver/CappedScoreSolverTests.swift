import Testing

@testable import FarkleKit

@Suite("Capped turn: E[min(turn points, cap)] for kcd and loaded dice")
struct CappedScoreSolverTests {
    static let table = ScoringTable(rules: .kcd)
    static let plain = DiceSetOutcomes(table: table, set: .ordinary)

    @Test("a cap of one step is reached by any keep: 50 times the chance that six dice score")
    func smallestCap() {
        let solver = CappedScoreSolver(outcomes: Self.plain, cap: 50)
        #expect(abs(solver.openingValue - 50 * (1 - 1440.0 / 46656)) < 1e-12)
    }

    @Test("with a cap far above any turn the capped value is the plain expected turn score")
    func largeCap() {
        let capped = CappedScoreSolver(outcomes: Self.plain, cap: 200_000).openingValue
        let plain = ExpectedScoreSolver(table: Self.table).expectedTurnScore
        #expect(abs(capped - plain) < 1e-6, "\(capped) vs \(plain)")
    }
}
