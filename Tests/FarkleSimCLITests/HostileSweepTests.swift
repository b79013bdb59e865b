import Foundation
import Testing

/// What a sweep of hostile input found (2026-12-02), each now one clear line and the documented exit code, or a
/// result: a trap on a race of one level of totals, chances in a policy file that no solve writes, a FIFO as an input
/// file, a report half replaced, options read for nothing.
@Suite("Hostile input found by a sweep")
struct HostileSweepTests {
    /// A fresh empty directory under the system's temporary directory.
    private static func scratchDirectory() throws -> URL {
        try CommandRunner.scratchDirectory("farkle-sweep")
    }

    /// Checks a bad command line: exit 64, nothing on stdout, one `Error:` line that contains `message`.
    static func expectUsageError(_ result: CommandResult, _ message: String) {
        #expect(result.exitStatus == 64, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(lines.first?.contains(message) == true, "\(result.standardError)")
    }

    /// The dice catalog compiled into the tool, as a file.
    private static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/FarkleKit/Rules/kcd-dice.json").standardized.path

    /// The 64-bit FNV-1a hash, the checksum the policy-file format ends with (written here from its definition).
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    @Test(
        "win plays a race of one level of totals (the entry minimum past the target)",
        arguments: [
            ["--strategy", "win", "--strategy", "ev", "--rules", "boxed", "--target", "50", "--games", "200"],
            ["--strategy", "win", "--strategy", "ev", "--rules", "five-thousand", "--target", "1", "--games", "200"],
            ["evaluate", "--strategy", "win", "--strategy", "ev", "--rules", "boxed", "--target", "50"],
        ])
    func oneLevelRace(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments + ["--quiet", "--no-cache", "--format", "json"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        #expect(object is [String: Any])
    }

    @Test("a policy file whose checksum matches but holds no chance (NaN, below 0, above 1) is refused, never played")
    func forgedChances() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = directory.appendingPathComponent("short.json")
        try Data(#"{"name": "short", "game": {"target": 500}}"#.utf8).write(to: rules)
        let policy = directory.appendingPathComponent("short.policy")
        let solved = try CommandRunner.run([
            "solve", "--objective", "win", "--rules", rules.path, "--out", policy.path, "--quiet", "--no-cache",
        ])
        #expect(solved.exitStatus == 0, "\(solved.standardError)")
        let bytes = Array(try Data(contentsOf: policy))
        for forged in [Double.nan, -0.5, 2.0, Double.infinity] {
            // The last field before the checksum is a chance to tie (the game's last set of totals).
            var changed = Array(bytes.dropLast(16))
            withUnsafeBytes(of: forged.bitPattern.littleEndian) { changed.append(contentsOf: $0) }
            withUnsafeBytes(of: Self.fnv1a(changed).littleEndian) { changed.append(contentsOf: $0) }
            let file = directory.appendingPathComponent("forged.policy")
            try Data(changed).write(to: file)
            for command in [
                ["--strategy", "win", "--games", "100"], ["evaluate", "--strategy", "win", "--strategy", "ev"],
                ["advise", "--dice", "1,5,2,3,4,6", "--my-score", "0", "--opponent-score", "0"],
            ] {
                let result = try CommandRunner.run(command + ["--rules", rules.path, "--policy", file.path, "--quiet"])
                Self.expectUsageError(result, "the file is corrupt (a chance of ")
            }
        }
        // The file as solved still plays.
        let played = try CommandRunner.run([
            "--strategy", "win", "--games", "100", "--rules", rules.path, "--policy", policy.path, "--quiet",
        ])
        #expect(played.exitStatus == 0, "\(played.standardError)")
    }

    @Test("a FIFO no one writes to, given as an input file, is refused at once, not waited on")
    func fifoInput() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let started = Date()
        Self.expectUsageError(try CommandRunner.run(["odds", "--rules", fifo.path]), "fifo.json")
        Self.expectUsageError(
            try CommandRunner.run(["validate", "--dice-set", "a:1", "--dice-catalog", fifo.path]), "fifo.json")
        Self.expectUsageError(try CommandRunner.run(["review", fifo.path]), "fifo.json")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("a report that fails part way leaves every file of the last report as it was")
    func reportAllOrNothing() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("report")
        // A file of the last report, and a directory where the new report's index goes (the last file it writes):
        // the new report cannot be written whole.
        let table = out.appendingPathComponent("scoring-table.csv")
        let index = out.appendingPathComponent("README.md")
        try FileManager.default.createDirectory(at: index, withIntermediateDirectories: true)
        try Data("kept\n".utf8).write(to: table)
        let second = try CommandRunner.run([
            "report", "--target", "1000", "--no-win", "--out", out.path, "--quiet",
        ])
        #expect(second.exitStatus == 1, "\(second.standardError)")
        #expect(second.standardError.hasPrefix("Error: cannot write '"))
        #expect(try String(contentsOf: table, encoding: .utf8) == "kept\n")
        let left = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a cache directory that is a file is one Error line and exit 1, never '0 entries'")
    func cacheIsAFile() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a directory".utf8).write(to: directory.appendingPathComponent("farkle-sim"))
        for action in ["list", "clear"] {
            let result = try CommandRunner.run(["cache", action], environment: ["XDG_CACHE_HOME": directory.path])
            #expect(result.exitStatus == 1, "\(action): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("Error: cannot \(action) the cache: '"), "\(result.standardError)")
            #expect(result.standardError.contains("it is a file, not the cache directory"))
        }
    }

