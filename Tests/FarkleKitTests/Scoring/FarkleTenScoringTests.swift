import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// The scoring of `farkleten`: every example of its rules, on the scoring table and on the reference scorer,
/// with the keeps that leave hot dice.
@Suite("Farkle Ten scoring: six-dice combinations score at least their points, counting the faces")
struct FarkleTenScoringTests {
    private let table = ScoringTable(rules: .farkleten)
    private let reference = ReferenceScorer(rules: .farkleten)

    /// Both scorers give the keep of all six `faces` `score` points: a keep that leaves hot dice.
    private func expectHotDice(_ faces: [Int], score: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let roll = DiceCounts(faces: faces)
        let whole = table.keeps(for: roll).first { $0.diceUsed == 6 }
        #expect(whole?.score == score, "table, \(roll)", sourceLocation: sourceLocation)
        #expect(whole.map { $0.diceUsed } == 6, sourceLocation: sourceLocation)
        let referenceWhole = reference.evaluate(faces).keeps.first { $0.faces.count == 6 }
        #expect(referenceWhole?.score == score, "reference, \(roll)", sourceLocation: sourceLocation)
    }

    @Test(
        "the issue's examples: the higher of the floor and the six dice counted face by face, all six kept",
        arguments: [
            ([2, 2, 2, 2, 3, 3], 750),  // three pairs: four 2s count 400, the floor 750 is higher
            ([6, 6, 6, 6, 2, 2], 1200),  // four 6s count 1200
            ([1, 1, 1, 1, 5, 5], 2100),  // four 1s 2000 + two single 5s
            ([1, 1, 1, 1, 3, 3], 2000),
            ([5, 5, 5, 5, 3, 3], 1000),
            ([2, 2, 2, 2, 2, 2], 2500),  // six 2s count 800; as two triplets the floor 2500
            ([1, 1, 1, 1, 1, 1], 4000),  // six 1s count 4000, above both floors
            ([1, 1, 1, 5, 5, 5], 2500),  // two triplets: 1000 + 500 counted, the floor 2500
            ([1, 2, 3, 4, 5, 6], 1000),  // the straight: 150 counted, the floor 1000
        ])
    func examples(faces: [Int], score: Int) {
        expectHotDice(faces, score: score)
        // No keep of the roll scores more than the whole roll.
        #expect(table.highestScoringKeep(for: DiceCounts(faces: faces))?.score == score)
    }

    @Test("the same dice in another order score the same")
    func order() {
        expectHotDice([2, 6, 6, 2, 6, 6], score: 1200)
        expectHotDice([6, 5, 4, 3, 2, 1], score: 1000)
    }

    @Test("four 6s plus two 2s: four 6s alone score 1200 too, but only the whole roll leaves hot dice")
    func fourSixesAndTwoTwos() {
        let keeps = table.keeps(for: DiceCounts(faces: [6, 6, 6, 6, 2, 2]))
        #expect(keeps.map(\.diceUsed) == [3, 4, 6])
        #expect(keeps.map(\.score) == [600, 1200, 1200])
    }

    @Test("single 1s and 5s, and n of a kind growing by the three of a kind for every die beyond three")
    func ofAKind() {
        let best = { (faces: [Int]) in self.table.best(for: DiceCounts(faces: faces))[faces.count] }
        #expect(best([1]) == 100 && best([1, 1]) == 200 && best([5]) == 50 && best([5, 5]) == 100)
        #expect(best([1, 1, 1]) == 1000 && best([1, 1, 1, 1]) == 2000 && best([1, 1, 1, 1, 1]) == 3000)
        #expect(best([5, 5, 5]) == 500 && best([5, 5, 5, 5]) == 1000 && best([5, 5, 5, 5, 5]) == 1500)
        #expect(best([4, 4, 4]) == 400 && best([4, 4, 4, 4]) == 800 && best([4, 4, 4, 4, 4]) == 1200)
        #expect(best([6, 6, 6, 6, 6, 6]) == 2500)  // 2400 counted; two triplets 2500
        #expect(best([3, 3, 3, 3, 3, 3]) == 2500)
    }

    @Test("nothing else scores: no full house, small straight or six-dice bonus; six 1s are points")
    func nothingElse() {
        #expect(table.best(for: DiceCounts(faces: [2, 2, 2, 3, 3]))[5] == 0)
        #expect(table.best(for: DiceCounts(faces: [1, 2, 3, 4, 5]))[5] == 0)
        #expect(table.best(for: DiceCounts(faces: [2, 3, 4, 5, 6]))[5] == 0)
        #expect(table.isFarkle(DiceCounts(faces: [2, 3, 4, 6, 2, 3])))
        #expect(RuleSet.farkleten.turn.sixDiceFarkle == nil)
        #expect(!RuleSet.farkleten.game.sixOnesWin)
    }

