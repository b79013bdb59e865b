import Testing

@testable import FarkleKit

/// The advice on a banked turn offered under piggybacking, through the one front door: R at the offer against a
/// fresh turn, for a player on the board and for one not yet on it, against a plain recursion over the reference
/// scorer.
@Suite("Advisor: take over a banked turn or start fresh")
struct AdvisorOfferTests {
    /// `PiggybackSolverTests.rules` (banking with any dice, no six-dice farkle) with 500 to get on the board.
    static func entryRules() throws -> RuleSet {
        try Fixtures.rules(
            json:
                #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false, "six_dice_farkle": null}, "game": {"six_ones": "points", "piggyback": true, "entry_minimum": 500}}"#
        )
    }

    @Test(
        "on the board or not (an inherited bank counts toward the 500 to enter), every offer's values and threshold are the plain recursion's"
    )
    func offersAgainstPlainRecursion() throws {
        let rules = try Self.entryRules()
        let advisor = try Advisor(table: ScoringTable(rules: rules))
        var differ = 0
        for hasEntered in [true, false] {
            let (_, roll, _) = HouseRuleSolverTests.plainRecursion(rules: rules, leastBank: hasEntered ? 0 : 500)
            let fresh = roll[0][6]
            for dice in 1...6 {
                for level in stride(from: 0, to: 120, by: 3) {
                    let advice = try advisor.advice(
                        onOffer: TurnOffer(turnPoints: level * 50, dice: dice), myScore: hasEntered ? nil : 0)
                    let expected = roll[level][dice]
                    #expect(abs(advice.takeOverValue - expected) <= 1e-9 * max(expected, 1), "\(level * 50), \(dice)")
                    #expect(abs(advice.freshTurnValue - fresh) <= 1e-9 * fresh)
                    #expect(advice.takesOver == (expected > fresh), "\(level * 50), \(dice)")
                }
                let least = roll.indices.first { roll[$0][dice] > fresh }.map { $0 * 50 }
                let advice = try advisor.advice(
                    onOffer: TurnOffer(turnPoints: 0, dice: dice), myScore: hasEntered ? nil : 0)
                #expect(advice.leastBankToTakeOver == least, "\(dice) dice, on the board: \(hasEntered)")
                let entered = try advisor.advice(onOffer: TurnOffer(turnPoints: 0, dice: dice))
                if entered.leastBankToTakeOver != advice.leastBankToTakeOver { differ += 1 }
            }
        }
        // A player not yet on the board takes over from other points than one on it, for some number of dice.
        #expect(differ > 0)
    }

