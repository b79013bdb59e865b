/// A solved game's turn at every state, followed once (`WinTurn.endings(of:top:)`): the solution's play never
/// changes while the exact odds weigh it against another strategy, so each state keeps its banks (`banked`, from
/// level `first`) and, as constants, the chances that the rest of the turn wins or ties and that it farkles.
///
/// Banks whose worth never changes during an evaluation (those that reach the target, under a three-farkle
/// penalty) are weighed once, into the constants; the others are weighed by each evaluation.
struct FixedTurns: Sendable {
    /// One state's turn.
    struct Turn: Sendable {
        /// The level of the first bank kept.
        var first: Int
        /// The chance to bank at each level from `first` on.
        var banked: [Double]
        /// The chance that the turn wins (a six of a kind, a bank above the table, the banks weighed once).
        var win: Double
        /// The chance that the turn ties (the banks weighed once).
        var tie: Double
        /// The chance that the turn farkles.
        var farkle: Double

        /// The turn of `endings`, with its banks from level `weighedFrom` up weighed at once with `payoff(level)`
        /// and those below kept. A bank above the table counts as a win, as a six of a kind that wins does.
        init(
            _ endings: TurnEndings, weighedFrom: Int? = nil,
            payoff: (_ level: Int) -> (win: Double, tie: Double) = { _ in (0, 0) }
        ) {
            let reach = min(weighedFrom ?? endings.banked.count, endings.banked.count)
            (first, banked) = (0, [])
            (win, tie, farkle) = (endings.instantWin + endings.aboveTop, endings.aboveTopTie, endings.farkle)
            for level in reach..<endings.banked.count where endings.banked[level] > 0 {
                let after = payoff(level)
                win += endings.banked[level] * after.win
                tie += endings.banked[level] * after.tie
            }
            let below = endings.banked[..<reach]
            if let first = below.firstIndex(where: { $0 > 0 }), let last = below.lastIndex(where: { $0 > 0 }) {
                self.first = first
                banked = Array(below[first...last])
            }
        }
    }

    /// Each state's turn, written once by the one work item of its row, before any evaluation reads it.
    let turns: SharedSlots<Turn>

    /// The turns of `count` states, `rows` rows of them spread over `threads`: `row(r)` gives the turns of row r
    /// with their states' indices.
    init(count: Int, rows: Int, threads: Int, row: @Sendable (Int) -> [(index: Int, turn: Turn)]) {
        let turns = SharedSlots(
            repeating: Turn(TurnEndings(banked: [], farkle: 0, instantWin: 0, aboveTop: 0)), count: count)
        self.turns = turns
        Parallel.forEach(rows, threads: threads) { index in
            for (state, turn) in row(index) { turns[state] = turn }
        }
    }

    /// The turn at state `index`.
    subscript(index: Int) -> Turn { turns[index] }
}
