import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// A target hit exactly with dice sets: every distinct keep an option, the race to win solved with a bank past the
/// target as a bust, the turn toward it, the sets that could never finish refused, and games played.
@Suite("A target hit exactly, with dice sets")
struct LoadedExactTargetTests {
    /// `kcd` raced to `target`, which must be hit exactly.
    static func rules(target: Int) -> RuleSet {
        var rules = RuleSet.kcd
        rules.game.end = .target(target, finalRound: false)
        rules.game.mustHitTargetExactly = true
        return rules
    }

    @Test(
        "six ordinary dice built kind by kind: the race to win has the plain solver's value at every pair of totals, and the turn toward the target its values"
    )
    func ordinaryKindByKindMatchesPlain() throws {
        let rules = Self.rules(target: 500)
        let table = ScoringTable(rules: rules)
        let plain = try WinProbabilitySolver(table: table, threads: 1)
        let kinds = DiceSetOutcomes(table: table, set: .ordinary, forceKinds: true)
        let loaded = LoadedWinSolver(outcomes: [kinds, kinds])
        #expect(loaded.largestLastChange < 1e-13)
        var worst = 0.0
        for own in stride(from: 0, to: 500, by: 50) {
            for other in stride(from: 0, to: 500, by: 50) {
                let expected = plain.value(mine: own, theirs: other)
                worst = max(worst, abs(loaded.winProbability(player: 0, own: own, opponent: other) - expected))
            }
        }
        #expect(worst < 1e-12, "largest difference \(worst)")
        // The same game read with the best keep of each size only (the rule off) differs: the rule is played.
        var reaching = rules
        reaching.game.mustHitTargetExactly = false
        let reachingKinds = DiceSetOutcomes(table: ScoringTable(rules: reaching), set: .ordinary, forceKinds: true)
        #expect(reachingKinds.options.count < kinds.options.count)
        let plainReach = try WinProbabilitySolver(rules: reaching, threads: 1)
        #expect(abs(plainReach.firstPlayerValue - loaded.firstPlayerWinProbability) > 1e-4)
        // The turn toward the target: a bank past it is worth nothing, kind by kind as in the plain groups.
        for total in [0, 300, 450] {
            let byKinds = CappedScoreSolver(outcomes: kinds, total: total, target: 500)
            let plainTurn = CappedScoreSolver(
                outcomes: DiceSetOutcomes(table: table, set: .ordinary), total: total, target: 500)
            #expect(abs(byKinds.openingValue - plainTurn.openingValue) < 1e-9, "at \(total)")
        }
    }

    @Test("a set that could never bank some amount exactly is found: six pie dice roll no 5s, so never 50")
    func unbankable() throws {
        let table = ScoringTable(rules: Self.rules(target: 500))
        let pie = DiceSetOutcomes(table: table, set: try DiceSet(parsing: "pie:6"))
        #expect(pie.firstUnbankableLevel(upTo: 10, leastBank: 0) == 1)
        let ordinary = DiceSetOutcomes(table: table, set: .ordinary, forceKinds: true)
        #expect(ordinary.firstUnbankableLevel(upTo: 10, leastBank: 0) == nil)
        let odd = DiceSetOutcomes(table: table, set: try DiceSet(parsing: "odd:2"))
        #expect(odd.firstUnbankableLevel(upTo: 10, leastBank: 0) == nil)
        var context = StrategyContext(table: table)
        #expect(throws: LoadedGameRefusal.cannotHitTarget(seat: 1, short: 50)) {
            try GameSimulation(
                table: table, strategies: [.greedy, .greedy], dice: [.ordinary, try DiceSet(parsing: "pie:6")],
                context: &context, threads: 1)
        }
    }

    @Test(
        "win against win with a loaded set: every game ends on the target exactly, the first seat's share within 4 standard errors of the solve"
    )
    func simulatedAgainstSolve() throws {
        let rules = Self.rules(target: 500)
        let table = ScoringTable(rules: rules)
        let sets = [try DiceSet(parsing: "odd:2"), DiceSet.ordinary]
        let solver = LoadedWinSolver(outcomes: sets.map { DiceSetOutcomes(table: table, set: $0) })
        var context = StrategyContext(table: table)
        let simulation = try GameSimulation(
            table: table, strategies: [.win, .win], dice: sets, context: &context, threads: 2)
        let games = 20_000
        let tally = simulation.run(games: games, seed: 11, threads: 2)
        #expect(tally.unfinishedGames == 0 && tally.ties == 0)
        let share = Double(tally.seats[0].wins) / Double(games)
        let exact = solver.firstPlayerWinProbability
        let error = (exact * (1 - exact) / Double(games)).squareRoot()
        #expect(abs(share - exact) < 4 * error, "\(share) against \(exact) ± \(error)")
        // Every finished game's winner sits on the target exactly.
        #expect(tally.seats.map(\.wins).reduce(0, +) == games)
    }
}
