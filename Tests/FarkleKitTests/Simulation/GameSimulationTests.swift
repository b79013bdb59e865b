import Testing

@_spi(Kernels) @testable import FarkleKit

/// Both ways to play a simulation's games: every test that takes them runs on each.
let simulationPaths: [SimulationPath] = [.general, .lanes(LaneEngine.defaultLanes)]

extension GameSimulation {
    /// This simulation on `path`, which must apply to it.
    func on(_ path: SimulationPath) -> Self {
        #expect(lanesApply, "the lane engine covers this table")
        var simulation = self
        simulation.path = path
        return simulation
    }
}

@Suite("Simulating many games")
struct GameSimulationTests {
    @Test("the same seed gives identical tallies on 1 and 4 threads; another seed does not", arguments: simulationPaths)
    func reproducible(path: SimulationPath) {
        let table = ScoringTable(rules: .standard)
        let seats = BuiltInStrategy.make([.greedy, .threshold([350, 300]), .greedy], table: table)
        let simulation = GameSimulation(table: table, seats: seats).on(path)
        // Five chunks, so four threads share them unevenly.
        let games = 4 * GameSimulation<BuiltInStrategy>.gamesPerChunk + 100
        var reported: [Int] = []
        let one = simulation.run(games: games, seed: 11, threads: 1)
        let four = simulation.run(games: games, seed: 11, threads: 4) { reported.append($0) }
        #expect(one == four)
        #expect(one.games == games)
        #expect(reported.last == games)
        #expect(reported == reported.sorted())
        let other = simulation.run(games: games, seed: 12, threads: 4)
        #expect(other != one)
        // Every game is won or tied, and the win rates with their intervals add up.
        #expect(one.seats.map(\.wins).reduce(0, +) + one.ties + one.unfinishedGames == games)
        let rates = (0..<3).map { one.winRate(seat: $0) }
        #expect(rates.allSatisfy { $0.wilsonInterval().contains($0.value) })
        #expect(abs(rates.map(\.value).reduce(0, +) + Double(one.ties) / Double(games) - 1) < 1e-12)
    }

    @Test("no games give an empty tally", arguments: simulationPaths)
    func noGames(path: SimulationPath) {
        let table = ScoringTable(rules: .standard)
        let simulation = GameSimulation(
            rules: .standard, seats: BuiltInStrategy.make([.greedy, .greedy], table: table)
        ).on(path)
        #expect(simulation.rules == .standard && simulation.seats.count == 2)
        let tally = simulation.run(games: 0, seed: 1)
        #expect(tally == SimulationTally(players: 2))
        #expect(tally.meanPointsPerTurn == 0 && tally.meanTurnsPerGame == 0)
    }

    /// The chance that a greedy turn farkles, from a linear equation over dice counts.
    ///
    /// Greedy's keep depends on the roll alone and it banks at the first chance,
    /// so from "about to roll n dice" (not the opening roll) the turn farkles with
    /// F(n) = P(no keep) + sum over rolls with a keep of P(roll) F(n'), where n'
    /// is the dice left (6 after hot dice) and F(n') = 0 where banking is allowed.
    static func greedyFarkleChance(_ table: ScoringTable) -> Double {
        let rules = table.rules
        let catalog = DiceCatalog.shared
        var chance = [Double](repeating: 0, count: 7)
        func afterRoll(_ dice: Int, opening: Bool) -> Double {
            var total = 0.0
            let outcomes = DiceCatalog.orderedRollCounts[dice]
            for multiset in 0..<catalog.multisetCount(dice: dice) {
                let weight = Double(DiceCatalog.orderedRollCount(of: catalog.multisets[dice][multiset]))
                guard let keep = table.highestScoringKeep(dice: dice, multiset: multiset) else {
                    total += weight * (opening ? chance[6] : 1)
                    continue
                }
                var left = dice - keep.diceUsed
                if left == 0 { left = 6 }
                if !rules.turn.allowsBanking(diceLeft: left) { total += weight * chance[left] }
            }
            return total / Double(outcomes)
        }
        for _ in 0..<200 {
            for dice in 3...6 { chance[dice] = afterRoll(dice, opening: false) }
        }
        return afterRoll(6, opening: true)
    }

