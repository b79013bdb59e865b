import Foundation
import Testing

/// The classes of issue 9: what a careless or hostile user may type, and what must never follow
/// (a trap, a hang, a lost result with exit 0, a stray or replaced file, a message on several lines).
@Suite("Hostile and careless input")
struct HostileInputTests {
    /// A fresh empty directory under the system's temporary directory.
    private static func scratchDirectory() throws -> URL {
        try CommandRunner.scratchDirectory("farkle-hostile")
    }

    /// The lines of stderr that start with `Error:`.
    private static func errorLines(_ result: CommandResult) -> [Substring] {
        result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
    }

    /// Checks a bad command line: exit 64, nothing on stdout, one `Error:` line that starts with `message`.
    private static func expectUsageError(_ result: CommandResult, _ message: String) {
        #expect(result.exitStatus == 64, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let lines = errorLines(result)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Error: \(message)") == true, "\(result.standardError)")
    }

    // MARK: - Crashes

    @Test(
        "every number is bounded where it is parsed, with the reason; none overflows",
        arguments: [
            (["--games", "9223372036854775807"], "'--games' must be from 1 to 1,000,000,000 (the most games"),
            (["--games", "99999999999999999999999"], "'--games' must be from 1 to 1,000,000,000"),
            (["--games", "1000000001"], "'--games' must be from 1 to 1,000,000,000"),
            (["report", "--games", "9223372036854775807"], "'--games' must be from 1 to 1,000,000,000"),
            (["--strategy", "threshold:0,4611686018427387904"], "strategy 'threshold:0,4611686018427387904' has"),
            (["--strategy", "threshold:1,2,9223372036854775807"], "strategy 'threshold:1,2,9223372036854775807'"),
            (["--threads", "99999999999999999999"], "'--threads' must be from 1 to 1,024"),
            (["--players", "-9223372036854775808"], "'--players' must be from 1 to 8"),
            (["advise", "--dice", "1", "--turn-points", "9223372036854775807"], "'--turn-points' must be from 0 to"),
            (["solve", "--max-points", "9223372036854775807"], "'--max-points' must be from 0 to 1,000,000"),
            (["--seed", "18446744073709551616"], "'--seed' must be a whole number from 0 to 2^64 - 1"),
        ])
    func boundedNumbers(arguments: [String], message: String) throws {
        Self.expectUsageError(try CommandRunner.run(arguments), message)
    }

    @Test("a closed or full stderr never crashes the tool: a bad argument still exits 64")
    func unwritableStandardError() throws {
        for redirect in ["2>&-", "2>/dev/full"] {
            let result = try CommandRunner.runShell("\"$0\" --bogus \(redirect)")
            #expect(result.exitStatus == 64, "\(redirect)")
            let success = try CommandRunner.runShell("\"$0\" odds \(redirect)")
            #expect(success.exitStatus == 0, "\(redirect)")
        }
    }

    @Test(
        "a missing or broken file is a bad argument wherever it is named, even where the command would not read it",
        arguments: [
            (["--games", "10", "--dice-catalog", "/nonexistent/dice.json"], "/nonexistent/dice.json"),
            (["solve", "--dice-catalog", "/nonexistent/dice.json"], "/nonexistent/dice.json"),
            (
                ["advise", "--dice", "1,5", "--policy", "/nonexistent/game.policy"],
                "policy file '/nonexistent/game.policy'"
            ),
            (
                ["advise", "--dice", "1,5", "--policy", "/etc/hostname"],
                "policy file '/etc/hostname': not a win-policy file"
            ),
            (["advise", "--dice", "1,5", "--policy", ""], "'--policy' is an empty path"),
        ])
    func inputFilesOpenedAtParse(arguments: [String], message: String) throws {
        Self.expectUsageError(try CommandRunner.run(arguments), message)
    }

