import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

/// The games a sampled rate counts.
private func wins(_ rate: StrategyComparison.Rate) throws -> Int {
    guard case .sampled(let estimate) = rate else { throw Unexpected.exactRate }
    return estimate.successes
}

private enum Unexpected: Error { case exactRate }

@Suite("Strategy comparison reports")
struct StrategyReportsTests {
    static let table = ScoringTable(rules: .standard)

    @Test("a strategy against itself splits its games evenly between the two labels, within 4 standard errors")
    func mirrorIsEven() throws {
        let games = 2000
        let comparison = StrategyComparison(
            table: Self.table, pairs: [(.greedy, .greedy)], games: games, seed: 11, threads: 2)
        let matchup = comparison.matchups[0]
        #expect(matchup.games == games)
        let (firstWins, secondWins, ties, starterWins) = try (
            wins(matchup.firstWinRate), wins(matchup.secondWinRate), wins(matchup.tieRate),
            wins(matchup.starterWinRate)
        )
        #expect(firstWins + secondWins + ties == games)
        // Seats are rotated, so "first" and "second" are the same player half of the time each: the
        // difference of their wins has mean 0 and a standard deviation of at most sqrt(games).
        let decided = Double(firstWins + secondWins)
        #expect(abs(Double(firstWins - secondWins)) <= 4 * decided.squareRoot())
        #expect(starterWins <= firstWins + secondWins)
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

    @Test("the comparison report lists every simulated matchup with counts and an interval around the win rate")
    func report() throws {
        let comparison = StrategyComparison(
            table: Self.table, pairs: [(.greedy, .greedy), (.greedy, .threshold([300, 300]))], games: 200, seed: 3)
        let documents = ReportDocument.strategyComparison(comparison, rules: .standard, seed: 3)
        #expect(documents.map(\.fileName) == ["strategies.md", "strategies.csv"])
        let lines = documents[1].contents.split(separator: "\n")
        #expect(lines.count == 3)
        let matchup = comparison.matchups[1]
        // A name with a comma is quoted, as RFC 4180 has it.
        let prefix = "greedy,\"threshold:300,300\",200,"
        #expect(lines[2].hasPrefix(prefix))
        let rates = lines[2].dropFirst(prefix.count).split(separator: ",").compactMap { Double($0) }
        #expect(rates.count == 6)
        let (rate, low, high) = (rates[0], rates[1], rates[2])
        #expect(low < rate && rate < high)
        #expect(rate == Double(try wins(matchup.firstWinRate)) / 200)
        #expect(abs(rates[0] + rates[3] + rates[4] - 1) < 1e-12, "a win, a loss or a tie")
        let text = unpadded(documents[0].contents)
        #expect(text.contains("`greedy` against itself: the starting player wins"))
        #expect(text.contains("| `greedy` | `threshold:300,300` | 200 | \(try wins(matchup.firstWinRate)) |"))
        #expect(text.contains("200 simulated games per matchup, seed 3"))
    }

    @Test("exact matchups weigh both seatings of ExactOdds equally, and simulated games agree within 4 standard errors")
    func exact() throws {
        var rules = RuleSet.standard
        rules.game = GameRules(target: 2_000, finalRound: true)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let pairs: [(StrategySpec, StrategySpec)] = [(.expectedValue, .expectedValue), (.expectedValue, .greedy)]
        let comparison = try StrategyComparison(exactOddsOf: pairs, context: &context, threads: 2)
        #expect(comparison.isExact && comparison.matchups.allSatisfy { $0.games == nil })
        let mirror = comparison.matchups[0]
        let alone = try ExactOdds(strategies: [.expectedValue, .expectedValue], context: &context)
        #expect(mirror.starterWinRate == .exact(alone.winProbabilities[0]))
        #expect(mirror.firstWinRate == mirror.secondWinRate, "the same strategy in both seats")
        let matchup = comparison.matchups[1]
        let seatings = [
            try ExactOdds(strategies: [.expectedValue, .greedy], context: &context),
            try ExactOdds(strategies: [.greedy, .expectedValue], context: &context),
        ]
        #expect(
            abs(
                matchup.firstWinRate.value
                    - (seatings[0].winProbabilities[0] + seatings[1].winProbabilities[1]) / 2) < 1e-15)
        #expect(
            abs(matchup.starterWinRate.value - (seatings[0].winProbabilities[0] + seatings[1].winProbabilities[0]) / 2)
                < 1e-15)
        #expect(abs(matchup.firstWinRate.value + matchup.secondWinRate.value + matchup.tieRate.value - 1) < 1e-12)
        // An independent check: games played, seats rotated.
        let games = 20_000
        let played = StrategyComparison(table: context.table, pairs: pairs, games: games, seed: 17, threads: 2)
        for (exact, sampled) in zip(comparison.matchups, played.matchups) {
            for (chance, share) in [
                (exact.firstWinRate, sampled.firstWinRate), (exact.starterWinRate, sampled.starterWinRate),
            ] {
                let p = share.value
                let error = (p * (1 - p) / Double(games)).squareRoot()
                #expect(abs(chance.value - p) <= 4 * error, "\(exact.first) against \(exact.second)")
            }
        }
        let documents = ReportDocument.strategyComparison(comparison, rules: rules, seed: 1)
        #expect(documents[0].contents.contains("Exact odds, no games played"))
        #expect(
            unpadded(documents[0].contents).contains(
                "| First | Second | First wins | Second wins | Ties | Starter wins |"))
        let row = try #require(documents[1].contents.split(separator: "\n").last)
        let rate = NumberText.exact(matchup.firstWinRate.value)
        #expect(row.hasPrefix("ev,greedy,,\(rate),\(rate),\(rate),"), "no games; the interval is the rate itself")
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
