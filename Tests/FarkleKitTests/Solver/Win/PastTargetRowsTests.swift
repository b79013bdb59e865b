import Testing

@_spi(Kernels) @testable import FarkleKit

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
        let turn = WinTurn(table: table, gameEndings: false)
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
        let turn = WinTurn(table: table, gameEndings: false)
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
        let turn = WinTurn(table: table, gameEndings: false)
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

    @Test("rows followed once against a last turn give each pair's turn as its whole table does, entry minimum too")
    func followedRowsMatchTheWholeTable() throws {
        var entry = smallRules
        entry.game.entryMinimum = 500
        for rules in [smallRules, entry] {
            let solver = try WinProbabilitySolver(rules: rules, threads: 1)
            let layout = solver.layout
            let levels = solver.levels
            let entered = try #require(solver.entered)
            // Any last turn of the other seat, falling with the deficit; any payoff of a bank below the target.
            var lastTurn: [(win: Double, tie: Double)] = []
            for deficit in 0...30 {
                let win: Double = 0.9 / Double(deficit + 1)
                let tie: Double = deficit % 3 == 0 ? 0.01 : 0
                lastTurn.append((win, tie))
            }
            func below(_ total: Int) -> (win: Double, tie: Double) {
                (Double(total * 37 % 11) / 20, Double(total * 13 % 7) / 100)
            }
            // A piece for the farkle payoff of every pair's turn, the pieces the same on one thread and on two.
            var turns: [(farkle: Double, firstLead: Int)] = []
            for mine in 0..<levels {
                for theirs in 0..<levels {
                    turns.append((1 - solver.values[theirs * levels + mine], levels - theirs))
                }
            }
            let rows = levels + layout.turn.maximumJump + 1
            let followed = PastTargetRows(
                turn: layout.turn, finalRound: entered, topBank: layout.topBank, rows: rows, serving: turns,
                threads: 2, following: lastTurn)
            let alone = PastTargetRows(
                turn: layout.turn, finalRound: entered, topBank: layout.topBank, rows: rows, serving: turns,
                threads: 1, following: lastTurn)
            #expect(followed.pieces.map(\.farkle) == alone.pieces.map(\.farkle))
            #expect(followed.pieces.map(\.wins) == alone.pieces.map(\.wins))
            var (worst, served) = (0.0, 0)
            for mine in 0..<levels {
                for theirs in 0..<levels {
                    func weighed(_ endings: TurnEndings) -> (win: Double, tie: Double) {
                        var (win, tie) = (endings.instantWin + endings.aboveTop, endings.aboveTopTie)
                        for (level, chance) in endings.banked.enumerated() where chance > 0 {
                            let total = mine + level
                            var after = below(total)
                            if total >= levels {
                                let last = lastTurn[min(total - theirs, lastTurn.count - 1)]
                                after = (1 - last.win - last.tie, last.tie)
                            }
                            win += chance * after.win
                            tie += chance * after.tie
                        }
                        return (win, tie)
                    }
                    let whole = layout.fixedPlayEndings(at: (mine, theirs), values: solver.values, ties: solver.ties)
                    let read = layout.fixedPlayEndings(
                        at: (mine, theirs), values: solver.values, ties: solver.ties, followed: followed)
                    if read.banked.count < whole.banked.count { served += 1 }
                    let (a, b) = (weighed(whole), weighed(read))
                    worst = max(worst, abs(a.win - b.win), abs(a.tie - b.tie), abs(whole.farkle - read.farkle))
                }
            }
            #expect(served > levels * levels / 2, "\(served) of \(levels * levels) turns read the followed rows")
            #expect(worst < 1e-12, "largest difference \(worst) under \(rules.game.entryMinimum)")
        }
    }

    @Test(
        "each pair's turn solved below the target reads as the whole table below 300 turn points, entry minimum too")
    func turnTablesBelowTheTarget() throws {
        for entryMinimum in [0, 500] {
            var rules = smallRules
            rules.game.entryMinimum = entryMinimum
            let solver = try WinProbabilitySolver(rules: rules, threads: 2)
            let tables = WinTurnTables(solver: solver, threads: 2)
            var (worst, belowOnly, pairs) = (0.0, 0, 0)
            for mine in stride(from: 0, to: 1_000, by: 50) {
                for theirs in stride(from: 0, to: 1_000, by: 50) {
                    let read = tables.turnTable(myScore: mine, opponentScore: theirs, readBelow: 301)
                    let whole = solver.turnTable(myScore: mine, opponentScore: theirs)
                    pairs += 1
                    if read.solvedLevels < read.top { belowOnly += 1 }
                    #expect(
                        read.openingValue == whole.openingValue || abs(read.openingValue - whole.openingValue) < 1e-13)
                    for points in stride(from: 0, through: 300, by: 50) {
                        #expect(read.bankValue(turnPoints: points) == whole.bankValue(turnPoints: points))
                        for dice in 1...6 {
                            let (a, b) = (
                                read.value(turnPoints: points, diceLeft: dice),
                                whole.value(turnPoints: points, diceLeft: dice)
                            )
                            worst = max(worst, abs(a - b))
                            // The play is the same wherever banking and rolling are not within rounding of each other.
                            if let bank = whole.bankValue(turnPoints: points), abs(bank - b) > 1e-9 || a == b {
                                #expect(
                                    read.decision(turnPoints: points, diceLeft: dice)
                                        == whole.decision(turnPoints: points, diceLeft: dice))
                            }
                        }
                    }
                }
            }
            #expect(belowOnly > pairs / 2, "\(belowOnly) of \(pairs) turns solved below the target only")
            #expect(worst < 1e-12, "largest difference \(worst)")
        }
    }

    @Test("turns with repeated farkle payoffs, more than one run holds: every turn served, no piece overlapping")
    func repeatedPayoffs() throws {
        let table = ScoringTable(rules: smallRules)
        let turn = WinTurn(table: table, gameEndings: false)
        let finalRound = FinalRoundTable(turn: turn, leastBank: 300)
        let rows = 20 + turn.maximumJump + 1
        // 100 turns at one payoff, then 100 at each of two more: every cut into 32 runs falls inside a repeat.
        var turns: [(farkle: Double, firstLead: Int)] = []
        for (index, farkle) in [0.25, 0.5, 0.5, 0.75].enumerated() {
            for lead in 0..<(index == 0 ? 100 : 50) { turns.append((farkle, lead % 20)) }
        }
        let past = PastTargetRows(
            turn: turn, finalRound: finalRound, topBank: 1, rows: rows, serving: turns, threads: 2)
        let filled = TurnTable(rows: turn.maximumJump + 1)
        defer { filled.deallocate() }
        for (farkle, lead) in turns {
            let served = past.fill(
                filled, fromLevel: 0, firstLead: lead, count: turn.maximumJump + 1, farkle: farkle, farkleAux: 0)
            #expect(served != nil, "payoff \(farkle), lead \(lead)")
        }
        #expect(past.pieces.count <= 3)
        for (first, second) in zip(past.pieces, past.pieces.dropFirst()) {
            #expect(first.high < second.low)
        }
    }

    /// Rows built to be played keep only the leads where their play depends on the farkle payoff and read the rest
    /// from rows they share.
    @Test("rows played share their top: every row as the table solved at the piece's payoff, every bank the same")
    func playedRowsShareTheirTop() throws {
        for entryMinimum in [0, 500] {
            var rules = smallRules
            rules.game.entryMinimum = entryMinimum
            let solver = try WinProbabilitySolver(rules: rules, threads: 1)
            let layout = solver.layout
            let entered = try #require(solver.entered)
            let past = try #require(
                solver.pastTargetRowsServingEveryPair(threads: 2, readsToTop: true, maximumBytes: 64 << 20))
            let sharing = past.pieces.filter { $0.sharedFrom < $0.leads.upperBound }
            #expect(past.pieces.count > 1)
            #expect(sharing.count == past.pieces.count, "\(sharing.count) of \(past.pieces.count) pieces share rows")
            #expect(sharing.contains { $0.sharedFrom > $0.leads.lowerBound }, "some piece keeps rows of its own")
            // The same pieces on one thread.
            let alone = try #require(
                solver.pastTargetRowsServingEveryPair(threads: 1, readsToTop: true, maximumBytes: 64 << 20))
            #expect(alone.pieces.map(\.sharedFrom) == past.pieces.map(\.sharedFrom))
            #expect(alone.pieces.map(\.values) == past.pieces.map(\.values))
            let top = max(entered.capLevel + 1, past.rows)
            var bank = [Double](repeating: 0, count: top)
            var bankTie = [Double](repeating: 0, count: top)
            for lead in 0..<top {
                (bank[lead], bankTie[lead]) = FinalRoundTable.bankReachingTarget(
                    total: lead, theirs: 0, finalRound: entered)
            }
            let direct = TurnTable(rows: top + layout.turn.maximumJump + 1)
            defer { direct.deallocate() }
            var worst = 0.0
            for piece in past.pieces {
                var unused = WinTurn.Validity.unbounded
                _ = layout.turn.solve(
                    top: top, topBank: layout.topBank, bank: bank, bankAux: bankTie, farkle: piece.farkle,
                    farkleAux: 0, into: direct, validity: &unused, tracking: false)
                for lead in piece.leads {
                    for dice in 1...6 {
                        let index = lead * TurnMechanics.statesPerLevel + dice
                        let read = piece.played(lead: lead, dice: dice, farkle: piece.farkle)
                        worst = max(worst, abs(read.value - direct.value[index]))
                        #expect(read.banks == direct.banks[index], "lead \(lead), \(dice) dice")
                    }
                }
            }
            #expect(worst < 1e-11, "largest difference \(worst)")
        }
    }
}