    @Test("greedy farkles per turn as often as the exact chance, within 4 standard errors", arguments: simulationPaths)
    func greedyFarkleRate(path: SimulationPath) {
        var rules = RuleSet.standard
        rules.game.sixOnesWin = false
        let table = ScoringTable(rules: rules)
        let exact = Self.greedyFarkleChance(table)
        // The same chance from a separate Python implementation of the rules, solved as a
        // fraction: 1,106,789 / 6,809,031.
        #expect(abs(exact - 1_106_789.0 / 6_809_031.0) < 1e-12)
        let simulation = GameSimulation(table: table, seats: BuiltInStrategy.make([.greedy, .greedy], table: table))
        let tally = simulation.on(path).run(games: 2000, seed: 21)
        let rate = tally.farkleRate.value
        let standardError = (rate * (1 - rate) / Double(tally.turns)).squareRoot()
        #expect(abs(rate - exact) < 4 * standardError, "simulated \(rate), exact \(exact)")
    }

    @Test("a strategy that never banks is stopped at the round limit as unfinished")
    func unfinished() {
        let table = ScoringTable(rules: .standard)
        let never = ThresholdStrategy(table: table, thresholds: [Int.max / 64, Int.max / 64])
        let simulation = GameSimulation(table: table, seats: [never, never])
        let tally = simulation.run(games: 2, seed: 1, threads: 1)
        #expect(tally.unfinishedGames == 2)
        #expect(tally.turns == 2 * 2 * GameSimulation<ThresholdStrategy>.maximumRounds)
        #expect(tally.seats.allSatisfy { $0.wins == 0 && $0.bankedPoints == 0 })
    }

    @Test("the Wilson interval holds the share and matches a hand computation")
    func wilson() {
        let estimate = ProportionEstimate(successes: 50, trials: 100)
        let interval = estimate.wilsonInterval()
        // p = 0.5, n = 100: center 0.5, half width 1.96 / (1 + 0.0384) * sqrt(0.0025 + 0.000096) = 0.0962.
        #expect(abs(interval.lowerBound - 0.4038) < 1e-4 && abs(interval.upperBound - 0.5962) < 1e-4)
        #expect(ProportionEstimate(successes: 0, trials: 10).wilsonInterval().lowerBound == 0)
        #expect(ProportionEstimate(successes: 0, trials: 0).wilsonInterval() == 0...1)
    }
}

@Suite("ev against the exact solver")
struct ExpectedValueSimulationTests {
    @Test("ev vs ev banks per turn what the solver expects, within 4 standard errors", arguments: simulationPaths)
    func meanPointsPerTurn(path: SimulationPath) {
        // Where six 1s win the game, a turn that rolls them banks nothing; as points
        // they are six of a kind, as the solver counts them.
        var rules = RuleSet.standard
        rules.game.sixOnesWin = false
        let table = ScoringTable(rules: rules)
        let solver = ExpectedScoreSolver(table: table)
        let ev = ExpectedValueStrategy(solver: solver)
        let tally = GameSimulation(table: table, seats: [ev, ev]).on(path).run(games: 4000, seed: 31)
        let error = tally.meanPointsPerTurnStandardError
        #expect(error > 0 && tally.turns > 50_000)
        #expect(
            abs(tally.meanPointsPerTurn - solver.expectedTurnScore) < 4 * error,
            "simulated \(tally.meanPointsPerTurn) ± \(error), exact \(solver.expectedTurnScore)")
        #expect(tally.instantWins == 0)
        // The reports' exact farkle chance of an optimal turn (forward through the policy) is what
        // the games farkle, within 4 standard errors.
        let farkle = BankedPointsDistribution(solver: solver).probability(ofBanking: 0)
        let rate = tally.farkleRate.value
        let farkleError = (farkle * (1 - farkle) / Double(tally.turns)).squareRoot()
        #expect(abs(rate - farkle) < 4 * farkleError, "simulated \(rate), exact \(farkle)")
    }

    /// Under zilch's penalty the games' net points per turn estimate the solved long-run average.
    ///
    /// The standard error takes the game as the unit (`meanNetPointsPerTurnStandardError`): the
    /// farkles in a row tie a seat's turns together, games are independent. A game starts every
    /// seat at no farkle in a row and stops after a bank, not in the chain's long-run mix; by the
    /// equation h(k) + g = E[reward + h(next)], a seat's points over its turns are g per turn plus
    /// h(first) - h(last) in expectation, so the games overstate g by at most |h(2)| / (turns of a
    /// seat), about 74 / 15 = 5 points per turn in the worst case and far less on average:
    /// h(last) is mostly h(0) = 0. The test's 4 standard errors are some 4 points.
    @Test("ev vs ev under zilch nets per turn the solved long-run average, within 4 standard errors")
    func zilchNetPointsPerTurn() throws {
        let table = ScoringTable(rules: .zilch)
        var context = StrategyContext(table: table)
        let solved = context.longRunAverageSolver()
        let penalty = try #require(solved)
        let ev = FarkleStreakStrategy(solver: penalty)
        #expect(ev.policies.count == 3)
        let tally = GameSimulation(table: table, seats: [ev, ev]).run(games: 10_000, seed: 47)
        let error = tally.meanNetPointsPerTurnStandardError
        #expect(error > 0.5 && error < 2 && tally.turns > 250_000)
        #expect(
            abs(tally.meanNetPointsPerTurn - penalty.longRunAverage) < 4 * error,
            "simulated \(tally.meanNetPointsPerTurn) ± \(error), exact \(penalty.longRunAverage)")
        // Every penalty costs 500 points, and the net points are the banked points less them.
        #expect(tally.penalties > 0 && tally.penaltyPoints == 500 * tally.penalties)
        #expect(tally.seats.map(\.netPoints).reduce(0, +) == tally.bankedPoints - tally.penaltyPoints)
    }
}

