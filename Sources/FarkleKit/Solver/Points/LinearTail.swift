/// The exact solution of a turn above the tabulated turn points: V(t, n) = slope(n) * t + intercept(n).
///
/// A farkle is worth a constant `farkleValue` points (0 for the expected banked
/// points; `LongRunAverageSolver` passes other values). It enters the lines as
/// a constant: rolling n dice adds (farkle chance of n dice) * `farkleValue` to
/// the intercept and nothing to the slope.
///
/// ## Why the tail is linear
/// Every keep adds at least one score step, so t only grows. Suppose from some
/// t on a fixed stationary plan is optimal: bank wherever that is the better
/// line, and for every roll take the keep whose line (slope of the state it
/// leads to, then intercept) is best. Under a fixed plan the values are linear
/// in t: banking is the line (1, 0); rolling n dice gives the probability-
/// weighted sum of the successors' lines, plus the farkle's constant. The only loop is 6 -> 6 (hot dice, or
/// the six-dice farkle on every roll), so the lines solve a 6x6 linear system
/// `(I - P) a = c`, `(I - P) b = d`, non-singular because from any dice count a
/// turn ends or loses dice with positive probability.
///
/// The plan is found by policy iteration on the lexicographic order (slope,
/// then intercept), which is the order of two lines for large enough t. Then
/// every rejected option's line crosses the chosen one at some t; `exactFrom`
/// is the largest crossing (and at least the minimum bank), so for every
/// t >= `exactFrom` the plan picks the best option of every state against these
/// lines: the lines satisfy the Bellman equation there. Nothing here asks the
/// farkle value's sign: a negative one may make banking low totals the better
/// line, but that moves crossings, which `exactFrom` takes in whatever they are,
/// and the minimum bank bounds it from below as before.
///
/// They are the true values, not merely a solution: the difference D between
/// two solutions of the Bellman equation obeys |D(t, n)| <= E |D(t', n')| over
/// the next roll's unfinished paths, under some plan (a farkle is worth
/// `farkleValue` to both, so its paths add nothing to D). Under any plan a turn ends
/// within two rolls with probability at least some e > 0, and t grows by at most
/// the largest keep per roll, so |D| <= (c + c' (t + k s_max)) (1 - e)^(k/2) -> 0.
/// Hence values computed downward from a bound T >= `exactFrom` are exact, and
/// a larger bound changes them only by rounding.
struct LinearTail: Sendable {
    /// The line of V(t, n), for n = 0...6 (entry 0 unused).
    let slope: [Double]
    /// The intercept of V(t, n), in points.
    let intercept: [Double]
    /// The line of R(t, n) (rolling), for n = 0...6.
    let rollSlope: [Double]
    /// The intercept of R(t, n), in points.
    let rollIntercept: [Double]
    /// Whether the plan banks with n dice (only where the rules allow it).
    let banks: [Bool]
    /// The chosen option of every group (an index into `RollOutcomes.options`), -1 for the farkle group.
    let choice: [Int]
    /// The least t (in points, possibly fractional) from which the plan is optimal.
    let exactFrom: Double
    /// The chance that the turn ends in a farkle from (t, n), t >= `exactFrom`, for n = 0...6: the plan
    /// does not depend on t, so neither does the chance.
    let farkleChance: [Double]

    /// The first level of turn points, in steps of `scoreStep`, from which the tail is exact: where the
    /// solver's table may stop. A `Double`, since for extreme rule sets it exceeds what an `Int` holds.
    func firstExactLevel(scoreStep: Int) -> Double {
        (max(exactFrom, 0) / Double(scoreStep)).rounded(.up)
    }

    /// V(t, n) for t >= `exactFrom`.
    func value(turnPoints: Int, diceLeft: Int) -> Double {
        slope[diceLeft] * Double(turnPoints) + intercept[diceLeft]
    }

    /// R(t, n) for t >= `exactFrom`.
    func rollValue(turnPoints: Int, diceLeft: Int) -> Double {
        rollSlope[diceLeft] * Double(turnPoints) + rollIntercept[diceLeft]
    }

