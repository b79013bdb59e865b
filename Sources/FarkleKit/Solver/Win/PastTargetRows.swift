/// The states of a turn once its turn points have reached the target, in a game with a final round, solved
/// once for every pair of totals: the turn's play from there depends on the lead over the opponent and on
/// the payoff of a farkle, never on the two totals themselves.
///
/// Past the target a bank leaving a lead ℓ pays 1 - G(ℓ) (`FinalRoundTable`), so the rows of every pair's
/// turn table from the target up are the rows of one table over leads, up to the final-round cap (which
/// makes them most of each table: 585 levels in `zilch` against at most 240 below the target). That table
/// depends on the farkle payoff z, but only piecewise linearly: under a fixed play every value is affine
/// in z (`WinTurn.Validity`). So it is solved once per piece of [0, 1] on which its play stays best, and a
/// pair's turn reads the rows it needs from the piece that holds its z, as `value + slope × (z - z₀)`
/// (the chance of a tie as `aux + slope × tie payoff of a farkle`): exact, not interpolated. A z that falls
/// between two pieces (the play changes there), or beyond the last piece built, is not served, and the
/// caller solves the whole table as before.
///
/// The pieces are built in fixed stretches of farkle payoffs, each from its own start up, on as many threads as
/// there are stretches left; how many pieces each stretch gets depends only on the game, so the rows served, and
/// every value read from them, are the same on any number of threads.
struct PastTargetRows: Sendable {
    /// One stretch of farkle payoffs over which the play past the target stays the same.
    struct Piece: Sendable {
        /// The farkle payoffs the piece holds, `low...high`.
        let low: Double
        let high: Double
        /// The farkle payoff the rows were solved at (with a tie payoff of 0).
        let farkle: Double
        /// The rows, `lead * diceCounts + dice - 1` (no entry for 0 dice, which no keep leaves): values, slopes and
        /// ties at `farkle`.
        let values: [Double]
        let slopes: [Double]
        let ties: [Double]
    }

    /// The leads stored, `0..<rows`.
    let rows: Int
    /// The pieces, in increasing order of farkle payoff, none overlapping the next.
    let pieces: [Piece]

    /// The most pieces built by default: past them the remaining payoffs are left to the caller's full solve
    /// (in `zilch` 4,096 pieces reach a farkle payoff of 0.9995; each costs one solve of the rows).
    static let maximumPieces = 4_096

    /// The most bytes the pieces hold by default (a race to 10,000 in steps of 50 stores about 58 KB a piece):
    /// the pieces past it would save ever less, serving ever narrower stretches near a farkle payoff of 1.
    static let maximumBytes = 160 << 20

    /// The stretches of farkle payoffs built independently: `[k / stretches, (k + 1) / stretches)`.
    static let stretches = 32

    /// The entries stored per lead: one per number of dice to roll, 1 to 6.
    private static let diceCounts = DiceCounts.maximumDice

    /// Solves the rows past the target of `turn` for leads `0..<rows`, when the opponent's final round is
    /// `finalRound` and banking above every table pays `topBank`, in at most `maximumPieces` pieces (and
    /// `maximumBytes` of them) over farkle payoffs from 0 to 1, on `threads` threads.
    init(
        turn: WinTurn, finalRound: FinalRoundTable, topBank: Double, rows: Int, maximumPieces: Int = maximumPieces,
        maximumBytes: Int = maximumBytes, threads: Int = 1
    ) {
        // Banking is allowed on every row (the caller uses the rows only where the least bank is met);
        // beyond the final-round cap the bank pays `topBank`, as above the table.
        let top = max(finalRound.capLevel + 1, rows)
        let banks = (0..<top).map { FinalRoundTable.bankReachingTarget(total: $0, theirs: 0, finalRound: finalRound) }
        let bank = banks.map(\.value)
        let bankTie = banks.map(\.tie)
        let bytesPerPiece = max(1, rows * Self.diceCounts * 3 * MemoryLayout<Double>.stride)
        let limit = min(maximumPieces, maximumBytes / bytesPerPiece)
        // Each stretch's pieces so far and the farkle payoff its next piece starts at.
        let count = Self.stretches
        let built = SharedSlots<[Piece]>(repeating: [], count: count)
        let next = SharedSlots((0..<count).map { Double($0) / Double(count) })
        // The last stretch holds 1 itself.
        let isOpen: @Sendable (Int) -> Bool = { stretch in
            stretch == count - 1 ? next[stretch] <= 1 : next[stretch] < Double(stretch + 1) / Double(count)
        }
        // Rounds: what is left of the budget goes to the open stretches from the lowest farkle payoff up (the
        // widest pieces, serving the most turns each), each its estimated need, and those are built at once. The
        // estimates depend on earlier rounds only, never on timing.
        var needs = [Int](repeating: 8, count: count)
        while true {
            var left = limit - built.values.reduce(0) { $0 + $1.count }
            var shares: [(stretch: Int, share: Int)] = []
            for stretch in 0..<count where isOpen(stretch) && left > 0 {
                let share = min(left, needs[stretch])
                shares.append((stretch, share))
                left -= share
            }
            guard !shares.isEmpty else { break }
            let round = shares
            // Work item `item` writes the slots of stretch `shares[item].stretch` only.
            Parallel.forEach(shares.count, threads: threads) { item in
                let (stretch, share) = round[item]
                let start = Double(stretch) / Double(count)
                let end = Double(stretch + 1) / Double(count)
                let table = TurnTable(rows: top + turn.maximumJump + 1)
                defer { table.deallocate() }
                var pieces = built[stretch]
                let most = pieces.count + share
                while isOpen(stretch) && pieces.count < most {
                    let farkle = next[stretch]
                    var validity = WinTurn.Validity.unbounded
                    _ = turn.solve(
                        top: top, topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: 0,
                        into: table, validity: &validity, tracking: true)
                    // Kept inside the stretch, so that no piece overlaps another stretch's.
                    let low = max(farkle - validity.down, start)
                    let high = stretch == count - 1 ? farkle + validity.up : min(farkle + validity.up, end.nextDown)
                    pieces.append(Self.piece(of: table, rows: rows, low: low, high: high, farkle: farkle))
                    // The next piece starts just past this one's end, where the play changes.
                    next[stretch] = high + max(abs(high), 1) * 1e-12
                }
                built[stretch] = pieces
            }
            // A stretch still open needs about its length left over its last piece's width.
            for (stretch, _) in shares where isOpen(stretch) {
                let last = built[stretch].last.map { $0.high - $0.farkle } ?? 0
                let length = Double(stretch + 1) / Double(count) - next[stretch]
                needs[stretch] = last > 0 ? Int(min(length / last, Double(limit))) + 1 : limit
            }
        }
        self.rows = rows
        pieces = built.values.flatMap { $0 }
    }

