import FarkleKit

/// A Markdown (GitHub) table, with columns padded so it also reads well as plain text.
public struct MarkdownTable: Hashable, Sendable {
    /// How a column's cells line up.
    public enum Alignment: Hashable, Sendable {
        /// Text: flush left.
        case left
        /// Numbers: flush right.
        case right
    }

    /// The column titles.
    public let header: [String]
    /// One alignment per column.
    public let alignments: [Alignment]
    /// The rows added so far, one cell per column.
    public private(set) var rows: [[String]] = []

    /// Creates an empty table; columns are right-aligned (numbers) unless `alignments` says otherwise.
    public init(header: [String], alignments: [Alignment]? = nil) {
        precondition(alignments == nil || alignments?.count == header.count, "one alignment per column")
        self.header = header
        self.alignments = alignments ?? Array(repeating: .right, count: header.count)
    }

    /// Adds a row of one cell per column.
    public mutating func append(_ row: [String]) {
        precondition(row.count == header.count, "one cell per column")
        rows.append(row)
    }

    /// The table as Markdown lines, each ending in a newline. A `|` inside a cell is escaped.
    public var text: String {
        let cells = ([header] + rows).map { $0.map { $0.replacingOccurrences(of: "|", with: "\\|") } }
        let widths = header.indices.map { column in max(3, cells.map { $0[column].count }.max() ?? 0) }
        func line(_ row: [String]) -> String {
            let padded = row.indices.map { column -> String in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return alignments[column] == .right ? padding + row[column] : row[column] + padding
            }
            return "| " + padded.joined(separator: " | ") + " |\n"
        }
        let rule = header.indices.map { column -> String in
            let dashes = String(repeating: "-", count: widths[column] - 1)
            return alignments[column] == .right ? dashes + ":" : ":" + dashes
        }
        var result = line(cells[0])
        result += "| " + rule.joined(separator: " | ") + " |\n"
        for row in cells.dropFirst() { result += line(row) }
        return result
    }
}
