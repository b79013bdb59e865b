import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file being written whole or not at all: a hidden temporary file beside the destination,
/// renamed over it by `commit(_:)`.
///
/// A rename within one file system is atomic, so a reader sees the old file or the new one,
/// never a part. The temporary file exists only while it is written and renamed: making it is tried once when the
/// value is created (so that a directory that cannot take it fails before the work, not after) and undone at once,
/// so a process killed by a signal no handler sees (SIGKILL) while it works leaves nothing behind. The temporary
/// file is removed on every failure (a full disk, a failed rename), when the value is dropped uncommitted, and,
/// once the tool has called `ReportFile.removeTemporaryFilesOnSignals()`, on SIGINT, SIGTERM and every other
/// signal that ends the process.
///
/// What the destination may be:
/// - missing: it is created with the usual mode (0666 less the umask);
/// - a regular file: it is replaced, keeping its permission bits (a private 0600 file stays private); a
///   read-only file is refused, never replaced;
/// - a symbolic link: it is followed, as the shell's `>` does, and the file it points to is
///   replaced (or created); the link itself stays. A file the tool owns (an entry of the cache of solved games)
///   is made with `followingLinks: false`: the link itself is replaced, and whatever it points to is left alone;
/// - anything else (a directory, a device, a pipe): refused, never replaced;
/// - a path that ends in `/` (a `URL` whose `hasDirectoryPath` is set): refused, as naming a directory.
public final class PendingFile {
    /// The file that `commit(_:)` replaces, symbolic links followed.
    public let destination: URL

    private let requested: URL
    private let temporaryPath: String
    /// The permission bits of the file replaced, given to the new one (`nil`: the usual mode).
    private let mode: mode_t?
    private var state: State
    private var slot: Int?

    /// Where the temporary file is in its life.
    private enum State {
        /// Not made yet: `stage(bytes:)` makes, writes and closes it.
        case pending
        /// Written and closed, waiting for `replaceDestination()`.
        case staged
        /// Renamed over the destination.
        case replaced
        /// Removed; the destination left as it was.
        case discarded
    }

    /// Checks that the temporary file can be made beside `destination` (after following symbolic links, unless
    /// `followingLinks` is false: then a link there is what is replaced).
    ///
    /// - Throws: `ReportFileError` naming the path when the destination is not a regular file
    ///   or its directory is missing or not writable.
    public init(destination url: URL, followingLinks: Bool = true) throws(ReportFileError) {
        // A path that ends in '/' names a directory, as the shell's `>` reads it; `URL.path` drops the slash, so
        // without this `out/` would write a file `out` (or replace the file `out` there).
        var isDirectory: ObjCBool = false
        if url.hasDirectoryPath,
            !(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            throw ReportFileError(
                path: url.path + "/",
                reason: "a path that ends in '/' names a directory, not a file; nothing was written")
        }
        requested = url
        let (target, mode) = try Self.resolve(url, followingLinks: followingLinks)
        destination = target
        let directory = target.deletingLastPathComponent()
        // The destination's name in the temporary one says whose it is; a name too long for that (a file name holds
        // 255 bytes, and the UUID and dots take 42) is left out.
        let name = target.lastPathComponent
        let stem = name.utf8.count <= 200 ? name : "farkle-sim"
        temporaryPath = directory.appendingPathComponent(".\(stem).\(UUID().uuidString).tmp").path
        self.mode = mode
        state = .pending
        // Made and removed again now, so that a directory that cannot take the file fails before the work; it is
        // made for good only when written. Registered before it exists, so that no signal falls between the two.
        let probe = TemporaryFiles.register(temporaryPath)
        let descriptor = makeTemporaryFile()
        if descriptor >= 0 {
            _ = close(descriptor)
            _ = unlink(temporaryPath)
        }
        TemporaryFiles.unregister(probe)
        guard descriptor >= 0 else { throw ReportFileError(path: url.path, reason: Self.reason(for: directory)) }
    }

    deinit {
        discard()
    }

    /// Creates the temporary file, which must not exist yet, for writing: its descriptor, or -1 with `errno` set.
    private func makeTemporaryFile() -> Int32 {
        open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }

    /// Writes `text` as UTF-8 and renames the file over the destination.
    ///
    /// - Throws: `ReportFileError` when writing, closing or renaming fails; the temporary file is
    ///   then removed and the destination left as it was.
    public func commit(_ text: String) throws(ReportFileError) {
        try commit(bytes: Array(text.utf8))
    }

    /// Writes `bytes` and renames the file over the destination (a binary file such as a policy file).
    ///
    /// - Throws: `ReportFileError` when writing, closing or renaming fails; the temporary file is
    ///   then removed and the destination left as it was.
    public func commit(bytes: [UInt8]) throws(ReportFileError) {
        try stage(bytes: bytes)
        try replaceDestination()
    }

