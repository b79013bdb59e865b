/// The play that maximizes the chance of reaching a total within a number of turns, alone, solved exactly.
///
/// In a game of rounds played alone (a score attack such as ten rounds of
/// `farkleten`) a player may want the best chance of a total of at least `target`
/// rather than the highest expected total. The state is (turns left r, total b,
/// turn points t, dice of state s to roll). W_r(b) is the chance of reaching the
/// target from a total of b with r turns to play, W_0(b) = 1 if b ≥ target and 0
/// otherwise; within a turn with r turns left, counting this one,
///
/// - V(t, s) = max(W_{r−1}(b + t) if the rules allow the bank, R(t, s)),
/// - R(t, s) = Σ over rolls of max over keeps V(t + keep, next state)
///   + P(farkle) · W_{r−1}(b),
///
/// and W_r(b) = R(0, whole set) from the opening roll. Totals are capped at the
/// target (a total past it counts as the target: success), so b takes the
/// values 0, step, ..., below the target.
///
/// The problem is acyclic: r falls from turn to turn, and within a turn every
/// keep adds at least one score step. Rows of t are solved from the top down,
/// each from higher rows only, with no iteration. From `max(target − b, minimum
/// bank)` on, a bank reaches the target, so V(t, s) = W_{r−1}(b) + q(s)(1 −
/// W_{r−1}(b)), q(s) the chance of reaching a state that may bank before a
/// farkle (`CappedScoreSolver` computes the same q). V never falls as t grows
/// (more turn points can copy any plan of fewer, and W never falls as the total
/// grows), so only the highest-scoring keep of each size matters, as in every
/// solver here: the rolls are grouped by `DiceSetOutcomes`.
///
/// Where a scoreless opening roll costs points (`TurnRules.scorelessOpeningRollCost`), its
/// farkle hands W_{r−1}(b − cost) on instead of W_{r−1}(b): totals fall below 0, by at most
/// the cost a turn, so with r turns left from `turns` at 0 a total is at least
/// −(turns − r) · cost, and the totals are tabulated from −(turns − 1) · cost.
///
/// Unsupported: a three-farkle penalty (the state would need the farkles in a row) and an
/// entry minimum (the state would need whether the player has entered). Six 1s score their
/// points (they end no game alone).
/// The cost is about rounds × (target / step)² / 2 levels of turn points, each of a few
/// thousand operations: ten rounds to 10,000 under `farkleten` is 201,000 levels.
public struct ReachProbabilitySolver: Sendable {
    /// The dice set's rolls and the scoring table.
    package let outcomes: DiceSetOutcomes
    /// The total to reach, in points.
    public let target: Int
    /// The turns the player has to reach it.
    public let turns: Int
    /// The chance of reaching `target` within `turns` turns under best play, from a total of 0.
    public let chance: Double
    /// The number of states (turns left, total, turn points, dice to roll) solved.
    package let stateCount: Int

    /// The most levels of turn points (over every turns left and total) the solver tabulates.
    static let maximumLevels = 1_000_000

    private let mechanics: TurnMechanics
    /// The number of totals from 0 below the target: 0, step, ..., (totalLevels − 1) · step.
    private let totalLevels: Int
    /// The number of totals below 0 tabulated, where a scoreless opening roll costs points: −step down to
    /// −(turns − 1) · cost; 0 otherwise. A total b is at index `lowLevels + b / step`.
    private let lowLevels: Int
    /// The levels a scoreless opening roll takes off the total (0: it costs nothing).
    private let costLevels: Int
    /// W_r(b) at `r * (lowLevels + totalLevels + 1) + index(b)`, r = 0...turns, index 0...lowLevels + totalLevels
    /// (the last: reached).
    private let startChances: [Double]
    /// The first entry of the block of (turns left, total) in `values` and `rollValues`, at
    /// `(r − 1) * (lowLevels + totalLevels) + index(b)`; each block has `top(b) * stateCount` entries.
    private let blockStart: [Int]
    private let values: [Double]
    private let rollValues: [Double]
    private let bankReach: [Double]

