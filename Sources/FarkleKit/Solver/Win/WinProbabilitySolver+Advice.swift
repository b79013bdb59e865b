/// One turn of a two-player game played to win, tabulated for one situation: the value of every state
/// (turn points, dice to roll) under the play that maximizes P(win) + ½ P(tie), and its decisions.
///
/// Built by `WinProbabilitySolver.turnTable(myScore:opponentScore:isFinalRound:)` (or, under a
/// three-farkle penalty, `PenaltyWinSolver.turnTable`) from the solved turn-start values, with the solver's own turn (one table of `WinTurn`, milliseconds): this is what
/// `farkle-sim advise --my-score --opponent-score` and the advisor page show, and what the report's
/// decision maps read. Every value is the chance to win, ties counting half, of the player to move.
package struct WinTurnTable: Sendable {
    /// The largest deficit, in points, a final round's last turn is tabulated for: its table runs up to the
    /// deficit (a deficit of 10^9 would take gigabytes). `Advisor` and the advisor page's module refuse larger.
    package static let maximumFinalRoundDeficit = 1_000_000

    /// The player's total before the turn.
    package let myScore: Int
    /// The opponent's total.
    package let opponentScore: Int
    /// Whether the opponent has reached the target and this is the player's last turn.
    package let isFinalRound: Bool
    /// The value of a farkle: the player's value when the opponent starts a turn at the same totals
    /// (0 in the final round).
    package let farkleValue: Double
    /// The least turn points the player may bank (the entry minimum until the first bank).
    package let leastBank: Int
    /// The player's value at the start of the turn, before the opening roll: the solver's turn-start
    /// value W(my total, opponent's total), or in the final round the chance to beat the opponent's total.
    package private(set) var openingValue: Double
    /// The value of a farkle on the turn's opening roll: `farkleValue`, or where a scoreless opening roll costs
    /// points the value of the state it hands over (`costingOpeningFarkle(_:openingValue:)`).
    package private(set) var openingFarkleValue: Double

    /// The scoring table of the rules.
    package let table: ScoringTable
    let turn: WinTurn
    /// The first level above the table; there banking is allowed and pays `topBank`.
    let top: Int
    let topBank: Double
    /// The payoff of banking at each level below `top`; `-infinity` where the least bank forbids it.
    let bank: [Double]
    /// The tie payoff of banking at each level below `top` (the solver's second payoff).
    let bankTie: [Double]
    let entries: [WinTurn.Entry]
    let above: [WinTurn.Entry]
    /// The levels tabulated: `top`, or below it the target's level where only the rows below the target were
    /// solved (`WinTurnTables`); no level from there to `top` may be read.
    let solvedLevels: Int

    init(
        myScore: Int, opponentScore: Int, isFinalRound: Bool, leastBank: Int, table: ScoringTable, turn: WinTurn,
        top: Int,
        topBank: Double, bank: [Double], bankTie: [Double], farkle: Double
    ) {
        self.myScore = myScore
        self.opponentScore = opponentScore
        self.isFinalRound = isFinalRound
        self.leastBank = leastBank
        self.table = table
        self.turn = turn
        self.top = top
        self.topBank = topBank
        self.bank = bank
        self.bankTie = bankTie
        farkleValue = farkle
        openingFarkleValue = farkle
        (entries, above, openingValue) = Self.solve(
            turn: turn, top: top, topBank: topBank, bank: bank, bankTie: bankTie, farkle: farkle)
        solvedLevels = top
    }

    /// This turn where a farkle on the opening roll is worth `farkle` instead of `farkleValue` and the turn, from its
    /// opening roll, `openingValue` (`WinTurn.costingOpeningFarkle`): a scoreless opening roll that costs
    /// points. Nothing after the opening roll changes.
    func costingOpeningFarkle(_ farkle: Double, openingValue: Double) -> WinTurnTable {
        var table = self
        table.openingFarkleValue = farkle
        table.openingValue = openingValue
        return table
    }

    /// The turn of `myScore` against `opponentScore` solved only below the target (`below`), whose table's top is
    /// `top`: its levels from the target up may not be read.
    init(
        myScore: Int, opponentScore: Int, leastBank: Int, table: ScoringTable, turn: WinTurn, top: Int,
        topBank: Double, farkle: Double, below: TurnBelowTarget
    ) {
        self.myScore = myScore
        self.opponentScore = opponentScore
        isFinalRound = false
        self.leastBank = leastBank
        self.table = table
        self.turn = turn
        self.top = top
        self.topBank = topBank
        bank = below.bank
        bankTie = below.bankTie
        farkleValue = farkle
        openingFarkleValue = farkle
        entries = (0..<below.target * TurnMechanics.statesPerLevel).map { below.table[$0] }
        above = []
        openingValue = below.opening.value
        solvedLevels = below.target
    }

    /// The final-round turn of a player `opponentScore - myScore` points behind, whose least bank is
    /// `leastBank`: banking pays 1 above the opponent's total, ½ on it and 0 below, a farkle 0.
    init(finalRoundOf turn: WinTurn, myScore: Int, opponentScore: Int, leastBank: Int, table: ScoringTable) {
        let step = table.scoreStep
        // As `FinalRoundTable` sets up one deficit, for any deficit (no cap is needed for one turn).
        let deficit = (opponentScore - myScore) / step
        let leastLevel = (leastBank + step - 1) / step
        let top = max(deficit + 1, leastLevel)
        let bank = (0..<top).map { row -> Double in
            row < leastLevel ? -.infinity : row > deficit ? 1 : row == deficit ? 0.5 : 0
        }
        let ties = (0..<top).map { row -> Double in row == deficit && row >= leastLevel ? 1 : 0 }
        self.init(
            myScore: myScore, opponentScore: opponentScore, isFinalRound: true, leastBank: leastBank, table: table,
            turn: turn, top: top, topBank: 1, bank: bank, bankTie: ties, farkle: 0)
    }

    /// The last turn of the player with `myScore` in the final round at a table of two or more opponents, whose
    /// totals `opponents` are in playing order (the next player's first), exactly, or `nil` where more than one
    /// opponent still has a last turn after this one (their play against each other is not solved).
    ///
    /// The first opponent in playing order at or above the target started the final round; those before it have
    /// their last turn still to come after this one, those after it have played theirs. With none to come, a bank
    /// pays 1 above the highest total, a share of the win on it (½ with one opponent there, ⅓ with two) and 0
    /// below. With one to come, that player then plays their last turn to win against the highest total
    /// (`lastTurns`: the two-player final-round tables, ½ on a tie, of a player not yet on the board and of one on
    /// it; solved once more with the share of a tie of three or more where this player banked level with the
    /// highest): this player wins what that turn does not, the tied players sharing it
    /// (`FinalRoundTable.bankBeforeLastTurn`). A tie is shared by everyone on the highest total. The two-player
    /// solver and the three-player one both advise and play the last turns through here.
    ///
    /// - Precondition: `myScore` below the target; the opponents' totals multiples of the score step, one at
    ///   least at the target.
    static func lastTurn(
        of turn: WinTurn, table: ScoringTable, target: Int, myScore: Int, opponents: [Int], leastBank least: Int,
        lastTurns: (notEntered: FinalRoundTable, entered: FinalRoundTable)
    ) -> WinTurnTable? {
        let step = table.scoreStep
        guard let started = WinProbabilitySolver.playersToCome(inFinalRoundAfter: opponents, target: target),
            let highest = opponents.max()
        else { return nil }
        let leastLevel = (least + step - 1) / step
        let deficit = (highest - myScore) / step
        // The players sharing a bank level with the highest total: this one and those on it already.
        let sharing = opponents.count { $0 == highest } + 1
        var top = max(deficit + 1, leastLevel)
        var topBank = 1.0
        var above: (Int) -> (value: Double, tie: Double) = { _ in (1, 0) }
        var onHighest = (value: 1 / Double(sharing), tie: 1.0)
        if started == 1 {
            // The next player, below the target, plays last: its table is the entered player's or, where it has
            // not entered, the one with the entry minimum.
            let next = opponents[0] / step
            let nextTable = next > 0 ? lastTurns.entered : lastTurns.notEntered
            let nextLeast = (nextTable.leastBank + step - 1) / step
            // Level with the highest the next player shares a tie among one more.
            let behind = highest / step - next
            let shared = FinalRoundTable.lastTurn(
                of: turn, leastLevel: nextLeast, deficitLevel: behind, tieShare: 1 / Double(sharing + 1))
            above = { row in
                nextTable.bankBeforeLastTurn(lead: row - deficit, behind: behind, sharing: sharing, tied: shared)
            }
            onHighest = nextTable.bankBeforeLastTurn(lead: 0, behind: behind, sharing: sharing, tied: shared)
            // Past the next player's cap every bank is worth the same: what its last turn leaves.
            top = max(top, next + nextTable.capLevel + 1 - myScore / step)
            topBank = 1 - nextTable.limit
        }
        var bank = [Double](repeating: 0, count: top)
        var bankTie = [Double](repeating: 0, count: top)
        for row in 0..<top {
            if row < leastLevel {
                bank[row] = -.infinity
            } else if row == deficit {
                (bank[row], bankTie[row]) = onHighest
            } else if row > deficit {
                (bank[row], bankTie[row]) = above(row)
            }
        }
        return WinTurnTable(
            myScore: myScore, opponentScore: highest, isFinalRound: true, leastBank: least, table: table, turn: turn,
            top: top, topBank: topBank, bank: bank, bankTie: bankTie, farkle: 0)
    }

    private static func solve(
        turn: WinTurn, top: Int, topBank: Double, bank: [Double], bankTie: [Double], farkle: Double
    ) -> (entries: [WinTurn.Entry], above: [WinTurn.Entry], opening: Double) {
        var entries = [WinTurn.Entry](
            repeating: WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false),
            count: top * TurnMechanics.statesPerLevel)
        let opening = entries.withUnsafeMutableBufferPointer { table in
            turn.solve(
                top: top, topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: 0,
                into: table.baseAddress.unsafelyUnwrapped
            ).value
        }
        let above = turn.groups.withUnsafeBufferPointer { groups in
            turn.options.withUnsafeBufferPointer { options in
                turn.aboveTable(topBank: topBank, farkle: farkle, farkleAux: 0, groups: groups, options: options)
            }
        }
        return (entries, above, opening)
    }

    /// The score step: turn points are multiples of it.
    package var scoreStep: Int { turn.mechanics.scoreStep }

    /// What banking from the top up is worth: `topBank`, or a farkle's worth where such a bank busts (a target hit
    /// exactly).
    private var bankAboveTop: Double { turn.bustsAboveTop ? farkleValue : topBank }

    /// The turn points from which banking pays the same whatever the turn points: the table's top.
    package var tabulatedPoints: Int { top * scoreStep }

    private func entry(level: Int, diceLeft: Int) -> WinTurn.Entry {
        precondition(level < solvedLevels || level >= top, "a level of the turn that was solved")
        return level < top ? entries[TurnMechanics.stateIndex(level: level, diceLeft: diceLeft)] : above[diceLeft]
    }

    /// The player's value with `turnPoints` on the table and `diceLeft` dice to roll, deciding best.
    ///
    /// - Precondition: `turnPoints` is a non-negative multiple of `scoreStep`; `diceLeft` is 1 to 6.
    package func value(turnPoints: Int, diceLeft: Int) -> Double {
        entry(level: turnPoints / scoreStep, diceLeft: diceLeft).value
    }

    /// The value of banking `turnPoints`, or `nil` where the least bank forbids it (the dice left
    /// may forbid it too: `decision(turnPoints:diceLeft:)`).
    package func bankValue(turnPoints: Int) -> Double? {
        let level = turnPoints / scoreStep
        guard level < top else { return bankAboveTop }
        precondition(level < solvedLevels, "a level of the turn that was solved")
        return bank[level] > -.infinity ? bank[level] : nil
    }

    /// Bank, roll, or roll because the rules say so, under the play that maximizes the value.
    package func decision(turnPoints: Int, diceLeft: Int) -> BankDecision {
        let mayBank = bankValue(turnPoints: turnPoints) != nil && turn.mechanics.allowsBanking(diceLeft: diceLeft)
        return BankDecision(
            mayBank: mayBank, banks: mayBank && entry(level: turnPoints / scoreStep, diceLeft: diceLeft).banks)
    }

    /// The value of rolling `diceLeft` dice with `turnPoints` on the table, then deciding best.
    ///
    /// The table holds the better of banking and rolling; this solves the turn once more with banking
    /// forbidden at `turnPoints`, which changes no state with more turn points (a keep always scores), so
    /// the state then holds the roll alone. Above the table every roll lands above it too, so one level
    /// above the top stands for all. About as costly as building the table.
    package func rollValue(turnPoints: Int, diceLeft: Int) -> Double {
        let level = min(turnPoints / scoreStep, top)
        guard decision(turnPoints: turnPoints, diceLeft: diceLeft) == .bank else {
            return entry(level: level, diceLeft: diceLeft).value
        }
        var bank = bank
        var bankTie = bankTie
        if level == top {
            bank.append(bankAboveTop)
            bankTie.append(0)
        }
        bank[level] = -.infinity
        let (entries, _, _) = Self.solve(
            turn: turn, top: max(top, level + 1), topBank: topBank, bank: bank, bankTie: bankTie, farkle: farkleValue)
        return entries[TurnMechanics.stateIndex(level: level, diceLeft: diceLeft)].value
    }
}

