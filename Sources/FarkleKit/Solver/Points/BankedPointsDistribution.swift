/// The exact probability of every number of points a turn banks under expected-score optimal play, or under
/// any policy that looks only at the turn.
///
/// Computed forward from the opening roll over the states (turn points, dice to
/// roll), turn points ascending: every keep adds points, so a state's probability
/// is final before it is spread to its successors. Each roll of n dice is
/// weighted by its count of ordered outcomes over 6^n, and the keep and the bank
/// decision are the policy's (the solver's, or a bot's, at random where it draws). A farkle banks 0, and a scoreless
/// opening roll that costs points (`TurnRules.scorelessOpeningRollCost`) minus the cost: the points are what the
/// turn adds to the total. Its mean is the solver's expected turn score, which the tests check.
package struct BankedPointsDistribution: Sendable {
    /// The turn points step of the rule set; `probabilities[i]` is for `lowestPoints + i * scoreStep` points.
    package let scoreStep: Int
    /// The points of `probabilities[0]`: 0, or below it where a scoreless opening roll costs points (minus the
    /// cost for a turn, the sum of the turns' for a total of several).
    package let lowestPoints: Int
    /// The probability of adding `lowestPoints + i * scoreStep` points, i = 0, 1, ... (0 points include farkles).
    package let probabilities: [Double]
    /// The probability of turns that reach more points than the distribution covers (below 1e-9 in practice).
    let truncatedProbability: Double

    /// The distribution under `solver`'s policy, tracking turn points up to `maximumPoints`.
    package init(solver: ExpectedScoreSolver, maximumPoints: Int = 50_000) {
        let policy = solver.policy
        self.init(table: solver.table, maximumPoints: maximumPoints) { turnPoints, dice, multiset, keep in
            let best = policy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset)
            if best.diceUsed > 0 { keep(best.score, best.diceUsed, 1) }
        } bankChance: { turnPoints, diceLeft in
            policy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft) ? 1 : 0
        }
    }

    /// The distribution of the points a turn banks under any policy that looks only at the turn: exact policy
    /// evaluation, tracking turn points up to `maximumPoints`.
    ///
    /// The policy may be random. After rolling `dice` dice that show multiset `multiset` (a `DiceCatalog`
    /// index) with `turnPoints` before the roll, `keeps` calls its last argument once for every keep the
    /// policy may take, with the keep's points, its dice and the chance of taking it (the chances summing to
    /// 1); it calls it for no keep on a roll that scores nothing. `bankChance` is the chance that the policy
    /// banks with `turnPoints` and `diceLeft` dice to roll (6 after hot dice), asked after every keep and
    /// counted only where the rules allow the bank. A turn starts with a roll, without asking.
    init(
        table: ScoringTable, maximumPoints: Int = 50_000,
        keeps: (_ turnPoints: Int, _ dice: Int, _ multiset: Int, _ keep: (Int, Int, Double) -> Void) -> Void,
        bankChance: (_ turnPoints: Int, _ diceLeft: Int) -> Double
    ) {
        let mechanics = table.turnMechanics
        let catalog = DiceCatalog.shared
        let step = mechanics.scoreStep
        let levels = mechanics.level(turnPoints: maximumPoints) + 1
        let weights = (0...DiceCounts.maximumDice).map { dice in
            catalog.multisets[dice].map {
                Double(DiceCatalog.orderedRollCount(of: $0)) / Double(DiceCatalog.orderedRollCounts[dice])
            }
        }
        var mass = [Double](repeating: 0, count: levels * TurnMechanics.statesPerLevel)
        var banked = [Double](repeating: 0, count: levels)
        // The chance of a scoreless opening roll that costs points.
        var costs = 0.0
        var truncated = 0.0
        mass[TurnMechanics.stateIndex(level: 0, diceLeft: mechanics.dice)] = 1
        func add(_ probability: Double, points: Int, dice: Int) {
            let level = mechanics.level(turnPoints: points)
            if level < levels {
                mass[TurnMechanics.stateIndex(level: level, diceLeft: dice)] += probability
            } else {
                truncated += probability
            }
        }
        for level in 0..<levels {
            let points = level * step
            for dice in 1...DiceCounts.maximumDice {
                var probability = mass[TurnMechanics.stateIndex(level: level, diceLeft: dice)]
                guard probability > 0 else { continue }
                let isOpening = mechanics.isOpeningRoll(turnPoints: points, rolled: dice)
                if !isOpening, mechanics.mayBank(turnPoints: points, diceLeft: dice) {
                    let chance = bankChance(points, dice)
                    banked[level] += probability * chance
                    probability *= 1 - chance
                    guard probability > 0 else { continue }
                }
                let rerolls = isOpening && mechanics.rerollsScorelessOpeningRoll
                if rerolls {
                    let scoreless = weights[dice].indices.reduce(0.0) {
                        table.keeps(dice: dice, multiset: $1).isEmpty ? $0 + weights[dice][$1] : $0
                    }
                    probability = mechanics.openingRoll(probability, farkle: 0, farkleChance: scoreless)
                }
                for (multiset, weight) in weights[dice].enumerated() {
                    var scored = false
                    keeps(points, dice, multiset) { score, kept, chance in
                        scored = true
                        let left = mechanics.diceLeft(afterKeeping: kept, of: dice)
                        add(probability * weight * chance, points: points + score, dice: left)
                    }
                    guard !scored else { continue }
                    if let bonus = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpening) {
                        add(probability * weight, points: points + bonus, dice: dice)
                    } else if mechanics.farkleCost(rolled: dice, isOpeningRoll: isOpening) > 0 {
                        costs += probability * weight
                    } else if !rerolls {
                        banked[0] += probability * weight
                    }
                }
            }
        }
        scoreStep = step
        // The cost is a whole number of steps (`ScoringTable.scoreStep` divides it).
        let costLevels = mechanics.level(turnPoints: mechanics.openingFarkleCost)
        if costs > 0 {
            var shifted = [Double](repeating: 0, count: costLevels) + banked
            shifted[0] += costs
            lowestPoints = -costLevels * step
            probabilities = shifted
        } else {
            lowestPoints = 0
            probabilities = banked
        }
        truncatedProbability = truncated
    }

    /// A distribution of `probabilities` from `lowestPoints` in steps of `scoreStep`.
    init(scoreStep: Int, lowestPoints: Int, probabilities: [Double], truncatedProbability: Double) {
        self.scoreStep = scoreStep
        self.lowestPoints = lowestPoints
        self.probabilities = probabilities
        self.truncatedProbability = truncatedProbability
    }

    /// The points of `probabilities[index]`.
    package func points(at index: Int) -> Int { lowestPoints + index * scoreStep }

    /// The expected points (the truncated tail, if any, left out).
    package var mean: Double {
        probabilities.enumerated().reduce(0) { $0 + Double(points(at: $1.offset)) * $1.element }
    }

    /// The probability of adding exactly `points` points (0 for points off the score step or outside the range).
    package func probability(ofBanking points: Int) -> Double {
        let offset = points - lowestPoints
        guard offset >= 0, offset % scoreStep == 0, offset / scoreStep < probabilities.count else { return 0 }
        return probabilities[offset / scoreStep]
    }

    /// The least points `p` such that adding at most `p` has probability at least `fraction`.
    package func quantile(_ fraction: Double) -> Int {
        var cumulative = 0.0
        for (index, probability) in probabilities.enumerated() {
            cumulative += probability
            if cumulative >= fraction { return points(at: index) }
        }
        return points(at: probabilities.count - 1)
    }
}
