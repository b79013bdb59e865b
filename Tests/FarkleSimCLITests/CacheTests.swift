import Foundation
import Testing

/// A cache of solved games of its own: `XDG_CACHE_HOME` set to a fresh temporary directory.
private struct TemporaryCache {
    let base: URL
    var directory: URL { base.appendingPathComponent("farkle-sim") }
    var environment: [String: String] { ["XDG_CACHE_HOME": base.path] }

    init() {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-cache-\(UUID().uuidString)")
    }

    /// The names of the files in the cache directory (none when it does not exist).
    var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(arguments, environment: environment)
    }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }
}

/// `solve --objective win` on a small race, in JSON.
private let solveRace = ["solve", "--objective", "win", "--rules", fixtureRules("ones-race.json"), "--format", "json"]

/// The output without the lines that change from run to run (wall time, peak memory).
private func figures(_ result: CommandResult) -> String {
    result.standardOutput.split(separator: "\n").filter {
        !$0.contains("wall_seconds") && !$0.contains("peak_memory_bytes")
    }.joined(separator: "\n")
}

@Suite("The cache of solved games")
struct CacheTests {
    @Test("a second solve reads the one entry the first wrote and prints the same figures")
    func secondSolveReadsTheEntry() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let first = try cache.run(solveRace)
        #expect(first.exitStatus == 0, "\(first.standardError)")
        #expect(cache.files.count == 1)
        let entry = try #require(cache.files.first)
        #expect(entry.hasPrefix("win-") && entry.hasSuffix(".policy"), "\(entry)")
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.directory.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let second = try cache.run(solveRace)
        #expect(second.exitStatus == 0)
        #expect(second.standardError.isEmpty)
        #expect(figures(second) == figures(first))
        #expect(cache.files == [entry])
    }

    @Test("a corrupt, truncated or foreign entry is solved again and replaced, with the same figures")
    func refusedEntriesAreReplaced() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let first = try cache.run(solveRace)
        let entry = cache.directory.appendingPathComponent(try #require(cache.files.first))
        let good = try Data(contentsOf: entry)
        // The entry of another game: the penalty race, whose file is refused for these rules.
        _ = try cache.run(["solve", "--objective", "win", "--rules", fixtureRules("ones-penalty-race.json")])
        let foreignName = try #require(cache.files.first { $0 != entry.lastPathComponent })
        let foreign = try Data(contentsOf: cache.directory.appendingPathComponent(foreignName))
        var flipped = good
        flipped[good.count / 2] ^= 0x01
        for (damage, bytes) in [
            ("a flipped byte", flipped), ("truncated", good.prefix(good.count - 9)), ("foreign", foreign),
        ] {
            try bytes.write(to: entry)
            // cache list says so before the next read solves it again.
            let list = try cache.run(["cache", "list"])
            let row = list.standardOutput.split(separator: "\n").first { $0.contains(entry.lastPathComponent) }
            #expect(
                row?.contains(damage == "foreign" ? "three-farkle penalty" : "damaged: solved again when next read")
                    == true, "\(damage): \(list.standardOutput)")
            let again = try cache.run(solveRace)
            #expect(again.exitStatus == 0, "\(damage): \(again.standardError)")
            #expect(figures(again) == figures(first), "\(damage)")
            #expect(try Data(contentsOf: entry) == good, "\(damage): the entry is written again")
        }
        #expect(cache.files.count == 2)
    }

    @Test(
        "--players 3: --out writes the three-player race's file, the cache keeps the same bytes, and a second solve reads them"
    )
    func threePlayers() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        try FileManager.default.createDirectory(at: cache.base, withIntermediateDirectories: true)
        let out = cache.base.appendingPathComponent("trio.policy")
        let solve = [
            "solve", "--objective", "win", "--players", "3", "--rules", "cardgames", "--target", "600", "--format",
            "json",
        ]
        let first = try cache.run(solve + ["--out", out.path])
        #expect(first.exitStatus == 0 && first.standardError.isEmpty, "\(first.standardError)")
        let entry = cache.directory.appendingPathComponent(try #require(cache.files.first))
        #expect(cache.files.count == 1)
        let written = try Data(contentsOf: out)
        #expect(try Data(contentsOf: entry) == written)
        // The file's header: the magic, then format version 8.
        #expect(
            written.prefix(8) == Data("FRKLWIN".utf8 + [0]) && written[8] == 8 && written[9...11].allSatisfy { $0 == 0 }
        )
        let second = try cache.run(solve)
        #expect(second.exitStatus == 0)
        #expect(figures(second) == figures(first))
        let list = try cache.run(["cache", "list"])
        #expect(list.standardOutput.contains("| cardgames | 600 | three players |"), "\(list.standardOutput)")
        // A damaged entry is solved again and replaced: the same figures, the same bytes.
        var flipped = written
        flipped[written.count / 2] ^= 0x01
        try flipped.write(to: entry)
        let again = try cache.run(solve)
        #expect(again.exitStatus == 0 && figures(again) == figures(first))
        #expect(try Data(contentsOf: entry) == written)
    }

    @Test("two processes solving the same game at once both finish, leaving one complete entry")
    func concurrentSolves() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let results = Locked<[CommandResult]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            if let result = try? cache.run(solveRace) { results.update { $0.append(result) } }
        }
        let both = results.value
        #expect(both.count == 2)
        #expect(both.allSatisfy { $0.exitStatus == 0 })
        #expect(Set(both.map(figures)).count == 1)
        #expect(cache.files.count == 1, "\(cache.files)")
        let read = try cache.run(solveRace)
        #expect(figures(read) == figures(both[0]))
    }

    @Test("--no-cache reads and writes nothing")
    func noCache() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let result = try cache.run(solveRace + ["--no-cache"])
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: cache.base.path))
        for command in ["simulate", "evaluate", "advise", "report"] {
            let help = try CommandRunner.run([command, "--help"])
            #expect(help.standardOutput.contains("--no-cache"), "\(command)")
        }
    }

    @Test("evaluate, simulate and advise read the entry solve wrote: no solve, no note")
    func otherCommandsReadTheEntry() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let rules = fixtureRules("ones-race.json")
        let evaluate = ["evaluate", "--strategy", "win", "--strategy", "ev", "--rules", rules, "--format", "json"]
        let solved = try cache.run(["evaluate", "--no-cache"] + evaluate.dropFirst())
        #expect(solved.standardError.contains("Solving rules"), "\(solved.standardError)")
        _ = try cache.run(solveRace)
        let read = try cache.run(evaluate)
        #expect(read.exitStatus == 0)
        #expect(read.standardError.isEmpty, "\(read.standardError)")
        let probabilities = try [solved, read].map { try jsonObject($0)["win_probabilities"] as? [Double] }
        #expect(probabilities[0] != nil && probabilities[0] == probabilities[1])
        let simulate = try cache.run(["simulate", "--strategy", "win", "--rules", rules, "--games", "100"])
        #expect(simulate.exitStatus == 0)
        #expect(simulate.standardError.isEmpty, "\(simulate.standardError)")
        let advise = try cache.run([
            "advise", "--rules", rules, "--dice", "1,2,3", "--my-score", "500", "--opponent-score", "700",
        ])
        #expect(advise.exitStatus == 0, "\(advise.standardError)")
        // The solved game, and the odds evaluate worked out from it.
        #expect(cache.files.filter { $0.hasPrefix("win-") }.count == 1, "\(cache.files)")
        #expect(cache.files.filter { $0.hasPrefix("odds-") }.count == 1, "\(cache.files)")
    }

    @Test(
        "evaluate keeps the odds of win: a second evaluate reads them (no game solved), not with --policy or --no-cache"
    )
    func evaluateKeepsOdds() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let evaluate = [
            "evaluate", "--strategy", "win", "--strategy", "ev", "--rules", fixtureRules("ones-race.json"),
        ]
        let json = ["--format", "json"]
        let first = try cache.run(evaluate + json)
        #expect(first.exitStatus == 0, "\(first.standardError)")
        let odds = try #require(cache.files.first { $0.hasPrefix("odds-") && $0.hasSuffix(".odds") })
        // With the solved game gone, the odds are still read: nothing is solved again.
        for file in cache.files where file.hasPrefix("win-") {
            try FileManager.default.removeItem(at: cache.directory.appendingPathComponent(file))
        }
        let second = try cache.run(evaluate + json)
        #expect(second.exitStatus == 0 && second.standardError.isEmpty, "\(second.standardError)")
        let chances = try [first, second].map { try jsonObject($0)["win_probabilities"] as? [Double] }
        #expect(chances[0] != nil && chances[0] == chances[1])
        #expect(cache.files == [odds])
        let text = try cache.run(evaluate)
        #expect(text.standardOutput.contains("read from the cache of solved games"), "\(text.standardOutput)")
        let list = try cache.run(["cache", "list"])
        #expect(
            list.standardOutput.contains("| ones-race | 1000 | exact odds: win against ev |"), "\(list.standardOutput)")
        // A damaged entry is worked out again (solving the game first) and replaced with the same figures.
        let url = cache.directory.appendingPathComponent(odds)
        let good = try Data(contentsOf: url)
        try Data(good.prefix(good.count / 2)).write(to: url)
        let damaged = try cache.run(["cache", "list"])
        #expect(damaged.standardOutput.contains("damaged: solved again when next read"), "\(damaged.standardOutput)")
        let again = try cache.run(evaluate + json)
        #expect(try jsonObject(again)["win_probabilities"] as? [Double] == chances[0])
        #expect(try Data(contentsOf: url) == good)
        // `win` from the user's policy file: its odds are neither read nor kept.
        try FileManager.default.removeItem(at: url)
        let policy = cache.base.appendingPathComponent("race.policy").path
        let solve = try cache.run([
            "solve", "--objective", "win", "--rules", fixtureRules("ones-race.json"), "--out", policy,
        ])
        #expect(solve.exitStatus == 0, "\(solve.standardError)")
        let fromPolicy = try cache.run(evaluate + json + ["--policy", policy])
        #expect(fromPolicy.exitStatus == 0, "\(fromPolicy.standardError)")
        #expect(!cache.files.contains { $0.hasPrefix("odds-") }, "\(cache.files)")
        let uncached = try cache.run(evaluate + json + ["--no-cache"])
        #expect(uncached.exitStatus == 0)
        #expect(!cache.files.contains { $0.hasPrefix("odds-") }, "\(cache.files)")
    }

    @Test(
        "a race between dice sets is kept too: evaluate, simulate and advise read what solve wrote, keyed by the dice")
    func diceSetRaces() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let race = ["--rules", "kcd", "--target", "300", "--dice-set", "weighted:1"]
        let solve = ["solve", "--objective", "win", "--format", "json"] + race
        let solved = try cache.run(solve)
        #expect(solved.exitStatus == 0, "\(solved.standardError)")
        #expect(cache.files.count == 1)
        let entry = try #require(cache.files.first)
        let again = try cache.run(solve)
        #expect(again.standardError.isEmpty)
        let chances = try [solved, again].map { try jsonObject($0)["first_player_win_probability"] as? Double }
        #expect(chances[0] != nil && chances[0] == chances[1])
        let evaluate = try cache.run(
            ["evaluate", "--strategy", "win", "--strategy", "ev-target", "--format", "json"] + race + [
                "--dice-set", "ordinary",
            ])
        #expect(evaluate.exitStatus == 0 && evaluate.standardError.isEmpty, "\(evaluate.standardError)")
        let simulate = try cache.run(
            ["simulate", "--strategy", "win", "--strategy", "greedy", "--games", "200"] + race + [
                "--dice-set", "ordinary",
            ])
        #expect(simulate.exitStatus == 0 && simulate.standardError.isEmpty, "\(simulate.standardError)")
        let advise = try cache.run(
            ["advise", "--dice", "1@weighted,5,2,3,3,6", "--my-score", "100", "--opponent-score", "150"] + race)
        #expect(advise.exitStatus == 0 && advise.standardError.isEmpty, "\(advise.standardError)")
        // The race, and the odds evaluate worked out between the sets.
        #expect(cache.files.filter { $0.hasSuffix(".policy") } == [entry])
        #expect(cache.files.filter { $0.hasSuffix(".odds") }.count == 1, "\(cache.files)")
        // Other dice, or the same dice in the other seat, are another game.
        let swapped = try cache.run(
            [
                "solve", "--objective", "win", "--rules", "kcd", "--target", "300", "--dice-set", "ordinary",
                "--dice-set",
                "weighted:1",
            ])
        #expect(swapped.exitStatus == 0, "\(swapped.standardError)")
        #expect(cache.files.filter { $0.hasSuffix(".policy") }.count == 2)
        let list = try cache.run(["cache", "list"])
        #expect(list.standardOutput.contains("| kcd | 300 | dice sets |"), "\(list.standardOutput)")
    }

    @Test("evaluate keeps the odds of a penalty race without win, and takes --no-cache there; elsewhere refuses it")
    func evaluateNoCacheWithoutWin() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let penalty = [
            "evaluate", "--strategy", "ev", "--strategy", "greedy", "--rules", fixtureRules("ones-penalty-race.json"),
            "--format", "json",
        ]
        let kept = try cache.run(penalty)
        #expect(kept.exitStatus == 0, "\(kept.standardError)")
        #expect(cache.files.count == 1 && cache.files[0].hasPrefix("odds-"), "\(cache.files)")
        cache.remove()
        let bypassed = try cache.run(penalty + ["--no-cache"])
        #expect(bypassed.exitStatus == 0, "\(bypassed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: cache.base.path))
        #expect(
            try jsonObject(bypassed)["win_probabilities"] as? [Double]
                == jsonObject(kept)["win_probabilities"] as? [Double])
        // A race between two strategies that ignore the totals is worked out at once and never kept.
        let race = try cache.run([
            "evaluate", "--strategy", "ev", "--strategy", "greedy", "--rules", fixtureRules("ones-race.json"),
            "--no-cache",
        ])
        #expect(race.exitStatus == 64)
        #expect(
            race.standardError.hasPrefix("Error: '--no-cache' is for odds the cache keeps"), "\(race.standardError)")
        #expect(!FileManager.default.fileExists(atPath: cache.base.path))
    }

    @Test("cache list shows each entry and the total; cache clear removes the entries and nothing else")
    func listAndClear() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let empty = try cache.run(["cache", "list"])
        #expect(empty.exitStatus == 0)
        #expect(empty.standardOutput.contains("0 entries"))
        _ = try cache.run(solveRace)
        _ = try cache.run(["solve", "--objective", "win", "--rules", fixtureRules("ones-penalty-race.json")])
        let other = cache.directory.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: other)
        let list = try cache.run(["cache", "list"])
        #expect(list.exitStatus == 0)
        #expect(list.standardOutput.contains(cache.directory.path))
        #expect(list.standardOutput.contains("| ones-race | 1000 | race |"), "\(list.standardOutput)")
        #expect(list.standardOutput.contains("| ones-penalty-race |"))
        #expect(list.standardOutput.contains("2 entries"))
        #expect(!list.standardOutput.contains("notes.txt"))
        let clear = try cache.run(["cache", "clear"])
        #expect(clear.exitStatus == 0)
        #expect(clear.standardOutput.hasPrefix("Removed 2 entries"), "\(clear.standardOutput)")
        #expect(cache.files == ["notes.txt"])
        let help = try CommandRunner.run(["cache", "--help"])
        #expect(help.standardOutput.contains("XDG_CACHE_HOME"))
        let bare = try CommandRunner.run(["cache"])
        #expect(bare.exitStatus == 64)
    }

    @Test("a game of rounds is kept too: the second solve and advise read it, and cache list says rounds")
    func rounds() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        let solve = ["solve", "--objective", "win", "--rules", fixtureRules("ones-rounds.json"), "--format", "json"]
        let first = try cache.run(solve)
        #expect(first.exitStatus == 0, "\(first.standardError)")
        #expect(cache.files.count == 1)
        let entry = cache.directory.appendingPathComponent(try #require(cache.files.first))
        // A solve again would rename a new file over the entry: the same file number means it was only read.
        func fileNumber() throws -> Int? {
            (try FileManager.default.attributesOfItem(atPath: entry.path)[.systemFileNumber] as? NSNumber)?.intValue
        }
        let written = try fileNumber()
        #expect(written != nil)
        let second = try cache.run(solve)
        #expect(second.exitStatus == 0 && second.standardError.isEmpty, "\(second.standardError)")
        #expect(figures(second) == figures(first))
        let advise = try cache.run([
            "advise", "--rules", fixtureRules("ones-rounds.json"), "--dice", "1,1,2,3,4,6", "--my-score", "200",
            "--opponent-score", "300", "--rounds-left", "1",
        ])
        #expect(advise.exitStatus == 0, "\(advise.standardError)")
        #expect(try fileNumber() == written, "read from the cache, not solved and written again")
        let list = try cache.run(["cache", "list"])
        #expect(list.standardOutput.contains("| ones-rounds | - | rounds |"), "\(list.standardOutput)")
    }

    @Test("a cache that cannot be written is skipped silently: the command succeeds")
    func unwritableCache() throws {
        let cache = TemporaryCache()
        defer { cache.remove() }
        // A file where the cache's parent directory should be: nothing can be created below it.
        try Data().write(to: cache.base)
        let result = try cache.run(solveRace)
        #expect(result.exitStatus == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(try jsonObject(result)["value"] is Double)
    }
}
