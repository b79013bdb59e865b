/// A seat's first turn in games with dice sets, worked out exactly where the seat plays the same turn whatever
/// the totals: what the simulation's first turns are compared with, and what a run of its turns costs.
package struct FirstTurn: Sendable {
    /// The exact expected points toward the target, E[min(banked, target)], of the seat's own first turn, or `nil`
    /// for a seat playing `win`, whose first turn depends on the opponent's first bank, in a game of rounds, where a
    /// six of a kind wins or loses at once (the exact turn scores it as points), where a scoreless opening roll is
    /// rolled again (the exact turn farkles), and for a turn that goes on past every level tabulated
    /// (`BlindTurnOutcomes.maximumLevels`). An `ev-target` seat's is its capped solve's opening value; a `greedy`,
    /// `threshold` or `ev` seat's is worked out as `ExactOdds` weighs it.
    package var exactPoints: Double?
    /// The expected number of the turn's rolls for a seat that plays the same turn whatever the totals (`greedy`,
    /// `threshold`, `ev`), in any game (counting a six of a kind as its points and a scoreless opening roll as a
    /// farkle where the rules differ: an estimate of the work); those within every level tabulated where the turn
    /// goes on past them (`goesOnPastTable`); `nil` for `ev-target` and `win`, whose turns bank by the target.
    package var expectedRolls: Double?
    /// Whether the turn goes on past every level tabulated with some chance, so that `expectedRolls` is a lower
    /// bound: dice that almost never farkle, played by `ev` for points it banks only beyond them.
    package var goesOnPastTable = false
}
