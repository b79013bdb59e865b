import FarkleKit
import Foundation

/// Computes every report for a rule set and writes them, with an index, into a directory.
///
/// ```swift
/// let builder = ReportBuilder(rules: .standard, games: 100_000)
/// let written = try builder.write(to: URL(fileURLWithPath: "Reports/standard"))
/// ```
///
/// All documents are computed before the first file is written, and each file
/// is written whole (`ReportFile`), so a failure leaves no half-written file.
public struct ReportBuilder: Sendable {
    /// The rule set the reports describe.
    public var rules: RuleSet
    /// The number of games simulated for each pairing of strategies.
    public var games: Int
    /// The seed of the simulated games; the same seed gives the same reports.
    public var seed: UInt64

    /// A builder for `rules`, simulating `games` games per pairing from `seed`.
    public init(rules: RuleSet, games: Int = 100_000, seed: UInt64 = 1) {
        self.rules = rules
        self.games = games
        self.seed = seed
    }

    /// Every report, index last.
    public func documents() -> [ReportDocument] {
        let table = ScoringTable(rules: rules)
        let solver = ExpectedScoreSolver(table: table)
        let distribution = BankedPointsDistribution(solver: solver)
        var reports = ReportDocument.scoringOdds(ScoringOdds(table: table))
        reports.append(ReportDocument.scoringTable(table))
        reports.append(ReportDocument.validationSummary(ScoringValidator(rules: rules).validate()))
        reports += ReportDocument.bankThresholds(solver)
        reports += ReportDocument.optimalPolicy(solver)
        reports.append(ReportDocument.bankMapChart(solver))
        reports.append(ReportDocument.valueChart(solver))
        reports.append(ReportDocument.advisorPage(AdvisorPage(solver: solver)))
        reports += ReportDocument.bankedPoints(distribution, rules: rules)
        var findings = Self.turnFindings(solver: solver, distribution: distribution)
        let (oneDie, twoDice) = (solver.bankThreshold(diceLeft: 1) ?? 0, solver.bankThreshold(diceLeft: 2) ?? 0)
        let specs: [StrategySpec] = [
            .expectedValue, .greedy, .threshold([oneDie, twoDice]), .threshold([300, 300]), .threshold([600, 600]),
        ]
        var pairs = [(StrategySpec.expectedValue, StrategySpec.expectedValue)]
        for (index, first) in specs.enumerated() {
            for second in specs[(index + 1)...] { pairs.append((first, second)) }
        }
        let comparison = StrategyComparison(table: table, pairs: pairs, games: games, seed: seed)
        reports += ReportDocument.strategyComparison(comparison, rules: rules, seed: seed)
        if let mirror = comparison.matchups.first {
            findings.append(
                "The first player has an edge: with both players on `ev`, whoever starts wins "
                    + "\(ReportDocument.rateWithInterval(mirror.starterWinRate)) of games "
                    + "(see [strategies](strategies.md)).")
        }
        let sweep = Array(stride(from: 200, through: 800, by: 50))
        let thresholdGames = StrategyComparison(
            table: table, pairs: sweep.map { (.threshold([oneDie, $0]), .expectedValue) }, games: games,
            seed: seed &+ 1_000)
        reports.append(
            ReportDocument.thresholdChart(
                thresholdGames, twoDiceThresholds: sweep, opponent: "ev", oneDieThreshold: oneDie, rules: rules))
        return reports + [ReportDocument.index(rules: rules, documents: reports, findings: findings)]
    }

    /// The headline results of the turn solver, one Markdown sentence each.
    static func turnFindings(solver: ExpectedScoreSolver, distribution: BankedPointsDistribution) -> [String] {
        var findings = [
            "A turn played for the most expected points banks "
                + "\(NumberText.significant(solver.expectedTurnScore, digits: 5)) points on average; it farkles "
                + "with probability \(NumberText.significant(distribution.probability(ofBanking: 0), digits: 3)) "
                + "(see [banked points](banked-points.csv))."
        ]
        for dice in [2, 1] where solver.table.rules.turn.allowsBanking(diceLeft: dice) {
            let words = dice == 1 ? "1 die" : "\(dice) dice"
            if let threshold = solver.bankThreshold(diceLeft: dice) {
                findings.append(
                    "With \(words) left, bank from \(threshold) turn points; below that, roll "
                        + "(see [bank thresholds](bank-thresholds.md)).")
            } else {
                findings.append("With \(words) left, rolling is always at least as good as banking.")
            }
        }
        return findings
    }

    /// Writes every report into `directory` (created if missing) and returns what was written.
    ///
    /// - Throws: `ReportFileError` when the directory cannot be created or a file cannot be written.
    @discardableResult
    public func write(to directory: URL) throws(ReportFileError) -> [ReportDocument] {
        // A directory that cannot be made fails before the minutes of work, not after.
        try ReportFile.createDirectory(directory)
        let documents = documents()
        for document in documents {
            try ReportFile.write(document.contents, to: directory.appendingPathComponent(document.fileName))
        }
        return documents
    }
}
