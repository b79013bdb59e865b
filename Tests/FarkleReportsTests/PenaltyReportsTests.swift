import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

private let zilch = LongRunAverageSolver(rules: .zilch)

/// `text` with every run of spaces made one: Markdown tables without their column padding.
func unpadded(_ text: String) -> String {
    text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
}

@Suite("Three-farkle penalty report and the rule set comparison")
struct PenaltyReportsTests {
    @Test("the penalty CSV has a row per farkle count with that count's solved turn and thresholds")
    func penaltyCSV() throws {
        let documents = ReportDocument.farklePenalty(zilch, turnAlone: ExpectedScoreSolver(rules: .zilch))
        #expect(documents.map(\.fileName) == ["farkle-penalty.md", "farkle-penalty.csv"])
        let rows = documents[1].contents.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(rows.count == 4)
        #expect(rows[0].prefix(2) == ["farkles_in_a_row", "farkle_value"])
        for count in 0...2 {
            let row = rows[count + 1]
            let turn = zilch.turnSolver(farklesInARow: count)
            #expect(row[0] == "\(count)")
            #expect(Double(row[1]) == turn.farkleValue)
            #expect(Double(row[3]) == turn.expectedTurnScore)
            for dice in 1...6 {
                #expect(row[4 + dice] == (turn.bankThreshold(diceLeft: dice).map(String.init) ?? "")[...])
            }
        }
        // A third farkle costs the penalty itself; no farkle in a row is worth the average.
        #expect(rows[3][1] == "-500.0")
        #expect(abs((Double(rows[1][3]) ?? 0) - zilch.longRunAverage) < 1e-9)
        #expect(documents[0].contents.contains("A third farkle in a row costs 500 points."))
    }

    @Test("the comparison lays out given figures: thresholds by farkle count, no penalty, the starter's rate")
    func comparison() {
        let plain = RuleSetOverview(
            rules: .standard, expectedTurnScore: 925.83, longRunAverage: nil,
            bankThresholds: [[450, 350, nil, nil, nil, nil]], farkleChances: [2.0 / 3, 0.5, 0.25, 0.125, 0.0625, 0.03],
            starterWinRate: .sampled(ProportionEstimate(successes: 539, trials: 1000)))
        var exact = plain
        exact.rules.name = "exact-standard"
        exact.starterWinRate = .exact(0.536418)
        let penalty = RuleSetOverview(
            rules: .zilch, expectedTurnScore: 623.0, longRunAverage: 620.5,
            bankThresholds: [
                [350, 300, 450, 1050, 3150, nil], [300, 300, 350, 1000, 3050, nil], [300, 300, 300, 550, 2650, nil],
            ],
            farkleChances: [2.0 / 3, 0.5, 0.25, 0.125, 0.0625, 0.03], starterWinRate: nil)
        let text = unpadded(ReportDocument.ruleSetComparison([plain, penalty, exact]).contents)
        #expect(text.hasPrefix("# Farkle rule sets compared\n"))
        #expect(text.contains("- [zilch](zilch/README.md): The online game Zilch"))
        #expect(text.contains("| standard | 925.83 | no penalty |"))
        #expect(text.contains("| 620.50 |"))
        // Standard banks with 1 or 2 dice only; zilch after hot dice too, where rolling always wins.
        #expect(text.contains("| standard | 450 | 350 | - |"))
        #expect(text.contains("| 350 / 300 / 300 |"))
        #expect(text.contains("| never / never / never |"))
        #expect(text.contains("| 66.7% |"))
        #expect(text.contains("The same rolls have a keep under all 3 rule sets, so these chances agree"))
        #expect(text.contains("| standard | 0.5390 | 1,000 games, 95% interval 0.5080-0.5697 |"))
        #expect(text.contains("| exact-standard | 0.5364 | exact odds |"))
        #expect(!text.contains("| zilch | 0."))
    }

    @Test("a game of five dice shows '-' for six dice, in the thresholds and in the farkle chances")
    func comparisonOfFiveDice() throws {
        let six = RuleSetOverview(
            rules: .standard, expectedTurnScore: 925.83, longRunAverage: nil,
            bankThresholds: [[450, 350, nil, nil, nil, nil]], farkleChances: [2.0 / 3, 0.5, 0.25, 0.125, 0.0625, 0.03],
            starterWinRate: nil)
        let five = RuleSetOverview(
            rules: try #require(RuleSet.presets["five-thousand"]), expectedTurnScore: 500, longRunAverage: nil,
            bankThresholds: [[300, 300, 350, 400, nil, nil]], farkleChances: [2.0 / 3, 0.5, 0.25, 0.125, 0.0625],
            starterWinRate: nil)
        let text = unpadded(ReportDocument.ruleSetComparison([six, five]).contents)
        #expect(text.contains("| five-thousand | 300 | 300 | 350 | 400 | never | - |"))
        #expect(text.contains("| five-thousand | 66.7% | 50.0% | 25.0% | 12.5% | 6.25% | - |"))
        #expect(text.contains("| standard | 66.7% | 50.0% | 25.0% | 12.5% | 6.25% | 3.00% |"))
    }

    @Test("writing the comparison writes each rule set's folder, with the penalty report under zilch")
    func writesComparison() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-compare-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try ReportBuilder.writeComparison(of: [.zilch], games: 20, seed: 3, to: directory)
        #expect(written.last == "README.md")
        #expect(written.contains("zilch/farkle-penalty.md") && written.contains("zilch/README.md"))
        // Without the solve to win (`playsToWin: false`) there is no page on play to win.
        #expect(!written.contains { $0.hasPrefix("zilch/playing-to-win") || $0.hasPrefix("zilch/win-") })
        // The installable app's files are in zilch/app/.
        let folder = directory.appendingPathComponent("zilch")
        let files =
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "app" }
            + FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("app").path)
            .map { "app/" + $0 }
        #expect(Set(files.map { "zilch/" + $0 }) == Set(written.dropLast()))
        let readme = unpadded(try String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8))
        let average = NumberText.significant(zilch.longRunAverage, digits: 5)
        #expect(readme.contains("| \(average) |"))
    }
}
