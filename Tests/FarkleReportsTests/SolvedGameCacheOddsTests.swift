import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("SolvedGameCache: exact odds")
struct SolvedGameCacheOddsTests {
    /// A race short enough to solve and evaluate in a moment (no final round: its rows past the target would take
    /// longer than the rest).
    static let rules: RuleSet = {
        var rules = RuleSet.standard
        rules.game.end = .target(500, finalRound: false)
        return rules
    }()

    /// A cache in a fresh folder, removed by the caller.
    static func scratchCache() -> (SolvedGameCache, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("odds-\(UUID().uuidString)")
        return (SolvedGameCache(directory: folder.appendingPathComponent("farkle-sim")), folder)
    }

    /// The one odds entry in `cache`.
    static func oddsEntry(_ cache: SolvedGameCache) throws -> URL {
        let entries = try cache.entries().filter { $0.exactOdds != nil }
        try #require(entries.count == 1)
        return entries[0].url
    }

    @Test(
        "the odds of win against ev are kept and read back bit for bit, as an evaluation without the cache gives them")
    func keptAndRead() throws {
        let (cache, folder) = Self.scratchCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        var plain = StrategyContext(table: ScoringTable(rules: Self.rules))
        let reference = try ExactOdds(strategies: [.win, .expectedValue], context: &plain, threads: 1)

        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: Self.rules) == nil)
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        let first = try cache.exactOdds(strategies: [.win, .expectedValue], context: &context, threads: 1)
        let kept = try #require(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: Self.rules))
        for odds in [first, kept] {
            #expect(odds.winProbabilities.map(\.bitPattern) == reference.winProbabilities.map(\.bitPattern))
            #expect(odds.tieProbability.bitPattern == reference.tieProbability.bitPattern)
            #expect(odds.pairCount == reference.pairCount)
            #expect(odds.strategies == [.win, .expectedValue])
            #expect(odds.dice == [.ordinary, .ordinary])
        }
        // The other seating, other rules and other dice are other entries.
        #expect(cache.cachedExactOdds(strategies: [.expectedValue, .win], rules: Self.rules) == nil)
        var longer = Self.rules
        longer.game.end = .target(1_000, finalRound: false)
        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: longer) == nil)
        // The rules' name is not part of the key: the same game under another name is the same entry.
        var renamed = Self.rules
        renamed.name = "short-race"
        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: renamed) != nil)
        let entry = try #require(try cache.entries().first { $0.exactOdds != nil })
        #expect(entry.exactOdds == "win against ev")
        #expect(entry.target == 500 && entry.isIntact && SolvedGameCache.isEntryName(entry.url.lastPathComponent))
        // Cleared with the solved games (`win` solved its game in the context here: the cache kept only the odds).
        #expect(try cache.clear().count == 1)
        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: Self.rules) == nil)
    }

    @Test("both seatings of a report's matchup are kept, and read back as one evaluation gives them")
    func eachStarting() throws {
        let (cache, folder) = Self.scratchCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        var plain = StrategyContext(table: ScoringTable(rules: Self.rules))
        let reference = try ExactOdds.eachStarting(strategies: [.win, .greedy], context: &plain, threads: 1)
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        _ = try cache.exactOddsEachStarting(strategies: [.win, .greedy], context: &context, threads: 1)
        var unused = StrategyContext(table: ScoringTable(rules: Self.rules))
        let kept = try cache.exactOddsEachStarting(strategies: [.win, .greedy], context: &unused, threads: 1)
        #expect(
            kept.map { $0.winProbabilities.map(\.bitPattern) }
                == reference.map { $0.winProbabilities.map(\.bitPattern) })
        #expect(kept.map(\.strategies) == [[.win, .greedy], [.greedy, .win]])
        // The second seating is the same entry `exactOdds` keeps for it.
        #expect(cache.cachedExactOdds(strategies: [.greedy, .win], rules: Self.rules) != nil)
    }

    @Test("odds that take a moment are not kept: no seat plays win, two seats, no penalty")
    func quickOddsNotKept() throws {
        let (cache, folder) = Self.scratchCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        _ = try cache.exactOdds(strategies: [.expectedValue, .greedy], context: &context, threads: 1)
        #expect(try cache.entries().isEmpty)
        #expect(SolvedGameCache.keepsOdds(of: [.expectedValue, .greedy], rules: Self.rules) == false)
        #expect(SolvedGameCache.keepsOdds(of: [.expectedValue, .expectedValue, .expectedValue], rules: Self.rules))
        let zilch = try #require(RuleSet.presets["zilch"])
        #expect(SolvedGameCache.keepsOdds(of: [.expectedValue, .greedy], rules: zilch))
    }

    @Test("a damaged, truncated or foreign entry is worked out again and replaced, never trusted")
    func damagedEntries() throws {
        let (cache, folder) = Self.scratchCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        let odds = try cache.exactOdds(strategies: [.win, .expectedValue], context: &context, threads: 1)
        let url = try Self.oddsEntry(cache)
        let whole = try Data(contentsOf: url)
        // Every byte changed, and every truncation, is refused (the checksum covers every line but its own, and the
        // checksum line must match).
        for index in whole.indices {
            var damaged = whole
            damaged[index] = damaged[index] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
            #expect(OddsEntry(text: String(decoding: damaged, as: UTF8.self)) == nil, "byte \(index)")
        }
        for length in 0..<whole.count {
            #expect(OddsEntry(text: String(decoding: whole.prefix(length), as: UTF8.self)) == nil, "length \(length)")
        }
        try Data(whole.prefix(whole.count / 2)).write(to: url)
        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: Self.rules) == nil)
        #expect(try cache.entries().first { $0.url == url }?.isIntact == false)
        // Worked out again and replaced whole.
        var again = StrategyContext(table: ScoringTable(rules: Self.rules))
        let replaced = try cache.exactOdds(strategies: [.win, .expectedValue], context: &again, threads: 1)
        #expect(replaced.winProbabilities == odds.winProbabilities)
        #expect(try Data(contentsOf: url) == whole)
        // An entry of other strategies under this entry's name (a file renamed by hand) is not these odds.
        var other = StrategyContext(table: ScoringTable(rules: Self.rules))
        _ = try cache.exactOdds(strategies: [.win, .greedy], context: &other, threads: 1)
        let greedy = try #require(try cache.entries().first { $0.exactOdds == "win against greedy" })
        try FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: greedy.url, to: url)
        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: Self.rules) == nil)
        // The same strategies under other rules, copied under this entry's name, are not these odds either.
        var farther = Self.rules
        farther.game.end = .target(Self.rules.game.end.target.map { $0 + 100 } ?? 1_000, finalRound: false)
        var elsewhere = StrategyContext(table: ScoringTable(rules: farther))
        _ = try cache.exactOdds(strategies: [.win, .expectedValue], context: &elsewhere, threads: 1)
        let foreign = try #require(
            try cache.entries().first { $0.exactOdds == "win against ev" && $0.target == farther.game.end.target })
        try FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: foreign.url, to: url)
        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: Self.rules) == nil)
        // A file far too large is not read whole, and not trusted.
        try Data(repeating: UInt8(ascii: "a"), count: 1 << 20).write(to: url)
        #expect(cache.cachedExactOdds(strategies: [.win, .expectedValue], rules: Self.rules) == nil)
    }

    @Test("an entry's figures must be chances: a checksummed entry holding a NaN or a negative chance is refused")
    func figuresChecked() throws {
        var rules = Self.rules
        rules.name = "short"
        let odds = ExactOdds(
            strategies: [.win, .expectedValue], dice: [.ordinary, .ordinary], winProbabilities: [0.6, 0.4],
            tieProbability: 0, pairCount: 100, sweeps: 1, lastChange: 0)
        let entry = OddsEntry(odds, rules: rules, key: "odds-1.odds")
        #expect(OddsEntry(text: entry.text)?.winProbabilities == [0.6, 0.4])
        for bad in [Double.nan, -0.5, 1.5, .infinity] {
            let odds = ExactOdds(
                strategies: [.win, .expectedValue], dice: [.ordinary, .ordinary], winProbabilities: [bad, 0.4],
                tieProbability: 0, pairCount: 100, sweeps: 1, lastChange: 0)
            #expect(OddsEntry(text: OddsEntry(odds, rules: rules, key: "odds-1.odds").text) == nil, "\(bad)")
        }
        // Chances of one game's outcomes sum to 1: 0.9 each (2.7), or 0.1 each (0.3), are no game's odds.
        for (wins, tie) in [([0.9, 0.9], 0.9), ([0.1, 0.1], 0.1), ([0.6, 0.4], 1e-3)] {
            let odds = ExactOdds(
                strategies: [.win, .expectedValue], dice: [.ordinary, .ordinary], winProbabilities: wins,
                tieProbability: tie, pairCount: 100, sweeps: 1, lastChange: 0)
            #expect(OddsEntry(text: OddsEntry(odds, rules: rules, key: "odds-1.odds").text) == nil, "\(wins) \(tie)")
        }
    }
}
