import FarkleKit
import FarkleReports
import Foundation

/// The progress line of `dice-set` on stderr (a `StatusLine`): candidates bounded, then solved.
///
/// The search reports from its worker threads, so the counts sit behind a lock; the line is erased before the
/// results are printed.
struct SearchProgress: Sendable {
    /// What the line shows, changed by one thread at a time.
    private struct Counts {
        var bounded = 0
        var solved = 0
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
        let now = counts.withLock { counts in
            change(&counts)
            return counts
        }
        line.show { _ in
            let total = NumberText.grouped(candidates)
            // A pruned search bounds every candidate, then solves as many as the bounds cannot rule out.
            return now.bounded > 0
                ? "bounded \(NumberText.grouped(now.bounded)) of \(total) candidates, "
                    + "\(NumberText.grouped(now.solved)) solved exactly"
                : "\(NumberText.grouped(now.solved)) of \(total) candidates solved exactly"
        }
    }
}
