@_spi(Kernels) import FarkleKit
import Testing

@testable import FarkleReports

@Suite("Reports on tables of three or more")
struct LargerTableReportsTests {
    @Test("a row's shares average the seats; the edge's interval adds both samples' variances")
    func rowArithmetic() {
        let row = LargerTableSection.Row(
            players: 2,
            winSeats: [ProportionEstimate(successes: 600, trials: 1000), .init(successes: 400, trials: 1000)],
            evSeats: [.init(successes: 500, trials: 1000), .init(successes: 300, trials: 1000)])
        #expect(row.winShare == 0.5 && row.evShare == 0.4)
        // (0.6·0.4 + 0.4·0.6) / 1000 / 4, and (0.5·0.5 + 0.3·0.7) / 1000 / 4.
        let winVariance = 0.48 / 1000 / 4
        let evVariance = 0.46 / 1000 / 4
        #expect(abs(row.winStandardError - winVariance.squareRoot()) < 1e-15)
        let edge = row.edge
        #expect(abs(edge.value - 0.1) < 1e-15)
        let half = 1.959_963_984_540_054 * (winVariance + evVariance).squareRoot()
        #expect(abs(edge.interval.lowerBound - (0.1 - half)) < 1e-12)
        #expect(abs(edge.interval.upperBound - (0.1 + half)) < 1e-12)
    }

    @Test("a race solved to win gets every table size, each seating's games, and three ev players' exact odds")
    func section() throws {
        var rules = RuleSet.standard
        rules.name = "race-500"
        rules.game = GameRules(target: 500, finalRound: false)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        context.use(try WinProbabilitySolver(rules: rules))
        let section = try #require(LargerTableSection(context: context, games: 200, seed: 4, threads: 2))
        #expect(section.rows.map(\.players) == [3, 4, 5, 6, 8])
        for row in section.rows {
            #expect(row.winSeats.count == row.players && row.evSeats.count == row.players)
            #expect(row.winSeats.allSatisfy { $0.trials == 200 })
        }
        let odds = try #require(section.threeExpectedValue)
        #expect(abs(odds.winProbabilities.reduce(odds.tieProbability, +) - 1) < 1e-12)
        let document = ReportDocument.largerTables(section)
        #expect(document.fileName == "larger-tables.md")
        #expect(document.contents.hasPrefix("# Three or more players (rules: race-500)"))
        #expect(document.contents.contains(NumberText.fixed(odds.winProbabilities[0], 6)))
        for players in [3, 4, 5, 6, 8] { #expect(document.contents.contains("\n|       \(players) |")) }
    }

    @Test("no section where win plays no larger table: a three-farkle penalty")
    func penalty() throws {
        let rules = try #require(RuleSet.presets["zilch"])
        #expect(
            LargerTableSection(
                context: StrategyContext(table: ScoringTable(rules: rules)), games: 10, seed: 1, threads: 1) == nil)
    }
}
