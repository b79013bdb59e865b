/// Every ordered roll of 1 to 6 dice as one 16-bit code: its multiset number and two flags.
///
/// The engine draws `r` in `0..<6^n` and reads `codes[firstCode[n] + r]`; one
/// lookup tells it the multiset (`DiceCatalog` numbering), whether the roll is
/// a farkle and whether it is a six of a kind that wins or loses at once.
struct RollTable: Sendable {
    /// Set on a roll that allows no keep.
    static let farkleFlag: UInt16 = 0x8000
    /// Set on a six of a kind that wins at once (`GameRules.winsAtOnce`).
    static let instantWinFlag: UInt16 = 0x4000
    /// Set on a six of a kind that loses at once (`GameRules.losesAtOnce`).
    static let instantLossFlag: UInt16 = 0x2000
    /// The multiset number's bits.
    static let multisetMask: UInt16 = 0x1FFF

    /// The codes of all rolls, dice count after dice count.
    let codes: [UInt16]
    /// Where the codes of n dice start, n = 0...6.
    let firstCode: [Int]
    /// `6^n`, the number of ordered rolls of n dice, n = 0...6.
    let orderedRollCounts: [UInt64]

    init(table: ScoringTable) {
        let catalog = DiceCatalog.shared
        let game = table.rules.game
        var codes: [UInt16] = []
        var firstCode: [Int] = []
        for dice in 0...DiceCounts.maximumDice {
            firstCode.append(codes.count)
            for ordered in 0..<DiceCatalog.orderedRollCounts[dice] {
                let multiset = catalog.multisetIndex(ofOrderedRoll: ordered, dice: dice)
                var code = UInt16(multiset)
                // A roll that ends the game is no farkle, even where its six of a kind scores nothing.
                let roll = DiceCatalog.multiset(ofOrderedRoll: ordered, dice: dice)
                if game.winsAtOnce(roll) {
                    code |= Self.instantWinFlag
                } else if game.losesAtOnce(roll) {
                    code |= Self.instantLossFlag
                } else if table.keeps(dice: dice, multiset: multiset).isEmpty {
                    code |= Self.farkleFlag
                }
                codes.append(code)
            }
        }
        self.codes = codes
        self.firstCode = firstCode
        orderedRollCounts = DiceCatalog.orderedRollCounts.map(UInt64.init)
    }
}
