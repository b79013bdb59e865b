@_spi(Kernels) @testable import FarkleKit

/// An independent solver of small two-player games played to win, written straight from the rules and
/// as unlike `WinProbabilitySolver` as possible: every keep of every roll (rolls merged only where their
/// lists of keeps are the same), plain value
/// iteration over all pairs of totals in any order (no ordering by sums, no Newton steps), and turn
/// points clamped where every payoff is the same.
///
/// Meant for rules with short turns: with a final round, the table above the target reaches as far as
/// the final-round value keeps changing.
struct WinBruteForce {
    /// One roll of n dice: its probability, whether it wins at once, and its keeps (points, dice left).
    struct Roll {
        var probability: Double
        var instantWin: Bool
        /// Loses the game at once: worth nothing to the player who rolls it.
        var instantLoss = false
        var keeps: [(points: Int, diceLeft: Int)]
    }

    let rules: RuleSet
    let step: Int
    let rolls: [[Roll]]

    init(rules: RuleSet) {
        self.rules = rules
        let table = ScoringTable(rules: rules)
        step = table.scoreStep
        var rolls: [[Roll]] = [[]]
        for dice in 1...6 {
            var list: [Roll] = []
            for (index, roll) in DiceCatalog.shared.multisets[dice].enumerated() {
                let probability =
                    Double(DiceCatalog.orderedRollCount(of: roll)) / Double(DiceCatalog.orderedRollCounts[dice])
                // Six dice of one face the rules list win at once, whatever they would score.
                let instantWin = dice == 6 && rules.game.instantWinFaces.contains { roll[$0] == 6 }
                // Every keep: all of the dice kept means hot dice, every die of the game to roll again.
                let keeps = table.keeps(dice: dice, multiset: index).map { keep in
                    (points: keep.score, diceLeft: keep.diceUsed == dice ? rules.turn.dice : dice - keep.diceUsed)
                }
                let instantLoss =
                    dice == 6 && !instantWin && rules.game.instantLossFaces.contains { roll[$0] == 6 }
                list.append(
                    Roll(probability: probability, instantWin: instantWin, instantLoss: instantLoss, keeps: keeps))
            }
            rolls.append(Self.merged(list))
        }
        self.rolls = rolls
    }

    /// `rolls` with the rolls that offer the same keeps (and win at once alike) as one, their chances added:
    /// a sum regrouped, nothing else (with single 1s only, 462 rolls of six dice become 7).
    private static func merged(_ rolls: [Roll]) -> [Roll] {
        var merged: [Roll] = []
        var index: [String: Int] = [:]
        for roll in rolls {
            let keeps = roll.keeps.map { "\($0.points)/\($0.diceLeft)" }.sorted().joined(separator: ",")
            let key = "\(roll.instantWin) \(roll.instantLoss) \(keeps)"
            if let at = index[key] {
                merged[at].probability += roll.probability
            } else {
                index[key] = merged.count
                merged.append(roll)
            }
        }
        return merged
    }

    /// Whether a player may bank `points` with `dice` dice to roll next.
    func mayBank(points: Int, dice: Int, entered: Bool) -> Bool {
        let least = max(rules.turn.minimumBank, entered ? 0 : rules.game.entryMinimum)
        // Every die of the game to roll after a keep is hot dice.
        let diceAllow =
            dice == rules.turn.dice ? !rules.turn.hotDiceMandatory : rules.turn.bankingDiceLeft.contains(dice)
        return diceAllow && points >= least
    }

