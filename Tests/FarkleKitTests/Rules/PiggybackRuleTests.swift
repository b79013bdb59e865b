import Foundation
import Testing

@testable import FarkleKit

/// Piggybacking as a rule: `"piggyback"` in a rule file's game read, written back, refused where it is malformed,
/// and refused by every solver that starts each turn fresh.
@Suite("Piggybacking: the rule-file key, the offer and the gates")
struct PiggybackRuleTests {
    /// Standard scoring, banking with any dice left and after hot dice, with `piggyback` as the rule's value.
    static func anyDice(piggyback: String) -> String {
        #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false}, "game": {"piggyback": \#(piggyback)}}"#
    }

    @Test("game.piggyback true is the plain rule, false none, an object sets the bonus and the least dice left")
    func reads() throws {
        #expect(RuleSet.standard.game.piggyback == nil)
        let plain = try Fixtures.rules(json: #"{"base": "standard", "game": {"piggyback": true}}"#)
        #expect(plain.game.piggyback == Piggyback(bonus: 0, leastDiceLeft: 1))
        let none = try Fixtures.rules(json: #"{"base": "standard", "game": {"piggyback": false}}"#)
        #expect(none.game.piggyback == nil)
        let server = try Fixtures.rules(
            json: #"{"base": "standard", "game": {"piggyback": {"bonus": 1000, "least_dice_left": 2}}}"#)
        #expect(server.game.piggyback == Piggyback(bonus: 1_000, leastDiceLeft: 2))
        let bonusOnly = try Fixtures.rules(json: #"{"base": "standard", "game": {"piggyback": {"bonus": 25}}}"#)
        #expect(bonusOnly.game.piggyback == Piggyback(bonus: 25, leastDiceLeft: 1))
        // A bonus off the score step divides it: a turn taken over plays on from points plus the bonus.
        #expect(ScoringTable(rules: bonusOnly).scoreStep == 25 && ScoringTable(rules: plain).scoreStep == 50)
    }

    @Test(
        "inherited_points_enter false is read where an entry minimum rises above the least bank, and refused in one line where none does or it is not a bool"
    )
    func inheritedPointsEnter() throws {
        let own = try Fixtures.rules(
            json: #"{"base": "boxed", "game": {"piggyback": {"inherited_points_enter": false}}}"#)
        #expect(own.game.piggyback == Piggyback(bonus: 0, leastDiceLeft: 1, inheritedPointsEnter: false))
        let counting = try Fixtures.rules(
            json: #"{"base": "boxed", "game": {"piggyback": {"inherited_points_enter": true}}}"#)
        #expect(counting.game.piggyback == Piggyback())
        for (json, key) in [
            (
                #"{"base": "standard", "game": {"piggyback": {"inherited_points_enter": false}}}"#,
                "inherited_points_enter"
            ),
            (
                #"{"base": "boxed", "turn": {"minimum_bank": 500}, "game": {"piggyback": {"inherited_points_enter": false}}}"#,
                "inherited_points_enter"
            ),
            (#"{"base": "boxed", "game": {"piggyback": {"inherited_points_enter": 0}}}"#, "inherited_points_enter"),
        ] {
            #expect {
                try Fixtures.rules(json: json)
            } throws: { error in
                let text = String(describing: error)
                return text.contains("'game.piggyback.\(key)") && !text.contains("\n")
            }
        }
    }

    @Test(
        "where inherited points do not enter, a player not yet on the board who takes a turn over banks only from the entry minimum on top of it; on the board, or with the plain rule, as before"
    )
    func ownEntryAtTheTable() throws {
        func rules(enter: Bool) throws -> RuleSet {
            try Fixtures.rules(
                json:
                    #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false}, "game": {"entry_minimum": 500, "piggyback": {"inherited_points_enter": \#(enter)}}}"#
            )
        }
        // Ann banks 1,000 with three dice left; Ben, not yet on the board, takes it over and scores a 5.
        let actions: [GameAction] = [.keep(dice(1, 1, 1)), .bank, .takeOver, .roll(dice(5, 2, 3)), .keep(dice(5))]
        var own = try game(rules(enter: false), actions)
        #expect(own.turnPoints == 1_050 && own.leastBank == 1_500)
        #expect(
            own.reasonNotToBank?.contains("500 on top of the 1000 taken over") == true, "\(own.reasonNotToBank ?? "")")
        #expect(throws: GameState.NotAllowed.self) { try own.apply(.bank) }
        // Two 1s with two dice: hot dice at 1,250, still short; three 1s of six more reach 2,250, which may bank.
        try own.apply(.roll(dice(1, 1)))
        try own.apply(.keep(dice(1, 1)))
        try own.apply(.roll(dice(1, 1, 1, 2, 3, 4)))
        try own.apply(.keep(dice(1, 1, 1)))
        #expect(own.turnPoints == 2_250 && own.reasonNotToBank == nil)
        try own.apply(.bank)
        #expect(own.players[1].total == 2_250 && own.offer == TurnOffer(turnPoints: 2_250, dice: 3))
        // Ann, on the board, takes that over and banks after one more scoring die: the entry no longer applies.
        try own.apply(.takeOver)
        #expect(own.leastBank == 0)
        // With the plain rule Ben's 1,050 may bank: the inherited 1,000 count toward the 500.
        var counting = try game(rules(enter: true), actions)
        #expect(counting.leastBank == 500 && counting.reasonNotToBank == nil)
        try counting.apply(.bank)
        #expect(counting.players[1].total == 1_050)
    }

    @Test(
        "the engine holds a player who takes over before entering to the entry minimum on top of the offer: every such bank of a strategy that banks where it may is from offer + 500, and the plain rule lets it bank below"
    )
    func ownEntryInTheEngine() throws {
        struct TakesOverEveryOffer: Strategy {
            let inner: ThresholdStrategy
            var name: String { "takes-over" }
            func move<Generator: RandomNumberGenerator>(
                turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
            ) -> Move {
                inner.move(
                    turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
            }
            func shouldBank<Generator: RandomNumberGenerator>(
                turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
            ) -> Bool { true }
            func piggybacks<Generator: RandomNumberGenerator>(
                turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
            ) -> Bool { true }
        }
        for enter in [false, true] {
            let rules = try Fixtures.rules(
                json:
                    #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false}, "game": {"rounds": 1, "entry_minimum": 500, "piggyback": {"inherited_points_enter": \#(enter)}}}"#
            )
            let table = ScoringTable(rules: rules)
            let seat = TakesOverEveryOffer(inner: ThresholdStrategy(table: table, thresholds: [0, 0]))
            var source = ScriptedRolls([])
            let (_, games) = playRecorded(table: table, seats: [seat, seat], games: 4_000, rolls: &source)
            var below = 0
            var takenOver = 0
            for game in games {
                guard game.turns.count >= 2, case .banked = game.turns[0].outcome, case .banked = game.turns[1].outcome
                else { continue }
                // Ann banked at least 500 with dice left, which Ben took over: his bank holds them.
                let offer = game.turns[0].turnPoints
                takenOver += 1
                #expect(game.turns[1].turnPoints > offer)
                if game.turns[1].turnPoints < offer + 500 { below += 1 }
            }
            #expect(takenOver > 500, "\(takenOver)")
            if enter { #expect(below > takenOver / 2, "\(below) of \(takenOver)") } else { #expect(below == 0) }
        }
    }

    @Test("jsonText writes the key only when set, true for the plain rule, and reads back equal; no preset plays it")
    func roundTrip() throws {
        for text in [
            #"true"#, #"{"bonus": 1000, "least_dice_left": 2}"#, #"{"least_dice_left": 3}"#,
            #"{"inherited_points_enter": false}"#,
        ] {
            let rules = try Fixtures.rules(json: #"{"base": "boxed", "game": {"piggyback": \#(text)}}"#)
            #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules, "\(text)")
        }
        let plain = try Fixtures.rules(json: #"{"base": "standard", "game": {"piggyback": true}}"#)
        #expect(plain.jsonText.contains(#""piggyback": true"#))
        for preset in RulePreset.all { #expect(!preset.rules.jsonText.contains("piggyback"), "\(preset.name)") }
    }

    @Test(
        "a value that is not true, false or an object, a bonus below 0 or not an integer, least dice left outside 1 to 6, and an unknown member are refused in one line naming the key",
        arguments: [
            "1", #""yes""#, "null", "[]", #"{"bonus": -50}"#, #"{"bonus": "1000"}"#, #"{"bonus": 1000001}"#,
            #"{"least_dice_left": 0}"#, #"{"least_dice_left": 7}"#, #"{"bonuses": 1000}"#,
        ])
    func refuses(value: String) {
        #expect {
            try Fixtures.rules(json: #"{"base": "standard", "game": {"piggyback": \#(value)}}"#)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: 'game.piggyback") && !text.contains("\n")
        }
    }

    @Test("a bank offers its points and the bonus with the dice it left, and nothing with fewer than the least")
    func offer() {
        let rule = Piggyback(bonus: 1_000, leastDiceLeft: 2)
        #expect(rule.offer(turnPoints: 300, diceLeft: 1) == nil)
        #expect(rule.offer(turnPoints: 300, diceLeft: 2) == TurnOffer(turnPoints: 1_300, dice: 2))
        #expect(Piggyback().offer(turnPoints: 450, diceLeft: 6) == TurnOffer(turnPoints: 450, dice: 6))
    }

    @Test(
        "the default takes over a turn the strategy would roll on from: threshold 1000 takes 300 with two dice, not 1200"
    )
    func defaultDecision() {
        let strategy = ThresholdStrategy(table: ScoringTable(rules: .standard), thresholds: [1_000, 1_000])
        var generator = Xoshiro256StarStar(seed: 1)
        let situation = GameSituation(players: 2, end: .target(10_000, finalRound: true))
        #expect(strategy.piggybacks(turnPoints: 300, diceLeft: 2, situation: situation, using: &generator))
        #expect(!strategy.piggybacks(turnPoints: 1_200, diceLeft: 2, situation: situation, using: &generator))
    }

    @Test(
        "the game at the table: a bank with dice left is offered to the next player, who may take it over or decline it by rolling"
    )
    func gameAtTheTable() throws {
        let rules = try Fixtures.rules(json: Self.anyDice(piggyback: "true"))
        // Ann keeps three 1s and banks 1,000 with three dice left: Ben may take it over.
        var state = try game(rules, [.keep(dice(1, 1, 1)), .bank])
        #expect(state.players[0].total == 1_000 && state.seat == 1)
        #expect(state.offer == TurnOffer(turnPoints: 1_000, dice: 3))
        try state.apply(.takeOver)
        #expect(state.turnPoints == 1_000 && state.diceLeft == 3 && !state.isOpeningRoll && state.offer == nil)
        #expect(throws: GameState.NotAllowed.self) { try state.apply(.takeOver) }
        // Ben scores a 5 from the three dice and banks 1,050 with two left; Ann declines by rolling six fresh dice.
        try state.apply(.roll(dice(5, 2, 3)))
        try state.apply(.keep(dice(5)))
        try state.apply(.bank)
        #expect(state.players[1].total == 1_050 && state.offer == TurnOffer(turnPoints: 1_050, dice: 2))
        try state.apply(.roll(dice(1, 2, 3, 4, 6, 6)))
        #expect(state.offer == nil && state.diceLeft == 6)
        #expect(throws: GameState.NotAllowed.self) { try state.apply(.takeOver) }
        // Ann keeps the 1 and farkles: nothing is offered after a farkle.
        try state.apply(.keep(dice(1)))
        try state.apply(.farkle)
        #expect(state.seat == 1 && state.offer == nil && state.players[0].total == 1_000)
        // A bank after hot dice offers all six dice.
        try state.apply(.keep(dice(1, 1, 1, 5, 5, 5)))
        try state.apply(.bank)
        #expect(state.players[1].total == 1_050 + 2_500)
        #expect(state.offer == TurnOffer(turnPoints: 2_500, dice: 6))
    }

    @Test(
        "with a bonus and least dice left: a taken turn plays on from the points and the bonus and loses them all on a farkle; a bank with too few dice offers nothing"
    )
    func bonusAtTheTable() throws {
        let rules = try Fixtures.rules(json: Self.anyDice(piggyback: #"{"bonus": 1000, "least_dice_left": 2}"#))
        var state = try game(rules, [.keep(dice(1, 1, 1)), .bank, .takeOver])
        #expect(state.turnPoints == 2_000 && state.diceLeft == 3)
        try state.apply(.roll(dice(2, 3, 4)))
        #expect(state.seat == 0 && state.players[1].total == 0 && state.offer == nil)
        // Ann keeps a full house of 1s and 5s (1,250) and banks with one die left: too few to offer.
        try state.apply(.keep(dice(1, 1, 1, 5, 5)))
        try state.apply(.bank)
        #expect(state.players[0].total == 1_000 + 1_250)
        #expect(state.offer == nil)
        #expect(throws: GameState.NotAllowed.self) { try state.apply(.takeOver) }
        // Without the rule there is nothing to take over, and the game says why.
        var plain = try game(try Fixtures.rules(json: Self.anyDice(piggyback: "false")), [.keep(dice(1, 1, 1)), .bank])
        #expect(plain.offer == nil)
        #expect(throws: GameState.NotAllowed.self) { try plain.apply(.takeOver) }
        // A record keeps the take-over and reads back equal.
        let record = GameRecord(
            rules: rules, players: ["Ann", "Ben"], actions: [.keep(dice(1, 1, 1)), .bank, .takeOver])
        #expect(record.jsonText.contains(#""take_over""#))
        #expect(try GameRecord(json: Data(record.jsonText.utf8), source: "again") == record)
    }

    @Test(
        "the solvers of whole games, the exact odds, the chance to reach a total, loaded dice and the lane engine refuse it"
    )
    func gates() throws {
        let rules = try Fixtures.rules(json: #"{"base": "standard", "game": {"piggyback": true}}"#)
        let table = ScoringTable(rules: rules)
        #expect(throws: NotCovered.self) { try table.solveToWin(threads: 1) }
        var context = StrategyContext(table: table)
        #expect(throws: NotCovered.self) {
            try ExactOdds(strategies: [.greedy, .greedy], context: &context, threads: 1)
        }
        #expect(throws: NotCovered.self) { try ReachProbabilitySolver(rules: rules, target: 1_000, turns: 2) }
        #expect(DiceSet.refusal(toPlay: rules)?.hasPrefix("loaded dice start every turn fresh") == true)
        #expect(DiceSet.simulationRefusal(toPlay: rules) != nil)
        let seats = BuiltInStrategy.make([.greedy, .greedy], table: table)
        #expect(!LaneEngine.applies(table: table, seats: seats))
        #expect(LaneEngine.applies(table: ScoringTable(rules: .standard), seats: seats))
        let reason = try #require(rules.game.piggybackRefusal(rules: rules.name, of: "the exact odds"))
        #expect(reason.contains("take over a turn banked with dice left") && !reason.contains("\n"))
    }
}
