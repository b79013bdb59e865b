import Testing

@testable import FarkleKit

/// Single 1s (100) and 5s (50) only, banking with any dice: a game of `rounds` rounds with `extraRounds`
/// extra rounds on a tie, whose turns are short enough for the brute force in a debug build.
private func onesAndFives(rounds: Int, extraRounds: Int) -> RuleSet {
    RuleSet(
        name: "ones-and-fives-\(rounds)-rounds",
        combinations: CombinationPoints(singleOne: 100, singleFive: 50),
        turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(end: .rounds(rounds), sixOnesWin: false, extraRoundsOnTie: extraRounds))
}

/// Single 1s (100) only: the shortest turns and a score step of 100, for the tests that solve more than once.
private func onesOnly(rounds: Int, extraRounds: Int) -> RuleSet {
    var rules = onesAndFives(rounds: rounds, extraRounds: extraRounds)
    rules.name = "ones-only-\(rounds)-rounds"
    rules.combinations = CombinationPoints(singleOne: 100)
    return rules
}

/// `farkleten` shortened to `rounds` rounds (its extra rounds and tie-break as they are).
private func farkleten(rounds: Int, extraRounds: Int = 5) -> RuleSet {
    var rules = RuleSet.farkleten
    rules.name = "farkleten-\(rounds)"
    rules.game.end = .rounds(rounds)
    rules.game.extraRoundsOnTie = extraRounds
    return rules
}

extension WinBruteForce {
    /// The values of the player to move at the start of every turn of a game of rounds, `values[turn][d]`
    /// for differences `-cap + step ... cap - step` at index `d / step + cap / step`, straight from the rules:
    /// a turn that ends `cap` points or more ahead wins, that far behind loses (as the solver counts it).
    func roundsValues(cap: Int) -> [[Double]] {
        guard case .rounds(let rounds) = rules.game.end else { fatalError("a game of rounds") }
        let turns = 2 * (rounds + rules.game.extraRoundsOnTie)
        let levels = cap / step
        var values = [[Double]](repeating: [Double](repeating: .nan, count: 2 * levels + 1), count: turns + 1)
        // The value to the player who ends turn `turn` `lead` points ahead.
        func ending(_ turn: Int, _ lead: Int) -> Double {
            if lead >= cap { return 1 }
            if lead <= -cap { return 0 }
            let round = turn / 2 + 1
            let lastSeat = turn % 2 == 1
            if lastSeat && round >= rounds && lead != 0 { return lead > 0 ? 1 : 0 }
            if lastSeat && turn == turns - 1 { return 0.5 }
            return 1 - values[turn + 1][-lead / step + levels]
        }
        // A scoreless opening roll that costs points ends the turn with the lead less the cost.
        let cost = rules.turn.scorelessOpeningRollCost
        for turn in stride(from: turns - 1, through: 0, by: -1) {
            for level in (1 - levels)...(levels - 1) {
                let difference = level * step
                let clamp = max(cap - difference, rules.turn.minimumBank, step)
                values[turn][level + levels] = turnValue(
                    farkle: ending(turn, difference), openingFarkle: cost > 0 ? ending(turn, difference - cost) : nil,
                    clamp: clamp, entered: true
                ) { points in ending(turn, difference + points) }
            }
        }
        return values
    }
}

/// A game of rounds solved by the brute force with a cap of `cap` points on the difference, and what ending a turn
/// is worth in it.
private struct BruteRounds {
    let values: [[Double]]
    let cap: Int
    let step: Int
    let rounds: Int
    let turns: Int

    init(rules: RuleSet, cap: Int) {
        let brute = WinBruteForce(rules: rules)
        values = brute.roundsValues(cap: cap)
        self.cap = cap
        step = brute.step
        rounds = rules.game.end.rounds ?? 0
        turns = 2 * (rounds + rules.game.extraRoundsOnTie)
    }

    /// What ending turn `turn` `lead` points ahead is worth to its player, as the brute force counts it.
    func ending(_ turn: Int, _ lead: Int) -> Double {
        if lead >= cap { return 1 }
        if lead <= -cap { return 0 }
        if turn % 2 == 1 && turn / 2 + 1 >= rounds && lead != 0 { return lead > 0 ? 1 : 0 }
        if turn % 2 == 1 && turn == turns - 1 { return 0.5 }
        return 1 - values[turn + 1][-lead / step + cap / step]
    }
}

