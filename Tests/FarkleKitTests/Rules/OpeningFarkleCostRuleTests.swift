import Foundation
import Testing

@testable import FarkleKit

/// A scoreless opening roll that costs points, as a rule: `"six_dice_farkle": {"cost": N}` read, written back,
/// refused where it contradicts the file, played by the game at the table and the engines, and refused by the
/// solvers that tabulate totals which only rise.
@Suite("A scoreless opening roll that costs points: the rule-file value, the game and the gates")
struct OpeningFarkleCostRuleTests {
    static let cost = """
        {"base": "standard", "turn": {"six_dice_farkle": {"cost": 500}}, "game": {"six_ones": "points"}}
        """

    @Test(
        "turn.six_dice_farkle {\"cost\": 500} costs 500 on a turn's opening roll of six dice only, with no six-dice farkle"
    )
    func reads() throws {
        #expect(RuleSet.standard.turn.openingFarkleCost == 0)
        let rules = try Fixtures.rules(json: Self.cost)
        #expect(rules.turn.openingFarkleCost == 500 && rules.turn.sixDiceFarkle == nil)
        #expect(!rules.turn.rerollsScorelessOpeningRoll)
        let mechanics = ScoringTable(rules: rules).turnMechanics
        #expect(mechanics.openingFarkleCost == 500)
        #expect(mechanics.farkleCost(rolled: 6, isOpeningRoll: true) == 500)
        #expect(mechanics.farkleCost(rolled: 6, isOpeningRoll: false) == 0)
        #expect(mechanics.farkleCost(rolled: 3, isOpeningRoll: false) == 0)
        // A later key of points, or "reroll", undoes it; a six-dice farkle of points set in code scores the roll.
        let undone = try Fixtures.rules(json: #"{"base": "standard", "turn": {"six_dice_farkle": "reroll"}}"#)
        #expect(undone.turn.openingFarkleCost == 0)
        var scored = rules
        scored.turn.sixDiceFarkle = 500
        #expect(ScoringTable(rules: scored).turnMechanics.openingFarkleCost == 0)
        #expect(scored.turn.scorelessOpeningRollCost == 0 && !scored.turn.farklesCostPoints)
    }

    @Test("jsonText writes {\"cost\": 500} and reads back equal; no preset's text changes")
    func roundTrip() throws {
        let rules = try Fixtures.rules(json: #"{"base": "boxed", "turn": {"six_dice_farkle": {"cost": 750}}}"#)
        #expect(rules.jsonText.contains(#""six_dice_farkle": {"cost": 750}"#))
        #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules)
        for preset in RulePreset.all { #expect(!preset.rules.jsonText.contains("cost"), "\(preset.name)") }
        #expect(try Fixtures.rules("opening-farkle-cost.json").turn.openingFarkleCost == 500)
    }

    @Test(
        "a cost that is not points from 1, a member other than cost, and a cost on every six-dice roll are refused in one line naming the key",
        arguments: [
            #""six_dice_farkle": {"cost": 0}"#, #""six_dice_farkle": {"cost": -500}"#,
            #""six_dice_farkle": {"cost": "500"}"#, #""six_dice_farkle": {"costs": 500}"#,
            #""six_dice_farkle": {}"#, #""six_dice_farkle": {"cost": 1000001}"#,
            #""six_dice_farkle": {"cost": 500}, "six_dice_farkle_on": "every_six_dice_roll""#,
        ])
    func refuses(turn: String) {
        #expect {
            try Fixtures.rules(json: #"{"base": "standard", "turn": {\#(turn)}}"#)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: 'turn.six_dice_farkle") && !text.contains("\n")
        }
    }

    @Test(
        "the game at the table: a farkle on the opening roll costs 500, entered as a roll or as FARKLE; a later one nothing"
    )
    func gameAtTheTable() throws {
        let rules = try Fixtures.rules(json: Self.cost)
        // Ann banks 1,050 with two dice left; Ben's opening roll scores nothing: -500.
        var state = try game(rules, [.keep(dice(1, 1, 1, 5)), .bank, .roll(dice(2, 2, 3, 3, 4, 6))])
        #expect(state.players[0].total == 1_050 && state.players[1].total == -500)
        #expect(state.players[1].statistics.farkles == 1 && state.seat == 0)
        // Ann enters FARKLE before any roll: her opening roll, 500 off.
        try state.apply(.farkle)
        #expect(state.players[0].total == 550 && state.seat == 1)
        // Ben farkles after a keep: no cost.
        try state.apply(.keep(dice(5)))
        try state.apply(.roll(dice(2, 2, 3, 4, 6)))
        #expect(state.players[1].total == -500 && state.seat == 0)
    }

    @Test(
        "the solvers of totals that only rise refuse the rule in one line; a turn's expected points, the long-run average, the race of two and the game of rounds to win play it"
    )
    func gates() throws {
        let rules = try Fixtures.rules(json: Self.cost)
        let table = ScoringTable(rules: rules)
        #expect(WinGameKind(rules) == .penaltyRace)
        for what in ["loaded dice", "the exact odds of three players"] {
            let reason = try #require(rules.turn.openingFarkleCostRefusal(rules: rules.name, of: what))
            #expect(reason.hasPrefix(what) && reason.contains("500 points") && !reason.contains("\n"))
        }
        // The chance to reach a total tabulates totals below 0 (ReachProbabilitySolverTests).
        #expect(try ReachProbabilitySolver(rules: rules, target: 1_000, turns: 2).lowestTotal(turnsLeft: 1) == -500)
        var context = StrategyContext(table: table)
        #expect(throws: NotCovered.self) {
            try ExactOdds(strategies: [.greedy, .greedy, .greedy], context: &context, threads: 1)
        }
        // A game of rounds follows it (RoundsWinSolverTests): only the lead counts, and the cost lowers it.
        var rounds = rules
        rounds.game.end = .rounds(2)
        #expect(rounds.winSolveRefusal == nil)
        #expect(DiceSet.refusal(toPlay: rules)?.hasPrefix("loaded dice") == true)
        #expect(DiceSet.simulationRefusal(toPlay: rules) != nil)
        #expect(StrategySpec.expectedValueToTarget.refusal(toPlay: rules) != nil)
        #expect(rules.turn.farklesCostPoints && !RuleSet.standard.turn.farklesCostPoints)
        // Under a three-farkle penalty the opening farkle counts toward it and costs besides: the long-run average
        // falls by at most the cost times the chance of a scoreless opening roll.
        var penalty = rules
        penalty.turn.threeFarklePenalty = .points(1_000)
        var free = penalty
        free.turn.openingFarkleCost = 0
        let withCost = LongRunAverageSolver(rules: penalty).longRunAverage
        let without = LongRunAverageSolver(rules: free).longRunAverage
        let reference = ReferenceScorer(rules: free)
        let scoreless = HouseRuleSolverTests.rolls(of: 6).filter { reference.evaluate($0.faces).keeps.isEmpty }
            .map(\.chance).reduce(0, +)
        #expect(withCost < without && without - withCost <= 500 * scoreless + 1e-9, "\(withCost) \(without)")
    }
}
