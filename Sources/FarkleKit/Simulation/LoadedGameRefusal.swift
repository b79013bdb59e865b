/// Why `GameSimulation` cannot play a table whose seats carry loaded dice.
///
/// The engine of loaded dice plays the games of six dice the plain engines play (`GameLoop`), with the plays of
/// `LoadedPlay`; where every seat carries six ordinary dice the plain engines play any rules and strategy.
public enum LoadedGameRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules have what games with dice sets do not play (`DiceSet.simulationRefusal(toPlay:)`; for `ev-target`
    /// `DiceSet.refusal(toPlay:game:allowsFinalRound:)`), in words.
    case rules(String)
    /// Seat `seat`'s strategy has no play with loaded dice (only `ev-target`, `win`, `greedy` and `threshold` do).
    case unknownStrategy(seat: Int, StrategySpec)
    /// `win` with loaded dice is solved for two players, not this many.
    case winPlayers(Int)
    /// `win` with loaded dice needs what `LoadedWinSolver.refusal(for:)` says the rules lack.
    case winRules
    /// The turns of seat `seat` playing `win` would take `entries` table entries, more than `limit`.
    case winTable(seat: Int, entries: Int, limit: Int)
    /// Seat `seat` plays `greedy` or `threshold` with six dice that score on every roll, so its turn might
    /// never end.
    case turnMayNeverEnd(seat: Int)
    /// Seat `seat` carries dice that can never score under the rules: it never banks, so no game would end.
    case neverScores(seat: Int)
    /// Where the target must be hit exactly, seat `seat` carries dice that can never bank `short` points exactly: a
    /// total that far short of the target could never finish.
    case cannotHitTarget(seat: Int, short: Int)
    /// The capped turns of seat `seat` for every own total would take `entries` table entries, more than `limit`.
    case pointsTable(seat: Int, entries: Int, limit: Int)
    /// The rules ask `points` to get on the board, above the least bank: the plays of loaded dice bank as a player on
    /// the board does.
    case entryMinimum(Int)
    /// Seat `seat` plays `ev` with dice whose expected points are not solved, for `reason`
    /// (`CappedScoreSolver.Unsolved`: unbounded, or rules unlike kcd's).
    case expectedPointsUnsolved(seat: Int, reason: String)

    /// The reason, in words.
    public var description: String {
        switch self {
        case .rules(let reason): reason
        case .unknownStrategy(let seat, let spec): "seat \(seat + 1): " + LoadedPlay.unknownReason(spec)
        case .winPlayers(let players): "'win' with loaded dice plays 2-player games only, not \(players)"
        case .winRules:
            "'win' with loaded dice needs banking after any keep, with no minimum bank, six-dice farkle or penalty"
        case .winTable(let seat, let entries, let limit):
            "'win' for seat \(seat + 1) needs \(entries) table entries for its turns, more than \(limit)"
        case .turnMayNeverEnd(let seat):
            "seat \(seat + 1)'s turn may never end: every roll of its six dice scores"
        case .neverScores(let seat):
            "seat \(seat + 1)'s dice can never score: it never banks"
        case .cannotHitTarget(let seat, let short):
            "seat \(seat + 1)'s dice can never bank \(short) exactly: \(short) short of the target it could never hit it"
        case .pointsTable(let seat, let entries, let limit):
            "seat \(seat + 1)'s turns for every total need \(entries) table entries, more than \(limit)"
        case .expectedPointsUnsolved(let seat, let reason): "seat \(seat + 1) plays 'ev': \(reason)"
        case .entryMinimum(let points):
            "loaded dice play a race without an entry minimum above the least bank; these rules ask \(points) points"
        }
    }
}
