/// The combinations of all six dice that a rule set may score at least their dice counted face by face
/// (`CombinationPoints.countingFaces`).
public enum SixDiceCombination: String, Hashable, Sendable, CaseIterable {
    /// 1-2-3-4-5-6 (`CombinationPoints.largeStraight`).
    case largeStraight = "large_straight"
    /// Three pairs and the patterns counted as three pairs (`CombinationPoints.threePairs`).
    case threePairs = "three_pairs"
    /// Two triplets, and six of a kind where it counts as two triplets (`CombinationPoints.twoTriplets`).
    case twoTriplets = "two_triplets"
}
