/// A dice catalog or a dice set that cannot be read: one line saying what and where.
public struct DiceSetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, without `Error:`.
    public let description: String

    /// Creates an error with `description`.
    package init(_ description: String) {
        self.description = description
    }
}
