// The total of several turns: a solo game of rounds played with the expected-score policy is a sum of
// independent turns, each distributed as one turn, so its exact distribution is a convolution.

extension BankedPointsDistribution {
    /// The exact distribution of the points banked over `turns` independent turns, each distributed as `turn`:
    /// the final total of a solo game of `turns` rounds (`farkleten`: 10) under the policy of `turn`.
    ///
    /// `probabilities[i]` is for a total of `lowestPoints + i * scoreStep`; a total that includes a truncated turn counts in
    /// `truncatedProbability` (1 − (1 − p)^turns for a turn truncated with probability p). Takes
    /// O(turns × n²) for a turn of n points steps: under a second for ten turns in a release build.
    ///
    /// - Precondition: `turns` is 1 or more.
    package init(summing turn: BankedPointsDistribution, turns: Int) {
        precondition(turns >= 1, "at least one turn")
        self.init(summing: Array(repeating: turn, count: turns))
    }

    /// The exact distribution of the points banked over independent turns distributed as `turns`, in order: the
    /// final total of a solo game whose player plays each round by its own policy (`farkleten-hard` alone plays
    /// its last two rounds apart).
    ///
    /// As `init(summing:turns:)`; a total that includes a truncated turn counts in `truncatedProbability`.
    ///
    /// - Precondition: `turns` is not empty, and every turn has the same score step.
    package init(summing turns: [BankedPointsDistribution]) {
        precondition(!turns.isEmpty, "at least one turn")
        precondition(turns.allSatisfy { $0.scoreStep == turns[0].scoreStep }, "one score step")
        var total = turns[0].probabilities
        for turn in turns.dropFirst() {
            var next = [Double](repeating: 0, count: total.count + turn.probabilities.count - 1)
            for (sum, probability) in total.enumerated() where probability > 0 {
                for (points, chance) in turn.probabilities.enumerated() where chance > 0 {
                    next[sum + points] += probability * chance
                }
            }
            total = next
        }
        var untruncated = 1.0
        for turn in turns { untruncated *= 1 - turn.truncatedProbability }
        // Where a scoreless opening roll costs points every turn's lowest points add up.
        self.init(
            scoreStep: turns[0].scoreStep, lowestPoints: turns.reduce(0) { $0 + $1.lowestPoints },
            probabilities: total, truncatedProbability: 1 - untruncated)
    }

    /// The probability of adding `points` or more (the truncated tail, if any, left out).
    package func probability(ofAtLeast points: Int) -> Double {
        let offset = points - lowestPoints
        // The first index at or above `points`: offsets below 0 round up to 0.
        let first = offset <= 0 ? 0 : (offset + scoreStep - 1) / scoreStep
        guard first < probabilities.count else { return 0 }
        return probabilities[first...].reduce(0, +)
    }
}
