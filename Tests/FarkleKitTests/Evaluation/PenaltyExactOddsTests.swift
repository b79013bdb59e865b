import Foundation
import Testing

@testable import FarkleKit

/// Only single 1s score (100 each), any dice may bank (after hot dice too), no six-dice farkle, six 1s score
/// as points, and a third farkle in a row costs 100 points (or `penalty`): short games whose penalty cycles a
/// brute force follows by hand, cheap even for the win solver in a debug build.
private func onesPenalty(target: Int, finalRound: Bool, penalty: ThreeFarklePenalty = 100) -> RuleSet {
    RuleSet(
        name: "ones-penalty-\(target)",
        combinations: CombinationPoints(singleOne: 100),
        turn: TurnRules(
            bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil,
            threeFarklePenalty: penalty),
        game: GameRules(end: .target(target, finalRound: finalRound), sixOnesWin: false))
}

/// `zilch` raced to 1,000 with a penalty of 250 (a floor of -1,000): the six-dice farkle, hot dice and `ev`'s
/// play by farkles in a row on short games, with few totals below zero.
private let shortZilch: RuleSet = {
    var rules = RuleSet.zilch
    rules.name = "zilch-1000-250"
    rules.game.end = .target(1000, finalRound: true)
    rules.turn.threeFarklePenalty = 250
    return rules
}()

private func odds(_ specs: [StrategySpec], _ rules: RuleSet, threads: Int = 2) throws -> ExactOdds {
    var context = StrategyContext(table: ScoringTable(rules: rules))
    return try ExactOdds(strategies: specs, context: &context, threads: threads)
}

// MARK: - Brute force

/// A turn under `onesPenalty` that keeps every 1 and banks once the turn points reach `thresholds[diceLeft]`
/// (index 1...6; 6 after hot dice): the chance to bank each number of points and to farkle, by enumeration.
private func onesTurn(thresholds: [Int]) -> (banked: [Int: Double], farkle: Double) {
    var banked: [Int: Double] = [:]
    var farkle = 0.0
    func roll(_ probability: Double, points: Int, dice: Int) {
        for ones in 0...dice {
            let ways = (0..<ones).reduce(1.0) { $0 * Double(dice - $1) / Double($1 + 1) }
            let chance = probability * ways * pow(1 / 6, Double(ones)) * pow(5 / 6, Double(dice - ones))
            guard ones > 0 else {
                farkle += chance
                continue
            }
            let next = points + 100 * ones
            let left = ones == dice ? 6 : dice - ones
            if next >= thresholds[left] {
                banked[next, default: 0] += chance
            } else {
                roll(chance, points: next, dice: left)
            }
        }
    }
    roll(1, points: 0, dice: 6)
    return (banked, farkle)
}

