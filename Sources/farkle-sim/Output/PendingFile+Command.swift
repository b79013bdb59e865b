import FarkleReports
import Foundation

/// Output files of the commands, written whole or not at all, their failures as exit status 1.
extension PendingFile {
    /// Starts writing `path` (a temporary file beside it, renamed into place by `commitOrFail(_:)`).
    ///
    /// - Throws: `RuntimeFailure` naming the path when it cannot be written (a missing directory, a directory
    ///   in its place).
    static func opened(_ path: String) throws(RuntimeFailure) -> PendingFile {
        do {
            return try PendingFile(destination: URL(fileURLWithPath: path))
        } catch {
            throw RuntimeFailure(error.description)
        }
    }

    /// Puts `text` in place of the file.
    ///
    /// - Throws: `RuntimeFailure` naming the path when writing or renaming fails; the file is then as it was.
    func commitOrFail(_ text: String) throws(RuntimeFailure) {
        try commitOrFail(bytes: Array(text.utf8))
    }

    /// Puts `bytes` in place of the file once the results printed on stdout before it arrived: where they did not
    /// (stdout full or closed), the run fails and the file is not written, so a failed run replaces nothing.
    ///
    /// - Throws: `RuntimeFailure` saying which failed; the file is then as it was.
    func commitAfterOutput(bytes: [UInt8]) throws(RuntimeFailure) {
        if let failure = Standard.outputFailure {
            discard()
            throw RuntimeFailure(
                "cannot write the results to standard output: \(failure); '\(destination.relativePath)' was not "
                    + "written")
        }
        try commitOrFail(bytes: bytes)
    }

    /// Puts `bytes` in place of the file (a policy file).
    ///
    /// - Throws: `RuntimeFailure` naming the path when writing or renaming fails; the file is then as it was.
    func commitOrFail(bytes: [UInt8]) throws(RuntimeFailure) {
        do {
            try commit(bytes: bytes)
        } catch {
            throw RuntimeFailure(error.description)
        }
    }
}
