import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("The win solvers report their progress")
struct WinSolveProgressTests {
    @Test("WinProbabilitySolver: 0 once set up, then rising after each sum to 1, the same values as without")
    func pairsOfTotals() throws {
        let rules = try Fixtures.rules("ones-race.json")
        var fractions: [Double] = []
        let solver = try WinProbabilitySolver(rules: rules, threads: 2) { fractions.append($0) }
        #expect(fractions.first == 0)
        #expect(fractions.last == 1)
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 })
        // One call after each sum of totals, and the one before them.
        #expect(fractions.count == 2 * (solver.levels - 1) + 2)
        #expect(try WinProbabilitySolver(rules: rules).values == solver.values)
    }

    @Test("PenaltyWinSolver: every sweep, numbered, the last change the solver records")
    func sweeps() throws {
        let rules = try Fixtures.rules("ones-penalty-race.json")
        var reported: [(Int, Double)] = []
        let solver = try PenaltyWinSolver(rules: rules) { reported.append(($0, $1)) }
        #expect(reported.map(\.0) == Array(1...solver.sweeps))
        #expect(reported.last?.1 == solver.lastChange)
        #expect(solver.lastChange <= PenaltyWinSolver.tolerance)
    }
}