/// The first seat's chances to win and to tie a race to `target` under `onesPenalty` between two turns, by
/// plain value iteration over every (seat to move, totals, farkles in a row) until nothing moves by 1e-15.
/// Totals below four penalties under zero count as that floor, as in the solver; with `losesWholeTotal` a third
/// farkle sets the total to zero instead of taking `penalty`. With `openingCost` the opening roll of six dice that
/// scores nothing, (5/6)^6 of every turn's farkles, takes that off the total before it counts as a farkle. With
/// `exact` the target must be hit exactly: a bank past it is a farkle.
private func bruteForceOdds(
    _ turns: [(banked: [Int: Double], farkle: Double)], target: Int, finalRound: Bool, losesWholeTotal: Bool = false,
    penalty: Int = 100, openingCost: Int = 0, floor: Int = -400, exact: Bool = false
) -> (win: Double, tie: Double) {
    let totals = (target - floor) / 100
    func index(_ seat: Int, _ mine: Int, _ theirs: Int, _ myFarkles: Int, _ theirFarkles: Int) -> Int {
        (((seat * totals + (mine - floor) / 100) * totals + (theirs - floor) / 100) * 3 + myFarkles) * 3 + theirFarkles
    }
    var win = [Double](repeating: 0, count: 2 * totals * totals * 9)
    var tie = win
    for _ in 0..<100_000 {
        var next = win
        var nextTie = tie
        for seat in 0..<2 {
            for mine in stride(from: floor, to: target, by: 100) {
                for theirs in stride(from: floor, to: target, by: 100) {
                    for myFarkles in 0...2 {
                        for theirFarkles in 0...2 {
                            var chances = (win: 0.0, tie: 0.0)
                            func handOver(_ chance: Double, _ state: Int) {
                                chances.win += chance * (1 - win[state] - tie[state])
                                chances.tie += chance * tie[state]
                            }
                            func farkled(_ chance: Double, from total: Int) {
                                if myFarkles < 2 {
                                    handOver(chance, index(1 - seat, theirs, total, theirFarkles, myFarkles + 1))
                                } else {
                                    let penalized = losesWholeTotal ? 0 : max(total - penalty, floor)
                                    handOver(chance, index(1 - seat, theirs, penalized, theirFarkles, 0))
                                }
                            }
                            for (points, chance) in turns[seat].banked {
                                let total = mine + points
                                if exact && total > target {
                                    farkled(chance, from: mine)
                                } else if total < target {
                                    handOver(chance, index(1 - seat, theirs, total, theirFarkles, 0))
                                } else if !finalRound {
                                    chances.win += chance
                                } else {
                                    // The other seat's last turn: it wins by banking more than the lead, ties on it.
                                    let lead = total - theirs
                                    let last = turns[1 - seat].banked
                                    let beats = last.filter { $0.key > lead }.values.reduce(0, +)
                                    let ties = last[lead] ?? 0
                                    chances.win += chance * (1 - beats - ties)
                                    chances.tie += chance * ties
                                }
                            }
                            let scoreless: Double = openingCost > 0 ? pow(5.0 / 6.0, 6.0) : 0
                            farkled(turns[seat].farkle - scoreless, from: mine)
                            if openingCost > 0 { farkled(scoreless, from: max(mine - openingCost, floor)) }
                            let state = index(seat, mine, theirs, myFarkles, theirFarkles)
                            (next[state], nextTie[state]) = chances
                        }
                    }
                }
            }
        }
        let change = zip(next + nextTie, win + tie).map { abs($0 - $1) }.max() ?? 0
        win = next
        tie = nextTie
        if change < 1e-15 { break }
    }
    let start = index(0, 0, 0, 0, 0)
    return (win[start], tie[start])
}

/// Plays 20,000 games of `win` against `greedy` under `rules` from `seed` and checks the first seat's wins and the ties
/// against the exact odds, within 4 standard errors; returns the tally.
private func expectSimulationAgrees(
    _ rules: RuleSet, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
) throws -> SimulationTally {
    let specs = [StrategySpec.win, .greedy]
    var context = StrategyContext(table: ScoringTable(rules: rules))
    let exact = try ExactOdds(strategies: specs, context: &context)
    let seats = BuiltInStrategy.make(specs, context: &context)
    let games = 20_000
    let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: seed)
    #expect(tally.unfinishedGames == 0, sourceLocation: sourceLocation)
    let n = Double(games)
    for (observed, expected) in [
        (Double(tally.seats[0].wins) / n, exact.winProbabilities[0]),
        (Double(tally.ties) / n, exact.tieProbability),
    ] {
        let standardError = (observed * (1 - observed) / n).squareRoot()
        #expect(
            abs(observed - expected) <= 4 * standardError,
            "simulated \(observed), exact \(expected), standard error \(standardError)", sourceLocation: sourceLocation)
    }
    return tally
}

// MARK: - Tests

@Suite("Exact odds under a three-farkle penalty")
struct PenaltyExactOddsTests {
    @Test(
        "threshold against greedy matches a brute-force value iteration, with and without a final round",
        arguments: [(400, true), (300, false)])
    func bruteForce(target: Int, finalRound: Bool) throws {
        let threshold = [0, 200, 300, 300, 300, 300, 300]
        let exact = try odds(
            [.threshold(Array(threshold.dropFirst())), .greedy], onesPenalty(target: target, finalRound: finalRound))
        let brute = bruteForceOdds(
            [onesTurn(thresholds: threshold), onesTurn(thresholds: [Int](repeating: 0, count: 7))], target: target,
            finalRound: finalRound)
        #expect(abs(exact.winProbabilities[0] - brute.win) < 1e-11)
        #expect(abs(exact.tieProbability - brute.tie) < 1e-11)
        #expect(finalRound ? exact.tieProbability > 0 : exact.tieProbability == 0)
        #expect(exact.sweeps > 1 && exact.lastChange <= 1e-12)
    }

