import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Games with loaded dice: each seat its own set, each die drawn from its weights")
struct LoadedGameSimulationTests {
    static let rules: RuleSet = {
        var rules = RuleSet.kcd
        rules.game.end = .target(1000, finalRound: false)
        return rules
    }()

    static let table = ScoringTable(rules: rules)

    /// Games of `strategies` with `dice` through the front door.
    static func simulation(_ strategies: [StrategySpec], _ dice: [DiceSet]) throws -> GameSimulation<BuiltInStrategy> {
        var context = StrategyContext(table: table)
        return try GameSimulation(table: table, strategies: strategies, dice: dice, context: &context, threads: 2)
    }

    @Test("the first turns' mean points toward the target agree with the exact solve within 4 standard errors")
    func agreesWithSolve() throws {
        let sets = [try DiceSet(parsing: "heavenly-kingdom:2,odd:1"), DiceSet.ordinary]
        let simulation = try Self.simulation([.expectedValueToTarget, .expectedValueToTarget], sets)
        #expect(simulation.playsLoadedDice && simulation.dice == sets)
        let tally = simulation.run(games: 4000, seed: 7, threads: 2)
        #expect(tally.games == 4000 && tally.unfinishedGames == 0 && tally.ties == 0)
        #expect(tally.seats.map(\.wins).reduce(0, +) == 4000)
        for seat in sets.indices {
            let (mean, error) = tally.seats[seat].firstTurnMean
            let exact = try #require(simulation.exactFirstTurnPoints(seat: seat))
            #expect(abs(mean - exact) < 4 * error, "seat \(seat): \(mean) ± \(error) vs \(exact)")
            #expect(error < 15)
        }
        // Better dice win more often, even moving second.
        #expect(tally.seats[0].wins > tally.seats[1].wins)
        // The tally's other counts add up: every game ends in a round counted once, every turn is a bank or a
        // farkle, and the banked points are the totals the finished games reached.
        #expect(tally.gamesByRound.reduce(0, +) == 4000)
        #expect(tally.rolls > tally.turns && tally.farkles < tally.turns)
        let finalTotals = try sets.indices.map { try #require(tally.meanFinalTotal(seat: $0)) * 4000 }.reduce(0, +)
        #expect(abs(finalTotals - Double(tally.bankedPoints)) < 1e-6)
    }

    @Test(
        "with a six-dice farkle of 500, the first turns still agree with the exact solve within 4 standard errors",
        .leftOutOfCoverage,
        arguments: [false, true])
    func sixDiceFarkle(everyRoll: Bool) throws {
        var rules = Self.rules
        rules.turn.sixDiceFarkle = 500
        rules.turn.sixDiceFarkleOnEveryRoll = everyRoll
        let table = ScoringTable(rules: rules)
        var context = StrategyContext(table: table)
        let sets = [try DiceSet(parsing: "odd:2"), DiceSet.ordinary]
        let simulation = try GameSimulation(
            table: table, strategies: [.expectedValueToTarget, .greedy], dice: sets, context: &context, threads: 2)
        let tally = simulation.run(games: 60_000, seed: 11, threads: 2)
        let (mean, error) = tally.seats[0].firstTurnMean
        let exact = try #require(simulation.exactFirstTurnPoints(seat: 0))
        #expect(abs(mean - exact) < 4 * error, "\(mean) ± \(error) vs \(exact)")
        // The six-dice farkle is worth something to the exact turn: without it the first turn is worth less.
        var plain = rules
        plain.turn.sixDiceFarkle = nil
        let plainTable = ScoringTable(rules: plain)
        var plainContext = StrategyContext(table: plainTable)
        let without = try GameSimulation(
            table: plainTable, strategies: [.expectedValueToTarget, .greedy], dice: sets, context: &plainContext)
        #expect(try #require(without.exactFirstTurnPoints(seat: 0)) < exact - 4 * error)
    }

    @Test("a first turn's expected rolls agree with the rolls per turn of simulated games within 4 standard errors")
    func expectedRolls() throws {
        // Both seats play the same turn whatever the totals, and every turn of a race won at once ends in a bank or a
        // farkle: the rolls per turn of the games estimate the expected rolls of one turn. The standard error comes
        // from 20 runs of 400 games, each with its own seed.
        for strategy in [StrategySpec.threshold([350, 600]), .expectedValue] {
            let sets = [try DiceSet(parsing: "odd:2,lucky:1"), try DiceSet(parsing: "odd:2,lucky:1")]
            let simulation = try Self.simulation([strategy, strategy], sets)
            let expected = try #require(simulation.firstTurn(seat: 0).expectedRolls)
            #expect(simulation.firstTurn(seat: 0).goesOnPastTable == false)
            let perTurn = (0..<20).map { seed in
                let tally = simulation.run(games: 400, seed: UInt64(100 + seed), threads: 2)
                return Double(tally.rolls) / Double(tally.turns)
            }
            let mean = perTurn.reduce(0, +) / 20
            let variance = perTurn.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 19
            let error = (variance / 20).squareRoot()
            #expect(abs(mean - expected) < 4 * error, "\(strategy): \(mean) ± \(error) vs \(expected)")
            #expect(expected > 1.5 && error < 0.05)
        }
        // A capped or winning play banks by the target: no rolls to count.
        let capped = try Self.simulation([.expectedValueToTarget, .greedy], [.ordinary, .ordinary])
        #expect(capped.firstTurn(seat: 0).expectedRolls == nil)
    }

    @Test("the same seed gives the same tally on 1 or 3 threads; another seed another")
    func reproducible() throws {
        let simulation = try Self.simulation(
            [.expectedValueToTarget, .expectedValueToTarget], [try DiceSet(parsing: "odd:2"), .ordinary])
        let one = simulation.run(games: 2100, seed: 3, threads: 1)
        #expect(simulation.run(games: 2100, seed: 3, threads: 3) == one)
        #expect(simulation.run(games: 2100, seed: 4, threads: 1) != one)
    }

    @Test("a roll's group lookup gives the best points of the keeps to each state, as the keeps kind by kind do")
    func lookupMatchesKeeps() throws {
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: try DiceSet(parsing: "pie:1,odd:2"))
        var random = Xoshiro256StarStar(seed: 11)
        for _ in 0..<300 {
            let state = Int(random.next(below: UInt64(outcomes.stateCount - 1))) + 1
            // Faces a die can show: the pie die never shows 5 or 6 (weight 0), so such rolls have no group.
            let roll = zip(outcomes.dice(in: state), outcomes.set.kinds).map { count, kind in
                let faces = DiceCounts.faces.filter { kind.weights[$0 - 1] > 0 }
                return DiceCounts(faces: (0..<count).map { _ in faces[Int(random.next(below: UInt64(faces.count)))] })
            }
            var best: [Int: Int] = [:]
            for choice in outcomes.choices(for: roll) { best[choice.next] = max(best[choice.next] ?? 0, choice.points) }
            let group = outcomes.group(of: roll)
            #expect((group == nil) == best.isEmpty)
            if let group {
                let options = outcomes.groupOptions(group)
                #expect(Dictionary(uniqueKeysWithValues: options.map { ($0.next, $0.points) }) == best)
            }
        }
    }

