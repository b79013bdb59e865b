extension CappedScoreSolver {
    /// Why the expected points of a dice set are not solved: one line.
    package struct Unsolved: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is not solved, and why.
        package let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
