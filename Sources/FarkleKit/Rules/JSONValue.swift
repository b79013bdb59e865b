/// A parsed JSON value, kept exact enough to tell `1` from `true` and `1.5`.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A number with a fraction or an exponent, or a whole number beyond 64 bits, as written (`1e2`, `2.50`): an
    /// error message quotes it back as the user typed it.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The most characters (Unicode scalars) of a string an error message quotes.
    static let longestQuoted = 40

    /// The deepest nesting of arrays and objects a document may have; a rule file needs 3.
    static let maximumDepth = 32

    /// Parses a JSON document strictly (RFC 8259): no trailing comma, no key twice in one object,
    /// at most `maximumDepth` levels.
    ///
    /// - Throws: `JSONSyntaxError` saying what is wrong, where, and under which key.
    init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: bytes)
        self = try parser.document()
    }

    /// How the value is named in an error message.
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .number(let text): return text.count > Self.longestQuoted ? "a number of \(text.count) characters" : text
        case .string(let value):
            // One line of an error message: a long string is cut (and its length given), not echoed whole.
            let scalars = value.unicodeScalars
            guard scalars.count > Self.longestQuoted else { return "\"\(value)\"" }
            var cut = String.UnicodeScalarView()
            cut.append(contentsOf: scalars.prefix(Self.longestQuoted))
            return "\"\(String(cut))…\" (\(scalars.count) characters)"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// Why a document is not JSON a rule file may hold.
struct JSONSyntaxError: Error, Equatable {
    /// The dotted path of the key being read (`turn.minimum_bank`), or `nil` outside any object.
    var key: String?
    /// What is wrong, ending with the line and column (`has a trailing comma (line 3, column 5)`).
    var problem: String
}

// MARK: - Parser

/// A recursive-descent JSON parser over UTF-8 bytes that remembers the key path it is in.
private struct JSONParser {
    let bytes: [UInt8]
    var position = 0
    var path: [String] = []
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        // Notepad saves UTF-8 with a byte-order mark, which RFC 8259 does not allow in JSON text: said by name.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw fail(
                "starts with a byte-order mark (EF BB BF), which JSON does not allow: save it as UTF-8 without one")
        }
        skipSpace()
        let value = try value()
        skipSpace()
        guard position == bytes.count else { throw fail("has more text after the JSON value") }
        return value
    }

    // MARK: Errors

    /// An error at the current position, naming the key path (and `key` within it) if inside an object.
    func fail(_ problem: String, key: String? = nil, named: Bool = true) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        let keys = path + (key.map { [$0] } ?? [])
        return JSONSyntaxError(
            key: keys.isEmpty || !named ? nil : keys.joined(separator: "."),
            problem: "\(problem) (line \(line), column \(column))")
    }

    /// The next byte as the reader sees it, for messages.
    var found: String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        return (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }

    // MARK: Values

    mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw fail("is not valid JSON: it ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try nested { parser throws(JSONSyntaxError) in try parser.object() }
        case UInt8(ascii: "["): return try nested { parser throws(JSONSyntaxError) in try parser.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("is not valid JSON: \(found) where a value should be")
        }
    }

    /// Reads an array or object one level deeper, refusing documents nested beyond `maximumDepth`.
    mutating func nested(
        _ body: (inout JSONParser) throws(JSONSyntaxError) -> JSONValue
    ) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else {
            throw fail(
                "is nested too deeply (more than \(JSONValue.maximumDepth) levels of lists and objects)", named: false)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected
        else { throw fail("is not valid JSON: \(found) where a value should be") }
        position += expected.count
        return value
    }

    mutating func object() throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members: [String: JSONValue] = [:]
        var lastKey: String?
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                if position < bytes.count, bytes[position] == UInt8(ascii: "}"), let lastKey {
                    throw fail("is followed by a trailing comma before '}'", key: lastKey)
                }
                throw fail("is not valid JSON: \(found) where a key in quotes should be")
            }
            let key = try string()
            lastKey = key
            path.append(key)
            guard members[key] == nil else { throw fail("is given twice in one object") }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("is not valid JSON: \(found) where ':' should follow the key")
            }
            position += 1
            skipSpace()
            members[key] = try value()
            skipSpace()
            guard position < bytes.count else { throw fail("is not valid JSON: an object is not closed") }
            let separator = bytes[position]
            position += 1
            path.removeLast()
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else {
                position -= 1
                throw fail("is not valid JSON: \(found) where ',' or '}' should be")
            }
        }
    }

    mutating func array() throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]"), !elements.isEmpty {
                throw fail("has a trailing comma before ']'")
            }
            elements.append(try value())
            skipSpace()
            guard position < bytes.count else { throw fail("is not valid JSON: a list is not closed") }
            let separator = bytes[position]
            position += 1
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else {
                position -= 1
                throw fail("is not valid JSON: \(found) where ',' or ']' should be")
            }
        }
    }

    mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.position
            while parser.position < parser.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.position])
            {
                parser.position += 1
            }
            return parser.position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw fail("is not valid JSON: a number needs digits, without leading zeros")
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits(&self) > 0 else { throw fail("is not valid JSON: a number needs digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits(&self) > 0 else { throw fail("is not valid JSON: a number needs digits after 'e'") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        // Kept as written (a fraction, an exponent, or a whole number beyond 64 bits): the rule reader reports it.
        return .number(text)
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ parser: JSONParser) throws(JSONSyntaxError) {
            guard let run = String(validating: parser.bytes[runStart..<parser.position], as: UTF8.self) else {
                throw parser.fail("is not UTF-8 text")
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw fail("is not valid JSON: a string is not closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush(self)
                position += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw fail("is not valid JSON: a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            try flush(self)
            position += 1
            guard position < bytes.count else { throw fail("is not valid JSON: a string is not closed") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
            default:
                position -= 1
                throw fail("is not valid JSON: \(found) is no escape in a string")
            }
            runStart = position
        }
    }

    /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair.
    mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800...0xDBFF).contains(high), bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
        {
            position += 2
            let low = try hexQuad()
            if (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail("is not valid JSON: a lone surrogate escape") }
        return scalar
    }

    mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue else {
                throw fail("is not valid JSON: '\\u' needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
