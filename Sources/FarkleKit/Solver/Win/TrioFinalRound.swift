/// The final round of a three-player race: what a bank that reaches the target is worth to the banker and to the
/// next player, once the two others have played their last turns.
///
/// When the mover (A) banks a total X at or over the target, the next player (B) has one more turn, then the last
/// (C); the highest total wins and equal highest totals share the win. C's last turn is the two-player one against
/// the highest total (`FinalRoundTable`), a tie worth ½ when one player holds that total and ⅓ when A and B both do.
/// B's last turn pays, for B's final total Y = X + r (r in score steps):
/// - r > 0: B's share 1 − G½(Y − c), A nothing;
/// - r = 0: A and B each (1 − G⅓(X − c)) / 2;
/// - r < 0, or a farkle: B nothing, A 1 − G½(X − c).
///
/// So B's turn depends on B's deficit u = X − b and C's w = X − c only, and for a fixed w its rows are the same
/// table over r whatever u is: B's turn at deficit u starts at row −u of it. One table per w (and per whether C is
/// on the board) thus serves every u, which keeps the final round to about as many turn rows as the two-player
/// final-round tables (a banking below X is the same as a farkle for everyone, so the least bank matters only where
/// it lies above X, for u under it: those turns are solved on their own).
///
/// Every payoff stops changing past the caps: C's tables reach their limit from `deficitCap` on, and B's chance to
/// reach X falls within `FinalRoundTable.tolerance` of its limit from `leadCap` on (B's own two-player last-turn
/// table bounds it); larger deficits read the values at the caps, which moves no chance by more than the tolerance.
struct TrioFinalRound: Sendable {
    /// C's last-turn tables and the caps B's last turns were solved with.
    private let lastTurns: LastTurns
    /// A's and B's shares after B's last turn, at `LastTurns.slot(b:c:deficit:lead:)`.
    let banker: [Double]
    let next: [Double]
    /// The number of turn states solved.
    let stateCount: Int

    /// The most pairs of deficits held (two chances each, 16 bytes): 256 MiB; `standard`'s scoring needs 3.1 million.
    static let maximumEntries = 1 << 24

    /// The most turn rows solved on their own (where B's least bank lies above the leader), about half a minute:
    /// none where the least bank is a step (`standard`).
    static let maximumOwnRows = 50_000_000

