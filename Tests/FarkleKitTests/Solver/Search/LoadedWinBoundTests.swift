import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("An upper bound on the chance to win with dice sets, and the search it prunes")
struct LoadedWinBoundTests {
    /// The exact chance that `set` wins against `opponent` on a coin, both playing to win.
    static func exact(_ set: DiceSetOutcomes, _ opponent: DiceSetOutcomes) -> Double {
        let solver = LoadedWinSolver(outcomes: [set, opponent])
        return (solver.firstPlayerWinProbability + 1 - solver.winProbability(player: 1, own: 0, opponent: 0)) / 2
    }

    @Test(
        "never below the exact chance to win, and within 8 points of it",
        arguments: [
            ("weighted:1", "ordinary:6"), ("grozavs-lucky:1", "ordinary:6"), ("odd:2,heavenly-kingdom:1", "ordinary:6"),
            ("ordinary:6", "weighted:1"), ("lucky:1,painted:1", "odd:1"),
        ])
    func boundsTheExactChance(set: String, opponent: String) throws {
        let table = ScoringTable(rules: LoadedWinSolverTests.kcd(target: 400))
        let mine = DiceSetOutcomes(table: table, set: try DiceSet(parsing: set))
        let theirs = DiceSetOutcomes(table: table, set: try DiceSet(parsing: opponent))
        let exact = Self.exact(mine, theirs)
        let bound = LoadedWinBound.coinBound(outcomes: mine, opponent: theirs)
        #expect(bound >= exact - 1e-12, "bound \(bound) below the exact \(exact)")
        #expect(bound - exact < 0.08, "bound \(bound), exact \(exact)")
        // Fewer turns looked ahead count the rest as wins: never a lower bound.
        #expect(LoadedWinBound.coinBound(outcomes: mine, opponent: theirs, turns: 2) >= bound - 1e-12)
    }

    @Test("bestByWins lists what rankByWins lists, solving fewer candidates")
    func prunedSearchMatchesEverySolve() throws {
        let table = ScoringTable(rules: LoadedWinSolverTests.kcd(target: 300))
        let catalog = LoadedDiceCatalog.builtIn
        let inventory = try ["weighted", "grozavs-lucky", "even"].map { name in
            DiceSet.Member(die: try #require(catalog[name]), count: 1)
        }
        let search = DiceSetSearch(table: table, target: 300, inventory: inventory)
        let everySolve = search.rankByWins(against: .ordinary)
        let counts = ProgressCounts()
        let pruned = search.bestByWins(
            2, against: .ordinary, threads: 2, progress: counts.solved, bounding: counts.bounded)
        #expect(pruned.best == Array(everySolve.prefix(2)))
        // Every candidate is bounded before any is solved; the callbacks count each once.
        #expect(counts.values.0 == everySolve.count)
        #expect(counts.values.1 == pruned.solved)
        #expect(pruned.candidates == everySolve.count)
        #expect(pruned.solved < pruned.candidates)
        let ordinary = try #require(everySolve.first { $0.set.isOrdinary })
        #expect(search.chanceToWin(of: .ordinary, against: .ordinary) == ordinary.value)
    }
}

/// The largest counts the search reported, from its worker threads.
private final class ProgressCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var bound = 0
    private var solve = 0

    func bounded(_ count: Int) {
        lock.lock()
        defer { lock.unlock() }
        bound = max(bound, count)
    }

    func solved(_ count: Int) {
        lock.lock()
        defer { lock.unlock() }
        solve = max(solve, count)
    }

    var values: (Int, Int) {
        lock.lock()
        defer { lock.unlock() }
        return (bound, solve)
    }
}