/// The turns of a solved race at every pair of totals, for a report that tabulates them all (the maps of the
/// decisions to win): the rows past the target are solved once for the farkle payoff of every pair's turn
/// (`PastTargetRows`), so each turn read below `points` solves only its rows below the target instead of its whole
/// table (about 880 levels in `standard`, most of them past the target).
package struct WinTurnTables: Sendable {
    /// The solved race.
    package let solver: WinProbabilitySolver
    let rows: PastTargetRows?

    /// The turns of `solver`'s race, its rows past the target solved on `threads` threads (none without a final
    /// round, where the tables are short).
    ///
    /// - Complexity: One solve of the rows past the target per piece (a few thousand in `standard`, seconds), and
    ///   at most `PastTargetRows.maximumServingBytes` (96 MiB) of them.
    package init(solver: WinProbabilitySolver, threads: Int) {
        self.solver = solver
        rows = solver.pastTargetRowsServingEveryPair(threads: threads)
    }

    /// The turn of the player to move with `myScore` against `opponentScore`, both below the target, as
    /// `WinProbabilitySolver.turnTable(myScore:opponentScore:)` gives it, to be read below `points` turn points
    /// only (at most `points - 1`): solved below the target only where the turn reaches the target above that,
    /// else in full.
    package func turnTable(myScore: Int, opponentScore: Int, readBelow points: Int) -> WinTurnTable {
        let step = solver.table.scoreStep
        let layout = solver.layout
        let state = (mine: myScore / step, theirs: opponentScore / step)
        guard let target = layout.pastTargetLevel(mine: state.mine, theirs: state.theirs), target * step >= points,
            let below = layout.solveBelowTarget(at: state, values: solver.values, ties: solver.ties, rows: rows)
        else { return solver.turnTable(myScore: myScore, opponentScore: opponentScore) }
        defer { below.table.deallocate() }
        return WinTurnTable(
            myScore: myScore, opponentScore: opponentScore, leastBank: solver.leastBank(hasEntered: myScore > 0),
            table: solver.table, turn: layout.turn, top: layout.top(of: state), topBank: layout.topBank,
            farkle: 1 - solver.values[state.theirs * solver.levels + state.mine], below: below)
    }
}