@Suite("The win solver of a game of fixed rounds")
struct RoundsWinSolverTests {
    @Test(
        "every turn-start value equals an independent brute force (2 rounds, 2 extra rounds, cap 1,000), a scoreless opening roll that costs points included"
    )
    func matchesBruteForce() throws {
        // Six 1s that win at once, and six of any face, where six 2s to 6s score nothing but win.
        var sixOnes = onesAndFives(rounds: 2, extraRounds: 1)
        sixOnes.game.sixOnesWin = true
        var anyFace = onesOnly(rounds: 2, extraRounds: 1)
        anyFace.game.instantWinFaces = Set(1...6)
        var farkletenSixes = farkleten(rounds: 1, extraRounds: 1)
        farkletenSixes.game.instantWinFaces = [6]
        farkletenSixes.game.instantLossFaces = [1]
        // A scoreless opening roll that costs 100, or 250 (more than a step, lowering the lead by five).
        var cost = onesAndFives(rounds: 2, extraRounds: 2)
        cost.turn.openingFarkleCost = 100
        var largerCost = onesAndFives(rounds: 2, extraRounds: 1)
        largerCost.turn.openingFarkleCost = 250
        for rules in [
            onesAndFives(rounds: 2, extraRounds: 2), farkleten(rounds: 1, extraRounds: 1), sixOnes, anyFace,
            farkletenSixes, cost, largerCost,
        ] {
            let cap = 1000
            let solver = try RoundsWinSolver(rules: rules, threads: 2, differenceCap: cap)
            let brute = WinBruteForce(rules: rules).roundsValues(cap: cap)
            let step = solver.table.scoreStep
            var largest = 0.0
            for turn in 0..<solver.turns {
                let openingExtra = turn >= 2 * solver.rounds && turn % 2 == 0
                for level in (1 - cap / step)...(cap / step - 1) where !openingExtra || level == 0 {
                    let value = solver.value(turnIndex: turn, difference: level * step)
                    largest = max(largest, abs(value - brute[turn][level + cap / step]))
                }
            }
            #expect(largest < 1e-12, "\(rules.name): largest difference \(largest)")
        }
    }

    @Test(
        "advice in an extra round: a farkle and every bank after a keep are worth what the brute force gives at that turn"
    )
    func extraRoundAdvice() throws {
        let rules = onesAndFives(rounds: 2, extraRounds: 2)
        let cap = 1000
        let solver = try RoundsWinSolver(rules: rules, threads: 2, differenceCap: cap)
        let brute = BruteRounds(rules: rules, cap: cap)
        let ending = brute.ending
        let advisor = try Advisor(table: solver.table, game: solver)
        // Extra round 1 from equal totals (turn 4), and its second turn 150 behind (turn 5); extra round 2 (turn 6).
        for (extra, seat, mine, theirs) in [(1, 0, 300, 300), (1, 1, 300, 450), (2, 1, 500, 400), (2, 0, 250, 250)] {
            var situation = TurnSituation(roll: DiceCounts(faces: [1, 5, 5, 2, 3, 4]), turnPoints: 0)
            situation.myScore = mine
            situation.opponentScore = theirs
            situation.extraRound = extra
            situation.seatInRound = seat
            let win = try #require(try advisor.advice(for: situation).win)
            let turn = 2 * (2 + extra - 1) + seat
            #expect(abs(win.farkleValue - ending(turn, mine - theirs)) < 1e-12, "extra round \(extra), seat \(seat)")
            var banks = 0
            for option in win.options {
                guard let bank = option.bankValue else { continue }
                #expect(abs(bank - ending(turn, mine - theirs + option.keep.score)) < 1e-12, "\(option.keep.dice)")
                banks += 1
            }
            #expect(banks >= 3)
        }
        // Not from unequal totals at the first turn of an extra round, nor past the rules' extra rounds.
        var unequal = TurnSituation(roll: DiceCounts(faces: [1, 5]), turnPoints: 100)
        unequal.myScore = 300
        unequal.opponentScore = 400
        unequal.extraRound = 1
        #expect(throws: NotCovered.self) { try advisor.advice(for: unequal) }
        unequal.opponentScore = 300
        unequal.extraRound = 3
        #expect(throws: NotCovered.self) { try advisor.advice(for: unequal) }
    }

