import Foundation
import Testing

@Suite("farkle-sim report")
struct ReportCommandTests {
    private func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-report-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("writes the whole set into Reports/<rule set>, prints each path, and the index links every file")
    func writesTheSet() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A short race (the rule set keeps its name): the strategy tables are exact odds over every pair of totals.
        let result = try CommandRunner.run(["report", "--no-win", "--target", "1000"], in: directory)
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let out = directory.appendingPathComponent("Reports/standard")
        let app = ["app/index.html", "app/manifest.webmanifest", "app/sw.js", "app/icon.svg"]
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0 != "app" })
            .union(
                try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("app").path)
                    .map { "app/" + $0 })
        let expected = Set(
            [
                "README.md", "scoring-odds.md", "scoring-odds.csv", "scoring-table.csv", "validation.md",
                "bank-thresholds.md", "bank-thresholds.csv", "optimal-policy.md", "optimal-policy.csv", "bank-map.svg",
                "turn-values.svg", "banked-points.csv", "banked-points.svg", "strategies.md", "strategies.csv",
                "two-dice-threshold.svg", "advisor.html",
            ] + app)
        #expect(written == expected)
        #expect(result.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("Reports/standard/") })
        let printed = result.standardOutput.split(separator: "\n").map { $0.dropFirst("Reports/standard/".count) }
        #expect(Set(printed.map(String.init)) == written)
        let index = try String(contentsOf: out.appendingPathComponent("README.md"), encoding: .utf8)
        // The installable app's page is linked; its other files are the app's own.
        for file in written.subtracting(["README.md"] + app.dropFirst()) {
            #expect(index.contains("](\(file)):"), "index links \(file)")
        }
    }

    @Test("--games and --seed are refused for a report of exact odds alone, and nothing is written")
    func gamesOfAnExactReport() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("exact")
        for option in [["--games", "200"], ["--seed", "7"]] {
            let result = try CommandRunner.run(
                ["report", "--no-win", "--target", "1000", "--quiet", "--out", out.path] + option)
            #expect(result.exitStatus == 64, "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(
                result.standardError.hasPrefix(
                    "Error: '\(option[0])' sets the simulated games, and this report simulates none: under rules "
                        + "'standard' with --no-win every figure is exact\n"), "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("for a race the win solver covers: the reports on play to win, linked from the index")
    func playingToWin() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A short race with an entry minimum and a final round (`--no-win` leaves these out: `writesTheSet`).
        let result = try CommandRunner.run([
            "report", "--rules", "boxed", "--target", "1000", "--games", "50", "--out", directory.path,
        ])
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty)
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        let win: Set = [
            "playing-to-win.md", "win-decisions.csv", "win-map-2-dice-300.svg", "win-map-2-dice-500.svg",
            "win-map-2-dice-1000.svg", "win-map-1-die-300.svg", "win-map-1-die-500.svg", "win-map-1-die-1000.svg",
        ]
        #expect(win.isSubset(of: written))
        let index = try String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8)
        for file in win { #expect(index.contains("](\(file)):"), "index links \(file)") }
        #expect(index.contains("Two players playing to win: the first player wins"))
        let page = try String(contentsOf: directory.appendingPathComponent("advisor.html"), encoding: .utf8)
        #expect(page.contains("\"policy\": \""), "the advisor advises to win too, from the solved game")
        // The edge of play to win over play for points, from the exact odds of `win` against `ev`.
        let summary = try String(contentsOf: directory.appendingPathComponent("playing-to-win.md"), encoding: .utf8)
        #expect(summary.contains("Played against `ev`, each starting half the games, `win` wins"))
        #expect(summary.contains("of them (exact odds)"))
        let strategies = try String(contentsOf: directory.appendingPathComponent("strategies.md"), encoding: .utf8)
        #expect(strategies.contains("| `win` "))

        // The same report again without play to win: the files only the earlier one wrote go with it (they would
        // read as this report's), and a file of the user's own stays.
        try Data("mine\n".utf8).write(to: directory.appendingPathComponent("notes.md"))
        let again = try CommandRunner.run([
            "report", "--rules", "boxed", "--target", "1000", "--no-win", "--quiet", "--out", directory.path,
        ])
        #expect(again.exitStatus == 0, "\(again.standardError)")
        let rewritten = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        // Play to win at larger tables (larger-tables.md) goes too: it is the win strategy's.
        let winOnly = win.union(["larger-tables.md"])
        #expect(written.isSuperset(of: winOnly))
        #expect(rewritten == written.subtracting(winOnly).union(["notes.md"]))
        let printed = Set(again.standardOutput.split(separator: "\n").map(String.init))
        #expect(printed.count == rewritten.subtracting(["notes.md", "app"]).count + 4, "\(again.standardOutput)")
    }

    @Test("an unwritable output directory is one Error: line and exit 1, with nothing on stdout")
    func unwritable() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let result = try CommandRunner.run(["report", "--out", blocker.path, "--games", "200"])
        #expect(result.exitStatus == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == "Error: cannot write '\(blocker.path)': a file is in the way of the directory\n")
    }

    @Test("a bad --games is a usage error, exit 64")
    func badGames() throws {
        let result = try CommandRunner.run(["report", "--games", "lots"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: '--games' must be a whole number, not 'lots'\n"))
    }
}

@Suite("farkle-sim report --presets")
struct ReportPresetsCommandTests {
    @Test("--presets writes every preset, so it takes no --rules: a usage error, exit 64")
    func presetsWithRules() throws {
        let result = try CommandRunner.run(["report", "--presets", "--rules", "zilch"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: --presets writes every preset; give it no --rules\n"))
        #expect(result.standardOutput.isEmpty)
    }
}
