import Foundation
import Testing

@testable import FarkleKit
@testable import FarkleReports

@Suite("Reports on optimal play")
struct PolicyReportsTests {
    static let solver = ExpectedScoreSolver(rules: .standard)

    @Test("the banked-points distribution sums to 1 and its mean is the solver's expected turn score")
    func distributionMatchesSolver() {
        let distribution = BankedPointsDistribution(solver: Self.solver)
        let total = distribution.probabilities.reduce(0, +) + distribution.truncatedProbability
        #expect(abs(total - 1) < 1e-12)
        #expect(distribution.truncatedProbability < 1e-9)
        // Forward probabilities and backward values are independent computations of one expectation.
        #expect(abs(distribution.mean - Self.solver.expectedTurnScore) < 1e-6 * Self.solver.expectedTurnScore)
    }

    @Test("a turn banks nothing below a bank threshold except by farkling")
    func nothingBankedBelowThresholds() throws {
        let distribution = BankedPointsDistribution(solver: Self.solver)
        let lowest = try #require(
            [1, 2].compactMap { Self.solver.bankThreshold(diceLeft: $0) }.min())
        for points in stride(from: distribution.scoreStep, to: lowest, by: distribution.scoreStep) {
            #expect(distribution.probability(ofBanking: points) == 0, "banked \(points)")
        }
        #expect(distribution.probability(ofBanking: lowest) > 0)
        #expect(distribution.probability(ofBanking: 25) == 0)
        #expect(distribution.quantile(0) == 0)
    }

    @Test("the threshold report lists the solver's thresholds, and only 1 and 2 dice may bank")
    func thresholds() throws {
        let documents = ReportDocument.bankThresholds(Self.solver)
        #expect(documents.map(\.fileName) == ["bank-thresholds.md", "bank-thresholds.csv"])
        let lines = documents[1].contents.split(separator: "\n").map(String.init)
        #expect(lines.first == "dice_left,banking_allowed,bank_threshold,also_bank_below")
        let one = try #require(Self.solver.bankThreshold(diceLeft: 1))
        let two = try #require(Self.solver.bankThreshold(diceLeft: 2))
        #expect(lines[1] == "1,yes,\(one),")
        #expect(lines[2] == "2,yes,\(two),")
        #expect(lines[3...].allSatisfy { $0.hasSuffix(",no,,") })
        #expect(documents[0].contents.contains("|         2 | yes             | \(two) points |"))
    }

    @Test(
        "under piggybacking the threshold report adds from which bank taking it over pays, by dice left, the bonus taken off; without the rule nothing"
    )
    func takingOver() throws {
        let rules = try RuleSet(
            json: Data(
                #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 2, 3, 4, 5], "hot_dice_mandatory": false}, "game": {"piggyback": {"bonus": 500, "least_dice_left": 2}}}"#
                    .utf8), source: "piggyback.json")
        let solver = ExpectedScoreSolver(rules: rules)
        let text = ReportDocument.bankThresholds(solver)[0].contents
        #expect(text.contains("## Taking over a bank (piggybacking)"))
        #expect(text.contains("banked with 2 dice or more left, with 500 points more once its first roll scores"))
        #expect(!text.contains("|         1 | 0 points"))
        for dice in 2...6 {
            // The solver's least turn points to take over hold the bonus; the report gives the bank itself.
            let points = try #require(solver.leastPointsToPiggyback(diceLeft: dice))
            let row = "| \(String(repeating: " ", count: 8))\(dice) | "
            let line = try #require(
                text.split(separator: "\n").first { $0.hasPrefix(row) && $0.hasSuffix(" points |") })
            #expect(line.hasSuffix(" \(max(0, points - 500)) points |"), "\(line)")
        }
        #expect(!ReportDocument.bankThresholds(Self.solver)[0].contents.contains("Taking over"))
    }

    @Test(
        "under an entry minimum the take-over table adds the player not yet on the board, whose thresholds are the advice's at a total of 0"
    )
    func takingOverBeforeEntering() throws {
        for (enter, sentence) in [
            (true, "the inherited points counting toward it."),
            (false, "banks a turn taken over only from the entry minimum on top of the inherited points."),
        ] {
            let rules = try RuleSet(
                json: Data(
                    #"{"base": "boxed", "game": {"piggyback": {"inherited_points_enter": \#(enter)}}}"#.utf8),
                source: "entry.json")
            let text = ReportDocument.takingOver(ExpectedScoreSolver(rules: rules))
            #expect(text.contains("| Dice left | Take over a bank from | Not yet on the board |"), "\(text)")
            #expect(text.contains(sentence))
            let advisor = try Advisor(table: ScoringTable(rules: rules))
            for dice in 1...5 {
                let entered = try advisor.advice(onOffer: TurnOffer(turnPoints: 0, dice: dice))
                let entering = try advisor.advice(onOffer: TurnOffer(turnPoints: 0, dice: dice), myScore: 0)
                let cells = [entered, entering].map { $0.leastBankToTakeOver.map { "\($0) points" } ?? "never" }
                let row = try #require(
                    text.split(separator: "\n").first { $0.hasPrefix("| \(String(repeating: " ", count: 8))\(dice) |") }
                )
                let shown = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(Array(shown.dropFirst()) == cells, "\(row)")
            }
        }
    }

    @Test("the policy CSV has one row per state and agrees with the solver")
    func policy() throws {
        let documents = ReportDocument.optimalPolicy(Self.solver)
        let rows = documents[1].contents.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        let range = ReportDocument.policyRange(Self.solver)
        #expect(rows.count == (range / 50 + 1) * 6)
        for row in rows {
            let points = try #require(Int(row[0]))
            let dice = try #require(Int(row[1]))
            let value = try #require(Double(row[3]))
            #expect(abs(value - Self.solver.value(turnPoints: points, diceLeft: dice)) <= 1e-9 * max(1, value))
            let expected =
                dice > 2 ? "must roll" : Self.solver.shouldBank(turnPoints: points, diceLeft: dice) ? "bank" : "roll"
            #expect(row[2] == Substring(expected))
        }
    }

    @Test("the charts are SVG documents with their axis titles")
    func charts() {
        let map = ReportDocument.bankMapChart(Self.solver)
        #expect(map.fileName == "bank-map.svg")
        #expect(map.contents.contains("Dice left to roll n (dice)"))
        #expect(map.contents.contains("Turn points t (points)"))
        let values = ReportDocument.valueChart(Self.solver)
        #expect(values.contents.hasPrefix("<?xml"))
        #expect(values.contents.components(separatedBy: "<polyline").count == 7)
        let histogram = ReportDocument.bankedPoints(BankedPointsDistribution(solver: Self.solver), rules: .standard)
        #expect(histogram.map(\.fileName) == ["banked-points.csv", "banked-points.svg"])
        #expect(histogram[1].contents.contains("Share of turns (%)"))
    }
}
