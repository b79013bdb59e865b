import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("The lane engine plays the general engine's games")
struct LaneEngineTests {
    static func rules(_ change: (inout RuleSet) -> Void) -> RuleSet {
        var rules = RuleSet.standard
        change(&rules)
        return rules
    }

    /// Rule sets and tables the lane engine covers, each with something of its own.
    static let cases: [(name: String, rules: RuleSet, specs: [StrategySpec])] = [
        ("ev vs ev, standard", .standard, [.expectedValue, .expectedValue]),
        (
            "three mixed seats, small target (ties)", rules { $0.game.end = .target(2000, finalRound: true) },
            [.greedy, .threshold([300, 400]), .expectedValue]
        ),
        ("entry minimum", .boxed, [.expectedValue, .greedy]),
        ("no final round", .cardgames, [.expectedValue, .threshold([350, 300])]),
        (
            "six 1s as points, six-dice farkle on every roll",
            rules {
                $0.game.sixOnesWin = false
                $0.turn.sixDiceFarkleOnEveryRoll = true
            }, [.greedy, .expectedValue]
        ),
        ("solo race", rules { $0.game.end = .target(3000, finalRound: true) }, [.expectedValue]),
        ("eight seats", .standard, Array(repeating: .threshold([300, 300]), count: 7) + [.expectedValue]),
        (
            "a game of rounds: farkleten, ev against ev", RuleSet.presets["farkleten"]!,
            [.expectedValue, .expectedValue]
        ),
        (
            // Two short rounds: shared highest totals are common, so extra rounds and the highest-turn tie-break
            // decide many games.
            "two rounds, three seats, extra rounds, the highest turn breaking ties",
            rules {
                $0.game.end = .rounds(2)
                $0.game.extraRoundsOnTie = 1
                $0.game.highestTurnBreaksTie = true
            }, [.threshold([300, 300]), .threshold([300, 300]), .greedy]
        ),
        (
            "one round, ties left standing", rules { $0.game.end = .rounds(1) },
            [.threshold([350, 350]), .threshold([350, 350])]
        ),
        // Under a penalty of points `ev` plays a policy per count of farkles in a row, and totals fall below zero.
        ("a penalty of points: zilch, ev against ev", .zilch, [.expectedValue, .expectedValue]),
        (
            "a penalty of points, small target, totals below zero, three mixed seats",
            rules {
                $0.turn.threeFarklePenalty = 1000
                $0.game.end = .target(1500, finalRound: true)
                $0.game.entryMinimum = 500
            }, [.greedy, .expectedValue, .threshold([100, 100])]
        ),
        (
            "the whole total lost, no final round",
            rules {
                $0.turn.threeFarklePenalty = .wholeTotal
                $0.game.end = .target(4000, finalRound: false)
            }, [.expectedValue, .threshold([300, 250])]
        ),
        (
            "a penalty in a game of rounds, the highest turn breaking ties",
            rules {
                $0.turn.threeFarklePenalty = 500
                $0.game.end = .rounds(3)
                $0.game.extraRoundsOnTie = 1
                $0.game.highestTurnBreaksTie = true
            }, [.expectedValue, .greedy]
        ),
    ]

