/// A `win` seat's turn at every state of the penalty game, followed once: the solver's play does not change
/// between sweeps, nor does what a bank that reaches the target is worth, so each state keeps only its banks
/// below the target (`banked`, from level `first`) and, as constants, the chances that the rest of the turn
/// wins or ties and that it farkles.
struct FixedTurns: Sendable {
    /// One state's turn.
    struct Turn: Sendable {
        var first: Int
        var banked: [Double]
        var win: Double
        var tie: Double
        var farkle: Double
    }

    /// Each state's turn, written once by the one work item of its row of totals, before any sweep reads it.
    let turns: SharedSlots<Turn>

    /// Follows `solver`'s turn at every state of `space` on `threads`, with `reachingTarget(lead, theirFarkles)`
    /// what a bank that reaches the target `lead` levels ahead is worth.
    init(
        solver: PenaltyWinSolver, space: PenaltyStateSpace, threads: Int,
        reachingTarget: @escaping @Sendable (Int, Int) -> (win: Double, tie: Double)
    ) {
        let levels = space.levels
        let turns = SharedSlots(
            repeating: Turn(first: 0, banked: [], win: 0, tie: 0, farkle: 0), count: 9 * levels * levels)
        self.turns = turns
        Parallel.forEach(levels, threads: threads) { mine in
            for theirs in 0..<levels {
                for myFarkles in 0...2 {
                    for theirFarkles in 0...2 {
                        let endings = solver.fixedPlayEndings(
                            mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
                        let reach = min(levels - mine, endings.banked.count)
                        var turn = Turn(
                            first: 0, banked: [], win: endings.instantWin + endings.aboveTop, tie: 0,
                            farkle: endings.farkle)
                        for level in reach..<endings.banked.count where endings.banked[level] > 0 {
                            let after = reachingTarget(mine + level - theirs, theirFarkles)
                            turn.win += endings.banked[level] * after.win
                            turn.tie += endings.banked[level] * after.tie
                        }
                        let below = endings.banked[..<reach]
                        if let first = below.firstIndex(where: { $0 > 0 }),
                            let last = below.lastIndex(where: { $0 > 0 })
                        {
                            turn.first = first
                            turn.banked = Array(below[first...last])
                        }
                        turns[space.index(mine, theirs, myFarkles, theirFarkles)] = turn
                    }
                }
            }
        }
    }
}
