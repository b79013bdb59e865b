import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("SolvedGameCache")
struct SolvedGameCacheTests {
    @Test("the directory: XDG_CACHE_HOME when absolute, else ~/.cache, else none")
    func userDirectory() throws {
        let both = ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"]
        #expect(SolvedGameCache.userDirectory(environment: both)?.path == "/x/cache/farkle-sim")
        // The XDG base directory specification ignores a relative path.
        let relative = ["XDG_CACHE_HOME": "cache", "HOME": "/home/me"]
        #expect(SolvedGameCache.userDirectory(environment: relative)?.path == "/home/me/.cache/farkle-sim")
        #expect(SolvedGameCache.userDirectory(environment: [:]) == nil)
        #expect(try SolvedGameCache.disabled.entries().isEmpty)
    }

    @Test("a cache under a home directory that does not exist keeps nothing and makes no folder")
    func missingHome() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var rules = RuleSet.standard
        rules.game.end = .target(300, finalRound: false)
        let table = ScoringTable(rules: rules)
        let missing = SolvedGameCache(directory: scratch.appendingPathComponent("home/.cache/farkle-sim"))
        _ = try missing.solveGame(for: table, threads: 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path))
        // Under a home that exists, ~/.cache and the cache's own folder are made, and the game kept.
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("home"), withIntermediateDirectories: true)
        _ = try missing.solveGame(for: table, threads: 1)
        #expect(try missing.entries().count == 1)
    }

    @Test("a link in an entry's place is replaced, never written through; it is listed and cleared, not followed")
    func linkInPlaceOfAnEntry() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = scratch.appendingPathComponent("farkle-sim")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var rules = RuleSet.standard
        rules.game.end = .target(300, finalRound: false)
        let victim = scratch.appendingPathComponent("victim.txt")
        try "the user's own file\n".write(to: victim, atomically: true, encoding: .utf8)
        let entry = directory.appendingPathComponent(SolvedGameCache.Key(game: rules, floor: nil).fileName)
        try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: victim)
        let cache = SolvedGameCache(directory: directory)
        // Listed (of unknown rules, not intact), so that the user sees it.
        let listed = try cache.entries()
        #expect(listed.count == 1 && listed.first?.isIntact == false && listed.first?.rulesName == nil)
        _ = try cache.solveGame(for: ScoringTable(rules: rules), threads: 1)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's own file\n")
        // The link itself became the entry: a regular file, read back as the game.
        let type = try FileManager.default.attributesOfItem(atPath: entry.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular)
        #expect(cache.cachedGame(rules: rules) != nil)
        // A link put back is cleared as a link: what it points to stays.
        try FileManager.default.removeItem(at: entry)
        try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: victim)
        #expect(cache.cachedGame(rules: rules) == nil)
        #expect(try cache.clear().count == 1)
        #expect(!FileManager.default.fileExists(atPath: entry.path))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's own file\n")
    }

    @Test("an entry's name is a digest of the rules' content, not their name, and of the solver and floor")
    func keys() throws {
        var renamed = RuleSet.standard
        renamed.name = "my-standard"
        var shorter = RuleSet.standard
        shorter.game.end = .target(5_000, finalRound: true)
        let race = SolvedGameCache.Key(game: .standard, floor: nil).fileName
        #expect(SolvedGameCache.isEntryName(race))
        #expect(SolvedGameCache.Key(game: renamed, floor: nil).fileName == race)
        #expect(SolvedGameCache.Key(game: shorter, floor: nil).fileName != race)
        let zilch = try #require(RuleSet.presets["zilch"])
        #expect(
            SolvedGameCache.Key(game: zilch, floor: -2_000).fileName
                != SolvedGameCache.Key(game: zilch, floor: -1_000).fileName)
        // No floor is the default floor (four penalties below zero): the same entry as asking for it.
        #expect(
            SolvedGameCache.Key(game: zilch, floor: nil).fileName
                == SolvedGameCache.Key(game: zilch, floor: -2_000).fileName)
        // A floor means nothing without a penalty.
        #expect(SolvedGameCache.Key(game: .standard, floor: -500).fileName == race)
        #expect(SolvedGameCache.isEntryName(".\(race).\(UUID().uuidString).tmp", temporary: true))
        for name in ["win-0123.policy", "win-0123456789ABCDEF.policy", "notes.txt", "win-0123456789abcdef.policy~"] {
            #expect(!SolvedGameCache.isEntryName(name), "\(name)")
        }
    }
}
