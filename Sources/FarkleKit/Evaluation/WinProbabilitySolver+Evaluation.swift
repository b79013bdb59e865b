extension WinProbabilitySolver {
    /// The turn at (`mine`, `theirs`) levels played as the solution plays it, weighed with other payoffs:
    /// how `ExactOdds` scores `win` against a strategy that is not best play.
    ///
    /// The decisions are the solver's own (its bank payoffs and its farkle value at this pair); the
    /// chances to win and to tie follow those decisions, with `payoff(level)` what a bank of `level`
    /// levels is worth in the game being evaluated. `WinTurn` carries one second payoff along the
    /// decisions, so the turn is run twice: once for the chance to lose, once for the chance to tie.
    /// Banks above the solver's table (`PairLayout.top`, beyond the final-round cap) count as wins: the
    /// final-round player's chance there is below `FinalRoundTable.tolerance`, and so is the chance to
    /// get there.
    func fixedPlayTurn(mine: Int, theirs: Int, payoff: (Int) -> (win: Double, tie: Double)) -> TurnOdds {
        let top = layout.top(mine: mine, theirs: theirs)
        var bank = [Double](repeating: 0, count: top)
        var unused = [Double](repeating: 0, count: top)
        values.withUnsafeBufferPointer { values in
            ties.withUnsafeBufferPointer { ties in
                layout.fillBank(
                    mine: mine, theirs: theirs, top: top, values: values, ties: ties, bank: &bank, bankTie: &unused)
            }
        }
        return turn.fixedPlayOdds(
            top: top, topBank: layout.topBank, bank: bank, farkle: 1 - values[theirs * levels + mine], payoff: payoff)
    }

    /// The final-round player's chances to win and to tie under the solved play, `deficit` levels behind.
    func finalRoundOdds(deficit: Int, hasEntered: Bool) -> (win: Double, tie: Double) {
        guard let table = hasEntered ? entered : notEntered else { return (0, 0) }
        let tie = table.tie(deficitLevel: deficit)
        return (table.value(deficitLevel: deficit) - tie / 2, tie)
    }
}

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
