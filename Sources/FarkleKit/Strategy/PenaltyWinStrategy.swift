/// Play that maximizes the chance to win a two-player race under a three-farkle penalty
/// (`PenaltyWinSolver`): `win` under `zilch`.
///
/// Tabulating every state's turn up front, as `WinProbabilityStrategy` does for a race without a penalty,
/// would take about 10 GB for `zilch` (nine pairs of farkle counts for every pair of totals, each turn
/// reaching the final-round cap). So each turn's table is built when a game first reaches its state,
/// from the solver's turn-start values (`PenaltyWinSolver.turnTable`), and kept in a cache shared by every
/// seat and thread: the same tables as the advice shows, so the same decisions. A kept table holds its
/// first `tabulatedTurnPoints` of turn points as `CompactTurnTable` (a `Float` value and a bank decision
/// per state, 5 bytes); a turn going beyond them (rare) is decided from its table solved again on the spot.
///
/// The cache holds at most `maximumCachedTurns` tables; when it is full the table kept first makes room for
/// the next (first in, first out). A table depends only on its state, so the decisions, and with them
/// every simulated number, are the same whatever the threads, the order of the games or the cache size.
package final class PenaltyWinStrategy: Strategy {
    /// The solved game.
    package let solver: PenaltyWinSolver
    /// The most turn tables kept at once.
    package let maximumCachedTurns: Int
    /// The levels of turn points kept in each cached table.
    private let rows: Int
    private let cache: Locked<TurnCache>

    /// The default cap of the cache: 100,000 tables, about 600 MB for `zilch` (a table of 8,000 turn points
    /// takes about 6 KB).
    package static let defaultMaximumCachedTurns = 100_000

    /// The best play of the game `solver` solved, its turns built when first played.
    ///
    /// - Parameters:
    ///   - solver: The solved game under a three-farkle penalty.
    ///   - tabulatedTurnPoints: The turn points kept in each cached table (points).
    ///   - maximumCachedTurns: The most turn tables kept at once (at least 1).
    package init(
        solver: PenaltyWinSolver, tabulatedTurnPoints: Int = 8_000,
        maximumCachedTurns: Int = defaultMaximumCachedTurns
    ) {
        precondition(maximumCachedTurns >= 1, "room for one table at least")
        self.solver = solver
        self.maximumCachedTurns = maximumCachedTurns
        rows = tabulatedTurnPoints / solver.table.scoreStep + 1
        cache = Locked(TurnCache())
    }

    /// `win`.
    package var name: String { "win" }

    /// The turn tables built so far, the ones built again after the cache let them go included.
    package var builtTurnCount: Int { cache.withLock(\.built) }

    /// The turn tables kept now.
    package var cachedTurnCount: Int { cache.withLock(\.turns.count) }

    // MARK: - Decisions

    /// The move with `own` points against `opponent` and the farkles in a row of each: the keep whose next
    /// state is worth most, and the bank decision of that state.
    ///
    /// - Parameters:
    ///   - turnPoints: The points of the turn so far.
    ///   - dice: The dice rolled.
    ///   - multiset: The roll, as the index of its multiset among rolls of `dice` dice.
    ///   - own: The player's total before the turn (any total: below the solver's floor counts as the floor).
    ///   - opponent: The opponent's total.
    ///   - myFarkles: The player's farkles in a row before the turn, 0 to 2.
    ///   - opponentFarkles: The opponent's farkles in a row, 0 to 2.
    ///   - isFinalRound: Whether the opponent has reached the target and this is the player's last turn.
    package func move(
        turnPoints: Int, dice: Int, multiset: Int, own: Int, opponent: Int, myFarkles: Int, opponentFarkles: Int,
        isFinalRound: Bool
    ) -> Move {
        let state = self.state(
            own: own, opponent: opponent, myFarkles: myFarkles, opponentFarkles: opponentFarkles,
            isFinalRound: isFinalRound)
        let turn = self.turn(state)
        return solver.turn.bestMove(table: solver.table, turnPoints: turnPoints, dice: dice, multiset: multiset) {
            entry(turn, state, turnPoints: $0, diceLeft: $1)
        }
    }

    /// The bank decision with `own` points against `opponent` and the farkles in a row of each.
    ///
    /// - Parameters:
    ///   - turnPoints: The points of the turn so far.
    ///   - diceLeft: The dice left to roll.
    ///   - own: The player's total before the turn.
    ///   - opponent: The opponent's total.
    ///   - myFarkles: The player's farkles in a row before the turn, 0 to 2.
    ///   - opponentFarkles: The opponent's farkles in a row, 0 to 2.
    ///   - isFinalRound: Whether this is the player's last turn.
    package func shouldBank(
        turnPoints: Int, diceLeft: Int, own: Int, opponent: Int, myFarkles: Int, opponentFarkles: Int,
        isFinalRound: Bool
    ) -> Bool {
        let state = self.state(
            own: own, opponent: opponent, myFarkles: myFarkles, opponentFarkles: opponentFarkles,
            isFinalRound: isFinalRound)
        return entry(turn(state), state, turnPoints: turnPoints, diceLeft: diceLeft).banks
    }

    /// The move in `situation` (it draws no random numbers).
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        move(
            turnPoints: turnPoints, dice: dice, multiset: multiset, own: situation.ownScore,
            opponent: situation.highestOpponentScore ?? 0, myFarkles: situation.farklesInARow,
            opponentFarkles: situation.opponentFarklesInARow, isFinalRound: situation.isFinalRound)
    }

    /// The bank decision in `situation` (it draws no random numbers).
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        shouldBank(
            turnPoints: turnPoints, diceLeft: diceLeft, own: situation.ownScore,
            opponent: situation.highestOpponentScore ?? 0, myFarkles: situation.farklesInARow,
            opponentFarkles: situation.opponentFarklesInARow, isFinalRound: situation.isFinalRound)
    }

    // MARK: - Tables

    /// A turn's state as the solver tabulates it: totals below the floor count as the floor; in the final
    /// round only the deficit matters (the counts no longer do).
    private struct State {
        let myScore: Int
        let opponentScore: Int
        let myFarkles: Int
        let opponentFarkles: Int
        let isFinalRound: Bool
        /// The cache key: the solver's index of the state, or in the final round -1 - deficit in score steps.
        let key: Int
    }

    private func state(own: Int, opponent: Int, myFarkles: Int, opponentFarkles: Int, isFinalRound: Bool) -> State {
        let step = solver.table.scoreStep
        let mine = max(own, solver.floor)
        if isFinalRound {
            // The deficit from the true totals: the floor only bounds the states between turns.
            let deficit = max(opponent - own, 0) / step
            return State(
                myScore: mine, opponentScore: mine + deficit * step, myFarkles: 0, opponentFarkles: 0,
                isFinalRound: true, key: -1 - deficit)
        }
        let theirs = max(opponent, solver.floor)
        return State(
            myScore: mine, opponentScore: theirs, myFarkles: myFarkles, opponentFarkles: opponentFarkles,
            isFinalRound: false, key: solver.index(mine, theirs, myFarkles, opponentFarkles))
    }

    /// The full turn table of `state`, solved now.
    private func solvedTurn(_ state: State) -> WinTurnTable {
        if state.isFinalRound {
            return WinTurnTable(
                finalRoundOf: solver.turn, myScore: state.myScore, opponentScore: state.opponentScore,
                leastBank: solver.table.turnMechanics.minimumBank, table: solver.table)
        }
        return solver.turnTable(
            myScore: state.myScore, opponentScore: state.opponentScore, myFarkles: state.myFarkles,
            opponentFarkles: state.opponentFarkles)
    }

    /// The kept table of `state`, built and kept now if no game reached the state before.
    private func turn(_ state: State) -> TabulatedTurn {
        if let turn = cache.withLock({ $0.turns[state.key] }) { return turn }
        // Built outside the lock: two threads may build the same table at once, and keep equal tables.
        let turn = TabulatedTurn(solvedTurn(state), rows: rows)
        cache.withLock { $0.keep(turn, key: state.key, limit: maximumCachedTurns) }
        return turn
    }

    /// The entry of (`turnPoints`, `diceLeft`) in the turn of `state`, from the kept table or, beyond its rows,
    /// from the turn solved again.
    private func entry(_ turn: TabulatedTurn, _ state: State, turnPoints: Int, diceLeft: Int) -> WinTurn.Entry {
        let level = turnPoints / solver.table.scoreStep
        if let entry = turn.entry(level: level, diceLeft: diceLeft) { return entry }
        return TabulatedTurn(solvedTurn(state), rows: level + 1).entry(level: level, diceLeft: diceLeft)
            .unsafelyUnwrapped
    }
}

