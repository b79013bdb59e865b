import FarkleKit
import Foundation

/// How reports print numbers.
public enum NumberText {
    /// `value` with exactly `digits` significant digits, trailing zeros kept: `0.666666666667`, `25.0000000000`.
    ///
    /// The text is also a valid JSON number; a value that is not finite prints as `nan` or `inf`.
    public static func significant(_ value: Double, digits: Int = 12) -> String {
        String(format: "%#.\(digits)g", value)
    }
}
