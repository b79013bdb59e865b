@_spi(Kernels) import FarkleKit
import Foundation
import Testing

@testable import farkle_sim

/// Random and mutated argument lists, rule files, dice catalogs and policy files thrown at the tool, in this process so that
/// thousands fit in a few seconds: every one must end in exit 0, 1 or 64 with at most one `Error:`
/// line, quickly. A trap would end the test run itself, which is a failure too.
@Suite("Fuzzing the arguments and every file the tool reads", .serialized)
struct FuzzTests {
    /// Values a careless or hostile user types, good and bad.
    private static let values = [
        "", "0", "1", "-1", "2", "9", "10", "300", "1e3", "0x10", "1_000", "+5", " 5", "5 ", "9223372036854775807",
        "-9223372036854775808", "99999999999999999999999", "18446744073709551616", "nan", "ev", "greedy",
        "threshold:", "threshold:300,300", "threshold:0,4611686018427387904", "threshold:1,2,3,4,5,6,7", "md", "csv",
        "json", "xml", "standard", "standard ", "1,5,5,2,3,4", "1,,5", "7", "1,5,", "a\nb", "\u{1B}[31m", "\r",
        "\u{202E}", "é", "--", "-", "--games", "=", "/", ".", "/dev/null", "/dev/zero", "/nonexistent/x",
    ]

    /// Option names, real and not.
    private static let options = [
        "--games", "--players", "--strategy", "--seed", "--threads", "--rules", "--format", "--quiet",
        "--max-points", "--dice", "--turn-points", "--opening", "--help", "--version", "--bogus", "-h", "--",
        "---games", "--games=", "--GAMES",
    ]

    /// Subcommands, real and not. `validate` and `report` are left out: valid runs of them take seconds.
    private static let commands = ["", "odds", "table", "solve", "advise", "review", "help", "bogus", "simulate"]

    /// A complete rule file (every key), the seed of the mutated ones.
    private static let ruleFile = RuleSet.standard.jsonText

    /// Characters a mutation inserts into a rule file.
    private static let jsonBytes: [UInt8] = Array(#"{}[],:"\0123456789-.eE truefalsnl"#.utf8) + [0, 0x0A, 0x1B, 0xFF]

    private static func mutated(_ text: String, _ random: inout Xoshiro256StarStar) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(jsonBytes.randomElement(using: &random) ?? 0, at: at)
            case 2: bytes[at] = jsonBytes.randomElement(using: &random) ?? 0
            case 3:
                let end = min(bytes.count, at + Int.random(in: 1...80, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            case 4: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            default:
                // A number becomes huge, negative or fractional.
                let replacement = ["99999999999999999999", "-1", "0.5", "1e308", "null", "[]", "{}", "\"x\""]
                bytes.insert(contentsOf: Array((replacement.randomElement(using: &random) ?? "").utf8), at: at)
            }
        }
        return bytes
    }

