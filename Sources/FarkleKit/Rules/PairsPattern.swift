/// Patterns of six dice that a rule set may also count as three pairs.
public enum PairsPattern: String, Hashable, Sendable, CaseIterable {
    /// Four of a kind and a pair of another face (2-2-2-2-5-5).
    case fourAndPair = "four_and_pair"
    /// Six of a kind (4-4-4-4-4-4).
    case sixOfAKind = "six_of_a_kind"
}
