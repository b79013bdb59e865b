/// The turns of a table's seats as one automaton: for every state of a turn and every roll, the next state.
///
/// A state is (level of turn points, dice to roll) for one seat's strategy,
/// entered or not; its row holds one 32-bit entry per multiset of its dice.
/// An entry is the points the roll adds (the keep, or the six-dice farkle) and
/// either the next state's row or a terminal code: the turn banks, farkles or
/// wins the game at once. A simulated roll is then: draw an ordered roll, map
/// it to its multiset (`RollTable`), read one entry. The strategy is asked once
/// per state when the automaton is built, never during the games.
///
/// Rows are laid out so that an entry needs no dice count: level `l` of a block
/// takes `rowsPerLevel` (1,024) slots, and the row of `d` dice starts at
/// `2^(d+3)` within it (16, 32, ..., 512), room for its 6, 21, 56, 126, 252 and
/// 462 multisets. The dice count of a row is then the position of its highest
/// bit (`dice(ofRow:)`), and slots 0 to 15 of the first level, which no row
/// uses, are the terminal codes.
///
/// Turn points above a block's last level (where the strategy's decisions have
/// settled and the rules' bank minimums are passed) stay on the last level: the
/// automaton tracks the level for the decisions, the lane engine adds the exact
/// points.
struct TurnAutomaton: Sendable {
    /// Slots per level of turn points in a block.
    static let rowsPerLevel = 1024
    /// Rows below this are terminal codes.
    static let terminalLimit = 16
    /// The terminal code of a farkle.
    static let farkle = 0
    /// The terminal code of a bank after the roll's points.
    static let bank = 1
    /// The terminal code of a six of a kind that wins the game.
    static let instantWin = 2

    /// Bits of an entry that hold the next row (or terminal code).
    static let rowBits = 21
    static let rowMask: UInt32 = (1 << 21) - 1
    /// The roll's points in score steps, above the row bits.
    static let maximumScoreSteps = (1 << (32 - 21)) - 1

    /// Every block's entries; a block is one strategy, entered or not (and, for a strategy that reads them, one
    /// count of farkles in a row).
    let entries: [UInt32]
    /// The opening row (level 0, every die) of seat s with k farkles in a row at `openingRowsPerStreak * k + 2 s`
    /// (not entered) and `openingRowsPerStreak * k + 2 s + 1` (entered); k is 0 only without a three-farkle
    /// penalty, 0 to 2 with one.
    let openingRows: [Int]
    /// Points per score step: an entry's points are `entry >> rowBits` times this.
    let scoreStep: Int

    /// The opening rows of one count of farkles in a row: two per seat, for the most seats.
    static let openingRowsPerStreak = 2 * GameRules.playerRange.upperBound

    /// The offset of the row of `dice` dice within its level.
    @inline(__always)
    static func rowOffset(dice: Int) -> Int { 1 << (dice &+ 3) }

    /// The dice count of a row (not of a terminal code).
    @inline(__always)
    static func dice(ofRow row: Int) -> Int {
        Int.bitWidth &- (row & (rowsPerLevel &- 1)).leadingZeroBitCount &- 4
    }

