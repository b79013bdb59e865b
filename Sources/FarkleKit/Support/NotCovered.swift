/// Why FarkleKit gives no answer for a game: rules, players or a size that no solver covers, or a solved game
/// of other rules. One line, fit to show a player.
public struct NotCovered: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, one line.
    public let description: String

    /// A reason in words.
    package init(_ description: String) {
        self.description = description
    }

    /// A reason in words, as the win solvers spell their refusals.
    package init(description: String) {
        self.description = description
    }
}
