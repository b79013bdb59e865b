import Benchmark
@_spi(Kernels) import FarkleKit

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 50
    )

    // MARK: - Tables, validation and the solver

    Benchmark("ScoringTable(rules: .standard)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ScoringTable(rules: .standard))
        }
    }

    Benchmark("validate (ScoringValidator, 55,986 rolls)") { benchmark in
        let validator = ScoringValidator(rules: .standard)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(validator.validate())
        }
    }

    Benchmark("ExpectedScoreSolver(rules: .standard)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ExpectedScoreSolver(rules: .standard))
        }
    }

    // Ten rounds of `farkleten` played alone for a total of 5,000: 303,000 states, acyclic, no iteration.
    Benchmark("ReachProbabilitySolver(farkleten, 5,000 in 10 rounds)", configuration: .init(maxIterations: 10)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try ReachProbabilitySolver(rules: .farkleten, target: 5000, turns: 10).chance)
        }
    }

    // MARK: - The win-probability solver

    // The whole 10,000-point game of `standard` takes about a minute of CPU (`farkle-sim solve --objective
    // win`, Reports/benchmarks.md); a race to 2,000 with the same rules has 1/25 of its pairs and the same
    // final-round table, so each pair's turn is as long, and takes a few seconds.
    var race = RuleSet.standard
    race.name = "standard-2000"
    race.game.end = .target(2000, finalRound: true)
    let raceTable = ScoringTable(rules: race)

    Benchmark("WinProbabilitySolver(standard raced to 2,000), 1 thread", configuration: .init(maxIterations: 3)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try WinProbabilitySolver(table: raceTable, threads: 1).firstPlayerValue)
        }
    }

    Benchmark("WinProbabilitySolver(standard raced to 2,000), 2 threads", configuration: .init(maxIterations: 3)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try WinProbabilitySolver(table: raceTable, threads: 2).firstPlayerValue)
        }
    }

    // Three players racing to 1,000 under `cardgames` (20³ sets of totals): the loops of rotations, one Newton step
    // or repetition of three turns at a time (issue 26). A race to 2,000 takes seconds; this one a fraction.
    var trio = RuleSet.cardgames
    trio.game.players = 3
    trio.game.end = .target(1000, finalRound: false)
    let trioTable = ScoringTable(rules: trio)

    Benchmark(
        "ThreePlayerWinSolver(cardgames raced to 1,000 by three), 2 threads", configuration: .init(maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try ThreePlayerWinSolver(table: trioTable, threads: 2).seatWinProbabilities)
        }
    }

    // MARK: - Exact odds of fixed strategies

    // `evaluate` without sampling: two `ev` players of `standard` (the baseline, one pass over the pairs of totals),
    // three (the sets of totals, held only while the sweep reads them, `TrioTable`), and three different strategies
    // racing to 5,000 (three tables, one per seat's play). The report computes the first two.
    func exactOdds(_ names: [String], rules: RuleSet) throws -> Double {
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let strategies = try names.map { name throws(StrategySpecError) in try StrategySpec(parsing: name) }
        return try ExactOdds(strategies: strategies, context: &context, threads: 2).winProbabilities[0]
    }
    var standardByThree = RuleSet.standard
    standardByThree.game.players = 3
    var mixedByThree = standardByThree
    mixedByThree.game.end = .target(5000, finalRound: true)

    Benchmark("ExactOdds(standard, ev vs ev), 2 threads", configuration: .init(maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try exactOdds(["ev", "ev"], rules: .standard))
        }
    }

    Benchmark("ExactOdds(standard, ev vs ev vs ev), 2 threads", configuration: .init(maxIterations: 5)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try exactOdds(["ev", "ev", "ev"], rules: standardByThree))
        }
    }

    Benchmark(
        "ExactOdds(standard to 5,000, ev vs greedy vs threshold:350,250), 2 threads",
        configuration: .init(maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try exactOdds(["ev", "greedy", "threshold:350,250"], rules: mixedByThree))
        }
    }

    // MARK: - The bare loop

    // The floor under every simulated roll: draw an ordered roll in 0..<6^n with the simulator's generator
    // and look up its multiset. Dice counts cycle through 1...6. `Benchmarks/cli.sh` reads the median
    // wall clock, in microseconds, of this benchmark.
    Benchmark(
        "Draw and lookup (1,000,000 rolls)",
        configuration: .init(timeUnits: .microseconds)
    ) { benchmark in
        let catalog = DiceCatalog.shared
        let bounds = DiceCatalog.orderedRollCounts.map(UInt64.init)
        var generator = Xoshiro256StarStar(seed: 1)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var checksum = 0
            var dice = 1
            for _ in 0..<1_000_000 {
                let roll = Int(generator.next(below: bounds[dice]))
                checksum &+= catalog.multisetIndex(ofOrderedRoll: roll, dice: dice)
                dice = dice == 6 ? 1 : dice + 1
            }
            blackHole(checksum)
        }
    }

    // MARK: - Simulation

    // ev against ev, the default game of `farkle-sim`. Strategies and tables are built before the
    // measurement; the malloc count then covers the games alone (per chunk of 1,024 games, not per game).
    // `simulation` takes the path `farkle-sim` takes, the lane engine (from 50,000 games); `general` the
    // same games one at a time through the strategies' calls (the same tally, roll for roll). The lane
    // engine's table is built by the first run of a simulation (the harness's warm-up) and kept.
    let table = ScoringTable(rules: .standard)
    let simulation = GameSimulation(
        table: table, seats: BuiltInStrategy.make([.expectedValue, .expectedValue], table: table))
    let general = {
        var general = simulation
        general.path = .general
        return general
    }()
    let games = 100_000

    Benchmark("Simulate 100,000 games, 1 thread", configuration: .init(maxIterations: 10)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(simulation.run(games: games, seed: 1, threads: 1))
        }
    }

    Benchmark("Simulate 100,000 games, 1 thread, general engine", configuration: .init(maxIterations: 10)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(general.run(games: games, seed: 1, threads: 1))
        }
    }

    // The lane engine with fewer and more lanes than its default of 16.
    for lanes in [8, 32] {
        let laned = {
            var laned = simulation
            laned.path = .lanes(lanes)
            return laned
        }()
        Benchmark("Simulate 100,000 games, 1 thread, \(lanes) lanes", configuration: .init(maxIterations: 10)) {
            benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(laned.run(games: games, seed: 1, threads: 1))
            }
        }
    }

    Benchmark("Simulate 100,000 games, all cores", configuration: .init(maxIterations: 10)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(simulation.run(games: games, seed: 1))
        }
    }

    // Ten times fewer games, on the lane engine too (`.automatic` would take the general engine below
    // 50,000 games): if the malloc count stays the same, games allocate nothing in steady state.
    let tenThousand = {
        var laned = simulation
        laned.path = .lanes(16)
        return laned
    }()
    Benchmark("Simulate 10,000 games, 1 thread", configuration: .init(maxIterations: 10)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(tenThousand.run(games: games / 10, seed: 1, threads: 1))
        }
    }

    // MARK: - Rounds, penalties and `win`

    // Ten rounds of `farkleten` and `zilch`'s three-farkle penalty, `ev` against `ev` (under the penalty `ev` plays
    // one turn per count of farkles in a row): the general engine played them when these benchmarks were written;
    // the lane engine plays both since 0cf9e26 (rounds) and 373d927 (penalties), so these rows now measure it (the
    // names keep "(general engine)" so that earlier baselines still compare). And `win` against `ev` in the race
    // to 2,000 above (solved before the measurement, as `simulate` reads a solved game from the cache), on the
    // general engine. Issue 24 measures these against the lane engine's rolls per second and the bare loop's.
    for (name, rules) in [("farkleten", RuleSet.farkleten), ("zilch", RuleSet.zilch)] {
        let table = ScoringTable(rules: rules)
        let simulation = GameSimulation(
            table: table, seats: BuiltInStrategy.make([.expectedValue, .expectedValue], table: table))
        for threads in [1, 2] {
            Benchmark(
                "Simulate 100,000 games of \(name) (general engine), \(threads) thread\(threads == 1 ? "" : "s")",
                configuration: .init(maxIterations: 10)
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(simulation.run(games: games, seed: 1, threads: threads))
                }
            }
        }
    }

    var raceContext = StrategyContext(table: raceTable)
    let winAgainstEV = GameSimulation(
        table: raceTable, seats: BuiltInStrategy.make([.win, .expectedValue], context: &raceContext))
    for threads in [1, 2] {
        Benchmark(
            "Simulate 10,000 games of win against ev (standard raced to 2,000), \(threads) thread"
                + (threads == 1 ? "" : "s"),
            configuration: .init(maxIterations: 10)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(winAgainstEV.run(games: games / 10, seed: 1, threads: threads))
            }
        }
    }

    // MARK: - Loaded dice (LoadedDiceBenchmarks.swift)

    registerLoadedDiceBenchmarks()
}
