/// Why a strategy spec could not be read.
public struct StrategySpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The spec as given.
    public var spec: String
    /// What is wrong with it.
    public var problem: String

    /// An error about `spec`.
    package init(spec: String, problem: String) {
        self.spec = spec
        self.problem = problem
    }

    /// `strategy 'bold' is not a strategy (known: ev, greedy, threshold:T1,T2)`.
    public var description: String {
        "strategy '\(spec)' \(problem)"
    }
}
