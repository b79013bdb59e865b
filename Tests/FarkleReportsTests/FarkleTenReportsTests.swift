import Foundation
import Testing

@testable import FarkleKit
@testable import FarkleReports

@Suite("Reports on a game of rounds (Farkle Ten)")
struct FarkleTenReportsTests {
    static let table = ScoringTable(rules: .farkleten)
    static let solver = ExpectedScoreSolver(table: table)
    /// Small targets and few games keep the debug build fast; turns past 20,000 points (below 1e-9) are left out.
    /// `win` stays out: solving ten rounds to win takes minutes in a debug build (`winJoinsWhereSolvable` checks
    /// the choice on a game of one round).
    static let section = FarkleTenSection(
        table: table, solver: solver, targets: [50, 1000], games: 200, seed: 3, context: StrategyContext(table: table),
        maximumPoints: 20_000, playsToWin: false, threads: 2)
    static let documents = section.map(ReportDocument.farkleTen) ?? []

    static func document(_ name: String) throws -> String {
        try #require(documents.first { $0.fileName == name }).contents
    }

    /// The CSV's rows as cells, without the header.
    static func rows(_ name: String) throws -> [[String]] {
        try document(name).split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test("a race has no such section")
    func raceHasNone() {
        let standard = ScoringTable(rules: .standard)
        let section = FarkleTenSection(
            table: standard, solver: ExpectedScoreSolver(table: standard), games: 2, seed: 1,
            context: StrategyContext(table: standard))
        #expect(section == nil)
    }

    @Test("a game of rounds in steps of 100 (only 1s score): the total's chart bins whole steps, 300 points wide")
    func coarseScoreStep() throws {
        var rules = RuleSet(
            name: "ones-rounds", combinations: CombinationPoints(singleOne: 100),
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
            game: GameRules(end: .rounds(2), sixOnesWin: false))
        rules.game.extraRoundsOnTie = 1
        let table = ScoringTable(rules: rules)
        #expect(table.scoreStep == 100)
        // This trapped: bins of 250 points are not whole steps of 100.
        let section = try #require(
            FarkleTenSection(
                table: table, solver: ExpectedScoreSolver(table: table), targets: [100], games: 20, seed: 3,
                context: StrategyContext(table: table), maximumPoints: 5_000, playsToWin: false, threads: 1))
        let chart = try #require(ReportDocument.farkleTen(section).first { $0.fileName.hasSuffix(".svg") })
        #expect(chart.contents.contains("300-point bins"))
    }

    @Test("ev's points per round are the solver's expected turn score; 50 in ten rounds fails only on ten farkles")
    func exactFigures() throws {
        let points = try Self.rows("farkleten-points.csv")
        #expect(points.map(\.[0]) == ["ev", "farkleten-easy", "farkleten-medium", "farkleten-hard"])
        let ev = try #require(Double(points[0][1]))
        // The solver's backward value, not the forward distribution the report sums.
        #expect(abs(ev - Self.solver.expectedTurnScore) < 1e-6)
        // Reaching 50: under ev, every turn must not farkle; under best play, the opening roll must score.
        let reach = try Self.rows("farkleten-reach.csv")
        #expect(reach.map(\.[0]) == ["50", "1000"])
        let evChance = try #require(Double(reach[0][1]))
        let best = try #require(Double(reach[0][2]))
        #expect(abs(evChance - (1 - pow(Self.solver.farkleChance, 10))) < 1e-9)
        #expect(abs(best - (1 - pow(Double(1080) / Double(46656), 10))) < 1e-14)
        // Best play for a target never does worse than ev.
        for row in reach {
            #expect(try #require(Double(row[2])) >= #require(Double(row[1])))
        }
        // The points table's chance to reach 50 under ev is the reach table's.
        #expect(points[0][7] == reach[0][1])
    }

    @Test("hard's points per round are the mean of its ten rounds' turns, each evaluated on its own")
    func hardByRound() throws {
        let bot = FarkleTenBot(level: .hard, table: Self.table)
        let means = (1...10).map {
            bot.soloTurnDistribution(table: Self.table, roundsLeft: $0, maximumPoints: 20_000).mean
        }
        let hard = try #require(Double(try Self.rows("farkleten-points.csv")[3][1]))
        #expect(abs(hard - means.reduce(0, +) / 10) < 1e-9)
        #expect(means[0] != means[2])
    }

    @Test("the round robin plays every pair of ev and the three bots; win joins it only where it can be built")
    func roundRobin() throws {
        let section = try #require(Self.section)
        let names = ["ev", "farkleten-easy", "farkleten-medium", "farkleten-hard"]
        let pairs = section.roundRobin.matchups.map { [$0.first, $0.second] }
        #expect(pairs.count == 6)
        for (index, first) in names.enumerated() {
            for second in names[(index + 1)...] { #expect(pairs.contains([first, second])) }
        }
        let markdown = try Self.document("farkleten.md")
        #expect(markdown.contains("`win` is left out of the round robin: the game was not solved to win (--no-win)"))
        #expect(section.roundRobin.matchups.allSatisfy { $0.games == 200 })
        #expect(try Self.rows("farkleten-round-robin.csv").count == pairs.count)
    }

    @Test("win joins the round robin where the game of rounds is solved to win, else is left out with the reason")
    func winJoinsWhereSolvable() {
        var rules = RuleSet.farkleten
        rules.name = "farkleten-1"
        rules.game.end = .rounds(1)
        rules.game.extraRoundsOnTie = 0
        var context = StrategyContext(table: ScoringTable(rules: rules))
        #expect(FarkleTenSection.winOmission(context: &context) == nil)
        // An entry minimum is outside what the solver of a game of rounds handles.
        rules.game.entryMinimum = 500
        var refused = StrategyContext(table: ScoringTable(rules: rules))
        let reason = FarkleTenSection.winOmission(context: &refused)
        #expect(reason?.contains("entry minimum") == true)
    }

    @Test("the total's CSV sums to one with ev's mean, and the chart is an SVG histogram of it")
    func totalDistribution() throws {
        let rows = try Self.rows("farkleten-total.csv")
        let probabilities = try rows.map { try #require(Double($0[1])) }
        #expect(abs(probabilities.reduce(0, +) - 1) < 1e-6)
        let mean = try zip(rows, probabilities).reduce(0.0) { $0 + (try #require(Double($1.0[0]))) * $1.1 }
        #expect(abs(mean - 10 * Self.solver.expectedTurnScore) < 1e-2)
        let svg = try Self.document("farkleten-total.svg")
        #expect(svg.contains("<svg") && svg.contains("Final total of 10 rounds alone under ev"))
        let markdown = try Self.document("farkleten.md")
        #expect(markdown.contains("](farkleten-total.svg)") && markdown.contains("| `farkleten-hard` "))
    }
}