    @Test("doubling the chosen cap on the difference moves no value by more than its error bound")
    func capChangesNothing() throws {
        let rules = onesOnly(rounds: 1, extraRounds: 1)
        let solver = try RoundsWinSolver(rules: rules)
        let wide = try RoundsWinSolver(rules: rules, differenceCap: 2 * solver.differenceCap)
        #expect(solver.capErrorBound <= RoundsWinSolver.capTolerance)
        #expect(wide.capErrorBound < solver.capErrorBound)
        let step = solver.table.scoreStep
        var largest = 0.0
        for turn in 0..<2 * solver.rounds {
            for difference in stride(from: -solver.differenceCap, through: solver.differenceCap, by: step) {
                largest = max(
                    largest,
                    abs(
                        solver.value(turnIndex: turn, difference: difference)
                            - wide.value(turnIndex: turn, difference: difference)),
                    abs(
                        solver.tieProbability(turnIndex: turn, difference: difference)
                            - wide.tieProbability(turnIndex: turn, difference: difference)))
            }
        }
        #expect(largest <= solver.capErrorBound, "largest change \(largest)")
        // A cap that is too small does move the values: the comparison can fail.
        let narrow = try RoundsWinSolver(rules: rules, differenceCap: 400)
        #expect(abs(narrow.firstPlayerValue - solver.firstPlayerValue) > 1e-6)
    }

    @Test("the first player's figures add up, and the game is zero-sum at equal totals of the last turn")
    func figuresAddUp() throws {
        let solver = try RoundsWinSolver(rules: onesAndFives(rounds: 1, extraRounds: 1))
        let sum = solver.firstPlayerWinProbability + solver.tieProbability + solver.firstPlayerLossProbability
        #expect(abs(sum - 1) < 1e-15)
        #expect(solver.tieProbability > 0 && solver.tieProbability < 0.05)
        // The second player of the last turn, behind, can only win by scoring more.
        #expect(solver.value(turnIndex: solver.turns - 1, difference: -5000) < 1e-6)
        #expect(solver.value(turnIndex: 0, difference: 0) < solver.value(turnIndex: 0, difference: 100))
        let head = solver.fairHeadStart
        #expect(head.points % solver.table.scoreStep == 0)
        #expect(abs(head.firstPlayerValue - 0.5) <= abs(solver.firstPlayerValue - 0.5))
    }

    @Test("races, more than two players and a penalty are refused with a reason")
    func refusesOtherGames() {
        #expect(throws: NotCovered.self) { try RoundsWinSolver(rules: .standard) }
        var many = farkleten(rounds: 1)
        many.game.players = 3
        #expect(throws: NotCovered.self) { try RoundsWinSolver(rules: many) }
        var penalty = farkleten(rounds: 1)
        penalty.turn.threeFarklePenalty = 500
        #expect(throws: NotCovered.self) { try RoundsWinSolver(rules: penalty) }
    }

    @Test("a turn that may score too much for any lead to be safe is refused with a reason, not an overflow")
    func unboundedLeadRefused() throws {
        // kcd's scoring with single 1s at 50, a six-dice farkle of a million on every roll of six and 100,000 to
        // bank, in 3 rounds: the bound on a turn's gain finds no safe lead and the cap came out near Int.max, whose
        // width 2 cap + 1 overflowed (a trap in solve, report and --strategy win).
        var rules = RuleSet.kcd
        rules.combinations.singleOne = 50
        rules.turn.sixDiceFarkle = 1_000_000
        rules.turn.minimumBank = 100_000
        rules.game.end = .rounds(3)
        do {
            _ = try RoundsWinSolver(rules: rules)
            Issue.record("solved a game whose lead has no bound")
        } catch {
            #expect(error.description.contains("a lead of more than 67108864 score steps still open"))
            #expect(error.description.hasSuffix("lower the most points a turn can score"))
        }
        let layout = RoundsLayout(
            rounds: 3, extraRounds: 0, capLevel: .max, leastLevel: 1, turn: WinTurn(table: ScoringTable(rules: .kcd)))
        #expect(throws: NotCovered.self) { try layout.checkSize(rulesName: "kcd") }
    }

