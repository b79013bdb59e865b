import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Advisor with dice sets: the race won at once, kind by kind")
struct AdvisorDiceSetTests {
    private static func kcd(target: Int) -> RuleSet {
        var rules = RuleSet.kcd
        rules.game.end = .target(target, finalRound: false)
        return rules
    }

    @Test("six ordinary dice given by kind: the advice to win is the plain race solver's, keep by keep")
    func ordinaryByKindMatchesPlainWinSolver() throws {
        let table = ScoringTable(rules: Self.kcd(target: 400))
        let plain = try WinProbabilitySolver(table: table, threads: 1)
        let roll = DiceCounts(faces: [1, 5, 5, 2])
        var situation = TurnSituation(roll: roll, turnPoints: 50)
        situation.rollByKind = [roll]
        situation.myScore = 100
        situation.opponentScore = 250
        let advice = try Advisor(table: table).advice(for: situation, threads: 1)
        let byKind = try #require(advice.byKind)
        let win = try #require(advice.win)
        let expected = plain.turnTable(myScore: 100, opponentScore: 250).advice(for: roll, turnPoints: 50)
        #expect(win.options.count == expected.options.count)
        #expect(byKind.win?.count == expected.options.count)
        for option in expected.options {
            let found = try #require(win.options.first { $0.keep == option.keep })
            #expect(abs(found.value - option.value) < 1e-12, "\(option.keep)")
        }
        #expect(abs(win.farkleValue - expected.farkleValue) < 1e-12)
        #expect(abs((win.best?.value ?? 0) - (expected.best?.value ?? 1)) < 1e-12)
    }

    /// `standard` and variants that change the turn, each a game other than a race won at once.
    private static let gamesBeyondTheRace: [RuleSet] = {
        var boxed = RuleSet.boxed
        boxed.game.end = .target(10_000, finalRound: true)
        var reroll = RuleSet.standard
        reroll.turn.rerollsScorelessOpeningRoll = true
        reroll.turn.sixDiceFarkle = nil
        var everyRoll = RuleSet.standard
        everyRoll.turn.sixDiceFarkleOnEveryRoll = true
        return [.standard, boxed, reroll, everyRoll, .farkleten]
    }()

    @Test(
        "six fair dice given by kind in any game: every keep valued by the turn's expected points, as the plain advice",
        arguments: gamesBeyondTheRace.indices)
    func fairDiceByKindMatchPlainPointsAdvice(variant: Int) throws {
        let rules = Self.gamesBeyondTheRace[variant]
        let table = ScoringTable(rules: rules)
        let advisor = try Advisor(table: table)
        for (faces, turnPoints, entered) in [
            ([2, 2, 3, 3, 4, 6], 0, true), ([1, 5, 5, 2, 3, 3], 0, false), ([1, 5, 2], 300, true),
            ([5, 5, 5, 1], 0, false), ([1, 2, 3, 4, 5, 6], 0, true), ([6, 6], 1000, true),
        ] {
            let roll = DiceCounts(faces: faces)
            var plainSituation = TurnSituation(roll: roll, turnPoints: turnPoints)
            plainSituation.myScore = entered ? nil : 0
            var kindSituation = plainSituation
            kindSituation.rollByKind = [roll]
            let plain = try advisor.advice(for: plainSituation)
            let byKind = try advisor.advice(for: kindSituation)
            #expect(byKind.objective == .expectedPoints && plain.objective == .expectedPoints)
            #expect(byKind.byKind != nil && plain.byKind == nil)
            let expected = plain.points
            let found = byKind.points
            #expect(found.options.count == expected.options.count, "\(faces)")
            for option in expected.options {
                let same = try #require(found.options.first { $0.keep == option.keep }, "\(faces) \(option.keep)")
                #expect(abs(same.value - option.value) < 1e-9, "\(rules.name) \(faces) \(option.keep)")
                #expect(same.bankValue == option.bankValue, "\(rules.name) \(faces) \(option.keep)")
            }
            #expect(found.isFarkle == expected.isFarkle && found.isRolledAgain == expected.isRolledAgain)
            #expect(found.sixDiceFarkle?.points == expected.sixDiceFarkle?.points, "\(rules.name) \(faces)")
            #expect(abs((found.sixDiceFarkle?.value ?? 0) - (expected.sixDiceFarkle?.value ?? 0)) < 1e-9)
            #expect(found.next?.decision == expected.next?.decision, "\(rules.name) \(faces)")
            #expect(abs((found.next?.rollValue ?? 0) - (expected.next?.rollValue ?? 0)) < 1e-9)
        }
    }

