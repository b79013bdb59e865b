import FarkleKit
import FarkleReports

/// One line of progress on stderr, redrawn in place: the one place that decides when it is drawn and erases it.
///
/// It appears only when asked for and stderr is a terminal, from the first second on, at most about ten times a
/// second, and `finish()` erases it before anything else is printed. Threads may report at once: what it has
/// drawn sits behind a lock (`Locked`).
struct StatusLine: Sendable {
    private struct Drawn {
        var lastShown: Duration = .zero
        var hasPrinted = false
    }

    /// Whether the line is drawn at all: asked for, and stderr is a terminal.
    let isShown: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let drawn = Locked(Drawn())

    /// A line drawn if `isShown` and stderr is a terminal, timed from now.
    init(isShown: Bool) {
        self.isShown = isShown && Standard.errorIsTerminal
        start = clock.now
    }

    /// The time since the line was made.
    var elapsed: Duration { clock.now - start }

    /// Draws the text `line` makes, given the time elapsed, unless it is too soon (before the first second, or
    /// within 100 ms of the last drawing) or `line` gives `nil`.
    func show(_ line: (Duration) -> String?) {
        guard isShown else { return }
        drawn.withLock { drawn in
            let elapsed = clock.now - start
            guard elapsed >= .seconds(1), elapsed - drawn.lastShown >= .milliseconds(100), let text = line(elapsed)
            else { return }
            drawn.lastShown = elapsed
            Standard.error("\r\u{1B}[K" + text, terminator: "")
            drawn.hasPrinted = true
        }
    }

    /// "about 40 s left", "about 3 min left" or "about 2.5 h left": the one way progress lines say the time left.
    static func timeLeft(_ seconds: Double) -> String {
        "about \(duration(seconds)) left"
    }

    /// "40 s", "3 min" or "2.5 h": a time on a progress line, rounded as a person reads it.
    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        if seconds < 5_400 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(NumberText.fixed(seconds / 3_600, 1)) h"
    }

    /// Erases the line, if one was drawn.
    func finish() {
        drawn.withLock { drawn in
            if drawn.hasPrinted { Standard.error("\r\u{1B}[K", terminator: "") }
            drawn.hasPrinted = false
        }
    }
}
