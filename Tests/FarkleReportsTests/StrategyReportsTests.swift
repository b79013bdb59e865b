import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("Strategy comparison reports")
struct StrategyReportsTests {
    static let table = ScoringTable(rules: .standard)

    @Test("a strategy against itself splits its games evenly between the two labels, within 4 standard errors")
    func mirrorIsEven() {
        let games = 2000
        let comparison = StrategyComparison(
            table: Self.table, pairs: [(.greedy, .greedy)], games: games, seed: 11, threads: 2)
        let matchup = comparison.matchups[0]
        #expect(matchup.games == games)
        #expect(matchup.firstWins + matchup.secondWins + matchup.ties == games)
        // Seats are rotated, so "first" and "second" are the same player half of the time each: the
        // difference of their wins has mean 0 and a standard deviation of at most sqrt(games).
        let decided = Double(matchup.firstWins + matchup.secondWins)
        #expect(abs(Double(matchup.firstWins - matchup.secondWins)) <= 4 * decided.squareRoot())
        #expect(matchup.starterWins <= matchup.firstWins + matchup.secondWins)
    }

    @Test("the same seed gives the same games whatever the thread count")
    func reproducible() {
        let one = StrategyComparison(
            table: Self.table, specs: [.greedy, .threshold([300, 300])], games: 400, seed: 5, threads: 1)
        let two = StrategyComparison(
            table: Self.table, specs: [.greedy, .threshold([300, 300])], games: 401, seed: 5, threads: 2)
        #expect(one.matchups.count == 1 && one.matchups[0].games == 400 && two.matchups[0].games == 401)
        let again = StrategyComparison(
            table: Self.table, specs: [.greedy, .threshold([300, 300])], games: 400, seed: 5, threads: 2)
        #expect(one.matchups == again.matchups)
        let mirrored = StrategyComparison(table: Self.table, specs: [.greedy], games: 10, seed: 5, mirrors: true)
        #expect(mirrored.matchups.map(\.first) == ["greedy"] && mirrored.matchups.map(\.second) == ["greedy"])
    }

    @Test("the comparison report lists every matchup with counts and an interval around the win rate")
    func report() throws {
        let comparison = StrategyComparison(
            table: Self.table, pairs: [(.greedy, .greedy), (.greedy, .threshold([300, 300]))], games: 200, seed: 3)
        let documents = ReportDocument.strategyComparison(comparison, rules: .standard, seed: 3)
        #expect(documents.map(\.fileName) == ["strategies.md", "strategies.csv"])
        let lines = documents[1].contents.split(separator: "\n")
        #expect(lines.count == 3)
        let matchup = comparison.matchups[1]
        // A name with a comma is quoted, as RFC 4180 has it.
        let prefix =
            "greedy,\"threshold:300,300\",200,\(matchup.firstWins),\(matchup.secondWins),\(matchup.ties),"
        #expect(lines[2].hasPrefix(prefix))
        let rates = lines[2].dropFirst(prefix.count).split(separator: ",").compactMap { Double($0) }
        #expect(rates.count == 4)
        let (rate, low, high) = (rates[0], rates[1], rates[2])
        #expect(low < rate && rate < high)
        #expect(documents[0].contents.contains("`greedy` against itself: the starting player wins"))
    }

    @Test("the threshold chart has a dot and an error bar per threshold")
    func thresholdChart() {
        let sweep = [200, 400]
        let comparison = StrategyComparison(
            table: Self.table, pairs: sweep.map { (.threshold([400, $0]), .greedy) }, games: 100, seed: 9)
        let chart = ReportDocument.thresholdChart(
            comparison, twoDiceThresholds: sweep, opponent: "greedy", oneDieThreshold: 400, rules: .standard)
        #expect(chart.fileName == "two-dice-threshold.svg")
        #expect(chart.contents.components(separatedBy: "<circle").count == 3)
        #expect(chart.contents.contains("Bank with 2 dice left from (turn points)"))
        #expect(chart.contents.contains("Win rate against greedy (%)"))
    }
}
