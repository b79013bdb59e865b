import FarkleKit
import FarkleReports
import Foundation

/// The `--no-cache` option of every command that solves a game to win, and the cache it picks.
enum CacheOption {
    /// `--no-cache`: solve again, reading and writing no cache entry.
    static let noCache = OptionSpec.flag(
        "no-cache",
        help: "Solve the game to win again instead of reading it from the cache of solved games, and keep nothing "
            + "there (see 'farkle-sim cache --help').")

    /// `evaluate`'s `--no-cache`: its odds are kept too.
    static let noCacheForOdds = OptionSpec.flag(
        "no-cache",
        help: "Work out the exact odds again, solving the game to win first for strategy 'win', instead of reading "
            + "them from the cache of solved games, and keep nothing there (see 'farkle-sim cache --help').")

    /// The user's cache of solved games, or none with `--no-cache`.
    static func cache(_ arguments: ParsedArguments) -> SolvedGameCache {
        arguments.flag(noCache.name) ? .disabled : .user
    }

    /// The game of `table` solved to win through the cache of `arguments` (`SolvedGameCache.solveGame`), with a
    /// progress line on a terminal while a race is solved.
    ///
    /// - Throws: `NotCovered` where no solver covers the rules.
    static func solveGame(for table: ScoringTable, _ arguments: ParsedArguments) throws(NotCovered)
        -> any SolvedWinGame
    {
        let progress = SolveProgress(
            "Solving rules '\(table.rules.name)' to win", unit: SolveProgress.unit(of: table.rules),
            isShown: RunOptions.showsProgress(arguments))
        defer { progress.finish() }
        return try cache(arguments).solveGame(for: table, progress: progress.update, sweeps: progress.sweep)
    }
}

/// `farkle-sim cache list|clear`: the games solved to win kept in the user's cache directory.
enum CacheCommand: Command {
    static let spec = CommandSpec(
        name: "cache",
        abstract: "Lists or clears the cache of games solved to win.",
        discussion: """
            A game solved to win (solve --objective win, advise with both totals, evaluate and simulate with \
            strategy win, report) is kept as a policy file in $XDG_CACHE_HOME/farkle-sim, or \
            ~/.cache/farkle-sim when XDG_CACHE_HOME is not set, so the next command answers at once. An \
            entry is named by a digest of the rule set's content (target, players and penalty included) and \
            the solver's format; it is checked (checksum and rules) every time it is read, and a corrupt or \
            foreign one is solved again and replaced. Races to a target, games of rounds, races between \
            dice sets (keyed by the dice too) and races of three players (solve --players 3) are cached. The exact \
            odds that take seconds to work out (evaluate, and report's head-to-head tables, where a seat plays \
            win, three seats play, or under a three-farkle penalty) are kept beside them (odds-<digest>.odds, a \
            few lines with a checksum), except those of a win read from --policy. A cache that cannot be written is skipped silently ('cache list' says why). --no-cache on those commands bypasses it.
            'cache list' prints each entry (rules, target, size, date) and the total size; 'cache clear' \
            removes the entries (only the files the cache writes, win-<digest>.policy and odds-<digest>.odds).
            """,
        options: [],
        actions: ["list", "clear"]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let cache = SolvedGameCache.user
        guard let directory = cache.directory else {
            throw RuntimeFailure("no cache directory: neither XDG_CACHE_HOME nor HOME is an absolute path")
        }
        switch arguments.action {
        case "list":
            let entries: [SolvedGameCache.Entry]
            do {
                entries = try cache.entries()
            } catch {
                throw RuntimeFailure("cannot list the cache: '\(error.path)': \(error.reason)")
            }
            Standard.output(
                list(
                    entries, directory: directory, whyNothingIsKept: cache.whyNothingIsKept,
                    blocked: cache.blockedEntryNames), terminator: "")
        case "clear":
            let removed: [SolvedGameCache.Entry]
            do {
                removed = try cache.clear()
            } catch {
                throw RuntimeFailure("cannot clear the cache: '\(error.path)': \(error.reason)")
            }
            let bytes = removed.reduce(0) { $0 + $1.size }
            Standard.output(
                "Removed \(removed.count) \(removed.count == 1 ? "entry" : "entries") (\(size(bytes))) from "
                    + "\(directory.path).")
        default:
            throw UsageError("give an action: 'cache list' or 'cache clear'", spec: spec)
        }
        return ExitStatus.success
    }

    /// The entries as a Markdown table, with the directory and the total size, and why nothing is kept there if so.
    private static func list(
        _ entries: [SolvedGameCache.Entry], directory: URL, whyNothingIsKept: String?, blocked: [String] = []
    ) -> String {
        let total = entries.reduce(0) { $0 + $1.size }
        var lines = ["# Solved games in \(directory.path)", ""]
        if !entries.isEmpty {
            lines += ["| Rules | Target | Solver | Size | Written | File |", "|---|---:|---|---:|---|---|"]
            let dates = DateFormatter()
            dates.locale = Locale(identifier: "en_US_POSIX")
            dates.dateFormat = "yyyy-MM-dd HH:mm"
            for entry in entries {
                let solver =
                    entry.rulesName == nil
                    ? "unreadable"
                    : !entry.isIntact
                        ? "damaged: solved again when next read"
                        : entry.exactOdds.map { "exact odds: \($0)" } ?? gameKind(entry)
                let target = entry.isRounds ? "-" : entry.target.map(String.init) ?? "?"
                lines.append(
                    "| \(entry.rulesName ?? "?") | \(target) | \(solver) | "
                        + "\(size(entry.size)) | \(dates.string(from: entry.modified)) | "
                        + "\(entry.url.lastPathComponent) |")
            }
            lines.append("")
        }
        lines.append("\(entries.count) \(entries.count == 1 ? "entry" : "entries"), \(size(total)) in all.")
        if let whyNothingIsKept {
            lines.append("")
            lines.append("Nothing can be kept here: \(whyNothingIsKept). Solved games are solved again each time.")
        }
        if !blocked.isEmpty {
            lines.append("")
            lines.append(
                "Not entries, and in the way of one (a folder or a pipe by an entry's name; remove by hand, the "
                    + "games they name are solved again each time): \(blocked.joined(separator: ", ")).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The family of the game an entry holds solved.
    private static func gameKind(_ entry: SolvedGameCache.Entry) -> String {
        if entry.isPenalty { return "three-farkle penalty" }
        if entry.isRounds { return "rounds" }
        if entry.isDiceSets { return "dice sets" }
        return entry.isThreePlayers ? "three players" : "race"
    }

    /// A size in bytes, KiB, MiB or GiB.
    private static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KiB", "MiB", "GiB"]
        var scaled = Double(bytes) / 1024
        var unit = 0
        while scaled >= 1024, unit < units.count - 1 {
            scaled /= 1024
            unit += 1
        }
        return NumberText.fixed(scaled, 1) + " " + units[unit]
    }
}