    @Test(
        "a target hit exactly (a bank past it a farkle in a row): threshold against greedy matches the brute force, penalty of points or of the whole total",
        arguments: [false, true])
    func bruteForceExactTarget(losesWholeTotal: Bool) throws {
        let threshold = [0, 200, 300, 300, 300, 300, 300]
        var rules = onesPenalty(target: 300, finalRound: false, penalty: losesWholeTotal ? .wholeTotal : 100)
        rules.game.mustHitTargetExactly = true
        let exact = try odds([.threshold(Array(threshold.dropFirst())), .greedy], rules)
        let turns = [onesTurn(thresholds: threshold), onesTurn(thresholds: [Int](repeating: 0, count: 7))]
        let brute = bruteForceOdds(turns, target: 300, finalRound: false, losesWholeTotal: losesWholeTotal, exact: true)
        #expect(abs(exact.winProbabilities[0] - brute.win) < 1e-11)
        #expect(abs(exact.tieProbability - brute.tie) < 1e-11)
        // Hitting the target exactly is another game.
        let reaching = bruteForceOdds(turns, target: 300, finalRound: false, losesWholeTotal: losesWholeTotal)
        #expect(abs(brute.win - reaching.win) > 1e-4)
    }

    @Test(
        "a third farkle that takes the whole total: threshold against greedy matches the brute force",
        arguments: [(400, true), (300, false)])
    func bruteForceWholeTotal(target: Int, finalRound: Bool) throws {
        let threshold = [0, 200, 300, 300, 300, 300, 300]
        let rules = onesPenalty(target: target, finalRound: finalRound, penalty: .wholeTotal)
        let exact = try odds([.threshold(Array(threshold.dropFirst())), .greedy], rules)
        let brute = bruteForceOdds(
            [onesTurn(thresholds: threshold), onesTurn(thresholds: [Int](repeating: 0, count: 7))], target: target,
            finalRound: finalRound, losesWholeTotal: true)
        let points = bruteForceOdds(
            [onesTurn(thresholds: threshold), onesTurn(thresholds: [Int](repeating: 0, count: 7))], target: target,
            finalRound: finalRound)
        #expect(abs(exact.winProbabilities[0] - brute.win) < 1e-11)
        #expect(abs(exact.tieProbability - brute.tie) < 1e-11)
        // The two penalties are different games.
        #expect(abs(brute.win - points.win) > 1e-4)
    }

    @Test(
        "a scoreless opening roll that costs 100, with the penalty or without: threshold against greedy matches the brute force",
        arguments: [100, nil] as [Int?])
    func bruteForceOpeningCost(penalty: Int?) throws {
        let threshold = [0, 200, 300, 300, 300, 300, 300]
        var rules = onesPenalty(target: 300, finalRound: true)
        rules.turn.threeFarklePenalty = penalty.map(ThreeFarklePenalty.points)
        rules.turn.openingFarkleCost = 100
        let exact = try odds([.threshold(Array(threshold.dropFirst())), .greedy], rules)
        let floor = PenaltyWinSolver.defaultFloor(rules: rules)
        #expect(floor == (penalty == nil ? -400 : -800))
        let turns = [onesTurn(thresholds: threshold), onesTurn(thresholds: [Int](repeating: 0, count: 7))]
        let brute = bruteForceOdds(
            turns, target: 300, finalRound: true, penalty: penalty ?? 0, openingCost: 100, floor: floor)
        #expect(abs(exact.winProbabilities[0] - brute.win) < 1e-11, "\(exact.winProbabilities[0]) \(brute.win)")
        #expect(abs(exact.tieProbability - brute.tie) < 1e-11)
        // The cost is a different game from none.
        let free = bruteForceOdds(turns, target: 300, finalRound: true, penalty: penalty ?? 0, floor: floor)
        #expect(abs(brute.win - free.win) > 1e-4)
        // win against win is the solver's own value.
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let solver = try context.penaltyWinSolver()
        let mirror = try ExactOdds(strategies: [.win, .win], context: &context)
        #expect(abs(mirror.winProbabilities[0] - solver.firstPlayerWinProbability) < 1e-9)
        #expect(abs(mirror.tieProbability - solver.tieProbability) < 1e-9)
    }

    @Test(
        "a scoreless opening roll that costs 100: simulated games of win against greedy agree with the exact odds within 4 standard errors"
    )
    func simulatorAgreesOpeningCost() throws {
        var rules = onesPenalty(target: 500, finalRound: true)
        rules.turn.threeFarklePenalty = nil
        rules.turn.openingFarkleCost = 100
        let tally = try expectSimulationAgrees(rules, seed: 43)
        #expect(tally.penaltyPoints > 0 && tally.penalties == 0)
    }

