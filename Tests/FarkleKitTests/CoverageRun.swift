import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Marks a test whose weight is simulated games or a large brute force checked against an exact value: it
    /// runs under `swift test` as every test does, and is left out of the coverage run (`.ci/coverage` sets
    /// `FARKLE_COVERAGE_RUN`), where the instrumented build makes it several times slower while every line it
    /// reaches is reached by a smaller test too. `.ci/coverage` states the coverage with these left out.
    static var leftOutOfCoverage: Self {
        .disabled(
            if: ProcessInfo.processInfo.environment["FARKLE_COVERAGE_RUN"] != nil,
            "the coverage run leaves out simulated games and large brute forces")
    }
}
