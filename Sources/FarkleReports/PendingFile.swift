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
/// never a part. The temporary file is removed on every failure (a full disk, a failed
/// rename), when the value is dropped uncommitted, and, once the tool has called
/// `ReportFile.removeTemporaryFilesOnSignals()`, on SIGINT and SIGTERM.
///
/// What the destination may be:
/// - missing: it is created with the usual mode (0666 less the umask);
/// - a regular file: it is replaced, keeping its permission bits (a private 0600 file stays private);
/// - a symbolic link: it is followed, as the shell's `>` does, and the file it points to is
///   replaced (or created); the link itself stays;
/// - anything else (a directory, a device, a pipe): refused, never replaced.
public final class PendingFile {
    /// The file that `commit(_:)` replaces, symbolic links followed.
    public let destination: URL

    private let requested: URL
    private let temporaryPath: String
    private var descriptor: Int32
    private let slot: Int?

    /// Creates the temporary file beside `destination` (after following symbolic links).
    ///
    /// - Throws: `ReportFileError` naming the path when the destination is not a regular file
    ///   or its directory is missing or not writable.
    public init(destination url: URL) throws(ReportFileError) {
        requested = url
        let (target, mode) = try Self.resolve(url)
        destination = target
        let directory = target.deletingLastPathComponent()
        temporaryPath = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp").path
        // Registered before it exists, so that no signal can fall between creating and registering.
        slot = TemporaryFiles.register(temporaryPath)
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            TemporaryFiles.unregister(slot)
            throw ReportFileError(path: url.path, reason: Self.reason(for: directory))
        }
        if let mode { _ = fchmod(descriptor, mode) }
    }

    deinit {
        discard()
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
        guard descriptor >= 0 else { throw ReportFileError(path: requested.path, reason: "already written") }
        if let failure = DescriptorWriter.writeAll(bytes, to: descriptor)?.lowercased() {
            discard()
            throw ReportFileError(path: requested.path, reason: failure)
        }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else {
            let failure = String(cString: strerror(errno))
            discard()
            throw ReportFileError(path: requested.path, reason: failure)
        }
        // POSIX rename replaces the destination in one step, whether or not it exists.
        guard rename(temporaryPath, destination.path) == 0 else {
            discard()
            throw ReportFileError(path: requested.path, reason: "cannot replace the file")
        }
        TemporaryFiles.unregister(slot)
    }

    /// Closes and removes the temporary file, leaving the destination as it was.
    public func discard() {
        guard descriptor != -2 else { return }
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -2
        _ = unlink(temporaryPath)
        TemporaryFiles.unregister(slot)
    }

    // MARK: - Helpers

    /// The file `url` names after following symbolic links, and the permission bits of the regular
    /// file there (`nil` when there is none yet).
    private static func resolve(_ url: URL) throws(ReportFileError) -> (URL, mode_t?) {
        var path = url.path
        // The same bound on a chain of links as the kernel's.
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0 else { return (URL(fileURLWithPath: path), nil) }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
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
/// thread finishes a file while it runs; a run writes a few dozen files at most.
enum TemporaryFiles {
    private static let capacity = 64
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

    /// Installs handlers for SIGINT and SIGTERM that remove every registered file, then die of the
    /// signal as they would have (exit status 128 + the signal in a shell: 130, 143). A signal the
    /// parent set to be ignored (a background job) stays ignored; a blocked one (some process
    /// launchers block every signal in the child) is unblocked, or it would never arrive.
    static func installSignalHandlers() {
        _ = slots
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in [SIGINT, SIGTERM] {
            let previous = signal(number) { received in
                for index in 0..<TemporaryFiles.capacity {
                    if let path = TemporaryFiles.slots[index] { _ = unlink(path) }
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