    @Test("counting the faces is what lifts four 6s and two 2s above 750: without it the whole roll scores 750")
    func withoutCountingFaces() {
        var rules = RuleSet.farkleten
        rules.combinations.countingFaces = []
        let whole = ScoringTable(rules: rules).keeps(for: DiceCounts(faces: [6, 6, 6, 6, 2, 2])).last
        #expect(whole?.diceUsed == 6 && whole?.score == 750)
        #expect(ReferenceScorer(rules: rules).points(ofGroup: [6, 6, 6, 6, 2, 2]) == 750)
        #expect(ScoringValidator(rules: rules).validate().disagreements == 0)
    }

    @Test("a face counted on its own: its n of a kind, or its single 1s and 5s, whichever is more")
    func facePoints() {
        let points = RuleSet.farkleten.combinations
        #expect(points.facePoints(2, face: 1) == 200)
        #expect(points.facePoints(4, face: 1) == 2000)
        #expect(points.facePoints(2, face: 5) == 100)
        #expect(points.facePoints(2, face: 2) == 0)
        #expect(points.facePoints(6, face: 2) == 800)
        // Four of a kind switched off: three 1s and a single 1.
        var flatless = points
        flatless.fourOfAKind = .off
        #expect(flatless.facePoints(4, face: 1) == 1100)
        #expect(flatless.facePoints(4, face: 3) == 300)
    }

    @Test("the rule file says it with counting_faces, and farkleten's file loads back to the preset")
    func ruleFile() throws {
        let loaded = try RuleSet(json: Data(RuleSet.farkleten.jsonText.utf8), source: "farkleten.json")
        #expect(loaded == .farkleten)
        #expect(
            RuleSet.farkleten.jsonText.contains(#""counting_faces": ["large_straight", "three_pairs", "two_triplets"]"#)
        )
        let file = #"{"combinations": {"three_pairs": 750, "counting_faces": ["three_pairs"]}}"#
        let custom = try RuleSet(json: Data(file.utf8), source: "house.json")
        #expect(custom.combinations.countingFaces == [.threePairs])
        #expect(RuleSet.standard.combinations.countingFaces.isEmpty)
    }

    @Test("a wrong counting_faces names the key and the combinations it knows")
    func ruleFileErrors() {
        for file in [
            #"{"combinations": {"counting_faces": "three_pairs"}}"#,
            #"{"combinations": {"counting_faces": ["full_house"]}}"#,
        ] {
            #expect {
                try RuleSet(json: Data(file.utf8), source: "house.json")
            } throws: { error in
                "\(error)".contains("combinations.counting_faces") && "\(error)".contains("\"two_triplets\"")
            }
        }
    }

    @Test("farkleten: ten rounds, banking with any dice and after hot dice, no minimum, no entry minimum")
    func gameAndTurn() {
        let rules = RuleSet.farkleten
        #expect(rules.game.end == .rounds(10))
        #expect(rules.turn.bankingDiceLeft == [1, 2, 3, 4, 5] && !rules.turn.hotDiceMandatory)
        #expect(rules.turn.minimumBank == 0 && rules.game.entryMinimum == 0 && rules.turn.threeFarklePenalty == nil)
        #expect(RuleSet.presets["farkleten"] == rules)
    }
}

@Suite("Farkle Ten's game in a rule file: rounds and their tie-breaks")
struct FarkleTenRuleFileTests {
    private func load(_ text: String) throws -> RuleSet {
        try RuleSet(json: Data(text.utf8), source: "house.json")
    }

    @Test("extra_rounds_on_tie and highest_turn_breaks_tie go with rounds, and a base's rounds stay")
    func tieBreaks() throws {
        let file = try load(#"{"game": {"rounds": 3, "extra_rounds_on_tie": 2, "highest_turn_breaks_tie": true}}"#)
        #expect(file.game.end == .rounds(3) && file.game.extraRoundsOnTie == 2 && file.game.highestTurnBreaksTie)
        let players = try load(#"{"base": "farkleten", "game": {"players": 4}}"#)
        #expect(players.game.end == .rounds(10) && players.game.extraRoundsOnTie == 5 && players.game.players == 4)
        let race = try load(#"{"base": "farkleten", "game": {"target": 5000}}"#)
        #expect(race.game.end == .target(5000, finalRound: true) && race.game.extraRoundsOnTie == 0)
        #expect(!race.game.highestTurnBreaksTie)
    }

    @Test("tie-breaks without rounds, or out of range, are refused with the key")
    func tieBreakErrors() {
        let files = [
            #"{"game": {"extra_rounds_on_tie": 2}}"#, #"{"game": {"rounds": 10, "extra_rounds_on_tie": 11}}"#,
            #"{"game": {"target": 500, "highest_turn_breaks_tie": true}}"#,
        ]
        for file in files {
            #expect {
                try load(file)
            } throws: { error in
                "\(error)".contains("game.extra_rounds_on_tie") || "\(error)".contains("game.highest_turn_breaks_tie")
            }
        }
    }
}
