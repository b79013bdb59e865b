/// How a player with a dice set plays a race won at the target at once (`kcd`).
///
/// Both plays decide from the totals, the turn points, the dice left of each kind and the roll alone, so a
/// game between them can be evaluated exactly (`LoadedExactOdds`) as well as simulated
/// (`LoadedGameSimulation`).
public enum LoadedPlay: Hashable, Sendable, CustomStringConvertible {
    /// The turn that maximizes the expected points toward the target from the player's own total,
    /// E[min(turn points, target − total)] (`CappedScoreSolver`): `ev` on the command line.
    case cappedScore
    /// The play that maximizes the chance to win, both players playing to win (`LoadedWinSolver`): `win`.
    case win

    /// `ev` or `win`, as on the command line.
    public var description: String {
        switch self {
        case .cappedScore: "ev"
        case .win: "win"
        }
    }
}
