import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Capped turn: E[min(turn points, cap)] for kcd and loaded dice")
struct CappedScoreSolverTests {
    static let table = ScoringTable(rules: .kcd)
    static let plain = DiceSetOutcomes(table: table, set: .ordinary)

    @Test("a cap of one step is reached by any keep: 50 times the chance that six dice score")
    func smallestCap() {
        let solver = CappedScoreSolver(outcomes: Self.plain, cap: 50)
        #expect(abs(solver.openingValue - 50 * (1 - 1440.0 / 46656)) < 1e-12)
    }

    @Test(
        "where a scoreless opening roll is rolled again, a cap of one step is sure, and a cap far above any turn gives the plain turn's value"
    )
    func openingRerolled() {
        // kcd banks with any dice left: a cap of one step is reached by any keep.
        var rules = RuleSet.kcd
        rules.turn.sixDiceFarkle = nil
        rules.turn.rerollsScorelessOpeningRoll = true
        let table = ScoringTable(rules: rules)
        let outcomes = DiceSetOutcomes(table: table, set: .ordinary)
        #expect(abs(CappedScoreSolver(outcomes: outcomes, cap: 50).openingValue - 50) < 1e-12)
        let capped = CappedScoreSolver(outcomes: outcomes, cap: 60_000).openingValue
        let plain = ExpectedScoreSolver(table: table).expectedTurnScore
        #expect(abs(capped - plain) < 1e-6, "\(capped) vs \(plain)")
    }

    @Test("with a cap far above any turn the capped value is the plain expected turn score")
    func largeCap() {
        let capped = CappedScoreSolver(outcomes: Self.plain, cap: 60_000).openingValue
        let plain = ExpectedScoreSolver(table: Self.table).expectedTurnScore
        #expect(abs(capped - plain) < 1e-6, "\(capped) vs \(plain)")
    }

    @Test(
        "under every preset a cap far above any turn gives the plain expected turn score",
        arguments: ["standard", "zilch", "facebook", "boxed", "cardgames"])
    func largeCapEveryPreset(name: String) throws {
        // standard: hot dice must be rolled and the opening six-dice farkle scores 500; zilch: a 300 minimum bank
        // and the six-dice farkle on every roll of six dice.
        let rules = try #require(RuleSet.presets[name])
        let table = ScoringTable(rules: rules)
        let capped = CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: .ordinary), cap: 60_000)
        let plain = ExpectedScoreSolver(table: table).expectedTurnScore
        #expect(abs(capped.openingValue - plain) < 1e-6, "\(name): \(capped.openingValue) vs \(plain)")
    }

    @Test(
        "where the target must be hit exactly a bank past the cap is worth 0: every state is a plain recursion's over the reference scorer",
        arguments: [50, 100, 350, 1_000])
    func exactTarget(cap: Int) throws {
        // kcd's scoring and banking with any dice left; no six of a kind ends a turn's table.
        var rules = RuleSet.kcd
        rules.game.mustHitTargetExactly = true
        let solver = CappedScoreSolver(rules: rules, cap: cap)
        let expected = Self.exactRecursion(rules: rules, cap: cap)
        var worst = 0.0
        for level in 0...cap / 50 + 3 {
            for dice in 1...6 {
                let value = solver.value(turnPoints: level * 50, state: dice)
                worst = max(worst, abs(value - (level * 50 > cap ? 0 : expected.value[level][dice])))
            }
        }
        #expect(worst < 1e-14 * Double(cap), "largest difference \(worst)")
        #expect(abs(solver.openingValue - expected.opening) < 1e-14 * Double(cap))
        #expect(solver.bankValue(turnPoints: cap + 50, state: 2) == 0)
        #expect(solver.bankValue(turnPoints: cap, state: 2) == Double(cap))
        // Reaching past the cap is worth something without the rule: more than hitting it exactly.
        rules.game.mustHitTargetExactly = false
        #expect(CappedScoreSolver(rules: rules, cap: cap).openingValue > solver.openingValue + 1e-6)
    }

    /// V(t, n) for turn points t up to `cap` by a plain recursion over the reference scorer's keeps (every keep, hot
    /// dice giving six back, a bank past `cap` worth 0 and the turn over), under rules that bank with any dice left
    /// and have no six-dice farkle; and the opening roll's value.
    static func exactRecursion(rules: RuleSet, cap: Int) -> (value: [[Double]], opening: Double) {
        let reference = ReferenceScorer(rules: rules)
        let step = 50
        let rolls = (0...6).map { dice in
            dice == 0
                ? []
                : HouseRuleSolverTests.rolls(of: dice).map { roll in
                    (
                        chance: roll.chance,
                        keeps: reference.evaluate(roll.faces).keeps.map { keep in
                            (points: keep.score, left: keep.faces.count == dice ? 6 : dice - keep.faces.count)
                        }
                    )
                }
        }
        let top = cap / step
        var value = [[Double]](repeating: [Double](repeating: 0, count: 7), count: top + 1)
        func after(_ points: Int, _ dice: Int) -> Double { points > cap ? 0 : value[points / step][dice] }
        func roll(_ points: Int, _ dice: Int) -> Double {
            rolls[dice].reduce(0.0) { sum, roll in
                sum + roll.chance * (roll.keeps.map { after(points + $0.points, $0.left) }.max() ?? 0)
            }
        }
        // Every keep scores, so a state needs only states with more points: from the cap down.
        for level in stride(from: top, through: 0, by: -1) {
            for dice in 1...6 { value[level][dice] = max(Double(level * step), roll(level * step, dice)) }
        }
        return (value, roll(0, 6))
    }

    @Test("past the cap a bank takes the whole cap; where banking is not allowed, the cap times the chance to reach it")
    func pastTheCap() {
        let solver = CappedScoreSolver(rules: .standard, cap: 300)
        #expect(solver.value(turnPoints: 500, state: 1) == 300)
        #expect(solver.bankValue(turnPoints: 500, state: 4) == nil)
        let fourDice = solver.value(turnPoints: 500, state: 4)
        #expect(fourDice > 0 && fourDice < 300)
        #expect(solver.shouldBank(turnPoints: 300, state: 2))
        #expect(!solver.shouldBank(turnPoints: 50, state: 5))
        // One die scores 2 times in 6, then hot dice must be rolled: the cap, if six dice then reach a bank.
        let oneDie = solver.rollValue(turnPoints: 500, state: 1)
        #expect(abs(oneDie - 2.0 / 6 * solver.value(turnPoints: 550, state: 6)) < 1e-12)
        #expect(solver.value(turnPoints: 550, state: 6) < 300)
    }
}

