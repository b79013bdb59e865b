import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim report`: Writes every report for a rule set (Markdown, CSV, SVG charts).
enum ReportCommand: Command {
    /// Games simulated per pairing of strategies unless `--games` says otherwise.
    static let defaultGames = ReportBuilder.defaultGames

    static let spec = CommandSpec(
        name: "report",
        abstract: "Writes every report for a rule set (Markdown, CSV, SVG charts).",
        discussion: """
            Regenerates the whole set into the output directory (created if missing): scoring odds, the full
            scoring table, the validation summary, bank thresholds and the optimal policy, a strategy comparison
            (exact odds as evaluate gives them; simulated games under a three-farkle penalty), SVG charts, the
            offline advisor page advisor.html, and an index README.md saying how to read each file.
            For a 2-player game a win solver supports it also solves the game to win (about 30 s for a
            10,000-point race on 2 cores, minutes under a three-farkle penalty, once: see 'farkle-sim cache';
            --no-win skips it): the advice to win in advisor.html and, for a race, the first player's exact
            chances, the fair head start, maps of bank or roll over both totals (under a penalty also one farkle
            away from it) and, without a penalty, larger-tables.md: three ev players' exact odds and win
            (against the leader) measured against ev at tables of 3 to 8 (a quarter of --games per seating).
            For a game of rounds (farkleten) it also writes farkleten.md and its files: each Farkle Ten bot's and
            ev's exact points per round alone, ev's solo total, the chance to reach 5,000, 7,500 and 10,000
            under ev and under best play for the total, and a round robin in two-player games.
            The report is written whole or not at all: every file goes into a temporary file beside its place, and
            only once all are written do they replace the last report's (a full disk leaves the last report as it
            was, never a mix); then the files the last report's index listed that this one does not write (the
            win maps after --no-win) are removed. Prints the path of every file written. With --presets it
            writes the set of every preset into a folder of the output directory named after it, and a
            README.md comparing them.
            """,
        options: [
            RulesOption.spec,
            RulesOption.target,
            OptionSpec(
                name: "out", valueName: "directory", help: "The directory to write into.",
                defaultValue: "Reports/<rule set name>, or Reports with --presets"),
            OptionSpec(
                name: "games", valueName: "n",
                help: "Games simulated for each pairing of strategies the report does not work out exactly (under a "
                    + "three-farkle penalty; the farkleten round robin; a quarter of it for each seating at the larger "
                    + "tables); refused where the report simulates no game (a race with --no-win).",
                defaultValue: "\(defaultGames)"),
            OptionSpec(
                name: "seed", valueName: "x", help: "The seed of the simulated games, from 0 to 2^64 - 1.",
                defaultValue: "\(SimulateCommand.defaultSeed)"),
            .flag("presets", help: "Write the report set of every preset and a README.md comparing them."),
            .flag(
                "no-win",
                help: "Skip solving the 2-player game to win (its reports and the advisor's advice to win)."),
            CacheOption.noCache,
            RunOptions.quiet(),
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let games = try arguments.integer(
            "games", in: 1...SimulateCommand.maximumGames, default: defaultGames,
            because: SimulateCommand.gamesLimitReason)
        let seed = try arguments.seed(default: SimulateCommand.defaultSeed)
        if arguments.flag("no-win") {
            try arguments.refuse(["no-cache"], "is for the game solved to win, which --no-win does not solve")
        }
        if arguments.flag("presets") {
            try arguments.refuse(["target"], "changes one rule set; --presets writes every preset at its own target")
            return try writePresets(arguments, games: games, seed: seed)
        }
        let rules = try RulesOption.load(arguments)
        try RulesOption.checkSolverSize(rules, arguments)
        let directory = URL(fileURLWithPath: try arguments.outputPath("out") ?? "Reports/\(rules.name)")
        try refuseReplacingRules(arguments, in: directory)
        var builder = ReportBuilder(rules: rules, games: games, seed: seed, playsToWin: !arguments.flag("no-win"))
        builder.cache = CacheOption.cache(arguments)
        let progress = SolveProgress(
            "Solving rules '\(rules.name)' to win", isShown: RunOptions.showsProgress(arguments))
        builder.solveProgress = progress.update
        builder.sweepProgress = progress.sweep
        // After the solve, one line for every step: the exact odds of each matchup, then the rest.
        let steps = StepProgress("Report", isShown: RunOptions.showsProgress(arguments))
        builder.oddsProgress = { matchup, fraction in steps.update("exact odds of \(matchup)", fraction) }
        builder.stepProgress = steps.update
        defer {
            progress.finish()
            steps.finish()
        }
        // `--games` and `--seed` set the simulated games: a report of exact odds alone refuses them, after the
        // seconds its exact figures take (which figures are exact is known once they are worked out).
        let unread = ["games", "seed"].first { arguments.value($0) != nil }
        var refusedOption: String?
        do {
            // The files are listed before they replace anything: a list that cannot be written (stdout full or
            // closed) fails the run, and a failed run leaves the directory as it was.
            try builder.write(to: directory) { report in
                if let unread, !report.simulatesGames {
                    refusedOption = unread
                    return false
                }
                return Self.list(report.documents.map { directory.appendingPathComponent($0.fileName).relativePath })
            }
        } catch {
            if let refusedOption {
                throw UsageError(
                    "'--\(refusedOption)' sets the simulated games, and this report simulates none: under rules "
                        + "'\(rules.name)'\(arguments.flag("no-win") ? " with --no-win" : "") every figure is exact",
                    spec: spec)
            }
            throw RuntimeFailure(Self.failure(error))
        }
        return ExitStatus.success
    }

    /// Prints the paths written, one per line; `false` when stdout failed.
    private static func list(_ paths: [String]) -> Bool {
        for path in paths { Standard.output(path) }
        return Standard.outputFailure == nil
    }

    /// The one line of a failed write: stdout's failure where the list of files could not be printed.
    private static func failure(_ error: ReportFileError) -> String {
        guard let output = Standard.outputFailure else { return error.description }
        return "cannot write the results to standard output: \(output); no report file was written"
    }

    /// The kinds of file a report writes, by extension: a file of another kind in its directory is never replaced.
    static let writtenExtensions: Set<String> = ["md", "csv", "svg", "html", "js", "webmanifest"]

    /// Refuses, before any work, a rule file (links followed) that sits in `directory` or its `app/` folder under a
    /// name of a kind the report writes: the report could replace its own input (`ParsedArguments.outputPath(_:)`
    /// does the same for the other commands' `--out` files).
    ///
    /// - Throws: `UsageError` naming the file.
    private static func refuseReplacingRules(_ arguments: ParsedArguments, in directory: URL) throws(UsageError) {
        guard let path = arguments.value("rules"), RuleSet.presets[path] == nil else { return }
        var read = stat()
        guard stat(path, &read) == 0 else { return }
        for folder in [directory, directory.appendingPathComponent("app")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where writtenExtensions.contains((name as NSString).pathExtension.lowercased()) {
                var written = stat()
                let file = folder.appendingPathComponent(name)
                if stat(file.path, &written) == 0, written.st_dev == read.st_dev, written.st_ino == read.st_ino {
                    throw UsageError(
                        "'--out' holds the rule file given to '--rules' as '\(file.relativePath)', a name of a kind "
                            + "the report writes: the report could replace it (keep the rule file elsewhere, or "
                            + "name it .json)", spec: spec)
                }
            }
        }
    }

    /// `--presets`: every preset's set and the comparison, under `--out` (default `Reports`).
    private static func writePresets(_ arguments: ParsedArguments, games: Int, seed: UInt64) throws -> Int32 {
        if arguments.value("rules") != nil {
            throw UsageError("--presets writes every preset; give it no --rules", spec: spec)
        }
        let directory = URL(fileURLWithPath: try arguments.outputPath("out") ?? "Reports")
        // One line on a terminal: which preset is being computed, and its solve to win as it goes.
        let line = StatusLine(isShown: RunOptions.showsProgress(arguments))
        var solve: SolveProgress?
        let steps = StepProgress("", isShown: line.isShown)
        defer {
            solve?.finish()
            line.finish()
            steps.finish()
        }
        do {
            let presets = RulePreset.all.map(\.rules)
            try ReportBuilder.writeComparison(
                of: presets, games: games, seed: seed, playsToWin: !arguments.flag("no-win"),
                cache: CacheOption.cache(arguments), to: directory,
                progress: { done, builder in
                    solve?.finish()
                    // The next preset's line until its solve is over: the steps' line says nothing meanwhile.
                    steps.pause()
                    let label = "Preset \(done + 1) of \(presets.count), '\(builder.rules.name)'"
                    line.show { _ in label }
                    let next = SolveProgress(label + ", solving to win", isShown: line.isShown)
                    builder.solveProgress = next.update
                    builder.sweepProgress = next.sweep
                    builder.oddsProgress = { matchup, fraction in
                        steps.update(label + ", exact odds of \(matchup)", fraction)
                    }
                    builder.stepProgress = { step, fraction in steps.update(label + ", " + step, fraction) }
                    solve = next
                },
                beforeReplacing: { paths in Self.list(paths.map { directory.appendingPathComponent($0).relativePath }) }
            )
        } catch {
            throw RuntimeFailure(Self.failure(error))
        }
        return ExitStatus.success
    }
}
