/// Expected-score optimal play as table lookups: which keep to take and whether to bank.
///
/// Built by `ExpectedScoreSolver`. Every answer is two or three array reads, with no
/// search and no allocation, so a simulator can call it for every roll. Turn
/// points above the solver's tabulated bound use the last tabulated row, which
/// is exact there (see `ExpectedScoreSolver`).
///
/// For the turn points games reach most often, `move(turnPoints:dice:multiset:)`
/// answers keep and bank decision with a single read of a 32-bit entry (see
/// `moves`); above that range it falls back on `keep` and `shouldBank`.
@frozen
@usableFromInline package struct ExpectedScorePolicy: Sendable {
    /// The rule set's score step: turn points are looked up at their level (`TurnMechanics.level`).
    ///
    /// Only the step, not the whole `TurnMechanics`: the policy is copied out of `BuiltInStrategy` on
    /// every roll, and a larger value made that copy a `memcpy` call (measured: 40% slower games).
    @usableFromInline
    internal let scoreStep: Int

    /// The dice of the game (`TurnMechanics.dice`): hot dice give them back.
    @usableFromInline
    internal let dice: Int

    /// The last tabulated level (turn points `lastLevel * scoreStep`); higher turn points read it.
    @usableFromInline
    internal let lastLevel: Int

    /// The first global roll number of each dice count, as in `ScoringTable`.
    @usableFromInline
    internal let rollOffset: [Int]

    /// The decision group of every global roll (0 for a farkle).
    @usableFromInline
    internal let groupOfRoll: [Int32]

    /// The number of decision groups, the farkle group included.
    @usableFromInline
    internal let groupCount: Int

    /// The number of dice to keep, at `level * groupCount + group` (0 for the farkle group).
    @usableFromInline
    internal let keptDice: [UInt8]

    /// The highest-scoring keep of exactly k dice of every global roll, at `ScoringTable.keepIndex(global:diceUsed:)`.
    @usableFromInline
    internal let bestKeeps: [Keep]

    /// Whether to bank, at `TurnMechanics.stateIndex(level:diceLeft:)`; `false` wherever banking is not allowed.
    @usableFromInline
    internal let bankDecisions: [Bool]

    /// The optimal move of every roll at the lowest `moveLevels` levels, at `level * rollCount + global`.
    ///
    /// One entry holds the keep's score (bits 0...15), its dice (bits 16...18)
    /// and whether optimal play banks right after it (bit 19): the bank decision
    /// depends only on the turn points after the keep and the dice left, both
    /// fixed by the level and the roll. So a simulated roll costs one dependent
    /// read here instead of four (group, dice kept, keep, bank decision).
    @usableFromInline
    internal let moves: [UInt32]

    /// The number of levels in `moves`, from level 0; 0 when a keep's score does not fit an entry.
    @usableFromInline
    internal let moveLevels: Int

    /// The turn points from which `moves` has no entries: `moveLevels * scoreStep`.
    @usableFromInline
    internal let moveLimit: UInt

    /// `ceil(2^32 / step)`: `turnPoints * levelMultiplier >> 32` is the level of `turnPoints`
    /// for every turn points in `moves` (below 2^16), without a division on the path of every roll.
    @usableFromInline
    internal let levelMultiplier: UInt64

    /// The number of rolls of 0 to 6 dice, the row length of `moves`.
    @usableFromInline
    internal let rollCount: Int

    /// The bits of a `moves` entry.
    @usableFromInline
    internal enum MoveEntry {
        @usableFromInline static let scoreMask: UInt32 = 0xFFFF
        @usableFromInline static let diceShift: UInt32 = 16
        @usableFromInline static let diceMask: UInt32 = 0x7
        @usableFromInline static let bankBit: UInt32 = 1 << 19
    }

    /// For each number of dice (index 0 unused), the least offered turn points from which optimal play takes over
    /// a banked turn under piggybacking (`ExpectedScoreSolver.leastPointsToPiggyback(diceLeft:)`); `Int.max`: never.
    @usableFromInline
    internal var leastPiggybackPoints = [Int](repeating: Int.max, count: DiceCounts.maximumDice + 1)

    /// How many bytes of `moves` the policy may hold: the levels games visit most, in a core's L2 cache.
    internal static let moveTableBudget = 1 << 20

    @usableFromInline
    internal init(
        mechanics: TurnMechanics, lastLevel: Int, rollOffset: [Int], groupOfRoll: [Int32], groupCount: Int,
        keptDice: [UInt8], bestKeeps: [Keep], bankDecisions: [Bool]
    ) {
        let scoreStep = mechanics.scoreStep
        self.scoreStep = scoreStep
        self.dice = mechanics.dice
        self.lastLevel = lastLevel
        self.rollOffset = rollOffset
        self.groupOfRoll = groupOfRoll
        self.groupCount = groupCount
        self.keptDice = keptDice
        self.bestKeeps = bestKeeps
        self.bankDecisions = bankDecisions
        let rollCount = rollOffset[DiceCounts.maximumDice + 1]
        self.rollCount = rollCount
        levelMultiplier = ((1 << 32) + UInt64(scoreStep) - 1) / UInt64(scoreStep)
        // Turn points below 2^16 keep the multiply-shift exact; a keep must fit 16 bits of score.
        let fits = bestKeeps.allSatisfy { $0.score <= Int(MoveEntry.scoreMask) }
        let levels =
            fits
            ? min(
                lastLevel + 1, Int(MoveEntry.scoreMask) / scoreStep,
                Self.moveTableBudget / (MemoryLayout<UInt32>.stride * rollCount))
            : 0
        moveLevels = levels
        moveLimit = UInt(levels * scoreStep)
        var moves = [UInt32](repeating: 0, count: levels * rollCount)
        for level in 0..<levels {
            for dice in 1...DiceCounts.maximumDice {
                for global in rollOffset[dice]..<rollOffset[dice + 1] {
                    let kept = keptDice[level * groupCount + Int(groupOfRoll[global])]
                    guard kept > 0 else { continue }
                    let keep = bestKeeps[ScoringTable.keepIndex(global: global, diceUsed: Int(kept))]
                    let left = mechanics.diceLeft(afterKeeping: Int(kept), of: dice)
                    let after = min(
                        level + TurnMechanics.level(turnPoints: keep.score, scoreStep: scoreStep), lastLevel)
                    var entry = UInt32(keep.score) | UInt32(kept) << MoveEntry.diceShift
                    if bankDecisions[TurnMechanics.stateIndex(level: after, diceLeft: left)] {
                        entry |= MoveEntry.bankBit
                    }
                    moves[level * rollCount + global] = entry
                }
            }
        }
        self.moves = moves
    }

    /// The row of `turnPoints`: the tabulated level, or the last one above the bound.
    @inlinable
    internal func level(_ turnPoints: Int) -> Int {
        min(TurnMechanics.level(turnPoints: turnPoints, scoreStep: scoreStep), lastLevel)
    }

    /// The best keep after rolling `dice` dice that show multiset `multiset` (a `DiceCatalog` index),
    /// with `turnPoints` on the table before the roll.
    ///
    /// Among keeps of equal expected value the one with the fewest dice. For a farkle
    /// (no keep exists) the result is an empty keep scoring 0.
    @inlinable
    package func keep(turnPoints: Int, dice: Int, multiset: Int) -> Keep {
        let global = rollOffset[dice] + multiset
        let kept = keptDice[level(turnPoints) * groupCount + Int(groupOfRoll[global])]
        return bestKeeps[ScoringTable.keepIndex(global: global, diceUsed: Int(kept))]
    }

    /// The best keep of a roll of `dice` dice showing multiset `multiset`, with `turnPoints` before
    /// it, and whether optimal play banks right after it.
    ///
    /// The same keep as `keep(turnPoints:dice:multiset:)`, and `banks` as
    /// `shouldBank` after it; `false` where the rules do not allow banking.
    /// Undefined for a farkle (which has no keep).
    @inlinable
    package func move(turnPoints: Int, dice: Int, multiset: Int) -> Move {
        let global = rollOffset[dice] &+ multiset
        if UInt(bitPattern: turnPoints) < moveLimit {
            let level = Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: turnPoints) &* levelMultiplier) &>> 32)
            let entry = moves[level &* rollCount &+ global]
            return Move(
                score: Int(entry & MoveEntry.scoreMask),
                diceUsed: Int(entry >> MoveEntry.diceShift & MoveEntry.diceMask),
                banks: entry & MoveEntry.bankBit != 0)
        }
        var move = Move(keep: keep(turnPoints: turnPoints, dice: dice, multiset: multiset), banks: nil)
        move.banks = shouldBank(
            turnPoints: turnPoints + move.score,
            diceLeft: TurnMechanics.diceLeft(afterKeeping: move.diceUsed, of: dice, allDice: self.dice))
        return move
    }

    /// Whether optimal play takes over a banked turn of `turnPoints` (the bonus included) and `diceLeft` dice
    /// rather than start a fresh turn.
    @inlinable
    package func piggybacks(turnPoints: Int, diceLeft: Int) -> Bool {
        turnPoints >= leastPiggybackPoints[diceLeft]
    }

    /// Whether optimal play banks `turnPoints` with `diceLeft` dice to roll (all the dice after hot dice).
    ///
    /// Always `false` where the rules do not allow banking, so a simulator can ask in every state.
    @inlinable
    package func shouldBank(turnPoints: Int, diceLeft: Int) -> Bool {
        bankDecisions[TurnMechanics.stateIndex(level: level(turnPoints), diceLeft: diceLeft)]
    }
}
