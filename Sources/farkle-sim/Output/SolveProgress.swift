import FarkleKit
import Foundation

/// The progress line of a solve to win on stderr: how far along the pairs of totals are and about how long is
/// left, redrawn in place.
///
/// As `simulate`'s line, it appears only when asked for and stderr is a terminal, after the first second, about
/// ten times a second, and is erased by `finish()`, or once the solve reports its end, before anything else is
/// printed. Unchecked `Sendable`: a solver calls `update` or `sweep` on the one thread that runs it (a report
/// keeps the calls in its builder), never two at once.
final class SolveProgress: @unchecked Sendable {
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
        guard fraction < 1 else { return finish() }
        let now = clock.now
        if pairsStart == nil { pairsStart = now }
        let elapsed = now - start
        guard fraction < 1, elapsed >= .seconds(1), elapsed - lastShown >= .milliseconds(100) else { return }
        lastShown = elapsed
        var line = "\(label): \(Int(fraction * 100))% of the pairs of totals"
        if fraction >= 0.01, let pairsStart {
            line += Self.timeLeft((now - pairsStart) / .seconds(1) * (1 - fraction) / fraction)
        }
        draw(line)
    }

    /// A solve under a three-farkle penalty has done `sweeps` sweeps, the last changing no value by more than
    /// `change`; the sweeps stop at `PenaltyWinSolver.tolerance`, and the time left is estimated from how fast
    /// the change has been shrinking.
    func sweep(_ sweeps: Int, change: Double) {
        guard isShown else { return }
        defer { previousChange = change }
        guard change > PenaltyWinSolver.tolerance else { return finish() }
        let elapsed = clock.now - start
        guard elapsed >= .seconds(1) else { return }
        var line = "\(label): sweep \(sweeps), largest change \(String(format: "%.1e", change)) (stops at 1e-12)"
        // Only once the change shrinks by a tenth a sweep or more: a first sweep or two barely move it.
        if let previousChange, previousChange > 1.1 * change, change > 0 {
            let left = (log(change / PenaltyWinSolver.tolerance) / log(previousChange / change)).rounded(.up)
            line += Self.timeLeft(elapsed / .seconds(1) / Double(sweeps) * left)
        }
        draw(line)
    }

    /// The previous sweep's largest change, if any.
    private var previousChange: Double?

    /// ", about 40 s left" or ", about 3 min left".
    private static func timeLeft(_ seconds: Double) -> String {
        seconds < 90 ? ", about \(Int(seconds.rounded())) s left" : ", about \(Int((seconds / 60).rounded())) min left"
    }

    private func draw(_ line: String) {
        Standard.error("\r\u{1B}[K" + line, terminator: "")
        hasPrinted = true
    }

    /// Erases the line, if one was drawn.
    func finish() {
        if hasPrinted { Standard.error("\r\u{1B}[K", terminator: "") }
        hasPrinted = false
    }
}
