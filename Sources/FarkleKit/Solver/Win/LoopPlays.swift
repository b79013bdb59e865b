/// The plays a loop of rotations of the three-player race went through while best replies went round, and the
/// loop's solution from them, a mover mixing two plays where no combination of single plays settles.
///
/// Within a loop, rotation r's mover maximizes its own chance o_r, and its play depends only on its farkle payoff
/// z_r = 1 − o′ − n′ (the chances of the rotation after it). Under a fixed play o_r and the next player's chance
/// n_r are affine in the farkle payoffs (`Play`); the mover's best chance is the largest of those lines, convex in
/// z_r. Where best replies go round, a mover's z_r crosses back and forth over the payoff z* at which two of its
/// plays, the one best below (P) and the one best above (Q), are worth the same to it: each choice of P or Q makes
/// another mover's best reply change, which changes this one's. No single play of each then settles the loop, but
/// a mover at z* loses nothing by playing P with some chance λ and Q otherwise (o_r is the same at z*), and the
/// chance it leaves the others, n_r = λ n_P + (1 − λ) n_Q, is what the others' best replies settle on: a mixed
/// play, which every game of this kind has (Nash), and which the loop's two-player counterpart never needs.
///
/// `settle` tries each combination of the plays met, from single plays up to every flipping mover mixing: a single
/// play is the affine pair above; a mixing mover adds its λ and the equation z_r = z*, with o_r its chance there.
/// The system is linear but for λ times the next player's chance in n_r, and is solved by Newton's method. A
/// combination settles the loop where each single play is still best at its own farkle payoff (its
/// `WinTurn.Validity`), each λ lies in [0, 1], and every chance is a chance: each mover then plays a best reply
/// to the others, which is the loop's solution.
struct LoopPlays {
    /// A rotation's farkle payoffs: the mover's, and the next player's.
    typealias Payoffs = (farkle: Double, farkleAux: Double)

    /// The slack allowed where rounding may leave a chance, a mixing weight, a payoff or a play's worth past its
    /// exact bound.
    static let slack = 1e-12

    /// The most Newton steps on a combination's equations: linear but for the mixing weights, they converge in
    /// two to four.
    static let maximumNewtonSteps = 30

    /// One play of a rotation's turn: its entry solved at `payoff`, and the mover's farkle payoffs over which it is
    /// known to stay best.
    struct Play {
        let entry: WinTurn.Entry
        let payoff: Payoffs
        /// The least and greatest farkle payoff of the mover at which the play is best.
        var best: (low: Double, high: Double)

        /// The play solved at `payoff`, best over the range `validity` gives.
        init(entry: WinTurn.Entry, payoff: Payoffs, validity: WinTurn.Validity) {
            self.entry = entry
            self.payoff = payoff
            best = (payoff.farkle - validity.down, payoff.farkle + validity.up)
        }

        /// The mover's chance under this play at the farkle payoff `farkle`.
        func own(at farkle: Double) -> Double { entry.value + entry.slope * (farkle - payoff.farkle) }

        /// The next player's chance under this play at their farkle payoff `farkleAux`.
        func next(at farkleAux: Double) -> Double { entry.aux + entry.slope * (farkleAux - payoff.farkleAux) }

        /// Whether the play is best at the farkle payoff `farkle`, to rounding.
        func isBest(at farkle: Double) -> Bool { farkle >= best.low - slack && farkle <= best.high + slack }
    }

    /// The least and greatest farkle payoffs of a rotation's mover met, with the next player's at each.
    struct PayoffsMet {
        var low: Payoffs
        var high: Payoffs

        /// None met yet.
        static let empty = PayoffsMet(low: (.infinity, 0), high: (-.infinity, 0))

        /// Widens the range to `payoff`.
        mutating func add(_ payoff: Payoffs) {
            if payoff.farkle < low.farkle { low = payoff }
            if payoff.farkle > high.farkle { high = payoff }
        }
    }

    /// A rotation's choice in one combination: a single play, or two plays mixed at `edge`, the mover's farkle payoff
    /// where both are best, worth `value` to it there.
    enum Choice {
        case single(Play)
        case mixed(below: Play, above: Play, edge: Double, value: Double)
    }

    /// The choices of each rotation: a single play where the mover's play did not change over the payoffs met;
    /// else each play best somewhere in between, and each two next to each other mixed where they meet.
    let choices: [[Choice]]

    /// The most plays of one rotation's turn sought between the least and greatest farkle payoffs met: 2 to 8 in
    /// `standard` raced to 500 by three with a final round, whose plays differ in the farkle chance's fourth digit.
    static let maximumPlays = 24