    @Test("a rule file's name too long for a folder is cut from the file name, and refused when given")
    func longRuleNames() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let long = directory.appendingPathComponent(String(repeating: "x", count: 200) + ".json")
        try Data(#"{"game": {"target": 500}}"#.utf8).write(to: long)
        let named = try CommandRunner.run(["solve", "--rules", long.path, "--format", "json"])
        #expect(named.exitStatus == 0, "\(named.standardError)")
        #expect(named.standardOutput.contains(String(repeating: "x", count: 64)))
        #expect(!named.standardOutput.contains(String(repeating: "x", count: 65)))
        let given = directory.appendingPathComponent("given.json")
        try Data(#"{"name": "\#(String(repeating: "y", count: 65))"}"#.utf8).write(to: given)
        Self.expectUsageError(
            try CommandRunner.run(["odds", "--rules", given.path]), "must be a short name of at most 64 characters")
    }

    @Test(
        "an option the command would read for nothing is refused",
        arguments: [
            (
                ["dice-set", "--rank-catalog", "--top", "3"],
                "'--top' is for choosing from an '--inventory', not for '--rank-catalog'"
            ),
            (
                ["solve", "--rules", "farkleten", "--objective", "reach:3000", "--players", "3"],
                "'--players' does not apply to --objective reach:N"
            ),
            (
                ["solve", "--rules", "farkleten", "--objective", "reach:3000", "--no-cache"],
                "'--no-cache' does not apply to --objective reach:N"
            ),
            (
                ["dice-set", "--rank-catalog", "--wins", "exact", "--games", "10"],
                "'--games' belongs to '--wins simulated'"
            ),
            (
                ["dice-set", "--rank-catalog", "--wins", "exact", "--seed", "7"],
                "'--seed' belongs to '--wins simulated'"
            ),
            (["solve", "--objective", "win", "--max-points", "999"], "'--max-points' is for --objective score"),
            (["solve", "--threads", "2"], "'--threads' is for --objective win"),
            (["solve", "--no-cache"], "'--no-cache' is for --objective win"),
            (["advise", "--dice", "1,2,3", "--no-cache"], "'--no-cache' is for the advice to win"),
            (["--strategy", "ev", "--no-cache"], "'--no-cache' is for strategy 'win'"),
            (
                ["evaluate", "--strategy", "ev", "--strategy", "greedy", "--no-cache"],
                "'--no-cache' is for odds the cache keeps"
            ),
            (
                ["--dice-catalog", Self.catalog],
                "'--dice-catalog' adds loaded dice for '--dice-set', and none is given"
            ),
            (["advise", "--dice", "1,2,3", "--dice-catalog", Self.catalog], "'--dice-catalog' adds loaded dice"),
            (["odds", "--target", "500"], "unknown option '--target'"),
            (["advise", "--dice", "1,2,3", "--my-score", "500"], "'--my-score' alone changes no advice"),
            (["advise", "--dice", "1,2,3", "--my-score", "500", "--rules", "zilch"], "under rules 'zilch'"),
            (["--version", "extra"], "'--version' takes no other arguments"),
            (["report", "--no-win", "--no-cache"], "'--no-cache' is for the game solved to win, which --no-win"),
            (["review", "game.json", "--points-only", "--no-cache"], "which --points-only does not solve"),
            (["help", "solve", "extra"], "unexpected argument 'extra' after 'help'"),
        ])
    func unusedOptions(arguments: [String], message: String) throws {
        Self.expectUsageError(try CommandRunner.run(arguments), message)
    }

    @Test("--my-score alone is read where it changes the turn: not yet on the board, or a race's last points")
    func myScoreAlone() throws {
        // boxed: 500 to get on the board, so a player at 0 may not bank 400; kcd: 150 more from 3,850 wins at once.
        for (arguments, without, with) in [
            (
                ["--dice", "1,2,3", "--turn-points", "300", "--rules", "boxed", "--my-score", "0"], "Then bank",
                "Then roll"
            ),
            (
                ["--dice", "5,2,3", "--turn-points", "100", "--rules", "kcd", "--my-score", "3850"], "Then roll",
                "Then bank"
            ),
        ] {
            let plain = try CommandRunner.run(["advise"] + arguments.dropLast(2))
            #expect(plain.standardOutput.contains(without), "\(plain.standardOutput)")
            let given = try CommandRunner.run(["advise"] + arguments)
            #expect(given.exitStatus == 0, "\(given.standardError)")
            #expect(given.standardOutput.contains(with), "\(given.standardOutput)")
        }
    }

    @Test("--out never replaces a read-only file: one Error line, exit 1, the file as it was")
    func readOnlyOut() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("kept.md")
        try Data("kept\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let result = try CommandRunner.run(["--games", "100", "--quiet", "--out", file.path])
        #expect(result.exitStatus == 1, "\(result.standardError)")
        #expect(
            result.standardError == "Error: cannot write '\(file.path)': the file is read-only; nothing was replaced\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "kept\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.md"])
    }

    @Test("cache list states a large entry's size in GiB, never thousands of MiB")
    func cacheSizeInGiB() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = directory.appendingPathComponent("farkle-sim")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // A sparse file: 5 GiB long, no blocks written.
        let entry = cache.appendingPathComponent("win-0123456789abcdef.policy")
        #expect(FileManager.default.createFile(atPath: entry.path, contents: nil))
        let handle = try FileHandle(forWritingTo: entry)
        try handle.truncate(atOffset: 5 << 30)
        try handle.close()
        let result = try CommandRunner.run(["cache", "list"], environment: ["XDG_CACHE_HOME": directory.path])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("5.0 GiB in all."), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("MiB"))
    }

    @Test("cache list says why nothing can be kept where a file is in the way or the home is missing")
    func cacheThatCannotBeKept() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        for (environment, reason) in [
            (["XDG_CACHE_HOME": file.path], "'\(file.path)' is a file, not a folder"),
            (
                ["XDG_CACHE_HOME": "", "HOME": directory.appendingPathComponent("gone").path],
                "'\(directory.appendingPathComponent("gone").path)' does not exist"
            ),
        ] {
            let result = try CommandRunner.run(["cache", "list"], environment: environment)
            #expect(result.exitStatus == 0, "\(result.standardError)")
            #expect(
                result.standardOutput.hasSuffix(
                    "0 entries, 0 B in all.\n\nNothing can be kept here: \(reason). Solved games are solved again "
                        + "each time.\n"), "\(result.standardOutput)")
        }
        // A usable cache (a folder that may be made) says nothing more.
        let usable = try CommandRunner.run(["cache", "list"], environment: ["XDG_CACHE_HOME": directory.path])
        #expect(usable.standardOutput.hasSuffix("0 entries, 0 B in all.\n"), "\(usable.standardOutput)")
    }

    @Test("a dice catalog is read where a roll names its dice (advise --dice 5@odd,...)")
    func catalogForNamedDice() throws {
        let result = try CommandRunner.run([
            "advise", "--rules", "kcd", "--dice", "5@odd,1,2,3,4,6", "--dice-catalog", Self.catalog,
        ])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("odd"))
    }
}

