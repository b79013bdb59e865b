import FarkleKit

/// A line chart: one or more series of (x, y) points over numeric axes, with optional error bars.
///
/// ```swift
/// let chart = LineChart(
///     title: "Expected points of the rest of the turn",
///     xAxis: ChartAxis(title: "Turn points", unit: "points"),
///     yAxis: ChartAxis(title: "V(t, n)", unit: "points", lowerBound: 0),
///     series: [LineChart.Series(name: "2 dice", points: points)])
/// try ReportFile.write(chart.svg, to: url)
/// ```
public struct LineChart: Sendable {
    /// One point of a series; `errorLow...errorHigh` is drawn as a vertical error bar when given.
    public struct Point: Sendable, Hashable {
        /// The horizontal position, in `xAxis` units.
        public var x: Double
        /// The vertical position, in `yAxis` units.
        public var y: Double
        /// The lower end of the error bar, or nil for none.
        public var errorLow: Double?
        /// The upper end of the error bar, or nil for none.
        public var errorHigh: Double?

        /// A point at (`x`, `y`), with an error bar from `errorLow` to `errorHigh` if both are given.
        public init(x: Double, y: Double, errorLow: Double? = nil, errorHigh: Double? = nil) {
            self.x = x
            self.y = y
            self.errorLow = errorLow
            self.errorHigh = errorHigh
        }
    }

    /// A named series, drawn as one line in one color.
    public struct Series: Sendable, Hashable {
        /// The legend name.
        public var name: String
        /// The points, drawn left to right in the given order.
        public var points: [Point]

        /// A series called `name` through `points`.
        public init(name: String, points: [Point]) {
            self.name = name
            self.points = points
        }
    }

    /// The heading above the chart.
    public var title: String
    /// The horizontal axis.
    public var xAxis: ChartAxis
    /// The vertical axis.
    public var yAxis: ChartAxis
    /// The series, colored in order.
    public var series: [Series]
    /// Whether each point gets a dot (useful when points are few).
    public var showsMarkers: Bool
    /// Horizontal guide lines at these y values (e.g. 50% for an even game), dashed.
    public var guides: [Double]

    /// A chart of `series` under `title`.
    public init(
        title: String, xAxis: ChartAxis, yAxis: ChartAxis, series: [Series], showsMarkers: Bool = false,
        guides: [Double] = []
    ) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
        self.showsMarkers = showsMarkers
        self.guides = guides
    }

    /// The chart as a standalone SVG 1.1 document.
    public var svg: String {
        let frame = ChartFrame()
        var document = frame.document()
        let points = series.flatMap(\.points)
        let xs = points.map(\.x)
        let ys = points.flatMap { [$0.y, $0.errorLow ?? $0.y, $0.errorHigh ?? $0.y] } + guides
        let xTicks = xAxis.ticks(covering: (xs.min() ?? 0)...(xs.max() ?? 1))
        let yTicks = yAxis.ticks(covering: (ys.min() ?? 0)...(ys.max() ?? 1))
        let x = frame.xScale(ticks: xTicks)
        let y = frame.yScale(ticks: yTicks)
        let legend = series.enumerated().map { ChartFrame.LegendEntry(name: $1.name, color: ChartFrame.color($0)) }
        frame.drawHeading(title: title, legend: legend, into: &document)
        frame.drawYAxis(yAxis, scale: y, ticks: yTicks, into: &document)
        frame.drawXAxis(xAxis, scale: x, ticks: xTicks, into: &document)
        for guide in guides {
            document.line(x1: frame.left, y1: y(guide), x2: frame.right, y2: y(guide), stroke: "#555555", dashed: true)
        }
        for (index, line) in series.enumerated() {
            let color = ChartFrame.color(index)
            document.polyline(line.points.map { (x($0.x), y($0.y)) }, stroke: color)
            for point in line.points {
                if let low = point.errorLow, let high = point.errorHigh {
                    let center = x(point.x)
                    document.line(x1: center, y1: y(low), x2: center, y2: y(high), stroke: color, strokeWidth: 1.5)
                    for end in [low, high] {
                        document.line(
                            x1: center - 4, y1: y(end), x2: center + 4, y2: y(end), stroke: color, strokeWidth: 1.5)
                    }
                }
                if showsMarkers {
                    let tip =
                        "\(line.name): \(xAxis.tickLabel(point.x)) -> \(yAxis.tickLabel(point.y))"
                    document.circle(centerX: x(point.x), centerY: y(point.y), radius: 3.5, fill: color, tooltip: tip)
                }
            }
        }
        return document.rendered(title: title)
    }
}