    @Test("greedy and threshold seats give the same tally on 1 or 3 threads")
    func blindPlaysReproducible() throws {
        let simulation = try Self.simulation(
            [.greedy, .threshold([300, 500])], [try DiceSet(parsing: "odd:2"), .ordinary])
        let one = simulation.run(games: 2100, seed: 3, threads: 1)
        #expect(simulation.run(games: 2100, seed: 3, threads: 3) == one)
        #expect(one.seats.map(\.wins).reduce(0, +) == 2100)
        // Greedy banks after every keep: each of its turns banks or farkles within one roll of the last keep.
        #expect(one.seats[0].meanNetPointsPerTurn < one.seats[1].meanNetPointsPerTurn)
    }

    @Test(
        "greedy and threshold seats' first turns agree with their own exact value within 4 SE; win has none",
        .leftOutOfCoverage)
    func blindPlaysFirstTurn() throws {
        let sets = [try DiceSet(parsing: "odd:2"), try DiceSet(parsing: "heavenly-kingdom:1")]
        let simulation = try Self.simulation([.greedy, .threshold([300, 500])], sets)
        let tally = simulation.run(games: 4000, seed: 9, threads: 2)
        let capped = try Self.simulation([.expectedValueToTarget, .win], sets)
        for seat in sets.indices {
            let (mean, error) = tally.seats[seat].firstTurnMean
            let exact = try #require(simulation.exactFirstTurnPoints(seat: seat))
            #expect(abs(mean - exact) < 4 * error, "seat \(seat): \(mean) ± \(error) vs \(exact)")
            // Not the capped-optimal turn's value: greedy banks far less.
            if seat == 0 { #expect(exact < (capped.exactFirstTurnPoints(seat: 0) ?? 0) - 100) }
        }
        let engine = try LoadedEngine(
            table: Self.table, sets: sets, strategies: [.expectedValueToTarget, .win], threads: 2, maximumRounds: 100)
        #expect(engine.exactFirstTurnPoints(seat: 0) == engine.expectedFirstTurnPoints(seat: 0))
        #expect(capped.exactFirstTurnPoints(seat: 1) == nil)
    }
}

@Suite("One front door for games whatever the dice")
struct SimulationFrontDoorTests {
    static let rules = LoadedGameSimulationTests.rules
    static let table = LoadedGameSimulationTests.table

