/// The exact solution of a turn above the tabulated turn points: V(t, s) = slope(s) * t + intercept(s), for every
/// state s of the turn's dice (`TailStates`: the dice count n for six ordinary dice, the dice of each kind left for
/// a dice set), one algorithm for both.
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
/// weighted sum of the successors' lines, plus the farkle's constant. The only loop is back to the whole set (hot
/// dice, or the six-dice farkle on every roll), so the lines solve a linear system over the states (6x6 for
/// ordinary dice) `(I - P) a = c`, `(I - P) b = d`, non-singular for ordinary dice because from any dice count a
/// turn ends or loses dice with positive probability. Dice of a set may score on every roll and always come back
/// to the whole set: the plan's system is then singular, its turn never ends, the expected points are unbounded
/// (`ends` is false).
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
    /// The line of V(t, s) for every state s (`TailStates`; for six ordinary dice s is the dice count, 0 unused).
    let slope: [Double]
    /// The intercept of V(t, s), in points.
    let intercept: [Double]
    /// The line of R(t, s) (rolling), for every state.
    let rollSlope: [Double]
    /// The intercept of R(t, s), in points.
    let rollIntercept: [Double]
    /// Whether the plan banks in state s (only where the rules allow it).
    let banks: [Bool]
    /// The chosen option of every group (an index for `TailStates.tailOption(_:)`), -1 for a group of no state.
    let choice: [Int]
    /// The least t (in points, possibly fractional) from which the plan is optimal.
    let exactFrom: Double
    /// The chance that the turn ends in a farkle from (t, s), t >= `exactFrom`, for every state: the plan
    /// does not depend on t, so neither does the chance.
    let farkleChance: [Double]

    /// The first level of turn points, in steps of `scoreStep`, from which the tail is exact: where the
    /// solver's table may stop. A `Double`, since for extreme rule sets it exceeds what an `Int` holds.
    func firstExactLevel(scoreStep: Int) -> Double {
        (max(exactFrom, 0) / Double(scoreStep)).rounded(.up)
    }

    /// V(t, s) for t >= `exactFrom`.
    func value(turnPoints: Int, state: Int) -> Double {
        slope[state] * Double(turnPoints) + intercept[state]
    }

    /// R(t, s) for t >= `exactFrom`.
    func rollValue(turnPoints: Int, state: Int) -> Double {
        rollSlope[state] * Double(turnPoints) + rollIntercept[state]
    }

    /// Whether every plan the iteration met ends the turn. `false` where some loop of states never farkles, banks or
    /// leaves under a plan: the expected points are then unbounded and the lines meaningless. Six ordinary dice
    /// always end (from any dice count a roll farkles or loses dice); only a dice set can loop.
    let ends: Bool

    /// Solves the tail of six ordinary dice (`outcomes`) under `mechanics`, a farkle worth `farkleValue` points.
    init(outcomes: RollOutcomes, mechanics: TurnMechanics, farkleValue: Double = 0) {
        self.init(states: outcomes, mechanics: mechanics, farkleValue: farkleValue)
    }

    /// Solves the tail of `states` under `mechanics`, a farkle worth `farkleValue` points, by policy iteration
    /// (see `ends`).
    init(states: some TailStates, mechanics: TurnMechanics, farkleValue: Double = 0) {
        let count = states.tailStateCount
        // Tail states are never a turn's opening roll.
        let farkles = Farkles(
            everyRollBonus: mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: false),
            value: farkleValue)
        let allowed = (0..<count).map { $0 > 0 && mechanics.allowsBanking(diceLeft: states.tailDice(inState: $0)) }
        var banks = allowed
        var choice = [Int](repeating: -1, count: states.tailGroupCount)
        for state in 1..<count {
            for group in states.tailGroups(of: state) { choice[group] = states.tailOptions(ofGroup: group).lowerBound }
        }
        var (lines, ends) = Lines.evaluate(states: states, banks: banks, choice: choice, farkles: farkles)
        // Each round improves the plan lexicographically; a handful of rounds suffice in practice.
        for _ in 0..<100 where ends {
            var changed = false
            for state in 1..<count {
                for group in states.tailGroups(of: state) {
                    var best = choice[group]
                    for option in states.tailOptions(ofGroup: group)
                    where lines.option(states.tailOption(option)).isBetter(than: lines.option(states.tailOption(best)))
                    {
                        best = option
                    }
                    if best != choice[group] {
                        choice[group] = best
                        changed = true
                    }
                }
            }
            let rolling = lines.rollLines(states: states, choice: choice, farkles: farkles)
            for state in 1..<count where allowed[state] {
                let rollBetter = rolling[state].isBetter(than: Line(slope: 1, intercept: 0))
                if banks[state] == rollBetter {
                    banks[state] = !rollBetter
                    changed = true
                }
            }
            if !changed { break }
            (lines, ends) = Lines.evaluate(states: states, banks: banks, choice: choice, farkles: farkles)
        }
        self.ends = ends
        let rolling = lines.rollLines(states: states, choice: choice, farkles: farkles)

        var from = Double(max(mechanics.minimumBank, 0))
        for state in 1..<count {
            for group in states.tailGroups(of: state) {
                let chosen = lines.option(states.tailOption(choice[group]))
                for option in states.tailOptions(ofGroup: group) {
                    from = max(from, chosen.crossing(lines.option(states.tailOption(option))))
                }
            }
        }
        for state in 1..<count where allowed[state] {
            let bank = Line(slope: 1, intercept: 0)
            from = max(from, banks[state] ? bank.crossing(rolling[state]) : rolling[state].crossing(bank))
        }
        farkleChance = lines.farkleChance
        slope = lines.values.map({ $0.slope })
        intercept = lines.values.map({ $0.intercept })
        rollSlope = rolling.map({ $0.slope })
        rollIntercept = rolling.map({ $0.intercept })
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

