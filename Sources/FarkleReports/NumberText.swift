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

    /// `value` with exactly `digits` decimals and no grouping: `0.54`, `1234.500`; `alwaysSigned` writes `+` before
    /// a positive value too.
    public static func fixed(_ value: Double, _ digits: Int, alwaysSigned: Bool = false) -> String {
        String(format: alwaysSigned ? "%+.\(digits)f" : "%.\(digits)f", value)
    }

    /// A count and its noun, singular for exactly one: `1 thread`, `2 threads`.
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// A chance as a percentage with `digits` decimals: `53.51%`.
    public static func percent(_ chance: Double, _ digits: Int = 2) -> String {
        fixed(chance * 100, digits) + "%"
    }

    /// `value` with a comma between thousands: `1,000,000`, `-1,234`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `value` in scientific notation with `digits` decimals: `1.2e-05`, `1e-12`.
    public static func scientific(_ value: Double, _ digits: Int = 1) -> String {
        String(format: "%.\(digits)e", value)
    }
}
