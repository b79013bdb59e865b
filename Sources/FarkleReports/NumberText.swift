import FarkleKit
import Foundation

/// How reports print numbers: exactly for machines (CSV, JSON), rounded for people (Markdown).
public enum NumberText {
    /// `value` at full precision: the shortest text that reads back to the same `Double` (`0.6666666666666666`).
    ///
    /// What CSV columns and JSON numbers hold, so that nothing is lost on the way to another program.
    public static func exact(_ value: Double) -> String {
        "\(value)"
    }

    /// `value` with exactly `digits` significant digits, trailing zeros kept: `0.666666666667`, `25.0000000000`.
    ///
    /// The text is also a valid JSON number; a value that is not finite prints as `nan` or `inf`.
    public static func significant(_ value: Double, digits: Int = 12) -> String {
        String(format: "%#.\(digits)g", value)
    }
}
