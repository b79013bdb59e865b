extension BankReachability {
    /// Which turn points a turn can bank exactly, from 0 to `most`: `banks[p / step]` for the multiples `p` of the
    /// score step `step`, for a player whose least bank is `leastBank`.
    ///
    /// A turn banks exactly p where some state it can reach holds p turn points with a count of dice left that
    /// allows banking, and p is positive and at least `leastBank`. The states are (turn points, dice to roll) from
    /// the opening roll: every distinct keep of every roll (all the dice again after hot dice) and the six-dice
    /// farkle lead on; points past `most` are never needed. Where a race's target must be hit exactly
    /// (`GameRules.mustHitTargetExactly`), `checkExactTarget(source:)` asks it whether every amount short of the
    /// target can be banked.
    ///
    /// With `stoppingAtGap` the scan stops at the first positive level that cannot be banked, the last one returned
    /// (a rule file with a gap is refused at once, however far its target).
    ///
    /// - Complexity: O(`most` / `step` · the rules' distinct keeps of each dice count).
    package static func exactBanks(
        table: ScoringTable, upTo most: Int, leastBank: Int, stoppingAtGap: Bool = false
    ) -> [Bool] {
        let step = table.scoreStep
        let mechanics = table.turnMechanics
        let maximum = mechanics.dice
        let levels = most / step + 1
        // moves[n]: the (levels added, dice left) of every distinct keep of some roll of n dice.
        var moves = [[(steps: Int, left: Int)]](repeating: [], count: maximum + 1)
        for dice in 1...maximum {
            var seen = Set<[Int]>()
            for multiset in 0..<DiceCatalog.shared.multisetCount(dice: dice) {
                for keep in table.keeps(dice: dice, multiset: multiset) where keep.score > 0 {
                    let move = [keep.score / step, mechanics.diceLeft(afterKeeping: keep.diceUsed, of: dice)]
                    if seen.insert(move).inserted { moves[dice].append((move[0], move[1])) }
                }
            }
        }
        // reached[level * width + dice], one flat array (a million levels where the step is 1 point); the opening
        // roll is 0 points with every die and may take the six-dice farkle.
        let width = maximum + 1
        var reached = [Bool](repeating: false, count: levels * width)
        reached[maximum] = true
        let openingFarkle = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: true).map { $0 / step }
        let everyRollFarkle = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: false).map { $0 / step }
        if let jump = openingFarkle ?? everyRollFarkle, jump < levels { reached[jump * width + maximum] = true }
        let banking = (1...maximum).filter { mechanics.allowsBanking(diceLeft: $0) }
        var banks: [Bool] = []
        // Every keep adds points: one pass from 0 up settles every level, each before any level above reads it.
        for level in 0..<levels {
            let points = level * step
            banks.append(points > 0 && points >= leastBank && banking.contains { reached[level * width + $0] })
            if stoppingAtGap, level > 0, !banks[level] { break }
            for dice in 1...maximum where reached[level * width + dice] {
                for move in moves[dice] where level + move.steps < levels {
                    reached[(level + move.steps) * width + move.left] = true
                }
                if dice == maximum, let jump = everyRollFarkle, level + jump < levels {
                    reached[(level + jump) * width + maximum] = true
                }
            }
        }
        return banks
    }

    /// Refuses a target to hit exactly that some total could never hit, in one line naming `game.exact_target`: one
    /// off the score step, one no first bank can hit under the entry minimum, or an amount short of it that no turn
    /// can bank, which would leave a player that short stuck for ever (and a game of two such players endless).
    ///
    /// - Throws: `RuleSetError` saying which amount cannot be banked and what to change.
    package func checkExactTarget(source: String) throws(RuleSetError) {
        guard rules.game.mustHitTargetExactly, let target = rules.game.end.target else { return }
        let step = table.scoreStep
        func refuse(_ problem: String) -> RuleSetError {
            RuleSetError(source: source, key: "game.exact_target", problem: problem)
        }
        guard target % step == 0 else {
            throw refuse(
                "needs a target that banks can add up to: \(target) is not a multiple of \(step), the score step of "
                    + "these rules")
        }
        let mechanics = table.turnMechanics
        let banks = Self.exactBanks(
            table: table, upTo: target, leastBank: mechanics.minimumBank, stoppingAtGap: true)
        if let short = (1..<banks.count).first(where: { !banks[$0] }) {
            throw refuse(
                "needs every amount up to the target to be bankable, but no turn under these rules banks exactly "
                    + "\(short * step): a total that short of the target could never hit it (lower "
                    + "turn.minimum_bank, let players bank with more dice left, turn.bank_with_dice_left, or score "
                    + "every multiple of \(step))")
        }
        // Every amount banks (so the target does, from a turn that reaches it alike for every player); a player
        // not yet on the board needs it to meet the entry minimum too.
        let entry = mechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: false)
        guard target >= entry else {
            throw refuse(
                "needs a first bank that can hit the target: the entry minimum \(rules.game.entryMinimum) is above "
                    + "\(target)")
        }
    }
}
