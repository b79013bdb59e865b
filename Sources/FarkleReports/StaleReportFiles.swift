import FarkleKit
import Foundation

/// The files an earlier report left in a folder that the report written over it no longer holds.
///
/// A report of the same rule set written again with other options (`--no-win`, another `--target`) writes fewer
/// or other files: the win maps of an earlier run would stay beside the new index and read as its numbers. The old
/// index (`README.md`, as `ReportDocument.index` writes it) names every file that report wrote, so exactly those
/// of its files that the new report does not write are removed, once the new one is in place. Nothing the index
/// does not list is touched: a file of the user's own, a folder, a link that leaves the folder.
enum StaleReportFiles {
    /// The largest index read; a report's index is a few KB.
    static let indexLimit = 1 << 20

    /// The files in `folder` listed by the report index there that are not in `keeping` (file names within the
    /// folder, `app/index.html` included); empty where the folder holds no index written by `farkle-sim report`.
    static func listed(in folder: URL, keeping: Set<String>) -> [String] {
        let index = folder.appendingPathComponent("README.md").path
        guard let data = BoundedFile.read(atPath: index, upTo: indexLimit), data.count <= indexLimit,
            let text = String(data: data, encoding: .utf8)
        else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.hasPrefix(ReportDocument.indexTitlePrefix) == true else { return [] }
        var names: [String] = []
        var inFiles = false
        for line in lines {
            if line.hasPrefix("## ") { inFiles = line == ReportDocument.indexFilesHeading }
            guard inFiles, line.hasPrefix("- ["), let name = linkTarget(line), !keeping.contains(name) else { continue }
            names.append(name)
        }
        return names
    }

    /// The target of the line's first link, `- [Title](name): summary`, when it is a file inside the folder: one or
    /// two plain path components, no `..`, no scheme.
    static func linkTarget(_ line: Substring) -> String? {
        guard let open = line.range(of: "]("), let close = line[open.upperBound...].firstIndex(of: ")") else {
            return nil
        }
        let name = String(line[open.upperBound..<close])
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        let plain = components.allSatisfy { component in
            !component.isEmpty && !component.hasPrefix(".")
                && component.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        }
        return plain && components.count <= 2 ? name : nil
    }

    /// Removes each of `names` in `folder` that is a regular file (a link or a folder of that name stays). A file
    /// that cannot be removed stays too: the new report is already whole, and the index no longer lists it.
    static func remove(_ names: [String], in folder: URL) {
        for name in names {
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            _ = unlink(path)
        }
    }
}