    /// The best value of a turn from its opening roll: a farkle pays `farkle` (on a scoreless opening roll
    /// `openingFarkle` where given), banking `points` pays `bank(points)`; from `clamp` points on every bank pays
    /// the same, so higher points count as `clamp`.
    func turnValue(
        farkle: Double, openingFarkle: Double? = nil, clamp: Int, entered: Bool, bank: (Int) -> Double
    ) -> Double {
        // values[points / step][dice]; the top row (clamp) loops on itself through hot dice.
        let rows = clamp / step + 1
        var values = [[Double]](repeating: [Double](repeating: 0, count: 7), count: rows)
        func valueAfter(_ points: Int, _ dice: Int) -> Double { values[min(points, clamp) / step][dice] }
        /// `rerolled`: what a scoreless opening roll is worth where it is rolled again.
        func rollValue(_ points: Int, _ dice: Int, opening: Bool, rerolled: Double? = nil) -> Double {
            var sum = 0.0
            for roll in rolls[dice] {
                if roll.instantWin {
                    sum += roll.probability
                } else if roll.instantLoss {
                    continue
                } else if roll.keeps.isEmpty {
                    let bonus = rules.turn.sixDiceFarkle
                    if dice == 6, let bonus, opening || rules.turn.sixDiceFarkleOnEveryRoll {
                        sum += roll.probability * valueAfter(points + bonus, 6)
                    } else if opening, let rerolled {
                        sum += roll.probability * rerolled
                    } else if opening, let openingFarkle {
                        sum += roll.probability * openingFarkle
                    } else {
                        sum += roll.probability * farkle
                    }
                } else {
                    var best = -Double.infinity
                    for keep in roll.keeps { best = max(best, valueAfter(points + keep.points, keep.diceLeft)) }
                    sum += roll.probability * best
                }
            }
            return sum
        }
        func settle(_ row: Int) -> Bool {
            var changed = false
            for dice in 1...6 {
                let points = row * step
                var value = rollValue(points, dice, opening: false)
                if mayBank(points: points, dice: dice, entered: entered) { value = max(value, bank(points)) }
                if abs(value - values[row][dice]) > 1e-15 { changed = true }
                values[row][dice] = value
            }
            return changed
        }
        var rounds = 0
        while settle(rows - 1), rounds < 100_000 { rounds += 1 }
        for row in stride(from: rows - 2, through: 0, by: -1) { _ = settle(row) }
        guard rules.turn.rerollsScorelessOpeningRoll, rules.turn.sixDiceFarkle == nil else {
            return rollValue(0, rules.turn.dice, opening: true)
        }
        // Rolled again until it scores: the opening roll worth x when a scoreless one is worth x, iterated.
        var opening = farkle
        for _ in 0..<10_000 {
            let next = rollValue(0, rules.turn.dice, opening: true, rerolled: opening)
            defer { opening = next }
            if abs(next - opening) <= 1e-16 { break }
        }
        return opening
    }

    /// The values of the player to move at every pair of totals below the target, by value iteration
    /// until a sweep changes nothing by more than 1e-14.
    ///
    /// With a final round, a bank that reaches the target pays 1 - G(lead) (the opponent's last turn);
    /// the turn points are clamped at the lead from which G no longer changes by more than 1e-15. Where the
    /// target must be hit exactly, a bank past it pays what a farkle does, and every point past it is one state.
    func raceValues() -> [[Double]] {
        guard case .target(let target, let finalRound) = rules.game.end else { fatalError("a race") }
        let levels = (target + step - 1) / step
        var last: [Bool: [Double]] = [:]
        var saturation = 0
        if finalRound {
            for entered in [false, true] {
                let values = finalRoundValues(entered: entered)
                last[entered] = values
                saturation = max(saturation, values.count * step)
            }
        }
        func finalRoundLoss(lead: Int, entered: Bool) -> Double {
            let values = last[entered]!
            return values[min(lead / step, values.count - 1)]
        }
        var values = [[Double]](repeating: [Double](repeating: 0.5, count: levels), count: levels)
        for _ in 0..<10_000 {
            var change = 0.0
            for mine in 0..<levels {
                for theirs in 0..<levels {
                    let entered = mine > 0
                    let least = max(rules.turn.minimumBank, entered ? 0 : rules.game.entryMinimum)
                    let toTarget = target - mine * step
                    let exact = rules.game.mustHitTargetExactly
                    let clamp =
                        exact
                        ? toTarget + step : max(toTarget, least, finalRound ? saturation + (theirs - mine) * step : 0)
                    let farkle = 1 - values[theirs][mine]
                    let value = turnValue(farkle: farkle, clamp: clamp, entered: entered) { points in
                        let total = mine * step + points
                        if exact && total > target { return farkle }
                        if total < target { return 1 - values[theirs][total / step] }
                        return finalRound ? 1 - finalRoundLoss(lead: total - theirs * step, entered: theirs > 0) : 1
                    }
                    change = max(change, abs(value - values[mine][theirs]))
                    values[mine][theirs] = value
                }
            }
            if change < 1e-14 { break }
        }
        return values
    }

