import FarkleKit
import Foundation

/// Writes report files whole or not at all.
///
/// The text goes to a hidden temporary file in the destination's directory,
/// which is then renamed over the destination: a rename within one file system
/// is atomic, so a reader sees the old file or the new one, never a part.
public enum ReportFile {
    /// Writes `text` as UTF-8 to `url`, replacing any file there, atomically.
    ///
    /// - Throws: `ReportFileError` naming the path when the directory is missing,
    ///   not writable, or the rename fails; no temporary file is left behind.
    public static func write(_ text: String, to url: URL) throws(ReportFileError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(text.utf8).write(to: temporary, options: [.withoutOverwriting])
        } catch {
            throw ReportFileError(path: url.path, reason: reason(for: directory))
        }
        // POSIX rename replaces the destination in one step, whether or not it exists.
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw ReportFileError(path: url.path, reason: "cannot replace the file")
        }
    }

    /// Creates `directory` and its missing parents.
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
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportFileError(path: directory.path, reason: "cannot create the directory")
        }
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
