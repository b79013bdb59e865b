import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// A game of fewer than six dice (`turn.dice`): read, written back, refused where the file contradicts it, and
/// played by the scorer, the solvers, the engine and a game at the table, each checked against an independent
/// reference (the reference scorer, a plain recursion, the brute-force win solver, exact odds by simulation).
@Suite("Five dice: the rule-file key, and every solver and engine on five dice")
struct FiveDiceRuleTests {
    /// `standard` with five dice: what needs six dice dropped from the base.
    private static let fiveDiceStandard = #"{"base": "standard", "turn": {"dice": 5}}"#

    @Test("turn.dice 5 on a six-dice base drops what needs six dice and keeps the rest")
    func dropsSixDiceRules() throws {
        let rules = try Fixtures.rules(json: Self.fiveDiceStandard)
        #expect(rules.turn.dice == 5)
        let points = rules.combinations
        #expect(points.sixOfAKind == .off && points.threePairs == nil && points.twoTriplets == nil)
        #expect(points.fullMansion == nil && points.largeStraight == nil)
        #expect(rules.turn.sixDiceFarkle == nil)
        #expect(rules.game.instantWinFaces.isEmpty && rules.game.instantLossFaces.isEmpty)
        // Five dice still roll these.
        #expect(points.fourOfAKind == .flat(2000) && points.fiveOfAKind == .flat(3000))
        #expect(points.smallStraight == 1500 && points.fullHouse == .threeOfAKindPlus(250))
        #expect(rules.turn.bankingDiceLeft == [1, 2])
        #expect(rules.rulesNeedingMoreDice.isEmpty)
        #expect(RuleSet.standard.turn.dice == 6 && RuleSet.standard.rulesNeedingMoreDice.isEmpty)
    }

    @Test("jsonText writes turn.dice only when not 6 and reads back equal")
    func roundTrip() throws {
        let rules = try Fixtures.rules(json: Self.fiveDiceStandard)
        #expect(rules.jsonText.contains(#""dice": 5"#))
        #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules)
        let preset = RuleSet.fiveThousand
        #expect(try RuleSet(json: Data(preset.jsonText.utf8), source: "again") == preset)
        for preset in RulePreset.all where preset.rules.turn.dice == 6 {
            #expect(!preset.rules.jsonText.contains(#""dice""#), "\(preset.name)")
        }
    }