extension WinProbabilitySolver {
    /// The rows past the target (`PastTargetRows`) with a piece for the farkle payoff of every pair's turn that
    /// reads them, on `threads` threads, each followed against `opponentLastTurn` if given, or holding every row
    /// up to the table's end with its decisions if `readsToTop` (to play the turns past the target), within
    /// `maximumBytes`; `nil` without a final round (no rows past the target).
    func pastTargetRowsServingEveryPair(
        threads: Int, following opponentLastTurn: [(win: Double, tie: Double)]? = nil, readsToTop: Bool = false,
        maximumBytes: Int = PastTargetRows.maximumServingBytes
    ) -> PastTargetRows? {
        guard let entered else { return nil }
        var turns: [(farkle: Double, firstLead: Int)] = []
        values.withUnsafeBufferPointer { values in
            ties.withUnsafeBufferPointer { ties in
                for mine in 0..<levels {
                    for theirs in 0..<levels {
                        guard let target = layout.pastTargetLevel(mine: mine, theirs: theirs),
                            target < layout.top(mine: mine, theirs: theirs)
                        else { continue }
                        turns.append(
                            (layout.farkle(at: (mine, theirs), values: values, ties: ties).value, levels - theirs))
                    }
                }
            }
        }
        return PastTargetRows(
            turn: turn, finalRound: entered, topBank: layout.topBank, rows: levels + turn.maximumJump + 1,
            serving: turns, maximumBytes: maximumBytes, threads: threads, following: opponentLastTurn,
            readsToTop: readsToTop)
    }
}

