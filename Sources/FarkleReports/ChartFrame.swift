import FarkleKit

/// The layout every chart shares: canvas size, plot area, title, legend and axes.
///
/// The title sits at the top, the legend in one row under it, the y axis title
/// turned along the left edge and the x axis title under the tick labels.
struct ChartFrame {
    /// The canvas width, in pixels.
    static let width = 760.0
    /// The canvas height, in pixels.
    static let height = 460.0

    /// Left edge of the plot area.
    let left = 84.0
    /// Top edge of the plot area, below the title and the legend.
    let top = 72.0
    /// Right edge of the plot area.
    let right = width - 24
    /// Bottom edge of the plot area, above the tick labels and the x axis title.
    let bottom = height - 60

    /// The colors of series and categories, in order: the Okabe-Ito palette, readable with color blindness.
    static let palette = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]

    /// The palette color for position `index`, repeating after the last.
    static func color(_ index: Int) -> String {
        palette[index % palette.count]
    }

    /// A legend entry: a swatch of `color` and a name.
    struct LegendEntry {
        var name: String
        var color: String
    }

    /// A blank document of the chart size.
    func document() -> SVGDocument {
        SVGDocument(width: Self.width, height: Self.height)
    }

    /// Draws the title centered at the top and the legend, left to right, under it.
    func drawHeading(title: String, legend: [LegendEntry], into document: inout SVGDocument) {
        document.text(title, x: Self.width / 2, y: 26, anchor: .middle, size: 17, bold: true)
        var x = left
        for entry in legend {
            document.rectangle(x: x, y: 40, width: 14, height: 14, fill: entry.color)
            document.text(entry.name, x: x + 19, y: 52, size: 12)
            // Wide enough for the name in a 12 px sans-serif font, whose letters average under 7 px.
            x += 19 + Double(entry.name.count) * 7 + 18
        }
    }

    /// Draws the x axis: baseline, ticks with labels, vertical grid lines (if `grid`) and the axis title.
    func drawXAxis(
        _ axis: ChartAxis, scale: LinearScale, ticks: [Double], grid: Bool = true, into document: inout SVGDocument
    ) {
        document.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#333333")
        for (tick, label) in zip(ticks, axis.tickLabels(ticks)) {
            let x = scale(tick)
            if grid { document.line(x1: x, y1: top, x2: x, y2: bottom, stroke: "#e4e4e4") }
            document.line(x1: x, y1: bottom, x2: x, y2: bottom + 5, stroke: "#333333")
            document.text(label, x: x, y: bottom + 19, anchor: .middle, size: 11)
        }
        document.text(axis.label, x: (left + right) / 2, y: Self.height - 16, anchor: .middle, size: 13)
    }

    /// Draws the y axis: baseline, ticks with labels, horizontal grid lines and the turned axis title.
    func drawYAxis(_ axis: ChartAxis, scale: LinearScale, ticks: [Double], into document: inout SVGDocument) {
        document.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#333333")
        for (tick, label) in zip(ticks, axis.tickLabels(ticks)) {
            let y = scale(tick)
            document.line(x1: left, y1: y, x2: right, y2: y, stroke: "#e4e4e4")
            document.line(x1: left - 5, y1: y, x2: left, y2: y, stroke: "#333333")
            document.text(label, x: left - 8, y: y + 4, anchor: .end, size: 11)
        }
        drawYTitle(axis.label, into: &document)
    }

    /// Draws a y axis title turned a quarter left, centered along the plot area.
    func drawYTitle(_ label: String, into document: inout SVGDocument) {
        let y = (top + bottom) / 2
        document.text(label, x: 18, y: y, anchor: .middle, size: 13, rotation: -90)
    }

    /// The scale from `ticks`' span onto the plot area's width.
    func xScale(ticks: [Double]) -> LinearScale {
        LinearScale(domain: (ticks.first ?? 0)...(ticks.last ?? 1), range: left...right)
    }

    /// The scale from `ticks`' span onto the plot area's height, growing upward.
    func yScale(ticks: [Double]) -> LinearScale {
        LinearScale(domain: (ticks.first ?? 0)...(ticks.last ?? 1), range: (bottom, top))
    }
}

/// A linear map from data values to pixels.
///
/// The pixel range may run backwards (from the bottom edge up to the top edge)
/// so that larger values sit higher on the canvas.
struct LinearScale {
    /// The data value at `start`.
    let domainStart: Double
    /// The data value at `end`.
    let domainEnd: Double
    /// The pixel position of `domainStart`.
    let start: Double
    /// The pixel position of `domainEnd`.
    let end: Double

    /// A scale taking `domain`'s lower bound to `range.0` and its upper bound to `range.1`,
    /// which may be the smaller of the two.
    init(domain: ClosedRange<Double>, range: (Double, Double)) {
        domainStart = domain.lowerBound
        domainEnd = domain.upperBound
        start = range.0
        end = range.1
    }

    /// A scale taking `domain` onto `range` in increasing order.
    init(domain: ClosedRange<Double>, range: ClosedRange<Double>) {
        self.init(domain: domain, range: (range.lowerBound, range.upperBound))
    }

    /// The pixel position of `value`.
    func callAsFunction(_ value: Double) -> Double {
        let span = domainEnd - domainStart
        guard span != 0 else { return start }
        return start + (value - domainStart) / span * (end - start)
    }
}
