import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Strategy specs and the simple strategies")
struct StrategyTests {
    @Test("reads ev, greedy, win and threshold specs and prints them back")
    func parsesSpecs() throws {
        #expect(try StrategySpec(parsing: "ev") == .expectedValue)
        #expect(try StrategySpec(parsing: "greedy") == .greedy)
        #expect(try StrategySpec(parsing: "win") == .win)
        #expect(try StrategySpec(parsing: "threshold:300,350") == .threshold([300, 350]))
        #expect(try StrategySpec(parsing: "threshold:1,2,3,4,5,6") == .threshold([1, 2, 3, 4, 5, 6]))
        for text in ["ev", "greedy", "threshold:300,350", "win"] {
            #expect(try StrategySpec(parsing: text).description == text)
        }
    }

    @Test(
        "rejects unknown names and bad thresholds with a message naming the spec",
        arguments: [
            "bold", "", "Win", "win:2", "threshold", "threshold:", "threshold:300", "threshold:a,b", "threshold:-1,2",
            "threshold:1,2,3,4,5,6,7", "threshold:300,,", "threshold:0,4611686018427387904",
            "threshold:1000000001,0", "threshold:0,99999999999999999999", "threshold:+5,5",
        ])
    func rejectsSpecs(text: String) {
        #expect {
            try StrategySpec(parsing: text)
        } throws: { error in
            (error as? StrategySpecError)?.description.hasPrefix("strategy '\(text)' ") == true
        }
    }

    @Test("the highest threshold a spec accepts doubles without overflow")
    func highestThreshold() throws {
        let highest = StrategySpec.maximumThreshold
        let spec = try StrategySpec(parsing: "threshold:\(highest),\(highest)")
        #expect(spec == .threshold([highest, highest]))
        #expect(ThresholdStrategy.completed([highest, highest]).last == highest * 16)
        let error = #expect(throws: StrategySpecError.self) { try StrategySpec(parsing: "threshold:0,\(highest + 1)") }
        #expect(error?.problem.contains("from 0 to \(highest)") == true)
    }

    @Test("missing thresholds double the one for a die fewer")
    func completedThresholds() {
        #expect(ThresholdStrategy.completed([300, 350]) == [0, 300, 350, 700, 1400, 2800, 5600])
        #expect(ThresholdStrategy.completed([1, 2, 3, 4, 5, 6]) == [0, 1, 2, 3, 4, 5, 6])
        // Doubling a huge threshold saturates instead of overflowing.
        #expect(ThresholdStrategy.completed([0, 1 << 62]) == [0, 0, 1 << 62, .max, .max, .max, .max])
    }

    @Test(
        "a threshold strategy gives no more thresholds than dice a player may bank with; ev-target plays races won at once"
    )
    func playableUnder() throws {
        // standard banks with 1 or 2 dice left: a third threshold would be read for nothing.
        #expect(StrategySpec.threshold([300, 300]).refusal(toPlay: .standard) == nil)
        let three = try #require(StrategySpec.threshold([300, 300, 0]).refusal(toPlay: .standard))
        #expect(three.contains("at most 2 dice left: give 2 thresholds"), "\(three)")
        // five-thousand banks with 1 to 4 dice left, and with all five after hot dice (not mandatory to roll).
        #expect(StrategySpec.threshold([1, 2, 3, 4, 5]).refusal(toPlay: .fiveThousand) == nil)
        #expect(StrategySpec.threshold([1, 2, 3, 4, 5, 6]).refusal(toPlay: .fiveThousand) != nil)
        // One die left only: the syntax's two thresholds are still accepted.
        var single = RuleSet.standard
        single.turn.bankingDiceLeft = [1]
        #expect(StrategySpec.threshold([300, 300]).refusal(toPlay: single) == nil)
        #expect(
            StrategySpec.threshold([300, 300, 300]).refusal(toPlay: single)?.contains("at most 1 die left") == true)
        // ev-target: kcd is a race won at the target at once, standard ends with a final round.
        #expect(StrategySpec.expectedValueToTarget.refusal(toPlay: .kcd) == nil)
        #expect(StrategySpec.expectedValueToTarget.refusal(toPlay: .standard) != nil)
        for spec: StrategySpec in [.expectedValue, .greedy, .win, .farkleTen(.hard)] {
            #expect(spec.refusal(toPlay: .standard) == nil)
        }
    }

    @Test("greedy and threshold take the highest-scoring keep of every roll")
    func highestKeep() {
        let table = ScoringTable(rules: .standard)
        let situation = GameSituation(players: 2, end: RuleSet.standard.game.end)
        let strategies = BuiltInStrategy.make([.greedy, .threshold([300, 300])], table: table)
        var generator = Xoshiro256StarStar(seed: 1)
        for dice in 1...6 {
            for multiset in 0..<DiceCatalog.shared.multisetCount(dice: dice) {
                guard let best = table.highestScoringKeep(dice: dice, multiset: multiset) else { continue }
                for strategy in strategies {
                    let move = strategy.move(
                        turnPoints: 0, dice: dice, multiset: multiset, situation: situation, using: &generator)
                    #expect(move.score == best.score && move.diceUsed == best.diceUsed)
                }
            }
        }
        #expect(strategies.map(\.name) == ["greedy", "threshold:300,300"])
    }

    @Test("greedy always banks; threshold banks from its threshold for the dice left")
    func banking() {
        let table = ScoringTable(rules: .standard)
        let situation = GameSituation(players: 2, end: RuleSet.standard.game.end)
        let greedy = GreedyStrategy(table: table)
        let threshold = ThresholdStrategy(table: table, thresholds: [300, 500])
        var generator = Xoshiro256StarStar(seed: 1)
        #expect(greedy.shouldBank(turnPoints: 50, diceLeft: 2, situation: situation, using: &generator))
        #expect(!threshold.shouldBank(turnPoints: 250, diceLeft: 1, situation: situation, using: &generator))
        #expect(threshold.shouldBank(turnPoints: 300, diceLeft: 1, situation: situation, using: &generator))
        #expect(!threshold.shouldBank(turnPoints: 450, diceLeft: 2, situation: situation, using: &generator))
        #expect(threshold.shouldBank(turnPoints: 500, diceLeft: 2, situation: situation, using: &generator))
        #expect(!threshold.shouldBank(turnPoints: 999, diceLeft: 3, situation: situation, using: &generator))
        #expect(threshold.shouldBank(turnPoints: 1000, diceLeft: 3, situation: situation, using: &generator))
    }

    @Test("a situation reads every seat's score inline")
    func situation() {
        var situation = GameSituation(players: 3, end: .target(5000, finalRound: true))
        situation.scores[0] = 1200
        situation.scores[2] = -500
        situation.seat = 2
        #expect(Array(situation.scores) == [1200, 0, -500])
        #expect(situation.ownScore == -500)
        #expect(situation.highestOpponentScore == 1200)
        #expect(situation.target == 5000 && situation.roundsLeft == nil && situation.round == 1)
        #expect(GameSituation(players: 1, end: .rounds(10)).highestOpponentScore == nil)
    }

    @Test("seat scores compare and hash by their seats' totals")
    func seatScoresEquality() {
        var first = SeatScores(seats: 3)
        var second = SeatScores(seats: 3)
        first[1] = 700
        #expect(first != second)
        second[1] = 700
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(SeatScores(seats: 2) != SeatScores(seats: 3))
    }

    @Test("ev is named ev and plays the solver's policy")
    func expectedValue() {
        let table = ScoringTable(rules: .standard)
        let solver = ExpectedScoreSolver(table: table)
        let situation = GameSituation(players: 2, end: RuleSet.standard.game.end)
        let strategies = BuiltInStrategy.make([.expectedValue, .expectedValue], table: table)
        var generator = Xoshiro256StarStar(seed: 1)
        #expect(strategies.map(\.name) == ["ev", "ev"])
        for dice in 1...6 {
            for multiset in 0..<DiceCatalog.shared.multisetCount(dice: dice)
            where table.highestScoringKeep(dice: dice, multiset: multiset) != nil {
                for turnPoints in [0, 300, 1000] {
                    let move = strategies[0].move(
                        turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation,
                        using: &generator)
                    let keep = solver.policy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset)
                    #expect(move.score == keep.score && move.diceUsed == keep.diceUsed)
                }
            }
        }
        for diceLeft in 1...6 {
            for turnPoints in stride(from: 50, through: 1000, by: 50) {
                #expect(
                    strategies[1].shouldBank(
                        turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
                        == solver.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft))
            }
        }
    }

    @Test("under zilch's penalty ev plays the policy of the player's farkles in a row; without one, a single policy")
    func expectedValueByFarkles() throws {
        let standard = BuiltInStrategy.make([.expectedValue], table: ScoringTable(rules: .standard))
        guard case .expectedValue = standard[0].kind else {
            Issue.record("not the single-policy ev")
            return
        }
        guard case .farkleStreak = BuiltInStrategy.make([.expectedValue], table: ScoringTable(rules: .zilch))[0].kind
        else {
            Issue.record("zilch's ev does not play by farkles in a row")
            return
        }

        var context = StrategyContext(table: ScoringTable(rules: .zilch))
        let solved = context.longRunAverageSolver()
        let solver = try #require(solved)
        let ev = FarkleStreakStrategy(solver: solver)
        var situation = GameSituation(players: 2, end: RuleSet.zilch.game.end)
        var generator = Xoshiro256StarStar(seed: 1)
        var differs = false
        for count in 0...2 {
            situation.farklesInARow = count
            let turn = solver.turnSolver(farklesInARow: count)
            for diceLeft in 1...5 {
                for turnPoints in stride(from: 300, through: 1500, by: 50) {
                    let banks = ev.shouldBank(
                        turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
                    #expect(banks == turn.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft))
                    if banks
                        != solver.turnSolver(farklesInARow: 0).shouldBank(turnPoints: turnPoints, diceLeft: diceLeft)
                    {
                        differs = true
                    }
                }
            }
        }
        // The counts do play differently: with two farkles in a row three dice bank from 300, not 450.
        #expect(differs)
    }

    @Test("every built-in strategy's bank wish after a move is its bank decision after that keep")
    func movesAgreeWithKeepAndBank() {
        var rules = RuleSet.standard
        rules.turn.bankingDiceLeft = [1, 2, 3, 4, 5, 6]
        rules.turn.hotDiceMandatory = false
        for rules in [RuleSet.standard, rules] {
            let table = ScoringTable(rules: rules)
            let situation = GameSituation(players: 2, end: rules.game.end)
            let strategies = BuiltInStrategy.make([.expectedValue, .greedy, .threshold([300, 400])], table: table)
            var generator = Xoshiro256StarStar(seed: 1)
            var mismatches = 0
            for strategy in strategies {
                for dice in 1...6 {
                    for multiset in 0..<DiceCatalog.shared.multisetCount(dice: dice)
                    where table.highestScoringKeep(dice: dice, multiset: multiset) != nil {
                        for turnPoints in stride(from: 0, through: 2000, by: 50) {
                            let move = strategy.move(
                                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation,
                                using: &generator)
                            let banks = strategy.shouldBank(
                                turnPoints: turnPoints + move.score,
                                diceLeft: move.diceLeft(afterRolling: dice, under: table.rules.turn),
                                situation: situation, using: &generator)
                            if move.banks != banks { mismatches += 1 }
                        }
                    }
                }
            }
            #expect(mismatches == 0, "\(rules.name)")
        }
    }
}