@Suite("Choosing dice from an inventory")
struct DiceSetSearchTests {
    @Test("every set the inventory allows is a candidate once; alike dice are one type; the best is the top value")
    func candidates() throws {
        let catalog = LoadedDiceCatalog.builtIn
        let inventory = try ["odd", "ci", "lu", "hugos"].map { name in
            DiceSet.Member(die: try #require(catalog[name]), count: name == "odd" ? 2 : 1)
        }
        var rules = RuleSet.kcd
        rules.game.end = .target(200, finalRound: false)
        let search = DiceSetSearch(table: ScoringTable(rules: rules), target: 200, inventory: inventory)
        #expect(search.types.map(\.names) == [["odd"], ["ci", "lu"]])
        #expect(search.candidates.count == 9)
        #expect(Set(search.candidates).count == 9)
        let ranked = search.rank(threads: 2)
        #expect(ranked.map(\.value) == ranked.map(\.value).sorted(by: >))
        #expect(search.rank(threads: 1) == ranked)
        for entry in ranked {
            let solver = CappedScoreSolver(
                outcomes: DiceSetOutcomes(table: search.table, set: entry.set), cap: 200)
            #expect(solver.openingValue == entry.value)
        }
    }
}

@Suite("Expected points with a dice set: the capped solver without a cap (ev)")
struct UncappedScoreSolverTests {
    static let table = ScoringTable(rules: .kcd)

