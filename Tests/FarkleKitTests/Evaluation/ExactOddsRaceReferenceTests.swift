import Foundation
import Testing

@testable import FarkleKit

/// `boxed` (500 to get on the board, a final round) and `cardgames` (the first bank at the target wins) raced to
/// 1,000: twenty levels of totals, few enough for a plain value iteration in a debug build.
private func shortRace(_ preset: String) -> RuleSet {
    var rules = RuleSet.presets[preset]!
    rules.name += "-1000"
    rules.game.end = .target(1000, finalRound: rules.game.end.hasFinalRound)
    return rules
}

/// The chances of the player to move at every state of a race between two strategies that ignore the totals,
/// by plain value iteration over (mover, own total, other's total) until nothing moves: each turn's banks weighed
/// one by one, the last turn of the final round counted from the other seat's banks. Written apart from
/// `ExactOdds`, which solves each pair's farkle cycle in closed form from the highest sum down and sums the banks
/// past the target once per lead. With `exact` the target must be hit exactly: a bank past it hands the same pair
/// over, as a farkle does.
private func valueIteration(
    turns: [(entered: BlindTurnOutcomes, notEntered: BlindTurnOutcomes)], levels: Int, finalRound: Bool,
    exact: Bool = false
) -> (firstWin: Double, tie: Double) {
    func turn(_ seat: Int, total: Int) -> BlindTurnOutcomes {
        total > 0 ? turns[seat].entered : turns[seat].notEntered
    }
    /// The last player's chances to win `deficit` levels behind, at `[seat][entered][deficit]`: its own turn,
    /// which banks as always, wins with more than the deficit (and with six 1s that win), ties with as much.
    let lastWin = (0..<2).map { seat in
        [turns[seat].notEntered, turns[seat].entered].map { outcomes in
            var above = [Double](repeating: outcomes.instantWin, count: outcomes.banked.count + 1)
            for level in stride(from: outcomes.banked.count - 1, through: 0, by: -1) {
                above[level] = above[level + 1] + (level + 1 < outcomes.banked.count ? outcomes.banked[level + 1] : 0)
            }
            return above
        }
    }
    func lastTurn(_ seat: Int, total: Int, deficit: Int) -> (win: Double, tie: Double) {
        let outcomes = turn(seat, total: total)
        let above = lastWin[seat][total > 0 ? 1 : 0]
        return (
            above[min(deficit, above.count - 1)], deficit < outcomes.banked.count ? outcomes.banked[deficit] : 0
        )
    }
    var win = [[Double]](repeating: [Double](repeating: 0, count: levels * levels), count: 2)
    var tie = win
    var change = 1.0
    var sweeps = 0
    while change > 1e-16, sweeps < 10_000 {
        change = 0
        sweeps += 1
        for seat in 0..<2 {
            for mine in 0..<levels {
                for theirs in 0..<levels {
                    let outcomes = turn(seat, total: mine)
                    let other = 1 - seat
                    var (w, t) = (outcomes.instantWin, 0.0)
                    // A farkle hands the same pair to the other seat.
                    let back = theirs * levels + mine
                    w += outcomes.farkle * (1 - win[other][back] - tie[other][back])
                    t += outcomes.farkle * tie[other][back]
                    for (level, chance) in outcomes.banked.enumerated() where chance > 0 {
                        let total = mine + level
                        if total < levels {
                            let next = theirs * levels + total
                            w += chance * (1 - win[other][next] - tie[other][next])
                            t += chance * tie[other][next]
                        } else if exact && total > levels {
                            w += chance * (1 - win[other][back] - tie[other][back])
                            t += chance * tie[other][back]
                        } else if finalRound {
                            let last = lastTurn(other, total: theirs, deficit: total - theirs)
                            w += chance * (1 - last.win - last.tie)
                            t += chance * last.tie
                        } else {
                            w += chance
                        }
                    }
                    let index = mine * levels + theirs
                    change = max(change, abs(w - win[seat][index]), abs(t - tie[seat][index]))
                    (win[seat][index], tie[seat][index]) = (w, t)
                }
            }
        }
    }
    return (win[0][0], tie[0][0])
}

/// Expects the exact odds of every seating of `pairs` under `rules` (a race of `levels` totals) to be the plain value
/// iteration's, to 1e-12.
private func expectAgreement(_ rules: RuleSet, levels: Int, pairs: [[StrategySpec]], exact: Bool = false) throws {
    for specs in pairs {
        var context = StrategyContext(table: ScoringTable(rules: rules))
        let odds = try ExactOdds(strategies: specs, context: &context, threads: 2)
        var turns: [(entered: BlindTurnOutcomes, notEntered: BlindTurnOutcomes)] = []
        for spec in specs {
            guard case .blind(let entered, let notEntered) = try OddsSeat(spec, context: &context, threads: 1)
            else {
                Issue.record("\(spec) ignores the totals")
                return
            }
            turns.append((entered, notEntered))
        }
        let reference = valueIteration(
            turns: turns, levels: levels, finalRound: rules.game.end.hasFinalRound, exact: exact)
        #expect(abs(odds.winProbabilities[0] - reference.firstWin) < 1e-12, "\(rules.name) \(specs)")
        #expect(abs(odds.tieProbability - reference.tie) < 1e-12, "\(rules.name) \(specs)")
    }
}

@Suite("Exact odds of a race between strategies that ignore the totals, against a plain value iteration")
struct ExactOddsRaceReferenceTests {
    @Test(
        "every seating, with an entry minimum and a final round or the first bank at the target winning",
        arguments: ["boxed", "cardgames"])
    func againstValueIteration(preset: String) throws {
        let rules = shortRace(preset)
        try expectAgreement(
            rules, levels: 1000 / ScoringTable(rules: rules).scoreStep,
            pairs: [[.expectedValue, .greedy], [.threshold([300, 300]), .expectedValue]])
    }

    @Test("kcd raced to 1,000 hit exactly (a bank past it busts): every seating of ev, greedy and a threshold")
    func hittingExactly() throws {
        var rules = shortRace("kcd")
        rules.game.mustHitTargetExactly = true
        try BankReachability(table: ScoringTable(rules: rules)).check(source: "kcd-1000")
        try expectAgreement(
            rules, levels: 1000 / ScoringTable(rules: rules).scoreStep,
            pairs: [[.expectedValue, .greedy], [.greedy, .threshold([300, 300])]], exact: true)
        // ev never banks 50, nor does a threshold with 3 dice or more: 50 short of the target neither ever ends the
        // game, so there are no exact odds, and the evaluation says so in one line.
        var context = StrategyContext(table: ScoringTable(rules: rules))
        #expect {
            try ExactOdds(strategies: [.expectedValue, .threshold([300, 300])], context: &context, threads: 2)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("no exact odds exist") && !text.contains("\n")
        }
    }
}
