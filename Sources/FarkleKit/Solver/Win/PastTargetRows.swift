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
        /// The leads whose rows the piece holds (`0..<rows` unless built to serve given turns), its own or shared.
        var leads: Range<Int>
        /// The rows, `(lead - leads.lowerBound) * diceCounts + dice - 1` (`entry(lead:dice:)`; no entry for 0 dice,
        /// which no keep leaves): values, slopes and ties at `farkle` (no ties in rows built to serve given turns:
        /// their readers do not read them).
        let values: [Double]
        let slopes: [Double]
        let ties: [Double]
        /// In rows built to be followed against an opponent's last turn (`init(turn:finalRound:topBank:rows:
        /// serving:maximumBytes:threads:following:)`), the chances that the rest of the turn, played as the
        /// piece plays it, wins and ties the game without farkling, laid out as `values`; empty otherwise.
        let wins: [Double]
        let winTies: [Double]
        /// In rows built to be played (`readsToTop`), each state's bank decision, laid out as `values`; empty
        /// otherwise.
        var banks: [Bool] = []
        /// The leads from which this piece reads the rows it shares (`SharedRows`) instead of its own
        /// (`leads.upperBound` where it holds every row): the columns above hold `leads.lowerBound..<sharedFrom` only.
        var sharedFrom: Int
        /// The shared rows, from lead 0 (empty where the piece shares none): their values, slopes and bank decisions,
        /// laid out as `values`, solved at the farkle payoff `sharedFarkle`. Kept as the arrays themselves, not behind
        /// a reference, so that reading them counts no references in the hot loops.
        var sharedValues: [Double] = []
        var sharedSlopes: [Double] = []
        var sharedBanks: [Bool] = []
        var sharedFarkle = 0.0

        init(
            low: Double, high: Double, farkle: Double, leads: Range<Int>, values: [Double], slopes: [Double],
            ties: [Double], wins: [Double], winTies: [Double]
        ) {
            (self.low, self.high, self.farkle, self.leads) = (low, high, farkle, leads)
            (self.values, self.slopes, self.ties, self.wins, self.winTies) = (values, slopes, ties, wins, winTies)
            sharedFrom = leads.upperBound
        }

        /// Where the entry of `lead` with `dice` to roll is in the columns.
        ///
        /// - Precondition: `lead` is below `sharedFrom`.
        func entry(lead: Int, dice: Int) -> Int {
            (lead - leads.lowerBound) * PastTargetRows.diceCounts + dice - 1
        }

        /// The state of `lead` with `dice` (1 to 6) to roll in a turn whose farkle pays `farkle` (within `low...high`),
        /// for a piece built to be played (`readsToTop`): its value and bank decision. A lead past the last row reads
        /// the last, as every row above the table's top is the same.
        ///
        /// - Precondition: `lead` is at least `leads.lowerBound`.
        func played(lead: Int, dice: Int, farkle: Double) -> WinTurn.Entry {
            let lead = min(lead, leads.upperBound - 1)
            if lead >= sharedFrom {
                let index = lead * PastTargetRows.diceCounts + dice - 1
                let slope = sharedSlopes[index]
                return WinTurn.Entry(
                    value: sharedValues[index] + slope * (farkle - sharedFarkle), slope: slope, aux: 0,
                    banks: sharedBanks[index])
            }
            let index = entry(lead: lead, dice: dice)
            let slope = slopes[index]
            return WinTurn.Entry(
                value: values[index] + slope * (farkle - self.farkle), slope: slope, aux: 0, banks: banks[index])
        }
    }

    /// Rows past the target that every piece built to be played reads from the lead where its own rows would
    /// repeat them: far enough past the target, the play (every bank decision, every keep) is the same whatever a
    /// farkle is worth, so each value there is the same affine function of the farkle payoff in every piece (in
    /// `standard`, from a lead of 177 levels of the 1,083 a piece holds: 84% of the rows).
    ///
    /// A piece reads these rows from the lowest lead above which all of its own agree with them, each state's bank
    /// decision equal and its value's intercept and slope in the farkle payoff within `tolerance`: a value read
    /// here differs from the piece's own by at most twice that, far below the `Float` of the rows below the target.
    struct SharedRows: Sendable {
        /// The rows, solved over every lead at one farkle payoff.
        let piece: Piece
        /// How far a piece's value and slope may be from these for the piece to read these.
        static let tolerance = 1e-12

        /// The lead from which the rows `table` holds for `leads`, solved at `farkle`, agree with these: every lead
        /// from there to `leads.upperBound` does (`leads.lowerBound` if all do, `leads.upperBound` if the top one
        /// does not).
        func agreement(with table: TurnTable, farkle: Double, leads: Range<Int>) -> Int {
            let perLevel = TurnMechanics.statesPerLevel
            var lead = leads.upperBound
            while lead > leads.lowerBound {
                let row = lead - 1
                guard piece.leads.contains(row) else { break }
                for dice in 1...PastTargetRows.diceCounts {
                    let index = row * perLevel + dice
                    let own = piece.entry(lead: row, dice: dice)
                    let slope = table.slope[index]
                    let intercept = table.value[index] - slope * farkle
                    let sharedIntercept = piece.values[own] - piece.slopes[own] * piece.farkle
                    guard table.banks[index] == piece.banks[own], abs(slope - piece.slopes[own]) <= Self.tolerance,
                        abs(intercept - sharedIntercept) <= Self.tolerance
                    else { return lead }
                }
                lead = row
            }
            return lead
        }
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

    /// The most bytes the pieces serving given turns hold by default: they serve `evaluate`'s and a report's exact
    /// odds and a report's maps, which keep the solved game beside them (`evaluate --strategy win --strategy ev`
    /// for `standard`: 129 MB in all).
    static let maximumServingBytes = 96 << 20

    /// The stretches of farkle payoffs built independently: `[k / stretches, (k + 1) / stretches)`.
    static let stretches = 32

    /// The entries stored per lead: one per number of dice to roll, 1 to 6.
    fileprivate static let diceCounts = DiceCounts.maximumDice

    /// Solves the rows past the target of `turn` for leads `0..<rows`, when the opponent's final round is
    /// `finalRound` and banking above every table pays `topBank`, in at most `maximumPieces` pieces (and
    /// `maximumBytes` of them) over farkle payoffs from 0 to 1, on `threads` threads.
    init(
        turn: WinTurn, finalRound: FinalRoundTable, topBank: Double, rows: Int, maximumPieces: Int = maximumPieces,
        maximumBytes: Int = maximumBytes, threads: Int = 1
    ) {
        let (top, bank, bankTie) = Self.banks(finalRound: finalRound, rows: rows)
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
                    // Kept inside the stretch, so that no piece overlaps another stretch's.
                    let piece = Self.piece(
                        of: turn, top: top, topBank: topBank, bank: bank, bankTie: bankTie, farkle: next[stretch],
                        within: start...(stretch == count - 1 ? .infinity : end.nextDown), leads: 0..<rows,
                        table: table, following: nil)
                    pieces.append(piece)
                    // The next piece starts just past this one's end, where the play changes.
                    next[stretch] = piece.high + max(abs(piece.high), 1) * 1e-12
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

    /// Solves the rows past the target of `turn` as `init(turn:finalRound:topBank:rows:maximumPieces:maximumBytes:
    /// threads:)` does, with pieces only where they serve one of `turns` (a farkle payoff and the first lead its
    /// turn reads, `maximumJump + 1` leads from there), each holding only the leads its turns read: for a caller
    /// that knows the payoffs its turns will ask for (a solved game's: each pair's farkle payoff is a solved value),
    /// which then needs far fewer pieces than a sweep of [0, 1], where the play past the target changes often.
    ///
    /// Each piece is solved at the least payoff no piece holds yet. With `opponentLastTurn` (the chances of the
    /// opponent's last turn to win and to tie at each deficit, the last entry for every larger one) each piece is
    /// also followed as it plays against that last turn (`WinTurn.followed(_:top:bankOdds:)`): what the exact odds
    /// of the solved play against another strategy weigh past the target. The pieces keep no ties (their readers
    /// read values, slopes and decisions).
    ///
    /// The sorted payoffs are cut into `stretches` runs of equal count, each covered from its own start up, in
    /// rounds that share what is left of `maximumBytes` among the runs not yet done: the pieces, and every value
    /// read from them, are the same on any number of threads. Turns left unserved are solved in full by the
    /// caller.
    init(
        turn: WinTurn, finalRound: FinalRoundTable, topBank: Double, rows: Int,
        serving turns: [(farkle: Double, firstLead: Int)], maximumBytes: Int = maximumServingBytes, threads: Int = 1,
        following opponentLastTurn: [(win: Double, tie: Double)]? = nil, readsToTop: Bool = false
    ) {
        let (top, bank, bankTie) = Self.banks(finalRound: finalRound, rows: rows)
        // Values and slopes; followed, the chances to win and to tie too; played, the bank decisions too.
        let bytesPerRow =
            Self.diceCounts
            * ((opponentLastTurn == nil ? 2 : 4) * MemoryLayout<Double>.stride + (readsToTop ? 1 : 0))
        // The rows of the table: from `top` on, the states above it, each the same on every row.
        let tableRows = top + turn.maximumJump + 1
        // The leads a turn whose turn points reach the target at lead `first` reads: the rows its own turn is solved
        // from (`maximumJump + 1`), or, to play the turn past the target, every row up to the table's end.
        let reads = turn.maximumJump + 1
        @Sendable func leadsRead(from first: Int) -> Range<Int> {
            readsToTop ? first..<tableRows : first..<first + reads
        }
        let sorted = turns.filter { (0...1).contains($0.farkle) && $0.firstLead >= 0 && $0.firstLead + reads <= rows }
            .sorted { ($0.farkle, $0.firstLead) < ($1.farkle, $1.firstLead) }
        let count = min(Self.stretches, sorted.count)
        // Equal payoffs in one run, so that a run's bound lies strictly between its payoffs and the next run's.
        // No turn to serve (a race of one level of totals): no run, no piece.
        var starts = (0...count).map { count == 0 ? 0 : $0 * sorted.count / count }
        for run in 1..<max(count, 1) {
            starts[run] = max(starts[run], starts[run - 1])
            while starts[run] > 0 && starts[run] < sorted.count
                && sorted[starts[run]].farkle == sorted[starts[run] - 1].farkle
            {
                starts[run] += 1
            }
        }
        let runs = (0..<count).map { starts[$0]..<max(starts[$0], starts[$0 + 1]) }
        // Played to the top, the rows every piece shares, solved once at the middle payoff served (not where the
        // pieces are followed: the shared rows hold no chances of a followed play).
        let shared =
            readsToTop && opponentLastTurn == nil && !sorted.isEmpty
            ? Self.sharedRows(
                of: turn, top: top, topBank: topBank, bank: bank, bankTie: bankTie,
                farkle: sorted[sorted.count / 2].farkle, rows: tableRows)
            : nil
        // Each run's pieces so far, where it goes on (its next turn, the least payoff its next piece may hold) and
        // the rows it stored in the last round.
        let built = SharedSlots<[Piece]>(repeating: [], count: count)
        let next = SharedSlots(
            runs.map {
                (index: $0.lowerBound, lowest: $0.isEmpty || $0.lowerBound == 0 ? 0 : sorted[$0.lowerBound].farkle)
            })
        let used = SharedSlots(repeating: 0, count: count)
        // Rounds: what is left of the budget is shared among the runs not yet done; a run stops for the round before
        // a piece it has no room for. The shares depend on earlier rounds only, never on timing.
        var left = maximumBytes / bytesPerRow
        while true {
            let open = (0..<count).filter { next[$0].index < runs[$0].upperBound }
            guard !open.isEmpty, left / open.count >= reads else { break }
            let share = left / open.count
            // Work item `item` writes the slots of run `open[item]` only.
            Parallel.forEach(open.count, threads: threads) { item in
                let run = open[item]
                // Kept inside the run, so that no piece overlaps another run's.
                let runEnd = runs[run].upperBound
                let upper = runEnd == sorted.count ? Double.infinity : sorted[runEnd].farkle.nextDown
                let table = TurnTable(rows: tableRows)
                defer { table.deallocate() }
                var (pieces, stored, (index, lowest)) = (built[run], 0, next[run])
                while index < runEnd {
                    let farkle = sorted[index].farkle
                    var validity = WinTurn.Validity.unbounded
                    _ = turn.solve(
                        top: top, topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: 0,
                        into: table, validity: &validity, tracking: true)
                    // Above the run's last piece, so that no piece overlaps another.
                    let within = lowest...max(lowest, upper)
                    let high = min(farkle + validity.up, within.upperBound)
                    // The turns this piece serves, and the leads they read.
                    var (end, leads) = (index, leadsRead(from: sorted[index].firstLead))
                    while end < runEnd && sorted[end].farkle <= high {
                        let read = leadsRead(from: sorted[end].firstLead)
                        leads = min(leads.lowerBound, read.lowerBound)..<max(leads.upperBound, read.upperBound)
                        end += 1
                    }
                    // Never met (the payoff lies in its own piece): a turn no piece can hold is left to its caller.
                    guard end > index else {
                        index += 1
                        continue
                    }
                    // Only the rows a piece keeps count against the budget, not those it reads from the shared ones.
                    let sharedFrom = shared?.agreement(with: table, farkle: farkle, leads: leads) ?? leads.upperBound
                    let kept = max(sharedFrom - leads.lowerBound, 1)
                    guard stored + kept <= share else { break }
                    stored += kept
                    pieces.append(
                        Self.piece(
                            of: turn, table: table, top: top, farkle: farkle, validity: validity, within: within,
                            leads: leads, following: opponentLastTurn, keepsTies: false, keepsBanks: readsToTop,
                            sharing: shared.map { ($0, sharedFrom) }))
                    (index, lowest) = (end, high.nextUp)
                }
                (built[run], next[run], used[run]) = (pieces, (index, lowest), stored)
            }
            let stored = open.reduce(0) { $0 + used[$1] }
            guard stored > 0 else { break }
            left -= stored
        }
        self.rows = rows
        pieces = built.values.flatMap { $0 }
    }

    /// The top of the table of the rows past the target (leads `0..<rows`) and what a bank at each lead below it is
    /// worth, with its chance of a tie, when the opponent's final round is `finalRound`.
    ///
    /// Banking is allowed on every row (the caller uses the rows only where the least bank is met); beyond the
    /// final-round cap the bank pays `topBank`, as above the table.
    private static func banks(finalRound: FinalRoundTable, rows: Int) -> (top: Int, bank: [Double], tie: [Double]) {
        let top = max(finalRound.capLevel + 1, rows)
        let banks = (0..<top).map { FinalRoundTable.bankReachingTarget(total: $0, theirs: 0, finalRound: finalRound) }
        return (top, banks.map({ $0.value }), banks.map({ $0.tie }))
    }

    /// The piece of `turn`'s rows past the target solved at `farkle` (`top`, `topBank`, `bank` and `bankTie` as
    /// built from the final round) in `table`, holding the payoffs around it over which its play stays best, kept
    /// `within` the given ones, and followed against `opponentLastTurn` if given.
    private static func piece(
        of turn: WinTurn, top: Int, topBank: Double, bank: [Double], bankTie: [Double], farkle: Double,
        within bounds: ClosedRange<Double>, leads: Range<Int>, table: TurnTable,
        following opponentLastTurn: [(win: Double, tie: Double)]?
    ) -> Piece {
        var validity = WinTurn.Validity.unbounded
        _ = turn.solve(
            top: top, topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: 0, into: table,
            validity: &validity, tracking: true)
        return piece(
            of: turn, table: table, top: top, farkle: farkle, validity: validity, within: bounds, leads: leads,
            following: opponentLastTurn)
    }

    /// The piece of the rows past the target `table` holds, solved at `farkle` with `validity`, kept `within` the
    /// given payoffs, for `leads`, and followed against `opponentLastTurn` if given; with its ties if `keepsTies`, its
    /// bank decisions if `keepsBanks`.
    private static func piece(
        of turn: WinTurn, table: TurnTable, top: Int, farkle: Double, validity: WinTurn.Validity,
        within bounds: ClosedRange<Double>, leads: Range<Int>,
        following opponentLastTurn: [(win: Double, tie: Double)]?,
        keepsTies: Bool = true, keepsBanks: Bool = false, sharing: (rows: SharedRows, from: Int)? = nil
    ) -> Piece {
        let low = max(farkle - validity.down, bounds.lowerBound)
        let high = min(farkle + validity.up, bounds.upperBound)
        let followed = opponentLastTurn.map { last in
            turn.followed(table, top: top) { lead in
                let odds = last[min(lead, last.count - 1)]
                return (1 - odds.win - odds.tie, odds.tie)
            }
        }
        // The rows the shared ones repeat are not kept.
        let sharedFrom = sharing?.from ?? leads.upperBound
        let own = leads.lowerBound..<sharedFrom
        var piece = Self.piece(
            of: table, leads: own, low: low, high: high, farkle: farkle, followed: followed, keepsTies: keepsTies)
        if keepsBanks {
            let perLevel = TurnMechanics.statesPerLevel
            piece.banks = own.flatMap { lead in (1...diceCounts).map { table.banks[lead * perLevel + $0] } }
        }
        if let sharing, sharedFrom < leads.upperBound {
            let rows = sharing.rows.piece
            (piece.leads, piece.sharedFrom, piece.sharedFarkle) = (leads, sharedFrom, rows.farkle)
            (piece.sharedValues, piece.sharedSlopes, piece.sharedBanks) = (rows.values, rows.slopes, rows.banks)
        }
        return piece
    }

    /// The rows past the target solved at `farkle` over `rows` leads with their bank decisions, for every piece
    /// built to be played to share (`SharedRows`).
    private static func sharedRows(
        of turn: WinTurn, top: Int, topBank: Double, bank: [Double], bankTie: [Double], farkle: Double, rows: Int
    ) -> SharedRows {
        let table = TurnTable(rows: rows)
        defer { table.deallocate() }
        var validity = WinTurn.Validity.unbounded
        _ = turn.solve(
            top: top, topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: 0, into: table,
            validity: &validity, tracking: true)
        let shared = Self.piece(
            of: turn, table: table, top: top, farkle: farkle, validity: validity, within: farkle...farkle,
            leads: 0..<rows, following: nil, keepsTies: false, keepsBanks: true)
        return SharedRows(piece: shared)
    }

    /// The rows of `leads` of `table` for the dice counts 1 to 6, as a piece holding `low...high`, with the
    /// chances of the play `followed` if given, and the ties if `keepsTies`.
    private static func piece(
        of table: TurnTable, leads: Range<Int>, low: Double, high: Double, farkle: Double,
        followed: (win: [Double], tie: [Double])?, keepsTies: Bool
    ) -> Piece {
        let perLevel = TurnMechanics.statesPerLevel
        func column(_ base: UnsafePointer<Double>) -> [Double] {
            [Double](unsafeUninitializedCapacity: leads.count * diceCounts) { buffer, initialized in
                for lead in leads {
                    for dice in 1...diceCounts {
                        buffer[(lead - leads.lowerBound) * diceCounts + dice - 1] = base[lead * perLevel + dice]
                    }
                }
                initialized = leads.count * diceCounts
            }
        }
        return Piece(
            low: low, high: high, farkle: farkle, leads: leads, values: column(table.value),
            slopes: column(table.slope), ties: keepsTies ? column(table.aux) : [],
            wins: followed.map { column($0.win) } ?? [], winTies: followed.map { column($0.tie) } ?? [])
    }

    /// The piece that holds the farkle payoff `farkle`, or `nil`.
    func piece(holding farkle: Double) -> Piece? {
        pieceIndex(holding: farkle).map { pieces[$0] }
    }

    /// The index in `pieces` of the piece that holds the farkle payoff `farkle`, or `nil`.
    func pieceIndex(holding farkle: Double) -> Int? {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].high < farkle { low = middle + 1 } else { high = middle }
        }
        guard low < pieces.count, pieces[low].low <= farkle, farkle <= pieces[low].high else { return nil }
        return low
    }

    /// Writes the rows of leads `firstLead...firstLead + count - 1` into `table` from level `level` on, for a
    /// farkle paying `farkle` (tie `farkleAux`), and returns how far the farkle payoff may move with the rows'
    /// play staying best (the piece's ends); returns `nil`, writing nothing, where no piece holds `farkle` and
    /// those leads.
    func fill(
        _ table: TurnTable, fromLevel level: Int, firstLead: Int, count: Int, farkle: Double, farkleAux: Double
    ) -> WinTurn.Validity? {
        guard let piece = piece(holding: farkle), piece.leads.contains(firstLead),
            firstLead + count <= piece.leads.upperBound
        else { return nil }
        let perLevel = TurnMechanics.statesPerLevel
        // The rows the piece keeps, then those it shares (laid out from lead 0, with no ties: rows built to be played).
        let own = min(max(piece.sharedFrom - firstLead, 0), count)
        let delta = farkle - piece.farkle
        for row in 0..<own {
            let source = piece.entry(lead: firstLead + row, dice: 0)
            let target = (level + row) * perLevel
            table[target] = WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false)
            for dice in 1...Self.diceCounts {
                let slope = piece.slopes[source + dice]
                table.value[target + dice] = piece.values[source + dice] + slope * delta
                table.slope[target + dice] = slope
                table.aux[target + dice] = (piece.ties.isEmpty ? 0 : piece.ties[source + dice]) + slope * farkleAux
            }
        }
        // A loop of its own rather than choosing the arrays row by row: choosing them would copy an array reference,
        // counted atomically on arrays every thread reads.
        let sharedDelta = farkle - piece.sharedFarkle
        for row in own..<count {
            let source = (firstLead + row) * Self.diceCounts - 1
            let target = (level + row) * perLevel
            table[target] = WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false)
            for dice in 1...Self.diceCounts {
                let slope = piece.sharedSlopes[source + dice]
                table.value[target + dice] = piece.sharedValues[source + dice] + slope * sharedDelta
                table.slope[target + dice] = slope
                table.aux[target + dice] = slope * farkleAux
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
