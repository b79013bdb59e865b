/// What a third farkle in a row costs a player (`TurnRules.threeFarklePenalty`).
///
/// The one definition of the penalty's effect on a total (`total(afterPenaltyOn:)`): the engines, the game
/// record and the solvers played to win all take it from here. A whole number of points in a rule set reads as
/// `.points`: `threeFarklePenalty: 500`.
public enum ThreeFarklePenalty: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// These points, from 1 to 1,000,000, are taken from the total, which may fall below zero (Zilch: 500).
    case points(Int)
    /// The whole total is lost: it falls to zero, whatever it was ("three strikes and you're out").
    ///
    /// What it costs grows with the total, so no fixed number of points per turn measures it: the long-run
    /// average of points per turn does not cover it, and `ev` then plays the expected-score turn.
    case wholeTotal

    /// The penalty of `value` points.
    public init(integerLiteral value: Int) { self = .points(value) }

    /// A player's total after the penalty, from `total` before it.
    @inlinable
    package func total(afterPenaltyOn total: Int) -> Int {
        switch self {
        case .points(let points): total - points
        case .wholeTotal: 0
        }
    }

    /// The fixed points the penalty takes, or `nil` when it takes the whole total.
    public var points: Int? {
        if case .points(let points) = self { return points }
        return nil
    }

    /// The penalty as a sentence's object: "500 points" or "the whole total".
    public var description: String {
        switch self {
        case .points(let points): "\(points) points"
        case .wholeTotal: "the whole total"
        }
    }
}