    /// The plays of the rotations whose farkle payoffs `met` ranged over, each solved by `solve` (a rotation and the
    /// payoffs to solve its turn at); `nil` where a rotation's plays in between cannot be told apart.
    ///
    /// The mover's best chance is the largest of its plays' lines, so it is convex in the farkle payoff: between
    /// the plays best at the least payoff met (P) and at the greatest (Q), the turn solved where their lines meet
    /// either is worth no more there, and then P is best up to that payoff and Q from it, or it is a third play
    /// best there, and the search goes on each side of it.
    init?(met: [PayoffsMet], solve: (Int, Payoffs) -> Play) {
        var choices: [[Choice]] = []
        for (position, range) in met.enumerated() {
            guard range.low.farkle <= range.high.farkle else { return nil }
            let low = solve(position, range.low)
            if low.isBest(at: range.high.farkle) {
                choices.append([.single(low)])
                continue
            }
            // Each play found takes a turn solved where two lines meet, each meeting without a new play another.
            var budget = 2 * Self.maximumPlays
            let high = solve(position, range.high)
            let probe = { (farkle: Double) in solve(position, (farkle, range.low.farkleAux)) }
            guard var plays = Self.plays(from: low, to: high, budget: &budget, solve: probe),
                plays.count <= Self.maximumPlays
            else { return nil }
            var edges: [Double] = []
            for index in plays.indices.dropLast() {
                let edge = Self.meeting(plays[index], plays[index + 1])
                edges.append(edge)
                // Where the lines of the upper envelope meet, each is best up to or from there.
                plays[index].best.high = edge
                plays[index + 1].best.low = edge
            }
            var options = plays.map(Choice.single)
            for (index, edge) in edges.enumerated() {
                options.append(
                    .mixed(below: plays[index], above: plays[index + 1], edge: edge, value: plays[index].own(at: edge)))
            }
            choices.append(options)
        }
        self.choices = choices
    }

    /// The farkle payoff at which the lines of the plays `below` and `above` meet.
    static func meeting(_ below: Play, _ above: Play) -> Double {
        (below.own(at: 0) - above.own(at: 0)) / (above.entry.slope - below.entry.slope)
    }

    /// The plays best between `low`'s payoff and `high`'s, in order, `solve` giving the play best at a payoff;
    /// `nil` where a line does not rise more steeply than the one before it (which a largest of lines cannot
    /// have), or more than `budget` turns would be solved.
    static func plays(from low: Play, to high: Play, budget: inout Int, solve: (Double) -> Play) -> [Play]? {
        let slopes = high.entry.slope - low.entry.slope
        // The same line: one play over the whole range.
        if abs(slopes) <= slack && abs(high.own(at: low.payoff.farkle) - low.entry.value) <= slack { return [low] }
        guard slopes > slack, budget > 0 else { return nil }
        let edge = meeting(low, high)
        guard edge >= low.payoff.farkle - slack, edge <= high.payoff.farkle + slack else { return nil }
        budget -= 1
        let middle = solve(edge)
        if middle.entry.value <= low.own(at: edge) + slack { return [low, high] }
        guard let lower = plays(from: low, to: middle, budget: &budget, solve: solve),
            let upper = plays(from: middle, to: high, budget: &budget, solve: solve)
        else { return nil }
        return lower + upper.dropFirst()
    }

    /// The loop's solution from the first combination of choices that settles it, fewest mixing movers first, with
    /// the number of movers that mix; `nil` where none does. `own` and `next` are the chances the Newton steps
    /// start from.
    ///
    /// In a loop of three, one mover mixing alone cannot settle it: its farkle payoff z_r is then fixed by its own
    /// chance at the edge and the two others' single plays, whatever it mixes, so those combinations are skipped.
    ///
    /// - Complexity: One small system per combination: at most (2 `maximumPlays` − 1)³.
    func settle(own: [Double], next: [Double]) -> (own: [Double], next: [Double], mixers: Int)? {
        let count = choices.count
        for mixers in 0...count where count == 1 || mixers != 1 {
            // Every combination, as the digits of a number whose digit r counts rotation r's choices.
            var digits = [Int](repeating: 0, count: count)
            repeat {
                let combination = (0..<count).map { choices[$0][digits[$0]] }
                if combination.mixersCount == mixers, let chances = Self.settled(combination, own: own, next: next) {
                    return (chances.own, chances.next, mixers)
                }
                var position = 0
                while position < count {
                    digits[position] += 1
                    if digits[position] < choices[position].count { break }
                    digits[position] = 0
                    position += 1
                }
                if position == count { break }
            } while true
        }
        return nil
    }

    /// The chances of the loop where each rotation plays its choice in `combination`, held to chances, where
    /// that settles it: each single play best at its farkle payoff there, every chance a chance.
    static func settled(_ combination: [Choice], own: [Double], next: [Double]) -> (own: [Double], next: [Double])? {
        guard let chances = fixedPoint(of: combination, own: own, next: next) else { return nil }
        let count = combination.count
        for position in 0..<count {
            let after = (position + 1) % count
            let (first, second) = (chances.own[position], chances.next[position])
            guard first >= -slack, second >= -slack, first + second <= 1 + slack else { return nil }
            if case .single(let play) = combination[position],
                !play.isBest(at: 1 - chances.own[after] - chances.next[after])
            {
                return nil
            }
        }
        return (chances.own.map { min(max($0, 0), 1) }, chances.next.map { min(max($0, 0), 1) })
    }