    /// Solves the chance of reaching `target` points within `turns` turns with the dice of `outcomes`.
    ///
    /// - Throws: `NotCovered` for a three-farkle penalty, an entry minimum, or more than `maximumLevels`
    ///   levels of turn points.
    /// - Precondition: `target` and `turns` are positive.
    @_spi(Kernels) public init(outcomes: DiceSetOutcomes, target: Int, turns: Int) throws(NotCovered) {
        precondition(target > 0 && turns > 0, "a positive target and number of turns")
        let rules = outcomes.table.rules
        if let penalty = rules.turn.threeFarklePenalty {
            throw NotCovered(
                description: "the chance to reach a total does not cover a three-farkle penalty (rules '\(rules.name)' "
                    + "take \(penalty) for three farkles in a row)")
        }
        if let reason = rules.game.exactTargetRefusal(
            rules: rules.name, of: "the chances to reach a total", instead: "solve the game to win instead")
        {
            throw NotCovered(description: reason)
        }
        if let reason = rules.game.piggybackRefusal(rules: rules.name, of: "the chances to reach a total") {
            throw NotCovered(description: reason)
        }
        if rules.game.entryMinimum > 0 {
            throw NotCovered(
                description: "the chance to reach a total does not cover an entry minimum (rules '\(rules.name)' "
                    + "need \(rules.game.entryMinimum) points to enter)")
        }
        let mechanics = outcomes.table.turnMechanics
        let step = mechanics.scoreStep
        let totalLevels = (target + step - 1) / step
        let bankLevel = (mechanics.minimumBank + step - 1) / step
        let costLevels = rules.turn.scorelessOpeningRollCost / step
        // Bounded before it is multiplied: a cost far past the target leaves the tabulated totals beyond any table.
        guard costLevels <= Self.maximumLevels / max(turns - 1, 1) else {
            throw NotCovered(
                description: "reaching \(target) in \(turns) turns, each scoreless opening roll costing "
                    + "\(rules.turn.scorelessOpeningRollCost), takes more than \(Self.maximumLevels) levels of turn points "
                    + "under rules '\(rules.name)'")
        }
        let lowLevels = (turns - 1) * costLevels
        let totalCount = lowLevels + totalLevels
        // The table's top for each total, from the lowest: where a bank reaches the target.
        let tops = (0..<totalCount).map { max(totalCount - $0, bankLevel) }
        let levelCount = tops.reduce(0, +) * turns
        guard levelCount <= Self.maximumLevels else {
            throw NotCovered(
                description: "reaching \(target) in \(turns) turns takes \(levelCount) levels of turn points in steps "
                    + "of \(step) under rules '\(rules.name)'; at most \(Self.maximumLevels)")
        }
        let states = outcomes.stateCount
        let full = outcomes.fullState
        let reach = CappedScoreSolver.reachChances(outcomes, mechanics)
        var starts = [Double](repeating: 0, count: (turns + 1) * (totalCount + 1))
        starts[totalCount] = 1
        var blockStart = [Int](repeating: 0, count: turns * totalCount)
        var values = [Double](repeating: 0, count: levelCount * states)
        var rollValues = [Double](repeating: 0, count: levelCount * states)
        let everyRollFarkle = mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: false)
        let openingFarkle = mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: true)
        let hasSixDice = outcomes.diceInState[full] == DiceCounts.maximumDice
        var next = 0
        for left in 1...turns {
            let previous = (left - 1) * (totalCount + 1)
            for total in 0..<totalCount {
                let top = tops[total]
                let block = next
                blockStart[(left - 1) * totalCount + total] = block
                next += top * states
                let failed = starts[previous + total]
                func later(_ level: Int, _ state: Int) -> Double {
                    level >= top ? failed + reach[state] * (1 - failed) : values[block + level * states + state]
                }
                for level in stride(from: top - 1, through: 0, by: -1) {
                    let banked = starts[previous + min(total + level, totalCount)]
                    for state in 1..<states {
                        var sum = outcomes.farkleProbability[state] * failed
                        for group in outcomes.groups(of: state) {
                            var best = 0.0
                            for option in outcomes.options(of: group) {
                                best = max(best, later(level + option.steps, option.next))
                            }
                            sum += outcomes.groupProbability[group] * best
                        }
                        if state == full, hasSixDice, let farkle = everyRollFarkle {
                            sum +=
                                outcomes.farkleProbability[state]
                                * (later(level + mechanics.level(turnPoints: farkle), full) - failed)
                        }
                        let index = block + level * states + state
                        rollValues[index] = sum
                        let mayBank = mechanics.mayBank(turnPoints: level * step, diceLeft: outcomes.diceInState[state])
                        values[index] = mayBank ? max(banked, sum) : sum
                    }
                }
                var opening = rollValues[block + full]
                if hasSixDice, everyRollFarkle == nil, let farkle = openingFarkle {
                    opening +=
                        outcomes.farkleProbability[full] * (later(mechanics.level(turnPoints: farkle), full) - failed)
                }
                if hasSixDice {
                    opening = mechanics.openingRoll(
                        opening, farkle: failed, farkleChance: outcomes.farkleProbability[full])
                }
                if costLevels > 0 {
                    // The scoreless opening roll hands on the total less the cost. Below the lowest total tabulated
                    // only from totals no game from 0 reaches with this many turns left (the class comment).
                    let cost = starts[previous + max(total - costLevels, 0)]
                    opening += outcomes.farkleProbability[full] * (cost - failed)
                }
                starts[left * (totalCount + 1) + total] = opening
            }
            starts[left * (totalCount + 1) + totalCount] = 1
        }
        self.outcomes = outcomes
        self.target = target
        self.turns = turns
        self.mechanics = mechanics
        self.totalLevels = totalLevels
        self.lowLevels = lowLevels
        self.costLevels = costLevels
        self.startChances = starts
        self.blockStart = blockStart
        self.values = values
        self.rollValues = rollValues
        self.bankReach = reach
        self.stateCount = levelCount * (states - 1)
        self.chance = starts[turns * (totalCount + 1) + lowLevels]
    }

    /// Builds the table of `rules` and solves ordinary dice, as many as the game has (`TurnRules.dice`).
    public init(rules: RuleSet, target: Int, turns: Int) throws(NotCovered) {
        try self.init(
            outcomes: DiceSetOutcomes(table: ScoringTable(rules: rules), set: .ordinary), target: target, turns: turns)
    }

    // MARK: - Values

    /// W_r(b): the chance of reaching the target from a total of `total` with `turnsLeft` turns to play, each
    /// from its opening roll, under best play; 1 from the target on.
    ///
    /// - Precondition: `turnsLeft` is 0...turns; `total` is a multiple of the score step, at least
    ///   `lowestTotal(turnsLeft:)`.
    public func chance(turnsLeft: Int, total: Int) -> Double {
        precondition((0...turns).contains(turnsLeft), "0 to \(turns) turns left")
        let index = checkedTotal(total, turnsLeft: turnsLeft)
        return startChances[turnsLeft * (lowLevels + totalLevels + 1) + index]
    }

    /// The lowest total the chances with `turnsLeft` turns to play are solved from: 0, or where a scoreless
    /// opening roll costs points, the lowest a game from 0 with `turns` turns reaches, −(turns − turnsLeft) · cost.
    public func lowestTotal(turnsLeft: Int) -> Int {
        -(turns - max(turnsLeft, 1)) * costLevels * mechanics.scoreStep
    }

    /// V(t, s): the chance of reaching the target under best play with `turnPoints` on the table and the dice
    /// of `state` to roll, from a total of `total` with `turnsLeft` turns to play, this one included.
    ///
    /// - Precondition: `turnsLeft` is 1...turns; `total` is below the target and at least
    ///   `lowestTotal(turnsLeft:)`; `total` and `turnPoints` are multiples of the score step, `turnPoints`
    ///   non-negative; `state` is 1..<stateCount of `outcomes`.
    func value(turnsLeft: Int, total: Int, turnPoints: Int, state: Int) -> Double {
        lookup(values, turnsLeft, total, turnPoints, state)
    }

    /// R(t, s): the same chance if the player rolls the dice of `state` now and plays best after.
    ///
    /// - Precondition: as for `value(turnsLeft:total:turnPoints:state:)`.
    func rollValue(turnsLeft: Int, total: Int, turnPoints: Int, state: Int) -> Double {
        let (block, level, top) = position(turnsLeft, total, turnPoints, state)
        if level < top { return rollValues[block + level * outcomes.stateCount + state] }
        // Past the tabulated rows a bank reaches the target: the roll keeps the chance to reach a bank.
        let failed = chance(turnsLeft: turnsLeft - 1, total: total)
        var sum = outcomes.farkleProbability[state] * failed
        for group in outcomes.groups(of: state) {
            let best = outcomes.options(of: group).map { bankReach[$0.next] }.max() ?? 0
            sum += outcomes.groupProbability[group] * (failed + best * (1 - failed))
        }
        return sum
    }

    /// What banking `turnPoints` is worth (the chance from the new total with one turn less), or `nil` where
    /// the rules do not allow the bank.
    func bankValue(turnsLeft: Int, total: Int, turnPoints: Int, state: Int) -> Double? {
        guard mechanics.mayBank(turnPoints: turnPoints, diceLeft: outcomes.diceInState[state]) else { return nil }
        return chance(turnsLeft: turnsLeft - 1, total: total + turnPoints)
    }

    /// Whether best play banks `turnPoints` with the dice of `state` left (on equal chances it banks).
    ///
    /// The keep to take from a roll is the one of highest `value(turnsLeft:total:turnPoints:state:)` after it.
    package func shouldBank(turnsLeft: Int, total: Int, turnPoints: Int, state: Int) -> Bool {
        guard let bank = bankValue(turnsLeft: turnsLeft, total: total, turnPoints: turnPoints, state: state) else {
            return false
        }
        return bank >= rollValue(turnsLeft: turnsLeft, total: total, turnPoints: turnPoints, state: state)
    }

    /// The least turn points from which best play banks with the dice of `state` at every higher turn points,
    /// from a total of `total` with `turnsLeft` turns to play; `nil` where the rules never allow that bank.
    ///
    /// From the target less the total (and the minimum bank) on, a bank reaches the target, so there is always
    /// such a point. Below it best play may still bank at some turn points (`shouldBank` says where): the
    /// chance need not be monotone in the turn points the way a threshold suggests.
    package func bankThreshold(turnsLeft: Int, total: Int, state: Int) -> Int? {
        guard mechanics.allowsBanking(diceLeft: outcomes.diceInState[state]) else { return nil }
        let step = mechanics.scoreStep
        var level = position(turnsLeft, total, 0, state).2
        while level > 0, shouldBank(turnsLeft: turnsLeft, total: total, turnPoints: (level - 1) * step, state: state) {
            level -= 1
        }
        return level * step
    }

    // MARK: - Lookup

    private func lookup(_ table: [Double], _ turnsLeft: Int, _ total: Int, _ turnPoints: Int, _ state: Int) -> Double {
        let (block, level, top) = position(turnsLeft, total, turnPoints, state)
        if level < top { return table[block + level * outcomes.stateCount + state] }
        let failed = chance(turnsLeft: turnsLeft - 1, total: total)
        return failed + bankReach[state] * (1 - failed)
    }

    /// The block of (turns left, total), the level of the turn points and the block's number of levels.
    private func position(_ turnsLeft: Int, _ total: Int, _ turnPoints: Int, _ state: Int) -> (Int, Int, Int) {
        precondition((1...turns).contains(turnsLeft), "1 to \(turns) turns left")
        let totalIndex = checkedTotal(total, turnsLeft: turnsLeft)
        precondition(totalIndex < lowLevels + totalLevels, "a total below the target")
        precondition(
            turnPoints >= 0 && turnPoints % mechanics.scoreStep == 0, "turn points are multiples of the score step")
        precondition((1..<outcomes.stateCount).contains(state), "a state with dice to roll")
        let index = (turnsLeft - 1) * (lowLevels + totalLevels) + totalIndex
        let end = index + 1 < blockStart.count ? blockStart[index + 1] : values.count
        let top = (end - blockStart[index]) / outcomes.stateCount
        return (blockStart[index], mechanics.level(turnPoints: turnPoints), top)
    }

    /// The index of `total` among the tabulated totals, capped at the target.
    private func checkedTotal(_ total: Int, turnsLeft: Int) -> Int {
        let step = mechanics.scoreStep
        precondition(total % step == 0, "totals are multiples of the score step")
        precondition(total >= lowestTotal(turnsLeft: turnsLeft), "a total a game from 0 reaches")
        return lowLevels + min(total / step, totalLevels)
    }
}
