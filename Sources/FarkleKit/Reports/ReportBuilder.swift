import Foundation

/// Computes every report for a rule set and writes them, with an index, into a directory.
///
/// ```swift
/// let builder = ReportBuilder(rules: .standard, games: 20_000)
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
    public init(rules: RuleSet, games: Int = 20_000, seed: UInt64 = 1) {
        self.rules = rules
        self.games = games
        self.seed = seed
    }

    /// Every report, index last.
    public func documents() -> [ReportDocument] {
        let table = ScoringTable(rules: rules)
        let reports = [
            ReportDocument.scoringTable(table)
        ]
        return reports + [ReportDocument.index(rules: rules, documents: reports)]
    }

    /// Writes every report into `directory` (created if missing) and returns what was written.
    ///
    /// - Throws: `ReportFileError` when the directory cannot be created or a file cannot be written.
    @discardableResult
    public func write(to directory: URL) throws(ReportFileError) -> [ReportDocument] {
        let documents = documents()
        try ReportFile.createDirectory(directory)
        for document in documents {
            try ReportFile.write(document.contents, to: directory.appendingPathComponent(document.fileName))
        }
        return documents
    }
}
