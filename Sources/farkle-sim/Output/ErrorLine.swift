/// The one `Error: ...` line of a failure, with any control character from the input made visible.
///
/// Messages quote what the user typed or a file held (a path, a key, a strategy); a newline
/// or an ANSI escape in it would split the one line or recolour the terminal, so every such
/// character is written as an escape instead (`\n`, `\u{1B}`), in this one place.
enum ErrorLine {
    /// Prints `Error: message` on stderr.
    static func print(_ message: String) {
        Standard.error("Error: " + escaped(message))
    }

    /// `text` with control, format and line-separator characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator:
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
