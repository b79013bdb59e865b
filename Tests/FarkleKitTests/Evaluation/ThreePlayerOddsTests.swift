import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// A race of `preset`'s rules to `target` for three players (a final round where the preset has one).
private func threePlayerRace(_ preset: String, target: Int) -> RuleSet {
    var rules = RuleSet.presets[preset]!
    rules.name += "-\(target)-3p"
    rules.game.end = .target(target, finalRound: rules.game.end.hasFinalRound)
    rules.game.players = 3
    return rules
}

/// Each seat's chances to win and the chance of a tie at the start of a three-player race between strategies that
/// ignore the totals, by plain value iteration over (seat to move, the three totals) until nothing moves. Each
/// turn's banks are weighed one by one; a bank that reaches the target plays the final round out turn by turn,
/// the next seat's every outcome and then the last seat's, comparing totals. Written apart from `ThreePlayerOdds`,
/// which solves each loop of three turns in closed form from the highest sum down and sums the final round's
/// outcomes by distances behind. With `exact` the target must be hit exactly: a bank past it hands the same totals
/// on, as a farkle does.
private func valueIteration(
    turns: [(entered: BlindTurnOutcomes, notEntered: BlindTurnOutcomes)], levels: Int, finalRound: Bool,
    exact: Bool = false
) -> (wins: [Double], tie: Double) {
    func turn(_ seat: Int, total: Int) -> BlindTurnOutcomes {
        total > 0 ? turns[seat].entered : turns[seat].notEntered
    }
    /// Every way a turn ends: (levels banked, chance), a farkle as 0 levels; `nil` levels for six 1s that win.
    func endings(_ outcomes: BlindTurnOutcomes) -> [(levels: Int?, chance: Double)] {
        [(nil, outcomes.instantWin), (0, outcomes.farkle)]
            + outcomes.banked.enumerated().filter { $0.element > 0 }.map { ($0.offset, $0.element) }
    }
    /// The game's result from final totals: each seat's share of a win, a tie as the 4th entry.
    func result(_ totals: [Int]) -> [Double] {
        let top = totals.max()!
        let leaders = totals.indices.filter { totals[$0] == top }
        var shares = [0.0, 0, 0, 0]
        if leaders.count == 1 { shares[leaders[0]] = 1 } else { shares[3] = 1 }
        return shares
    }
    /// The final round after seat `leader` banked: the other two play once each, in order.
    var memo: [[Int]: [Double]] = [:]
    func finalRoundOutcome(leader: Int, totals: [Int]) -> [Double] {
        if let known = memo[[leader] + totals] { return known }
        var chances = [0.0, 0, 0, 0]
        let second = (leader + 1) % 3
        let third = (leader + 2) % 3
        for (levelsA, chanceA) in endings(turn(second, total: totals[second])) where chanceA > 0 {
            guard let levelsA else {
                chances[second] += chanceA
                continue
            }
            var afterSecond = totals
            afterSecond[second] += levelsA
            for (levelsB, chanceB) in endings(turn(third, total: totals[third])) where chanceB > 0 {
                guard let levelsB else {
                    chances[third] += chanceA * chanceB
                    continue
                }
                var final = afterSecond
                final[third] += levelsB
                for (index, share) in result(final).enumerated() { chances[index] += chanceA * chanceB * share }
            }
        }
        memo[[leader] + totals] = chances
        return chances
    }
    func index(_ mover: Int, _ totals: [Int]) -> Int {
        ((mover * levels + totals[0]) * levels + totals[1]) * levels + totals[2]
    }
    // What each turn's banks that reach the target and six 1s win, fixed: worked out once.
    var fixed = [[Double]](repeating: [0, 0, 0, 0], count: 3 * levels * levels * levels)
    for mover in 0..<3 {
        for a in 0..<levels {
            for b in 0..<levels {
                for c in 0..<levels {
                    let totals = [a, b, c]
                    let outcomes = turn(mover, total: totals[mover])
                    var chances = [0.0, 0, 0, 0]
                    chances[mover] += outcomes.instantWin
                    for (level, chance) in outcomes.banked.enumerated()
                    where chance > 0 && totals[mover] + level >= levels && !(exact && totals[mover] + level > levels) {
                        var after = totals
                        after[mover] += level
                        let outcome = finalRound ? finalRoundOutcome(leader: mover, totals: after) : result(after)
                        for seat in 0..<4 { chances[seat] += chance * outcome[seat] }
                    }
                    fixed[index(mover, totals)] = chances
                }
            }
        }
    }
    var values = [[Double]](repeating: [0, 0, 0, 0], count: fixed.count)
    var change = 1.0
    var sweeps = 0
    while change > 1e-16, sweeps < 10_000 {
        change = 0
        sweeps += 1
        for mover in 0..<3 {
            for a in 0..<levels {
                for b in 0..<levels {
                    for c in 0..<levels {
                        let totals = [a, b, c]
                        let outcomes = turn(mover, total: totals[mover])
                        let next = (mover + 1) % 3
                        var chances = fixed[index(mover, totals)]
                        let busts =
                            exact
                            ? outcomes.banked.enumerated().filter { totals[mover] + $0.offset > levels }.map(\.element)
                                .reduce(0, +) : 0
                        for seat in 0..<4 {
                            chances[seat] += (outcomes.farkle + busts) * values[index(next, totals)][seat]
                        }
                        for (level, chance) in outcomes.banked.enumerated()
                        where chance > 0 && totals[mover] + level < levels {
                            var after = totals
                            after[mover] += level
                            for seat in 0..<4 { chances[seat] += chance * values[index(next, after)][seat] }
                        }
                        let slot = index(mover, totals)
                        change = max(change, zip(chances, values[slot]).map { abs($0 - $1) }.max()!)
                        values[slot] = chances
                    }
                }
            }
        }
    }
    let start = values[index(0, [0, 0, 0])]
    return (Array(start[0..<3]), start[3])
}

