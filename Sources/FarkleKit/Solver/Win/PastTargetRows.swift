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
struct PastTargetRows: Sendable {
    /// One stretch of farkle payoffs over which the play past the target stays the same.
    struct Piece: Sendable {
        /// The farkle payoffs the piece holds, `low...high`.
        let low: Double
        let high: Double
        /// The farkle payoff the rows were solved at (with a tie payoff of 0).
        let farkle: Double
        /// The rows, `lead * statesPerLevel + dice`: values, slopes and ties at `farkle`.
        let values: [Double]
        let slopes: [Double]
        let ties: [Double]
    }

    /// The leads stored, `0..<rows`.
    let rows: Int
    /// The pieces, in increasing order of farkle payoff.
    let pieces: [Piece]

    /// The most pieces built by default: past them the remaining payoffs are left to the caller's full solve
    /// (in `zilch` 4,096 pieces reach a farkle payoff of 0.9995; each costs one solve of the rows).
    static let maximumPieces = 4_096

    /// Solves the rows past the target of `turn` for leads `0..<rows`, when the opponent's final round is
    /// `finalRound` and banking above every table pays `topBank`, in at most `maximumPieces` pieces from a
    /// farkle payoff of 0 up.
    init(turn: WinTurn, finalRound: FinalRoundTable, topBank: Double, rows: Int, maximumPieces: Int = maximumPieces) {
        let perLevel = TurnMechanics.statesPerLevel
        // Banking is allowed on every row (the caller uses the rows only where the least bank is met);
        // beyond the final-round cap the bank pays `topBank`, as above the table.
        let top = max(finalRound.capLevel + 1, rows)
        var bank = [Double](repeating: 0, count: top)
        var bankTie = [Double](repeating: 0, count: top)
        for lead in 0..<top {
            (bank[lead], bankTie[lead]) = FinalRoundTable.bankReachingTarget(
                total: lead, theirs: 0, finalRound: finalRound)
        }
        let table = TurnTable(rows: top + turn.maximumJump + 1)
        defer { table.deallocate() }
        var pieces: [Piece] = []
        var farkle = 0.0
        while farkle <= 1 && pieces.count < maximumPieces {
            var validity = WinTurn.Validity.unbounded
            _ = turn.solve(
                top: top, topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: 0,
                into: table, validity: &validity, tracking: true)
            let count = rows * perLevel
            pieces.append(
                Piece(
                    low: farkle - validity.down, high: farkle + validity.up, farkle: farkle,
                    values: Array(UnsafeBufferPointer(start: table.value, count: count)),
                    slopes: Array(UnsafeBufferPointer(start: table.slope, count: count)),
                    ties: Array(UnsafeBufferPointer(start: table.aux, count: count))))
            // The next piece starts just past this one's end, where the play changes.
            let end = farkle + validity.up
            farkle = end + max(abs(end), 1) * 1e-12
        }
        self.rows = rows
        self.pieces = pieces
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
    /// farkle paying `farkle` (tie `farkleAux`); returns false, writing nothing, where no piece holds `farkle`.
    func fill(
        _ table: TurnTable, fromLevel level: Int, firstLead: Int, count: Int, farkle: Double, farkleAux: Double
    ) -> Bool {
        guard let piece = piece(holding: farkle) else { return false }
        precondition(firstLead >= 0 && firstLead + count <= rows, "leads tabulated")
        let perLevel = TurnMechanics.statesPerLevel
        let delta = farkle - piece.farkle
        let source = firstLead * perLevel
        let target = level * perLevel
        for index in 0..<count * perLevel {
            let slope = piece.slopes[source + index]
            table.value[target + index] = piece.values[source + index] + slope * delta
            table.slope[target + index] = slope
            table.aux[target + index] = piece.ties[source + index] + slope * farkleAux
        }
        return true
    }
}