    @Test("dice sets beyond the race: the advice to win and a penalty of points are not covered, in one line each")
    func beyondTheRaceRefusals() throws {
        let roll = DiceCounts(faces: [1, 5, 2])
        var situation = TurnSituation(roll: roll, turnPoints: 0)
        situation.rollByKind = [roll]
        situation.myScore = 500
        situation.opponentScore = 400
        #expect(throws: NotCovered.self) {
            try Advisor(table: ScoringTable(rules: .standard)).advice(for: situation)
        }
        situation.opponentScores = []
        situation.myScore = nil
        do {
            _ = try Advisor(table: ScoringTable(rules: .zilch)).advice(for: situation)
            Issue.record("zilch's penalty of points has no expected points for dice sets")
        } catch {
            #expect(error.description.contains("long-run average"))
        }
    }

    @Test("a cap of one score step: rolling on is worth 50 times the chance that the dice left score, by brute force")
    func capOfOneStepAgainstBruteForce() throws {
        let table = ScoringTable(rules: .kcd)
        let odd = try #require(LoadedDiceCatalog.builtIn["odd"])
        let set = try DiceSet(parsing: "odd:2")
        // 5 and 2 on the odd dice, 3 3 6 6 on the ordinary ones (no straight); the total one step below the target.
        var situation = try TurnSituation(
            roll: [(5, odd), (2, odd), (3, .ordinary), (3, .ordinary), (6, .ordinary), (6, .ordinary)], of: set)
        situation.myScore = 3950
        let advice = try Advisor(table: table).advice(for: situation)
        #expect(advice.objective == .pointsTowardTarget(cap: 50))
        let byKind = try #require(advice.byKind)
        let keep = try #require(byKind.points.first)
        #expect(byKind.points.count == 1)
        #expect(keep.taken == [DiceCounts(faces: [5]), DiceCounts()])
        #expect(keep.diceLeft == [1, 4])
        #expect(keep.bankValue == 50)
        // Every roll of one odd die and four ordinary ones, weighed die by die, scored by the reference scorer.
        let scorer = ReferenceScorer(rules: .kcd)
        var scores = 0.0
        for oddFace in 1...6 {
            for code in 0..<1296 {
                let ordinary = (0..<4).map { (code / [1, 6, 36, 216][$0]) % 6 + 1 }
                if !scorer.evaluate([oddFace] + ordinary).isFarkle {
                    scores += odd.probability(of: oddFace) / 1296
                }
            }
        }
        #expect(abs(keep.rollValue - 50 * scores) < 1e-9)
        #expect(keep.banks)
        #expect(advice.points.best?.value == 50)
    }

    @Test("dice sets: the expected points beyond the race or without a total; a roll not of the set: a typed error")
    func notCovered() throws {
        var situation = TurnSituation(roll: DiceCounts(faces: [5, 1]))
        situation.dice = try DiceSet(parsing: "odd:2")
        situation.rollByKind = [DiceCounts(), DiceCounts(faces: [5, 1])]
        let standard = try Advisor(table: ScoringTable(rules: .standard))
        situation.myScore = 0
        #expect(try standard.advice(for: situation).objective == .expectedPoints)
        let kcd = try Advisor(table: ScoringTable(rules: .kcd))
        #expect(try kcd.advice(for: situation).byKind != nil)
        situation.rollByKind = [DiceCounts(faces: [5, 1, 1]), DiceCounts()]
        #expect(throws: NotCovered.self) { try kcd.advice(for: situation) }
        situation.rollByKind = [DiceCounts(), DiceCounts(faces: [5, 1])]
        // No total in the race: the turn's expected points, as ordinary dice get them.
        situation.myScore = nil
        #expect(try kcd.advice(for: situation).objective == .expectedPoints)
        situation.myScore = 0
        #expect(try kcd.advice(for: situation).objective == .pointsTowardTarget(cap: 4000))
    }
}
