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
        // A directory where the file should go is never replaced, and no temporary file is made.
        #expect(
            throws: ReportFileError(path: nested.path, reason: "it is a directory, not a file; nothing was replaced")
        ) {
            try ReportFile.write("x", to: nested)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: nested.deletingLastPathComponent().path) == ["b"])
    }

    @Test("replacing a file keeps its permission bits; a new file gets the usual ones")
    func keepsMode() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("private.md")
        try ReportFile.write("secret\n", to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try ReportFile.write("still secret\n", to: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8) == "still secret\n")
    }

    @Test("a symbolic link is written through, as the shell's > does: the link stays, its target changes")
    func followsSymbolicLinks() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.md")
        let link = directory.appendingPathComponent("link.md")
        try ReportFile.write("old\n", to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.md")
        try ReportFile.write("new\n", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.md")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new\n")
        // A link to a file not there yet creates that file.
        let dangling = directory.appendingPathComponent("dangling.md")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "created.md")
        try ReportFile.write("made\n", to: dangling)
        #expect(try String(contentsOf: directory.appendingPathComponent("created.md"), encoding: .utf8) == "made\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["created.md", "dangling.md", "link.md", "target.md"])
    }

    @Test("a device or a loop of links is refused, never replaced")
    func refusesOtherFiles() throws {
        let error = #expect(throws: ReportFileError.self) {
            try ReportFile.write("x", to: URL(fileURLWithPath: "/dev/null"))
        }
        #expect(error?.reason.hasPrefix("it is not a regular file") == true)
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("b").path, withDestinationPath: "a")
        let loop = #expect(throws: ReportFileError.self) { try ReportFile.write("x", to: first) }
        #expect(loop?.reason == "too many levels of symbolic links")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["a", "b"])
    }

    #if os(Linux)
        @Test("a link to a pipe (as /dev/stdout into a pipe) is refused as a pipe, nothing left beside it")
        func refusesALinkToAPipe() throws {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { for end in ends { close(end) } }
            let directory = try scratchDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            // /proc/self/fd/N of a pipe is a link whose target, `pipe:[...]`, names no file.
            let link = directory.appendingPathComponent("stdout")
            try FileManager.default.createSymbolicLink(
                atPath: link.path, withDestinationPath: "/proc/self/fd/\(ends[1])")
            let error = #expect(throws: ReportFileError.self) { try ReportFile.write("x", to: link) }
            #expect(error?.reason.hasPrefix("it is not a regular file") == true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["stdout"])
        }
    #endif

    // Made only when written, so a process killed before (SIGKILL, which no handler sees) leaves nothing.
    @Test("a pending file is made only when written; dropped or discarded before it is put in place, nothing is left")
    func discardedPendingFile() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.md")
        try ReportFile.write("old\n", to: file)
        do {
            let pending = try PendingFile(destination: file)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.md"])
            try pending.stage("new\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.md"])
        let pending = try PendingFile(destination: file)
        pending.discard()
        #expect(throws: ReportFileError.self) { try pending.commit("new\n") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.md"])
        #expect(try String(contentsOf: file, encoding: .utf8) == "old\n")
    }
}
