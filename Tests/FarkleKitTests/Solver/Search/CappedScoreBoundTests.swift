import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("An upper bound on a dice set's capped value, and the pruned search it allows")
struct CappedScoreBoundTests {
    /// A race to `target` under kcd and a search over `inventory` for it.
    static func search(_ inventory: [String: Int], target: Int) throws -> DiceSetSearch {
        var rules = RuleSet.kcd
        rules.game.end = .target(target, finalRound: false)
        let members = try inventory.sorted { $0.key < $1.key }.map { name, count in
            DiceSet.Member(die: try #require(LoadedDiceCatalog.builtIn[name]), count: count)
        }
        return DiceSetSearch(table: ScoringTable(rules: rules), target: target, inventory: members)
    }

    @Test(
        "for six ordinary dice nothing is relaxed: the bound is the exact value where banks are reached",
        arguments: ["kcd", "zilch", "facebook"])
    func ordinaryIsExact(name: String) throws {
        // Under standard, hot dice must be rolled: past the cap the bound takes the cap, the solver the cap
        // times the chance to reach a bank, so there the bound is above (and still safe).
        let table = ScoringTable(rules: try #require(RuleSet.presets[name]))
        let exact = CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: .ordinary), cap: 1000)
        let bound = CappedScoreBound(table: table, cap: 1000).openingBound(for: .ordinary)
        #expect(abs(bound - exact.openingValue) < 1e-9, "\(name): \(bound) vs \(exact.openingValue)")
    }

    @Test("the bound is never below a candidate's exact value, and above it where dice differ")
    func neverBelow() throws {
        let search = try Self.search(["odd": 1, "weighted": 1, "pie": 1], target: 300)
        let bound = CappedScoreBound(table: search.table, cap: 300)
        #expect(search.candidates.count == 8)
        var strictlyAbove = 0
        for set in search.candidates {
            let exact = CappedScoreSolver(outcomes: DiceSetOutcomes(table: search.table, set: set), cap: 300)
            let optimistic = bound.openingBound(for: set)
            #expect(optimistic >= exact.openingValue - 1e-9, "\(set): \(optimistic) < \(exact.openingValue)")
            if optimistic > exact.openingValue + 1e-6 { strictlyAbove += 1 }
        }
        // A set with a loaded die is relaxed: after a keep, any dice may be set aside.
        #expect(strictlyAbove >= 4)
    }

    @Test("the pruned search lists exactly the exhaustive ranking's best sets, whatever the count and threads")
    func prunedIsExhaustive() throws {
        let search = try Self.search(["odd": 1, "weighted": 1, "lucky": 1], target: 150)
        let ranked = search.rank(threads: 2)
        #expect(ranked.count == search.candidates.count)
        var fewestSolved = ranked.count
        for count in [1, 3, ranked.count + 1] {
            let one = search.best(count, threads: 1)
            #expect(one.best == Array(ranked.prefix(count)), "top \(count)")
            #expect(one.candidates == ranked.count)
            #expect(search.best(count, threads: 2).best == one.best, "top \(count), two threads")
            fewestSolved = min(fewestSolved, one.solved)
        }
        // The bound rules some candidates out when only the best few are asked for.
        #expect(fewestSolved < ranked.count)
    }
}