    /// The rows `0..<rows` of `table` for the dice counts 1 to 6, as a piece holding `low...high`.
    private static func piece(of table: TurnTable, rows: Int, low: Double, high: Double, farkle: Double) -> Piece {
        let perLevel = TurnMechanics.statesPerLevel
        func column(_ base: UnsafeMutablePointer<Double>) -> [Double] {
            [Double](unsafeUninitializedCapacity: rows * diceCounts) { buffer, initialized in
                for lead in 0..<rows {
                    for dice in 1...diceCounts {
                        buffer[lead * diceCounts + dice - 1] = base[lead * perLevel + dice]
                    }
                }
                initialized = rows * diceCounts
            }
        }
        return Piece(
            low: low, high: high, farkle: farkle, values: column(table.value), slopes: column(table.slope),
            ties: column(table.aux))
    }

    /// The piece that holds the farkle payoff `farkle`, or `nil`.
    func piece(holding farkle: Double) -> Piece? {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].high < farkle { low = middle + 1 } else { high = middle }
        }
        guard low < pieces.count, pieces[low].low <= farkle, farkle <= pieces[low].high else { return nil }
        return pieces[low]
    }

    /// Writes the rows of leads `firstLead...firstLead + count - 1` into `table` from level `level` on, for a
    /// farkle paying `farkle` (tie `farkleAux`), and returns how far the farkle payoff may move with the rows'
    /// play staying best (the piece's ends); returns `nil`, writing nothing, where no piece holds `farkle`.
    func fill(
        _ table: TurnTable, fromLevel level: Int, firstLead: Int, count: Int, farkle: Double, farkleAux: Double
    ) -> WinTurn.Validity? {
        guard let piece = piece(holding: farkle) else { return nil }
        precondition(firstLead >= 0 && firstLead + count <= rows, "leads tabulated")
        let perLevel = TurnMechanics.statesPerLevel
        let delta = farkle - piece.farkle
        for row in 0..<count {
            let source = (firstLead + row) * Self.diceCounts - 1
            let target = (level + row) * perLevel
            table[target] = WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false)
            for dice in 1...Self.diceCounts {
                let slope = piece.slopes[source + dice]
                table.value[target + dice] = piece.values[source + dice] + slope * delta
                table.slope[target + dice] = slope
                table.aux[target + dice] = piece.ties[source + dice] + slope * farkleAux
            }
        }
        return WinTurn.Validity(down: farkle - piece.low, up: piece.high - farkle)
    }
}

extension WinTurn {
    /// Solves the turn whose table's top is `top` into `table` (room for `top` plus the padding), reading the rows
    /// from level `reachTarget` up (leads `firstLead` on) from `pastTarget` where it holds the farkle payoff, and
    /// solving only the rows below them; elsewhere (no rows, `reachTarget` `nil`, or no piece holding `farkle`)
    /// the whole table. With `tracking`, `validity` becomes the farkle payoffs over which the play found stays
    /// best, within the piece read.
    func solve(
        top: Int, reachTarget: Int?, firstLead: Int, pastTarget: PastTargetRows?, topBank: Double,
        bank: UnsafePointer<Double>, bankAux: UnsafePointer<Double>, farkle: Double, farkleAux: Double,
        into table: TurnTable, validity: inout Validity, tracking: Bool
    ) -> Entry {
        if let pastTarget, let reachTarget, reachTarget < top,
            let piece = pastTarget.fill(
                table, fromLevel: reachTarget, firstLead: firstLead, count: maximumJump + 1, farkle: farkle,
                farkleAux: farkleAux)
        {
            validity = piece
            return solve(
                top: reachTarget, topBank: topBank, bank: bank, bankAux: bankAux, farkle: farkle,
                farkleAux: farkleAux, into: table, validity: &validity, tracking: tracking, rowsAboveFilled: true)
        }
        validity = .unbounded
        return solve(
            top: top, topBank: topBank, bank: bank, bankAux: bankAux, farkle: farkle, farkleAux: farkleAux,
            into: table, validity: &validity, tracking: tracking)
    }
}
