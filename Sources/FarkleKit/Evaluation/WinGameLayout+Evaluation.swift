extension WinTurn {
    /// The chances to win and to tie, and to farkle, of a turn played as it is played against the bank payoffs
    /// `bank` (levels below `top`; `topBank` above) and the farkle payoff `farkle`, with `payoff(level)` what a
    /// bank is worth in the game being evaluated (a farkle's worth is the caller's, from the chance returned).
    ///
    /// `WinTurn` carries one second payoff along the decisions, so the turn is run twice: once for the chance
    /// to lose, once for the chance to tie. Banks above the table count as wins.
    func fixedPlayOdds(
        top: Int, topBank: Double, bank: [Double], farkle: Double, payoff: (Int) -> (win: Double, tie: Double)
    ) -> TurnOdds {
        var lose = [Double](repeating: 0, count: top)
        var tie = [Double](repeating: 0, count: top)
        for level in 0..<top where bank[level] > -.infinity {
            let odds = payoff(level)
            lose[level] = 1 - odds.win - odds.tie
            tie[level] = odds.tie
        }
        var scratch = [WinTurn.Entry](
            repeating: WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false),
            count: top * TurnMechanics.statesPerLevel)
        return scratch.withUnsafeMutableBufferPointer { scratch in
            let table = scratch.baseAddress.unsafelyUnwrapped
            let losing = solve(
                top: top, topBank: topBank, bank: bank, bankAux: lose, farkle: farkle, farkleAux: 0, into: table)
            let tying = solve(
                top: top, topBank: topBank, bank: bank, bankAux: tie, farkle: farkle, farkleAux: 0, into: table)
            // Every turn ends in a farkle, a bank or six 1s that win; what is neither lost nor tied is won.
            return TurnOdds(win: 1 - losing.slope - losing.aux - tying.aux, tie: tying.aux, farkle: losing.slope)
        }
    }
}

extension PlainWinGameLayout {
    /// The turn at `state` as the solution plays it, the solved `values` and `ties` deciding, weighed with
    /// `payoff(level)` for a bank of `level` steps: how `ExactOdds` scores `win` against another strategy
    /// (`WinTurn.fixedPlayOdds`).
    func fixedPlayOdds(
        at state: State, values: [Double], ties: [Double], payoff: (Int) -> (win: Double, tie: Double)
    ) -> TurnOdds {
        let rows = rows(at: state, values: values, ties: ties)
        return turn.fixedPlayOdds(
            top: rows.top, topBank: topBank, bank: rows.bank, farkle: rows.farkle.value, payoff: payoff)
    }
}
