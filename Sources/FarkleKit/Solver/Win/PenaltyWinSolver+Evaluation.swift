extension PenaltyWinSolver {
    /// The solved bank payoffs (value and chance of a tie) of the turn at (`mine`, `theirs`) levels from the
    /// floor, one per level of turn points below the table's top (`PenaltyStateSpace.top`).
    func bankPayoffs(mine: Int, theirs: Int, theirFarkles: Int) -> (value: [Double], tie: [Double]) {
        let top = space.top(mine: mine, theirs: theirs)
        var bank = [Double](repeating: 0, count: top)
        var bankTie = [Double](repeating: 0, count: top)
        values.withUnsafeBufferPointer { values in
            ties.withUnsafeBufferPointer { ties in
                space.fillBank(
                    mine: mine, theirs: theirs, theirFarkles: theirFarkles, top: top, values: values, ties: ties,
                    bank: &bank, bankTie: &bankTie)
            }
        }
        return (bank, bankTie)
    }

    /// The final-round player's chances to win and to tie under the solved play, `deficit` levels behind
    /// (its farkles in a row no longer matter: the turn is the last).
    func finalRoundOdds(deficit: Int) -> (win: Double, tie: Double) {
        guard let finalRound else { return (0, 0) }
        let tie = finalRound.tie(deficitLevel: deficit)
        return (finalRound.value(deficitLevel: deficit) - tie / 2, tie)
    }
}

extension PenaltyWinSolver {
    /// How the solved turn at (`mine`, `theirs`) levels from the floor with the farkles in a row of each
    /// ends (`WinTurn.endings(of:top:)`): the solver's play does not change between the sweeps of the exact
    /// odds, so its turn is solved and followed once per state, and each sweep only weighs the banks.
    /// Weighing them with a payoff gives what `fixedPlayTurn` gives with it.
    func fixedPlayEndings(mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int) -> TurnEndings {
        let banks = bankPayoffs(mine: mine, theirs: theirs, theirFarkles: theirFarkles)
        let next = space.afterFarkle(mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
        let top = banks.value.count
        let table = TurnTable(rows: top + turn.maximumJump + 1)
        defer { table.deallocate() }
        var unused = WinTurn.Validity.unbounded
        banks.value.withUnsafeBufferPointer { bank in
            banks.tie.withUnsafeBufferPointer { bankTie in
                _ = turn.solve(
                    top: top, topBank: space.topBank, bank: bank.baseAddress.unsafelyUnwrapped,
                    bankAux: bankTie.baseAddress.unsafelyUnwrapped, farkle: 1 - values[next], farkleAux: 0,
                    into: table, validity: &unused, tracking: false)
            }
        }
        return turn.endings(of: table, top: top)
    }
}
