/// How a solved turn ends, as chances: what the exact odds weigh when one turn is played the same way in
/// every sweep.
struct TurnEndings: Sendable {
    /// The chance to bank at each level of turn points below the table's top.
    var banked: [Double]
    /// The chance that the turn ends in a farkle.
    var farkle: Double
    /// The chance of a six of a kind that wins at once.
    var instantWin: Double
    /// The chance to win the game from the top of the table on without farkling: banking above it (counted as won,
    /// as the solver counts it) or, where the rows past the target were followed (`PastTargetRows`), what they win.
    var aboveTop: Double
    /// The chance to tie the game from the top of the table on: 0 unless the rows past the target were followed.
    var aboveTopTie = 0.0
}

extension WinTurn {
    /// How the turn that `table` holds ends when played as the table plays it: the chance of every bank
    /// below `top`, of a farkle, of a six of a kind that wins and of banking above the top.
    ///
    /// The adjoint of `solve`: the chances flow forward from the opening roll, turn points ascending (every
    /// keep and the six-dice farkle add points), each state banking where the table banks and otherwise
    /// rolling, every group of rolls taking the keep the table's values make best (the first of equal ones,
    /// as `solve` picks it). A state at or above the top is settled by its entry: a farkle with the chance of
    /// its slope, otherwise a bank above the table. So, for any bank payoffs, weighing these chances gives what
    /// solving the turn with those payoffs as its second payoff gives for the same play, and a turn played the same
    /// way in every sweep and seating is followed once rather than solved again for each.
    ///
    /// - Parameters:
    ///   - table: A table filled by `solve(top:topBank:bank:bankAux:farkle:farkleAux:into:validity:tracking:
    ///     rowsAboveFilled:)`, with its rows above the top.
    ///   - top: The first level above the table.
    ///   - beyondTop: How a state at or above `top` (its index in `table`) wins and ties the game without
    ///     farkling; by default it banks above the table (`1 - slope`) and never ties. Its farkle is its slope.
    func endings(
        of table: TurnTable, top: Int, beyondTop: ((_ index: Int) -> (win: Double, tie: Double))? = nil
    ) -> TurnEndings {
        let perLevel = TurnMechanics.statesPerLevel
        let maximum = DiceCounts.maximumDice
        var mass = [Double](repeating: 0, count: (top + maximumJump + 1) * perLevel)
        var endings = TurnEndings(
            banked: [Double](repeating: 0, count: top), farkle: 0, instantWin: 0, aboveTop: 0)
        func roll(_ chance: Double, level: Int, dice: Int, farkleSteps: Int?) {
            let base = level * perLevel
            endings.instantWin += chance * instantWinProbability[dice]
            if let choices = table.choices {
                // The keeps the solve took, recorded as it solved the level.
                let row = choices + level * table.groupsPerLevel
                groups.withUnsafeBufferPointer { groups in
                    mass.withUnsafeMutableBufferPointer { mass in
                        for index in groupRange[dice] {
                            mass[base &+ Int(row[index])] += chance * groups[index].probability
                        }
                    }
                }
            } else {
                for group in groups[groupRange[dice]] {
                    mass[bestKeep(of: group, at: base, in: table)] += chance * group.probability
                }
            }
            let farkleChance = chance * farkleProbability[dice]
            if dice == maximum, let steps = farkleSteps {
                mass[base + steps * perLevel + maximum] += farkleChance
            } else {
                endings.farkle += farkleChance
            }
        }
        roll(
            mechanics.openingRoll(1, farkle: 0, farkleChance: farkleProbability[mechanics.dice]), level: 0,
            dice: mechanics.dice,
            farkleSteps: openingFarkleSteps ?? everyRollFarkleSteps)
        // A scoreless opening roll rolled again ends nothing: the opening roll's farkles are all there is so far.
        if mechanics.rerollsScorelessOpeningRoll { endings.farkle = 0 }
        for level in 0..<top + maximumJump + 1 {
            for dice in 1...maximum {
                let index = level * perLevel + dice
                let chance = mass[index]
                guard chance > 0 else { continue }
                if level >= top {
                    endings.farkle += chance * table.slope[index]
                    if let beyondTop {
                        let after = beyondTop(index)
                        endings.aboveTop += chance * after.win
                        endings.aboveTopTie += chance * after.tie
                    } else {
                        endings.aboveTop += chance * (1 - table.slope[index])
                    }
                } else if table.banks[index] {
                    endings.banked[level] += chance
                } else {
                    roll(chance, level: level, dice: dice, farkleSteps: everyRollFarkleSteps)
                }
            }
        }
        return endings
    }
}

