import FarkleKit
import Foundation

/// The progress line of `dice-set` on stderr: candidates bounded, then solved, redrawn in place.
///
/// The search reports from its worker threads, so the counts and the drawing sit behind a lock. As
/// `simulate`'s line, it appears only on a terminal, after the first second, about ten times a second,
/// and is erased before the results are printed.
struct SearchProgress: Sendable {
    /// What the line shows, changed by one thread at a time.
    private struct Counts {
        var bounded = 0
        var solved = 0
        var lastShown: Duration = .zero
        var hasPrinted = false
    }

    private let candidates: Int
    private let isShown: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let counts = Locked(Counts())

    /// A line for a search over `candidates` candidates, drawn only if `isShown`.
    init(candidates: Int, isShown: Bool) {
        self.candidates = candidates
        self.isShown = isShown
        start = clock.now
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
        counts.withLock { counts in
            if counts.hasPrinted { Standard.error("\r\u{1B}[K", terminator: "") }
            counts.hasPrinted = false
        }
    }

    private func update(_ change: (inout Counts) -> Void) {
        guard isShown else { return }
        counts.withLock { counts in
            change(&counts)
            let elapsed = clock.now - start
            guard elapsed >= .seconds(1), elapsed - counts.lastShown >= .milliseconds(100) else { return }
            counts.lastShown = elapsed
            let total = SimulateCommand.grouped(candidates)
            // A pruned search bounds every candidate, then solves as many as the bounds cannot rule out.
            let line =
                counts.bounded > 0
                ? "bounded \(SimulateCommand.grouped(counts.bounded)) of \(total) candidates, "
                    + "\(SimulateCommand.grouped(counts.solved)) solved exactly"
                : "\(SimulateCommand.grouped(counts.solved)) of \(total) candidates solved exactly"
            Standard.error("\r\u{1B}[K" + line, terminator: "")
            counts.hasPrinted = true
        }
    }
}
