import Testing

@_spi(Kernels) @testable import FarkleKit

/// SplitMix64: a tiny seeded generator, so the estimate is the same on every run.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer below `bound` (bound <= 6^6, so the modulo bias is below 1e-13).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// Plays one turn by `policy` under `rules` and returns the points banked.
private func playTurn(_ policy: ExpectedScorePolicy, table: ScoringTable, random: inout SplitMix64) -> Int {
    let rules = table.rules.turn
    let catalog = DiceCatalog.shared
    var turnPoints = 0
    var dice = 6
    var opening = true
    while true {
        let multiset = catalog.multisetIndex(
            ofOrderedRoll: random.below(DiceCatalog.orderedRollCounts[dice]), dice: dice)
        let keep = policy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset)
        if keep.diceUsed == 0 {
            guard dice == 6, let farkle = rules.sixDiceFarkle, opening || rules.sixDiceFarkleOnEveryRoll else {
                return 0
            }
            turnPoints += farkle
        } else {
            turnPoints += keep.score
            dice -= keep.diceUsed
            if dice == 0 { dice = 6 }
        }
        opening = false
        if turnPoints >= rules.minimumBank, rules.allowsBanking(diceLeft: dice),
            policy.shouldBank(turnPoints: turnPoints, diceLeft: dice)
        {
            return turnPoints
        }
    }
}

@Suite("ExpectedScorePolicy played out")
struct ExpectedScorePolicyTests {
    @Test("a seeded Monte Carlo of the policy agrees with the expected turn score within 4 standard errors")
    func monteCarlo() {
        var standardWithMinimum = RuleSet.standard
        standardWithMinimum.turn.minimumBank = 300
        standardWithMinimum.turn.sixDiceFarkleOnEveryRoll = true
        for (rules, seed) in [(RuleSet.standard, UInt64(2024)), (standardWithMinimum, 7)] {
            let solver = ExpectedScoreSolver(rules: rules)
            var random = SplitMix64(state: seed)
            let turns = 60_000
            var sum = 0.0
            var squares = 0.0
            for _ in 0..<turns {
                let points = Double(playTurn(solver.policy, table: solver.table, random: &random))
                sum += points
                squares += points * points
            }
            let mean = sum / Double(turns)
            let standardError = ((squares / Double(turns) - mean * mean) / Double(turns - 1)).squareRoot()
            #expect(abs(mean - solver.expectedTurnScore) <= 4 * standardError, "\(rules.name): \(mean)")
        }
    }

    @Test("a move is the best keep and the bank decision after it, inside the move table and above it")
    func movesAgreeWithKeepAndBank() {
        var sixDiceBank = RuleSet.standard
        sixDiceBank.turn.hotDiceMandatory = false
        sixDiceBank.turn.minimumBank = 350
        for rules in [RuleSet.standard, sixDiceBank] {
            let solver = ExpectedScoreSolver(rules: rules)
            let policy = solver.policy
            let step = solver.table.scoreStep
            #expect(policy.moveLevels > 0 && policy.moveLevels <= solver.tabulatedPoints / step + 1)
            var checked = 0
            var mismatches = 0
            // Every level of the move table and a few past it, then past the solver's bound (last row).
            let moveTable = stride(from: 0, through: (policy.moveLevels + 5) * step, by: step)
            for turnPoints in Array(moveTable) + [solver.tabulatedPoints, solver.tabulatedPoints + 20 * step] {
                for dice in 1...6 {
                    for multiset in 0..<DiceCatalog.shared.multisetCount(dice: dice) {
                        let keep = policy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset)
                        guard keep.diceUsed > 0 else { continue }
                        let move = policy.move(turnPoints: turnPoints, dice: dice, multiset: multiset)
                        let banks = policy.shouldBank(
                            turnPoints: turnPoints + keep.score,
                            diceLeft: move.diceLeft(afterRolling: dice, under: solver.table.rules.turn))
                        if move != Move(keep: keep, banks: banks) { mismatches += 1 }
                        checked += 1
                    }
                }
            }
            #expect(checked > 0 && mismatches == 0, "\(rules.name)")
        }
    }
}
