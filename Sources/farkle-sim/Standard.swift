import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to stdout (results) and stderr (diagnostics, progress).
enum Standard {
    /// Prints results on stdout.
    static func output(_ text: String, terminator: String = "\n") {
        print(text, terminator: terminator)
    }

    /// Prints a diagnostic line on stderr.
    static func error(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((text + terminator).utf8))
    }

    /// Whether stderr is a terminal (progress lines are only shown there).
    static var errorIsTerminal: Bool {
        isatty(2) != 0
    }
}
