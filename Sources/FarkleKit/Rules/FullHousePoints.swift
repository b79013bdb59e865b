/// How a full house (three of a kind plus a pair of another face) scores.
public enum FullHousePoints: Hashable, Sendable {
    /// A full house is not a combination.
    case off
    /// A fixed number of points.
    case flat(Int)
    /// The three of a kind's value plus a bonus (250 in `standard`: 1-1-1-5-5 = 1250).
    case threeOfAKindPlus(Int)
}
