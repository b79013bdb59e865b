import FarkleKit
import Foundation

/// Writes report files whole or not at all.
///
/// Each file goes through a `PendingFile`: a hidden temporary file in the destination's
/// directory, renamed over the destination once it is complete, and removed on any failure.
public enum ReportFile {
    /// Writes `text` as UTF-8 to `url`, replacing any file there, atomically.
    ///
    /// Follows a symbolic link at `url` and keeps the permission bits of a file it replaces;
    /// refuses to replace a directory or a device (see `PendingFile`).
    ///
    /// - Throws: `ReportFileError` naming the path when the directory is missing, not writable,
    ///   the disk is full or the rename fails; no temporary file is left behind.
    public static func write(_ text: String, to url: URL) throws(ReportFileError) {
        try PendingFile(destination: url).commit(text)
    }

    /// Makes SIGINT, SIGTERM and every other signal that ends the process (SIGHUP, SIGQUIT, the user signals,
    /// alarms, limits, faults and traps, SIGSYS, SIGPWR) remove every temporary file being written and write one `Error:` line to stderr before the
    /// process dies of the signal. A command-line tool calls this once at start.
    public static func removeTemporaryFilesOnSignals() {
        TemporaryFiles.installSignalHandlers()
    }

    /// Creates `directory` and its missing parents.
    ///
    /// Each folder made is removed again if a signal stops the process while it is still empty
    /// (`removeTemporaryFilesOnSignals()`).
    ///
    /// - Throws: `ReportFileError` when it cannot be created or a file is in the way.
    public static func createDirectory(_ directory: URL) throws(ReportFileError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ReportFileError(path: directory.path, reason: "a file is in the way of the directory")
            }
            return
        }
        // The folders missing from the path, deepest first: removed again where the last cannot be made, so that a
        // failure leaves no empty folder behind.
        var missing: [URL] = []
        var folder = directory
        while !FileManager.default.fileExists(atPath: folder.path), folder.pathComponents.count > 1 {
            missing.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        // Registered before they exist, so that no signal can fall between making and registering them.
        for folder in missing.reversed() { TemporaryFiles.registerFolder(folder.path) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            for made in missing { _ = rmdir(made.path) }
            throw ReportFileError(path: directory.path, reason: "cannot create the directory")
        }
    }
}

/// A report file that could not be written; its description is one line naming the path and the reason.
public struct ReportFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or directory that could not be written.
    public let path: String
    /// Why, in a few words ("the directory is not writable").
    public let reason: String

    /// An error for `path`, because of `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "cannot write 'Reports/x.md': the directory is not writable".
    public var description: String {
        "cannot write '\(path)': \(reason)"
    }
}
