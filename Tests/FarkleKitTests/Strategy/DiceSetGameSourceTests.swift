import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Where a race between dice sets solved to win comes from: every front door reads the context's source")
struct DiceSetGameSourceTests {
    static let rules: RuleSet = {
        var rules = RuleSet.kcd
        rules.game.end = .target(500, finalRound: false)
        return rules
    }()
    static let table = ScoringTable(rules: rules)

    /// A source that hands out `solution` and counts its calls.
    static func counting(_ solution: LoadedWinSolver) -> (source: DiceSetGameSource, calls: Locked<Int>) {
        let calls = Locked(0)
        return (
            { _, _ in
                calls.withLock { $0 += 1 }
                return solution
            }, calls
        )
    }

    static func sets() throws -> [DiceSet] { [try DiceSet(parsing: "weighted:1,odd:1"), .ordinary] }

    @Test("exact odds and simulated games play the source's solution: the same chances and games as solving, one call")
    func oddsAndGames() throws {
        let sets = try Self.sets()
        let solution = LoadedWinSolver(outcomes: sets.map { DiceSetOutcomes(table: Self.table, set: $0) }, threads: 2)
        var solving = StrategyContext(table: Self.table)
        let solved = try ExactOdds(strategies: [.win, .expectedValueToTarget], dice: sets, context: &solving)
        let (source, calls) = Self.counting(solution)
        var reading = StrategyContext(table: Self.table)
        reading.diceSetGames = source
        let read = try ExactOdds(strategies: [.win, .expectedValueToTarget], dice: sets, context: &reading)
        #expect(read.winProbabilities == solved.winProbabilities)
        #expect(calls.withLock { $0 } == 1)
        // Without a `win` seat nothing is asked for.
        _ = try ExactOdds(strategies: [.greedy, .expectedValueToTarget], dice: sets, context: &reading)
        #expect(calls.withLock { $0 } == 1)

        let games = try GameSimulation(
            table: Self.table, strategies: [.win, .greedy], dice: sets, context: &reading, threads: 2)
        #expect(calls.withLock { $0 } == 2)
        let plain = try GameSimulation(
            table: Self.table, strategies: [.win, .greedy], dice: sets, context: &solving, threads: 2)
        #expect(games.run(games: 600, seed: 5, threads: 2) == plain.run(games: 600, seed: 5, threads: 2))
    }

    @Test("the advice to win from the source's whole game is the advice from the totals on, keep by keep")
    func advice() throws {
        let sets = try Self.sets()
        let solution = LoadedWinSolver(outcomes: sets.map { DiceSetOutcomes(table: Self.table, set: $0) }, threads: 2)
        let weighted = try #require(LoadedDiceCatalog.builtIn["weighted"])
        let odd = try #require(LoadedDiceCatalog.builtIn["odd"])
        var situation = try TurnSituation(
            roll: [(1, weighted), (5, odd), (2, .ordinary), (3, .ordinary), (3, .ordinary), (6, .ordinary)],
            of: sets[0])
        situation.myScore = 200
        situation.opponentScore = 300
        let partial = try Advisor(table: Self.table).advice(for: situation, threads: 1)
        let (source, calls) = Self.counting(solution)
        var advisor = try Advisor(table: Self.table)
        advisor.diceSetGames = source
        let whole = try advisor.advice(for: situation, threads: 1)
        #expect(calls.withLock { $0 } == 1)
        let (expected, found) = (try #require(partial.byKind?.win), try #require(whole.byKind?.win))
        #expect(found.count == expected.count && !found.isEmpty)
        for (one, other) in zip(found, expected) {
            #expect(one.taken == other.taken)
            #expect(abs(one.rollValue - other.rollValue) < 1e-12 && one.bankValue == other.bankValue)
        }
    }
}