extension WinTurn {
    /// The state after the best keep of `group` rolled at the state `base` (`level * statesPerLevel`) of `table`,
    /// as an index into it: the first of the keeps of highest value, as `solve` picks it.
    @inline(__always)
    func bestKeep(of group: Group, at base: Int, in table: TurnTable) -> Int {
        var best = base + Int(optionOffsets[group.firstOption])
        var bestValue = table.value[best]
        for option in group.firstOption + 1..<group.endOption {
            let next = base + Int(optionOffsets[option])
            if table.value[next] > bestValue {
                bestValue = table.value[next]
                best = next
            }
        }
        return best
    }

    /// The chances that the play `table` holds wins and ties the game from each state without farkling, where a
    /// bank at `level` wins and ties with `bankOdds(level)`, a six of a kind that wins at once wins, and a state at or above
    /// `top` banks above the table (`1 - slope`, as `endings(of:top:)` counts it): indexed as `table`, rows
    /// `0..<table.rows`.
    ///
    /// The backward twin of `endings(of:top:)`: the same decisions (each state's bank, each group's first best
    /// keep by the table's values), weighed from the far end. It serves rows that many turns enter (the rows past
    /// the target, `PastTargetRows`), each followed once.
    func followed(
        _ table: TurnTable, top: Int, bankOdds: (_ level: Int) -> (win: Double, tie: Double)
    ) -> (win: [Double], tie: [Double]) {
        let perLevel = TurnMechanics.statesPerLevel
        let maximum = DiceCounts.maximumDice
        let count = table.rows * perLevel
        var win = [Double](repeating: 0, count: count)
        var tie = [Double](repeating: 0, count: count)
        for level in stride(from: table.rows - 1, through: 0, by: -1) {
            let base = level * perLevel
            let bank = level < top ? bankOdds(level) : (0, 0)
            for dice in 1...maximum {
                let index = base + dice
                if level >= top {
                    win[index] = 1 - table.slope[index]
                    continue
                }
                if table.banks[index] {
                    (win[index], tie[index]) = bank
                    continue
                }
                var (rollWin, rollTie) = (instantWinProbability[dice], 0.0)
                for group in groups[groupRange[dice]] {
                    let best = bestKeep(of: group, at: base, in: table)
                    rollWin += group.probability * win[best]
                    rollTie += group.probability * tie[best]
                }
                if dice == maximum, let steps = everyRollFarkleSteps {
                    let next = base + steps * perLevel + maximum
                    rollWin += farkleProbability[dice] * win[next]
                    rollTie += farkleProbability[dice] * tie[next]
                }
                (win[index], tie[index]) = (rollWin, rollTie)
            }
        }
        return (win, tie)
    }
}

extension PlainWinGameLayout {
    /// How the turn at `state` ends when played as the solved `values` and `ties` play it
    /// (`WinTurn.endings(of:top:)`): the chance of every bank below the table's top, of a farkle, of six 1s that win
    /// and of banking above the top.
    ///
    /// A solved game's play is fixed, so the exact odds of `win` against another strategy follow each state's turn
    /// once and only weigh its banks with what they lead to (`FixedTurns`).
    func fixedPlayEndings(at state: State, values: [Double], ties: [Double]) -> TurnEndings {
        let rows = rows(at: state, values: values, ties: ties)
        let top = rows.top
        let table = TurnTable(rows: top + turn.maximumJump + 1, recordsPlayOf: turn, solvedRows: top)
        defer { table.deallocate() }
        var unused = WinTurn.Validity.unbounded
        rows.bank.withUnsafeBufferPointer { bank in
            rows.bankTie.withUnsafeBufferPointer { bankTie in
                _ = turn.solve(
                    top: top, topBank: topBank, bank: bank.baseAddress.unsafelyUnwrapped,
                    bankAux: bankTie.baseAddress.unsafelyUnwrapped, farkle: rows.farkle.value, farkleAux: 0,
                    into: table, validity: &unused, tracking: false)
            }
        }
        return turn.endings(of: table, top: top)
    }
}