    /// Solves the tail of `outcomes` under `mechanics`, a farkle worth `farkleValue` points, by policy iteration.
    init(outcomes: RollOutcomes, mechanics: TurnMechanics, farkleValue: Double = 0) {
        let maximum = DiceCounts.maximumDice
        // Tail states are never a turn's opening roll.
        let farkles = Farkles(
            everyRollBonus: mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: false), value: farkleValue)
        let allowed = (0...maximum).map { $0 > 0 && mechanics.allowsBanking(diceLeft: $0) }
        var banks = allowed
        var choice = (0..<outcomes.groupCount).map { group in
            group == 0 ? -1 : outcomes.optionStart[group]
        }
        var lines = Lines.evaluate(outcomes: outcomes, banks: banks, choice: choice, farkles: farkles)
        // Each round improves the plan lexicographically; a handful of rounds suffice in practice.
        for _ in 0..<100 {
            var changed = false
            for group in 1..<outcomes.groupCount {
                var best = choice[group]
                for option in outcomes.optionStart[group]..<outcomes.optionStart[group + 1]
                where lines.option(outcomes.options[option]).isBetter(than: lines.option(outcomes.options[best])) {
                    best = option
                }
                if best != choice[group] {
                    choice[group] = best
                    changed = true
                }
            }
            let rolling = lines.rollLines(outcomes: outcomes, choice: choice, farkles: farkles)
            for dice in 1...maximum where allowed[dice] {
                let rollBetter = rolling[dice].isBetter(than: Line(slope: 1, intercept: 0))
                if banks[dice] == rollBetter {
                    banks[dice] = !rollBetter
                    changed = true
                }
            }
            if !changed { break }
            lines = Lines.evaluate(outcomes: outcomes, banks: banks, choice: choice, farkles: farkles)
        }
        let rolling = lines.rollLines(outcomes: outcomes, choice: choice, farkles: farkles)

        var from = Double(max(mechanics.minimumBank, 0))
        for group in 1..<outcomes.groupCount {
            let chosen = lines.option(outcomes.options[choice[group]])
            for option in outcomes.options(of: group) {
                from = max(from, chosen.crossing(lines.option(option)))
            }
        }
        for dice in 1...maximum where allowed[dice] {
            let bank = Line(slope: 1, intercept: 0)
            from = max(from, banks[dice] ? bank.crossing(rolling[dice]) : rolling[dice].crossing(bank))
        }
        farkleChance = lines.farkleChance
        slope = lines.values.map(\.slope)
        intercept = lines.values.map(\.intercept)
        rollSlope = rolling.map(\.slope)
        rollIntercept = rolling.map(\.intercept)
        self.banks = banks
        self.choice = choice
        exactFrom = from
    }
}

// MARK: - Lines

/// A value linear in t: slope * t + intercept.
private struct Line {
    var slope: Double
    var intercept: Double

    /// Relative tolerance for telling two computed slopes or intercepts apart.
    static let tolerance = 1e-12

    /// Whether `self` beats `other` for every large enough t, by more than rounding.
    func isBetter(than other: Line) -> Bool {
        let slopeScale = Self.tolerance * max(1, abs(slope), abs(other.slope))
        if slope > other.slope + slopeScale { return true }
        if slope < other.slope - slopeScale { return false }
        return intercept > other.intercept + Self.tolerance * max(1, abs(intercept), abs(other.intercept))
    }

    /// The least t from which `self` stays at least `other`, given `self` is not worse for large t.
    func crossing(_ other: Line) -> Double {
        let slopeScale = Self.tolerance * max(1, abs(slope), abs(other.slope))
        guard slope > other.slope + slopeScale else { return -.infinity }
        return (other.intercept - intercept) / (slope - other.slope)
    }
}

/// What a roll with no keep does in the tail: the six-dice farkle on every roll of six dice, or a farkle.
private struct Farkles {
    /// The points of a no-score roll of six dice, when every such roll scores them.
    let everyRollBonus: Int?
    /// What a farkle is worth, in points.
    let value: Double

    /// The points of a no-score roll of `dice` dice, or `nil` when it is a farkle that ends the turn.
    func bonus(dice: Int) -> Int? {
        dice == DiceCounts.maximumDice ? everyRollBonus : nil
    }
}

/// The lines of V(t, n) for n = 0...6 under a fixed plan, and the chance of ending in a farkle.
private struct Lines {
    var values: [Line]
    /// The chance that the turn ends in a farkle, for n = 0...6 (entry 0 unused).
    var farkleChance: [Double]