    @Test("six ordinary dice: the plain solver's values at every turn points and dice, tail included")
    func ordinaryDiceArePlain() throws {
        let plain = ExpectedScoreSolver(table: Self.table)
        // Built kind by kind too, as any other set: its states are then (dice of two kinds of ordinary die).
        for outcomes in [
            DiceSetOutcomes(table: Self.table, set: .ordinary),
            DiceSetOutcomes(table: Self.table, set: .ordinary, forceKinds: true),
        ] {
            let solver = try CappedScoreSolver(expectedPointsOf: outcomes)
            #expect(abs(solver.openingValue - plain.expectedTurnScore) < 1e-9)
            for state in 1..<outcomes.stateCount {
                let dice = outcomes.diceInState[state]
                for points in stride(from: 0, through: 6_000, by: 50) {
                    #expect(
                        abs(
                            solver.value(turnPoints: points, state: state)
                                - plain.value(turnPoints: points, diceLeft: dice))
                            < 1e-9, "\(points) with \(dice) dice")
                    #expect(
                        solver.shouldBank(turnPoints: points, state: state)
                            == plain.shouldBank(turnPoints: points, diceLeft: dice) || points == 0,
                        "\(points) with \(dice) dice")
                }
            }
        }
    }

    @Test("loaded dice: a cap far above where every state banks gives the same values, by its own tail (cap × reach)")
    func againstFarCap() throws {
        for text in ["weighted:1,odd:2"] {
            let outcomes = DiceSetOutcomes(table: Self.table, set: try DiceSet(parsing: text))
            let solver = try CappedScoreSolver(expectedPointsOf: outcomes)
            // Six loaded dice rarely farkle: rolling them beats banking up to tens of thousands of points.
            let tail = LinearTail(
                states: DiceSetTailStates(outcomes: outcomes), mechanics: outcomes.table.turnMechanics)
            let banksFrom = Int(tail.firstExactLevel(scoreStep: 50)) * 50
            #expect(banksFrom > 10_000, "\(text): \(banksFrom)")
            let capped = CappedScoreSolver(outcomes: outcomes, cap: 3 * banksFrom)
            // The largest shortfall below the far-capped value, and the largest relative difference.
            var (shortfall, relative) = (0.0, 0.0)
            for state in 1..<outcomes.stateCount {
                for points in stride(from: 0, through: 6_000, by: 150) {
                    let expected = capped.value(turnPoints: points, state: state)
                    let found = solver.value(turnPoints: points, state: state)
                    shortfall = max(shortfall, expected - found)
                    relative = max(relative, abs(found - expected) / expected)
                }
            }
            #expect(shortfall <= 1e-9, "\(text): \(shortfall) below the far cap")
            #expect(relative < 1e-7, "\(text): relative difference \(relative)")
        }
    }

    @Test("unbounded expected points are refused in one line")
    func refusals() throws {
        let ones = DiceSet(members: [
            DiceSet.Member(die: LoadedDie(name: "ones", weights: [1, 0, 0, 0, 0, 0], source: "a test"), count: 6)
        ])
        #expect(throws: CappedScoreSolver.Unsolved.self) {
            try CappedScoreSolver(expectedPointsOf: DiceSetOutcomes(table: Self.table, set: ones))
        }
        // One die that always shows 1 among five ordinary ones: it rolls on, the others farkle, so it is solved.
        let one = DiceSet(members: [
            DiceSet.Member(die: LoadedDie(name: "ones", weights: [1, 0, 0, 0, 0, 0], source: "a test"), count: 1)
        ])
        let solver = try CappedScoreSolver(expectedPointsOf: DiceSetOutcomes(table: Self.table, set: one))
        #expect(solver.openingValue > ExpectedScoreSolver(table: Self.table).expectedTurnScore)
    }

    @Test(
        "six ordinary dice as a dice set: the plain game's expected points under any turn rules, to 1e-9",
        arguments: ["standard", "least bank", "bank dice", "six-dice farkle on every roll", "opening reroll", "bonus"])
    func turnRulesOnOrdinaryDice(variant: String) throws {
        // Before, the dice sets' tail assumed a bank after any keep and no six-dice farkle, and refused the rest.
        // The plain solver (ExpectedScoreSolver) tabulates dice counts with its own table; the tail's lines are one
        // algorithm over both (LinearTail over TailStates).
        var rules = variant == "standard" ? RuleSet.standard : RuleSet.kcd
        rules.game.entryMinimum = 0
        switch variant {
        case "least bank": rules.turn.minimumBank = 350
        case "bank dice":
            rules.turn.bankingDiceLeft = [1, 2, 3]
            rules.turn.hotDiceMandatory = true
        case "six-dice farkle on every roll":
            rules.turn.sixDiceFarkle = 500
            rules.turn.sixDiceFarkleOnEveryRoll = true
        case "opening reroll":
            rules.turn.sixDiceFarkle = nil
            rules.turn.rerollsScorelessOpeningRoll = true
        case "bonus": rules.turn.hotDiceBonus = 1000
        default: break
        }
        let table = ScoringTable(rules: rules)
        let plain = ExpectedScoreSolver(table: table)
        for outcomes in [
            DiceSetOutcomes(table: table, set: .ordinary),
            DiceSetOutcomes(table: table, set: .ordinary, forceKinds: true),
        ] {
            let solver = try CappedScoreSolver(expectedPointsOf: outcomes)
            #expect(
                abs(solver.openingValue - plain.expectedTurnScore) < 1e-9,
                "\(variant): \(solver.openingValue) vs \(plain.expectedTurnScore)")
            for state in 1..<outcomes.stateCount {
                let dice = outcomes.diceInState[state]
                for points in stride(from: 50, through: 8_000, by: 50) {
                    let (found, expected) = (
                        solver.value(turnPoints: points, state: state), plain.value(turnPoints: points, diceLeft: dice)
                    )
                    #expect(abs(found - expected) < 1e-9, "\(variant): \(points) with \(dice) dice")
                }
            }
        }
    }
}

@Suite("The capped turn at every total: a total of 0 is a player not yet on the board")
struct CappedEveryTotalTests {
    @Test("an entry minimum equal to the target: from 0 the value is the target times the chance to reach it in a turn")
    func entryMinimumAtZero() throws {
        var rules = RuleSet.kcd
        rules.game.end = .target(300, finalRound: false)
        rules.game.entryMinimum = 300
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: rules), set: try DiceSet(parsing: "odd:2"))
        let values = CappedScoreSolver.openingValues(outcomes: outcomes, target: 300)
        // Not on the board only a bank of 300 counts, and then it counts 300: the best chance to reach 300 alone in
        // a turn (solved where no entry minimum applies: a bank below 300 does not reach it either).
        var open = rules
        open.game.entryMinimum = 0
        let reach = try ReachProbabilitySolver(
            outcomes: DiceSetOutcomes(table: ScoringTable(rules: open), set: outcomes.set), target: 300, turns: 1
        ).chance
        #expect(abs(values[0].value - 300 * reach) < 1e-9, "\(values[0].value) vs \(300 * reach)")
        // On the board, 50 points from the target, any keep counts in full.
        #expect(abs(values[5].value - 50 * (1 - outcomes.farkleProbability[outcomes.fullState])) < 1e-12)
    }
}
