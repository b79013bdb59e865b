/// How a player with a dice set plays a race won at the target at once (`kcd`).
///
/// Every play decides from the totals, the turn points, the dice left of each kind and the roll alone, so a
/// game between them can be evaluated exactly (`ExactOdds`) as well as simulated
/// (`GameSimulation` with dice sets).
package enum LoadedPlay: Hashable, Sendable, CustomStringConvertible {
    /// The turn that maximizes the expected points toward the target from the player's own total,
    /// E[min(turn points, target − total)] (`CappedScoreSolver`): `ev-target` on the command line.
    case cappedScore
    /// The turn that maximizes the turn's expected points whatever the totals (`CappedScoreSolver` without a cap,
    /// `init(expectedPointsOf:)`): `ev`, as with six ordinary dice.
    case expectedPoints
    /// The play that maximizes the chance to win, both players playing to win (`LoadedWinSolver`): `win`.
    case win
    /// The highest-scoring keep (`LoadedHighestKeep`), banking at the first chance the rules allow: `greedy`.
    case greedy
    /// The highest-scoring keep (`LoadedHighestKeep`), banking once the turn points reach the threshold for
    /// the dice left (`LoadedThresholdPlay`): `threshold:T1,T2[,...]`, two to six thresholds as for
    /// `ThresholdStrategy`.
    case threshold([Int])

    /// The play of a strategy named on the command line, or `nil` for one that does not know dice sets.
    ///
    /// `ev`, `ev-target`, `win`, `greedy` and `threshold:...` (parsed and bounded by `StrategySpec(parsing:)`); the
    /// Farkle Ten bots have none (`unknownReason(_:)`).
    ///
    /// - Parameter spec: The strategy.
    package init?(_ spec: StrategySpec) {
        switch spec {
        case .expectedValue: self = .expectedPoints
        case .expectedValueToTarget: self = .cappedScore
        case .win: self = .win
        case .greedy: self = .greedy
        case .threshold(let thresholds): self = .threshold(thresholds)
        case .farkleTen: return nil
        }
    }

    /// Why `spec` has no play with loaded dice, for an error line.
    package static func unknownReason(_ spec: StrategySpec) -> String {
        "'\(spec)' does not know loaded dice (with loaded dice: ev, ev-target, win, greedy, threshold:T1,T2)"
    }

    /// Whether the play is `greedy` or `threshold:...` (`LoadedThresholdPlay`), whose turn might never end with
    /// dice that score on every roll.
    package var isThreshold: Bool {
        switch self {
        case .greedy, .threshold: true
        case .cappedScore, .expectedPoints, .win: false
        }
    }

    /// `ev`, `ev-target`, `win`, `greedy` or `threshold:T1,T2`, as on the command line.
    package var description: String {
        switch self {
        case .cappedScore: StrategySpec.expectedValueToTarget.description
        case .expectedPoints: StrategySpec.expectedValue.description
        case .win: StrategySpec.win.description
        case .greedy: StrategySpec.greedy.description
        case .threshold(let thresholds): StrategySpec.threshold(thresholds).description
        }
    }
}