/// The three seats' turns as `ThreePlayerOdds` plays them.
private func blindTurns(_ specs: [StrategySpec], context: inout StrategyContext) throws -> [(
    entered: BlindTurnOutcomes, notEntered: BlindTurnOutcomes
)] {
    var turns: [(entered: BlindTurnOutcomes, notEntered: BlindTurnOutcomes)] = []
    for spec in specs {
        guard case .blind(let entered, let notEntered) = try OddsSeat(spec, context: &context, threads: 1) else {
            throw NotCovered("\(spec) reads the totals")
        }
        turns.append((entered, notEntered))
    }
    return turns
}

@Suite("Exact odds of three strategies")
struct ThreePlayerOddsTests {
    @Test("a race won by the first bank at the target agrees with a plain value iteration")
    func againstValueIteration() throws {
        let (preset, target) = ("cardgames", 500)
        let rules = threePlayerRace(preset, target: target)
        let levels = target / ScoringTable(rules: rules).scoreStep
        for specs: [StrategySpec] in [
            [.expectedValue, .expectedValue, .expectedValue], [.expectedValue, .greedy, .threshold([300, 300])],
        ] {
            var context = StrategyContext(table: ScoringTable(rules: rules))
            let exact = try ExactOdds(strategies: specs, context: &context, threads: 2)
            let reference = valueIteration(
                turns: try blindTurns(specs, context: &context), levels: levels,
                finalRound: rules.game.end.hasFinalRound)
            for seat in 0..<3 {
                #expect(
                    abs(exact.winProbabilities[seat] - reference.wins[seat]) < 1e-12,
                    "\(preset) \(specs) seat \(seat + 1)")
            }
            #expect(abs(exact.tieProbability - reference.tie) < 1e-12, "\(preset) \(specs) tie")
            // The first bank at the target wins: no tie at all, not the rounding of 1 minus the three chances.
            #expect(!rules.game.end.hasFinalRound && exact.tieProbability == 0, "\(exact.tieProbability)")
        }
    }

    @Test("a race of kcd to 500 hit exactly (a bank past it busts) agrees with a plain value iteration")
    func hittingExactly() throws {
        var rules = threePlayerRace("kcd", target: 500)
        rules.game.mustHitTargetExactly = true
        try BankReachability(table: ScoringTable(rules: rules)).check(source: rules.name)
        let levels = 500 / ScoringTable(rules: rules).scoreStep
        let specs: [StrategySpec] = [.greedy, .expectedValue, .threshold([300, 300])]
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let exact = try ExactOdds(strategies: specs, context: &context, threads: 2)
        let reference = valueIteration(
            turns: try blindTurns(specs, context: &context), levels: levels, finalRound: false, exact: true)
        for seat in 0..<3 {
            #expect(abs(exact.winProbabilities[seat] - reference.wins[seat]) < 1e-12, "seat \(seat + 1)")
        }
        // Three win seats follow the solved race hit exactly: the solver's own chances.
        let solver = try #require(try context.solvedWinGame() as? ThreePlayerWinSolver)
        let all = try ExactOdds(strategies: [.win, .win, .win], context: &context)
        for (odds, solved) in zip(all.winProbabilities, solver.seatWinProbabilities) {
            #expect(abs(odds - solved) < 1e-12, "\(odds) against \(solved)")
        }
        // ev never banks 50, nor a threshold with 3 dice or more: three of them 50 short wait for ever.
        #expect {
            try ExactOdds(strategies: [.expectedValue, .expectedValue, .expectedValue], context: &context, threads: 2)
        } throws: { error in
            String(describing: error).contains("no exact odds exist")
        }
    }

    @Test(
        "a race to 1,000 with a final round, without an entry minimum (standard) and with one (boxed, 500): simulated games agree within 4 standard errors",
        arguments: ["standard", "boxed"],
        [
            [StrategySpec.expectedValue, .expectedValue, .expectedValue],
            [.greedy, .expectedValue, .threshold([300, 300])],
        ])
    func againstSimulation(preset: String, specs: [StrategySpec]) throws {
        // Without an entry minimum the last turns are one table; with one, four (who of the two is on the board).
        let rules = threePlayerRace(preset, target: 1000)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let exact = try ExactOdds(strategies: specs, context: &context, threads: 2)
        let seats = BuiltInStrategy.make(specs, context: &context)
        let games = 60_000
        let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: 31)
        #expect(tally.unfinishedGames == 0)
        let n = Double(games)
        let observed = tally.seats.map { Double($0.wins) / n } + [Double(tally.ties) / n]
        let expected = exact.winProbabilities + [exact.tieProbability]
        for (seen, value) in zip(observed, expected) {
            let standardError = (seen * (1 - seen) / n).squareRoot()
            #expect(abs(seen - value) <= 4 * standardError, "\(specs): simulated \(seen), exact \(value)")
        }
        if specs.allSatisfy({ $0 == specs[0] }) {
            // Three identical players: the seats' chances and the ties cover every game, and the first seat leads.
            #expect(abs(exact.winProbabilities.reduce(0, +) + exact.tieProbability - 1) < 1e-12)
            #expect(exact.winProbabilities[0] > exact.winProbabilities[1])
            #expect(exact.winProbabilities[1] > exact.winProbabilities[2])
        }
    }

    @Test("three strategies need three players in the rules, and win is refused for three with a final round")
    func refusals() throws {
        var context = StrategyContext(table: ScoringTable(rules: RuleSet.presets["standard"]!))
        #expect(throws: NotCovered.self) {
            try ExactOdds(strategies: [.expectedValue, .expectedValue, .expectedValue], context: &context)
        }
        var threeContext = StrategyContext(table: ScoringTable(rules: threePlayerRace("standard", target: 500)))
        #expect(throws: NotCovered.self) {
            try ExactOdds(strategies: [.win, .expectedValue, .expectedValue], context: &threeContext)
        }
    }

    @Test(
        "win among three racing without a final round: three win seats give the solver's own chances; win against two ev players agrees with simulated games within 4 standard errors"
    )
    func solvedRace() throws {
        let rules = threePlayerRace("cardgames", target: 600)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let solver = try #require(try context.solvedWinGame() as? ThreePlayerWinSolver)
        // Following the solved play set by set is another computation than the solve's loops of best replies.
        let all = try ExactOdds(strategies: [.win, .win, .win], context: &context)
        for (odds, solved) in zip(all.winProbabilities, solver.seatWinProbabilities) {
            #expect(abs(odds - solved) < 1e-12, "\(odds) against \(solved)")
        }
        #expect(all.tieProbability < 1e-12)
        for strategies in [
            [StrategySpec.win, .expectedValue, .expectedValue], [.expectedValue, .expectedValue, .win],
        ] {
            let exact = try ExactOdds(strategies: strategies, context: &context)
            let games = 40_000
            let tally = GameSimulation(
                table: context.table, seats: BuiltInStrategy.make(strategies, context: &context)
            ).run(games: games, seed: 17)
            for seat in 0..<3 {
                let observed = Double(tally.seats[seat].wins) / Double(games)
                let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
                #expect(
                    abs(observed - exact.winProbabilities[seat]) <= 4 * standardError,
                    "\(strategies) seat \(seat + 1): \(observed) against \(exact.winProbabilities[seat])")
            }
        }
    }
}
