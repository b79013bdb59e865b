/// The exact probability of every number of points a turn banks under expected-score optimal play.
///
/// Computed forward from the opening roll over the states (turn points, dice to
/// roll), turn points ascending: every keep adds points, so a state's probability
/// is final before it is spread to its successors. Each roll of n dice is
/// weighted by its count of ordered outcomes over 6^n, and the keep and the bank
/// decision are the solver's policy. A farkle banks 0. Its mean is the solver's
/// expected turn score, which the tests check.
public struct BankedPointsDistribution: Sendable {
    /// The turn points step of the rule set; `probabilities[i]` is for `i * scoreStep` points.
    public let scoreStep: Int
    /// The probability of banking `i * scoreStep` points, i = 0, 1, ... (index 0 includes farkles).
    public let probabilities: [Double]
    /// The probability of turns that reach more points than the distribution covers (below 1e-9 in practice).
    public let truncatedProbability: Double

    /// The distribution under `solver`'s policy, tracking turn points up to `maximumPoints`.
    public init(solver: ExpectedScoreSolver, maximumPoints: Int = 50_000) {
        let mechanics = solver.table.turnMechanics
        let policy = solver.policy
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
        var truncated = 0.0
        mass[TurnMechanics.stateIndex(level: 0, diceLeft: DiceCounts.maximumDice)] = 1
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
                let probability = mass[TurnMechanics.stateIndex(level: level, diceLeft: dice)]
                guard probability > 0 else { continue }
                if policy.shouldBank(turnPoints: points, diceLeft: dice) {
                    banked[level] += probability
                    continue
                }
                let isOpening = points == 0 && dice == DiceCounts.maximumDice
                for (multiset, weight) in weights[dice].enumerated() {
                    let keep = policy.keep(turnPoints: points, dice: dice, multiset: multiset)
                    if keep.diceUsed == 0 {
                        if let bonus = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpening) {
                            add(probability * weight, points: points + bonus, dice: dice)
                        } else {
                            banked[0] += probability * weight
                        }
                        continue
                    }
                    let left = TurnMechanics.diceLeft(afterKeeping: keep.diceUsed, of: dice)
                    add(probability * weight, points: points + keep.score, dice: left)
                }
            }
        }
        scoreStep = step
        probabilities = banked
        truncatedProbability = truncated
    }

    /// The expected banked points (the truncated tail, if any, left out).
    public var mean: Double {
        probabilities.enumerated().reduce(0) { $0 + Double($1.offset * scoreStep) * $1.element }
    }

    /// The probability of banking `points` points (0 for points off the score step).
    public func probability(ofBanking points: Int) -> Double {
        guard points >= 0, points % scoreStep == 0, points / scoreStep < probabilities.count else { return 0 }
        return probabilities[points / scoreStep]
    }

    /// The least points `p` such that banking at most `p` has probability at least `fraction`.
    public func quantile(_ fraction: Double) -> Int {
        var cumulative = 0.0
        for (index, probability) in probabilities.enumerated() {
            cumulative += probability
            if cumulative >= fraction { return index * scoreStep }
        }
        return (probabilities.count - 1) * scoreStep
    }
}
