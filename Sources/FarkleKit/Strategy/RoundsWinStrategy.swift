/// Play that maximizes the chance to win a two-player game of fixed rounds (`RoundsWinSolver`): `win`
/// under `farkleten` and other games of rounds.
///
/// Built from a solved game, it tabulates once the turn of every turn index and every difference of totals
/// within `tabulatedDifference` (at the solved turn-start values), up to `tabulatedTurnPoints`; each decision
/// is then a few table reads, as for `WinProbabilityStrategy`. A state outside those tables (a game decided
/// far beyond the band, or a turn beyond the points tabulated: rare) is decided from its turn solved on the
/// spot (`RoundsWinSolver.turnTable`), the same play at a higher cost. A class, so that `BuiltInStrategy`
/// carries one pointer; the tables are immutable once built and shared by every seat and thread. Each state
/// keeps its value as a `Float` and its bank decision, 5 bytes: about 90 MB for `farkleten`.
package final class RoundsWinStrategy: Strategy {
    /// The solved game.
    package let solver: RoundsWinSolver
    /// The largest difference of totals (either way) tabulated, in score steps.
    private let band: Int
    /// The turn of (turn index, difference): `turns[turn][difference - first difference of the turn]`, its
    /// first `tabulatedTurnPoints` kept.
    private let turns: [[TabulatedTurn]]

    /// The best play of the game `solver` solved, its tables built on `threads` threads.
    ///
    /// - Parameters:
    ///   - solver: The solved game of rounds.
    ///   - threads: The threads the tables are built on (1: this thread only).
    ///   - tabulatedDifference: The differences of totals, either way, whose turns are tabulated (points).
    ///   - tabulatedTurnPoints: The turn points tabulated in each turn (points).
    package init(
        solver: RoundsWinSolver, threads: Int = 2, tabulatedDifference: Int = 15_000, tabulatedTurnPoints: Int = 8_000
    ) {
        self.solver = solver
        let layout = solver.layout
        let step = solver.table.scoreStep
        let band = min(tabulatedDifference / step, solver.capLevel - 1)
        let rows = tabulatedTurnPoints / step + 1
        var turns: [[TabulatedTurn]] = []
        for turnIndex in 0..<layout.turns {
            let differences = layout.isExtraOpening(turnIndex) ? 0...0 : -band...band
            // Each difference's table is written by its one work item.
            let built = SharedSlots<TabulatedTurn?>(repeating: nil, count: differences.count)
            Parallel.forEach(differences.count, threads: threads) { item in
                let difference = differences.lowerBound + item
                let turn = solver.turnTable(turnIndex: turnIndex, myScore: difference * step, opponentScore: 0)
                built[item] = TabulatedTurn(turn, rows: rows)
            }
            turns.append(built.values.map(\.unsafelyUnwrapped))
        }
        self.band = band
        self.turns = turns
    }

    /// `win`.
    package var name: String { "win" }

    /// The entry of the state (`turnPoints`, `diceLeft`) at turn `turnIndex`, `own` against `opponent`.
    private func entry(turnPoints: Int, diceLeft: Int, own: Int, opponent: Int, turnIndex: Int) -> WinTurn.Entry {
        let step = solver.table.scoreStep
        let turnIndex = min(turnIndex, solver.turns - 1)
        let difference = (own - opponent) / step
        let level = turnPoints / step
        let isExtraOpening = solver.layout.isExtraOpening(turnIndex)
        if abs(difference) <= band {
            let item = isExtraOpening ? 0 : difference + band
            if let entry = turns[turnIndex][item].entry(level: level, diceLeft: diceLeft) { return entry }
        }
        let turn = solver.turnTable(turnIndex: turnIndex, myScore: own, opponentScore: opponent)
        return level < turn.top
            ? turn.entries[TurnMechanics.stateIndex(level: level, diceLeft: diceLeft)] : turn.above[diceLeft]
    }

    /// The move at turn `turnIndex` (`RoundsWinSolver.turnIndex(round:seat:)`) with `own` points against
    /// `opponent`: the keep whose next state is worth most, and the bank decision of that state.
    package func move(turnPoints: Int, dice: Int, multiset: Int, own: Int, opponent: Int, turnIndex: Int) -> Move {
        solver.turn.bestMove(table: solver.table, turnPoints: turnPoints, dice: dice, multiset: multiset) {
            entry(turnPoints: $0, diceLeft: $1, own: own, opponent: opponent, turnIndex: turnIndex)
        }
    }

    /// The bank decision at turn `turnIndex` with `own` points against `opponent`.
    package func shouldBank(turnPoints: Int, diceLeft: Int, own: Int, opponent: Int, turnIndex: Int) -> Bool {
        entry(turnPoints: turnPoints, diceLeft: diceLeft, own: own, opponent: opponent, turnIndex: turnIndex).banks
    }

    /// The move in `situation` (it draws no random numbers).
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        move(
            turnPoints: turnPoints, dice: dice, multiset: multiset, own: situation.ownScore,
            opponent: situation.highestOpponentScore ?? 0,
            turnIndex: RoundsWinSolver.turnIndex(round: situation.round, seat: situation.seat))
    }

    /// The bank decision in `situation` (it draws no random numbers).
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        shouldBank(
            turnPoints: turnPoints, diceLeft: diceLeft, own: situation.ownScore,
            opponent: situation.highestOpponentScore ?? 0,
            turnIndex: RoundsWinSolver.turnIndex(round: situation.round, seat: situation.seat))
    }
}

extension WinTurn {
    /// The keep of a roll whose next state is worth most, and the bank decision stored with that state;
    /// `entry(turnPoints, diceLeft)` reads a state of the turn being played.
    func bestMove(
        table: ScoringTable, turnPoints: Int, dice: Int, multiset: Int, entry: (Int, Int) -> Entry
    ) -> Move {
        let global = table.globalIndex(dice: dice, multiset: multiset)
        // The engine asks only about rolls with a keep; the highest-scoring keep stands in for the first.
        var best = (
            keep: table.highestScoringKeep(dice: dice, multiset: multiset) ?? Keep(dice: DiceCounts(), score: 0),
            entry: Entry(value: -.infinity, slope: 0, aux: 0, banks: false)
        )
        // One comparison for both sets of keeps: of equal values the keep of fewest dice, then fewest points (the
        // first option of its group).
        func consider(_ keep: Keep) {
            guard keep.score > 0 else { return }
            let next = entry(turnPoints + keep.score, mechanics.diceLeft(afterKeeping: keep.diceUsed, of: dice))
            if (-next.value, keep.diceUsed, keep.score) < (-best.entry.value, best.keep.diceUsed, best.keep.score) {
                best = (keep, next)
            }
        }
        if everyKeep {
            for keep in table.keeps(dice: dice, multiset: multiset) { consider(keep) }
        } else {
            for kept in 1...dice { consider(bestKeeps[ScoringTable.keepIndex(global: global, diceUsed: kept)]) }
        }
        return Move(keep: best.keep, banks: best.entry.banks)
    }
}
