import Foundation
import Testing

/// What one run of the built `farkle-sim` binary printed and returned.
struct CommandResult {
    var standardOutput: String
    var standardError: String
    var exitStatus: Int32
}

/// Runs the built binary as a user would, in the manner of swift-argument-parser's `AssertExecuteCommand`.
enum CommandRunner {
    /// The folder holding the test bundle and the built products.
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            return Bundle.main.bundleURL
        #else
            return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #endif
    }

    /// The `farkle-sim` executable next to the tests, or the one `FARKLE_SIM_EXECUTABLE` names: `.ci/run` names
    /// the release build it has just made from the same sources, which runs the solves and simulations these tests
    /// ask for many times faster than a debug build.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["FARKLE_SIM_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return productsDirectory.appendingPathComponent("farkle-sim")
    }

    /// A fresh empty directory under the system's temporary directory, its name starting with `prefix`.
    static func scratchDirectory(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `farkle-sim arguments...` and collects stdout, stderr and the exit status; `environment` adds to or
    /// replaces variables of `childEnvironment` (`XDG_CACHE_HOME` for a cache of the test's own).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
        try run(executable: executable, arguments, in: directory, environment: environment)
    }

    /// Starts a run that plays for minutes with `--out result.md` in `directory`, its stderr into `errors`
    /// (nowhere when `nil`), for a test to stop with a signal.
    static func startLongRun(in directory: URL, errors: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--games", "1000000000", "--strategy", "greedy", "--quiet", "--out", "result.md"]
        process.environment = childEnvironment
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `script` with `/bin/sh -c`, in which `"$0"` is the `farkle-sim` executable, for what only a
    /// shell sets up: closed or full standard streams, a file size limit.
    static func runShell(_ script: String, in directory: URL? = nil) throws -> CommandResult {
        try run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path], in: directory)
    }

    /// The environment of every process a test starts: this one's, with no coverage profile written.
    ///
    /// Under `swift test --enable-code-coverage` the tool is instrumented too and would write a profile of
    /// its own per run; a run the tests end with a signal leaves a truncated one that `llvm-profdata` then
    /// refuses, failing the coverage step. FarkleKit's coverage is measured in the test process itself.
    ///
    /// The cache of solved games points where no directory can be made, so that no test writes into the user's
    /// cache or finds a game another test solved: each solves as if the cache were empty (`CacheTests` give
    /// their own).
    static var childEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LLVM_PROFILE_FILE"] = "/dev/null"
        environment["XDG_CACHE_HOME"] = "/dev/null/no-cache"
        return environment
    }

    /// Runs `executable` (such as the browser of the advisor page's test) and collects what it printed.
    static func run(
        executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = childEnvironment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting so a large output cannot fill a pipe and stall the child.
        let errorData = ReadInBackground(error.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self),
            exitStatus: process.terminationStatus)
    }
}

/// Reads a file handle to its end on another thread.
private final class ReadInBackground: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
