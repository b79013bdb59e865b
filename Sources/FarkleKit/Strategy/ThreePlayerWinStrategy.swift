/// Play that maximizes the chance to win a three-player race (`ThreePlayerWinSolver`): `win` for three.
///
/// Built from a solved game, it tabulates once the turn of every set of totals (at the solved turn-start
/// chances); each decision is then a few table reads, as `WinProbabilityStrategy` does for two players. With a
/// final round, each last turn (an opponent at or past the target) is built on first use from the game's final
/// round (`ThreePlayerWinSolver.finalRoundTurnTable`) and kept, shared by every thread. Memory
/// grows with the sets of totals (the cube of the target in score steps) times the levels of a turn: 5 bytes a
/// state, about 100 MB for a race to 2,000 in steps of 50; races of more than `maximumStates` are refused.
package struct ThreePlayerWinStrategy: Strategy {
    /// The solved game.
    package let solver: ThreePlayerWinSolver
    /// The turn of each set of totals, at the layout's index.
    private let turns: [TabulatedTurn]
    /// The last turns of a final round, built from the solved game on first use and kept, shared by every thread:
    /// a game has two, at totals no table below the target holds.
    private let lastTurns = Locked(TurnCache())

    /// The most last turns kept; past it the one kept first makes room (the play is the same either way).
    static let maximumLastTurns = 20_000

    /// The best play of the game `solver` solved, its turns tabulated on `threads` threads (the play is the same on
    /// any number).
    ///
    /// - Complexity: One solve of each set of totals' turn: about as long as the game's solve.
    package init(solver: ThreePlayerWinSolver, threads: Int = Parallel.defaultThreads) {
        self.solver = solver
        let layout = solver.layout
        let levels = solver.levels
        let step = solver.table.scoreStep
        // Work item `mine` writes the slots of the sets `mine * levels² ..< (mine + 1) * levels²` only.
        let built = SharedSlots<TabulatedTurn?>(repeating: nil, count: levels * levels * levels)
        Parallel.forEach(levels, threads: threads) { mine in
            for next in 0..<levels {
                for last in 0..<levels {
                    let state = (mine: mine, next: next, last: last)
                    let turn = layout.turnTable(
                        at: state, values: solver.values, ties: solver.nextValues, myScore: mine * step,
                        opponentScore: max(next, last) * step, leastBank: layout.leastLevel(of: state) * step,
                        table: solver.table)
                    built[layout.index(state)] = TabulatedTurn(turn, rows: turn.top)
                }
            }
        }
        turns = built.values.map { $0.unsafelyUnwrapped }
    }

    /// `win`.
    package var name: String { "win" }

    /// The entry of the state (`turnPoints`, `diceLeft`) in the turn of `seat` at `scores`: the totals of the seat
    /// to move and the two after it, in turn order.
    private func entry(turnPoints: Int, diceLeft: Int, scores: SeatScores, seat: Int) -> WinTurn.Entry {
        let step = solver.table.scoreStep
        let (next, last) = (scores[(seat + 1) % 3], scores[(seat + 2) % 3])
        if next >= solver.target || last >= solver.target {
            return lastTurn(myScore: scores[seat], opponents: [next, last])
                .entry(level: turnPoints / step, diceLeft: diceLeft).unsafelyUnwrapped
        }
        let top = solver.levels - 1
        let state = (
            mine: min(scores[seat] / step, top), next: min(scores[(seat + 1) % 3] / step, top),
            last: min(scores[(seat + 2) % 3] / step, top)
        )
        // Every level of the table is kept.
        return turns[solver.layout.index(state)].entry(level: turnPoints / step, diceLeft: diceLeft)
            .unsafelyUnwrapped
    }

    /// The last turn of a final round of the player with `myScore`, the opponents' totals in playing order, one at
    /// least the target: built on first use (one turn solve) and kept.
    private func lastTurn(myScore: Int, opponents: [Int]) -> TabulatedTurn {
        let step = solver.table.scoreStep
        let levels = [myScore, opponents[0], opponents[1]].map { $0 / step }
        // The three totals in 21 bits each name the turn; totals past them (no real game) are not kept.
        let key =
            levels.allSatisfy { (0..<(1 << 21)).contains($0) } ? (levels[0] << 42) | (levels[1] << 21) | levels[2] : nil
        if let key, let turn = lastTurns.withLock({ $0.turns[key] }) { return turn }
        // Three players: at most one plays after the mover, so the last turn is always solved.
        let table = solver.finalRoundTurnTable(myScore: myScore, opponents: opponents).unsafelyUnwrapped
        let turn = TabulatedTurn(table, rows: table.top)
        if let key { lastTurns.withLock { $0.keep(turn, key: key, limit: Self.maximumLastTurns) } }
        return turn
    }

    /// The keep whose next state is worth most, and the bank decision of that state.
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        move(turnPoints: turnPoints, dice: dice, multiset: multiset, scores: situation.scores, seat: situation.seat)
    }

    /// The bank decision stored with the state.
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, scores: situation.scores, seat: situation.seat)
    }

    /// The move of `seat` at `scores`: what `SharedWinStrategy` calls with the numbers it reads.
    func move(turnPoints: Int, dice: Int, multiset: Int, scores: SeatScores, seat: Int) -> Move {
        solver.layout.turn.bestMove(table: solver.table, turnPoints: turnPoints, dice: dice, multiset: multiset) {
            entry(turnPoints: $0, diceLeft: $1, scores: scores, seat: seat)
        }
    }

    /// The bank decision of `seat` at `scores`.
    func shouldBank(turnPoints: Int, diceLeft: Int, scores: SeatScores, seat: Int) -> Bool {
        entry(turnPoints: turnPoints, diceLeft: diceLeft, scores: scores, seat: seat).banks
    }

    /// The states the strategy tabulates for a race of three players of `rules` (`ThreePlayerWinSolver.stateCount`),
    /// known before anything is solved; `nil` where the three-player solver does not cover the rules, and with a final
    /// round, which the front doors play as the race for two (`RuleSet.headsUpGame`).
    package static func tabulatedStates(_ rules: RuleSet) -> Int? {
        let table = ScoringTable(rules: rules)
        guard let race = try? TrioLayout.check(table), !race.finalRound,
            let layout = try? TrioLayout(table: table, threads: 1)
        else { return nil }
        // A turn's top depends on the mover's total alone.
        let perSet = (0..<layout.levels).reduce(0) { $0 + layout.top(of: ($1, 1, 1)) * DiceCounts.maximumDice }
        return perSet * layout.levels * layout.levels
    }

    /// The most states the strategy tabulates (about 5 bytes each): 400 million, about 2 GB, a race to about 5,000
    /// in steps of 50. Larger races are refused before they are solved (`StrategyContext.solvedWinGame(threads:)`).
    package static let maximumStates = 400_000_000

    /// Why the strategy cannot play the three-player race of `rules` (too many states to tabulate), or `nil`.
    package static func refusal(_ rules: RuleSet) -> String? {
        guard let states = tabulatedStates(rules), states > maximumStates else { return nil }
        return "strategy 'win' for three players tabulates every turn of the race: \(states) states under rules "
            + "'\(rules.name)', more than the \(maximumStates) it holds (about 2 GB); play a lower target"
    }
}
