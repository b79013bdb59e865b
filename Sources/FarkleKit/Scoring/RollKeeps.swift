/// Every distinct keep of every roll of 0 to 6 dice, by global roll number: the part of a `ScoringTable` that a
/// strategy weighing every keep reads.
///
/// Three array references, where the whole table (its rule set inline) is about 500 bytes: the engine copies a
/// seat's strategy on every call into it, and a strategy that held the table made every seat's copy a 512-byte
/// memmove (measured: about a fifth of the time of a game of rounds between `ev` players).
@usableFromInline
struct RollKeeps: Sendable {
    /// The first global roll number of each dice count (`rollOffset[n] + index`).
    @usableFromInline let rollOffset: [Int]

    /// Keeps of global roll `g` are `keepList[keepStart[g] ..< keepStart[g + 1]]`.
    @usableFromInline let keepStart: [Int32]

    /// The keeps of every roll, each roll's fewest dice first.
    @usableFromInline let keepList: [Keep]

    @usableFromInline
    init(rollOffset: [Int], keepStart: [Int32], keepList: [Keep]) {
        self.rollOffset = rollOffset
        self.keepStart = keepStart
        self.keepList = keepList
    }

    /// Every distinct keep of multiset `multiset` of `dice` dice, fewest dice first.
    @inlinable
    func keeps(dice: Int, multiset: Int) -> ArraySlice<Keep> {
        let global = rollOffset[dice] + multiset
        return keepList[Int(keepStart[global])..<Int(keepStart[global + 1])]
    }
}