// MARK: - The solver's turns

extension WinProbabilitySolver {
    /// The least turn points a player may bank, before (`hasEntered` false) or after their first bank.
    package func leastBank(hasEntered: Bool) -> Int {
        hasEntered ? layout.enteredLeastBank : layout.newLeastBank
    }

    /// The largest final-round deficit the solver tabulates for a player who has entered or not; beyond
    /// it the final-round player's value is its limit (`FinalRoundTable.limit`). `nil` without a final round.
    package func finalRoundCap(hasEntered: Bool) -> Int? {
        (hasEntered ? entered : notEntered).map { $0.capLevel * table.scoreStep }
    }

    /// The turn of the player to move with `myScore` against `opponentScore`.
    ///
    /// - Parameters:
    ///   - myScore: The player's total, a multiple of the score step below the target.
    ///   - opponentScore: The opponent's total: below the target, or at or above it in the final round.
    ///   - isFinalRound: Whether the opponent has reached the target and this is the player's last turn:
    ///     banking then pays 1 above the opponent's total, ½ on it and 0 below, a farkle 0.
    /// - Precondition: the totals fit the game as described (the CLI checks them first).
    package func turnTable(myScore: Int, opponentScore: Int, isFinalRound: Bool = false) -> WinTurnTable {
        let step = table.scoreStep
        precondition(myScore >= 0 && myScore < target && myScore % step == 0, "my total below the target")
        precondition(opponentScore >= 0 && opponentScore % step == 0, "the opponent's total a multiple of \(step)")
        let least = leastBank(hasEntered: myScore > 0)
        if isFinalRound {
            precondition(
                hasFinalRound && opponentScore >= target, "a final round after the opponent reached the target")
            return WinTurnTable(
                finalRoundOf: turn, myScore: myScore, opponentScore: opponentScore, leastBank: least, table: table)
        }
        precondition(opponentScore < target, "the opponent's total below the target")
        let mine = myScore / step
        let theirs = opponentScore / step
        return layout.turnTable(
            at: (mine, theirs), values: values, ties: ties, myScore: myScore, opponentScore: opponentScore,
            leastBank: least, table: table)
    }