    @Test("six ordinary dice given as dice sets play the plain engines: the plain game's tally, to the count")
    func ordinaryDiceArePlain() throws {
        let fair = try DiceSet(parsing: "ordinary:6")
        let strategies: [StrategySpec] = [.expectedValueToTarget, .threshold([300, 500])]
        let given = try LoadedGameSimulationTests.simulation(strategies, [fair, .ordinary])
        #expect(!given.playsLoadedDice && given.seats.count == 2)
        #expect(given.exactFirstTurnPoints(seat: 0) == nil)
        let plain = GameSimulation(table: Self.table, seats: BuiltInStrategy.make(strategies, table: Self.table))
        let tally = given.run(games: 3000, seed: 5, threads: 2)
        #expect(tally == plain.run(games: 3000, seed: 5, threads: 2))
        // The plain engines count no first turns; a default table carries ordinary dice.
        #expect(tally.seats.allSatisfy { $0.firstTurns == 0 })
        #expect(plain.dice == [.ordinary, .ordinary])
    }

    @Test("the engine of loaded dice on six ordinary dice plays greedy and threshold as the plain engine does")
    func loadedEngineOnOrdinaryDice() throws {
        // The two engines draw differently (each die from its weights, one stream per chunk; against one
        // number below 6^n per roll, one stream per game), so they agree in distribution, not roll for roll:
        // greedy and threshold keep and bank alike with ordinary dice (`LoadedHighestKeep`), so every figure
        // must agree within 4 standard errors of the difference.
        let strategies: [StrategySpec] = [.greedy, .threshold([300, 500])]
        let engine = try LoadedEngine(
            table: Self.table, sets: [.ordinary, .ordinary], strategies: strategies, threads: 1,
            maximumRounds: GameSimulation<BuiltInStrategy>.maximumRounds)
        let loaded = GameSimulation<BuiltInStrategy>(table: Self.table, loaded: engine)
        #expect(loaded.playsLoadedDice && !loaded.lanesApply)
        let plain = GameSimulation(table: Self.table, seats: BuiltInStrategy.make(strategies, table: Self.table))
        let games = 20_000
        let a = loaded.run(games: games, seed: 13, threads: 2)
        let b = plain.run(games: games, seed: 13, threads: 2)
        #expect(a != b)
        let rateA = a.winRate(seat: 0).value
        let rateB = b.winRate(seat: 0).value
        let rateError = ((rateA * (1 - rateA) + rateB * (1 - rateB)) / Double(games)).squareRoot()
        #expect(abs(rateA - rateB) < 4 * rateError, "\(rateA) vs \(rateB) ± \(rateError)")
        let pointsError = (pow2(a.meanPointsPerTurnStandardError) + pow2(b.meanPointsPerTurnStandardError))
            .squareRoot()
        #expect(abs(a.meanPointsPerTurn - b.meanPointsPerTurn) < 4 * pointsError)
        let farkleA = a.farkleRate.value
        let farkleB = b.farkleRate.value
        let farkleError =
            (farkleA * (1 - farkleA) / Double(a.turns) + farkleB * (1 - farkleB) / Double(b.turns)).squareRoot()
        #expect(abs(farkleA - farkleB) < 4 * farkleError, "\(farkleA) vs \(farkleB) ± \(farkleError)")
    }

