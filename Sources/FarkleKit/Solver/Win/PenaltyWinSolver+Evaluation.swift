extension PenaltyWinSolver {
    /// How the solved turn at (`mine`, `theirs`) levels from the floor with the farkles in a row of each
    /// ends (`WinTurn.endings(of:top:)`): the solver's play does not change between the sweeps of the exact
    /// odds, so its turn is solved and followed once per state, and each sweep only weighs the banks.
    /// Weighing them with a payoff gives what `fixedPlayOdds(at:values:ties:payoff:)` gives with it.
    func fixedPlayEndings(mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int) -> TurnEndings {
        let rows = space.rows(at: (mine, theirs, myFarkles, theirFarkles), values: values, ties: ties)
        let top = rows.top
        let table = TurnTable(rows: top + turn.maximumJump + 1)
        defer { table.deallocate() }
        var unused = WinTurn.Validity.unbounded
        rows.bank.withUnsafeBufferPointer { bank in
            rows.bankTie.withUnsafeBufferPointer { bankTie in
                _ = turn.solve(
                    top: top, topBank: space.topBank, bank: bank.baseAddress.unsafelyUnwrapped,
                    bankAux: bankTie.baseAddress.unsafelyUnwrapped, farkle: rows.farkle.value, farkleAux: 0,
                    into: table, validity: &unused, tracking: false)
            }
        }
        return turn.endings(of: table, top: top)
    }
}