/// One pair's turn solved below the target only, the rows past it read from a piece of `PastTargetRows`
/// (`PairLayout.solveBelowTarget(at:values:ties:rows:)`). The caller frees `table`.
struct TurnBelowTarget {
    /// The rows `0..<target` solved, and `maximumJump + 1` rows from `target` on read from `piece`.
    let table: TurnTable
    /// The level of turn points where the turn reaches the target.
    let target: Int
    /// The index in the rows' pieces of the piece the rows past the target came from.
    let pieceIndex: Int
    /// What a farkle is worth: the payoff the piece was read at.
    let farkle: Double
    /// The first lead the rows past the target hold.
    let firstLead: Int
    /// What banking at each level below the target is worth (−∞ where not allowed), and its chance of a tie.
    let bank: [Double]
    let bankTie: [Double]
    /// The turn's opening roll.
    let opening: WinTurn.Entry
}

extension PairLayout {
    /// The turn at `state`, as the solved `values` and `ties` play it, solved only below the target, its rows past
    /// the target read from `rows` where a piece holds the turn's farkle payoff and the leads it reads; `nil` where
    /// none does (or the turn reads no rows past the target: `pastTargetLevel(mine:theirs:)`).
    ///
    /// The turn is the one the solver solved: the same rows past the target (`PastTargetRows` is built the same
    /// way on any thread count), the same rows below.
    func solveBelowTarget(
        at state: State, values: [Double], ties: [Double], rows: PastTargetRows?, recordingPlay: Bool = false
    ) -> TurnBelowTarget? {
        guard let rows, let target = pastTargetLevel(mine: state.mine, theirs: state.theirs), target < top(of: state)
        else { return nil }
        let below = self.rows(at: state, values: values, ties: ties, top: target)
        let farkle = below.farkle.value
        guard let pieceIndex = rows.pieceIndex(holding: farkle) else { return nil }
        let firstLead = levels - state.theirs
        let table = TurnTable(
            rows: target + turn.maximumJump + 1, recordsPlayOf: recordingPlay ? turn : nil, solvedRows: target)
        guard
            rows.fill(
                table, fromLevel: target, firstLead: firstLead, count: turn.maximumJump + 1, farkle: farkle,
                farkleAux: 0) != nil
        else {
            table.deallocate()
            return nil
        }
        var unused = WinTurn.Validity.unbounded
        let opening = turn.solve(
            top: target, topBank: topBank, bank: below.bank, bankAux: below.bankTie, farkle: farkle, farkleAux: 0,
            into: table, validity: &unused, tracking: false, rowsAboveFilled: true)
        return TurnBelowTarget(
            table: table, target: target, pieceIndex: pieceIndex, farkle: farkle, firstLead: firstLead,
            bank: below.bank, bankTie: below.bankTie, opening: opening)
    }

    /// How the turn at `state` ends when played as the solved `values` and `ties` play it, as
    /// `fixedPlayEndings(at:values:ties:)` gives it, with the rows past the target read from `followed` (built
    /// `following` the opponent's last turn) where it holds the turn (`solveBelowTarget(at:values:ties:rows:)`):
    /// only the rows below the target are solved and followed, and what the turn wins and ties from the target on
    /// comes from the piece, not from the banks past it (`banked` stops at the target).
    func fixedPlayEndings(
        at state: State, values: [Double], ties: [Double], followed: PastTargetRows?
    ) -> TurnEndings {
        guard let followed, followed.pieces.first?.wins.isEmpty == false,
            let below = solveBelowTarget(at: state, values: values, ties: ties, rows: followed, recordingPlay: true)
        else { return fixedPlayEndings(at: state, values: values, ties: ties) }
        defer { below.table.deallocate() }
        let perLevel = TurnMechanics.statesPerLevel
        let piece = followed.pieces[below.pieceIndex]
        return turn.endings(of: below.table, top: below.target) { index in
            let entry = piece.entry(lead: below.firstLead + index / perLevel - below.target, dice: index % perLevel)
            return (piece.wins[entry], piece.winTies[entry])
        }
    }
}