    /// Writes `text` as UTF-8 and closes the temporary file, leaving the destination as it is until
    /// `replaceDestination()`: a set of files is written whole (a full disk fails here) before any replaces its
    /// old one.
    ///
    /// - Throws: `ReportFileError` when writing or closing fails; the temporary file is then removed.
    public func stage(_ text: String) throws(ReportFileError) {
        try stage(bytes: Array(text.utf8))
    }

    /// Writes `bytes` and closes the temporary file; see `stage(_:)`.
    public func stage(bytes: [UInt8]) throws(ReportFileError) {
        guard case .pending = state else { throw ReportFileError(path: requested.path, reason: "already written") }
        // Registered before it exists, so that no signal can fall between creating and registering.
        slot = TemporaryFiles.register(temporaryPath)
        let descriptor = makeTemporaryFile()
        guard descriptor >= 0 else {
            TemporaryFiles.unregister(slot)
            slot = nil
            state = .discarded
            throw ReportFileError(
                path: requested.path, reason: Self.reason(for: destination.deletingLastPathComponent()))
        }
        if let mode { _ = fchmod(descriptor, mode) }
        let failure = DescriptorWriter.writeAll(bytes, to: descriptor)?.lowercased()
        let closed = close(descriptor)
        // Made now: `discard()` removes it from here on.
        state = .staged
        if let failure {
            discard()
            throw ReportFileError(path: requested.path, reason: failure)
        }
        guard closed == 0 else {
            let failure = String(cString: strerror(errno))
            discard()
            throw ReportFileError(path: requested.path, reason: failure)
        }
    }

    /// Renames the file `stage(_:)` wrote over the destination.
    ///
    /// - Throws: `ReportFileError` when nothing was staged or the rename fails; the temporary file is then
    ///   removed and the destination left as it was.
    public func replaceDestination() throws(ReportFileError) {
        guard case .staged = state else { throw ReportFileError(path: requested.path, reason: "not written") }
        // POSIX rename replaces the destination in one step, whether or not it exists.
        guard rename(temporaryPath, destination.path) == 0 else {
            discard()
            throw ReportFileError(path: requested.path, reason: "cannot replace the file")
        }
        state = .replaced
        TemporaryFiles.unregister(slot)
    }

    /// Closes and removes the temporary file, leaving the destination as it was.
    public func discard() {
        switch state {
        case .discarded, .replaced: return
        case .pending:
            state = .discarded
            return
        case .staged: break
        }
        state = .discarded
        _ = unlink(temporaryPath)
        TemporaryFiles.unregister(slot)
    }

    // MARK: - Helpers

    /// The file `url` names after following symbolic links (with `followingLinks`), and the permission bits of the
    /// regular file there (`nil` when there is none yet, or when a link not followed is to be replaced).
    private static func resolve(_ url: URL, followingLinks: Bool) throws(ReportFileError) -> (URL, mode_t?) {
        var path = url.path
        // A link the caller owns the name of is replaced by the rename, never written through.
        var own = stat()
        if !followingLinks, lstat(path, &own) == 0, own.st_mode & S_IFMT == S_IFLNK {
            return (URL(fileURLWithPath: path), nil)
        }
        // A link that ends in no file name (`/dev/stdout` into a pipe reads `pipe:[...]`) is judged by what it
        // names, which stat follows.
        var named = stat()
        if stat(path, &named) == 0, named.st_mode & S_IFMT != S_IFREG, named.st_mode & S_IFMT != S_IFDIR {
            throw ReportFileError(
                path: url.path,
                reason: "it is not a regular file (a device, a pipe or a socket); nothing was replaced")
        }
        // The same bound on a chain of links as the kernel's.
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0 else { return (URL(fileURLWithPath: path), nil) }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                // A file with no write permission is one its owner protected: refused even where the process
                // could replace it (root can), as `cp` without `-f` would not write through it.
                guard info.st_mode & 0o222 != 0, access(path, W_OK) == 0 else {
                    throw ReportFileError(path: url.path, reason: "the file is read-only; nothing was replaced")
                }
                return (URL(fileURLWithPath: path), info.st_mode & 0o7777)
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &buffer, buffer.count - 1)
                guard length > 0 else { throw ReportFileError(path: url.path, reason: "cannot read the link") }
                let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                path =
                    target.hasPrefix("/")
                    ? target
                    : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path
            case S_IFDIR:
                throw ReportFileError(path: url.path, reason: "it is a directory, not a file; nothing was replaced")
            default:
                throw ReportFileError(
                    path: url.path,
                    reason: "it is not a regular file (a device, a pipe or a socket); nothing was replaced")
            }
        }
        throw ReportFileError(path: url.path, reason: "too many levels of symbolic links")
    }

    /// Why nothing could be written into `directory`, in a few words.
    private static func reason(for directory: URL) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            return "the directory does not exist"
        }
        guard isDirectory.boolValue else { return "the parent is not a directory" }
        guard FileManager.default.isWritableFile(atPath: directory.path) else {
            return "the directory is not writable"
        }
        return "cannot write the file"
    }
}

