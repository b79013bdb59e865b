import Foundation
import Testing

@testable import FarkleKit

@Suite("Rule presets: names, rule files, the rules each preset states")
struct RulePresetTests {
    static let names = ["standard", "zilch", "facebook", "boxed", "cardgames", "farkleten", "kcd", "five-thousand"]

    @Test(
        "the presets are standard, zilch, facebook, boxed, cardgames, farkleten, kcd and five-thousand, in that order, each with a summary"
    )
    func list() {
        #expect(RulePreset.all.map(\.name) == Self.names)
        #expect(Set(RuleSet.presets.keys) == Set(Self.names))
        for preset in RulePreset.all {
            #expect(RuleSet.presets[preset.name] == preset.rules)
            #expect(!preset.summary.isEmpty && !preset.summary.contains("\n"))
        }
    }

    @Test("standard is unchanged: the house rules of the rules reference")
    func standardUnchanged() {
        let rules = RuleSet.standard
        #expect(rules.combinations.fourOfAKind == .flat(2000))
        #expect(rules.combinations.fullHouse == .threeOfAKindPlus(250))
        #expect(rules.turn == TurnRules(bankingDiceLeft: [1, 2], hotDiceMandatory: true, sixDiceFarkle: 500))
        #expect(rules.game == GameRules(players: 2, target: 10_000, finalRound: true, sixOnesWin: true))
    }

    @Test("each preset loads by name", arguments: names)
    func loadsByName(name: String) throws {
        let rules = try RuleSet.load(name)
        #expect(rules.name == name)
        #expect(rules == RuleSet.presets[name])
    }

    @Test("each preset written as a rule file reads back to the same rule set", arguments: names)
    func ruleFileRoundTrip(name: String) throws {
        let rules = try #require(RuleSet.presets[name])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-presets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A file name other than the preset's: the name must come from the file's "name" key.
        let file = directory.appendingPathComponent("copy.json")
        try Data(rules.jsonText.utf8).write(to: file)
        let loaded = try RuleSet.load(file.path)
        #expect(loaded == rules)
        #expect(ScoringOdds(table: ScoringTable(rules: loaded)) == ScoringOdds(table: ScoringTable(rules: rules)))
    }

    @Test("a rule file may start from any preset with \"base\"")
    func baseIsAnyPreset() throws {
        let rules = try RuleSet(json: Data(#"{"base": "zilch", "turn": {"minimum_bank": 350}}"#.utf8), source: "t")
        var expected = RuleSet.zilch
        expected.name = "custom"
        expected.turn.minimumBank = 350
        #expect(rules == expected)
    }

    // MARK: - Turn and game rules of each preset

    @Test("zilch: bank with any dice once the turn has 300, 500 for three farkles, six 1s are points")
    func zilchTurn() {
        let turn = RuleSet.zilch.turn
        for dice in 1...6 { #expect(turn.allowsBanking(diceLeft: dice)) }
        #expect(turn.minimumBank == 300)
        let mechanics = ScoringTable(rules: .zilch).turnMechanics
        #expect(!mechanics.mayBank(turnPoints: 250, diceLeft: 2))
        #expect(mechanics.mayBank(turnPoints: 300, diceLeft: 6))
        #expect(turn.threeFarklePenalty == 500)
        #expect(turn.sixDiceFarkle == 500 && turn.sixDiceFarkleOnEveryRoll)
        #expect(!RuleSet.zilch.game.sixOnesWin)
    }

    @Test("facebook, boxed and cardgames: bank with any dice, after hot dice too, from 0 points, no penalty")
    func freeBanking() {
        for rules in [RuleSet.facebook, .boxed, .cardgames] {
            let mechanics = ScoringTable(rules: rules).turnMechanics
            for dice in 1...6 { #expect(mechanics.mayBank(turnPoints: 50, diceLeft: dice), "\(rules.name)") }
            #expect(rules.turn.threeFarklePenalty == nil, "\(rules.name)")
            #expect(rules.turn.sixDiceFarkle == nil, "\(rules.name)")
            #expect(!rules.game.sixOnesWin, "\(rules.name)")
        }
    }

    @Test("boxed: 500 to enter the game; cardgames: target 10,000 with no final round")
    func gameEnds() {
        #expect(RuleSet.boxed.game.entryMinimum == 500)
        #expect(RuleSet.boxed.game.end == .target(10_000, finalRound: true))
        #expect(RuleSet.cardgames.game.end == .target(10_000, finalRound: false))
        #expect(RuleSet.cardgames.game.entryMinimum == 0)
    }

    @Test("kcd: bank with any dice after any keep, no minimum or penalty; the first bank to reach 4000 wins")
    func kcdTurnAndGame() {
        let mechanics = ScoringTable(rules: .kcd).turnMechanics
        for dice in 1...6 { #expect(mechanics.mayBank(turnPoints: 50, diceLeft: dice)) }
        #expect(RuleSet.kcd.turn.minimumBank == 0 && RuleSet.kcd.turn.threeFarklePenalty == nil)
        #expect(RuleSet.kcd.game.end == .target(4000, finalRound: false))
        #expect(!RuleSet.kcd.game.sixOnesWin)
    }

    @Test("the 2-3-4-5-6 straight has its own key; left out it scores as small_straight")
    func highSmallStraightKey() throws {
        let own = try RuleSet(json: Data(#"{"combinations": {"small_straight_2_to_6": 900}}"#.utf8), source: "t")
        #expect(own.combinations.smallStraight(from: 1) == 1500 && own.combinations.smallStraight(from: 2) == 900)
        #expect(RuleSet.standard.combinations.smallStraight(from: 2) == 1500)
        #expect(throws: RuleSetError.self) {
            try RuleSet(json: Data(#"{"combinations": {"small_straight_2_to_6": 0}}"#.utf8), source: "t")
        }
        // "off": 1-2-3-4-5 scores, 2-3-4-5-6 does not (a house rule); written back as "off".
        let off = try RuleSet(json: Data(#"{"combinations": {"small_straight_2_to_6": "off"}}"#.utf8), source: "t")
        #expect(off.combinations.smallStraight(from: 1) == 1500 && off.combinations.smallStraight(from: 2) == nil)
        let table = ScoringTable(rules: off)
        #expect(table.best(for: DiceCounts(faces: [2, 3, 4, 5, 6]))[5] == 0)
        #expect(table.best(for: DiceCounts(faces: [2, 3, 4, 5, 6, 5]))[6] == 0)
        #expect(table.best(for: DiceCounts(faces: [1, 2, 3, 4, 5, 6]))[5] == 1500)
        #expect(off.jsonText.contains(#""small_straight_2_to_6": "off""#))
        #expect(try RuleSet(json: Data(off.jsonText.utf8), source: "again") == off)
        #expect(RuleSet.kcd.jsonText.contains(#""small_straight_2_to_6": 750"#))
        #expect(RuleSet.standard.jsonText.contains(#""small_straight_2_to_6": null"#))
        #expect {
            try RuleSet(json: Data(#"{"combinations": {"small_straight_2_to_6": "none"}}"#.utf8), source: "t")
        } throws: { error in
            String(describing: error)
                == #"t: 'combinations.small_straight_2_to_6' must be points from 1 to 1000000, null (as small_straight) "#
                + #"or "off", not "none""#
        }
    }
}
