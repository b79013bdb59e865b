/// How a solved turn ends, as chances: what the exact odds weigh when one turn is played the same way in
/// every sweep.
struct TurnEndings: Sendable {
    /// The chance to bank at each level of turn points below the table's top.
    var banked: [Double]
    /// The chance that the turn ends in a farkle.
    var farkle: Double
    /// The chance of six 1s that win at once.
    var instantWin: Double
    /// The chance to reach the top of the table and bank above it (counted as won, as the solver counts it).
    var aboveTop: Double
}

extension WinTurn {
    /// How the turn that `table` holds ends when played as the table plays it: the chance of every bank
    /// below `top`, of a farkle, of six 1s that win and of banking above the top.
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
    func endings(of table: TurnTable, top: Int) -> TurnEndings {
        let perLevel = TurnMechanics.statesPerLevel
        let maximum = DiceCounts.maximumDice
        var mass = [Double](repeating: 0, count: (top + maximumJump + 1) * perLevel)
        var endings = TurnEndings(
            banked: [Double](repeating: 0, count: top), farkle: 0, instantWin: 0, aboveTop: 0)
        func roll(_ chance: Double, level: Int, dice: Int, farkleSteps: Int?) {
            let base = level * perLevel
            endings.instantWin += chance * instantWinProbability[dice]
            for group in groups[groupRange[dice]] {
                var best = base + optionOffsets[group.firstOption]
                var bestValue = table.value[best]
                for index in group.firstOption + 1..<group.endOption {
                    let next = base + optionOffsets[index]
                    if table.value[next] > bestValue {
                        bestValue = table.value[next]
                        best = next
                    }
                }
                mass[best] += chance * group.probability
            }
            let farkleChance = chance * farkleProbability[dice]
            if dice == maximum, let steps = farkleSteps {
                mass[base + steps * perLevel + maximum] += farkleChance
            } else {
                endings.farkle += farkleChance
            }
        }
        roll(1, level: 0, dice: maximum, farkleSteps: openingFarkleSteps ?? everyRollFarkleSteps)
        for level in 0..<top + maximumJump + 1 {
            for dice in 1...maximum {
                let index = level * perLevel + dice
                let chance = mass[index]
                guard chance > 0 else { continue }
                if level >= top {
                    endings.farkle += chance * table.slope[index]
                    endings.aboveTop += chance * (1 - table.slope[index])
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
        let table = TurnTable(rows: top + turn.maximumJump + 1)
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
