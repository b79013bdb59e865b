/// The order in which the two-player races with dice sets are solved and evaluated: pairs of totals from the
/// highest sum down, the pairs of one sum spread over threads.
///
/// A pair (own, other) reads only pairs of higher sums (totals only grow but for a farkle, which hands the same
/// pair to the other player and is solved with it), so the pairs of one sum can be worked out at once, in any
/// order, and the values do not depend on the number of threads.
enum PairSweep {
    /// How many workers `threads` threads give for totals `0..<levels`: at least 1, at most one per pair of a sum.
    static func workers(threads: Int, levels: Int) -> Int {
        precondition(threads >= 1, "at least one thread")
        return max(1, min(threads, levels))
    }

    /// Calls `solve(&worker, own, other)` once for every pair of totals below `levels`, from the highest sum
    /// down, with `own` at least `lowest.own` and `other` at least `lowest.other` (the pairs a game from there
    /// reaches). Worker w of `workers` (each with its own scratch state) takes every `workers.count`-th pair of a
    /// sum (their costs vary along a sum), and each sum starts when the last has finished. `progress` is told, on
    /// the calling thread after each sum, the share of the pairs done.
    static func run<Worker>(
        levels: Int, workers: SharedSlots<Worker>, lowest: (own: Int, other: Int) = (0, 0),
        progress: ((Double) -> Void)? = nil, _ solve: @Sendable (inout Worker, Int, Int) -> Void
    ) {
        let pairs = Double(max(1, (levels - lowest.own) * (levels - lowest.other)))
        var done = 0
        for sum in stride(from: 2 * (levels - 1), through: lowest.own + lowest.other, by: -1) {
            let owns = max(lowest.own, sum - levels + 1)...min(sum - lowest.other, levels - 1)
            defer {
                done += owns.count
                progress?(Double(done) / pairs)
            }
            let count = min(workers.count, owns.count)
            // Worker w is used by work item w alone.
            Parallel.forEach(count, threads: count) { worker in
                for own in stride(from: owns.lowerBound + worker, through: owns.upperBound, by: count) {
                    solve(&workers.buffer[worker], own, sum - own)
                }
            }
        }
    }
}

extension PairSweep {
    /// A first guess of the value at (own, other) from the pairs of higher sums already solved, in `values` laid
    /// out as `own * levels + other`: the plane through the three neighbours, V(own, other + 1) + V(own + 1,
    /// other) − V(own + 1, other + 1), or the one neighbour at an edge, 0.5 at the corner.
    ///
    /// Close enough that the first step mostly plays the turns as the solution does, so most pairs take only
    /// the two steps the iteration needs to see the values repeat (2.4 steps on average with one weighted die
    /// against six ordinary dice at target 4000, 3.8 starting from 0.5). The values differ from those of a
    /// start at 0.5 by rounding only (at most 1e-15 there).
    static func firstGuess(_ values: UnsafeBufferPointer<Double>, own: Int, other: Int, levels: Int) -> Double {
        let (up, right) = (own + 1 < levels, other + 1 < levels)
        switch (up, right) {
        case (true, true):
            return values[own * levels + other + 1] + values[(own + 1) * levels + other]
                - values[(own + 1) * levels + other + 1]
        case (true, false): return values[(own + 1) * levels + other]
        case (false, true): return values[own * levels + other + 1]
        case (false, false): return 0.5
        }
    }
}

/// E_0 and E_1 (or W_0 and W_1) of every pair of totals, at `own * levels + other`: each pair is written by the
/// one work item that solves it, which reads only pairs of higher sums (`PairSweep`).
struct PairValues: Sendable {
    let values: [SharedSlots<Double>]

    init(count: Int) {
        values = (0..<2).map { _ in SharedSlots(repeating: 0, count: count) }
    }
}