    @Test(
        "a target hit exactly under a penalty: simulated games of win against greedy agree with the exact odds within 4 standard errors"
    )
    func simulatorAgreesExactTarget() throws {
        var rules = onesPenalty(target: 500, finalRound: false)
        rules.game.mustHitTargetExactly = true
        let tally = try expectSimulationAgrees(rules, seed: 44)
        #expect(tally.penalties > 0)
    }

    @Test(
        "a third farkle that takes the whole total: simulated games agree with the exact odds within 4 standard errors")
    func simulatorAgreesWholeTotal() throws {
        let tally = try expectSimulationAgrees(
            onesPenalty(target: 500, finalRound: true, penalty: .wholeTotal), seed: 41)
        #expect(tally.penalties > 0)
    }

    @Test("win against win is the penalty solver's own value and tie chance")
    func winMirrorIsTheSolution() throws {
        for rules in [onesPenalty(target: 300, finalRound: true), onesPenalty(target: 300, finalRound: false)] {
            var context = StrategyContext(table: ScoringTable(rules: rules))
            let solver = try context.penaltyWinSolver()
            let exact = try ExactOdds(strategies: [.win, .win], context: &context)
            #expect(abs(exact.winProbabilities[0] - solver.firstPlayerWinProbability) < 1e-9)
            #expect(abs(exact.tieProbability - solver.tieProbability) < 1e-9)
        }
    }

    @Test("win concedes no more than its solved value to ev in the first seat, to greedy in the second")
    func winIsBest() throws {
        var context = StrategyContext(table: ScoringTable(rules: onesPenalty(target: 300, finalRound: true)))
        let best = try context.penaltyWinSolver().firstPlayerValue
        let first = try ExactOdds(strategies: [.win, .expectedValue], context: &context)
        let second = try ExactOdds(strategies: [.greedy, .win], context: &context)
        #expect(first.winProbabilities[0] + first.tieProbability / 2 >= best - 1e-9)
        #expect(second.winProbabilities[0] + second.tieProbability / 2 <= best + 1e-9)
    }

    @Test(
        "ev against ev and against greedy on a short zilch: the simulator agrees within 4 standard errors",
        .leftOutOfCoverage)
    func simulatorAgrees() throws {
        for (specs, seed) in [
            ([StrategySpec.expectedValue, .expectedValue], UInt64(31)), ([.expectedValue, .greedy], 32),
        ] {
            var context = StrategyContext(table: ScoringTable(rules: shortZilch))
            let exact = try ExactOdds(strategies: specs, context: &context)
            let seats = BuiltInStrategy.make(specs, context: &context)
            let games = 20_000
            let tally = GameSimulation(table: context.table, seats: seats).run(games: games, seed: seed)
            #expect(tally.unfinishedGames == 0)
            let n = Double(games)
            for (observed, expected) in [
                (Double(tally.seats[0].wins) / n, exact.winProbabilities[0]),
                (Double(tally.seats[1].wins) / n, exact.winProbabilities[1]),
                (Double(tally.ties) / n, exact.tieProbability),
            ] {
                let standardError = (observed * (1 - observed) / n).squareRoot()
                #expect(
                    abs(observed - expected) <= 4 * standardError,
                    "\(specs): simulated \(observed), exact \(expected), standard error \(standardError)")
            }
        }
    }

    @Test("the same strategy in both seats: the odds add up to 1, the first seat is ahead, whatever the threads")
    func mirrorAndThreads() throws {
        let rules = onesPenalty(target: 500, finalRound: true)
        let one = try odds([.expectedValue, .expectedValue], rules, threads: 1)
        let two = try odds([.expectedValue, .expectedValue], rules, threads: 2)
        #expect(one.winProbabilities == two.winProbabilities && one.tieProbability == two.tieProbability)
        #expect(one.sweeps == two.sweeps && one.lastChange == two.lastChange)
        #expect(abs(one.winProbabilities.reduce(0, +) + one.tieProbability - 1) < 1e-12)
        #expect(one.winProbabilities.allSatisfy { $0 > 0 && $0 < 1 } && one.tieProbability > 0)
        #expect(one.winProbabilities[0] > one.winProbabilities[1])
    }

    @Test("the solver's turn followed once weighs any payoffs as its turn played against them, six-dice farkle too")
    func endingsMatchFixedPlay() throws {
        var rules = onesPenalty(target: 300, finalRound: true)
        rules.turn.sixDiceFarkle = 200
        rules.turn.sixDiceFarkleOnEveryRoll = true
        let solver = try PenaltyWinSolver(rules: rules)
        let payoff = { (level: Int) in (win: Double(level * 37 % 11) / 20, tie: Double(level * 13 % 7) / 100) }
        var worst = 0.0
        for mine in 0..<solver.levels {
            for theirs in 0..<solver.levels {
                for (myFarkles, theirFarkles) in [(0, 0), (2, 1), (1, 2)] {
                    let played = solver.fixedPlayTurn(
                        mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles, payoff: payoff)
                    let endings = solver.space.fixedPlayEndings(
                        at: (mine, theirs, myFarkles, theirFarkles), values: solver.values, ties: solver.ties)
                    var win = endings.instantWin + endings.aboveTop
                    var tie = 0.0
                    for (level, chance) in endings.banked.enumerated() {
                        win += chance * payoff(level).win
                        tie += chance * payoff(level).tie
                    }
                    worst = max(
                        worst, abs(win - played.win), abs(tie - played.tie), abs(endings.farkle - played.farkle))
                }
            }
        }
        #expect(worst < 1e-12, "largest difference \(worst)")
    }

    @Test("a penalty with fixed rounds or an entry minimum is refused")
    func refusals() throws {
        var rounds = onesPenalty(target: 300, finalRound: true)
        rounds.game.end = .rounds(5)
        var entry = onesPenalty(target: 300, finalRound: true)
        entry.game.entryMinimum = 200
        for (rules, reason) in [(rounds, "fixed rounds"), (entry, "entry minimum")] {
            #expect {
                _ = try odds([.greedy, .greedy], rules)
            } throws: { error in
                "\(error)".contains(reason) && "\(error)".contains("three-farkle penalty")
            }
        }
    }

    @Test("a race too long to tabulate is refused from its target and step alone, before any seat is tabulated")
    func tooManyLevels() {
        // A penalty of 1 point puts `zilch`'s points in steps of 1: 10,000 levels at least, whatever the floor.
        var rules = RuleSet.zilch
        rules.turn.threeFarklePenalty = 1
        #expect {
            _ = try odds([.expectedValue, .greedy], rules)
        } throws: { error in
            "\(error)" == "a target of 10000 in steps of 1 is at least 10000 levels; exact odds tabulate at most 2000"
        }
    }
}