    /// Solves the final round of `turn`'s rules for players whose least banks (in points) are `newLeastBank` before
    /// they are on the board and `enteredLeastBank` after, in a race whose totals below the target are `levels`
    /// score steps, on `threads` threads.
    ///
    /// - Throws: `NotCovered` where a last turn can still catch up from past every deficit the
    ///   tables hold (`FinalRoundTable.solving`).
    init(turn: WinTurn, newLeastBank: Int, enteredLeastBank: Int, levels: Int, rules: RuleSet, threads: Int)
        throws(NotCovered)
    {
        let step = turn.mechanics.scoreStep
        let banks = [newLeastBank, enteredLeastBank]
        let half = try FinalRoundTable.solving(turn, leastBanks: banks, rules: rules)
        let firstThird = FinalRoundTable(turn: turn, leastBank: newLeastBank, tieShare: 1.0 / 3)
        let third =
            newLeastBank == enteredLeastBank
            ? [firstThird, firstThird]
            : [firstThird, FinalRoundTable(turn: turn, leastBank: enteredLeastBank, tieShare: 1.0 / 3)]
        let leastLevels = banks.map { ($0 + step - 1) / step }
        let halfCaps: [Int] = half.map { $0.capLevel }
        let thirdCaps: [Int] = third.map { $0.capLevel }
        let deficitCap = max(halfCaps.max().unsafelyUnwrapped, thirdCaps.max().unsafelyUnwrapped) + 1
        let leadCap = max(halfCaps.max().unsafelyUnwrapped + 1, leastLevels.max().unsafelyUnwrapped)
        // Bounded before anything is allocated: the caps grow as the score step shrinks.
        let count = 4 * deficitCap * leadCap
        // B not yet on the board is at 0, so at least the target behind; on it, at least a step.
        let leastLeads = [levels, 1]
        // The turns solved on their own, where B's least bank lies above X: their rows, bounded like the tables.
        var ownRows = 0.0
        for b in 0..<2 {
            let rows = Double(max(leastLevels[b] - leastLeads[b], 0))
            ownRows += rows * Double(leastLevels[b] + half[b].capLevel + 1)
        }
        guard ownRows * Double(deficitCap) <= Double(Self.maximumOwnRows) else {
            throw NotCovered(
                description: "under rules '\(rules.name)' the least bank (\(max(newLeastBank, enteredLeastBank)) "
                    + "points) makes the final round of three players solve about \(Int(ownRows) * deficitCap) turn rows "
                    + "on their own, more than the \(Self.maximumOwnRows) it allows: lower the minimum bank or entry minimum"
            )
        }
        guard count <= Self.maximumEntries else {
            throw NotCovered(
                description: "under rules '\(rules.name)' the final round of three players has \(count) pairs of "
                    + "deficits ((\(deficitCap) by \(leadCap)) x 4, the last turns catching up from far behind in small "
                    + "score steps); the solver holds at most \(Self.maximumEntries): raise the score step")
        }
        let banker = SharedSlots(repeating: 0.0, count: count)
        let next = SharedSlots(repeating: 0.0, count: count)
        let solving = LastTurns(
            turn: turn, half: half, third: third, deficitCap: deficitCap, leadCap: leadCap, leastLevels: leastLevels,
            leastLeads: leastLeads)
        lastTurns = solving
        // C before and after getting on the board plays the same last turns where the least banks are the same.
        let kinds = leastLevels[0] == leastLevels[1] ? [[0, 1]] : [[0], [1]]
        // Work item (kind of C, w) writes the slots of those C and that deficit only, for both kinds of B.
        Parallel.forEach(kinds.count * deficitCap, threads: threads) { item in
            let (cs, deficit) = (kinds[item / solving.deficitCap], item % solving.deficitCap + 1)
            for (lead, shares) in solving.solve(c: cs[0], deficit: deficit).enumerated() {
                for b in 0..<2 {
                    for c in cs {
                        let slot = solving.slot(b: b, c: c, deficit: deficit, lead: lead + 1)
                        banker[slot] = shares[b].banker
                        next[slot] = shares[b].next
                    }
                }
            }
        }
        self.banker = banker.values
        self.next = next.values
        // The tables over r, one per C and deficit, and the turns solved on their own.
        let halfCap = half[0].capLevel
        let rows = (1...deficitCap).reduce(0) { $0 + leadCap + max(halfCap - $1, 0) + 1 }
        // Each distinct last-turn table once.
        let tables = kinds.count == 1 ? [half[0], third[0]] : half + third
        stateCount = tables.reduce(0) { $0 + $1.stateCount } + kinds.count * rows * DiceCounts.maximumDice
    }

    /// C's last turns with a tie worth ½ (one player on the highest total), for C not yet on the board and on it.
    var half: [FinalRoundTable] { lastTurns.half }
    /// The least C's deficit (in score steps) from which every payoff is the same.
    var deficitCap: Int { lastTurns.deficitCap }
    /// The least B's deficit from which B's turn is taken as the same.
    var leadCap: Int { lastTurns.leadCap }

    /// A's and B's shares when A banks a total `deficit` score steps above C's and `lead` above B's, each of B and C
    /// on the board or not.
    func shares(lead: Int, deficit: Int, nextEntered: Bool, lastEntered: Bool) -> (banker: Double, next: Double) {
        let index = lastTurns.slot(b: nextEntered ? 1 : 0, c: lastEntered ? 1 : 0, deficit: deficit, lead: lead)
        return (banker[index], next[index])
    }

    /// What every bank past both caps is worth: A's and B's shares.
    var saturated: (banker: Double, next: Double) {
        shares(lead: leadCap, deficit: deficitCap, nextEntered: true, lastEntered: true)
    }
}

