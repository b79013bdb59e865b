import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("How a solved turn ends")
struct WinTurnEndingsTests {
    @Test("the keeps a table records as it is solved are those its values make best: the same endings, bit for bit")
    func recordedPlay() throws {
        for finalRound in [false, true] {
            // Single 1s and 5s and three of a kind under standard's turn: every keep is an option with a final round.
            let rules = RuleSet(
                name: "recorded-play",
                combinations: CombinationPoints(
                    singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
                turn: TurnRules(), game: GameRules(target: 800, finalRound: finalRound))
            let solver = try WinProbabilitySolver(rules: rules)
            let layout = solver.layout
            let turn = layout.turn
            var rolled = 0
            for mine in 0..<solver.levels {
                for theirs in stride(from: 0, to: solver.levels, by: 3) {
                    let rows = layout.rows(at: (mine, theirs), values: solver.values, ties: solver.ties)
                    let (top, height) = (rows.top, rows.top + turn.maximumJump + 1)
                    let (found, recording) = (
                        TurnTable(rows: height), TurnTable(rows: height, recordsPlayOf: turn, solvedRows: top)
                    )
                    defer {
                        found.deallocate()
                        recording.deallocate()
                    }
                    for table in [found, recording] {
                        var unused = WinTurn.Validity.unbounded
                        _ = turn.solve(
                            top: top, topBank: layout.topBank, bank: rows.bank, bankAux: rows.bankTie,
                            farkle: rows.farkle.value, farkleAux: 0, into: table, validity: &unused, tracking: false)
                    }
                    let count = height * TurnMechanics.statesPerLevel
                    #expect(
                        Array(UnsafeBufferPointer(start: found.value, count: count))
                            == Array(UnsafeBufferPointer(start: recording.value, count: count)))
                    let (a, b) = (turn.endings(of: found, top: top), turn.endings(of: recording, top: top))
                    #expect(a.banked == b.banked, "\(mine) against \(theirs)")
                    #expect(a.farkle == b.farkle && a.instantWin == b.instantWin && a.aboveTop == b.aboveTop)
                    rolled += a.banked.count { $0 > 0 }
                }
            }
            #expect(rolled > solver.levels * 4, "banks with a chance: \(rolled)")
        }
    }
}
