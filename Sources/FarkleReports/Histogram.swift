import FarkleKit

/// A histogram: bars over consecutive numeric bins, each as tall as its value.
///
/// Bins need not be equally wide, and a bin can be a single value (a spike) by
/// giving it a narrow width, such as the mass of farkled turns at 0 points.
public struct Histogram: Sendable {
    /// One bar: the half-open interval `lowerBound..<upperBound` and its height.
    public struct Bin: Sendable, Hashable {
        /// The left edge, in `xAxis` units.
        public var lowerBound: Double
        /// The right edge, in `xAxis` units.
        public var upperBound: Double
        /// The height, in `yAxis` units (a count, a share, a density).
        public var value: Double

        /// A bar from `lowerBound` to `upperBound`, `value` high.
        public init(lowerBound: Double, upperBound: Double, value: Double) {
            self.lowerBound = lowerBound
            self.upperBound = upperBound
            self.value = value
        }
    }

    /// The heading above the chart.
    public var title: String
    /// The horizontal axis (what was binned).
    public var xAxis: ChartAxis
    /// The vertical axis (how much fell in each bin).
    public var yAxis: ChartAxis
    /// The bars.
    public var bins: [Bin]
    /// The legend name of the bars, or nil for no legend.
    public var seriesName: String?

    /// A histogram of `bins` under `title`.
    public init(title: String, xAxis: ChartAxis, yAxis: ChartAxis, bins: [Bin], seriesName: String? = nil) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.bins = bins
        self.seriesName = seriesName
    }

    /// The chart as a standalone SVG 1.1 document.
    public var svg: String {
        let frame = ChartFrame()
        var document = frame.document()
        let edges = bins.flatMap { [$0.lowerBound, $0.upperBound] }
        let values = bins.map(\.value) + [0]
        let xTicks = xAxis.ticks(covering: (edges.min() ?? 0)...(edges.max() ?? 1))
        let yTicks = yAxis.ticks(covering: (values.min() ?? 0)...(values.max() ?? 1))
        let x = frame.xScale(ticks: xTicks)
        let y = frame.yScale(ticks: yTicks)
        let color = ChartFrame.color(0)
        let legend = seriesName.map { [ChartFrame.LegendEntry(name: $0, color: color)] } ?? []
        frame.drawHeading(title: title, legend: legend, into: &document)
        frame.drawYAxis(yAxis, scale: y, ticks: yTicks, into: &document)
        for bin in bins {
            let left = x(bin.lowerBound)
            let top = y(max(bin.value, 0))
            let tip =
                "\(xAxis.tickLabel(bin.lowerBound)) to \(xAxis.tickLabel(bin.upperBound)): \(yAxis.tickLabel(bin.value))"
            document.rectangle(
                x: left, y: top, width: max(x(bin.upperBound) - left, 1), height: y(0) - top, fill: color,
                stroke: "#ffffff", tooltip: tip)
        }
        // The axis goes on top so the bars do not hide the baseline.
        frame.drawXAxis(xAxis, scale: x, ticks: xTicks, grid: false, into: &document)
        return document.rendered(title: title)
    }
}
