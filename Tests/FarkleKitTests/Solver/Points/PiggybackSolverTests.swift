import Foundation
import Testing

@testable import FarkleKit

/// Piggybacking in the expected-score turn: from how many points taking over a banked turn beats a fresh one,
/// against a plain recursion over the reference scorer, and played by `ev` in simulated games.
@Suite("Piggybacking: the turn taken over, solved and played")
struct PiggybackSolverTests {
    /// Standard banking with any dice and no six-dice farkle, where six 1s score (so a game of one round always
    /// reaches the second seat's turn), with piggybacking given as a rule-file value.
    static func rules(_ piggyback: String, rounds: Bool = false) throws -> RuleSet {
        try Fixtures.rules(
            json:
                #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false, "six_dice_farkle": null}, "game": {"six_ones": "points", "piggyback": \#(piggyback)\#(rounds ? #", "rounds": 1"# : "")}}"#
        )
    }

    @Test(
        "the least points to take over with n dice is the least multiple of 50 whose R(t, n) in the plain recursion beats a fresh turn",
        arguments: ["true", #"{"bonus": 500, "least_dice_left": 2}"#])
    func leastPointsAgainstPlainRecursion(piggyback: String) throws {
        let rules = try Self.rules(piggyback)
        let (_, roll, _) = HouseRuleSolverTests.plainRecursion(rules: rules)
        let solver = ExpectedScoreSolver(rules: rules)
        let fresh = roll[0][6]
        #expect(abs(solver.expectedTurnScore - fresh) <= 1e-9 * fresh)
        for dice in 1...6 {
            let level = try #require(roll.indices.first { roll[$0][dice] > fresh }, "\(dice) dice")
            // No level is within rounding of a fresh turn, so the comparison cannot go either way (but six dice
            // from no points, which are the fresh turn).
            #expect(roll.indices.allSatisfy { abs(roll[$0][dice] - fresh) > 1e-6 || ($0 == 0 && dice == 6) })
            #expect(solver.leastPointsToPiggyback(diceLeft: dice) == level * 50, "\(dice) dice")
        }
        // Six dice from any points beat a fresh turn of six dice (it starts from none); one die needs far more.
        #expect(solver.leastPointsToPiggyback(diceLeft: 6) == 50)
        #expect((solver.leastPointsToPiggyback(diceLeft: 1) ?? 0) > 1_000)
    }

    @Test(
        "ev against ev for one round: the second seat's mean turn is the exact value of the offers the first seat's turns leave, within 4 standard errors",
        arguments: ["true", #"{"bonus": 500, "least_dice_left": 2}"#, "false"])
    func secondSeatTakesOver(piggyback: String) throws {
        let rules = try Self.rules(piggyback, rounds: true)
        let table = ScoringTable(rules: rules)
        let solver = ExpectedScoreSolver(table: table)
        let (_, roll, _) = HouseRuleSolverTests.plainRecursion(rules: rules)
        let fresh = roll[0][6]
        // The first seat's banks by points and dice left, following the ev policy roll by roll over the reference
        // scorer's rolls; every keep adds points, so one pass up the levels of turn points.
        let reference = ReferenceScorer(rules: rules)
        let rolls = (1...6).map { dice in
            HouseRuleSolverTests.rolls(of: dice).map { roll in
                (roll.chance, reference.evaluate(roll.faces).keeps.isEmpty, DiceCounts(faces: roll.faces))
            }
        }
        let top = 800
        var mass = [[Double]](repeating: [Double](repeating: 0, count: 7), count: top + 1)
        var banked = mass
        mass[0][6] = 1
        let catalog = DiceCatalog.shared
        for level in 0..<top {
            for dice in 1...6 where mass[level][dice] > 0 {
                for (chance, farkles, counts) in rolls[dice - 1] where !farkles {
                    let move = solver.policy.move(
                        turnPoints: level * 50, dice: dice, multiset: catalog.index(of: counts))
                    let after = level + move.score / 50
                    let left = table.turnMechanics.diceLeft(afterKeeping: move.diceUsed, of: dice)
                    let banks = move.banks ?? solver.policy.shouldBank(turnPoints: after * 50, diceLeft: left)
                    if banks {
                        banked[after][left] += mass[level][dice] * chance
                    } else {
                        mass[min(after, top)][left] += mass[level][dice] * chance
                    }
                }
            }
        }
        var expected = 0.0
        var offered = 0.0
        for level in 0...top {
            for dice in 1...6 where banked[level][dice] > 0 {
                guard let offer = rules.game.piggyback?.offer(turnPoints: level * 50, diceLeft: dice) else { continue }
                offered += banked[level][dice]
                expected += banked[level][dice] * max(roll[offer.turnPoints / 50][dice], fresh)
            }
        }
        expected += (1 - offered) * fresh
        var source = ScriptedRolls([])
        let games = 20_000
        let (_, record) = playRecorded(
            table: table, seats: BuiltInStrategy.make([.expectedValue, .expectedValue], table: table), games: games,
            rolls: &source)
        let second = record.map { game in Double(game.turns.first { $0.seat == 1 }?.turnPoints ?? -1) }
        #expect(second.allSatisfy { $0 >= 0 })
        let mean = second.reduce(0, +) / Double(games)
        let variance = second.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(games - 1)
        let error = (variance / Double(games)).squareRoot()
        #expect(abs(mean - expected) < 4 * error, "mean \(mean), exact \(expected), s.e. \(error)")
        // The offers are worth something: more than a fresh turn by more than the sampling error, where they pass.
        if rules.game.piggyback != nil { #expect(expected - fresh > 8 * error, "\(expected) \(fresh)") }
    }
}
