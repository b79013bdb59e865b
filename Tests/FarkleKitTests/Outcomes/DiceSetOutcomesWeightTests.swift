import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("DiceSetOutcomes: roll probabilities from catalog weights of any size")
struct DiceSetOutcomesWeightTests {
    private static let catalog: LoadedDiceCatalog = {
        let json = """
            {"dice": [
              {"name": "heavy", "weights": [1, 1000, 1000, 1000, 1000, 1000]},
              {"name": "flat", "weights": [1000, 1000, 1000, 1000, 1000, 1000]}
            ]}
            """
        return (try? LoadedDiceCatalog(json: Data(json.utf8), source: "test")) ?? .builtIn
    }()

    @Test("six dice weighing up to 1000 a face: every state's chances add up to 1, and one die is exact")
    func heavyWeights() throws {
        // (5 × 1000 + 1)^6 ≈ 1.6e22 overflowed the integer weights before (a trap in every command).
        let set = try DiceSet(parsing: "heavy:6", catalog: Self.catalog)
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: set)
        for state in 1..<outcomes.stateCount {
            let total = outcomes.groups(of: state).reduce(outcomes.farkleProbability[state]) {
                $0 + outcomes.groupProbability[$1]
            }
            #expect(abs(total - 1) < 1e-12, "state \(state): \(total)")
        }
        // One heavy die scores with a 1 or a 5: (1 + 1000) of 5001.
        let one = outcomes.state(with: [1])
        #expect(abs(outcomes.farkleProbability[one] - 4000.0 / 5001) < 1e-15)
    }

    @Test("dice whose six faces weigh 1000 each roll as ordinary dice")
    func flatHeavyIsOrdinary() throws {
        let table = ScoringTable(rules: .kcd)
        let flat = DiceSetOutcomes(table: table, set: try DiceSet(parsing: "flat:6", catalog: Self.catalog))
        let ordinary = DiceSetOutcomes(table: table, set: .ordinary)
        #expect(flat.stateCount == ordinary.stateCount)
        for state in 1..<flat.stateCount {
            #expect(abs(flat.farkleProbability[state] - ordinary.farkleProbability[state]) < 1e-15)
        }
        let capped = CappedScoreSolver(outcomes: flat, cap: 4000).openingValue
        let plain = CappedScoreSolver(outcomes: ordinary, cap: 4000).openingValue
        #expect(abs(capped - plain) < 1e-9)
    }
}