    @Test(
        "with a final round and a six of a kind that wins at once, the engine of loaded dice on six ordinary dice plays as the plain engine does",
        .leftOutOfCoverage)
    func finalRoundOnOrdinaryDice() throws {
        // standard's final round and ties, raced to 2,000, where any six of a kind rolled at once wins (six times
        // as often as six 1s, so that such wins are counted in both runs).
        var rules = RuleSet.standard
        rules.game.end = .target(2000, finalRound: true)
        rules.game.instantWinFaces = Set(1...6)
        let table = ScoringTable(rules: rules)
        let strategies: [StrategySpec] = [.threshold([300, 300]), .threshold([350, 500])]
        let engine = try LoadedEngine(
            table: table, sets: [.ordinary, .ordinary], strategies: strategies, threads: 1,
            maximumRounds: GameSimulation<BuiltInStrategy>.maximumRounds)
        let loaded = GameSimulation<BuiltInStrategy>(table: table, loaded: engine)
        let plain = GameSimulation(table: table, seats: BuiltInStrategy.make(strategies, table: table))
        let games = 30_000
        let a = loaded.run(games: games, seed: 21, threads: 2)
        let b = plain.run(games: games, seed: 21, threads: 2)
        #expect(a.games == games && a.unfinishedGames == 0)
        // Each game's share of wins of seat 1, ties and wins at once, within 4 standard errors of the difference.
        let shares: [(String, Int, Int)] = [
            ("seat 1 wins", a.seats[0].wins, b.seats[0].wins), ("ties", a.ties, b.ties),
            ("wins at once", a.instantWins, b.instantWins),
        ]
        for (name, countA, countB) in shares {
            let (p, q) = (Double(countA) / Double(games), Double(countB) / Double(games))
            let error = ((p * (1 - p) + q * (1 - q)) / Double(games)).squareRoot()
            #expect(abs(p - q) < 4 * error, "\(name): \(p) vs \(q) ± \(error)")
        }
        // The final round was played (ties only arise there, each a shared highest total) and sixes of a kind won.
        #expect(a.ties > 0 && a.instantWins > 0, "\(a.ties) ties, \(a.instantWins) wins at once")
        #expect(a.sharedHighestTotals == a.ties && b.sharedHighestTotals == b.ties)
        // The exact first turn scores a six of a kind as points: no exact value where one wins at once.
        #expect(loaded.exactFirstTurnPoints(seat: 0) == nil)
        let pointsError = (pow2(a.meanPointsPerTurnStandardError) + pow2(b.meanPointsPerTurnStandardError))
            .squareRoot()
        #expect(abs(a.meanPointsPerTurn - b.meanPointsPerTurn) < 4 * pointsError)
    }