    @Test("same seed, same tally as the general engine, to the last count", arguments: 0..<cases.count)
    func sameTallyAsGeneral(index: Int) {
        let (name, rules, specs) = Self.cases[index]
        let table = ScoringTable(rules: rules)
        var simulation = GameSimulation(table: table, seats: BuiltInStrategy.make(specs, table: table))
        #expect(simulation.lanesApply, "\(name)")
        #expect(simulation.path == .automatic, "the lane engine for runs from lanesMinimumGames games")
        let games = GameSimulation<BuiltInStrategy>.gamesPerChunk + 300
        simulation.path = .lanes(LaneEngine.defaultLanes)
        let lanes = simulation.run(games: games, seed: 17, threads: 2)
        simulation.path = .general
        let general = simulation.run(games: games, seed: 17, threads: 2)
        #expect(lanes == general, "\(name)")
        #expect(lanes.games == games && lanes.rolls > 0)
        if rules.game.end.rounds == 2 {
            // The case exists for its extra rounds and tie-breaks: they were played.
            #expect(lanes.extraRoundGames > 0 && lanes.sharedHighestTotals > 0, "\(name)")
        }
        if rules.game.end.rounds == 1 { #expect(lanes.ties > 0, "\(name)") }
        if let penalty = rules.turn.threeFarklePenalty {
            // The cases exist for their penalties: they were taken, and under points some totals fell below zero.
            #expect(lanes.penalties > 0 && lanes.penaltyPoints > 0, "\(name)")
            if penalty == 1000 {
                // Totals went below zero in the games compared (the general engine's record of them).
                var recorder = GameRecorder()
                var rolls = Xoshiro256StarStar(seed: 5)
                var strategies = Xoshiro256StarStar(seed: 6)
                var tally = SimulationTally(players: specs.count)
                GameEngine(table: table, seats: BuiltInStrategy.make(specs, table: table), maximumRounds: 1_000).play(
                    games: 300, generator: &rolls, strategyGenerator: &strategies, tally: &tally, observer: &recorder)
                let lowest = recorder.games.flatMap(\.turns).map { turn in
                    turn.scores.indices.map { turn.scores[$0] }.min() ?? 0
                }
                #expect((lowest.min() ?? 0) < 0, "\(name)")
            }
        }
    }

    @Test("any number of lanes and threads gives the same tally")
    func anyLaneCount() {
        let table = ScoringTable(rules: .standard)
        var simulation = GameSimulation(
            table: table, seats: BuiltInStrategy.make([.expectedValue, .greedy, .expectedValue], table: table))
        let games = 2 * GameSimulation<BuiltInStrategy>.gamesPerChunk + 77
        simulation.path = .lanes(1)
        let one = simulation.run(games: games, seed: 3, threads: 1)
        for (lanes, threads) in [(3, 1), (8, 2), (16, 3), (64, 1)] {
            simulation.path = .lanes(lanes)
            #expect(simulation.run(games: games, seed: 3, threads: threads) == one, "\(lanes) lanes")
        }
        #expect(simulation.run(games: games, seed: 4, threads: 1) != one)
        // Fewer games than lanes: the idle lanes stay idle.
        #expect(simulation.run(games: 5, seed: 3, threads: 1).games == 5)
    }

    @Test("games stopped at the round limit count as unfinished on both paths alike")
    func unfinished() {
        // Banks only from 20,000 turn points: most games run into the round limit.
        let table = ScoringTable(rules: .standard)
        let rare = ThresholdStrategy(table: table, thresholds: Array(repeating: 20_000, count: 6))
        var simulation = GameSimulation(table: table, seats: [rare, rare])
        #expect(simulation.lanesApply)
        simulation.path = .lanes(LaneEngine.defaultLanes)
        let lanes = simulation.run(games: 6, seed: 2, threads: 1)
        simulation.path = .general
        #expect(simulation.run(games: 6, seed: 2, threads: 1) == lanes)
        #expect(lanes.unfinishedGames > 0)
    }

    @Test("strategies that read more than the turn and their farkles in a row keep the general engine")
    func fallsBack() {
        let farkleTen = ScoringTable(rules: RuleSet.presets["farkleten"]!)
        let bot = GameSimulation(
            table: farkleTen, seats: BuiltInStrategy.make([.farkleTen(.hard), .expectedValue], table: farkleTen))
        #expect(!bot.lanesApply)
        // A threshold no turn reaches would need a table without end.
        let table = ScoringTable(rules: .standard)
        let never = ThresholdStrategy(table: table, thresholds: [Int.max / 64, Int.max / 64])
        #expect(!GameSimulation(table: table, seats: [never]).lanesApply)
        let situational = SituationalStrategy(greedy: GreedyStrategy(table: table))
        #expect(!GameSimulation(table: table, seats: [situational]).lanesApply)
    }

    @Test("the expected-score policy settles where its decisions stop changing with the turn points")
    func settledLevel() {
        let table = ScoringTable(rules: .standard)
        let policy = ExpectedScoreSolver(table: table).policy
        let settled = policy.settledLevel
        #expect(settled > 0 && settled <= policy.lastLevel)
        let catalog = DiceCatalog.shared
        // Every move of every roll with a keep, and every bank decision, at one level.
        func decisions(_ level: Int) -> [Move] {
            let turnPoints = level * policy.scoreStep
            var all: [Move] = []
            for dice in 1...DiceCounts.maximumDice {
                for multiset in 0..<catalog.multisetCount(dice: dice)
                where !table.keeps(dice: dice, multiset: multiset).isEmpty {
                    all.append(policy.move(turnPoints: turnPoints, dice: dice, multiset: multiset))
                }
                let banks = policy.shouldBank(turnPoints: turnPoints, diceLeft: dice)
                all.append(Move(score: 0, diceUsed: dice, banks: banks))
            }
            return all
        }
        let last = decisions(policy.lastLevel)
        #expect(decisions(settled) == last && decisions(settled + 7) == last)
        #expect(decisions(settled - 1) != last, "the level below differs somewhere")
    }
}

/// Greedy play that banks only when behind: it reads the situation, so no table can hold it.
private struct SituationalStrategy: Strategy {
    let greedy: GreedyStrategy

    var name: String { "situational" }

    func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        greedy.move(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
    }

    func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        situation.scores[situation.seat] <= situation.scores[1 - situation.seat]
    }
}