    /// The automaton of `seats` under the rules of `table`, or `nil` when it does not apply: a seat cannot be
    /// tabulated, or the table would pass `maximumEntries` or a roll's points do not fit an entry.
    init?<Seat: TurnOnlyStrategy>(table: ScoringTable, seats: [Seat], maximumEntries: Int = defaultMaximumEntries) {
        let mechanics = table.turnMechanics
        let step = mechanics.scoreStep
        let rules = table.rules
        let flags = Self.rollFlags(RollTable(table: table))
        // Where farkles in a row count: 0, 1 or 2 before the turn.
        let streaks = rules.turn.countsFarklesInARow ? LongRunAverageSolver.farkleCounts.count : 1
        // Blocks of equal strategies are shared; a block without an entry minimum serves both.
        var blocks: [[UInt32]] = []
        var entries: [UInt32] = []
        var openingRows = [Int](repeating: 0, count: streaks * Self.openingRowsPerStreak)
        for streak in 0..<streaks {
            let rows = streak * Self.openingRowsPerStreak
            for (index, seat) in seats.enumerated() {
                // A seat that decides alike at every count, or like an earlier one, shares its blocks without
                // asking it anything.
                let shared =
                    streak > 0 && !seat.readsFarklesInARow
                    ? 2 * index : seats[..<index].firstIndex(where: { seat.decidesLike($0) }).map { rows + 2 * $0 }
                if let shared {
                    openingRows[rows + 2 * index] = openingRows[shared]
                    openingRows[rows + 2 * index + 1] = openingRows[shared + 1]
                    continue
                }
                guard let settled = seat.settledTurnPoints else { return nil }
                var previousLeast: Int?
                for entered in [false, true] {
                    let slot = rows + 2 * index + (entered ? 1 : 0)
                    let least = mechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: entered)
                    // Without an entry minimum above the minimum bank, entering changes nothing.
                    if least == previousLeast {
                        openingRows[slot] = openingRows[slot - 1]
                        continue
                    }
                    previousLeast = least
                    // At least level 1: level 0 with every die is the opening roll, never a state after a keep.
                    let points = max(settled, least, step)
                    let lastLevel = points / step + (points % step == 0 ? 0 : 1)
                    guard lastLevel < (maximumEntries - entries.count) / Self.rowsPerLevel else { return nil }
                    let builder = BlockBuilder(
                        mechanics: mechanics, least: least, lastLevel: lastLevel, base: entries.count, flags: flags)
                    guard
                        let block = builder.build(
                            seat, players: seats.count, end: rules.game.end, farklesInARow: streak)
                    else { return nil }
                    // The same strategy at another seat builds the same block at another base.
                    if let shared = Self.sharedBlock(block, base: entries.count, among: blocks) {
                        openingRows[slot] = shared + Self.rowOffset(dice: mechanics.dice)
                    } else {
                        openingRows[slot] = entries.count + Self.rowOffset(dice: mechanics.dice)
                        blocks.append(block)
                        entries += block
                    }
                }
            }
        }
        self.entries = entries
        self.openingRows = openingRows
        scoreStep = step
    }

    /// Whether one block for a strategy that settles at `settledTurnPoints` stays within the default budget.
    static func fits(settledTurnPoints: Int, scoreStep: Int) -> Bool {
        settledTurnPoints / scoreStep < defaultMaximumEntries / rowsPerLevel - 1
    }

    /// The most entries an automaton holds by default: the row bits' reach.
    static let defaultMaximumEntries = 1 << 21

    /// The base of an earlier block equal to `block` once both are read relative to their bases, or `nil`.
    private static func sharedBlock(_ block: [UInt32], base: Int, among blocks: [[UInt32]]) -> Int? {
        var earlierBase = 0
        for earlier in blocks {
            defer { earlierBase += earlier.count }
            guard earlier.count == block.count else { continue }
            let shift = UInt32(base - earlierBase)
            let same = zip(earlier, block).allSatisfy { old, new in
                let oldRow = old & rowMask
                let newRow = new & rowMask
                let relative = oldRow < UInt32(terminalLimit) ? newRow == oldRow : newRow == oldRow + shift
                return relative && old >> UInt32(rowBits) == new >> UInt32(rowBits)
            }
            if same { return earlierBase }
        }
        return nil
    }

    /// For every dice count and multiset, the flags `RollTable` gives its ordered rolls (farkle, instant win).
    private static func rollFlags(_ rolls: RollTable) -> [[UInt16]] {
        let catalog = DiceCatalog.shared
        return (0...DiceCounts.maximumDice).map { dice in
            var flags = [UInt16](repeating: 0, count: catalog.multisetCount(dice: dice))
            for ordered in 0..<DiceCatalog.orderedRollCounts[dice] {
                let code = rolls.codes[rolls.firstCode[dice] + ordered]
                flags[Int(code & RollTable.multisetMask)] = code & ~RollTable.multisetMask
            }
            return flags
        }
    }
}