    /// `finalRoundValue(deficit:entered:)` at deficits 0, step, 2 step, ... up to where it has settled: the
    /// last value stands for every deficit beyond.
    ///
    /// G can stay flat over any stretch no bank ends in (below the least bank, or below the fewest points
    /// that leave a die count banking is allowed with), so it has settled only when it stays put over more
    /// deficits than one keep can jump.
    func finalRoundValues(entered: Bool) -> [Double] {
        let window = rolls.joined().flatMap(\.keeps).map(\.points).max().map { $0 / step + 2 } ?? 2
        let least = max(rules.game.entryMinimum, rules.turn.minimumBank)
        var values: [Double] = []
        repeat {
            values.append(finalRoundValue(deficit: values.count * step, entered: entered))
        } while values.count <= window || values.count * step <= least
            || abs(values[values.count - 1] - values[values.count - 1 - window]) > 1e-15
        return values
    }

    /// The final-round player's P(win) + ½ P(tie), `deficit` points behind.
    func finalRoundValue(deficit: Int, entered: Bool) -> Double {
        let least = max(rules.turn.minimumBank, entered ? 0 : rules.game.entryMinimum)
        let clamp = max(deficit + step, least)
        return turnValue(farkle: 0, clamp: clamp, entered: entered) { points in
            points > deficit ? 1 : points == deficit ? 0.5 : 0
        }
    }

    /// The values under a three-farkle penalty, `values[myFarkles][theirFarkles][mine][theirs]` with totals
    /// as indices from `floor`, by value iteration over every state in any order until a sweep changes
    /// nothing by more than 1e-14. A third farkle in a row takes the penalty (never below `floor`) and
    /// restarts the count; a bank restarts it too.
    ///
    /// A scoreless opening roll that costs points (`"six_dice_farkle": {"cost": c}`) is a farkle from the total
    /// less c (never below `floor`); without a penalty the counts are kept all the same, and a third farkle in a
    /// row takes nothing.
    func penaltyValues(floor: Int) -> [[[[Double]]]] {
        guard case .target(let target, let finalRound) = rules.game.end else { fatalError("a race") }
        var cost = 0
        if rules.turn.sixDiceFarkle == nil, !rules.turn.rerollsScorelessOpeningRoll {
            cost = rules.turn.openingFarkleCost
        }
        let levels = (target - floor + step - 1) / step
        // A total after a third farkle: points taken (never below the floor), or nothing left.
        func penalized(_ total: Int) -> Int {
            switch rules.turn.threeFarklePenalty {
            case .points(let points): max(total - points, floor)
            case .wholeTotal: 0
            case nil: total
            }
        }
        let last = finalRound ? finalRoundValues(entered: true) : []
        let row = [Double](repeating: 0.5, count: levels)
        var values = [[[[Double]]]](
            repeating: [[[Double]]](repeating: [[Double]](repeating: row, count: levels), count: 3), count: 3)
        // The value to the player who farkles from `total` with `myFarkles` in a row before.
        func afterFarkle(_ total: Int, _ myFarkles: Int, _ theirFarkles: Int, _ theirs: Int) -> Double {
            myFarkles < 2
                ? 1 - values[theirFarkles][myFarkles + 1][theirs][(total - floor) / step]
                : 1 - values[theirFarkles][0][theirs][(penalized(total) - floor) / step]
        }
        for _ in 0..<10_000 {
            var change = 0.0
            for mine in 0..<levels {
                for theirs in 0..<levels {
                    for myFarkles in 0...2 {
                        for theirFarkles in 0...2 {
                            let myTotal = floor + mine * step
                            let theirTotal = floor + theirs * step
                            let farkle = afterFarkle(myTotal, myFarkles, theirFarkles, theirs)
                            let openingFarkle =
                                cost > 0
                                ? afterFarkle(max(myTotal - cost, floor), myFarkles, theirFarkles, theirs) : nil
                            let exact = rules.game.mustHitTargetExactly
                            let clamp =
                                exact
                                ? target - myTotal + step
                                : max(
                                    target - myTotal, rules.turn.minimumBank,
                                    finalRound ? last.count * step + theirTotal - myTotal : 0)
                            let value = turnValue(
                                farkle: farkle, openingFarkle: openingFarkle, clamp: clamp, entered: true
                            ) { points in
                                let total = myTotal + points
                                // Past a target to hit exactly: a farkle, counted toward the penalty.
                                if exact && total > target { return farkle }
                                if total < target { return 1 - values[theirFarkles][0][theirs][(total - floor) / step] }
                                guard finalRound else { return 1 }
                                return 1 - last[min((total - theirTotal) / step, last.count - 1)]
                            }
                            change = max(change, abs(value - values[myFarkles][theirFarkles][mine][theirs]))
                            values[myFarkles][theirFarkles][mine][theirs] = value
                        }
                    }
                }
            }
            if change < 1e-14 { break }
        }
        return values
    }
}