    @Test(
        "where inherited points do not enter, a player not yet on the board is advised on each offer of P points by the turn whose least bank is P + 500, the plain recursion's"
    )
    func ownEntryAgainstPlainRecursion() throws {
        var rules = try Self.entryRules()
        rules.game.piggyback = Piggyback(inheritedPointsEnter: false)
        let advisor = try Advisor(table: ScoringTable(rules: rules))
        let fresh = HouseRuleSolverTests.plainRecursion(rules: rules, leastBank: 500).roll[0][6]
        var takeOverValues: [Int: [Double]] = [:]
        for points in [0, 50, 300, 1_000, 2_500] {
            let (_, roll, _) = HouseRuleSolverTests.plainRecursion(rules: rules, leastBank: points + 500)
            takeOverValues[points] = roll[points / 50]
            for dice in 1...6 {
                let advice = try advisor.advice(onOffer: TurnOffer(turnPoints: points, dice: dice), myScore: 0)
                let expected = roll[points / 50][dice]
                #expect(advice.objective == .expectedPoints)
                #expect(abs(advice.takeOverValue - expected) <= 1e-9 * max(expected, 1), "\(points), \(dice)")
                #expect(abs(advice.freshTurnValue - fresh) <= 1e-9 * fresh)
                // On the board nothing changes: the inherited points count as before.
                let entered = try advisor.advice(onOffer: TurnOffer(turnPoints: points, dice: dice))
                let plain = HouseRuleSolverTests.plainRecursion(rules: rules).roll[points / 50][dice]
                #expect(abs(entered.takeOverValue - plain) <= 1e-9 * max(plain, 1))
            }
        }
        // 500 more of one's own before a bank: an offer is worth less than where it counts toward the 500.
        let (_, counting, _) = HouseRuleSolverTests.plainRecursion(rules: rules, leastBank: 500)
        #expect((takeOverValues[1_000] ?? [])[2] < counting[20][2] - 100)
        // The least offer of 3 dice that beats a fresh turn: the first of the plain recursion's, each with its own
        // least bank, searched from the advice's threshold one step either side.
        let least = try #require(
            try advisor.advice(onOffer: TurnOffer(turnPoints: 0, dice: 3), myScore: 0).leastBankToTakeOver)
        #expect(least > 0)
        let above = HouseRuleSolverTests.plainRecursion(rules: rules, leastBank: least + 500).roll[least / 50][3]
        let below = HouseRuleSolverTests.plainRecursion(rules: rules, leastBank: least + 450).roll[least / 50 - 1][3]
        #expect(above > fresh && below <= fresh, "\(least): \(below) and \(above) against \(fresh)")
    }

    @Test(
        "in a race won at once, 50 short of the target, an offer is worth 50 times the chance its dice score: the points toward the target, never taken over"
    )
    func pointsTowardTheTarget() throws {
        let rules = try Fixtures.rules(json: #"{"base": "kcd", "game": {"piggyback": true}}"#)
        let advisor = try Advisor(table: ScoringTable(rules: rules))
        let reference = ReferenceScorer(rules: rules)
        // Any score reaches 50 toward the target, and kcd banks after any keep: bank it.
        func scores(_ dice: Int) -> Double {
            HouseRuleSolverTests.rolls(of: dice).filter { !reference.evaluate($0.faces).keeps.isEmpty }
                .map(\.chance).reduce(0, +)
        }
        for dice in 1...6 {
            for points in [50, 500, 3_000] {
                let advice = try advisor.advice(onOffer: TurnOffer(turnPoints: points, dice: dice), myScore: 3_950)
                #expect(advice.objective == .pointsTowardTarget(cap: 50))
                #expect(abs(advice.takeOverValue - 50 * scores(dice)) < 1e-12, "\(points), \(dice) dice")
                #expect(abs(advice.freshTurnValue - 50 * scores(6)) < 1e-12)
                if dice < 6 { #expect(!advice.takesOver && advice.leastBankToTakeOver == nil, "\(dice) dice") }
            }
        }
        // Without the total the offer is valued in expected points, and a big bank is worth taking over.
        let points = try advisor.advice(onOffer: TurnOffer(turnPoints: 3_000, dice: 3))
        #expect(points.objective == .expectedPoints && points.takesOver)
        #expect(throws: NotCovered.self) {
            try advisor.advice(onOffer: TurnOffer(turnPoints: 50, dice: 3), myScore: 4_000)
        }
    }

    @Test(
        "an offer where the rules have no piggybacking, off the score step, or with farkles in a row and no penalty, is not covered"
    )
    func refusals() throws {
        let advisor = try Advisor(table: ScoringTable(rules: .standard))
        #expect(throws: NotCovered.self) { try advisor.advice(onOffer: TurnOffer(turnPoints: 1_500, dice: 2)) }
        let piggyback = try Advisor(table: ScoringTable(rules: try Self.entryRules()))
        #expect(throws: NotCovered.self) {
            try piggyback.advice(onOffer: TurnOffer(turnPoints: 1_500, dice: 2), farklesInARow: 1)
        }
        #expect(throws: NotCovered.self) { try piggyback.advice(onOffer: TurnOffer(turnPoints: 1_500, dice: 7)) }
        // Off the score step: the turns hold whole steps only (it trapped before).
        #expect(throws: NotCovered.self) { try piggyback.advice(onOffer: TurnOffer(turnPoints: 1_530, dice: 2)) }
        #expect(throws: NotCovered.self) {
            try piggyback.advice(onOffer: TurnOffer(turnPoints: 1_530, dice: 2), myScore: 4_000)
        }
    }
}
