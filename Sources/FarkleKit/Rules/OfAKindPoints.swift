/// How four, five or six of a kind score.
public enum OfAKindPoints: Hashable, Sendable {
    /// The combination does not score.
    case off
    /// A fixed number of points, whatever the face.
    case flat(Int)
    /// Each die beyond three adds the three-of-a-kind value once more (four 3s = 600, five 3s = 900).
    case linear
    /// Each die beyond three doubles the value (four 3s = 600, five 3s = 1200).
    case doubling

    /// The points of `count` dice of a face whose three of a kind scores `threeOfAKind`.
    func points(forCount count: Int, threeOfAKind: Int?) -> Int? {
        switch self {
        case .off: return nil
        case .flat(let points): return points
        case .linear: return threeOfAKind.map { $0 * (count - 2) }
        case .doubling: return threeOfAKind.map { $0 << (count - 3) }
        }
    }
}
