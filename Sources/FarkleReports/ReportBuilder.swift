@_spi(Kernels) import FarkleKit
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
    /// The number of games simulated for each pairing of strategies whose exact odds do not exist.
    public var games: Int
    /// The seed of the simulated games; the same seed gives the same reports.
    public var seed: UInt64
    /// Whether to solve the two-player game to win (where a solver supports the rules) for the reports
    /// on play to win and the advisor's advice to win: seconds for a short race, minutes for 10,000 points
    /// (about nine minutes of CPU for `zilch`, whose three-farkle penalty `PenaltyWinSolver` solves).
    public var playsToWin: Bool
    /// Where a game solved to win is read from, or kept once solved (none by default: solved every time).
    public var cache = SolvedGameCache.disabled
    /// Told the fraction of the pairs of totals solved while a race is solved to win
    /// (`WinProbabilitySolver.init(rules:threads:progress:)`), or `nil`.
    public var solveProgress: (@Sendable (Double) -> Void)?
    /// Told each matchup worked out exactly ("win against ev") and the fraction of its states done, or `nil`.
    public var oddsProgress: (@Sendable (_ matchup: String, _ fraction: Double) -> Void)?
    /// Told each sweep and its largest change while a race under a three-farkle penalty is solved to win
    /// (`PenaltyWinSolver.init(rules:floor:threads:maximumSweeps:progress:)`), or `nil`.
    public var sweepProgress: (@Sendable (_ sweeps: Int, _ change: Double) -> Void)?
    /// Told each other step that takes seconds ("the games at tables of 3 to 8") and the fraction of it done (0 as
    /// it begins, where the step counts nothing as it goes), or `nil`.
    public var stepProgress: (@Sendable (_ step: String, _ fraction: Double) -> Void)?

    /// The games simulated per pairing unless told otherwise, as `farkle-sim report` does.
    public static let defaultGames = 100_000
    /// The seed of the simulated games unless told otherwise.
    public static let defaultSeed: UInt64 = 1

    /// A builder for `rules`, simulating `games` games per pairing from `seed`, solving the game to win
    /// if `playsToWin`.
    public init(
        rules: RuleSet, games: Int = defaultGames, seed: UInt64 = defaultSeed, playsToWin: Bool = false
    ) {
        self.rules = rules
        self.games = games
        self.seed = seed
        self.playsToWin = playsToWin
    }

    /// Every report, index last.
    public func documents() -> [ReportDocument] {
        build().documents
    }

    /// Every report, index last, and the headline figures for comparing rule sets.
    public func build() -> (documents: [ReportDocument], overview: RuleSetOverview) {
        let report = buildReport()
        return (report.documents, report.overview)
    }

    /// What `build()` computes, and whether any of it came from simulated games.
    package struct Report {
        /// Every report, index last.
        package let documents: [ReportDocument]
        /// The headline figures for comparing rule sets.
        package let overview: RuleSetOverview
        /// Whether any figure comes from simulated games, which `games` and `seed` set: none where every matchup
        /// has exact odds and no section plays games (no larger tables, no game of rounds).
        package let simulatesGames: Bool
    }

    /// Every report, index last, the headline figures, and whether any game was simulated.
    package func buildReport() -> Report {
        let table = ScoringTable(rules: rules)
        let solver = ExpectedScoreSolver(table: table)
        let penalty = LongRunAverageSolver(penaltyOf: table)
        let distribution = BankedPointsDistribution(solver: solver)
        let odds = ScoringOdds(table: table)
        var reports = ReportDocument.scoringOdds(odds)
        reports.append(ReportDocument.scoringTable(table))
        reports.append(ReportDocument.validationSummary(ScoringValidator(rules: rules).validate()))
        reports += ReportDocument.bankThresholds(solver)
        reports += ReportDocument.optimalPolicy(solver)
        reports.append(ReportDocument.bankMapChart(solver))
        reports.append(ReportDocument.valueChart(solver))
        let threads = ProcessInfo.processInfo.activeProcessorCount
        // The game solved to win by the solver that covers the rules (none covers some), from the cache if kept. The
        // report's matchups and pages are of two players: a race of three, solved by its own solver, is left to
        // `solve --objective win`.
        var winGame: (any SolvedWinGame)?
        var winRefusal: String?
        if playsToWin && rules.game.players == 2 {
            do {
                winGame = try cache.solveGame(
                    for: table, threads: threads, progress: solveProgress, sweeps: sweepProgress)
            } catch {
                winRefusal = error.description
            }
        }
        // Solved, read from the cache, or not solved at all: either way the solve is over.
        solveProgress?(1)
        let winSolver = winGame as? WinProbabilitySolver
        let penaltyWinSolver = winGame as? PenaltyWinSolver
        // Under a penalty of points the page advises each count of farkles in a row, as `advise --farkles` does.
        let advisor = AdvisorPage(solver: solver, penalty: penalty, winGame: winGame)
        reports.append(ReportDocument.advisorPage(advisor))
        reports += ReportDocument.advisorApp(advisor)
        reports += ReportDocument.bankedPoints(distribution, rules: rules)
        var findings = Self.turnFindings(solver: solver)
        // A game the win solvers cannot take is said so, or its report would just lack `win` without a reason.
        if let winRefusal {
            findings.append("The game is not solved to win, so `win` plays in no matchup: \(winRefusal).")
        }
        if let penalty {
            reports += ReportDocument.farklePenalty(penalty, turnAlone: solver)
            findings.append(Self.penaltyFinding(penalty))
        }
        let (oneDie, twoDice) = (solver.bankThreshold(diceLeft: 1) ?? 0, solver.bankThreshold(diceLeft: 2) ?? 0)
        let specs: [StrategySpec] = [
            .expectedValue, .greedy, .threshold([oneDie, twoDice]), .threshold([300, 300]), .threshold([600, 600]),
        ]
        // Where the target must be hit exactly `ev` counts banks that bust (its games rarely end): the first player's
        // edge is that of the points toward the target.
        let mirrored: StrategySpec =
            rules.game.mustHitTargetExactly && TargetTurnStrategy.refusal(for: rules) == nil
            ? .expectedValueToTarget : .expectedValue
        var pairs = [(mirrored, mirrored)]
        for (index, first) in specs.enumerated() {
            for second in specs[(index + 1)...] { pairs.append((first, second)) }
        }
        // In a race won at the target at once, playing for the points toward the target against playing for points.
        if TargetTurnStrategy.refusal(for: rules) == nil {
            pairs.append((.expectedValueToTarget, .expectedValue))
        }
        // Playing to win against playing for points, where the game is solved to win: the edge of `win`.
        var context = StrategyContext(table: table, expectedScoreSolver: solver)
        // A game of rounds plays `win` in its own section (`FarkleTenSection`).
        if let winGame, WinGameKind(rules) != .rounds {
            context.use(winGame)
            pairs.append((.win, .expectedValue))
        }
        let comparison = compare(pairs, context: &context, threads: threads)
        var simulatesGames = !comparison.isExact
        reports += ReportDocument.strategyComparison(comparison, rules: rules, seed: seed)
        // The matchup of `win` against `ev`, where the comparison played it: the edge the page states.
        let edge = pairs.firstIndex { $0 == (.win, .expectedValue) }.map { comparison.matchups[$0] }
        if let winSolver {
            // `win` tabulated once: the maps show the play that the larger tables' games play.
            let larger = LargerTableSection.setUp(
                context: context, threads: threads, progress: stepProgress, cache: cache)
            stepProgress?("the decisions to win at every pair of totals", 0)
            let grid =
                larger?.play.map { WinDecisionGrid(play: $0, threads: threads) }
                ?? WinDecisionGrid(solver: winSolver, threads: threads)
            reports += ReportDocument.playingToWin(grid, edge: edge)
            findings.append(Self.winFinding(winSolver))
            // Each seating a quarter of a pairing's games: 31 seatings, the `win` ones on the general engine.
            if let larger {
                let section = LargerTableSection(
                    setup: larger, games: max(1, games / 4), seed: seed &+ 3_000, threads: threads,
                    progress: stepProgress)
                reports.append(ReportDocument.largerTables(section))
                simulatesGames = true
                findings.append(Self.largerTableFinding(section))
            }
        }
        if let penaltyWinSolver {
            stepProgress?("the decisions to win at every pair of totals", 0)
            reports += ReportDocument.playingToWin(
                WinDecisionGrid(penaltySolver: penaltyWinSolver, threads: threads), edge: edge)
            findings.append(Self.winFinding(penaltyWinSolver))
        }
        if let mirror = comparison.matchups.first {
            findings.append(
                "The first player has an edge: with both players on `\(mirrored)`, whoever starts wins "
                    + "\(ReportDocument.rateWithInterval(mirror.starterWinRate)) of games "
                    + "(see [strategies](strategies.md)).")
        }
        // A game of rounds: the bots and ev alone (exact), the chance to reach a total, and a round robin.
        if let section = FarkleTenSection(
            // Solo games are ten turns of one player: ten times as many cost about what the round robin does.
            table: table, solver: solver, games: games, soloGames: games * 10, seed: seed &+ 2_000, context: context,
            playsToWin: playsToWin, threads: threads)
        {
            reports += ReportDocument.farkleTen(section)
            simulatesGames = true
            findings.append(Self.roundsFinding(section))
        }
        // The chart sweeps the bank threshold with 2 dice left: a game that never banks there has none.
        if rules.turn.dice >= 2, rules.turn.allowsBanking(diceLeft: 2) {
            let sweep = Array(stride(from: 200, through: 800, by: 50))
            let thresholdGames = compare(
                sweep.map { (.threshold([oneDie, $0]), .expectedValue) }, context: &context, seed: seed &+ 1_000,
                threads: threads)
            simulatesGames = simulatesGames || !thresholdGames.isExact
            reports.append(
                ReportDocument.thresholdChart(
                    thresholdGames, twoDiceThresholds: sweep, opponent: "ev", oneDieThreshold: oneDie, rules: rules))
        }
        let overview = RuleSetOverview(
            rules: rules, expectedTurnScore: solver.expectedTurnScore, longRunAverage: penalty?.longRunAverage,
            bankThresholds: penalty.map { penalty in
                LongRunAverageSolver.farkleCounts.map {
                    RuleSetOverview.thresholds(penalty.turnSolver(farklesInARow: $0))
                }
            } ?? [RuleSetOverview.thresholds(solver)],
            farkleChances: odds.rows.map(\.farkleProbability), starterWinRate: comparison.matchups.first?.starterWinRate
        )
        let index = ReportDocument.index(rules: rules, documents: reports, findings: findings, command: command)
        return Report(documents: reports + [index], overview: overview, simulatesGames: simulatesGames)
    }

    /// The command line that writes these reports again, each option given beyond its default: `farkle-sim report
    /// --rules kcd --target 300 --no-win`; `FILE` in place of a rule set read from a file.
    package var command: String {
        var parts = ["farkle-sim report --rules"]
        // A preset played to another target is the preset with --target; anything else came from a file.
        var atPresetTarget = rules
        if let preset = RuleSet.presets[rules.name] { atPresetTarget.game.end = preset.game.end }
        if let preset = RuleSet.presets[rules.name], atPresetTarget == preset {
            parts.append(rules.name)
            if rules.game.end != preset.game.end, let target = rules.game.end.target {
                parts.append("--target \(target)")
            }
        } else {
            parts.append("FILE")
        }
        if games != Self.defaultGames { parts.append("--games \(games)") }
        if seed != Self.defaultSeed { parts.append("--seed \(seed)") }
        if !playsToWin { parts.append("--no-win") }
        return parts.joined(separator: " ")
    }

    /// The matchups of `pairs`: exact where the rules and strategies have exact odds (`ExactOdds`), otherwise
    /// `games` simulated games each from `seed` (the builder's unless given).
    ///
    /// Where a farkle in a race costs points (a three-farkle penalty, a scoreless opening roll's cost) the matchups
    /// are simulated although exact odds exist: they sweep the states until they settle, seconds per seating
    /// (`zilch`: about 5 s), minutes for the report's 50 seatings.
    func compare(
        _ pairs: [(StrategySpec, StrategySpec)], context: inout StrategyContext, seed: UInt64? = nil, threads: Int
    ) -> StrategyComparison {
        let seed = seed ?? self.seed
        if !ExactOdds.sweepsUntilSettled(context.rules),
            let exact = try? StrategyComparison(
                exactOddsOf: pairs, context: &context, threads: threads, progress: oddsProgress ?? { _, _ in },
                cache: cache)
        {
            return exact
        }
        return StrategyComparison(
            table: context.table, pairs: pairs, games: games, seed: seed, threads: threads, context: context)
    }

    /// The headline result at larger tables: `win`'s measured edge over `ev` at the largest table.
    static func largerTableFinding(_ section: LargerTableSection) -> String {
        let rows = section.rows.map {
            "\(NumberText.percent($0.winShare)) at \($0.players) (`ev` \(NumberText.percent($0.evShare)))"
        }
        return "Playing to win against the leader at a larger table, measured: a `win` player among `ev` players wins "
            + rows.joined(separator: ", ") + " of games, seat rotated (see [three or more players](larger-tables.md))."
    }

    /// The headline result of the win solver: the first player's chance and the fair head start.
    static func winFinding(_ solver: some SolvedWinGame) -> String {
        let head = solver.fairHeadStart
        let ties =
            solver.tieProbability > 0
            ? " (ties: \(NumberText.significant(solver.tieProbability, digits: 3)))" : ""
        return "Two players playing to win: the first player wins "
            + "\(NumberText.significant(solver.firstPlayerWinProbability, digits: 4)) of games\(ties); a head start of "
            + "\(head.points) points for the second player makes the game fairest "
            + "(see [playing to win](playing-to-win.md))."
    }

    /// The headline results of a game of rounds: points per round alone, and the chance to reach the first target.
    static func roundsFinding(_ section: FarkleTenSection) -> String {
        let points = section.solo.map {
            "`\($0.name)` \(ChartAxis.grouped($0.total.mean / Double(section.rounds), decimals: 2))"
        }
        var finding = "Alone, points per round (exact): " + points.joined(separator: ", ") + "."
        if let first = section.reach.first, let best = first.bestChance {
            finding +=
                " Best play for a total of \(first.target) in \(section.rounds) rounds reaches it with "
                + "\(NumberText.significant(best, digits: 4)), against \(NumberText.significant(first.evChance, digits: 4)) "
                + "for `ev`"
        }
        return finding + " (see [\(section.rounds) rounds](farkleten.md))."
    }

    /// The headline result of the penalty solver: the long-run average, and how the counts play apart.
    static func penaltyFinding(_ penalty: LongRunAverageSolver) -> String {
        "Three farkles in a row cost \(penalty.penalty) points: played for the most points in the long run, a turn "
            + "averages \(NumberText.significant(penalty.longRunAverage, digits: 5)) points, penalties included, "
            + "and banks sooner the more farkles in a row it follows (see [three-farkle penalty](farkle-penalty.md))."
    }

    /// The headline results of the turn solver, one Markdown sentence each.
    static func turnFindings(solver: ExpectedScoreSolver) -> [String] {
        let worth = ReportDocument.turnWorth(solver)
        var findings = [
            "A turn played for the most expected points \(worth.verb) "
                + "\(NumberText.significant(solver.expectedTurnScore, digits: 5)) points on average\(worth.cost); "
                + "it farkles "
                + "with probability \(NumberText.significant(solver.farkleChance, digits: 3)) "
                + "(see [banked points](banked-points.csv))."
        ]
        for dice in [2, 1] where solver.table.rules.turn.allowsBanking(diceLeft: dice) {
            let words = NumberText.count(dice, "die", plural: "dice")
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

    /// Writes the report set of every rule set of `rules` into a folder of `directory` named after it, and
    /// the comparison of them (`ReportDocument.ruleSetComparison(_:)`) into `directory` as `README.md`.
    ///
    /// Every set is computed before the first file is written. Returns the paths written, relative to
    /// `directory`, the comparison last.
    ///
    /// Games solved to win are read from `cache`, or kept there once solved. `progress` is called before each
    /// rule set's reports are computed, with how many are done and the builder about to compute them, whose
    /// `solveProgress` and `sweepProgress` it may set. `beforeReplacing` is called with the paths once every file
    /// is staged, before any replaces its old version; returning `false` abandons them all (as a failure does).
    ///
    /// - Throws: `ReportFileError` when a directory cannot be created or a file cannot be written, or
    ///   `beforeReplacing` abandoned the files.
    @discardableResult
    public static func writeComparison(
        of rules: [RuleSet], games: Int = 100_000, seed: UInt64 = 1, playsToWin: Bool = false,
        cache: SolvedGameCache = .disabled, to directory: URL,
        progress: (_ done: Int, _ next: inout ReportBuilder) -> Void = { _, _ in },
        beforeReplacing: ([String]) -> Bool = { _ in true }
    ) throws(ReportFileError) -> [String] {
        let isNew = !FileManager.default.fileExists(atPath: directory.path)
        try ReportFile.createDirectory(directory)
        let sets = rules.enumerated().map { done, rules in
            var builder = ReportBuilder(rules: rules, games: games, seed: seed, playsToWin: playsToWin)
            builder.cache = cache
            progress(done, &builder)
            return builder.build()
        }
        let comparison = ReportDocument.ruleSetComparison(sets.map(\.overview))
        let paths =
            zip(rules, sets).flatMap { rules, set in set.documents.map { rules.name + "/" + $0.fileName } }
            + [comparison.fileName]
        try Self.writeWhole(
            zip(rules, sets).map { (directory.appendingPathComponent($0.name), $1.documents) }
                + [(directory, [comparison])],
            made: isNew ? [directory] : [], beforeReplacing: { beforeReplacing(paths) })
        return paths
    }

    /// Writes every report into `directory` (created if missing) and returns what was written.
    ///
    /// Every file is written whole beside its destination before any replaces its old version, so a failure (a
    /// full disk) leaves the directory as it was, never a mix of old and new reports. `beforeReplacing` is called
    /// with the documents once every file is staged, before any replaces its old version; returning `false`
    /// abandons them all, as a failure does (a caller that lists the files on stdout and could not).
    ///
    /// - Throws: `ReportFileError` when the directory cannot be created or a file cannot be written, or
    ///   `beforeReplacing` abandoned the files.
    @discardableResult
    public func write(
        to directory: URL, beforeReplacing: ([ReportDocument]) -> Bool = { _ in true }
    ) throws(ReportFileError) -> [ReportDocument] {
        try write(to: directory, checking: { beforeReplacing($0.documents) }).documents
    }

    /// `write(to:beforeReplacing:)`, with `beforeReplacing` given the whole report: a caller may abandon it for
    /// what it holds (`farkle-sim report` refuses `--games` for a report that simulates no game).
    @discardableResult
    package func write(to directory: URL, checking beforeReplacing: (Report) -> Bool) throws(ReportFileError) -> Report
    {
        // A directory that cannot be made fails before the minutes of work, not after.
        let isNew = !FileManager.default.fileExists(atPath: directory.path)
        try ReportFile.createDirectory(directory)
        let report = buildReport()
        try Self.writeWhole(
            [(directory, report.documents)], made: isNew ? [directory] : [],
            beforeReplacing: { beforeReplacing(report) })
        return report
    }

    /// Writes the documents of each folder (made where missing) whole or not at all: every file is staged beside
    /// its destination before any replaces its old version, and none does unless `beforeReplacing` agrees. On a
    /// failure every staged file is removed, and the folders made here (a subfolder such as `app/` included), with
    /// those in `made` (made earlier by the caller), are removed again where empty. Once the new files are in place,
    /// those an earlier report's index listed and this report no longer writes are removed (`StaleReportFiles`).
    private static func writeWhole(
        _ folders: [(folder: URL, documents: [ReportDocument])], made: [URL], beforeReplacing: () -> Bool
    ) throws(ReportFileError) {
        var staged: [PendingFile] = []
        var made = made
        // What an earlier report here listed and this one does not write, read before its index is replaced.
        var stale: [(folder: URL, names: [String])] = []
        do throws(ReportFileError) {
            for (folder, documents) in folders {
                stale.append((folder, StaleReportFiles.listed(in: folder, keeping: Set(documents.map(\.fileName)))))
                if !FileManager.default.fileExists(atPath: folder.path) { made.append(folder) }
                try ReportFile.createDirectory(folder)
                for document in documents {
                    let parent = folder.appendingPathComponent(document.fileName).deletingLastPathComponent()
                    if document.fileName.contains("/"), !FileManager.default.fileExists(atPath: parent.path) {
                        made.append(parent)
                    }
                    staged.append(try stage(document, into: folder))
                }
            }
            guard beforeReplacing() else {
                throw ReportFileError(
                    path: folders.first?.folder.path ?? "", reason: "the run stopped before any file was replaced")
            }
            try replace(staged)
        } catch {
            for file in staged { file.discard() }
            // The last made first: a folder made inside another goes before it.
            for folder in made.reversed() { _ = rmdir(folder.path) }
            throw error
        }
        for (folder, names) in stale { StaleReportFiles.remove(names, in: folder) }
    }

    /// Writes `document` into a temporary file beside its place in `directory`, making the folder its name starts
    /// with (`app/`) where it has one; `replace(_:)` puts it in place.
    private static func stage(_ document: ReportDocument, into directory: URL) throws(ReportFileError) -> PendingFile {
        let url = directory.appendingPathComponent(document.fileName)
        if document.fileName.contains("/") { try ReportFile.createDirectory(url.deletingLastPathComponent()) }
        let file = try PendingFile(destination: url)
        try file.stage(document.contents)
        return file
    }

    /// Renames every staged file over its destination (renames within one file system, which a full disk does not
    /// stop).
    private static func replace(_ files: [PendingFile]) throws(ReportFileError) {
        for file in files { try file.replaceDestination() }
    }
}
