/// Play that maximizes the chance to win a two-player game (`WinProbabilitySolver`): `win`.
///
/// Built from a solved game, it tabulates once the turn of every pair of totals (at the solved
/// turn-start values) and the final-round turn of every deficit; each decision is then a few table
/// reads: the keep whose next state is worth most, and the bank decision stored with that state.
/// Memory grows with the pairs times the turn points tabulated per pair (the final-round cap): each
/// state keeps its value as a `Float` and its bank decision, 5 bytes (about 1.1 GB for `standard`, whose
/// tables reach 880 levels above the target). A `Float` value can only swap keeps whose values differ by
/// less than about 10⁻⁷, which moves the chance to win by less than that.
package struct WinProbabilityStrategy: Strategy {
    /// The solved game.
    package let solver: WinProbabilitySolver
    /// The turn of each pair of totals, at `mine * levels + theirs`.
    private let turns: [TabulatedTurn]
    private let finalTables: [[WinTurn.Entry]]
    private let finalTops: [Int]

    /// The best play of the game `solver` solved.
    package init(solver: WinProbabilitySolver) {
        self.solver = solver
        let levels = solver.levels
        let layout = solver.layout
        let perLevel = TurnMechanics.statesPerLevel
        let step = solver.table.scoreStep
        var turns: [TabulatedTurn] = []
        turns.reserveCapacity(levels * levels)
        for mine in 0..<levels {
            for theirs in 0..<levels {
                let turn = layout.turnTable(
                    at: (mine, theirs), values: solver.values, ties: solver.ties, myScore: mine * step,
                    opponentScore: theirs * step, leastBank: layout.leastBank(mine: mine), table: solver.table)
                turns.append(TabulatedTurn(turn, rows: turn.top))
            }
        }
        var finalTables: [[WinTurn.Entry]] = []
        var finalTops: [Int] = []
        if let final = solver.entered {
            let leastLevel = (final.leastBank + step - 1) / step
            for deficit in 0...final.capLevel {
                let top = max(deficit + 1, leastLevel)
                let bank = (0..<top).map { row -> Double in
                    row < leastLevel ? -.infinity : row > deficit ? 1 : row == deficit ? 0.5 : 0
                }
                var table = [WinTurn.Entry](
                    repeating: WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false), count: top * perLevel)
                table.withUnsafeMutableBufferPointer { table in
                    _ = solver.turn.solve(
                        top: top, topBank: 1, bank: bank, bankAux: bank.map { _ in 0 }, farkle: 0, farkleAux: 0,
                        into: table.baseAddress.unsafelyUnwrapped)
                }
                finalTables.append(table)
                finalTops.append(top)
            }
        }
        self.turns = turns
        self.finalTables = finalTables
        self.finalTops = finalTops
    }

    /// `win`.
    package var name: String { "win" }

    /// The entry of the state (`turnPoints`, `diceLeft`) in the turn `situation` is in.
    private func entry(turnPoints: Int, diceLeft: Int, situation: GameSituation) -> WinTurn.Entry {
        let step = solver.table.scoreStep
        let mine = situation.ownScore / step
        let theirs = (situation.highestOpponentScore ?? 0) / step
        let level = turnPoints / step
        if situation.isFinalRound, !finalTables.isEmpty {
            // The final-round player of a 2-player game has not entered only where the entry minimum
            // stopped them; the tables are those of an entered player beyond the cap.
            let deficit = min(max(theirs - mine, 0), finalTables.count - 1)
            let top = finalTops[deficit]
            if level < top { return finalTables[deficit][level * TurnMechanics.statesPerLevel + diceLeft] }
            let banks = solver.turn.mechanics.allowsBanking(diceLeft: diceLeft)
            return WinTurn.Entry(value: banks ? 1 : solver.turn.reach[diceLeft], slope: 0, aux: 0, banks: banks)
        }
        let pair = min(mine, solver.levels - 1) * solver.levels + min(theirs, solver.levels - 1)
        // Every level of the table is kept.
        return turns[pair].entry(level: level, diceLeft: diceLeft).unsafelyUnwrapped
    }

    /// The keep whose next state is worth most, and the bank decision of that state.
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        solver.turn.bestMove(table: solver.table, turnPoints: turnPoints, dice: dice, multiset: multiset) {
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

/// A turn's table kept small for a strategy: each state's value as a `Float` and its bank decision.
struct CompactTurnTable: Sendable {
    let values: [Float]
    let banks: [Bool]

    init(_ entries: some Collection<WinTurn.Entry>) {
        values = entries.map { Float($0.value) }
        banks = entries.map(\.banks)
    }

    subscript(index: Int) -> WinTurn.Entry {
        WinTurn.Entry(value: Double(values[index]), slope: 0, aux: 0, banks: banks[index])
    }
}
