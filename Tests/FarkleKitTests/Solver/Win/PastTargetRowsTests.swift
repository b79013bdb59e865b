import Testing

@testable import FarkleKit

/// Single 1s and 5s and three of a kind, any dice may bank, a final round: short turns with a real choice
/// past the target (bank the lead or roll for more).
private let smallRules = RuleSet(
    name: "past-target",
    combinations: CombinationPoints(singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
    turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, minimumBank: 300, sixDiceFarkle: nil),
    game: GameRules(target: 1_000, finalRound: true))

@Suite("Rows past the target")
struct PastTargetRowsTests {
    @Test("each piece's rows, moved along their slopes, are the table solved directly at that farkle payoff")
    func piecesAreExact() throws {
        let table = ScoringTable(rules: smallRules)
        let turn = WinTurn(table: table, sixOnesWin: false)
        let finalRound = FinalRoundTable(turn: turn, leastBank: 300)
        let rows = 40
        let past = PastTargetRows(turn: turn, finalRound: finalRound, topBank: 1, rows: rows, maximumPieces: 400)
        #expect(past.pieces.count > 1, "the play past the target changes with the farkle payoff")
        #expect(past.pieces.first?.low ?? 1 <= 0)
        let top = max(finalRound.capLevel + 1, rows)
        var bank = [Double](repeating: 0, count: top)
        var bankTie = [Double](repeating: 0, count: top)
        for lead in 0..<top {
            (bank[lead], bankTie[lead]) = FinalRoundTable.bankReachingTarget(
                total: lead, theirs: 0, finalRound: finalRound)
        }
        let direct = TurnTable(rows: top + turn.maximumJump + 1)
        defer { direct.deallocate() }
        let filled = TurnTable(rows: rows)
        defer { filled.deallocate() }
        var served = 0
        var worst = 0.0
        for farkle in stride(from: 0.0, through: 0.99, by: 0.0173) {
            let farkleTie = 0.25 * farkle
            guard
                past.fill(filled, fromLevel: 0, firstLead: 0, count: rows, farkle: farkle, farkleAux: farkleTie) != nil
            else { continue }
            served += 1
            var unused = WinTurn.Validity.unbounded
            _ = turn.solve(
                top: top, topBank: 1, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: farkleTie,
                into: direct, validity: &unused, tracking: false)
            for index in TurnMechanics.statesPerLevel..<rows * TurnMechanics.statesPerLevel {
                worst = max(worst, abs(filled.value[index] - direct.value[index]))
                worst = max(worst, abs(filled.slope[index] - direct.slope[index]))
                worst = max(worst, abs(filled.aux[index] - direct.aux[index]))
            }
        }
        #expect(served > 0 && past.piece(holding: 0) != nil, "\(served) of 58 payoffs served")
        #expect(worst < 1e-13, "largest difference \(worst)")
    }

    @Test("pieces follow the farkle payoff, each served only inside its own stretch, none past 1")
    func piecesServeTheirStretch() throws {
        let table = ScoringTable(rules: smallRules)
        let turn = WinTurn(table: table, sixOnesWin: false)
        let finalRound = FinalRoundTable(turn: turn, leastBank: 300)
        let past = PastTargetRows(turn: turn, finalRound: finalRound, topBank: 1, rows: 10, maximumPieces: 100)
        for (first, second) in zip(past.pieces, past.pieces.dropFirst()) {
            #expect(first.low <= first.farkle && first.farkle <= first.high && first.high < second.farkle)
            // Between two pieces' solved payoffs, whatever serves a payoff holds it in its stretch.
            let between = (first.high + second.farkle) / 2
            if let piece = past.piece(holding: between) {
                #expect(piece.low <= between && between <= piece.high)
            }
        }
        #expect(past.piece(holding: 1.5) == nil)
    }

    @Test("the same pieces on one thread and on two, and never more bytes of them than allowed")
    func samePiecesOnAnyThreads() throws {
        let table = ScoringTable(rules: smallRules)
        let turn = WinTurn(table: table, sixOnesWin: false)
        let finalRound = FinalRoundTable(turn: turn, leastBank: 300)
        let one = PastTargetRows(
            turn: turn, finalRound: finalRound, topBank: 1, rows: 10, maximumPieces: 60, threads: 1)
        let two = PastTargetRows(
            turn: turn, finalRound: finalRound, topBank: 1, rows: 10, maximumPieces: 60, threads: 2)
        #expect(one.pieces.count == 60)
        #expect(one.pieces.map(\.farkle) == two.pieces.map(\.farkle))
        #expect(one.pieces.map(\.high) == two.pieces.map(\.high))
        #expect(one.pieces.map(\.values) == two.pieces.map(\.values))
        // Ten leads of six dice counts, three numbers each: 1,440 bytes a piece.
        let capped = PastTargetRows(turn: turn, finalRound: finalRound, topBank: 1, rows: 10, maximumBytes: 5 * 1_440)
        #expect(capped.pieces.count == 5)
    }
}
