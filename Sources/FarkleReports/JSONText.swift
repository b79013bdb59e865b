import FarkleKit

/// Small helpers that write JSON text by hand, so reports keep their key order and number format.
public enum JSONText {
    /// `value` as a JSON string literal, quoted, with quotes, backslashes and control characters escaped.
    public static func string(_ value: String) -> String {
        JSONString.literal(value)
    }

    /// `value` as a JSON number at full precision (`NumberText.exact(_:)`), or `null` when it is not finite.
    public static func number(_ value: Double) -> String {
        value.isFinite ? NumberText.exact(value) : "null"
    }

    /// An object on one line from members whose values are already JSON text, in the given order.
    public static func object(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { string($0.key) + ": " + $0.value }.joined(separator: ", ") + "}"
    }

    /// An array on one line of elements that are already JSON text: `[1, 2, 3]`.
    public static func inlineArray(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    /// An array of elements that are already JSON text, one element per line, indented by `indent` spaces.
    public static func array(_ elements: [String], indent: Int = 2) -> String {
        guard !elements.isEmpty else { return "[]" }
        let padding = String(repeating: " ", count: indent)
        return "[\n" + elements.map { padding + $0 }.joined(separator: ",\n") + "\n" + padding.dropLast(2) + "]"
    }
}