    @Test("exact odds: win against win is the solver's value; they and the simulator agree within 4 standard errors")
    func exactOddsAndSimulation() throws {
        // No highest-turn tie-break, so that a tie after every extra round is a tie in the simulator too.
        let rules = onesOnly(rounds: 2, extraRounds: 5)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let solver = try context.roundsWinSolver()
        let mirror = try ExactOdds(strategies: [.win, .win], context: &context)
        #expect(abs(mirror.winProbabilities[0] - solver.firstPlayerWinProbability) < 1e-12)
        #expect(abs(mirror.tieProbability - solver.tieProbability) < 1e-12)
        // So with six of any face winning at once: the exact odds play the solver's own turns.
        var instant = rules
        instant.game.instantWinFaces = Set(1...6)
        var instantContext = StrategyContext(table: ScoringTable(rules: instant))
        let instantSolver = try instantContext.roundsWinSolver()
        let instantMirror = try ExactOdds(strategies: [.win, .win], context: &instantContext)
        #expect(abs(instantMirror.winProbabilities[0] - instantSolver.firstPlayerWinProbability) < 1e-12)
        #expect(abs(instantSolver.firstPlayerWinProbability - solver.firstPlayerWinProbability) > 1e-6)
        for (specs, seed) in [
            ([StrategySpec.win, .win], UInt64(31)), ([.win, .expectedValue], 32), ([.expectedValue, .greedy], 33),
        ] {
            let exact = try ExactOdds(strategies: specs, context: &context)
            let seats = BuiltInStrategy.make(specs, context: &context)
            let games = 10_000
            let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: seed)
            #expect(tally.unfinishedGames == 0)
            let observed = Double(tally.seats[0].wins) / Double(games)
            let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
            #expect(
                abs(observed - exact.winProbabilities[0]) <= 4 * standardError,
                "\(specs): simulated \(observed), exact \(exact.winProbabilities[0]), standard error \(standardError)")
        }
    }

    @Test(
        "a scoreless opening roll that costs points: its farkle lowers the lead by the cost in the advice, and a turn's start is the brute force's"
    )
    func openingCostAdvice() throws {
        var rules = onesAndFives(rounds: 2, extraRounds: 1)
        rules.turn.openingFarkleCost = 100
        let cap = 1000
        let solver = try RoundsWinSolver(rules: rules, threads: 2, differenceCap: cap)
        let brute = BruteRounds(rules: rules, cap: cap)
        let ending = brute.ending
        for (turn, mine, theirs) in [(0, 0, 0), (1, 0, 150), (2, 300, 200), (3, 250, 400), (3, 950, 100)] {
            let table = solver.turnTable(turnIndex: turn, myScore: mine, opponentScore: theirs)
            let lead = mine - theirs
            let context = Comment(rawValue: "turn \(turn), \(mine) against \(theirs)")
            #expect(abs(table.openingValue - brute.values[turn][lead / brute.step + cap / brute.step]) < 1e-12, context)
            #expect(abs(table.farkleValue - ending(turn, lead)) < 1e-12, context)
            #expect(abs(table.openingFarkleValue - ending(turn, lead - 100)) < 1e-12, context)
        }
        // The cost moves the game: the first player's value is not the one without it.
        var free = rules
        free.turn.openingFarkleCost = 0
        let without = try RoundsWinSolver(rules: free, threads: 2, differenceCap: cap)
        #expect(abs(solver.firstPlayerValue - without.firstPlayerValue) > 1e-6)
    }

    @Test(
        "a scoreless opening roll that costs points: win against win is the solver's value, and the exact odds agree with simulated games within 4 standard errors"
    )
    func openingCostOdds() throws {
        // Only 1s score: a third of the opening rolls score nothing and cost 200.
        var rules = onesOnly(rounds: 2, extraRounds: 5)
        rules.turn.openingFarkleCost = 200
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let solver = try context.roundsWinSolver()
        #expect(solver.capErrorBound <= RoundsWinSolver.capTolerance)
        let mirror = try ExactOdds(strategies: [.win, .win], context: &context)
        #expect(abs(mirror.winProbabilities[0] - solver.firstPlayerWinProbability) < 1e-12)
        #expect(abs(mirror.tieProbability - solver.tieProbability) < 1e-12)
        for (specs, seed) in [
            ([StrategySpec.win, .expectedValue], UInt64(41)), ([.expectedValue, .greedy], 42), ([.greedy, .win], 43),
        ] {
            let exact = try ExactOdds(strategies: specs, context: &context)
            let seats = BuiltInStrategy.make(specs, context: &context)
            let games = 10_000
            let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: seed)
            #expect(tally.unfinishedGames == 0)
            for seat in 0..<2 {
                let observed = Double(tally.seats[seat].wins) / Double(games)
                let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
                #expect(
                    abs(observed - exact.winProbabilities[seat]) <= 4 * standardError,
                    "\(specs) seat \(seat + 1): simulated \(observed), exact \(exact.winProbabilities[seat]), standard error \(standardError)"
                )
            }
        }
    }
}
