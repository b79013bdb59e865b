import Foundation
import Testing

@testable import FarkleKit

@Suite("The solver's level limit: refused up front, never a long solve")
struct ExpectedScoreSolverLimitTests {
    @Test("the level count read from the tail is the number of levels the solver tabulates")
    func countMatchesSolver() throws {
        var rules = [RuleSet.standard]
        rules += try ["house-variant.json", "sparse.json", "bank-any-dice.json"].map { try Fixtures.rules($0) }
        var tenPointSteps = RuleSet.standard
        tenPointSteps.combinations.singleFive = 10
        // A large combination in small steps: a thousand levels and more, tabulated in a second even in debug.
        tenPointSteps.combinations.sixOfAKind = .flat(10_000)
        rules.append(tenPointSteps)
        for rules in rules {
            let table = ScoringTable(rules: rules)
            let solver = ExpectedScoreSolver(table: table)
            #expect(
                ExpectedScoreSolver.levelCount(for: table) == Double(solver.tabulatedPoints / table.scoreStep + 1),
                "\(rules.name)")
            #expect(throws: Never.self) { try ExpectedScoreSolver.checkSize(of: table, source: rules.name) }
        }
        #expect(ExpectedScoreSolver.levelCount(for: ScoringTable(rules: .standard)) == 936)
    }

    @Test("a tiny common step with a huge range is refused in milliseconds, naming the step and the limit")
    func tinyStepHugeRange() throws {
        let json = #"{"combinations": {"single_five": 1, "single_one": 999999}}"#
        let rules = try RuleSet(json: Data(json.utf8), source: "tiny.json")
        let clock = ContinuousClock()
        let start = clock.now
        let table = ScoringTable(rules: rules)
        #expect(table.scoreStep == 1)
        #expect(ExpectedScoreSolver.levelCount(for: table) > Double(ExpectedScoreSolver.maximumLevels))
        let error = #expect(throws: RuleSetError.self) {
            try ExpectedScoreSolver.checkSize(of: table, source: "tiny.json")
        }
        #expect(clock.now - start < .seconds(5))
        #expect(error?.description.hasPrefix("tiny.json: has points in steps of 1 ") == true)
        #expect(error?.description.contains("more than its limit of 100000") == true)
    }
}
