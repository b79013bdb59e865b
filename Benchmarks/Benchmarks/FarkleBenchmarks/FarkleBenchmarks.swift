import Benchmark
import FarkleKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 50
    )

    Benchmark("ScoringTable(rules: .standard)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ScoringTable(rules: .standard))
        }
    }
}
