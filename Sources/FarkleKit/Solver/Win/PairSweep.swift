import Dispatch

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

    /// Calls `solve(worker, own, other)` once for every pair of totals below `levels`, from the highest sum
    /// down, with `own` at least `lowest.own` and `other` at least `lowest.other` (the pairs a game from there
    /// reaches). Worker w of `workers` takes every `workers`-th pair of a sum (their costs vary along a sum), and
    /// each sum starts when the last has finished.
    static func run(
        levels: Int, workers: Int, lowest: (own: Int, other: Int) = (0, 0),
        _ solve: @escaping @Sendable (Int, Int, Int) -> Void
    ) {
        for sum in stride(from: 2 * (levels - 1), through: lowest.own + lowest.other, by: -1) {
            let owns = max(lowest.own, sum - levels + 1)...min(sum - lowest.other, levels - 1)
            let count = min(workers, owns.count)
            let work: @Sendable (Int) -> Void = { worker in
                for own in stride(from: owns.lowerBound + worker, through: owns.upperBound, by: count) {
                    solve(worker, own, sum - own)
                }
            }
            if count == 1 {
                work(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: count, execute: work)
            }
        }
    }
}

/// E_0 and E_1 (or W_0 and W_1) of every pair of totals, at `own * levels + other`, written by the worker that
/// solves the pair and read after all are done.
final class PairValues: @unchecked Sendable {
    // Each pair is written by exactly one work item of one sum; work items read only pairs of higher sums,
    // finished before that sum's work started (`PairSweep`).
    let values: [UnsafeMutableBufferPointer<Double>]

    init(count: Int) {
        values = (0..<2).map { _ in
            let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
            buffer.initialize(repeating: 0)
            return buffer
        }
    }

    func deallocate() {
        for buffer in values { buffer.deallocate() }
    }
}