// MARK: - Strategies that draw random numbers

/// Greedy keeps; where the rules allow banking, banks on a coin flip from the strategies' generator.
///
/// With `flips` false it never flips the coin and banks at once: plain greedy.
private struct CoinFlipStrategy: Strategy {
    let greedy: GreedyStrategy
    let flips: Bool

    var name: String { flips ? "coin" : "greedy" }

    func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        var move = greedy.move(
            turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        move.banks = nil
        return move
    }

    func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        flips ? Bool.random(using: &generator) : true
    }
}

/// Greedy play that draws (and ignores) a random number at every decision.
private struct DrawingGreedyStrategy: Strategy {
    let greedy: GreedyStrategy
    let draws: Bool

    var name: String { "greedy" }

    func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        if draws { _ = generator.next() }
        return greedy.move(
            turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
    }

    func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        if draws { _ = generator.next() }
        return true
    }
}

@Suite("Strategies with randomness of their own")
struct RandomStrategyTests {
    @Test("a strategy that draws random numbers never changes the dice: the games come out the same")
    func drawsDoNotMoveTheDice() {
        let table = ScoringTable(rules: .standard)
        let greedy = GreedyStrategy(table: table)
        let games = 2 * GameSimulation<DrawingGreedyStrategy>.gamesPerChunk + 17
        let quiet = GameSimulation(
            table: table, seats: [false, false].map { DrawingGreedyStrategy(greedy: greedy, draws: $0) })
        let drawing = GameSimulation(
            table: table, seats: [false, true].map { DrawingGreedyStrategy(greedy: greedy, draws: $0) })
        #expect(quiet.run(games: games, seed: 5, threads: 2) == drawing.run(games: games, seed: 5, threads: 2))
    }

    @Test("a random strategy gives the same tally on any thread count, and its coin really changes play")
    func randomStrategyIsReproducible() {
        let table = ScoringTable(rules: .standard)
        let greedy = GreedyStrategy(table: table)
        let coin = GameSimulation(
            table: table, seats: [true, false].map { CoinFlipStrategy(greedy: greedy, flips: $0) })
        let games = 3 * GameSimulation<CoinFlipStrategy>.gamesPerChunk + 5
        let one = coin.run(games: games, seed: 9, threads: 1)
        #expect(one == coin.run(games: games, seed: 9, threads: 3))
        let plain = GameSimulation(
            table: table, seats: [false, false].map { CoinFlipStrategy(greedy: greedy, flips: $0) })
        let withoutCoin = plain.run(games: games, seed: 9, threads: 1)
        #expect(one.seats[0].turns != withoutCoin.seats[0].turns || one.seats[0].wins != withoutCoin.seats[0].wins)
        // Banking on a coin flip loses more turns to farkles than banking at once.
        #expect(one.seats[0].farkles * withoutCoin.seats[0].turns > withoutCoin.seats[0].farkles * one.seats[0].turns)
    }

    @Test("strategy streams are not dice streams: chunk c's strategy numbers differ from every chunk's dice")
    func separateStreams() {
        func first(_ generator: Xoshiro256StarStar) -> UInt64 {
            var generator = generator
            return generator.next()
        }
        let dice = (0..<64).map { first(Xoshiro256StarStar(seed: 1, stream: $0)) }
        let strategies = (0..<64).map { first(GameSimulation<GreedyStrategy>.strategyStream(seed: 1, chunk: $0)) }
        #expect(Set(dice + strategies).count == 128)
    }
}
