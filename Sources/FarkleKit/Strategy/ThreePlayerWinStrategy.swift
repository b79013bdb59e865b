/// Play that maximizes the chance to win a three-player race (`ThreePlayerWinSolver`): `win` for three.
///
/// Built from a solved game, it tabulates once the turn of every set of totals (at the solved turn-start
/// chances); each decision is then a few table reads, as `WinProbabilityStrategy` does for two players. Memory
/// grows with the sets of totals (the cube of the target in score steps) times the levels of a turn: 5 bytes a
/// state, about 100 MB for a race to 2,000 in steps of 50; meant for small targets and for checking the solver
/// against simulated games.
package struct ThreePlayerWinStrategy: Strategy {
    /// The solved game.
    package let solver: ThreePlayerWinSolver
    /// The turn of each set of totals, at the layout's index.
    private let turns: [TabulatedTurn]

    /// The best play of the game `solver` solved.
    package init(solver: ThreePlayerWinSolver) {
        self.solver = solver
        let layout = solver.layout
        let levels = solver.levels
        let step = solver.table.scoreStep
        var turns: [TabulatedTurn] = []
        turns.reserveCapacity(levels * levels * levels)
        for mine in 0..<levels {
            for next in 0..<levels {
                for last in 0..<levels {
                    let state = (mine: mine, next: next, last: last)
                    let turn = layout.turnTable(
                        at: state, values: solver.values, ties: solver.nextValues, myScore: mine * step,
                        opponentScore: max(next, last) * step, leastBank: layout.leastLevel(of: state) * step,
                        table: solver.table)
                    turns.append(TabulatedTurn(turn, rows: turn.top))
                }
            }
        }
        self.turns = turns
    }

    /// `win`.
    package var name: String { "win" }

    /// The entry of the state (`turnPoints`, `diceLeft`) in the turn `situation` is in: the totals of the seat to
    /// move and the two after it, in turn order.
    private func entry(turnPoints: Int, diceLeft: Int, situation: GameSituation) -> WinTurn.Entry {
        let step = solver.table.scoreStep
        let top = solver.levels - 1
        let scores = situation.scores
        let seat = situation.seat
        let state = (
            mine: min(scores[seat] / step, top), next: min(scores[(seat + 1) % 3] / step, top),
            last: min(scores[(seat + 2) % 3] / step, top)
        )
        // Every level of the table is kept.
        return turns[solver.layout.index(state)].entry(level: turnPoints / step, diceLeft: diceLeft)
            .unsafelyUnwrapped
    }

    /// The keep whose next state is worth most, and the bank decision of that state.
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        solver.layout.turn.bestMove(table: solver.table, turnPoints: turnPoints, dice: dice, multiset: multiset) {
            entry(turnPoints: $0, diceLeft: $1, situation: situation)
        }
    }

    /// The bank decision stored with the state.
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        entry(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation).banks
    }
}
