/// Play that maximizes the chance to win a two-player game (`WinProbabilitySolver`): `win`.
///
/// Built from a solved game, it tabulates once the turn of every pair of totals (at the solved
/// turn-start values) and the final-round turn of every deficit; each decision is then a few table
/// reads: the keep whose next state is worth most, and the bank decision stored with that state.
///
/// With a final round most of each pair's table lies past the target, up to the final-round cap (880 levels above the
/// target in `standard`), and those rows depend only on the lead and on what a farkle is worth (`PastTargetRows`). So
/// they are solved once per piece of farkle payoffs that the pairs' turns ask for, with their decisions, and each pair
/// tabulates only its rows below the target: about 20 s and 160 MB on 2 busy cores for `standard`, where a whole table
/// per pair took 80 to 110 s and 1.3 GB. Far enough past the target the play no longer depends on the farkle payoff,
/// and the pieces share those rows (`PastTargetRows.SharedRows`): 84% of a piece's rows in `standard`, which took the
/// tables from 560 to about 140 MB. A pair whose payoff no piece holds (past the pieces' memory) keeps its whole
/// table. Each tabulated state keeps its value as a `Float` and its bank decision; a `Float` value can only swap keeps
/// whose values differ by less than about 10⁻⁷, which moves the chance to win by less than that. The rows past the
/// target keep `Double` values, exact within their piece.
package struct WinProbabilityStrategy: Strategy {
    /// The solved game.
    package let solver: WinProbabilitySolver
    /// The turn of each pair of totals, at `mine * levels + theirs`: its rows below the target where a piece of
    /// `pastTarget` holds the rest (`pieceOfPair`), else the whole table.
    private let turns: [TabulatedTurn]
    /// The pieces of the rows past the target that pairs read, with their decisions.
    private let pastTarget: [PastTargetRows.Piece]
    /// The index in `pastTarget` of the piece each pair reads from the target up, or -1 where the pair keeps its
    /// whole table.
    private let pieceOfPair: [Int32]
    /// What a farkle is worth in each pair's turn, the payoff its piece is read at (`TurnBelowTarget.farkle`); 0 where
    /// the pair keeps its whole table.
    private let farkleOfPair: [Double]
    /// The final round's last turn at each deficit (`finalTops[deficit]` levels of turn points): each state's value
    /// and bank decision, all that is read of it.
    private let finalTables: [CompactTurnTable<Double>]
    private let finalTops: [Int]

    /// The most bytes the pieces of the rows past the target take, counting the rows each keeps of its own (not those
    /// it shares).
    static let pastTargetBytes = 384 << 20

    /// The best play of the game `solver` solved, its tables built on `threads` threads (the play is the same on
    /// any number).
    ///
    /// - Complexity: One solve of the rows past the target per piece, and one of the rows below the target per pair
    ///   of totals: about 20 s on 2 busy cores for `standard`, and 160 MB.
    package init(solver: WinProbabilitySolver, threads: Int = Parallel.defaultThreads) {
        self.solver = solver
        let levels = solver.levels
        let layout = solver.layout
        let perLevel = TurnMechanics.statesPerLevel
        let step = solver.table.scoreStep
        let rows = solver.pastTargetRowsServingEveryPair(
            threads: threads, readsToTop: true, maximumBytes: Self.pastTargetBytes)
        // Work item `mine` writes the slots of the pairs `mine * levels ..< (mine + 1) * levels` only.
        let built = SharedSlots<TabulatedTurn?>(repeating: nil, count: levels * levels)
        let pieces = SharedSlots<Int32>(repeating: -1, count: levels * levels)
        let farkles = SharedSlots<Double>(repeating: 0, count: levels * levels)
        Parallel.forEach(levels, threads: threads) { mine in
            for theirs in 0..<levels {
                let pair = mine * levels + theirs
                if let below = layout.solveBelowTarget(
                    at: (mine, theirs), values: solver.values, ties: solver.ties, rows: rows)
                {
                    defer { below.table.deallocate() }
                    built[pair] = TabulatedTurn(belowTarget: below)
                    pieces[pair] = Int32(below.pieceIndex)
                    farkles[pair] = below.farkle
                    continue
                }
                let turn = layout.turnTable(
                    at: (mine, theirs), values: solver.values, ties: solver.ties, myScore: mine * step,
                    opponentScore: theirs * step, leastBank: layout.leastBank(mine: mine), table: solver.table)
                built[pair] = TabulatedTurn(turn, rows: turn.top)
            }
        }
        var finalTables: [CompactTurnTable<Double>] = []
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
                finalTables.append(CompactTurnTable(table))
                finalTops.append(top)
            }
        }
        // Every slot was written by its work item.
        turns = built.values.map(\.unsafelyUnwrapped)
        pieceOfPair = pieces.values
        farkleOfPair = farkles.values
        pastTarget = rows?.pieces ?? []
        self.finalTables = finalTables
        self.finalTops = finalTops
    }

    /// `win`.
    package var name: String { "win" }

    /// The pairs of totals whose rows past the target are read from a piece rather than kept whole.
    var pairsReadingPieces: Int { pieceOfPair.count { $0 >= 0 } }

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
        return entry(level: level, diceLeft: diceLeft, mine: mine, theirs: theirs)
    }

    /// The entry of the state (`level`, `diceLeft`) in the turn with totals `mine` against `theirs` (levels), not in
    /// the final round.
    @inline(__always)
    private func entry(level: Int, diceLeft: Int, mine: Int, theirs: Int) -> WinTurn.Entry {
        let levels = solver.levels
        let (ownLevel, otherLevel) = (min(mine, levels - 1), min(theirs, levels - 1))
        let pair = ownLevel * levels + otherLevel
        let piece = Int(pieceOfPair[pair])
        // From the target up (`levels - ownLevel`), a pair that reads a piece reads it by lead.
        if piece >= 0, level >= levels - ownLevel {
            return pastTarget[piece].played(
                lead: ownLevel + level - otherLevel, dice: diceLeft, farkle: farkleOfPair[pair])
        }
        // Every level of the table below the target, or of the whole table, is kept.
        return turns[pair].entry(level: level, diceLeft: diceLeft).unsafelyUnwrapped
    }

    /// The decision at the state (`turnPoints`, `diceLeft`) of the turn with `myScore` against `opponentScore`, both
    /// below the target, as this play makes it, with the state's value as the play keeps it (a `Float`'s precision
    /// below the target) and what banking there is worth (`nil` where the rules forbid it): what the report's maps
    /// of the decisions to win show of the play its games play, read rather than solved again.
    ///
    /// - Precondition: the totals and `turnPoints` are multiples of the score step, the totals below the target;
    ///   `diceLeft` is 1 to 6.
    package func decision(
        myScore: Int, opponentScore: Int, turnPoints: Int, diceLeft: Int
    ) -> (decision: BankDecision, value: Double, bankValue: Double?) {
        let step = solver.table.scoreStep
        let state = (mine: myScore / step, theirs: opponentScore / step)
        let entry = entry(level: turnPoints / step, diceLeft: diceLeft, mine: state.mine, theirs: state.theirs)
        let bankValue = solver.layout.bankValue(
            turnPoints / step, at: state, values: solver.values, ties: solver.ties)
        let mayBank = bankValue != nil && solver.turn.mechanics.allowsBanking(diceLeft: diceLeft)
        return (BankDecision(mayBank: mayBank, banks: entry.banks), entry.value, mayBank ? bankValue : nil)
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

/// A turn's table kept small for a strategy: each state's value as a `Value` and its bank decision as one bit, all a
/// move reads (a `WinTurn.Entry` also holds a slope and a tie chance), and no slot for 0 dice, which no state has.
/// `Float` halves the values of the many pairs' tables; `Double` keeps the few final-round tables exact.
struct CompactTurnTable<Value: BinaryFloatingPoint & Sendable>: Sendable {
    /// The values of dice 1 to 6 of each level in turn.
    let values: [Value]
    /// The bank decisions, bit `slot % 64` of word `slot / 64` for the slot of `values`.
    let banks: [UInt64]

    private static var dicePerLevel: Int { TurnMechanics.statesPerLevel - 1 }

    /// The table of `entries`, laid out `statesPerLevel` to a level (`TurnMechanics.stateIndex(level:diceLeft:)`).
    init(_ entries: some Collection<WinTurn.Entry>) {
        let perLevel = TurnMechanics.statesPerLevel
        let slots = entries.count / perLevel * Self.dicePerLevel
        var values: [Value] = []
        values.reserveCapacity(slots)
        var banks = [UInt64](repeating: 0, count: (slots + 63) / 64)
        for (index, entry) in entries.enumerated() where index % perLevel != 0 {
            if entry.banks { banks[values.count / 64] |= 1 << (values.count % 64) }
            values.append(Value(entry.value))
        }
        self.values = values
        self.banks = banks
    }

    /// The entry at `index` of the `statesPerLevel` layout.
    ///
    /// - Precondition: the index is of 1 to 6 dice, within the table.
    subscript(index: Int) -> WinTurn.Entry {
        let perLevel = TurnMechanics.statesPerLevel
        let slot = index / perLevel * Self.dicePerLevel + index % perLevel - 1
        return WinTurn.Entry(
            value: Double(values[slot]), slope: 0, aux: 0, banks: banks[slot / 64] & (1 << (slot % 64)) != 0)
    }

    /// The bytes the values and bank decisions take.
    var bytes: Int { values.count * MemoryLayout<Value>.size + banks.count * MemoryLayout<UInt64>.size }
}