extension PenaltyWinSolver {
    /// The turn at (`mine`, `theirs`) levels from the floor with the farkles in a row of each, played as the
    /// solution plays it and weighed with other payoffs: the direct evaluation, two solves of the whole table.
    /// `ExactOdds` follows each state's turn once instead (`fixedPlayEndings`); this is the reference it is
    /// checked against.
    ///
    /// The decisions are the solver's own (its bank payoffs and its farkle value at this state); the chances
    /// to win and to tie follow those decisions, with `payoff(level)` what a bank of
    /// `level` levels is worth in the game being evaluated. Banks above the solver's table (beyond the
    /// final-round cap) count as wins, as in the solver.
    func fixedPlayTurn(
        mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int, payoff: (Int) -> (win: Double, tie: Double)
    ) -> TurnOdds {
        let rows = space.rows(at: (mine, theirs, myFarkles, theirFarkles), values: values, ties: ties)
        let top = rows.top
        var lose = [Double](repeating: 0, count: top)
        var tie = [Double](repeating: 0, count: top)
        for level in 0..<top where rows.bank[level] > -.infinity {
            let odds = payoff(level)
            lose[level] = 1 - odds.win - odds.tie
            tie[level] = odds.tie
        }
        // `WinTurn` carries one second payoff along the decisions: one solve for the chance to lose, one to tie.
        var scratch = [WinTurn.Entry](
            repeating: WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false),
            count: top * TurnMechanics.statesPerLevel)
        return scratch.withUnsafeMutableBufferPointer { scratch in
            let table = scratch.baseAddress.unsafelyUnwrapped
            let losing = space.turn.solve(
                top: top, topBank: space.topBank, bank: rows.bank, bankAux: lose, farkle: rows.farkle.value,
                farkleAux: 0, into: table)
            let tying = space.turn.solve(
                top: top, topBank: space.topBank, bank: rows.bank, bankAux: tie, farkle: rows.farkle.value,
                farkleAux: 0, into: table)
            // Every turn ends in a farkle, a bank or six 1s that win; what is neither lost nor tied is won.
            return TurnOdds(win: 1 - losing.slope - losing.aux - tying.aux, tie: tying.aux, farkle: losing.slope)
        }
    }
}
