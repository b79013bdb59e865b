import FarkleKit
import FarkleReports
import Foundation

/// `farkle-sim review GAME`: every decision of a recorded game beside the best one.
enum ReviewCommand: Command {
    static let spec = CommandSpec(
        name: "review",
        abstract: "Reviews a recorded game: every decision beside the best one, and what it cost.",
        discussion: """
            Reads a game record (JSON: the rules, the players in seat order and every roll, keep, bank and \
            farkle, as the table companion exports it), replays it under its rules and stops at the first \
            action they do not allow. Every keep from a roll entered in the record, with the bank or the roll \
            after it, is valued beside best play: under the points objective the situation calls for (the \
            expected points; the points toward the target in a race won at once; the long-run average under a \
            three-farkle penalty) and, with two players (or three racing without a final round, whose game is \
            solved exactly for three), by the chance to win (ties count half), which solves \
            the game first (10 to 20 s for a 10,000-point race the first time, then read from the cache). A keep \
            entered without its roll is not reviewed. Prints each player's game and what their choices cost, \
            then every decision.
            """,
        options: [
            OutputFormat.option(),
            OptionSpec(name: "out", valueName: "file", help: "Write the review to a file instead of stdout."),
            .flag("points-only", help: "Review under the points objective alone: no chance to win, no solve."),
            CacheOption.noCache,
            RunOptions.quiet(),
        ],
        argument: (name: "game", help: "The game record, a JSON file.")
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = try arguments.format(allowed: OutputFormat.allCases)
        if arguments.flag("points-only") {
            try arguments.refuse(["no-cache"], "is for the game solved to win, which --points-only does not solve")
        }
        let record = try read(arguments.argument ?? "")
        let outputFile = try arguments.outputPath("out").map(PendingFile.opened)
        let table = ScoringTable(rules: record.rules)
        do {
            try BankReachability(table: table).check(source: arguments.argument ?? "")
            try ExpectedScoreSolver.checkSize(of: table, source: arguments.argument ?? "")
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        // Replayed before anything is solved: a record the rules refuse fails at once.
        do {
            _ = try record.replay()
        } catch {
            throw UsageError("\(arguments.argument ?? ""): \(error.problem)", spec: spec)
        }
        var note: String?
        var game: (any SolvedWinGame)?
        let players = record.players.count
        let solvesToWin = players == 2 || (players == 3 && WinGameKind(record.rules.headsUpGame) == .threePlayerRace)
        if !solvesToWin {
            try arguments.refuse(
                ["no-cache"],
                "is for the game solved to win; a game of \(NumberText.count(players, "player")) under "
                    + "rules '\(record.rules.name)' is reviewed by points alone")
        }
        if solvesToWin, !arguments.flag("points-only") {
            do {
                game = try CacheOption.solveGame(for: table, arguments)
            } catch {
                note = "The chance to win is not reviewed: \(error.description)."
            }
        }
        let review: GameReview
        do {
            review = try GameReview(record: record, advisor: try Advisor(table: table, game: game))
        } catch let error as GameRecordError {
            throw UsageError("\(arguments.argument ?? ""): \(error.problem)", spec: spec)
        }
        let text = ReviewText(review: review, note: note)
        let output =
            switch format {
            case .md: text.markdown
            case .csv: text.csv
            case .json: text.json + "\n"
            }
        if let outputFile {
            try outputFile.commitOrFail(output)
        } else {
            Standard.output(output, terminator: "")
        }
        return ExitStatus.success
    }

    /// The record at `path`, read whole up to its size limit.
    private static func read(_ path: String) throws(UsageError) -> GameRecord {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("\(path): no such game record", spec: spec)
        }
        guard !isDirectory.boolValue else { throw UsageError("\(path): is a directory, not a game record", spec: spec) }
        // One byte past the limit tells a file that is too large without reading all of it.
        guard let data = BoundedFile.read(atPath: path, upTo: GameRecord.maximumFileSize) else {
            throw UsageError("\(path): cannot be read as a game record", spec: spec)
        }
        do {
            return try GameRecord(json: data, source: path)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
    }
}