    @Test(
        "an option of another mode of the command is refused, never silently ignored",
        arguments: [
            (["advise", "--dice", "5@odd,1", "--rules", "kcd", "--seat", "2"], "'--seat' applies to ordinary dice"),
            (["advise", "--dice", "5@odd,1", "--rules", "kcd", "--opening"], "'--opening' applies to ordinary dice"),
            (
                ["advise", "--dice", "5@odd,1", "--rules", "kcd", "--policy", "/etc/hostname"],
                "policy file '/etc/hostname'"
            ),
            (["dice-set", "--inventory", "odd:2", "--games", "10"], "'--games' belongs to '--rank-catalog'"),
            (["dice-set", "--inventory", "odd:2", "--wins", "exact"], "'--wins' belongs to '--rank-catalog'"),
            (
                ["dice-set", "--rank-catalog", "--objective", "win"],
                "'--objective' is for choosing from an '--inventory', not for '--rank-catalog'"
            ),
            (
                ["solve", "--rules", "farkleten", "--objective", "reach:3000", "--max-points", "500"],
                "'--max-points' does not apply to --objective reach:N"
            ),
            (
                ["solve", "--rules", "farkleten", "--objective", "reach:3000", "--penalty-floor", "-500"],
                "'--penalty-floor' does not apply to --objective reach:N"
            ),
            (["report", "--presets", "--target", "2000"], "'--target' changes one rule set"),
        ])
    func otherModesOptionsRefused(arguments: [String], message: String) throws {
        Self.expectUsageError(try CommandRunner.run(arguments), message)
    }

