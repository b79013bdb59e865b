import Foundation

/// The progress line of `dice-set` on stderr: candidates bounded, then solved, redrawn in place.
///
/// The search reports from its worker threads, so the counts and the drawing sit behind a lock. As
/// `simulate`'s line, it appears only on a terminal, after the first second, about ten times a second,
/// and is erased before the results are printed.
final class SearchProgress: @unchecked Sendable {
    private let candidates: Int
    private let isShown: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let lock = NSLock()
    private var bounded = 0
    private var solved = 0
    private var lastShown: Duration = .zero
    private var hasPrinted = false

    /// A line for a search over `candidates` candidates, drawn only if `isShown`.
    init(candidates: Int, isShown: Bool) {
        self.candidates = candidates
        self.isShown = isShown
        start = clock.now
    }

    /// `done` candidates have their bound.
    func bounded(_ done: Int) {
        update { bounded = max(bounded, done) }
    }

    /// `done` candidates are solved exactly.
    func solved(_ done: Int) {
        update { solved = max(solved, done) }
    }

    /// Erases the line, if one was drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if hasPrinted { Standard.error("\r\u{1B}[K", terminator: "") }
        hasPrinted = false
    }

    private func update(_ change: () -> Void) {
        guard isShown else { return }
        lock.lock()
        defer { lock.unlock() }
        change()
        let elapsed = clock.now - start
        guard elapsed >= .seconds(1), elapsed - lastShown >= .milliseconds(100) else { return }
        lastShown = elapsed
        let total = SimulateCommand.grouped(candidates)
        // A pruned search bounds every candidate, then solves as many as the bounds cannot rule out.
        let line =
            bounded > 0
            ? "bounded \(SimulateCommand.grouped(bounded)) of \(total) candidates, "
                + "\(SimulateCommand.grouped(solved)) solved exactly"
            : "\(SimulateCommand.grouped(solved)) of \(total) candidates solved exactly"
        Standard.error("\r\u{1B}[K" + line, terminator: "")
        hasPrinted = true
    }
}
