import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("The files an earlier report left that the new one no longer writes")
struct StaleReportFilesTests {
    /// A fresh folder holding `files` (name and contents), removed by the caller.
    private static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    /// An index as `ReportDocument.index` writes it, linking `names`.
    private static func index(_ names: [String]) -> String {
        let documents = names.map { ReportDocument(fileName: $0, title: $0, summary: "A file.", contents: "") }
        return ReportDocument.index(rules: .standard, documents: documents, findings: ["See [the odds](kept.md)."])
            .contents
    }

    @Test("only files the old index lists, inside the folder, and not written again")
    func listed() throws {
        let names = ["kept.md", "gone.svg", "app/index.html", "../outside.md", "/etc/passwd", ".hidden", "a/b/c.md"]
        let directory = try Self.folder(["README.md": Self.index(names)])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            StaleReportFiles.listed(in: directory, keeping: ["README.md", "kept.md"]) == ["gone.svg", "app/index.html"])
    }

    @Test("a README.md that is not a report's index lists nothing")
    func foreignIndex() throws {
        let directory = try Self.folder(["README.md": "# My notes\n\n## Files\n\n- [Mine](mine.md): keep it\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(StaleReportFiles.listed(in: directory, keeping: []).isEmpty)
        let none = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: none) }
        #expect(StaleReportFiles.listed(in: none, keeping: []).isEmpty)
    }

    @Test("removes regular files only: a folder or a link of a listed name stays, and so does the link's target")
    func removesFilesOnly() throws {
        let directory = try Self.folder(["gone.svg": "old", "target.txt": "theirs"])
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.csv").path, withDestinationPath: "target.txt")
        StaleReportFiles.remove(["gone.svg", "folder.md", "link.csv", "missing.md"], in: directory)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["folder.md", "link.csv", "target.txt"])
    }
}