    /// The chances of the loop where each rotation plays its choice in `combination`, by Newton's method from `own`
    /// and `next`; `nil` where the equations are singular, a mixing weight falls outside [0, 1], or Newton's
    /// method does not converge to chances that meet every equation.
    ///
    /// Unknowns: o_r at 2r, n_r at 2r + 1, then one weight λ per mixing mover (the chance of its play `below`).
    /// A single play: o_r = P(z_r) and n_r = P′(w_r), with z_r = 1 − o_a − n_a and w_r = o_a read from the
    /// rotation a after r. A mixing mover: z_r = z*, o_r = its chance there, and
    /// n_r = Q′(w_r) + λ (P′(w_r) − Q′(w_r)).
    static func fixedPoint(of combination: [Choice], own: [Double], next: [Double]) -> (
        own: [Double], next: [Double]
    )? {
        let count = combination.count
        let size = 2 * count + combination.mixersCount
        var unknowns = (0..<count).flatMap { [own[$0], next[$0]] } + [Double](repeating: 0.5, count: size - 2 * count)
        let width = size + 1
        var matrix = [Double](repeating: 0, count: size * width)
        // Row-major [size][size + 1]: the Jacobian at `unknowns`, then minus the residual; returns the largest
        // residual.
        func linearize() -> Double {
            for index in matrix.indices { matrix[index] = 0 }
            var row = 0
            var weight = 2 * count
            var largest = 0.0
            func equation(_ terms: [(Int, Double)], residual: Double) {
                for (column, coefficient) in terms { matrix[row * width + column] += coefficient }
                matrix[row * width + size] = -residual
                largest = max(largest, abs(residual))
                row += 1
            }
            for position in 0..<count {
                let after = (position + 1) % count
                let (first, second) = (2 * position, 2 * position + 1)
                let farkle = 1 - unknowns[2 * after] - unknowns[2 * after + 1]
                let farkleAux = unknowns[2 * after]
                switch combination[position] {
                case .single(let play):
                    let slope = play.entry.slope
                    equation(
                        [(first, 1), (2 * after, slope), (2 * after + 1, slope)],
                        residual: unknowns[first] - play.own(at: farkle))
                    equation(
                        [(second, 1), (2 * after, -slope)], residual: unknowns[second] - play.next(at: farkleAux))
                case .mixed(let below, let above, let edge, let value):
                    let lambda = unknowns[weight]
                    let (low, high) = (below.next(at: farkleAux), above.next(at: farkleAux))
                    equation([(2 * after, -1), (2 * after + 1, -1)], residual: farkle - edge)
                    equation([(first, 1)], residual: unknowns[first] - value)
                    let slope = above.entry.slope + lambda * (below.entry.slope - above.entry.slope)
                    equation(
                        [(second, 1), (2 * after, -slope), (weight, -(low - high))],
                        residual: unknowns[second] - high - lambda * (low - high))
                    weight += 1
                }
            }
            return largest
        }
        for _ in 0..<maximumNewtonSteps {
            _ = linearize()
            guard let step = solve(&matrix, size: size) else { return nil }
            // The chances settle to rounding; a weight only to rounding divided by what it moves (the difference
            // of the next player's chances under the two plays), so it is held to a looser bound.
            var largest = (chance: 0.0, weight: 0.0)
            for index in 0..<size {
                unknowns[index] += step[index]
                if index < 2 * count {
                    largest.chance = max(largest.chance, abs(step[index]))
                } else {
                    largest.weight = max(largest.weight, abs(step[index]))
                }
            }
            if largest.chance <= 1e-15 && largest.weight <= 1e-9 {
                // Every equation met (a system near singular can take a small step and still miss), every weight a
                // chance.
                guard linearize() <= slack / 10,
                    unknowns[(2 * count)...].allSatisfy({ $0 >= -slack && $0 <= 1 + slack })
                else { return nil }
                return ((0..<count).map { unknowns[2 * $0] }, (0..<count).map { unknowns[2 * $0 + 1] })
            }
        }
        return nil
    }

    /// The solution of the `size` linear equations in `matrix` (row-major, `size` rows of `size` coefficients and
    /// the right-hand side), by elimination with partial pivoting; `nil` where a pivot is 0 or the solution is not
    /// finite.
    static func solve(_ matrix: inout [Double], size: Int) -> [Double]? {
        let width = size + 1
        for column in 0..<size {
            var pivot = column
            for row in column + 1..<size where abs(matrix[row * width + column]) > abs(matrix[pivot * width + column]) {
                pivot = row
            }
            if pivot != column {
                for index in 0..<width { matrix.swapAt(column * width + index, pivot * width + index) }
            }
            let diagonal = matrix[column * width + column]
            guard diagonal != 0 else { return nil }
            for row in 0..<size where row != column {
                let factor = matrix[row * width + column] / diagonal
                if factor == 0 { continue }
                for index in column..<width { matrix[row * width + index] -= factor * matrix[column * width + index] }
            }
        }
        let solution = (0..<size).map { matrix[$0 * width + size] / matrix[$0 * width + $0] }
        return solution.allSatisfy({ $0.isFinite }) ? solution : nil
    }
}

extension [LoopPlays.Choice] {
    /// The movers of a combination that mix two plays.
    var mixersCount: Int { filter { if case .mixed = $0 { true } else { false } }.count }
}
