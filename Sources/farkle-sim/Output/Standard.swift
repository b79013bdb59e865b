import FarkleReports

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to stdout (results) and stderr (diagnostics, progress) without ever trapping.
///
/// Both go straight to the file descriptors (`DescriptorWriter`), unbuffered, so a failed
/// write is seen when it happens: a failed write of results is remembered and turned
/// into exit status 1 by `FarkleSim` (results that did not arrive are not a success),
/// while a failed write to stderr is ignored, as there is nowhere left to report it.
enum Standard {
    /// Why results could not be written to stdout, once a write has failed.
    ///
    /// The tool writes from one thread (progress comes back to the calling thread), so plain
    /// statics are enough.
    nonisolated(unsafe) private(set) static var outputFailure: String?

    /// Where results go: stdout, unless a test runs the tool in its own process and collects them.
    nonisolated(unsafe) private static var outputDescriptor: Int32 = 1

    /// Where diagnostics go: stderr, unless a test collects them.
    nonisolated(unsafe) private static var errorDescriptor: Int32 = 2

    /// Sends results and diagnostics to other descriptors and forgets any failure, for a test
    /// that runs the tool in its own process.
    static func redirect(output: Int32, error: Int32) {
        outputDescriptor = output
        errorDescriptor = error
        outputFailure = nil
    }

    /// Whether stdout was closed when the tool started, so no result can reach the caller.
    nonisolated(unsafe) private static var outputIsClosed = false

    /// Occupies a closed stdin, stdout or stderr with /dev/null, so that no file the tool opens
    /// later takes its number and receives results or messages; a closed stdout is remembered
    /// as a failure to write results.
    static func occupyClosedDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
            if descriptor == 1 { outputIsClosed = true }
        }
    }

    /// Prints results on stdout; a failure is kept in `outputFailure` and later writes are skipped.
    static func output(_ text: String, terminator: String = "\n") {
        guard outputFailure == nil else { return }
        if outputIsClosed {
            outputFailure = "standard output is closed"
            return
        }
        if let failure = DescriptorWriter.writeAll(text + terminator, to: outputDescriptor) { outputFailure = failure }
    }

    /// Prints a diagnostic line on stderr; a failure is ignored.
    static func error(_ text: String, terminator: String = "\n") {
        _ = DescriptorWriter.writeAll(text + terminator, to: errorDescriptor)
    }

    /// Whether stderr is a terminal (progress lines are only shown there).
    static var errorIsTerminal: Bool {
        isatty(2) != 0
    }
}
