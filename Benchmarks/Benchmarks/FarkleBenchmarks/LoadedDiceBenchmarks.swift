import Benchmark
@_spi(Kernels) import FarkleKit

/// The loaded dice of `kcd` (issue 15): grouping a set's rolls, the capped turn, the race played to win, its
/// bound and the search for the best set. Every name starts with `Loaded dice:` so that
/// `swift package benchmark --filter "Loaded dice.*"` runs the group alone, its baselines included.
///
/// Each loaded figure has a bare baseline in the same run: the same code on six ordinary dice (and for the
/// grouping also six ordinary dice pushed through the kind-by-kind path that every loaded set takes), so that the
/// ratio survives a busy machine better than the figure itself. Tables, dice sets and the opponent's outcomes are
/// built before `startMeasurement()`: only the named call is timed. Nothing is built when the closures are
/// registered, so the other benchmarks do not pay for this group.
func registerLoadedDiceBenchmarks() {
    // Grouping and the capped turn take milliseconds to a tenth of a second; the game solves seconds. CPU time
    // is there for a busy machine, where wall clock says little; on Linux the harness counts it in ticks of
    // 10 ms, so it means something only for samples of a tenth of a second or more.
    let quick = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 20)
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], warmupIterations: 0, maxDuration: .seconds(10),
        maxIterations: 3)

    // MARK: - Grouping the rolls and the capped turn

    // Six ordinary dice take the plain groups; `forceKinds` sends the same dice through the path of a loaded
    // set, which separates the cost of that path from the cost of more states.
    let groupings: [(name: String, set: String, forceKinds: Bool)] = [
        ("six ordinary dice (baseline, plain groups)", "ordinary:6", false),
        ("six ordinary dice kind by kind (baseline)", "ordinary:6", true),
        ("weighted + five ordinary (12 states)", "weighted", false),
        ("six different loaded dice (64 states)", LoadedDiceBenchmark.sixDifferent, false),
    ]
    for grouping in groupings {
        Benchmark("Loaded dice: DiceSetOutcomes, \(grouping.name)", configuration: quick) { benchmark in
            let table = ScoringTable(rules: .kcd)
            let set = try DiceSet(parsing: grouping.set)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(DiceSetOutcomes(table: table, set: set, forceKinds: grouping.forceKinds))
            }
        }
    }

    // E[min(turn points, 4000)] from a total of 0: the value `dice-set` ranks by, one solve per candidate.
    let capped: [(name: String, set: String)] = [
        ("six ordinary dice (baseline)", "ordinary:6"),
        ("weighted + five ordinary", "weighted"),
        ("six different loaded dice", LoadedDiceBenchmark.sixDifferent),
    ]
    for solve in capped {
        Benchmark("Loaded dice: CappedScoreSolver(cap 4000), \(solve.name)", configuration: quick) { benchmark in
            let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: try DiceSet(parsing: solve.set))
            let cap = RuleSet.kcd.game.end.target ?? 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(CappedScoreSolver(outcomes: outcomes, cap: cap).openingValue)
            }
        }
    }

    // MARK: - The race played to win

    // One loaded die against six ordinary dice, and six ordinary against six ordinary on the same solver. The
    // solve runs on one thread; at 4000 it takes seconds, hence the few iterations.
    let races = [
        (name: "six ordinary vs six ordinary (baseline)", set: "ordinary:6"),
        (name: "weighted vs six ordinary", set: "weighted"),
    ]
    for (target, configuration) in [(2000, quick), (4000, slow)] {
        for (name, set) in races {
            Benchmark("Loaded dice: LoadedWinSolver(\(target)), \(name)", configuration: configuration) { benchmark in
                let table = ScoringTable(rules: LoadedDiceBenchmark.kcd(target: target))
                let outcomes = [
                    DiceSetOutcomes(table: table, set: try DiceSet(parsing: set)),
                    DiceSetOutcomes(table: table, set: .ordinary),
                ]
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(LoadedWinSolver(outcomes: outcomes).firstPlayerWinProbability)
                }
            }
        }
    }

    // The bound that prunes `dice-set --objective win`: two solos instead of the game. Compare with the game
    // solve at 4000 above.
    for (name, set) in races {
        Benchmark("Loaded dice: LoadedWinBound.coinBound(4000), \(name)", configuration: quick) { benchmark in
            let table = ScoringTable(rules: .kcd)
            let outcomes = DiceSetOutcomes(table: table, set: try DiceSet(parsing: set))
            let opponent = DiceSetOutcomes(table: table, set: .ordinary)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(LoadedWinBound.coinBound(outcomes: outcomes, opponent: opponent))
            }
        }
    }

    // MARK: - Choosing dice

    // Games with loaded dice (issue 24): heavenly-kingdom:2,odd:1 against six ordinary dice, both ev-target, on one
    // and two threads, the engine's tables built before the measurement. The baseline is the same games with six
    // ordinary dice at both seats, which the plain engine plays.
    for (name, first) in [("heavenly-kingdom:2,odd:1", "heavenly-kingdom:2,odd:1"), ("baseline, ordinary", "ordinary")]
    {
        for threads in [1, 2] {
            Benchmark(
                "Loaded dice: 20,000 games of kcd, \(name) against ordinary, \(threads) thread(s)", configuration: quick
            ) { benchmark in
                var context = StrategyContext(table: ScoringTable(rules: .kcd))
                let simulation = try GameSimulation(
                    table: context.table, strategies: [.expectedValueToTarget, .expectedValueToTarget],
                    dice: [try DiceSet(parsing: first), .ordinary], context: &context)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(simulation.run(games: 20_000, seed: 1, threads: threads))
                }
            }
        }
    }

    // `dice-set --inventory odd,heavenly-kingdom,weighted,lucky,favourable,painted --top 10 --threads 1`
    // without the output: 64 candidates, bounded, the leading ones solved. Its baseline is one capped solve of
    // six different loaded dice above (a candidate costs at most that, plus its grouping).
    Benchmark("Loaded dice: DiceSetSearch.best(10), six-die inventory, 1 thread", configuration: slow) { benchmark in
        let inventory = try DiceSet(parsing: "odd,heavenly-kingdom,weighted,lucky,favourable,painted").members
        let search = DiceSetSearch(
            table: ScoringTable(rules: .kcd), target: RuleSet.kcd.game.end.target ?? 0, inventory: inventory)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(search.best(10, threads: 1))
        }
    }
}

/// The dice sets and rules the loaded benchmarks share.
enum LoadedDiceBenchmark {
    /// Six loaded dice of six different kinds (64 states), the set of the CPU figures in Reports/benchmarks.md.
    static let sixDifferent = "odd,weighted,favourable,painted,arankas,pie"

    /// `kcd` raced to `target` instead of 4000, as `--target` sets it.
    static func kcd(target: Int) -> RuleSet {
        var rules = RuleSet.kcd
        rules.name = "kcd-\(target)"
        rules.game.end = .target(target, finalRound: rules.game.end.hasFinalRound)
        return rules
    }
}