    @Test(
        "what needs more dice than the game has, given in the same file, is refused in one line naming the key",
        arguments: [
            (#""combinations": {"three_pairs": 1500}, "turn": {"dice": 5}"#, "combinations.three_pairs"),
            (#""turn": {"dice": 5, "six_dice_farkle": 500}"#, "turn.six_dice_farkle"),
            (#""turn": {"dice": 5}, "game": {"six_ones": "instant_win"}"#, "game.six_ones"),
            (#""turn": {"dice": 4}, "combinations": {"small_straight": 1500}"#, "combinations.small_straight"),
            (#""turn": {"dice": 5, "bank_with_dice_left": [1, 5]}"#, "turn.bank_with_dice_left"),
            // No bank of five dice leaves six to take over (solve trapped on it before).
            (#""turn": {"dice": 5}, "game": {"piggyback": {"least_dice_left": 6}}"#, "game.piggyback.least_dice_left"),
            (#""turn": {"dice": 0}"#, "turn.dice"), (#""turn": {"dice": 7}"#, "turn.dice"),
            (#""turn": {"dice": "five"}"#, "turn.dice"),
        ])
    func refuses(file: String, key: String) {
        #expect {
            try Fixtures.rules(json: #"{"base": "standard", \#(file)}"#)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: '\(key)'") && !text.contains("\n")
        }
    }

    @Test("a game of one die is worded as one die, not as '1 dice', in both refusals")
    func oneDie() {
        for (file, words) in [
            (#""turn": {"dice": 1}, "combinations": {"three_pairs": 1500}"#, "a game of 1 die (turn.dice) never"),
            (#""turn": {"dice": 1, "bank_with_dice_left": [1]}"#, "a game of 1 die (turn.dice) leaves at most 0"),
        ] {
            #expect {
                try Fixtures.rules(json: #"{"base": "standard", \#(file)}"#)
            } throws: { error in
                String(describing: error).contains(words)
            }
        }
    }

    @Test("switched off in the same file, a six-dice rule is no contradiction")
    func offIsFine() throws {
        let rules = try Fixtures.rules(
            json: #"{"base": "standard", "combinations": {"three_pairs": null}, "turn": {"dice": 5}}"#)
        #expect(rules.combinations.threePairs == nil)
    }

    @Test("five-thousand: every roll of one to five dice scores as the reference scorer says")
    func scoringAgainstReference() {
        let table = ScoringTable(rules: .fiveThousand)
        let reference = ReferenceScorer(rules: .fiveThousand)
        var checked = 0
        for dice in 1...5 {
            for roll in DiceCatalog.shared.multisets[dice] {
                let expected = reference.evaluate(roll.faces).keeps.map { "\($0.faces.sorted())=\($0.score)" }.sorted()
                let keeps = table.keeps(for: roll).map { "\($0.dice.faces)=\($0.score)" }.sorted()
                #expect(keeps == expected, "\(roll)")
                checked += 1
            }
        }
        #expect(checked == 461)
        // The sheet's combinations: 1-2-3-4-5 is 1500, 2-3-4-5-6 only its 5, four 2s only three of them.
        #expect(table.best(for: DiceCounts(faces: [1, 2, 3, 4, 5]))[5] == 1500)
        #expect(table.best(for: DiceCounts(faces: [2, 3, 4, 5, 6]))[5] == 0)
        #expect(table.best(for: DiceCounts(faces: [2, 2, 2, 2]))[4] == 0)
        #expect(table.best(for: DiceCounts(faces: [1, 1, 1, 1]))[4] == 1100)
    }

    @Test("the turn's expected points: every value a plain recursion with five dice back on hot dice gives")
    func expectedScoreAgainstPlainRecursion() {
        let rules = RuleSet.fiveThousand
        let (value, roll, _) = HouseRuleSolverTests.plainRecursion(rules: rules)
        let solver = ExpectedScoreSolver(rules: rules)
        #expect(abs(solver.expectedTurnScore - roll[0][5]) <= 1e-9 * roll[0][5], "\(solver.expectedTurnScore)")
        for level in stride(from: 0, to: 300, by: 3) {
            for dice in 1...5 {
                let points = level * 50
                let expected = level == 0 ? roll[0][dice] : value[level][dice]
                #expect(
                    abs(solver.value(turnPoints: points, diceLeft: dice) - expected) <= 1e-9 * max(1, expected),
                    "V(\(points), \(dice))")
            }
        }
        // Hot dice give five dice back: a whole keep of five leaves five to roll.
        let advice = solver.advice(for: DiceCounts(faces: [1, 1, 1, 5, 5]), turnPoints: 0, isOpeningRoll: true)
        #expect(advice.options.first?.diceLeft == 5)
        // Six dice would be worth more: the game of five is its own.
        #expect(solver.expectedTurnScore < ExpectedScoreSolver(rules: Self.sixDice(rules)).expectedTurnScore)
    }

    /// `rules` played with six dice.
    private static func sixDice(_ rules: RuleSet) -> RuleSet {
        var six = rules
        six.turn.dice = 6
        six.turn.bankingDiceLeft = [1, 2, 3, 4, 5]
        return six
    }

    @Test("the race to win on five dice matches the brute force at every pair of totals")
    func winAgainstBruteForce() throws {
        var rules = RuleSet.fiveThousand
        rules.game.end = .target(500, finalRound: false)
        rules.game.entryMinimum = 200
        let solver = try WinProbabilitySolver(rules: rules)
        let brute = WinBruteForce(rules: rules).raceValues()
        let step = solver.table.scoreStep
        var worst = 0.0
        for mine in 0..<solver.levels {
            for theirs in 0..<solver.levels {
                worst = max(worst, abs(solver.value(mine: mine * step, theirs: theirs * step) - brute[mine][theirs]))
            }
        }
        #expect(worst < 1e-11, "largest difference \(worst)")
    }

    @Test("the final round's last turn on five dice matches the brute force for deficits up to 1,500")
    func finalRoundAgainstBruteForce() throws {
        var rules = RuleSet.fiveThousand
        rules.game.end = .target(500, finalRound: true)
        let solver = try WinProbabilitySolver(rules: rules)
        let brute = WinBruteForce(rules: rules)
        for deficit in stride(from: 0, through: 1500, by: 100) {
            let expected = brute.finalRoundValue(deficit: deficit, entered: true)
            #expect(abs(solver.finalRoundValue(deficit: deficit) - expected) < 1e-12, "deficit \(deficit)")
        }
    }

    @Test("ev against ev on five dice: the simulated games agree with the exact odds within 4 standard errors")
    func simulationAgainstExactOdds() throws {
        var rules = RuleSet.fiveThousand
        rules.game.end = .target(1500, finalRound: true)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let specs: [StrategySpec] = [.expectedValue, .expectedValue]
        let exact = try ExactOdds(strategies: specs, context: &context)
        let seats = BuiltInStrategy.make(specs, context: &context)
        let games = 40_000
        let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: 55)
        #expect(tally.unfinishedGames == 0)
        let n = Double(games)
        for (observed, expected) in [
            (Double(tally.seats[0].wins) / n, exact.winProbabilities[0]),
            (Double(tally.ties) / n, exact.tieProbability),
        ] {
            let standardError = (observed * (1 - observed) / n).squareRoot()
            #expect(abs(observed - expected) <= 4 * standardError, "simulated \(observed), exact \(expected)")
        }
        // Five dice farkle more often than six: a turn's mean banked points sit below the six-dice game's.
        let perTurn = Double(tally.bankedPoints) / Double(tally.turns)
        #expect(perTurn < ExpectedScoreSolver(rules: Self.sixDice(rules)).expectedTurnScore)
    }

    @Test("reaching 50 points in one turn alone: every roll of five dice but the 600 scoreless ones of 7776")
    func reachOneTurn() throws {
        var rules = RuleSet.fiveThousand
        rules.game.end = .rounds(1)
        rules.game.entryMinimum = 0
        // Scoreless: no 1, no 5, no face three times: faces 2, 3, 4, 6 as 2-2-1 (12 ways × 30 orders) or
        // 2-1-1-1 (4 × 60).
        let solver = try ReachProbabilitySolver(rules: rules, target: 50, turns: 1)
        #expect(abs(solver.chance - (1 - 600.0 / 7776)) < 1e-12, "\(solver.chance)")
    }

    @Test("a game at the table: five dice to roll, five again after hot dice, six refused")
    func gameAtTheTable() throws {
        var state = try GameState(table: ScoringTable(rules: .fiveThousand), players: ["Ann", "Ben"])
        #expect(state.diceLeft == 5 && state.isOpeningRoll)
        #expect(throws: GameState.NotAllowed.self) {
            try state.apply(.roll(DiceCounts(faces: [1, 1, 1, 5, 5, 2])))
        }
        try state.apply(.roll(DiceCounts(faces: [1, 1, 1, 5, 5])))
        try state.apply(.keep(DiceCounts(faces: [1, 1, 1, 5, 5])))
        #expect(state.turnPoints == 1100 && state.diceLeft == 5)
        // Hot dice may be banked under the sheet, and 1100 clears the 350 to get on the board.
        try state.apply(.bank)
        #expect(state.players[0].total == 1100 && state.diceLeft == 5 && state.seat == 1)
    }

    @Test("the advice front door: five dice at 0 are the opening roll, six dice are refused with the reason")
    func advisor() throws {
        let advisor = try Advisor(table: ScoringTable(rules: .fiveThousand))
        let opening = try advisor.advice(for: TurnSituation(roll: DiceCounts(faces: [1, 1, 1, 5, 5]), turnPoints: 0))
        #expect(opening.situation.isOpeningRoll(under: advisor.table.turnMechanics))
        #expect(opening.points.options.first?.diceLeft == 5)
        #expect {
            try advisor.advice(for: TurnSituation(roll: DiceCounts(faces: [1, 1, 1, 5, 5, 2]), turnPoints: 0))
        } throws: { error in
            String(describing: error).contains("1 to 5 dice")
        }
    }

    @Test("loaded dice play six dice: a five-dice game is refused in one line")
    func loadedDiceRefuse() throws {
        let refusal = try #require(DiceSet.refusal(toPlay: .fiveThousand))
        #expect(refusal.contains("5") && !refusal.contains("\n"))
        // Ordinary dice play the game's five.
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .fiveThousand), set: .ordinary)
        #expect(outcomes.fullState == 5 && outcomes.set.count == 5)
    }
}
