/// What the points advice maximizes (`Advice.objective`, `OfferAdvice.objective`).
public enum PointsObjective: Hashable, Sendable {
    /// The turn's expected banked points.
    case expectedPoints
    /// The expected points toward the target, E[min(turn points, `cap`)], in a race won at once at the target:
    /// points past it count nothing. `cap` is the target less the player's total.
    case pointsTowardTarget(cap: Int)
    /// The long-run average under a three-farkle penalty: a farkle counts `farkleValue` points, what it costs later
    /// with `farklesInARow` farkles in a row before this turn.
    case longRunAverage(farklesInARow: Int, farkleValue: Double)
}
