import Benchmark
import FarkleKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 50
    )

    // MARK: - Tables and the solver

    Benchmark("ScoringTable(rules: .standard)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ScoringTable(rules: .standard))
        }
    }

    Benchmark("validate (ScoringValidator, 55,986 rolls)") { benchmark in
        let validator = ScoringValidator(rules: .standard)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(validator.validate())
        }
    }

    Benchmark("TurnSolver(rules: .standard)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(TurnSolver(rules: .standard))
        }
    }
}
