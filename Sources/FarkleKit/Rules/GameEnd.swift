/// How a game ends: a race to a target, or a fixed number of rounds.
///
/// The engine asks the end condition after every bank and after every turn
/// (`GameProgress`), so a new way to end a game is a new case here and its
/// answers there, not a change to the game loop.
public enum GameEnd: Hashable, Sendable {
    /// The first bank that brings a total to `target` or more ends the race.
    ///
    /// With `finalRound` every other player then takes exactly one more turn and
    /// the highest total wins (equal highest totals tie); without it that bank
    /// wins at once.
    case target(Int, finalRound: Bool)

    /// Every player takes exactly `rounds` turns; then the highest total wins (equal highest totals tie).
    case rounds(Int)

    /// The target of a race, or `nil` for a game of fixed rounds.
    public var target: Int? {
        switch self {
        case .target(let target, _): return target
        case .rounds: return nil
        }
    }

    /// Whether reaching the target gives the other players one more turn; `false` for a game of rounds.
    public var hasFinalRound: Bool {
        switch self {
        case .target(_, let finalRound): return finalRound
        case .rounds: return false
        }
    }

    /// Whether a player's turn is their last of a final round: as `given`, or because `leader`, the highest of the
    /// other totals, has reached the target of a race with a final round. That leaves no doubt (the others take
    /// exactly one more turn once someone reaches the target), so the advice infers it rather than asking.
    ///
    /// - Parameters:
    ///   - given: Whether the final round was said to be on.
    ///   - leader: The highest total of the other players; `nil` when none is known.
    package func isFinalRound(_ given: Bool, leader: Int?) -> Bool {
        guard !given, case .target(let target, finalRound: true) = self, let leader else { return given }
        return leader >= target
    }

    /// How a game that is not a race won at the target at once differs from one, as words after "rules 'name' ":
    /// "play rounds" or "have a final round" (for the messages of what only that race supports).
    package var unlikeRaceWonAtOnce: String {
        target == nil ? "play rounds" : "have a final round"
    }

    /// The number of rounds of a game of fixed rounds, or `nil` for a race.
    public var rounds: Int? {
        switch self {
        case .target: return nil
        case .rounds(let rounds): return rounds
        }
    }
}
