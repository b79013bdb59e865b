import Testing

@_spi(Kernels) @testable import FarkleKit

/// Only single 1s score (100 each), banking with any dice, hot dice optional: few keeps per roll and short
/// turns, so the brute force and the final-round table stay cheap in a debug build. Six 1s win at once.
private func onesOnly(target: Int, finalRound: Bool = false, entryMinimum: Int = 0) -> RuleSet {
    RuleSet(
        name: "ones-only-\(target)",
        combinations: CombinationPoints(singleOne: 100),
        turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(target: target, finalRound: finalRound, entryMinimum: entryMinimum))
}

/// Single 1s and 5s and three of a kind, banking with 1 or 2 dice, mandatory hot dice and the six-dice
/// farkle of `standard` on the opening roll: the turn mechanics of `standard` with shorter turns.
private func smallStandard(target: Int, entryMinimum: Int = 0) -> RuleSet {
    RuleSet(
        name: "small-standard-\(target)",
        combinations: CombinationPoints(singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
        turn: TurnRules(),
        game: GameRules(target: target, finalRound: true, entryMinimum: entryMinimum))
}

/// `rules` raced to `target`, with or without a final round.
private func racing(_ rules: RuleSet, to target: Int, finalRound: Bool) -> RuleSet {
    var rules = rules
    rules.game.end = .target(target, finalRound: finalRound)
    return rules
}

extension RuleSet {
    /// These rules with an entry minimum of `points`.
    fileprivate func withEntryMinimum(_ points: Int) -> RuleSet {
        var rules = self
        rules.game.entryMinimum = points
        return rules
    }
}

/// Compares the solver with the brute force at every pair of totals.
private func expectAgreement(_ rules: RuleSet, tolerance: Double = 1e-11) throws {
    let solver = try WinProbabilitySolver(rules: rules)
    let brute = WinBruteForce(rules: rules).raceValues()
    let step = solver.table.scoreStep
    var worst = 0.0
    for mine in 0..<solver.levels {
        for theirs in 0..<solver.levels {
            worst = max(worst, abs(solver.value(mine: mine * step, theirs: theirs * step) - brute[mine][theirs]))
        }
    }
    #expect(worst < tolerance, "largest difference \(worst) for \(rules.name)")
}

@Suite("Win-probability solver")
struct WinProbabilitySolverTests {
    @Test("a game too large to hold names what to lower: the target, or under a penalty also the penalty")
    func sizeRemedy() {
        var race = RuleSet.standard
        race.game.end = .target(1_000_000, finalRound: true)
        var penalty = RuleSet.zilch
        penalty.turn.threeFarklePenalty = .points(1_000_000)
        for (rules, remedy) in [
            (race, "(about 1 GiB): lower the target"),
            (penalty, "lower the target or the penalty, or raise the lowest total tabulated"),
        ] {
            do {
                try WinProbabilitySolver.checkSize(of: rules)
                Issue.record("\(rules.name) was not refused")
            } catch {
                #expect(error.description.hasSuffix(remedy), "\(error.description)")
            }
        }
    }

    @Test("a race to 500 matches the brute force at every pair of totals (six 1s win at once)")
    func onesOnlyRace() throws {
        try expectAgreement(onesOnly(target: 500))
    }

    @Test("six of any face winning at once, where six 2s to 6s score nothing, matches the brute force")
    func anySixOfAKindWins() throws {
        var rules = onesOnly(target: 500)
        rules.game.instantWinFaces = Set(1...6)
        try expectAgreement(rules)
        rules.game.end = .target(300, finalRound: true)
        try expectAgreement(rules)
    }

    @Test("six of a kind that loses at once matches the brute force: six 1s, and six 2s to 6s that score nothing")
    func sixOfAKindLoses() throws {
        var rules = onesOnly(target: 500)
        rules.game.instantLossFaces = [2, 3, 4, 5, 6]
        try expectAgreement(rules)
        rules.game.end = .target(300, finalRound: true)
        try expectAgreement(rules)
        var ones = racing(.cardgames, to: 300, finalRound: false)
        ones.game.instantLossFaces = [1]
        try expectAgreement(ones)
        // Banking with 1 or 2 dice only: above the target a player with more dice must roll on, and may lose.
        var mustRoll = racing(smallStandard(target: 300), to: 300, finalRound: false)
        mustRoll.game.instantLossFaces = [1, 2]
        try expectAgreement(mustRoll)
        // The final round's last turn, where a player far behind must roll on and may lose.
        var last = smallStandard(target: 100)
        last.game.instantLossFaces = [1, 2]
        let solver = try WinProbabilitySolver(rules: last)
        let brute = WinBruteForce(rules: last)
        for deficit in stride(from: 50, through: 1500, by: 50) {
            let expected = brute.finalRoundValue(deficit: deficit, entered: true)
            #expect(abs(solver.finalRoundValue(deficit: deficit) - expected) < 1e-12, "deficit \(deficit)")
        }
        // With an entry minimum, where the turn of a player not yet on the board is a table of its own.
        var entry = onesOnly(target: 500, entryMinimum: 300)
        entry.game.sixOnesWin = false
        entry.game.instantLossFaces = [1, 6]
        try expectAgreement(entry)
    }

    @Test("cardgames raced to 300 where six 6s win at once and six 1s score matches the brute force")
    func sixSixesWin() throws {
        var rules = racing(.cardgames, to: 300, finalRound: false)
        rules.game.instantWinFaces = [6]
        try expectAgreement(rules)
    }

    @Test("a race to 300 with a final round matches the brute force at every pair of totals")
    func onesOnlyFinalRound() throws {
        try expectAgreement(onesOnly(target: 300, finalRound: true))
    }

    @Test(
        "with a final round a keep scoring less can be worth more: every keep is weighed, and the values are the brute force's",
        .leftOutOfCoverage
    )
    func finalRoundLesserKeeps() throws {
        // Reaching the target with a small lead hands the opponent a last turn that often beats it, so staying
        // short of it can be worth more: with the best keep of each size alone the solver gave the first player
        // of a race to 150 scored by 1s and 5s 0.566952, where every keep (the brute force, and a recursion
        // written apart from this package) gives 0.567086.
        let onesAndFives = RuleSet(
            name: "ones-and-fives-150", combinations: CombinationPoints(singleOne: 100, singleFive: 50),
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
            game: GameRules(target: 150, finalRound: true, sixOnesWin: false))
        try expectAgreement(onesAndFives)
        #expect(abs(try WinProbabilitySolver(rules: onesAndFives).firstPlayerValue - 0.567085512816460) < 1e-12)
        // Banking with 1 or 2 dice left only (or after hot dice), raced to 300: 0.30 apart before at (250, 0).
        var twoDice = racing(onesAndFives, to: 300, finalRound: true)
        twoDice.turn.bankingDiceLeft = [1, 2]
        try expectAgreement(twoDice)
        // Five-thousand's scoring (five dice, the straight of 1,500) raced to 150.
        try expectAgreement(racing(.fiveThousand, to: 150, finalRound: true).withEntryMinimum(0))
    }

    @Test("a race to 1,000 with a final round matches the brute force, its rows past the target read by lead")
    func finalRoundRowsByLead() throws {
        // Ten levels: 25 stretches of farkle payoffs past the target are solved once, and most turns read them.
        try expectAgreement(onesOnly(target: 1_000, finalRound: true))
    }

    @Test("with a final round and an entry minimum, a player yet to enter and one facing a new player, too")
    func finalRoundRowsByLeadEntryMinimum() throws {
        try expectAgreement(onesOnly(target: 800, finalRound: true, entryMinimum: 300))
    }

    @Test("an entry minimum of 300 matches the brute force")
    func entryMinimum() throws {
        try expectAgreement(onesOnly(target: 500, entryMinimum: 300))
    }

    @Test(
        "a scoreless opening roll rolled again (a third of all opening rolls with single 1s only) matches the brute force, with and without a final round, and under a three-farkle penalty"
    )
    func openingRerolled() throws {
        var rules = onesOnly(target: 500)
        rules.turn.rerollsScorelessOpeningRoll = true
        try expectAgreement(rules)
        // The rule counts: every pair's value moves (the first player's by more than a point of percentage).
        var plain = rules
        plain.turn.rerollsScorelessOpeningRoll = false
        let (with, without) = (try WinProbabilitySolver(rules: rules), try WinProbabilitySolver(rules: plain))
        #expect(abs(with.firstPlayerValue - without.firstPlayerValue) > 0.01)
        rules.game.end = .target(300, finalRound: true)
        try expectAgreement(rules)
        let solver = try WinProbabilitySolver(rules: rules)
        let brute = WinBruteForce(rules: rules)
        for deficit in stride(from: 100, through: 1000, by: 300) {
            let expected = brute.finalRoundValue(deficit: deficit, entered: true)
            #expect(abs(solver.finalRoundValue(deficit: deficit) - expected) < 1e-12, "deficit \(deficit)")
        }
        rules.game.end = .target(300, finalRound: false)
        try expectPenaltyAgreement(penalized(rules, penalty: 200), floor: -400)
    }

    @Test("cardgames raced to 300 matches the brute force at every pair of totals")
    func cardgamesRace() throws {
        try expectAgreement(racing(.cardgames, to: 300, finalRound: false))
    }

    @Test("the final-round turn matches the brute force for deficits up to 1,500")
    func finalRound() throws {
        // The final-round turn does not depend on the target: a short race keeps the rest of the solve cheap.
        let rules = smallStandard(target: 100)
        let solver = try WinProbabilitySolver(rules: rules)
        let brute = WinBruteForce(rules: rules)
        for deficit in stride(from: 50, through: 1500, by: 50) {
            let expected = brute.finalRoundValue(deficit: deficit, entered: true)
            #expect(abs(solver.finalRoundValue(deficit: deficit) - expected) < 1e-12, "deficit \(deficit)")
        }
    }

    @Test("the final-round turn of a player yet to enter (entry minimum 500) matches the brute force")
    func finalRoundBeforeEntering() throws {
        let rules = smallStandard(target: 100, entryMinimum: 500)
        let solver = try WinProbabilitySolver(rules: rules)
        let brute = WinBruteForce(rules: rules)
        for deficit in [50, 300, 500, 550, 1000] {
            let expected = brute.finalRoundValue(deficit: deficit, entered: false)
            #expect(
                abs(solver.finalRoundValue(deficit: deficit, hasEntered: false) - expected) < 1e-12,
                "deficit \(deficit)")
        }
    }

    @Test("win, tie and loss add up to 1 and the value is P(win) + ½ P(tie)")
    func probabilities() throws {
        let solver = try WinProbabilitySolver(rules: onesOnly(target: 1000, finalRound: true))
        let sum = solver.firstPlayerWinProbability + solver.tieProbability + solver.firstPlayerLossProbability
        #expect(abs(sum - 1) < 1e-12)
        #expect(solver.tieProbability > 0)
        #expect(abs(solver.firstPlayerWinProbability + solver.tieProbability / 2 - solver.firstPlayerValue) < 1e-15)
        // Moving first is an advantage; the fair head start takes most of it away.
        #expect(solver.firstPlayerValue > 0.5)
        #expect(abs(solver.fairHeadStart.firstPlayerValue - 0.5) < abs(solver.firstPlayerValue - 0.5))
    }

    @Test("the same numbers on one thread and on two")
    func threads() throws {
        let rules = onesOnly(target: 1000, finalRound: true)
        let one = try WinProbabilitySolver(rules: rules, threads: 1)
        let two = try WinProbabilitySolver(rules: rules, threads: 2)
        #expect(one.firstPlayerValue == two.firstPlayerValue)
        #expect(one.tieProbability == two.tieProbability)
    }

    @Test("penalties, fixed rounds and more than two players are refused with a reason")
    func unsupported() {
        var three = RuleSet.standard
        three.game.players = 3
        #expect(throws: NotCovered.self) { try WinProbabilitySolver(rules: three) }
        var rounds = RuleSet.standard
        rounds.game.end = .rounds(10)
        #expect(throws: NotCovered.self) { try WinProbabilitySolver(rules: rounds) }
        #expect(throws: NotCovered.self) { try WinProbabilitySolver(rules: .zilch) }
    }

    // MARK: - A target hit exactly

    @Test(
        "a target hit exactly (a bank past it busts) matches the brute force at every pair of totals: six 1s winning at once or scoring, and an entry minimum",
        arguments: [true, false])
    func exactTarget(sixOnesWin: Bool) throws {
        var rules = hittingExactly(onesOnly(target: 800))
        rules.game.sixOnesWin = sixOnesWin
        try expectAgreement(rules)
        try expectAgreement(hittingExactly(onesOnly(target: 500, entryMinimum: 300)))
    }

    @Test("a target hit exactly with 5s and three of a kind matches the brute force; banks past the target bust")
    func exactTargetSmallStandard() throws {
        // Banking with 1 to 5 dice left: standard's 1 or 2 could never bank 50 (the rule file refuses that).
        var base = racing(smallStandard(target: 300), to: 300, finalRound: false)
        base.turn.bankingDiceLeft = [1, 2, 3, 4, 5]
        let rules = hittingExactly(base)
        try expectAgreement(rules)
        let solver = try WinProbabilitySolver(rules: rules)
        // 250 short with 350 on the table: banking busts, worth what a farkle is.
        let turn = solver.turnTable(myScore: 50, opponentScore: 0)
        #expect(turn.bankValue(turnPoints: 350) == turn.farkleValue)
        #expect(turn.bankValue(turnPoints: 250) == 1)
        #expect(turn.decision(turnPoints: 250, diceLeft: 2) == .bank)
        // Hitting it exactly is harder than reaching it: the first player's chance moves, and games last longer.
        let reaching = try WinProbabilitySolver(rules: base)
        #expect(abs(solver.firstPlayerValue - reaching.firstPlayerValue) > 1e-3)
    }

    @Test("under a three-farkle penalty a bust counts as a farkle in a row: the penalty solver matches the brute force")
    func exactTargetPenalty() throws {
        try expectPenaltyAgreement(hittingExactly(penalized(onesOnly(target: 300), penalty: 100)), floor: -300)
    }

    // MARK: - Three-farkle penalty

    @Test("a race to 200 with a penalty of 100 matches the brute force in every state, below zero too")
    func penaltyRace() throws {
        try expectPenaltyAgreement(penalized(onesOnly(target: 200), penalty: 100), floor: -300)
    }

    @Test("under a penalty, six 2s to 6s that lose at once: the penalty solver matches the brute force")
    func penaltyRaceLosses() throws {
        var rules = penalized(onesOnly(target: 200), penalty: 100)
        rules.game.instantLossFaces = [2, 3, 4, 5, 6]
        try expectPenaltyAgreement(rules, floor: -300)
    }

    @Test("with a final round (rows past the target by lead) the penalty solver matches the brute force")
    func penaltyRaceFinalRound() throws {
        try expectPenaltyAgreement(penalized(onesOnly(target: 200, finalRound: true), penalty: 100), floor: -300)
    }

    @Test("with a final round and a least bank above some steps to the target, too")
    func penaltyRaceFinalRoundLeastBank() throws {
        var rules = penalized(onesOnly(target: 300, finalRound: true), penalty: 100)
        rules.turn.minimumBank = 200
        try expectPenaltyAgreement(rules, floor: -200)
    }

    @Test("a third farkle that takes the whole total: the penalty solver matches the brute force, final round or not")
    func wholeTotalPenalty() throws {
        try expectPenaltyAgreement(penalized(onesOnly(target: 300), penalty: .wholeTotal), floor: 0)
        try expectPenaltyAgreement(penalized(onesOnly(target: 300, finalRound: true), penalty: .wholeTotal), floor: 0)
        // A floor below zero tabulates totals no one reaches: the whole total still falls to zero, not the floor.
        try expectPenaltyAgreement(penalized(onesOnly(target: 200), penalty: .wholeTotal), floor: -200)
    }

    @Test("a penalty that is no multiple of the scores' step (150 where 1s score 100) is taken exactly, not rounded")
    func penaltyOffStep() throws {
        let rules = penalized(onesOnly(target: 300), penalty: 150)
        #expect(ScoringTable(rules: rules).scoreStep == 50)
        // Two penalties below zero: -150 and -300, where the floor holds the total.
        try expectPenaltyAgreement(rules, floor: -300)
    }

    // MARK: - A scoreless opening roll that costs points

    @Test(
        "a scoreless opening roll that costs 100, with no penalty, final round or not: the brute force in every state, below zero too"
    )
    func openingCostRace() throws {
        // Only 1s score: a third of opening rolls (5/6 to the sixth) cost the 100.
        try expectPenaltyAgreement(costing(onesOnly(target: 300), 100), floor: -400)
        try expectPenaltyAgreement(costing(onesOnly(target: 200, finalRound: true), 100), floor: -300)
    }

    @Test("a scoreless opening roll that costs 100 under a penalty of points or of the whole total: the brute force")
    func openingCostPenaltyRace() throws {
        try expectPenaltyAgreement(costing(penalized(onesOnly(target: 200), penalty: 100), 100), floor: -400)
        try expectPenaltyAgreement(
            costing(penalized(onesOnly(target: 200, finalRound: true), penalty: .wholeTotal), 200), floor: -400)
    }

    @Test(
        "the cost is solved by the race's layout under a penalty: a lower value for the first player than without it, sweeps that settle, the default floor four costs below zero"
    )
    func openingCostSolved() throws {
        let rules = costing(onesOnly(target: 300), 100)
        #expect(WinGameKind(rules) == .penaltyRace)
        #expect(PenaltyWinSolver.defaultFloor(rules: rules) == -400)
        let solver = try #require(try ScoringTable(rules: rules).solveToWin(threads: 2) as? PenaltyWinSolver)
        #expect(solver.floor == -400 && solver.lastChange <= PenaltyWinSolver.tolerance)
        // The farkles in a row count for nothing: every count holds the same values.
        #expect(solver.value(mine: 100, theirs: 0, myFarkles: 2) == solver.value(mine: 100, theirs: 0))
        let plain = try WinProbabilitySolver(rules: onesOnly(target: 300))
        #expect(abs(solver.firstPlayerValue - plain.firstPlayerValue) > 1e-4)
        // A game of rounds played to win follows it in its own layout, where only the lead counts
        // (RoundsWinSolverTests).
        var rounds = rules
        rounds.game.end = .rounds(2)
        #expect(try ScoringTable(rules: rounds).solveToWin(threads: 1) is RoundsWinSolver)
    }

    @Test("losing the whole total is worth less to the player to move than losing 100 points, from 200 up")
    func wholeTotalCostsMore() throws {
        let race = onesOnly(target: 400)
        let total = try PenaltyWinSolver(rules: penalized(race, penalty: .wholeTotal))
        let points = try PenaltyWinSolver(rules: penalized(race, penalty: 100), floor: 0)
        // Two farkles in a row at 300 against 0: the third costs 300 or 100.
        #expect(total.value(mine: 300, theirs: 0, myFarkles: 2) < points.value(mine: 300, theirs: 0, myFarkles: 2))
        #expect(total.floor == 0)
    }

    @Test("with a penalty of 0 the farkle counts change nothing: the values of the solver without one, final round too")
    func zeroPenalty() throws {
        let rules = onesOnly(target: 500, finalRound: true)
        let plain = try WinProbabilitySolver(rules: rules)
        let counted = try PenaltyWinSolver(rules: penalized(rules, penalty: 0), floor: 0)
        var worst = 0.0
        for mine in stride(from: 0, to: 500, by: 100) {
            for theirs in stride(from: 0, to: 500, by: 100) {
                for myFarkles in 0...2 {
                    for theirFarkles in 0...2 {
                        let value = counted.value(
                            mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
                        worst = max(worst, abs(value - plain.value(mine: mine, theirs: theirs)))
                    }
                }
            }
        }
        #expect(worst < 1e-11, "largest difference \(worst)")
        #expect(abs(counted.tieProbability - plain.tieProbability) < 1e-11)
        #expect(counted.tieProbability > 0)
    }

    @Test("lowering the floor on negative totals changes no value at totals of zero or more by 1e-9")
    func penaltyFloor() throws {
        let rules = penalized(onesOnly(target: 300), penalty: 100)
        let shallow = try PenaltyWinSolver(rules: rules, floor: -600)
        let deep = try PenaltyWinSolver(rules: rules, floor: -1200)
        var worst = 0.0
        for mine in stride(from: 0, to: 300, by: 100) {
            for theirs in stride(from: 0, to: 300, by: 100) {
                for myFarkles in 0...2 {
                    for theirFarkles in 0...2 {
                        let difference =
                            shallow.value(mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
                            - deep.value(mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
                        worst = max(worst, abs(difference))
                    }
                }
            }
        }
        #expect(worst < 1e-9, "largest difference \(worst)")
        #expect(shallow.lastChange <= PenaltyWinSolver.tolerance)
    }
}

/// `rules` whose target must be hit exactly (a race won at once).
private func hittingExactly(_ rules: RuleSet) -> RuleSet {
    var rules = rules
    rules.name += "-exact"
    rules.game.mustHitTargetExactly = true
    return rules
}

/// `rules` with the three-farkle penalty `penalty` (points, or the whole total).
private func penalized(_ rules: RuleSet, penalty: ThreeFarklePenalty) -> RuleSet {
    var rules = rules
    rules.name += "-penalty"
    rules.turn.threeFarklePenalty = penalty
    return rules
}

/// `rules` where a scoreless opening roll costs `cost` points.
private func costing(_ rules: RuleSet, _ cost: Int) -> RuleSet {
    var rules = rules
    rules.name += "-cost"
    rules.turn.openingFarkleCost = cost
    return rules
}

/// Compares the penalty solver with the brute force in every state, totals from `floor` up.
private func expectPenaltyAgreement(_ rules: RuleSet, floor: Int) throws {
    let solver = try PenaltyWinSolver(rules: rules, floor: floor)
    let brute = WinBruteForce(rules: rules).penaltyValues(floor: floor)
    let step = solver.table.scoreStep
    var worst = 0.0
    for mine in 0..<solver.levels {
        for theirs in 0..<solver.levels {
            for myFarkles in 0...2 {
                for theirFarkles in 0...2 {
                    let value = solver.value(
                        mine: floor + mine * step, theirs: floor + theirs * step, myFarkles: myFarkles,
                        theirFarkles: theirFarkles)
                    worst = max(worst, abs(value - brute[myFarkles][theirFarkles][mine][theirs]))
                }
            }
        }
    }
    #expect(worst < 1e-11, "largest difference \(worst) for \(rules.name)")
    #expect(solver.lastChange <= PenaltyWinSolver.tolerance)
}

@Suite("The final round is solved only where it settles")
struct UnsettledFinalRoundTests {
    @Test(
        "a keep that scores past every deficit the final round is solved for is refused, with or without a penalty",
        arguments: [nil, 500] as [Int?])
    func hugeKeep(penalty: Int?) throws {
        // A hot-dice bonus of a million: a last turn 200,000 points behind still catches up with one hot dice, so
        // taking every larger deficit as lost (the table's cap) would give wrong chances.
        var rules = RuleSet.standard
        rules.name = "huge-bonus"
        rules.turn.hotDiceBonus = 1_000_000
        rules.game.end = .target(1000, finalRound: true)
        rules.turn.threeFarklePenalty = penalty.map { .points($0) }
        let reason: String
        do {
            if penalty == nil {
                _ = try WinProbabilitySolver(rules: rules)
            } else {
                _ = try PenaltyWinSolver(rules: rules)
            }
            Issue.record("solved a final round that never settles")
            return
        } catch {
            reason = error.description
        }
        #expect(reason.contains("can still catch up from 200000 points behind"), "\(reason)")
        // Won at once at the target there is no final round, and the race is solved.
        rules.game.end = .target(1000, finalRound: false)
        if penalty == nil { _ = try WinProbabilitySolver(rules: rules) }
    }

    // Ten seconds of debug-build solves that add no line to the coverage run: left out of it.
    @Test("every final-round table of the presets settles within its cap", .leftOutOfCoverage)
    func presetsSettle() {
        for rules in RuleSet.presets.values where rules.game.end.hasFinalRound {
            let table = ScoringTable(rules: rules)
            let final = FinalRoundTable(turn: WinTurn(table: table), leastBank: table.turnMechanics.minimumBank)
            #expect(final.isSettled && final.capLevel < FinalRoundTable.maximumLevels, "\(rules.name)")
        }
    }
}
