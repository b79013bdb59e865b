import FarkleKit

/// `--threads` and `--quiet`, the options of the commands that can run longer than a second: one default thread
/// count everywhere (every active processor) and one way to silence progress.
enum RunOptions {
    /// `--threads`, with `help` saying what the threads share; the numbers never depend on the count.
    static func threads(help: String) -> OptionSpec {
        OptionSpec(
            name: "threads", valueName: "k", help: help + " (never changes the numbers).",
            defaultValue: "the active processor count")
    }

    /// `--threads` as given, 1 to 1,024, or every active processor.
    static func threads(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        try arguments.integer("threads", in: 1...1024, default: GameSimulation<BuiltInStrategy>.defaultThreads)
    }

    /// `--quiet`, saying `help`.
    static func quiet(help: String = "Show no progress on stderr (progress appears only on a terminal).")
        -> OptionSpec
    {
        .flag("quiet", help: help)
    }

    /// Whether progress may be shown: not with `--quiet`; each progress line also checks that stderr is a terminal.
    static func showsProgress(_ arguments: ParsedArguments) -> Bool {
        !arguments.flag("quiet")
    }
}
