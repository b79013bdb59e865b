/// A command line the tool cannot run: printed as `Error: ...` with a usage hint, exit 64.
struct UsageError: Error {
    let message: String
    let spec: CommandSpec?

    init(_ message: String, spec: CommandSpec?) {
        self.message = message
        self.spec = spec
    }
}

/// A failure while running: printed as `Error: ...`, exit 1 (a failed check, an unwritable file).
struct RuntimeFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// The exit statuses of the tool, as swift-argument-parser uses them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}
