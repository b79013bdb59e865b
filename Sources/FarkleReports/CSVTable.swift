import FarkleKit

/// A CSV table (RFC 4180): a header line, then one line per row.
public struct CSVTable: Hashable, Sendable {
    /// The column names, the first line.
    public let header: [String]
    /// The rows added so far, one field per column.
    public private(set) var rows: [[String]] = []

    /// Creates a table with the given column names.
    public init(header: [String]) {
        self.header = header
    }

    /// Adds a row of one field per column.
    public mutating func append(_ row: [String]) {
        precondition(row.count == header.count, "one field per column")
        rows.append(row)
    }

    /// The table as CSV lines, each ending in a newline.
    public var text: String {
        ([header] + rows).map { $0.map(Self.field).joined(separator: ",") + "\n" }.joined()
    }

    /// A field, quoted when it holds a comma, a quote or a line break (quotes doubled).
    public static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
