import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// A target that must be hit exactly, as a rule: `"exact_target": true` read, written back, refused where some total
/// could never hit the target, played by the game at the table and the engines, and refused by the solvers that count
/// every bank reaching the target.
@Suite("A target hit exactly: the rule-file key, the game and the gates")
struct ExactTargetRuleTests {
    /// `standard` banking with 1 to 5 dice left (so that a single 5 can be banked) and a target of 2,000 hit exactly.
    static let exact = #"""
        {"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5]},
         "game": {"target": 2000, "exact_target": true}}
        """#

    /// The rule set of `json` as the tool loads it: read, then checked that a game under it can end
    /// (`BankReachability.check(source:)`, where a target to hit exactly is checked too).
    static func checked(_ json: String) throws -> RuleSet {
        let rules = try Fixtures.rules(json: json)
        try BankReachability(table: ScoringTable(rules: rules)).check(source: "bonus.json")
        return rules
    }

    @Test("game.exact_target true makes a bank past the target bust, and the race is won at once by hitting it")
    func reads() throws {
        #expect(!RuleSet.standard.game.mustHitTargetExactly)
        let rules = try Self.checked(Self.exact)
        #expect(rules.game.mustHitTargetExactly)
        // The base's final round gives way: the bank that hits the target wins.
        #expect(rules.game.end == .target(2000, finalRound: false))
        #expect(rules.game.bankBusts(total: 1_900, turnPoints: 150))
        #expect(!rules.game.bankBusts(total: 1_900, turnPoints: 100))
        #expect(!rules.game.bankBusts(total: 0, turnPoints: 1_950))
        #expect(!RuleSet.standard.game.bankBusts(total: 9_900, turnPoints: 5_000))
        let off = try Fixtures.rules(json: #"{"base": "standard", "game": {"exact_target": false}}"#)
        #expect(off.game == RuleSet.standard.game)
    }

    @Test("jsonText writes exact_target and reads back equal; no preset's text has the key")
    func roundTrip() throws {
        let rules = try Fixtures.rules(json: Self.exact)
        #expect(rules.jsonText.contains(#""exact_target": true"#))
        #expect(try RuleSet(json: Data(rules.jsonText.utf8), source: "again") == rules)
        for preset in RulePreset.all { #expect(!preset.rules.jsonText.contains("exact_target"), "\(preset.name)") }
    }

    @Test(
        "a target some total could never hit exactly, a final round, rounds, and a value not true or false are refused in one line naming the key",
        arguments: [
            (#""target": 2025, "exact_target": true"#, "game.exact_target"),
            (#""target": 2000, "entry_minimum": 2500, "exact_target": true"#, "game.exact_target"),
            (#""target": 2000, "final_round": true, "exact_target": true"#, "game.final_round"),
            (#""rounds": 10, "exact_target": true"#, "game.exact_target"),
            (#""exact_target": "yes""#, "game.exact_target"),
        ])
    func refuses(game: String, key: String) {
        #expect {
            try Self.checked(
                #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5]}, "game": {\#(game)}}"#)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: '\(key)") && !text.contains("\n")
        }
    }

    @Test(
        "an amount short of the target that no turn can bank is refused: standard banks with 1 or 2 dice left only, never 50; a minimum bank of 300 never 50 either",
        arguments: [
            #"{"base": "standard", "game": {"exact_target": true}}"#,
            #"{"base": "kcd", "turn": {"minimum_bank": 300}, "game": {"exact_target": true}}"#,
        ])
    func unbankableAmount(json: String) {
        #expect {
            try Self.checked(json)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bonus.json: 'game.exact_target'") && text.contains("banks exactly 50:")
                && !text.contains("\n")
        }
        // kcd banks with any dice left: every amount from 50 up can be banked.
        let kcd = ScoringTable(rules: .kcd)
        #expect(BankReachability.exactBanks(table: kcd, upTo: 4_000, leastBank: 0).dropFirst().allSatisfy { $0 })
        // standard: four single 5s (200) are the least it banks, then every 50 up.
        let standard = BankReachability.exactBanks(table: ScoringTable(rules: .standard), upTo: 1_000, leastBank: 0)
        #expect(
            standard.indices.filter { standard[$0] }.map { $0 * 50 } == Array(stride(from: 200, through: 1_000, by: 50))
        )
    }

    @Test("the game at the table: a bank past the target scores nothing and ends the turn as a farkle; hitting it wins")
    func gameAtTheTable() throws {
        var rules = try Fixtures.rules(json: Self.exact)
        rules.game.end = .target(1_000, finalRound: false)
        // Ann banks 1,050 (three 1s and a 5): past 1,000, nothing; Ben banks 600 (three 5s and a 1).
        let state = try game(rules, [.keep(dice(1, 1, 1, 5)), .bank, .keep(dice(5, 5, 5, 1)), .bank])
        #expect(state.players[0].total == 0 && state.players[1].total == 600)
        #expect(state.players[0].statistics.farkles == 1 && state.players[0].farklesInARow == 1)
        #expect(state.players[0].statistics.bankedPoints == 0)
        #expect(state.result == nil && state.seat == 0)
        // The same 1,050 hits a target of 1,050 exactly: it wins.
        var hit = rules
        hit.game.end = .target(1_050, finalRound: false)
        let won = try game(hit, [.keep(dice(1, 1, 1, 5)), .bank])
        #expect(won.result == .won(seat: 0) && won.players[0].total == 1_050)
    }

    @Test(
        "the solvers that count every bank reaching the target refuse the rule in one line; the race of two to win, the turn toward the target and simulation play it"
    )
    func gates() throws {
        let rules = try Fixtures.rules(json: Self.exact)
        #expect(WinGameKind(rules) == .race)
        var three = rules
        three.game.players = 3
        // Three players are solved as three (a race won at once), and play as they are solved.
        #expect(WinGameKind(three) == .threePlayerRace && three.headsUpGame.game.players == 3)
        #expect(throws: NotCovered.self) { try ReachProbabilitySolver(rules: rules, target: 1_000, turns: 2) }
        // Loaded dice play it (their solvers follow the bust); these rules they refuse for six 1s that win.
        #expect(DiceSet.refusal(toPlay: rules)?.contains("score nothing") == false)
        #expect(DiceSet.simulationRefusal(toPlay: rules) == nil)
        #expect(StrategySpec.expectedValueToTarget.refusal(toPlay: rules) == nil)
    }
}