// MARK: - Signals

/// The temporary files being written, in fixed slots a signal handler can read without locking.
///
/// A path's C string is never freed, so the handler never reads freed memory even if another
/// thread finishes a file while it runs; a report of every preset stages a few hundred files at once.
enum TemporaryFiles {
    private static let capacity = 1_024
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = NSLock()

    /// Records `path` for removal on a signal; `nil` when every slot is taken.
    static func register(_ path: String) -> Int? {
        lock.withLock {
            guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
            slots[free] = strdup(path)
            return free
        }
    }

    /// Forgets the path in `slot`.
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        lock.withLock { slots[slot] = nil }
    }

    /// The folders this process made for its files, parents before the folders inside them, each removed on a
    /// signal if it is still empty then: a report stopped before its first file is in place leaves no empty
    /// folder behind. A folder that holds files by then stays, so they are never forgotten.
    private static let folderCapacity = 256
    nonisolated(unsafe) private static let folders: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let folders = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: folderCapacity)
        folders.initialize(repeating: nil, count: folderCapacity)
        return folders
    }()
    nonisolated(unsafe) private static var folderCount = 0

    /// Records the folder `path`, just made, for removal on a signal while it is empty (not when every slot is taken).
    static func registerFolder(_ path: String) {
        lock.withLock {
            guard folderCount < folderCapacity else { return }
            folders[folderCount] = strdup(path)
            folderCount += 1
        }
    }

    /// The signals whose default action ends the process, each with the line the handler writes: Ctrl-C and
    /// Ctrl-\, a hang-up, `kill`, the user signals, alarms and limits, the signals of a fault or a trap and the
    /// rest Linux defines (SIGPIPE is ignored: a closed pipe is a write error). The fault signals are taken from
    /// the Swift runtime's backtracer, which answers one sent by `kill` with a crash report and then lets the
    /// process run on; a real fault still ends the process, after the files are removed.
    private static let endingSignals: [(number: Int32, name: String)] = {
        var signals: [(number: Int32, name: String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGTERM, "SIGTERM"), (SIGUSR1, "SIGUSR1"),
            (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ"),
            (SIGVTALRM, "SIGVTALRM"), (SIGPROF, "SIGPROF"), (SIGABRT, "SIGABRT"), (SIGSEGV, "SIGSEGV"),
            (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"), (SIGSYS, "SIGSYS"),
        ]
        #if os(Linux)
            signals += [(SIGPWR, "SIGPWR"), (SIGSTKFLT, "SIGSTKFLT")]
        #endif
        return signals
    }()

    /// The handler's line for each signal number, as C strings made before any signal arrives (a handler may
    /// only call async-signal-safe functions: `write`, `strlen`, `unlink`, `signal`, `raise`).
    private static let signalLines = 65

    nonisolated(unsafe) private static let lines: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let lines = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: signalLines)
        lines.initialize(repeating: nil, count: signalLines)
        // On a terminal the line first erases a progress line that may be drawn there, as every other error does
        // (`\r` and erase to the end of the line: nothing to erase where none is drawn).
        let erase = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : ""
        for (number, name) in endingSignals where number < signalLines {
            lines[Int(number)] = strdup("\(erase)Error: stopped by \(name); no file was left half-written\n")
        }
        return lines
    }()

    /// Installs handlers for the signals that end the process (`endingSignals`) that remove every registered
    /// file and every registered folder still empty, write one `Error:` line to stderr, then die of the signal as
    /// they would have (exit status 128 + the signal in a shell: 129 for SIGHUP, 130 for SIGINT, 143 for SIGTERM). A signal the parent set to be
    /// ignored (a background job) stays ignored; a blocked one (some process launchers block every signal in the
    /// child) is unblocked, or it would never arrive. SIGQUIT, which the Swift runtime would answer with a
    /// backtrace, is handled as the others.
    static func installSignalHandlers() {
        _ = slots
        _ = folders
        _ = lines
        var set = sigset_t()
        sigemptyset(&set)
        for (number, _) in endingSignals { sigaddset(&set, number) }
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for (number, _) in endingSignals {
            let previous = signal(number) { received in
                for index in 0..<TemporaryFiles.capacity {
                    if let path = TemporaryFiles.slots[index] { _ = unlink(path) }
                }
                // The folders inside others first; rmdir leaves a folder that holds anything.
                for index in stride(from: TemporaryFiles.folderCapacity - 1, through: 0, by: -1) {
                    if let path = TemporaryFiles.folders[index] { _ = rmdir(path) }
                }
                if received >= 0, received < TemporaryFiles.signalLines,
                    let line = TemporaryFiles.lines[Int(received)]
                {
                    _ = write(STDERR_FILENO, line, strlen(line))
                }
                _ = signal(received, SIG_DFL)
                _ = raise(received)
            }
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = signal(number, SIG_IGN)
            }
        }
    }
}