/// A turn's table kept small for a strategy: its first levels of turn points as `CompactTurnTable`, the
/// states above the table (`WinTurnTable.above`) and the table's top.
struct TabulatedTurn: Sendable {
    let table: CompactTurnTable<Float>
    let above: [WinTurn.Entry]
    let top: Int
    /// The levels of turn points kept: `min(top, rows)`.
    let rows: Int

    /// The first `rows` levels of `turn`.
    init(_ turn: WinTurnTable, rows: Int) {
        self.rows = min(turn.top, rows)
        table = CompactTurnTable(turn.entries.prefix(self.rows * TurnMechanics.statesPerLevel))
        above = turn.above
        top = turn.top
    }

    /// The rows of `below` under the target, whose rows from the target up the caller reads from its piece.
    init(belowTarget below: TurnBelowTarget) {
        rows = below.target
        top = below.target
        table = CompactTurnTable((0..<below.target * TurnMechanics.statesPerLevel).lazy.map { below.table[$0] })
        above = []
    }

    /// The entry of (`level`, `diceLeft`), or `nil` for a level inside the table but beyond the rows kept.
    func entry(level: Int, diceLeft: Int) -> WinTurn.Entry? {
        if level >= top { return above[diceLeft] }
        guard level < rows else { return nil }
        return table[TurnMechanics.stateIndex(level: level, diceLeft: diceLeft)]
    }

    /// The bytes the table's values and bank decisions take.
    var bytes: Int { table.bytes }
}

/// The kept turn tables of a `PenaltyWinStrategy`, shared by every thread behind one lock (`Locked`).
struct TurnCache {
    private(set) var turns: [Int: TabulatedTurn] = [:]
    /// The keys in the order they were kept, a ring once full: the oldest goes first.
    private var order: [Int] = []
    private var oldest = 0
    private(set) var built = 0

    /// Keeps `turn` under `key`; with `limit` tables kept already, the one kept first makes room.
    mutating func keep(_ turn: TabulatedTurn, key: Int, limit: Int) {
        built += 1
        // Another thread may have built and kept the same table meanwhile.
        guard turns.updateValue(turn, forKey: key) == nil else { return }
        if order.count < limit {
            order.append(key)
            return
        }
        turns[order[oldest]] = nil
        order[oldest] = key
        oldest = oldest + 1 == order.count ? 0 : oldest + 1
    }
}