// MARK: - Building a block

/// Builds one block: a strategy's rows for levels 0...lastLevel, entered or not.
///
/// Each entry follows the general engine's turn (`GameEngine.playTurn`) for one
/// roll: a roll without a keep farkles or scores the six-dice farkle; six 1s
/// may win; otherwise the strategy's move, then a bank where it wishes and the
/// rules allow.
private struct BlockBuilder {
    let mechanics: TurnMechanics
    let least: Int
    let lastLevel: Int
    let base: Int
    let flags: [[UInt16]]

    func build<Seat: TurnOnlyStrategy>(_ strategy: Seat, players: Int, end: GameEnd, farklesInARow: Int)
        -> [UInt32]?
    {
        var asked = GameSituation(players: players, end: end)
        asked.farklesInARow = farklesInARow
        let situation = asked
        let block = SharedSlots(repeating: UInt32(0), count: (lastLevel + 1) * TurnAutomaton.rowsPerLevel)
        // Levels in slices over the cores: each writes its own rows; a slice that fails says so in its slot.
        let slices = min(lastLevel + 1, 16)
        let failed = SharedSlots(repeating: false, count: slices)
        Parallel.forEach(slices, threads: slices) { slice in
            let levels = (slice * (lastLevel + 1) / slices)..<((slice + 1) * (lastLevel + 1) / slices)
            failed[slice] = !fill(levels, block.buffer, strategy, situation)
        }
        return failed.values.contains(true) ? nil : block.values
    }

    /// Writes the rows of `levels` into `block`; `false` where an entry cannot hold a roll's points.
    private func fill<Seat: TurnOnlyStrategy>(
        _ levels: Range<Int>, _ block: UnsafeMutableBufferPointer<UInt32>, _ strategy: Seat,
        _ situation: GameSituation
    ) -> Bool {
        let catalog = DiceCatalog.shared
        let step = mechanics.scoreStep
        var unused = SplitMix64(state: 0)
        for level in levels {
            for dice in 1...DiceCounts.maximumDice {
                // Level 0 with every die is only ever the opening roll: every keep scores.
                let isOpeningRoll = mechanics.isOpeningRoll(turnPoints: level * step, rolled: dice)
                let turnPoints = level * step
                let row = level * TurnAutomaton.rowsPerLevel + TurnAutomaton.rowOffset(dice: dice)
                let flags = self.flags[dice]
                for multiset in 0..<catalog.multisetCount(dice: dice) {
                    let flag = flags[multiset]
                    var points = 0
                    var left = dice
                    let banks: Bool?
                    if flag & RollTable.farkleFlag != 0 {
                        guard let bonus = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpeningRoll) else {
                            block[row + multiset] = UInt32(TurnAutomaton.farkle)
                            continue
                        }
                        points = bonus
                        banks = nil
                    } else if flag & RollTable.instantWinFlag != 0 {
                        block[row + multiset] = UInt32(TurnAutomaton.instantWin)
                        continue
                    } else {
                        let move = strategy.move(
                            turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation,
                            using: &unused)
                        points = move.score
                        left = mechanics.diceLeft(afterKeeping: move.diceUsed, of: dice)
                        banks = move.banks
                    }
                    let after = turnPoints + points
                    guard points > 0, points % step == 0, points / step <= TurnAutomaton.maximumScoreSteps else {
                        return false
                    }
                    let bank =
                        banks != false && mechanics.mayBank(turnPoints: after, diceLeft: left, least: least)
                        && (banks
                            ?? strategy.shouldBank(
                                turnPoints: after, diceLeft: left, situation: situation, using: &unused))
                    let next =
                        bank
                        ? TurnAutomaton.bank
                        : base + min(after / step, lastLevel) * TurnAutomaton.rowsPerLevel
                            + TurnAutomaton.rowOffset(dice: left)
                    guard next <= Int(TurnAutomaton.rowMask) else { return false }
                    block[row + multiset] = UInt32(next) | UInt32(points / step) << UInt32(TurnAutomaton.rowBits)
                }
            }
        }
        return true
    }
}
