import FarkleKit
import FarkleReports
import Foundation

/// The progress line of a solve to win on stderr (a `StatusLine`): how far along the pairs of totals, or the
/// sweeps under a three-farkle penalty, are and about how long is left.
///
/// It is erased by `finish()`, or once the solve reports its end.
struct SolveProgress: Sendable {
    /// What the estimates of the time left count from.
    private struct Marks {
        /// When the pairs began (the final-round tables done): the estimate of the time left counts from there.
        var pairsStart: Duration?
        /// The previous sweep's largest change, if any.
        var previousChange: Double?
        /// Whether `finish()` has been called.
        var isFinished = false
    }

    private let label: String
    private let unit: String
    private let line: StatusLine
    private let marks = Locked(Marks())

    /// A line starting with `label` ("Solving rules 'standard' to win"), drawn at once if `isShown` and stderr is
    /// a terminal; `update` counts `unit` ("the pairs of totals", or a game of rounds' "turns").
    init(_ label: String, unit: String = "the pairs of totals", isShown: Bool) {
        self.label = label
        self.unit = unit
        line = StatusLine(isShown: isShown)
        if line.isShown { Self.showSetUp(label: label, line: line, marks: marks) }
    }

    /// Until the first count or `finish()`, says every second that the tables every state reads (the final
    /// round, the rows past the target) are being set up: they take seconds of their own before any count.
    private static func showSetUp(label: String, line: StatusLine, marks: Locked<Marks>) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1_050)) {
            // Checked inside the line's drawing: `finish()` marks the end before it erases, so whichever comes
            // first, nothing is drawn after the line is erased.
            var goesOn = false
            line.show { elapsed in
                marks.withLock { marks in
                    goesOn = !marks.isFinished && marks.pairsStart == nil
                    return goesOn ? "\(label): setting up the tables (\(Int(elapsed / .seconds(1))) s)" : nil
                }
            }
            if goesOn { showSetUp(label: label, line: line, marks: marks) }
        }
    }

    /// What a solve to win under `rules` counts as it goes: a game of rounds its turns, a race its pairs of totals,
    /// a race of three its sets of totals.
    static func unit(of rules: RuleSet) -> String {
        switch WinGameKind(rules) {
        case .rounds: "the turns"
        case .threePlayerRace: "the sets of totals"
        case .race, .penaltyRace: "the pairs of totals"
        }
    }

    /// The solve has done `fraction` of its pairs of totals (or other `unit`).
    func update(_ fraction: Double) {
        guard line.isShown else { return }
        guard fraction < 1 else { return finish() }
        let now = line.elapsed
        let pairsStart = marks.withLock { marks in
            if marks.pairsStart == nil { marks.pairsStart = now }
            return marks.pairsStart ?? now
        }
        line.show { [label, unit] _ in
            Self.text(label: label, unit: unit, fraction: fraction, seconds: (now - pairsStart) / .seconds(1))
        }
    }

    /// "Solving rules 'standard' to win, 3 players: 0.4% of the sets of totals, about 2.5 h left": `fraction` of
    /// `unit` done in `seconds`. Below a tenth the share has one decimal and the time left is estimated from a
    /// thousandth on: a solve of hours (three players raced to 10,000 with a final round) would otherwise show
    /// "0%" and no estimate for minutes.
    static func text(label: String, unit: String, fraction: Double, seconds: Double) -> String {
        let share = fraction < 0.1 ? NumberText.fixed(fraction * 100, 1) : "\(Int(fraction * 100))"
        var text = "\(label): \(share)% of \(unit)"
        if fraction >= 0.001 {
            text += ", " + StatusLine.timeLeft(seconds * (1 - fraction) / fraction)
        }
        return text
    }

    /// A solve under a three-farkle penalty has done `sweeps` sweeps, the last changing no value by more than
    /// `change`; the sweeps stop at `PenaltyWinSolver.tolerance`, and the time left is estimated from how fast
    /// the change has been shrinking.
    func sweep(_ sweeps: Int, change: Double) {
        guard line.isShown else { return }
        let tolerance = PenaltyWinSolver.tolerance
        guard change > tolerance else { return finish() }
        let now = line.elapsed
        let previousChange = marks.withLock { marks in
            defer { marks.previousChange = change }
            if marks.pairsStart == nil { marks.pairsStart = now }
            return marks.previousChange
        }
        line.show { elapsed in
            var text =
                "\(label): sweep \(sweeps), largest change \(NumberText.scientific(change)) "
                + "(stops at \(NumberText.scientific(tolerance, 0)))"
            // Only once the change shrinks by a tenth a sweep or more: a first sweep or two barely move it.
            if let previousChange, previousChange > 1.1 * change, change > 0 {
                let left = (log(change / tolerance) / log(previousChange / change)).rounded(.up)
                text += ", " + StatusLine.timeLeft(elapsed / .seconds(1) / Double(sweeps) * left)
            }
            return text
        }
    }

    /// Erases the line, if one was drawn.
    func finish() {
        marks.withLock { $0.isFinished = true }
        line.finish()
    }
}
