import FarkleKit

/// An SVG 1.1 document under construction: shapes and text appended in drawing order.
///
/// Coordinates are in pixels from the top-left corner and are written with at
/// most two decimals, so the same chart data always gives the same bytes.
struct SVGDocument {
    /// The width of the drawing, in pixels.
    let width: Double
    /// The height of the drawing, in pixels.
    let height: Double
    /// The serialized elements, one per line.
    private(set) var elements: [String] = []

    /// Where a text's anchor point sits along the text.
    enum TextAnchor: String {
        case start
        case middle
        case end
    }

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    // MARK: - Shapes

    /// A filled rectangle; `tooltip` becomes a `<title>` that browsers show on hover.
    mutating func rectangle(
        x: Double, y: Double, width: Double, height: Double, fill: String,
        stroke: String? = nil, tooltip: String? = nil
    ) {
        let strokeAttribute = stroke.map { " stroke=\"\($0)\"" } ?? ""
        let attributes =
            "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" fill=\"\(fill)\"\(strokeAttribute)"
        append("rect", attributes: attributes, tooltip: tooltip)
    }

    /// A straight line; `dashed` draws it as a dotted guide.
    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, strokeWidth: Double = 1,
        dashed: Bool = false
    ) {
        let dash = dashed ? " stroke-dasharray=\"4 3\"" : ""
        elements.append(
            "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
                + "y2=\"\(Self.number(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(strokeWidth))\"\(dash)/>"
        )
    }

    /// An open polyline through `points`.
    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, strokeWidth: Double = 2) {
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        elements.append(
            "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" "
                + "stroke-width=\"\(Self.number(strokeWidth))\" stroke-linejoin=\"round\"/>")
    }

    /// A filled circle; `tooltip` becomes a `<title>`.
    mutating func circle(centerX: Double, centerY: Double, radius: Double, fill: String, tooltip: String? = nil) {
        let attributes =
            "cx=\"\(Self.number(centerX))\" cy=\"\(Self.number(centerY))\" r=\"\(Self.number(radius))\" "
            + "fill=\"\(fill)\""
        append("circle", attributes: attributes, tooltip: tooltip)
    }

    /// Appends element `name` with serialized `attributes` and, if given, a `<title>` child.
    private mutating func append(_ name: String, attributes: String, tooltip: String?) {
        if let tooltip {
            elements.append("<\(name) \(attributes)><title>\(Self.escape(tooltip))</title></\(name)>")
        } else {
            elements.append("<\(name) \(attributes)/>")
        }
    }

    /// A line of text, escaped; `rotation` turns it (in degrees) about its anchor point.
    mutating func text(
        _ content: String, x: Double, y: Double, anchor: TextAnchor = .start, size: Double = 12,
        bold: Bool = false, rotation: Double? = nil
    ) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        let transform =
            rotation.map { " transform=\"rotate(\(Self.number($0)) \(Self.number(x)) \(Self.number(y)))\"" } ?? ""
        elements.append(
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" text-anchor=\"\(anchor.rawValue)\" "
                + "font-size=\"\(Self.number(size))\"\(weight)\(transform)>\(Self.escape(content))</text>")
    }

    // MARK: - Output

    /// The whole document: XML declaration, root element with the SVG namespace, a `<title>`, the elements.
    func rendered(title: String) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(Self.number(width))\" "
                + "height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
                + "font-family=\"Helvetica, Arial, sans-serif\">",
            "<title>\(Self.escape(title))</title>",
            "<rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#ffffff\"/>",
        ]
        lines.append(contentsOf: elements)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with the five XML special characters replaced by entities.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A coordinate rounded to two decimals, without trailing zeros ("12", "12.5", "-0.25").
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