/// The lines of V(t, s) for every state under a fixed plan, and the chance of ending in a farkle.
private struct Lines {
    var values: [Line]
    /// The chance that the turn ends in a farkle, for every state (entry 0 unused).
    var farkleChance: [Double]

    /// The line of taking an option that scores `points` and leads to state `next`, at t: V(t + points, next).
    func option(_ option: (points: Int, next: Int)) -> Line {
        let next = values[option.next]
        return Line(slope: next.slope, intercept: next.slope * Double(option.points) + next.intercept)
    }

    /// The lines of R(t, s) under `choice`, with successors valued by these lines.
    func rollLines(states: some TailStates, choice: [Int], farkles: Farkles) -> [Line] {
        var result = [Line](repeating: Line(slope: 0, intercept: 0), count: states.tailStateCount)
        for state in 1..<states.tailStateCount {
            var line = Line(slope: 0, intercept: 0)
            for group in states.tailGroups(of: state) {
                let taken = option(states.tailOption(choice[group]))
                let chance = states.tailProbability(ofGroup: group, inState: state)
                line.slope += chance * taken.slope
                line.intercept += chance * taken.intercept
            }
            let scoreless = states.tailScorelessProbability(inState: state)
            if let points = farkles.bonus(dice: states.tailDice(inState: state)) {
                // The six-dice farkle: a keep of all six dice, which are rolled again.
                let taken = option((points, state))
                line.slope += scoreless * taken.slope
                line.intercept += scoreless * taken.intercept
            } else if farkles.value != 0 {
                line.intercept += scoreless * farkles.value
            }
            result[state] = line
        }
        return result
    }

    /// Solves the plan's linear system for the slopes, then the intercepts and the farkle chances; `ends` is false
    /// where the system is singular: some states never end the turn under the plan.
    static func evaluate(
        states: some TailStates, banks: [Bool], choice: [Int], farkles: Farkles
    ) -> (lines: Lines, ends: Bool) {
        let size = states.tailStateCount - 1
        // Row s - 1: x[s] - sum of p * x[next] = right-hand side; banking rows: x[s] = constant.
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        var farkleRight = [Double](repeating: 0, count: size)
        for state in 1...size {
            matrix[state - 1][state - 1] = 1
            if banks[state] { continue }
            for group in states.tailGroups(of: state) {
                let next = states.tailOption(choice[group]).next
                matrix[state - 1][next - 1] -= states.tailProbability(ofGroup: group, inState: state)
            }
            let scoreless = states.tailScorelessProbability(inState: state)
            if farkles.bonus(dice: states.tailDice(inState: state)) != nil {
                matrix[state - 1][state - 1] -= scoreless
            } else {
                farkleRight[state - 1] = scoreless
            }
        }
        let (slopes, ends) = solve(matrix, (1...size).map { banks[$0] ? 1 : 0 })
        var right = [Double](repeating: 0, count: size)
        for state in 1...size where !banks[state] {
            for group in states.tailGroups(of: state) {
                let option = states.tailOption(choice[group])
                right[state - 1] +=
                    states.tailProbability(ofGroup: group, inState: state) * slopes[option.next - 1]
                    * Double(option.points)
            }
            if let points = farkles.bonus(dice: states.tailDice(inState: state)) {
                right[state - 1] +=
                    states.tailScorelessProbability(inState: state) * slopes[state - 1] * Double(points)
            } else if farkles.value != 0 {
                // The farkle's constant: zero for the expected banked points, so their sums stay as they were.
                right[state - 1] += farkleRight[state - 1] * farkles.value
            }
        }
        let intercepts = solve(matrix, right).x
        let chances = solve(matrix, farkleRight).x
        let lines = Lines(
            values: [Line(slope: 0, intercept: 0)]
                + (0..<size).map { Line(slope: slopes[$0], intercept: intercepts[$0]) },
            farkleChance: [0] + chances)
        return (lines, ends)
    }

    /// Gaussian elimination with partial pivoting of a small system; `regular` is false where a pivot vanishes
    /// (below 10⁻¹²: the system is singular to rounding), the solution then meaningless.
    private static func solve(_ matrix: [[Double]], _ right: [Double]) -> (x: [Double], regular: Bool) {
        var a = matrix
        var b = right
        let size = b.count
        var regular = true
        for column in 0..<size {
            var pivot = column
            for row in column + 1..<size where abs(a[row][column]) > abs(a[pivot][column]) { pivot = row }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            if abs(a[column][column]) < 1e-12 { regular = false }
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
        return (x, regular)
    }
}
