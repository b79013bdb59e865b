import FarkleKit
import FarkleReports
import Foundation

/// The progress line of `dice-set` on stderr (a `StatusLine`): candidates bounded, then solved, with the time left
/// where the work left is known.
///
/// The search reports from its worker threads, so the counts sit behind a lock; the line is erased before the
/// results are printed.
struct SearchProgress: Sendable {
    /// What the line shows, changed by one thread at a time.
    struct Counts {
        var bounded = 0
        var solved = 0
        /// When every candidate had its bound (the exact solves began), on the line's clock.
        var boundedAt: Duration?
    }

    private let candidates: Int
    private let line: StatusLine
    private let counts = Locked(Counts())

    /// A line for a search over `candidates` candidates, drawn only if `isShown` and stderr is a terminal.
    init(candidates: Int, isShown: Bool) {
        self.candidates = candidates
        line = StatusLine(isShown: isShown)
    }

    /// `done` candidates have their bound.
    func bounded(_ done: Int) {
        update { $0.bounded = max($0.bounded, done) }
    }

    /// `done` candidates are solved exactly.
    func solved(_ done: Int) {
        update { $0.solved = max($0.solved, done) }
    }

    /// Erases the line, if one was drawn.
    func finish() {
        line.finish()
    }

    private func update(_ change: (inout Counts) -> Void) {
        guard line.isShown else { return }
        let elapsed = line.elapsed
        let now = counts.withLock { counts in
            change(&counts)
            if counts.bounded == candidates, counts.boundedAt == nil { counts.boundedAt = elapsed }
            return counts
        }
        line.show { elapsed in Self.text(now, candidates: candidates, elapsed: elapsed / .seconds(1)) }
    }

    /// The line for `counts` of `candidates`, `elapsed` seconds in.
    ///
    /// A pruned search bounds every candidate (about as long each), then solves as many as the bounds cannot rule
    /// out: while bounding, the time left to bound them all; then the time each exact solve takes (how many are left
    /// is not known). A search that solves every candidate says the time left.
    static func text(_ counts: Counts, candidates: Int, elapsed: Double) -> String {
        let total = NumberText.grouped(candidates)
        let solved = "\(NumberText.grouped(counts.solved)) solved exactly"
        guard counts.bounded > 0 else {
            let left = Double(candidates - counts.solved) * elapsed / Double(max(counts.solved, 1))
            return "\(NumberText.grouped(counts.solved)) of \(total) candidates solved exactly"
                + (counts.solved > 0 && counts.solved < candidates ? ", " + StatusLine.timeLeft(left) : "")
        }
        guard let boundedAt = counts.boundedAt else {
            let left = Double(candidates - counts.bounded) * elapsed / Double(counts.bounded)
            return "bounded \(NumberText.grouped(counts.bounded)) of \(total) candidates, "
                + StatusLine.timeLeft(left) + " to bound them all; " + solved
        }
        let each = counts.solved > 0 ? (elapsed - boundedAt / .seconds(1)) / Double(counts.solved) : 0
        return "bounded all \(total) candidates; " + solved
            + (counts.solved > 0
                ? ", about \(StatusLine.duration(each)) each (until the bounds rule out the rest)" : "")
    }
}
