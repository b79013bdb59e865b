/// How the five dice 2-3-4-5-6 score beside 1-2-3-4-5 (`CombinationPoints.highSmallStraight`).
public enum HighSmallStraightPoints: Hashable, Sendable {
    /// As 1-2-3-4-5: the `smallStraight` value, or nothing where it is off (`standard`).
    case asLow
    /// Points of their own (750 in `kcd`).
    case points(Int)
    /// Not a combination, while 1-2-3-4-5 may be (a house rule: "a 1-5 straight scores, 2-6 does not").
    case off
}