    /// A random command line; `--out` only ever names a path inside `directory`, so nothing lands elsewhere.
    private static func arguments(_ random: inout Xoshiro256StarStar, rulesPath: String, directory: URL) -> [String] {
        var list: [String] = []
        let command = commands.randomElement(using: &random) ?? ""
        if !command.isEmpty { list.append(command) }
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: list.append(values.randomElement(using: &random) ?? "")
            case 1: list += ["--rules", rulesPath]
            case 9: list += ["--out", directory.path + "/" + (values.randomElement(using: &random) ?? "")]
            case 2:
                let option = options.randomElement(using: &random) ?? ""
                list.append(option + "=" + (values.randomElement(using: &random) ?? ""))
            default:
                list.append(options.randomElement(using: &random) ?? "")
                list.append(values.randomElement(using: &random) ?? "")
            }
        }
        // Never a valid long run: a run that gets as far as playing plays a handful of games.
        if !list.contains(where: { $0.hasPrefix("--games") }), command.isEmpty || command == "simulate" {
            list += ["--games", "3"]
        }
        return list.map { $0 == "/dev/zero" ? rulesPath : $0 }
    }

    @Test(
        "random argument lists and mutated rule files end in exit 0, 1 or 64 with at most one Error line",
        // A hang's bound, not a speed test: a debug build beside other work on a shared 2-core machine took over
        // a minute once.
        .timeLimit(.minutes(3)))
    func fuzz() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        defer {
            Standard.redirect(output: 1, error: 2)
            try? FileManager.default.removeItem(at: directory)
        }
        let outputPath = directory.appendingPathComponent("stdout").path
        let errorPath = directory.appendingPathComponent("stderr").path
        let rulesPath = directory.appendingPathComponent("rules.json").path
        let output = open(outputPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        let error = open(errorPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        defer {
            close(output)
            close(error)
        }
        var random = Xoshiro256StarStar(seed: 9)
        let clock = ContinuousClock()
        var statuses: [Int32: Int] = [:]
        var slowest: (Duration, [String]) = (.zero, [])
        for round in 0..<1_500 {
            // Most cases mutate the rule file, every eighth one leaves it valid.
            let rules = round % 8 == 0 ? Array(Self.ruleFile.utf8) : Self.mutated(Self.ruleFile, &random)
            try Data(rules).write(to: URL(fileURLWithPath: rulesPath))
            var arguments = Self.arguments(
                &random, rulesPath: rulesPath, directory: directory.appendingPathComponent("out"))
            // Every fifth case loads the rule file for sure; `--games 0` then stops the run cheaply.
            if round % 5 == 0 { arguments = ["--rules", rulesPath, "--games", "0"] }
            _ = ftruncate(output, 0)
            _ = lseek(output, 0, SEEK_SET)
            _ = ftruncate(error, 0)
            _ = lseek(error, 0, SEEK_SET)
            Standard.redirect(output: output, error: error)
            let start = clock.now
            let status = FarkleSim.run(arguments)
            let elapsed = clock.now - start
            Standard.redirect(output: 1, error: 2)
            let messages = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            let errorLines = messages.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            statuses[status, default: 0] += 1
            if elapsed > slowest.0 { slowest = (elapsed, arguments) }
            #expect([0, 1, 64].contains(status), "\(arguments): exit \(status)")
            #expect(errorLines.count <= 1, "\(arguments): \(messages)")
            #expect((status == 0) == errorLines.isEmpty, "\(arguments): exit \(status), \(messages)")
        }
        // The cases reach both ends: runs that succeed and runs that are refused.
        #expect(statuses[0, default: 0] > 10 && statuses[64, default: 0] > 500, "\(statuses)")
        #expect(slowest.0 < .seconds(3), "slowest: \(slowest.1)")
    }

    @Test(
        "thousands of mutated rule files: each loads or fails with one line naming the file, quickly",
        .timeLimit(.minutes(1)))
    func ruleFiles() {
        var random = Xoshiro256StarStar(seed: 17)
        let clock = ContinuousClock()
        var loaded = 0
        for _ in 0..<4_000 {
            let bytes = Self.mutated(Self.ruleFile, &random)
            let start = clock.now
            do {
                _ = try RuleSet(json: Data(bytes), source: "fuzz.json")
                loaded += 1
            } catch {
                #expect(error.description.hasPrefix("fuzz.json: "))
                #expect(ErrorLine.escaped(error.description).split(separator: "\n").count == 1)
            }
            #expect(clock.now - start < .milliseconds(500))
        }
        #expect(loaded > 0 && loaded < 4_000)
    }

    /// The built-in dice catalog's text, the seed of the mutated catalogs.
    private static let catalogFile =
        (try? String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/FarkleKit/Rules/kcd-dice.json"),
            encoding: .utf8)) ?? ""

    @Test(
        "thousands of mutated dice catalogs: each loads or fails with one line naming the file, quickly",
        .timeLimit(.minutes(1)))
    func diceCatalogs() {
        var random = Xoshiro256StarStar(seed: 23)
        let clock = ContinuousClock()
        let table = ScoringTable(rules: .kcd)
        var loaded = 0
        for _ in 0..<1_500 {
            let bytes = Self.mutated(Self.catalogFile, &random)
            let start = clock.now
            do {
                let catalog = try LoadedDiceCatalog(json: Data(bytes), source: "fuzz.json")
                // What loads is usable: a die of it has its roll probabilities, never a trap.
                if let die = catalog.dice.last {
                    _ = DiceSetOutcomes(table: table, set: DiceSet(members: [DiceSet.Member(die: die, count: 2)]))
                }
                loaded += 1
            } catch {
                #expect(error.description.hasPrefix("fuzz.json: "), "\(error.description)")
                #expect(ErrorLine.escaped(error.description).split(separator: "\n").count == 1)
            }
            #expect(clock.now - start < .milliseconds(500))
        }
        #expect(loaded > 0 && loaded < 1_500)
    }

    /// `bytes` with random bytes changed, a run removed or the end cut off, and, half the time, the checksum
    /// made right again so that the reader gets past it to the fields.
    private static func mutatedPolicy(_ bytes: [UInt8], _ random: inout Xoshiro256StarStar) -> [UInt8] {
        var copy = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) where copy.count > 8 {
            let at = Int.random(in: 0..<(copy.count - 8), using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: copy[at] = UInt8.random(in: 0...255, using: &random)
            case 1: copy[at] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 2: copy.removeSubrange(at..<min(copy.count - 8, at + Int.random(in: 1...64, using: &random)))
            default: copy = Array(copy.prefix(at))
            }
        }
        if Bool.random(using: &random), copy.count >= 8 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in copy.dropLast(8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            for byte in 0..<8 { copy[copy.count - 8 + byte] = UInt8(truncatingIfNeeded: hash >> (8 * UInt64(byte))) }
        }
        return copy
    }

    @Test(
        "thousands of mutated and truncated policy files of every kind: each loads or fails with one line, quickly",
        .timeLimit(.minutes(2)))
    func policyFiles() throws {
        let race = try RuleSet.load(fixtureRules("ones-race.json"))
        let penalty = try RuleSet.load(fixtureRules("ones-penalty-race.json"))
        var trio = RuleSet.cardgames
        trio.game.players = 3
        trio.game.end = .target(500, finalRound: false)
        let raceBytes = try WinProbabilitySolver(rules: race).policyFileBytes
        let penaltyBytes = try PenaltyWinSolver(rules: penalty).policyFileBytes
        let trioBytes = try ThreePlayerWinSolver(rules: trio).policyFileBytes
        var random = Xoshiro256StarStar(seed: 29)
        let clock = ContinuousClock()
        var refused = 0
        for round in 0..<3_000 {
            let bytes = Self.mutatedPolicy([raceBytes, penaltyBytes, trioBytes][round % 3], &random)
            let start = clock.now
            do {
                switch round % 3 {
                case 0: _ = try WinProbabilitySolver(policyFileBytes: bytes, rules: race)
                case 1: _ = try PenaltyWinSolver(policyFileBytes: bytes, rules: penalty)
                default: _ = try ThreePlayerWinSolver(policyFileBytes: bytes, rules: trio)
                }
            } catch {
                refused += 1
                #expect(ErrorLine.escaped(error.description).split(separator: "\n").count == 1)
            }
            #expect(clock.now - start < .seconds(1))
        }
        #expect(refused > 1_500)
    }

    @Test(
        "thousands of mutated game records: each is read, replayed and reviewed or fails with one line, quickly",
        .timeLimit(.minutes(1)))
    func gameRecords() throws {
        var random = Xoshiro256StarStar(seed: 31)
        let clock = ContinuousClock()
        let table = ScoringTable(rules: try RuleSet.load(fixtureRules("ones-race.json")))
        let advisor = try Advisor(table: table)
        var reviewed = 0
        for _ in 0..<1_500 {
            let bytes = Self.mutated(ReviewCommandTests.record, &random)
            let start = clock.now
            do {
                let record = try GameRecord(json: Data(bytes), source: "fuzz.json")
                // A record under other rules is reviewed by an advisor of its own.
                let own = record.rules == table.rules ? advisor : try Advisor(table: ScoringTable(rules: record.rules))
                _ = try GameReview(record: record, advisor: own)
                reviewed += 1
            } catch let error as GameRecordError {
                #expect(ErrorLine.escaped(error.description).split(separator: "\n").count == 1)
            }
            #expect(clock.now - start < .milliseconds(500))
        }
        #expect(reviewed > 0 && reviewed < 1_500)
    }

    @Test(
        "random offers under piggybacking (advise --offer, with or without a total, farkles and formats) end in exit 0 or 64 with at most one Error line",
        .timeLimit(.minutes(1)))
    func offers() throws {
        var random = Xoshiro256StarStar(seed: 37)
        let tokens = [
            "1500", "0", "50", "-50", "1525", "999999999999999999999", "9223372036854775807", "1e3", "", " ", "2", "6",
            "7", "0", "-1", "x", ",", "1,2",
        ]
        let extras: [[String]] = [
            [], ["--format", "json"], ["--format", "csv"], ["--my-score", "0"], ["--my-score", "-50"],
            ["--farkles", "1"], ["--dice", "1,5"], ["--opponent-score", "300"], ["--offer", "1000,3"],
        ]
        let files = ["piggyback.json", "piggyback-boxed.json", "piggyback-own-entry.json"]
        var statuses: [Int32: Int] = [:]
        for _ in 0..<120 {
            // Half of them points and dice as a player types them, the others anything.
            let offer =
                Bool.random(using: &random)
                ? "\(["1500", "0", "50", "1000", "2250"].randomElement(using: &random) ?? ""),"
                    + (["2", "3", "6", "1"].randomElement(using: &random) ?? "")
                : (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    tokens.randomElement(using: &random) ?? ""
                }.joined(separator: ",")
            let arguments =
                ["advise", "--rules", fixtureRules(files.randomElement(using: &random) ?? ""), "--offer", offer]
                + (extras.randomElement(using: &random) ?? [])
            let result = try CommandRunner.run(arguments)
            let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            statuses[result.exitStatus, default: 0] += 1
            #expect([0, 64].contains(result.exitStatus), "\(arguments)")
            #expect((result.exitStatus == 0) == errors.isEmpty && errors.count <= 1, "\(arguments)")
            #expect(result.exitStatus == 0 || result.standardOutput.isEmpty, "\(arguments)")
        }
        #expect(statuses[0, default: 0] > 5 && statuses[64, default: 0] > 50, "\(statuses)")
    }
}
