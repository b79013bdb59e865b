/// A game played to win as a solver tabulates it: its states between turns, each with one turn-start value and
/// a second payoff in flat arrays, and what each way of ending a turn leads to. The second payoff follows the
/// mover's decisions: the chance of a tie in the two-player games, the next player's chance with three
/// (`TrioLayout`); the parameters named `ties` and `tie` carry it.
///
/// The state spaces differ for good reasons: a race keeps the two totals (`PairLayout`); a race under a
/// three-farkle penalty adds each player's farkles in a row (`PenaltyStateSpace`); a game of rounds keeps the turn
/// and the difference of the totals (`RoundsLayout`); a race with a dice set per seat keeps the totals, each
/// seat's values apart (`LoadedRaceLayout`). What a bank is worth, row by row, and the rows a turn is solved, followed,
/// tabulated or advised from are written once, here, over any of them.
protocol WinGameLayout: Sendable {
    /// A state between turns, from the point of view of the player to move.
    associatedtype State

    /// What banking at or above a table's top is worth: a sure win, less any chance the opponent still has.
    var topBank: Double { get }

    /// Whether a bank at or above a table's top busts instead, worth what a farkle is: the target must be hit
    /// exactly, and the top is one level past it (`WinTurn.bustsAboveTop`).
    var bustsAboveTop: Bool { get }

    /// The first level of turn points (in score steps) of the table of `state`'s turn: from there up, banking
    /// is allowed and worth `topBank`.
    func top(of state: State) -> Int

    /// The least turn points, in score steps, the player to move at `state` may bank.
    func leastLevel(of state: State) -> Int

    /// What banking `level` score steps at `state` is worth to the banker, as P(win) + ½ P(tie) and the chance of
    /// a tie, read from the turn-start `values` and `ties` of the states (indexed as the layout lays them out) or
    /// from how the game ends. Called for allowed banks below the top only.
    func bank(
        _ level: Int, at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double)

    /// What a farkle at `state` is worth to the player who farkles, likewise.
    func farkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double)

    /// What a farkle on the turn's opening roll at `state` is worth where a scoreless opening roll costs points
    /// (`TurnRules.openingFarkleCost`), likewise; `nil` where it is worth what any farkle is.
    func openingFarkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double)?
}

extension WinGameLayout {
    /// No bank busts: the layouts of games whose target is hit exactly say otherwise.
    var bustsAboveTop: Bool { false }

    /// A scoreless opening roll costs nothing: the layouts of games that follow the cost say otherwise.
    func openingFarkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double)? { nil }

    /// Fills `bank` and `bankTie` with what banking at each level below `top` is worth at `state`: −∞ (and no
    /// tie) where the rules do not allow it.
    func fillBank(
        at state: State, top: Int, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>,
        bank: UnsafeMutablePointer<Double>, bankTie: UnsafeMutablePointer<Double>
    ) {
        for level in 0..<top {
            (bank[level], bankTie[level]) =
                allowedBank(level, at: state, values: values, ties: ties) ?? (-.infinity, 0)
        }
    }

    /// What banking `level` score steps below the table's top at `state` is worth, and its chance of a tie; `nil`
    /// below the least bank.
    @inline(__always)
    private func allowedBank(
        _ level: Int, at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double)? {
        level < leastLevel(of: state) ? nil : bank(level, at: state, values: values, ties: ties)
    }

    /// What banking `level` score steps at `state` is worth to the banker (P(win) + ½ P(tie)), as `fillBank` and the
    /// table's top give it: `topBank` from the top up (a farkle's worth where banks there bust), `nil` below the
    /// least bank.
    func bankValue(_ level: Int, at state: State, values: [Double], ties: [Double]) -> Double? {
        if level >= top(of: state), !bustsAboveTop { return topBank }
        return values.withUnsafeBufferPointer { values in
            ties.withUnsafeBufferPointer { ties in
                level >= top(of: state)
                    ? farkle(at: state, values: values, ties: ties).value
                    : allowedBank(level, at: state, values: values, ties: ties)?.value
            }
        }
    }

    /// The rows of the turn at `state` from the solved `values` and `ties`: what the turn is solved, followed,
    /// tabulated and advised from; with `top`, only the rows below that level (the rows past the target, read
    /// elsewhere, need no banks).
    func rows(at state: State, values: [Double], ties: [Double], top: Int? = nil) -> WinTurnRows {
        let top = top ?? self.top(of: state)
        var bank = [Double](repeating: 0, count: top)
        var bankTie = [Double](repeating: 0, count: top)
        let farkle = values.withUnsafeBufferPointer { values in
            ties.withUnsafeBufferPointer { ties in
                bank.withUnsafeMutableBufferPointer { bank in
                    bankTie.withUnsafeMutableBufferPointer { bankTie in
                        fillBank(
                            at: state, top: top, values: values, ties: ties,
                            bank: bank.baseAddress.unsafelyUnwrapped, bankTie: bankTie.baseAddress.unsafelyUnwrapped)
                    }
                }
                return self.farkle(at: state, values: values, ties: ties)
            }
        }
        return WinTurnRows(bank: bank, bankTie: bankTie, farkle: farkle)
    }
}

/// A win game played with ordinary dice, whose every turn is the one `WinTurn` of the rules.
protocol PlainWinGameLayout: WinGameLayout {
    /// The turn every state's player plays (the rules' roll groups and keeps).
    var turn: WinTurn { get }
}

extension PlainWinGameLayout {
    /// Whether a bank above the table busts: as the turn's rules say.
    var bustsAboveTop: Bool { turn.bustsAboveTop }

    /// The turn at `state` tabulated from the solved `values` and `ties` for a player with `myScore` against
    /// `opponentScore` whose least bank is `leastBank` points: what advice shows and strategy `win` plays.
    func turnTable(
        at state: State, values: [Double], ties: [Double], myScore: Int, opponentScore: Int, leastBank: Int,
        table: ScoringTable
    ) -> WinTurnTable {
        let rows = rows(at: state, values: values, ties: ties)
        let turnTable = WinTurnTable(
            myScore: myScore, opponentScore: opponentScore, isFinalRound: false, leastBank: leastBank, table: table,
            turn: turn, top: rows.top, topBank: topBank, bank: rows.bank, bankTie: rows.bankTie,
            farkle: rows.farkle.value)
        // A scoreless opening roll that costs points hands over another state than a farkle.
        let opening = values.withUnsafeBufferPointer { values in
            ties.withUnsafeBufferPointer { ties in openingFarkle(at: state, values: values, ties: ties) }
        }
        guard let opening else { return turnTable }
        let start = turn.costingOpeningFarkle(
            (turnTable.openingValue, 0), farkle: (turnTable.farkleValue, 0), opening: (opening.value, 0))
        return turnTable.costingOpeningFarkle(opening.value, openingValue: start.value)
    }
}

/// What each way of ending one turn is worth: a bank at each level of turn points below the table's top (−∞
/// where not allowed) with its chance of a tie, and a farkle.
struct WinTurnRows {
    /// P(win) + ½ P(tie) of banking at each level below the top.
    var bank: [Double]
    /// The chance of a tie after banking at each level below the top.
    var bankTie: [Double]
    /// What a farkle is worth, and its chance of a tie.
    var farkle: (value: Double, tie: Double)

    /// The table's top: the levels of turn points below it.
    var top: Int { bank.count }
}