    @Test("what the engine of loaded dice cannot play is refused with its reason, before anything is solved")
    func refusals() throws {
        let odd = try DiceSet(parsing: "odd:2")
        func refusal(_ rules: RuleSet, _ strategies: [StrategySpec], _ dice: [DiceSet]) -> LoadedGameRefusal? {
            let table = ScoringTable(rules: rules)
            var context = StrategyContext(table: table)
            do {
                _ = try GameSimulation(table: table, strategies: strategies, dice: dice, context: &context)
                return nil
            } catch {
                return error
            }
        }
        // A final round and six 1s that win are played; the points toward a target only where reaching it wins.
        #expect(refusal(.standard, [.greedy, .threshold([300, 350])], [odd, .ordinary]) == nil)
        #expect(
            refusal(.standard, [.greedy, .expectedValueToTarget], [odd, .ordinary])?.description.hasPrefix(
                "seat 2 plays 'ev-target', the points toward a target that wins at once") == true)
        // Rounds, a six of a kind that loses at once and a three-farkle penalty are played by the blind plays
        // (`GameLoopTests`); the plays that read the totals are solved for the race won at once only.
        #expect(refusal(.farkleten, [.greedy, .greedy], [odd, .ordinary]) == nil)
        var sixOnesLose = Self.rules
        sixOnesLose.game.instantLossFaces = [1]
        #expect(refusal(sixOnesLose, [.greedy, .greedy], [odd, .ordinary]) == nil)
        #expect(
            refusal(sixOnesLose, [.expectedValueToTarget, .greedy], [odd, .ordinary])?.description.hasSuffix(
                "(\"six_of_a_kind\": \"points\" in a rule file)") == true)
        var penalty = Self.rules
        penalty.turn.threeFarklePenalty = 500
        #expect(refusal(penalty, [.greedy, .greedy], [odd, .ordinary]) == nil)
        #expect(
            refusal(penalty, [.win, .win], [odd, .ordinary]) == .winRules)
        #expect(
            refusal(Self.rules, [.greedy, .farkleTen(.easy)], [odd, odd])
                == .unknownStrategy(seat: 1, .farkleTen(.easy)))
        // ev is the turn's expected points whatever the totals: refused where they are unbounded.
        let ones = DiceSet(members: [
            DiceSet.Member(die: LoadedDie(name: "ones", weights: [1, 0, 0, 0, 0, 0], source: "a test"), count: 6)
        ])
        #expect(refusal(Self.rules, [.expectedValue, .greedy], [odd, .ordinary]) == nil)
        guard
            case .expectedPointsUnsolved(seat: 1, let reason) = refusal(
                Self.rules, [.greedy, .expectedValue], [odd, ones])
        else {
            Issue.record("ev with dice that always come back to the whole set is refused")
            return
        }
        #expect(reason.contains("unbounded"))
        #expect(refusal(Self.rules, [.win, .win, .win], [odd, odd, odd]) == .winPlayers(3))
        // An entry minimum would be ignored by the plays of loaded dice: refused, not played wrong.
        var entry = Self.rules
        entry.game.entryMinimum = 500
        #expect(refusal(entry, [.greedy, .expectedValueToTarget], [odd, .ordinary]) == .entryMinimum(500))
        var far = Self.rules
        far.game.end = .target(40_000, finalRound: false)
        let entries = GameSimulation<BuiltInStrategy>.winTableEntries(rules: far, set: odd)
        #expect(
            refusal(far, [.expectedValueToTarget, .win], [odd, odd])
                == .winTable(seat: 1, entries: entries, limit: GameSimulation<BuiltInStrategy>.maximumWinTableEntries))
        let catalog = LoadedDiceCatalog(dice: [LoadedDie(name: "onefive", weights: [1, 0, 0, 0, 1, 0], source: "test")])
        let scoring = try DiceSet(parsing: "onefive:6", catalog: catalog)
        #expect(refusal(Self.rules, [.expectedValueToTarget, .greedy], [odd, scoring]) == .turnMayNeverEnd(seat: 1))
        // The same tables with ordinary dice are the plain game's, which plays them.
        #expect(refusal(.standard, [.greedy, .greedy], [.ordinary, .ordinary]) == nil)
    }
}

private func pow2(_ value: Double) -> Double { value * value }
