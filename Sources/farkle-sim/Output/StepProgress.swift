import FarkleKit
import Foundation

/// The progress line of a long command's steps that report no progress of their own, or only now and then (a
/// report's decisions to win, its games at larger tables): which step, how far along, and about how long is left.
///
/// Redrawn every second while a step runs, so that a step that says nothing for a while still shows its time; erased
/// by `finish()`.
struct StepProgress: Sendable {
    private struct Step {
        var name: String?
        var fraction = 0.0
        /// When the step began, on the line's clock.
        var start: Duration = .zero
        var isFinished = false
    }

    private let label: String
    private let line: StatusLine
    private let step = Locked(Step())

    /// A line starting with `label` ("Report"; none if empty), drawn if `isShown` and stderr is a terminal.
    init(_ label: String, isShown: Bool) {
        self.label = label
        line = StatusLine(isShown: isShown)
        if line.isShown { Self.tick(label: label, line: line, step: step) }
    }

    /// Step `name` has done `fraction` of its work (0 as it begins).
    func update(_ name: String, _ fraction: Double) {
        guard line.isShown else { return }
        let now = line.elapsed
        step.withLock { step in
            if step.name != name { (step.name, step.start) = (name, now) }
            step.fraction = fraction
        }
        Self.draw(label: label, line: line, step: step)
    }

    /// Draws nothing until the next step begins (another line has the terminal meanwhile).
    func pause() {
        step.withLock { $0.name = nil }
    }

    /// Erases the line, if one was drawn; nothing is drawn after.
    func finish() {
        step.withLock { $0.isFinished = true }
        line.finish()
    }

    /// "Report, the games at tables of 3 to 8: 40%, about 9 s left", or the step's time before a fifth of it is done.
    private static func draw(label: String, line: StatusLine, step: Locked<Step>) {
        line.show { elapsed in
            step.withLock { step in
                guard !step.isFinished, let current = step.name else { return nil }
                let name = label.isEmpty ? current : label + ", " + current
                let seconds = (elapsed - step.start) / .seconds(1)
                let fraction = min(max(step.fraction, 0), 1)
                guard fraction >= 0.2 else { return "\(name) (\(Int(seconds)) s)" }
                let left = seconds * (1 - fraction) / fraction
                return "\(name): \(Int(fraction * 100))%, " + StatusLine.timeLeft(left)
            }
        }
    }

    /// Redraws the line every second until `finish()`.
    private static func tick(label: String, line: StatusLine, step: Locked<Step>) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(1)) {
            draw(label: label, line: line, step: step)
            if !step.withLock({ $0.isFinished }) { tick(label: label, line: line, step: step) }
        }
    }
}
