import Foundation

/// The progress line of a solve to win on stderr: how far along the pairs of totals are and about how long is
/// left, redrawn in place.
///
/// As `simulate`'s line, it appears only when asked for and stderr is a terminal, after the first second, about
/// ten times a second, and is erased by `finish()` before anything else is printed. The solver calls `update`
/// on one thread.
final class SolveProgress {
    private let label: String
    private let isShown: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// When the pairs began (the final-round tables done): the estimate of the time left counts from there.
    private var pairsStart: ContinuousClock.Instant?
    private var lastShown: Duration = .zero
    private var hasPrinted = false

    /// A line starting with `label` ("Solving rules 'standard' to win"), drawn if `isShown` and stderr is a
    /// terminal.
    init(_ label: String, isShown: Bool) {
        self.label = label
        self.isShown = isShown && Standard.errorIsTerminal
        start = clock.now
    }

    /// The solve has done `fraction` of its pairs of totals.
    func update(_ fraction: Double) {
        guard isShown else { return }
        let now = clock.now
        if pairsStart == nil { pairsStart = now }
        let elapsed = now - start
        guard fraction < 1, elapsed >= .seconds(1), elapsed - lastShown >= .milliseconds(100) else { return }
        lastShown = elapsed
        var line = "\(label): \(Int(fraction * 100))% of the pairs of totals"
        if fraction >= 0.01, let pairsStart {
            let left = (now - pairsStart) / .seconds(1) * (1 - fraction) / fraction
            line +=
                left < 90 ? ", about \(Int(left.rounded())) s left" : ", about \(Int((left / 60).rounded())) min left"
        }
        Standard.error("\r\u{1B}[K" + line, terminator: "")
        hasPrinted = true
    }

    /// Erases the line, if one was drawn.
    func finish() {
        if hasPrinted { Standard.error("\r\u{1B}[K", terminator: "") }
        hasPrinted = false
    }
}