/// What a third sweep of hostile input found (2026-12-02): sizes that ran for minutes and gigabytes, outputs that
/// replaced their own input, counts the rules leave no doubt about, names and bytes refused unclearly.
@Suite("Hostile input found by a third sweep")
struct ThirdSweepTests {
    /// Writes `files` (name and text) into a fresh folder and returns it.
    static func folder(_ files: [(String, String)]) throws -> URL {
        let directory = try CommandRunner.scratchDirectory("farkle-sweep3")
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    @Test(
        "sizes that grew for minutes are refused at once: one Error line, exit 64",
        arguments: [
            (["solve", "--rules", "kcd", "--target", "1000000"], "lower the target (or ask for '--format csv'"),
            (
                ["solve", "--rules", "kcd", "--target", "1000000", "--dice-set", "odd:2"],
                "need 3000150000 table entries"
            ),
            (["solve", "--objective", "win", "--rules", "@rounds1000.json", "--no-cache"], "play fewer rounds"),
            (
                ["evaluate", "--rules", "@rounds1000.json", "--strategy", "ev", "--strategy", "greedy"],
                "play fewer rounds"
            ),
            (
                [
                    "advise", "--dice", "1,5", "--rules", "@rounds50.json", "--my-score", "0", "--opponent-score", "0",
                    "--rounds-left", "50", "--no-cache",
                ], "play fewer rounds"
            ),
            (
                ["evaluate", "--rules", "@step1.json", "--target", "2000", "--strategy", "ev", "--strategy", "greedy"],
                "steps of work for exact odds"
            ),
        ] as [([String], String)])
    func sizes(arguments: [String], message: String) throws {
        let directory = try Self.folder([
            ("rounds1000.json", #"{"name": "rounds1000", "base": "standard", "game": {"rounds": 1000}}"#),
            ("rounds50.json", #"{"name": "rounds50", "base": "standard", "game": {"rounds": 50}}"#),
            ("step1.json", #"{"name": "step1", "base": "standard", "combinations": {"single_five": 1}}"#),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let resolved = arguments.map {
            $0.hasPrefix("@") ? directory.appendingPathComponent(String($0.dropFirst())).path : $0
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try CommandRunner.run(resolved + ["--quiet"])
        #expect(clock.now - start < .seconds(10), "\(arguments)")
        #expect(result.exitStatus == 64, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(lines.count == 1 && lines[0].contains(message), "\(result.standardError)")
    }

    @Test("an output that names an input file is refused, and the input stays as it was")
    func outputOverInput() throws {
        let rules = #"{"name": "short", "game": {"target": 500}}"#
        let catalog = #"{"dice": [{"name": "odd", "weights": [4, 1, 1, 1, 4, 1]}]}"#
        let directory = try Self.folder([("short.json", rules), ("catalog.json", catalog)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let rulesPath = directory.appendingPathComponent("short.json").path
        let catalogPath = directory.appendingPathComponent("catalog.json").path
        for (arguments, message) in [
            (["--rules", rulesPath, "--games", "3", "--out", rulesPath], "'--out' names the rule file"),
            (
                ["solve", "--objective", "win", "--rules", rulesPath, "--no-cache", "--out", rulesPath],
                "'--out' names the rule file"
            ),
            (
                ["dice-set", "--rank-catalog", "--dice-catalog", catalogPath, "--csv-out", catalogPath],
                "'--csv-out' names the dice catalog"
            ),
        ] {
            let result = try CommandRunner.run(arguments + ["--quiet"])
            #expect(result.exitStatus == 64, "\(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: \(message)"), "\(result.standardError)")
        }
        #expect(try String(contentsOfFile: rulesPath, encoding: .utf8) == rules)
        #expect(try String(contentsOfFile: catalogPath, encoding: .utf8) == catalog)
    }

    @Test("what the rules leave no doubt about is required: a total per opponent, six dice for loaded ones")
    func rulesCounts() throws {
        let directory = try Self.folder([
            ("eight.json", #"{"name": "eight", "game": {"players": 8, "target": 2000, "final_round": false}}"#),
            ("five.json", #"{"name": "five", "turn": {"dice": 5, "bank_with_dice_left": [1, 2]}}"#),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let eight = directory.appendingPathComponent("eight.json").path
        let five = directory.appendingPathComponent("five.json").path
        let advice = try CommandRunner.run([
            "advise", "--dice", "1,5,2,3,4,6", "--rules", eight, "--my-score", "0", "--opponent-score", "100",
        ])
        #expect(advice.exitStatus == 64)
        #expect(
            advice.standardError.hasPrefix(
                "Error: rules 'eight' seat 8 players: give '--opponent-score' 7 times, once per opponent"),
            "\(advice.standardError)")
        let validation = try CommandRunner.run(["validate", "--rules", five, "--dice-set", "odd:2"])
        #expect(validation.exitStatus == 64)
        #expect(validation.standardError.contains("loaded dice are six dice a player carries; rules 'five' play 5"))
    }

    @Test("a seat that never plays a first turn shows none: '-', an empty CSV field, null; never 0.00 ± inf")
    func noFirstTurn() throws {
        // Dice that always show six 2s: the first seat reaches the target on its first roll, every game.
        let directory = try Self.folder([("twos.json", #"{"dice": [{"name": "twos", "weights": [0, 1, 0, 0, 0, 0]}]}"#)]
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "--rules", "kcd", "--target", "2000", "--dice-set", "twos:6", "--dice-catalog",
            directory.appendingPathComponent("twos.json").path, "--games", "20", "--quiet",
        ]
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.exitStatus == 0, "\(markdown.standardError)")
        #expect(!markdown.standardOutput.contains("inf"))
        #expect(markdown.standardOutput.contains("| 2000.00 ± 0.00 | 2000.00 |"), "\(markdown.standardOutput)")
        #expect(markdown.standardOutput.contains("| - | 2000.00 |"), "\(markdown.standardOutput)")
        let csv = try CommandRunner.run(arguments + ["--format", "csv"])
        #expect(csv.standardOutput.hasSuffix(",twos:6,0,,,2000.0\n"), "\(csv.standardOutput)")
        let json = try jsonObject(try CommandRunner.run(arguments + ["--format", "json"]))
        let seats = try #require(json["seats"] as? [[String: Any]])
        #expect(seats.count == 2 && seats[1]["first_turns"] as? Int == 0)
        #expect(seats[1]["first_turn_mean"] is NSNull && seats[1]["first_turn_standard_error"] is NSNull)
    }

    @Test("names and bytes refused clearly; a long legal file name written")
    func namesAndBytes() throws {
        let longName = String(repeating: "d", count: 65)
        let directory = try Self.folder([
            ("bom.json", "\u{FEFF}{\"name\": \"bom\"}"),
            ("names.json", #"{"dice": [{"name": "\#(longName)", "weights": [1, 1, 1, 1, 1, 1]}]}"#),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let bom = try CommandRunner.run(["odds", "--rules", directory.appendingPathComponent("bom.json").path])
        #expect(bom.exitStatus == 64)
        #expect(bom.standardError.contains("starts with a byte-order mark (EF BB BF)"), "\(bom.standardError)")
        let names = try CommandRunner.run([
            "dice-set", "--rank-catalog", "--dice-catalog", directory.appendingPathComponent("names.json").path,
        ])
        #expect(names.exitStatus == 64)
        #expect(names.standardError.contains("'name' must be a name of 1 to 64 letters"), "\(names.standardError)")
        // 250 bytes is a legal name; the temporary file beside it must not be longer than a name may be.
        let long = directory.appendingPathComponent(String(repeating: "a", count: 250))
        let written = try CommandRunner.run(["--games", "5", "--quiet", "--out", long.path])
        #expect(written.exitStatus == 0, "\(written.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["bom.json", "names.json", long.lastPathComponent].sorted())
        let oneDie = try CommandRunner.run(["advise", "--dice", "1,5,2", "--turn-points", "1000"])
        #expect(oneDie.standardOutput.contains("with 1 die to roll"), "\(oneDie.standardOutput)")
    }
}

/// What a fourth sweep found (2026-12-03): names counted in characters that hold any number of combining marks (a
/// review that ran out of memory), long strings echoed whole in an error, whole numbers too large for 64 bits called
/// fractions, and a report that replaced its own rule file.
@Suite("Hostile input found by a fourth sweep")
struct FourthSweepTests {
    /// A letter with `marks` combining acute accents: one `Character`, `marks + 1` Unicode scalars.
    private static func accented(_ marks: Int) -> String {
        "e" + String(repeating: "\u{0301}", count: marks)
    }

    @Test("names are counted in Unicode scalars, and an error quotes a long one cut, on one short line")
    func namesOfCombiningMarks() throws {
        let directory = try ThirdSweepTests.folder([
            ("rules.json", #"{"name": "\#(Self.accented(100))"}"#),
            (
                "game.json",
                #"{"format": "farkle-sim game", "version": 1, "rules": "standard", "players": ["\#(Self.accented(5_000))", "Ben"], "actions": []}"#
            ),
            (
                "bidi.json",
                #"{"format": "farkle-sim game", "version": 1, "rules": "standard", "players": ["Ann\u202Eevil", "Ben"], "actions": []}"#
            ),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = try CommandRunner.run(["odds", "--rules", directory.appendingPathComponent("rules.json").path])
        HostileSweepTests.expectUsageError(rules, "'name' must be a short name of at most 64 characters, not 101")
        for (file, message) in [
            ("game.json", "(5001 characters)"), ("bidi.json", "'players' must be names of 1 to 40"),
        ] {
            let review = try CommandRunner.run([
                "review", directory.appendingPathComponent(file).path, "--points-only",
            ])
            HostileSweepTests.expectUsageError(review, message)
            #expect(review.standardError.utf8.count < 600, "\(review.standardError.utf8.count) bytes")
        }
    }

    @Test("a dice catalog that gives a key twice names the key, as a rule file does")
    func catalogKeyTwice() throws {
        let directory = try ThirdSweepTests.folder([("twice.json", #"{"dice": [], "dice": []}"#)])
        defer { try? FileManager.default.removeItem(at: directory) }
        HostileSweepTests.expectUsageError(
            try CommandRunner.run([
                "dice-set", "--rank-catalog", "--dice-catalog", directory.appendingPathComponent("twice.json").path,
            ]), "'dice' is given twice in one object")
    }

    @Test("a cached game of rounds whose file states a cap that moves its chances less than it can is solved again")
    func forgedRoundsCap() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["XDG_CACHE_HOME": directory.path]
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/rules/ones-rounds.json").standardized.path
        let play = ["--strategy", "win", "--games", "10", "--rules", rules, "--quiet", "--format", "json"]
        let first = try CommandRunner.run(play, environment: environment)
        #expect(first.exitStatus == 0, "\(first.standardError)")
        let folder = directory.appendingPathComponent("farkle-sim")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let entry = folder.appendingPathComponent(name)
        // Magic, version, digest of the rules, the name; then six whole numbers (the cap fifth), the cap's bound, and
        // a row of 2 cap + 1 values for each of the 2 + 5 rounds and both seats, then as many ties.
        let bytes = Array(try Data(contentsOf: entry))
        let header = 8 + 4 + 8 + 4 + "ones-rounds".utf8.count
        let cap = bytes[(header + 32)..<(header + 40)].reversed().reduce(0) { $0 << 8 | Int($1) }
        let rows = { (cap: Int) in 2 * 7 * (2 * cap + 1) }
        try #require(bytes.count == header + 56 + 16 * rows(cap) + 8 && cap > 1, "\(bytes.count) bytes, cap \(cap)")
        var forged = Array(bytes[..<(header + 32)])
        withUnsafeBytes(of: Int64(1).littleEndian) { forged.append(contentsOf: $0) }
        forged += bytes[(header + 40)..<(header + 56)]
        let values = header + 56
        forged += bytes[values..<(values + 8 * rows(1))]
        forged += bytes[(values + 8 * rows(cap))..<(values + 8 * rows(cap) + 8 * rows(1))]
        withUnsafeBytes(of: HostileSweepTests.fnv1a(forged).littleEndian) { forged.append(contentsOf: $0) }
        try Data(forged).write(to: entry)
        // Never trusted: solved again, the entry replaced by the solve's own bytes, the same games.
        let again = try CommandRunner.run(play, environment: environment)
        #expect(again.exitStatus == 0, "\(again.standardError)")
        #expect(Array(try Data(contentsOf: entry)) == bytes)
        let wins = { (text: String) in text.split(separator: "\n").filter { $0.contains("\"wins\"") } }
        #expect(wins(again.standardOutput) == wins(first.standardOutput))
    }

    @Test("a rule file that is a link in a loop, or to nothing, is called that, not a missing file")
    func ruleFileLinks() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let loop = directory.appendingPathComponent("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let dangling = directory.appendingPathComponent("dangling.json")
        try FileManager.default.createSymbolicLink(
            atPath: dangling.path, withDestinationPath: directory.appendingPathComponent("gone.json").path)
        for link in [loop, dangling] {
            HostileSweepTests.expectUsageError(
                try CommandRunner.run(["odds", "--rules", link.path]), "is a symbolic link that leads to no file")
        }
        HostileSweepTests.expectUsageError(
            try CommandRunner.run(["odds", "--rules", directory.appendingPathComponent("gone.json").path]),
            "no such rule file, and not a preset")
    }

    @Test("a whole number too large for 64 bits is out of range, however it is written")
    func hugeWholeNumbers() throws {
        let directory = try ThirdSweepTests.folder([
            ("digits.json", #"{"game": {"target": 18446744073709551616}}"#),
            ("exponent.json", #"{"game": {"target": 1e300}}"#),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in ["digits.json", "exponent.json"] {
            HostileSweepTests.expectUsageError(
                try CommandRunner.run(["odds", "--rules", directory.appendingPathComponent(file).path]),
                "'game.target' must be from 1 to 1000000, not a number that large")
        }
    }

    @Test("report never replaces its own rule file, kept in --out under a name of a kind it writes")
    func reportKeepsItsRuleFile() throws {
        let rules = #"{"name": "short", "game": {"target": 500}}"#
        let directory = try ThirdSweepTests.folder([("README.md", rules), ("house.json", rules)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let inPlace = try CommandRunner.run([
            "report", "--no-win", "--quiet", "--rules", directory.appendingPathComponent("README.md").path, "--out",
            directory.path,
        ])
        HostileSweepTests.expectUsageError(inPlace, "'--out' holds the rule file given to '--rules'")
        #expect(try String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8) == rules)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["README.md", "house.json"])
        // A rule file of its own kind beside the reports is read and kept.
        let beside = try CommandRunner.run([
            "report", "--no-win", "--quiet", "--rules", directory.appendingPathComponent("house.json").path, "--out",
            directory.path,
        ])
        #expect(beside.exitStatus == 0, "\(beside.standardError)")
        #expect(try String(contentsOf: directory.appendingPathComponent("house.json"), encoding: .utf8) == rules)
    }
}

/// What a fifth sweep of hostile input found (2026-12-03): a loaded-dice race solved without a bound on its size,
/// files left by signals no handler saw, a lost `--version`, games that outlasted the turn limit counted as no one's
/// without a word, and a refusal that blamed a solver no strategy used.
@Suite("Hostile input found by a fifth sweep")
struct FifthSweepTests {
    @Test(
        "a race with loaded dice too large to solve to win is refused at once, as with ordinary dice",
        arguments: [
            "solve --rules kcd --objective win --dice-set odd:1 --target 1000000",
            "advise --rules kcd --dice-set odd:1 --target 1000000 --dice 1@odd,2,3,4,5,6 --my-score 0 "
                + "--opponent-score 0",
            "dice-set --rules kcd --inventory odd:1 --objective win --target 1000000",
        ])
    func loadedRaceTooLarge(_ command: String) throws {
        // A bound on memory: without the refusal the solve would reach for gigabytes and die here.
        let result = try CommandRunner.runShell("ulimit -v 2000000; exec \"$0\" \(command)")
        HostileSweepTests.expectUsageError(
            result, "cannot solve a race to 1000000 in steps of 50: its 400000000 pairs of totals are more than")
    }

    @Test("exact odds with dice sets too large to follow name the pairs of totals, not a solve no strategy plays")
    func loadedOddsTooLarge() throws {
        let result = try CommandRunner.run([
            "evaluate", "--rules", "kcd", "--dice-set", "odd:1", "--strategy", "ev-target", "--strategy", "greedy",
            "--target", "1000000",
        ])
        HostileSweepTests.expectUsageError(result, "exact odds with dice sets follow every pair of totals")
    }

    @Test("--version into a full disk is exit 1 and one line, as every other result")
    func versionIntoAFullDisk() throws {
        let result = try CommandRunner.runShell("exec \"$0\" --version > /dev/full")
        #expect(result.exitStatus == 1)
        #expect(result.standardError == "Error: cannot write the results to standard output: No space left on device\n")
    }

    @Test("a run killed by SIGKILL, which no handler sees, leaves no temporary file: it is made only when written")
    func killedRunLeavesNothing() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = try CommandRunner.startLongRun(in: directory)
        defer { if process.isRunning { process.terminate() } }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a report whose games outlast the turn limit says how many, and why the game is not solved to win")
    func reportSaysWhatItLeftOut() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run([
            "report", "--target", "1000000", "--games", "10", "--quiet", "--out", directory.path,
        ])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let strategies = try String(contentsOf: directory.appendingPathComponent("strategies.md"), encoding: .utf8)
        #expect(strategies.contains("of the games stopped unfinished after"), "\(strategies)")
        let index = try String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(index.contains("The game is not solved to win, so `win` plays in no matchup: a race to 1000000"))
    }
}

/// What the fifth sweep left as it was, mended afterwards.
@Suite("Review of the fifth sweep's leftovers")
struct SweepLeftoverTests {
    @Test(
        "'--out -' is refused, and no file named '-' is made",
        arguments: [
            ["--games", "10", "--out", "-"], ["solve", "--objective", "win", "--target", "500", "--out", "-"],
            ["report", "--no-win", "--out", "-"],
        ])
    func outDash(_ arguments: [String]) throws {
        let directory = try CommandRunner.scratchDirectory("farkle-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run(arguments, in: directory)
        HostileSweepTests.expectUsageError(result, "'--out -' would write a file named '-', not to standard output")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a rule file that lists a value twice is one usage error naming the key and the value")
    func duplicateInRuleFile() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("house.json")
        try #"{"base": "standard", "turn": {"bank_with_dice_left": [1, 1]}}"#.write(
            to: file, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["solve", "--rules", file.path, "--max-points", "100"])
        HostileSweepTests.expectUsageError(result, "'turn.bank_with_dice_left' lists 1 twice")
    }

    @Test("with no game finished (every one at the turn limit) the totals and rounds have no mean or quartiles")
    func noFinishedGames() throws {
        let never = ["--games", "3", "--quiet", "--strategy", "threshold:1000000000,1000000000", "--rules", "zilch"]
        let json = try CommandRunner.run(never + ["--format", "json"])
        #expect(json.exitStatus == 0, "\(json.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["unfinished_games"] as? Int == 3)
        let seats = try #require(object["seats"] as? [[String: Any]])
        for seat in seats {
            #expect(seat["mean_final_total"] is NSNull)
            #expect(seat["final_total_quartiles"] is NSNull)
        }
        let rounds = try #require(object["rounds_per_game"] as? [String: Any])
        #expect(rounds["mean"] is NSNull && rounds["quartiles"] is NSNull)
        let csv = try CommandRunner.run(never + ["--format", "csv"])
        let lines = csv.standardOutput.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let header = try #require(lines.first)
        let row = try #require(lines.dropFirst().first)
        // mean_final_total and the three quartiles, found by name and counted from the row's end (the quoted
        // strategy holds a comma): empty.
        let columns = ["mean_final_total", "final_total_q1", "final_total_median", "final_total_q3"].map {
            header.firstIndex(of: $0).map { row.count - (header.count - $0) }
        }
        #expect(columns.map { $0.map { row[$0] } } == ["", "", "", ""])
    }

    @Test("a threshold for more dice left than the rules let a player bank with is refused, not read for nothing")
    func unusableThresholds() throws {
        HostileSweepTests.expectUsageError(
            try CommandRunner.run([
                "evaluate", "--strategy", "threshold:300,300,0", "--strategy", "greedy", "--target", "1000",
            ]),
            "strategy 'threshold:300,300,0' gives 3 thresholds, but under rules 'standard' a player banks with at "
                + "most 2 dice left: give 2 thresholds")
        // Five dice, and hot dice that may be banked: five thresholds are read, a sixth is not.
        HostileSweepTests.expectUsageError(
            try CommandRunner.run([
                "--rules", "five-thousand", "--games", "10", "--strategy", "threshold:1,2,3,4,5,6", "--strategy",
                "greedy",
            ]),
            "gives 6 thresholds, but under rules 'five-thousand' a player banks with at most 5 dice left: give 5")
        let five = try CommandRunner.run([
            "--rules", "five-thousand", "--games", "10", "--quiet", "--strategy", "threshold:1,2,3,4,5",
            "--strategy", "greedy",
        ])
        #expect(five.exitStatus == 0, "\(five.standardError)")
    }

    @Test("evaluate says which game it worked out: the target in JSON and the race in Markdown")
    func evaluateNamesTheGame() throws {
        let arguments = ["evaluate", "--strategy", "greedy", "--strategy", "greedy", "--target", "1000"]
        let json = try CommandRunner.run(arguments + ["--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["target"] as? Int == 1000)
        let markdown = try CommandRunner.run(arguments)
        #expect(markdown.standardOutput.contains("Seat 1 starts, in a race to 1,000 with a final round."))
    }

    @Test("cache list names what takes an entry's name without being one (a folder), which keeps that game out")
    func cacheListNamesBlockedEntries() throws {
        let base = try CommandRunner.scratchDirectory("farkle-cache")
        defer { try? FileManager.default.removeItem(at: base) }
        let name = "win-0123456789abcdef.policy"
        try FileManager.default.createDirectory(
            at: base.appendingPathComponent("farkle-sim/\(name)"), withIntermediateDirectories: true)
        let result = try CommandRunner.run(["cache", "list"], environment: ["XDG_CACHE_HOME": base.path])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("0 entries, 0 B in all."))
        #expect(result.standardOutput.contains("in the way of one"))
        #expect(result.standardOutput.contains(name))
    }
}

@Suite("Review of the sixth sweep: outputs that fail")
struct OutputFailureSweepTests {
    /// A report that takes a second: kcd's short race, no solve to win.
    static let report = ["report", "--rules", "kcd", "--target", "300", "--no-win"]

    /// The names in `directory`, sorted, hidden ones (a temporary file) included.
    static func names(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test(
        "results that cannot be printed (stdout full) fail the run, and its files replace nothing: the policy file, the ranking's CSV, a report"
    )
    func resultsLostReplaceNothing() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-full")
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = Data("the old file\n".utf8)
        let file = directory.appendingPathComponent("old.out")
        let reportFolder = directory.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: reportFolder, withIntermediateDirectories: true)
        try old.write(to: reportFolder.appendingPathComponent("README.md"))
        for command in [
            "solve --objective win --rules \(fixtureRules("ones-race.json")) --quiet --out old.out",
            "dice-set --rank-catalog --games 200 --quiet --csv-out old.out",
            Self.report.joined(separator: " ") + " --quiet --out report",
        ] {
            try old.write(to: file)
            let result = try CommandRunner.runShell("exec \"$0\" \(command) > /dev/full", in: directory)
            #expect(result.exitStatus == 1, "\(command)")
            #expect(
                result.standardError.hasPrefix("Error: cannot write the results to standard output: No space left"),
                "\(command): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(try Data(contentsOf: file) == old, "\(command)")
            #expect(try Self.names(directory) == ["old.out", "report"], "\(command)")
            #expect(try Self.names(reportFolder) == ["README.md"], "\(command)")
            #expect(try Data(contentsOf: reportFolder.appendingPathComponent("README.md")) == old, "\(command)")
        }
    }

    @Test("a report that fails leaves its folder as it was: no app/ folder made for files never written")
    func failedReportLeavesNoFolder() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-report")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A folder where the report writes strategies.csv: the report cannot be written whole.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("strategies.csv"), withIntermediateDirectories: true)
        let result = try CommandRunner.run(Self.report + ["--quiet", "--out", directory.path])
        #expect(result.exitStatus == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: cannot write"), "\(result.standardError)")
        #expect(try Self.names(directory) == ["strategies.csv"])
    }
}

@Suite("Review of the sixth sweep: options read for nothing")
struct UnreadOptionSweepTests {
    @Test(
        "--target where nothing reads it is refused: the score objective of a race with a final round, its CSV, advice without totals",
        arguments: [
            (
                ["solve", "--target", "500"],
                "'--target' is for --objective win under rules 'standard', which have a final round"
            ),
            (["solve", "--rules", "zilch", "--target", "500"], "'--target' is for --objective win"),
            (["solve", "--rules", "kcd", "--target", "500", "--format", "csv"], "which '--format csv' leaves out"),
            (["advise", "--dice", "1,5,2,2,3,4", "--target", "500"], "'--target' changes no advice here"),
            (["advise", "--rules", "kcd", "--dice", "1,5", "--target", "500"], "and by the points toward the target"),
            (
                ["advise", "--rules", "boxed", "--dice", "1,5", "--my-score", "0", "--target", "5000"],
                "'--target' changes no advice here"
            ),
        ])
    func targetReadForNothing(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments)
        HostileSweepTests.expectUsageError(result, message)
    }

    @Test("where --target is read it changes the answer: kcd's points toward the target, the advice to win")
    func targetRead() throws {
        let solve = ["solve", "--rules", "kcd", "--format", "json"]
        let short = try CommandRunner.run(solve + ["--target", "500"])
        #expect(short.exitStatus == 0, "\(short.standardError)")
        #expect(short.standardOutput != (try CommandRunner.run(solve)).standardOutput)
        let advise = ["advise", "--rules", "kcd", "--dice", "1,5,2,3", "--turn-points", "300", "--my-score", "100"]
        let capped = try CommandRunner.run(advise + ["--target", "500", "--format", "json"])
        #expect(capped.exitStatus == 0, "\(capped.standardError)")
        #expect(capped.standardOutput != (try CommandRunner.run(advise + ["--format", "json"])).standardOutput)
    }

    @Test("a dice catalog with no option that takes dice says which options would have used it")
    func catalogWithoutDice() throws {
        let directory = try CommandRunner.scratchDirectory("farkle-catalog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = directory.appendingPathComponent("dice.json")
        try Data(#"{"dice": [{"name": "mine", "weights": [2, 1, 1, 1, 1, 1]}]}"#.utf8).write(to: catalog)
        let validate = try CommandRunner.run(["validate", "--dice-catalog", catalog.path])
        HostileSweepTests.expectUsageError(
            validate, "'--dice-catalog' adds loaded dice for '--dice-set', and none is given")
        let advise = try CommandRunner.run(["advise", "--dice", "1,5", "--dice-catalog", catalog.path])
        HostileSweepTests.expectUsageError(advise, "or a face of '--dice' (5@odd), and none is given")
    }
}
