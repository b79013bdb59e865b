import Testing

@testable import FarkleKit

@Suite("Whether a game can end: some turn can reach a bank")
struct BankReachabilityTests {
    /// `standard` with only the combinations in `on` (every other one switched off) and `turn` changed.
    private static func rules(only on: (inout CombinationPoints) -> Void, turn: (inout TurnRules) -> Void = { _ in })
        -> RuleSet
    {
        var rules = RuleSet.standard
        rules.combinations = CombinationPoints(
            singleOne: nil, singleFive: nil, threeOfAKind: Array(repeating: nil, count: 6), fourOfAKind: .off,
            fiveOfAKind: .off, sixOfAKind: .off, fullHouse: .off, fullMansion: nil, threePairs: nil,
            twoTriplets: nil, smallStraight: nil, largeStraight: nil)
        on(&rules.combinations)
        turn(&rules.turn)
        return rules
    }

    private static func check(_ rules: RuleSet) -> RuleSetError? {
        do {
            try BankReachability(table: ScoringTable(rules: rules)).check(source: "house.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("the presets and the fixtures can end")
    func playable() throws {
        let fixtures = try ["house-variant.json", "sparse.json", "bank-any-dice.json"].map { try Fixtures.rules($0) }
        for rules in Array(RuleSet.presets.values) + fixtures {
            #expect(Self.check(rules) == nil, "\(rules.name)")
        }
    }

    @Test(
        "combinations that always take all six dice leave nothing to bank with 1 or 2 dice",
        arguments: ["large straight", "six of a kind", "three pairs", "two triplets"])
    func allSixDice(combination: String) {
        let rules = Self.rules(only: { points in
            switch combination {
            case "large straight": points.largeStraight = 1500
            case "six of a kind": points.sixOfAKind = .flat(3000)
            case "three pairs": points.threePairs = 1500
            default: points.twoTriplets = 2500
            }
        })
        let reach = BankReachability(table: ScoringTable(rules: rules))
        #expect(!reach.canBank)
        #expect(reach.mostTurnPoints(diceLeft: 6) == Int.max)
        #expect((1...5).allSatisfy { reach.mostTurnPoints(diceLeft: $0) == nil })
        let error = Self.check(rules)
        #expect(error?.key == "turn.bank_with_dice_left")
        #expect(error?.problem.hasPrefix("allows banking only with 1 or 2 dice left, but keeps") == true)
        #expect(error?.problem.contains("only ever leave 6 dice to roll") == true)
        // Allowing a bank after hot dice makes the same combinations playable.
        var hotDice = rules
        hotDice.turn.hotDiceMandatory = false
        #expect(Self.check(hotDice) == nil)
    }

    @Test("three of a kind alone leaves 3 or 6 dice, so banking with 1 die never comes")
    func threeOfAKindWithOneDie() {
        let rules = Self.rules(
            only: { $0.threeOfAKind = [1000, 200, 300, 400, 500, 600] }, turn: { $0.bankingDiceLeft = [1] })
        let error = Self.check(rules)
        #expect(error?.problem.contains("only with 1 die left") == true)
        #expect(error?.problem.contains("only ever leave 3 or 6 dice") == true)
        var withThree = rules
        withThree.turn.bankingDiceLeft = [1, 3]
        #expect(Self.check(withThree) == nil)
    }

    @Test("nothing scoring and no dice count to bank with are refused")
    func nothingScoresOrNoBanking() {
        let nothing = Self.check(Self.rules(only: { _ in }, turn: { $0.sixDiceFarkle = nil }))
        #expect(nothing?.key == "combinations")
        // With the six-dice farkle the opening roll still reaches six dice, but never a count to bank with.
        #expect(Self.check(Self.rules(only: { _ in }))?.key == "turn.bank_with_dice_left")
        var noBanking = RuleSet.standard
        noBanking.turn.bankingDiceLeft = []
        let error = Self.check(noBanking)
        #expect(error?.key == "turn.bank_with_dice_left")
        #expect(error?.problem.hasPrefix("allows banking with no number of dice left") == true)
    }

    @Test("a minimum bank or entry minimum above every turn that may bank is refused, naming the larger")
    func unreachableMinimum() {
        // Four of a kind alone: six dice leave two, which nothing scores; a turn banks at most 2000.
        var rules = Self.rules(
            only: { $0.fourOfAKind = .flat(2000) },
            turn: {
                $0.bankingDiceLeft = [2]
                $0.sixDiceFarkle = nil
            })
        let reach = BankReachability(table: ScoringTable(rules: rules))
        #expect(reach.mostTurnPoints(diceLeft: 2) == 2000)
        rules.turn.minimumBank = 2000
        #expect(Self.check(rules) == nil)
        rules.turn.minimumBank = 2050
        let minimum = Self.check(rules)
        #expect(minimum?.key == "turn.minimum_bank")
        #expect(
            minimum?.problem.hasPrefix("is 2050, more than any turn can hold where it may bank (at most 2000") == true)
        rules.game.entryMinimum = 2500
        #expect(Self.check(rules)?.key == "game.entry_minimum")
        // With hot dice possible the points have no limit.
        rules.combinations.fourOfAKind = .off
        rules.combinations.threeOfAKind = [1000, 200, 300, 400, 500, 600]
        rules.turn.bankingDiceLeft = [3]
        rules.turn.minimumBank = 1_000_000
        #expect(Self.check(rules) == nil)
    }

    @Test("the six-dice farkle leads to six dice: once on the opening roll, again and again on every roll")
    func sixDiceFarkle() {
        // Four of a kind alone never gives hot dice; only the six-dice farkle reaches six dice to bank with.
        var rules = Self.rules(only: { $0.fourOfAKind = .flat(2000) }, turn: { $0.bankingDiceLeft = [] })
        rules.turn.hotDiceMandatory = false
        rules.turn.sixDiceFarkle = nil
        #expect(Self.check(rules)?.key == "turn.bank_with_dice_left")
        rules.turn.sixDiceFarkle = 500
        let opening = BankReachability(table: ScoringTable(rules: rules))
        #expect(opening.mostTurnPoints(diceLeft: 6) == 500)
        #expect(opening.canBank)
        rules.turn.sixDiceFarkleOnEveryRoll = true
        #expect(BankReachability(table: ScoringTable(rules: rules)).mostTurnPoints(diceLeft: 6) == Int.max)
    }

    @Test("rules refused here really never end: every simulated game runs to the round limit")
    func refusedRulesNeverEnd() {
        let rules = Self.rules(only: { $0.largeStraight = 1500 })
        #expect(Self.check(rules) != nil)
        let table = ScoringTable(rules: rules)
        let tally = GameSimulation(table: table, seats: [GreedyStrategy(table: table), GreedyStrategy(table: table)])
            .run(games: 3, seed: 1, threads: 1)
        #expect(tally.unfinishedGames == 3)
    }
}