    @Test(
        "a dice set that can never score is refused by every command that plays it, instead of -nan or unfinished games"
    )
    func neverScoringSetRefused() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("dice.json")
        // Each die shows one face: 2 2 3 3 4 6 every time, which scores nothing under kcd (no 1, 5, triple or run).
        try Data(
            #"""
            {"dice": [{"name": "twos", "weights": [0, 1, 0, 0, 0, 0]}, {"name": "threes", "weights": [0, 0, 1, 0, 0, 0]},
                      {"name": "fours", "weights": [0, 0, 0, 1, 0, 0]}, {"name": "sixes", "weights": [0, 0, 0, 0, 0, 1]}]}
            """#.utf8
        ).write(to: file)
        let set = "twos:2,threes:2,fours:1,sixes:1"
        for arguments in [
            ["--games", "100", "--quiet"],
            ["evaluate", "--strategy", "ev-target", "--strategy", "ev-target", "--target", "1000"],
            ["solve"], ["solve", "--objective", "win", "--target", "1000"],
        ] {
            Self.expectUsageError(
                try CommandRunner.run(
                    arguments + ["--rules", "kcd", "--dice-catalog", file.path, "--dice-set", set]),
                "the dice set \(set) can never score under rules 'kcd'")
        }
    }

    @Test("dice-set over forty distinct dice is refused from the count of its candidates, before building them")
    func hugeInventory() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("dice.json")
        let dice = (0..<40).map { #"{"name": "d\#($0)", "weights": [\#($0 + 2), 1, 1, 1, 1, 1]}"# }
        try Data((#"{"dice": ["# + dice.joined(separator: ", ") + "]}").utf8).write(to: file)
        let inventory = (0..<40).map { "d\($0):6" }.joined(separator: ",")
        let clock = ContinuousClock()
        let start = clock.now
        let result = try CommandRunner.run([
            "dice-set", "--inventory", inventory, "--dice-catalog", file.path, "--quiet",
        ])
        #expect(clock.now - start < .seconds(10))
        Self.expectUsageError(result, "'--inventory' makes 9,366,819 candidate sets from 40 die types")
    }

    @Test("ev with dice that seldom farkle is refused where its games would roll for too long, in one line")
    func longTurnsRefused() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("dice.json")
        // 1s and 5s score, 3s do not, and a 3 is half as likely: six such dice farkle once in 15,625 rolls, and ev
        // rolls on for about 140 rolls a turn. (Dice that farkle once in millions of rolls turn that into tens of
        // thousands, and a default run into hours; the FarkleKit tests count those turns.)
        try Data(#"{"dice": [{"name": "steady", "weights": [2, 0, 1, 0, 2, 0]}]}"#.utf8).write(to: file)
        let many = try CommandRunner.run([
            "--games", "1000000", "--rules", "kcd", "--strategy", "ev", "--dice-set", "steady:6",
            "--dice-catalog", file.path,
        ])
        Self.expectUsageError(many, "strategy 'ev' with the dice set steady:6 rolls about 140 times a turn")
        #expect(many.standardError.contains("1,000,000 games would roll about 2.8e+08 times, more than the 2.0e+08"))
        #expect(many.standardError.contains("use at most 712,950 '--games', or play it 'ev-target'"))
        // The same dice play fewer games.
        let few = try CommandRunner.run([
            "--games", "200", "--rules", "kcd", "--strategy", "ev", "--dice-set", "steady:6", "--dice-catalog",
            file.path, "--format", "json", "--quiet",
        ])
        #expect(few.exitStatus == 0, "\(few.standardError)")
    }

    @Test(
        "a catalog die named 'ordinary' that is not fair is refused: every set fills up with the fair die by that name")
    func loadedOrdinaryRefused() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("dice.json")
        try Data(#"{"dice": [{"name": "ordinary", "weights": [6, 1, 1, 1, 1, 1]}]}"#.utf8).write(to: file)
        Self.expectUsageError(
            try CommandRunner.run(["validate", "--dice-set", "ordinary:2", "--dice-catalog", file.path]),
            "\(file.path): dice[0]: 'ordinary' names the fair die")
    }

    @Test("--format csv prints CSV or is refused: a set of several kinds is one quoted field, never Markdown")
    func csvIsCSV() throws {
        let validate = try CommandRunner.run(["validate", "--dice-set", "odd:2,heavenly-kingdom:1", "--format", "csv"])
        #expect(validate.exitStatus == 0, "\(validate.standardError)")
        let lines = validate.standardOutput.split(separator: "\n")
        #expect(lines.first == "dice,rolls_checked,total_probability,farkle_probability,mean_best_points,passed")
        // Every row has six fields once quoted fields are read as one.
        for line in lines.dropFirst() {
            var fields = 1
            var quoted = false
            for character in line {
                if character == "\"" { quoted.toggle() } else if character == ",", !quoted { fields += 1 }
            }
            #expect(fields == 6, "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("\"odd:") })
        let search = try CommandRunner.run([
            "dice-set", "--inventory", "odd:2,heavenly-kingdom:1", "--format", "csv", "--quiet",
        ])
        #expect(search.exitStatus == 0, "\(search.standardError)")
        #expect(search.standardOutput.hasPrefix("rank,dice_set,value,gain_over_ordinary\n"))
        #expect(!search.standardOutput.contains("|"))
        Self.expectUsageError(
            try CommandRunner.run([
                "solve", "--objective", "win", "--rules", "kcd", "--target", "500", "--format", "csv",
            ]),
            "'--format csv' is for --objective score's table")
    }

    @Test("a reader that closes the pipe early (| head -1) ends the tool with exit 1 and one line, not SIGPIPE")
    func closedPipe() throws {
        // The reader is gone before the tool writes; `trap '' PIPE` is not used, so the tool meets the default
        // disposition unless it sets its own.
        let result = try CommandRunner.runShell(
            "{ sleep 0.3; \"$0\" table; echo \"status $?\" >&2; } | true")
        #expect(result.standardError.contains("status 1"), "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("Error: ") }.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("cannot write the results to standard output"))
    }

    // MARK: - Hangs

    @Test("a tiny common step with a huge range is refused at once by every command that solves")
    func solverLimit() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tiny.json")
        try Data(#"{"combinations":{"single_five":1,"single_one":999999}}"#.utf8).write(to: file)
        let clock = ContinuousClock()
        for arguments in [
            ["solve"], ["advise", "--dice", "1,5"], ["report", "--out", directory.path], ["--strategy", "ev"], [],
        ] {
            let start = clock.now
            let result = try CommandRunner.run(arguments + ["--rules", file.path])
            #expect(clock.now - start < .seconds(10))
            Self.expectUsageError(result, "\(file.path): has points in steps of 1 ")
            #expect(result.standardError.contains("more than its limit of 100000"))
        }
        // Commands that never solve still work under these rules.
        let greedy = try CommandRunner.run(["--strategy", "greedy", "--games", "50", "--rules", file.path])
        #expect(greedy.exitStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tiny.json"])
    }

    @Test("solve prints at most as many rows of turn points as the solver may tabulate levels")
    func solveRows() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ones.json")
        let json = """
            {"combinations": {"single_one": 2, "single_five": 1, "three_of_a_kind": [null, null, null, null, null, null],
              "four_of_a_kind": null, "five_of_a_kind": null, "six_of_a_kind": null, "full_house": null,
              "full_mansion": null, "three_pairs": null, "two_triplets": null, "small_straight": null,
              "large_straight": null}, "turn": {"six_dice_farkle": null}}
            """
        try Data(json.utf8).write(to: file)
        let result = try CommandRunner.run(["solve", "--rules", file.path, "--max-points", "1000000"])
        Self.expectUsageError(result, "'--max-points' 1000000 asks for 1000001 rows in steps of 1")
        let fits = try CommandRunner.run(["solve", "--rules", file.path, "--max-points", "20", "--format", "csv"])
        #expect(fits.exitStatus == 0)
        #expect(fits.standardOutput.split(separator: "\n").count == 1 + 21 * 6)
    }

    @Test("a huge rule file is refused for its size, quickly")
    func hugeRuleFile() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("huge.json")
        let text = "{" + String(repeating: #""single_two": 1, "#, count: 400_000) + #""x": 1}"#
        try Data(text.utf8).write(to: file)
        let clock = ContinuousClock()
        let start = clock.now
        let result = try CommandRunner.run(["odds", "--rules", file.path])
        #expect(clock.now - start < .seconds(3))
        Self.expectUsageError(result, "\(file.path): is larger than 65536 bytes")
        Self.expectUsageError(try CommandRunner.run(["odds", "--rules", "/dev/zero"]), "/dev/zero: is larger than")
    }

    // MARK: - Games that cannot end

    @Test(
        "rules under which no turn can bank are refused with one line saying why",
        arguments: [
            ("large_straight", "1500", ""), ("six_of_a_kind", "3000", ""), ("three_pairs", "1500", ""),
            ("three_of_a_kind", "[1000, 200, 300, 400, 500, 600]", #", "turn": {"bank_with_dice_left": [1]}"#),
        ])
    func gameCannotEnd(key: String, points: String, turn: String) throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("endless.json")
        var combinations = [
            "single_one", "single_five", "four_of_a_kind", "five_of_a_kind", "six_of_a_kind", "full_house",
            "full_mansion", "three_pairs", "two_triplets", "small_straight", "large_straight",
        ].map { "\"\($0)\": null" }
        combinations.append(#""three_of_a_kind": [null, null, null, null, null, null]"#)
        combinations.removeAll { $0.hasPrefix("\"\(key)\"") }
        combinations.append("\"\(key)\": \(points)")
        try Data("{\"combinations\": {\(combinations.joined(separator: ", "))}\(turn)}".utf8).write(to: file)
        for arguments in [["--strategy", "greedy", "--games", "10"], ["odds"], ["solve"]] {
            let result = try CommandRunner.run(arguments + ["--rules", file.path])
            Self.expectUsageError(result, "\(file.path): 'turn.bank_with_dice_left' allows banking only with")
            #expect(result.standardError.contains("so no turn could ever bank and a game could never end"))
        }
    }

    // MARK: - Results lost

    @Test(
        "results that cannot be written to stdout are exit 1 with one line on stderr",
        arguments: ["odds > /dev/full", "--games 200 --strategy greedy > /dev/full", "odds >&-", "table >&-"])
    func unwritableStandardOutput(command: String) throws {
        let result = try CommandRunner.runShell("\"$0\" \(command)")
        #expect(result.exitStatus == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Error: cannot write the results to standard output: ") == true)
    }

    @Test("an empty --out is a bad argument, and nothing is written anywhere")
    func emptyOut() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in [["report", "--out", "", "--games", "10"], ["--out", "", "--games", "10"], ["--out="]] {
            Self.expectUsageError(try CommandRunner.run(arguments, in: directory), "'--out' is an empty path")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    // MARK: - Files

    @Test("a full disk leaves no temporary file: the write fails with exit 1 and one line")
    func fullDisk() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A 1-block file size limit makes writes fail as on a full disk (SIGXFSZ ignored, so write reports EFBIG).
        for command in [
            "--games 100 --strategy greedy --out result.md", "report --no-win --target 1000 --out reports",
        ] {
            let result = try CommandRunner.runShell("ulimit -f 1; trap '' XFSZ; exec \"$0\" \(command)", in: directory)
            #expect(result.exitStatus == 1, "\(command): \(result.standardError)")
            #expect(Self.errorLines(result).count == 1)
            #expect(result.standardError.hasPrefix("Error: cannot write '"))
        }
        let left =
            try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    /// Signals whose default action ends the process, by name: those a user sends, and those of a fault.
    static let signalNames: [Int32: String] = {
        var names = [
            SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT", SIGUSR1: "SIGUSR1",
            SIGALRM: "SIGALRM", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS",
        ]
        #if os(Linux)
            names[SIGPWR] = "SIGPWR"
        #endif
        return names
    }()

    static let endingSignals = signalNames.keys.sorted()

    @Test(
        "a signal that ends a run with --out ends it, leaves no file and says so on one line",
        arguments: Self.endingSignals)
    func interrupted(signal number: Int32) throws {
        // A shell's background job inherits SIGINT ignored, and the tool rightly keeps it so.
        let inherited = signal(number, SIG_IGN)
        _ = signal(number, inherited)
        if let inherited, unsafeBitCast(inherited, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return }
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let errors = Pipe()
        let process = try CommandRunner.startLongRun(in: directory, errors: errors)
        defer { if process.isRunning { process.terminate() } }
        // Well into the games: the tool has set up its handlers and is playing.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning)
        kill(process.processIdentifier, number)
        for _ in 0..<200 where process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning, "the signal did not stop the run")
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == number)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        // One line, naming the signal; no backtrace (SIGQUIT and the fault signals are the Swift runtime's
        // otherwise, which answers a fault signal sent by `kill` with a crash report and lets the run go on).
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let name = Self.signalNames[number] ?? "?"
        #expect(text == "Error: stopped by \(name); no file was left half-written\n", "\(text)")
    }

    @Test(
        "on a terminal the signal's line erases the progress line first, as every other error does",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func interruptedOnATerminal() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // `script` runs the tool on a pseudo-terminal; the shell inside stops it with SIGTERM once progress shows.
        let run = #"exec "$0" --games 1000000000 --strategy greedy --out result.md & sleep 3; kill -TERM $!; wait"#
        let inner = run.replacingOccurrences(of: "\"$0\"", with: "'\(CommandRunner.executable.path)'")
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/script"), ["-qec", inner, "/dev/null"], in: directory)
        // A terminal shows what follows `\r` over what was drawn: the line is erased, then the one Error line.
        #expect(
            result.standardOutput.contains("\r\u{1B}[KError: stopped by SIGTERM; no file was left half-written"),
            "\(result.standardOutput.debugDescription)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a report stopped by a signal before its files are in place leaves no folder it made")
    func interruptedReportFolders() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = directory.appendingPathComponent("kept")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: false)
        for (output, left) in [("made/reports", ["kept"]), ("kept/reports", ["kept"])] {
            let process = Process()
            process.executableURL = CommandRunner.executable
            process.arguments = ["report", "--no-cache", "--quiet", "--out", output]
            process.environment = CommandRunner.childEnvironment
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            // The folders are made before the reports are worked out (a folder that cannot be made fails at once).
            let folder = directory.appendingPathComponent(output)
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: folder.path) {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(FileManager.default.fileExists(atPath: folder.path))
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            // The folders the run made are gone; the one that was there before stays, empty as it was.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == left, "\(output)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: kept.path).isEmpty)
        }
    }

    @Test("--out with a path that ends in '/' is refused: it names a directory, and the file without it stays")
    func outputPathNamingADirectory() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("results")
        try Data("old".utf8).write(to: file)
        for (arguments, path) in [
            (["--games", "20", "--strategy", "greedy", "--out", "results/"], "results/"),
            (["--games", "20", "--strategy", "greedy", "--out", "fresh/"], "fresh/"),
        ] {
            let result = try CommandRunner.run(arguments, in: directory)
            #expect(result.exitStatus == 1, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            #expect(
                result.standardError
                    == "Error: cannot write '\(directory.appendingPathComponent(path).path)/': a path that ends in "
                    + "'/' names a directory, not a file; nothing was written\n", "\(result.standardError)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["results"])
    }

    @Test("--out keeps a private file private, writes through a link, and refuses a directory or device")
    func outputTargets() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = { (path: String) in
            try CommandRunner.run(["--games", "20", "--strategy", "greedy", "--out", path], in: directory)
        }
        let privateFile = directory.appendingPathComponent("private.md")
        try Data("old".utf8).write(to: privateFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: privateFile.path)
        #expect(try run("private.md").exitStatus == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: privateFile.path)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)

        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.md").path,
            withDestinationPath: "private.md")
        #expect(try run("link.md").exitStatus == 0)
        let linkTarget = try FileManager.default.destinationOfSymbolicLink(
            atPath: directory.appendingPathComponent("link.md").path)
        #expect(linkTarget == "private.md")

        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("folder"), withIntermediateDirectories: false)
        for path in ["folder", "/dev/null"] {
            let result = try run(path)
            #expect(result.exitStatus == 1)
            #expect(Self.errorLines(result).count == 1)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["folder", "link.md", "private.md"])
    }

    // MARK: - Messages

    @Test(
        "control characters from the input are escaped, so the error stays one plain line",
        arguments: [
            ["--rules", "a\nb\u{1B}[31mred"], ["--strategy", "x\ny"], ["--format", "\u{1B}[2J"], ["--bogus\nline"],
            ["sub\rcommand"], ["--games", "1\n2"],
        ])
    func controlCharacters(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.exitStatus == 64)
        #expect(!result.standardError.contains("\u{1B}") && !result.standardError.contains("\r"))
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("Error: ") == true)
        #expect(lines.first.map { $0.contains("\\n") || $0.contains("\\u{1B}") || $0.contains("\\r") } == true)
    }

    @Test("a key with a newline in a rule file is escaped too")
    func controlCharactersInRuleFile() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("keys.json")
        try Data(#"{"bad\nkey\u001b[31m": 1}"#.utf8).write(to: file)
        let result = try CommandRunner.run(["odds", "--rules", file.path])
        Self.expectUsageError(result, #"\#(file.path): 'bad\nkey\u{1B}[31m' is not a rule"#)
    }

    @Test("a suggested --players is one the tool accepts", arguments: 3...10)
    func suggestions(strategies: Int) throws {
        let seats = Array(repeating: ["--strategy", "greedy"], count: strategies).flatMap { $0 }
        let result = try CommandRunner.run(seats + ["--players", "2", "--games", "5"])
        #expect(result.exitStatus == 64)
        let suggested = result.standardError.split(separator: "(or --players ").dropFirst().first?.prefix {
            $0.isNumber
        }
        #expect((suggested != nil) == (strategies <= 8))
        if let suggested {
            let followed = try CommandRunner.run(seats + ["--players", String(suggested), "--games", "5"])
            #expect(followed.exitStatus == 0, "\(followed.standardError)")
        }
    }

    @Test("an empty --rules says it is an empty path")
    func emptyRules() throws {
        let result = try CommandRunner.run(["odds", "--rules", ""])
        Self.expectUsageError(
            result,
            "the rules are an empty path: name a preset (boxed, cardgames, facebook, farkleten, five-thousand, kcd, standard, zilch) or a rule file"
        )
    }
}