    /// The last turn of the player with `myScore` in the final round at a table of two or more opponents, whose
    /// totals `opponents` are in playing order (the next player's first), exactly, or `nil` where more than one
    /// opponent still has a last turn after this one (their play against each other is not solved); see
    /// `WinTurnTable.lastTurn(of:table:target:myScore:opponents:leastBank:lastTurns:)`.
    ///
    /// - Precondition: `myScore` below the target; the opponents' totals multiples of the score step, one at
    ///   least at the target, and rules with a final round.
    package func finalRoundTurnTable(myScore: Int, opponents: [Int]) -> WinTurnTable? {
        guard let final = entered else { return nil }
        return WinTurnTable.lastTurn(
            of: turn, table: table, target: target, myScore: myScore, opponents: opponents,
            leastBank: leastBank(hasEntered: myScore > 0), lastTurns: (notEntered ?? final, final))
    }

    /// The opponents who still have their last turn after the player to move in a final round, `opponents` being
    /// their totals in playing order: those before the first at or above `target` (who began the final round).
    /// `nil` where none has reached it, or where more than one is still to come: the last turn is solved exactly
    /// against at most one player after it (the play of two or more against each other is not solved).
    static func playersToCome(inFinalRoundAfter opponents: [Int], target: Int) -> Int? {
        guard let toCome = opponents.firstIndex(where: { $0 >= target }), toCome <= 1 else { return nil }
        return toCome
    }
}
