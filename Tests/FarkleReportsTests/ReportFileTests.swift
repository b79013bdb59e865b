import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("Writing report files whole")
struct ReportFileTests {
    /// A fresh empty directory under the system's temporary directory.
    private func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("writing replaces the file's content and leaves no temporary file behind")
    func replaces() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("odds.md")
        try ReportFile.write("first\n", to: file)
        try ReportFile.write("second, longer ✓\n", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "second, longer ✓\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["odds.md"])
    }

    @Test("a missing directory is an error naming the path, and nothing is written")
    func missingDirectory() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("absent/odds.md")
        let error = #expect(throws: ReportFileError.self) { try ReportFile.write("x", to: file) }
        #expect(error?.description == "cannot write '\(file.path)': the directory does not exist")
    }

    @Test("an unwritable directory is a one-line error and the old file stays whole")
    func unwritableDirectory() throws {
        let directory = try scratchDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            try? FileManager.default.removeItem(at: directory)
        }
        let file = directory.appendingPathComponent("odds.md")
        try ReportFile.write("old\n", to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        // Root ignores permissions; the check means something only when writing really fails.
        guard !FileManager.default.isWritableFile(atPath: directory.path) else { return }
        let error = #expect(throws: ReportFileError.self) { try ReportFile.write("new\n", to: file) }
        #expect(error?.reason == "the directory is not writable")
        #expect(error?.description.contains("\n") == false)
        #expect(try String(contentsOf: file, encoding: .utf8) == "old\n")
    }

    @Test("a file in the way of the output directory is an error")
    func fileInTheWay() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("Reports")
        try ReportFile.write("not a directory", to: blocker)
        #expect(throws: ReportFileError(path: blocker.path, reason: "a file is in the way of the directory")) {
            try ReportFile.createDirectory(blocker)
        }
        #expect(throws: ReportFileError.self) {
            try ReportFile.write("x", to: blocker.appendingPathComponent("odds.md"))
        }
        let nested = directory.appendingPathComponent("a/b")
        try ReportFile.createDirectory(nested)
        try ReportFile.createDirectory(nested)
        try ReportFile.write("ok", to: nested.appendingPathComponent("c.md"))
        #expect(try String(contentsOf: nested.appendingPathComponent("c.md"), encoding: .utf8) == "ok")
        // A directory where the file should go cannot be replaced; the temporary file is cleaned up.
        #expect(throws: ReportFileError(path: nested.path, reason: "cannot replace the file")) {
            try ReportFile.write("x", to: nested)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: nested.deletingLastPathComponent().path) == ["b"])
    }
}