/// B's and C's last turns as `TrioFinalRound` solves them: C's tables, the caps, and B's least banks and leads.
private struct LastTurns: Sendable {
    let turn: WinTurn
    /// C's last turns with a tie worth ½, then ⅓, each for C not yet on the board and on it.
    let half: [FinalRoundTable]
    let third: [FinalRoundTable]
    let deficitCap: Int
    let leadCap: Int
    /// B's least bank in score steps, not yet on the board and on it.
    let leastLevels: [Int]
    /// The least lead of B not yet on the board and on it: no turn below it is ever read.
    let leastLeads: [Int]

    /// The slot of B (0 not yet on the board, 1 on it), C likewise, C's deficit and B's, both from 1 and capped.
    func slot(b: Int, c: Int, deficit: Int, lead: Int) -> Int {
        ((b * 2 + c) * deficitCap + min(deficit, deficitCap) - 1) * leadCap + min(lead, leadCap) - 1
    }

    /// B's payoffs at r = `row` score steps from X, C's deficit to X being `deficit` (C on the board or not):
    /// B's share (`FinalRoundTable.bankBeforeLastTurn`, A on X) and A's: below X what C's last turn against X leaves
    /// A, level with it B's share again, above it nothing.
    func payoff(row: Int, deficit: Int, c: Int) -> (value: Double, aux: Double) {
        let third = third[c]
        let banker = half[c].bankBeforeLastTurn(
            lead: row, behind: deficit, sharing: 2,
            tied: (third.value(deficitLevel: deficit), third.tie(deficitLevel: deficit))
        ).value
        if row < 0 { return (banker, 1 - half[c].value(deficitLevel: deficit)) }
        return (banker, row == 0 ? banker : 0)
    }

    /// B's last turns at C's `deficit`, for every lead 1...leadCap: A's and B's shares, for B not yet on the board
    /// and on it.
    func solve(c: Int, deficit: Int) -> [[(banker: Double, next: Double)]] {
        let farkle = payoff(row: -1, deficit: deficit, c: c)
        let topBank = 1 - half[c].limit
        // Rows r = −leadCap ..< above, at level r + leadCap; from `above` on every bank pays `topBank`.
        let above = max(half[c].capLevel - deficit, 0) + 1
        let top = leadCap + above
        var bank = [Double](repeating: 0, count: top)
        var bankAux = [Double](repeating: 0, count: top)
        for level in 0..<top { (bank[level], bankAux[level]) = payoff(row: level - leadCap, deficit: deficit, c: c) }
        let table = TurnTable(rows: top + turn.maximumJump + 1)
        defer { table.deallocate() }
        var unused = WinTurn.Validity.unbounded
        _ = turn.solve(
            top: top, topBank: topBank, bank: bank, bankAux: bankAux, farkle: farkle.value, farkleAux: farkle.aux,
            into: table, validity: &unused, tracking: false)
        var shares = [[(banker: Double, next: Double)]](
            repeating: [(banker: Double, next: Double)](repeating: (0, 0), count: 2), count: leadCap)
        for lead in 1...leadCap {
            let opening = turn.openingRoll(
                level: leadCap - lead, table: table, farkle: farkle.value, farkleAux: farkle.aux)
            for b in 0..<2 where lead >= leastLevels[b] { shares[lead - 1][b] = (opening.aux, opening.value) }
        }
        // Where B's least bank lies above X, B's own turn: banks below the least not allowed.
        for b in 0..<2 {
            for lead in leastLeads[b]..<max(leastLevels[b], leastLeads[b]) {
                let ownTop = max(lead + above, leastLevels[b])
                var ownBank = [Double](repeating: 0, count: ownTop)
                var ownAux = [Double](repeating: 0, count: ownTop)
                for level in 0..<ownTop {
                    (ownBank[level], ownAux[level]) =
                        level < leastLevels[b] ? (-.infinity, 0) : payoff(row: level - lead, deficit: deficit, c: c)
                }
                let own = TurnTable(rows: ownTop + turn.maximumJump + 1)
                defer { own.deallocate() }
                let opening = turn.solve(
                    top: ownTop, topBank: topBank, bank: ownBank, bankAux: ownAux, farkle: farkle.value,
                    farkleAux: farkle.aux, into: own, validity: &unused, tracking: false)
                shares[lead - 1][b] = (opening.aux, opening.value)
            }
        }
        return shares
    }
}