    /// The line of taking `option` at t: V(t + points, diceLeft).
    func option(_ option: RollOutcomes.Option) -> Line {
        let next = values[option.diceLeft]
        return Line(slope: next.slope, intercept: next.slope * Double(option.points) + next.intercept)
    }

    /// The lines of R(t, n) under `choice`, with successors valued by these lines.
    func rollLines(outcomes: RollOutcomes, choice: [Int], farkles: Farkles) -> [Line] {
        var result = [Line](repeating: Line(slope: 0, intercept: 0), count: DiceCounts.maximumDice + 1)
        for dice in 1...DiceCounts.maximumDice {
            let total = Double(DiceCatalog.orderedRollCounts[dice])
            var line = Line(slope: 0, intercept: 0)
            for group in outcomes.groupsByDice[dice] {
                let taken = option(outcomes.options[choice[group]])
                line.slope += outcomes.weight[group] / total * taken.slope
                line.intercept += outcomes.weight[group] / total * taken.intercept
            }
            if let points = farkles.bonus(dice: dice) {
                let taken = option(.init(steps: 0, points: points, diceLeft: dice, kept: 0))
                line.slope += outcomes.farkleWeight[dice] / total * taken.slope
                line.intercept += outcomes.farkleWeight[dice] / total * taken.intercept
            } else if farkles.value != 0 {
                line.intercept += outcomes.farkleWeight[dice] / total * farkles.value
            }
            result[dice] = line
        }
        return result
    }

    /// Solves the plan's linear system for the slopes, then the intercepts and the farkle chances.
    static func evaluate(outcomes: RollOutcomes, banks: [Bool], choice: [Int], farkles: Farkles) -> Lines {
        let size = DiceCounts.maximumDice
        // Row n - 1: x[n] - sum of p * x[next] = right-hand side; banking rows: x[n] = constant.
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        var farkleRight = [Double](repeating: 0, count: size)
        for dice in 1...size {
            matrix[dice - 1][dice - 1] = 1
            if banks[dice] { continue }
            let total = Double(DiceCatalog.orderedRollCounts[dice])
            for group in outcomes.groupsByDice[dice] {
                let next = outcomes.options[choice[group]].diceLeft
                matrix[dice - 1][next - 1] -= outcomes.weight[group] / total
            }
            if farkles.bonus(dice: dice) != nil {
                matrix[dice - 1][dice - 1] -= outcomes.farkleWeight[dice] / total
            } else {
                farkleRight[dice - 1] = outcomes.farkleWeight[dice] / total
            }
        }
        let slopes = solve(matrix, (1...size).map { banks[$0] ? 1 : 0 })
        var right = [Double](repeating: 0, count: size)
        for dice in 1...size where !banks[dice] {
            let total = Double(DiceCatalog.orderedRollCounts[dice])
            for group in outcomes.groupsByDice[dice] {
                let option = outcomes.options[choice[group]]
                right[dice - 1] += outcomes.weight[group] / total * slopes[option.diceLeft - 1] * Double(option.points)
            }
            if let points = farkles.bonus(dice: dice) {
                right[dice - 1] += outcomes.farkleWeight[dice] / total * slopes[dice - 1] * Double(points)
            } else if farkles.value != 0 {
                // The farkle's constant: zero for the expected banked points, so their sums stay as they were.
                right[dice - 1] += farkleRight[dice - 1] * farkles.value
            }
        }
        let intercepts = solve(matrix, right)
        let chances = solve(matrix, farkleRight)
        return Lines(
            values: [Line(slope: 0, intercept: 0)]
                + (0..<size).map { Line(slope: slopes[$0], intercept: intercepts[$0]) },
            farkleChance: [0] + chances)
    }

    /// Gaussian elimination with partial pivoting of a small non-singular system.
    private static func solve(_ matrix: [[Double]], _ right: [Double]) -> [Double] {
        var a = matrix
        var b = right
        let size = b.count
        for column in 0..<size {
            var pivot = column
            for row in column + 1..<size where abs(a[row][column]) > abs(a[pivot][column]) { pivot = row }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in column + 1..<size where a[row][column] != 0 {
                let factor = a[row][column] / a[column][column]
                for entry in column..<size { a[row][entry] -= factor * a[column][entry] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: size)
        for row in (0..<size).reversed() {
            var sum = b[row]
            for entry in row + 1..<size { sum -= a[row][entry] * x[entry] }
            x[row] = sum / a[row][row]
        }
        return x
    }
}
