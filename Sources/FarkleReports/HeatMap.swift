import FarkleKit

/// A heat map of categories: rows of equally wide cells over a numeric x axis, each cell colored by its category.
///
/// Made for decision maps such as "bank or roll" over turn points (columns) and
/// dice left (rows). Runs of equal cells in a row are drawn as one rectangle.
public struct HeatMap: Sendable {
    /// A category of cell: its legend name and fill color (`#rrggbb`).
    public struct Category: Sendable, Hashable {
        /// The legend name.
        public var name: String
        /// The fill color, as an SVG color (`#rrggbb`).
        public var color: String

        /// A category called `name`, drawn in `color`.
        public init(name: String, color: String) {
            self.name = name
            self.color = color
        }
    }

    /// The heading above the chart.
    public var title: String
    /// The horizontal axis; column `i` covers `xStart + i * xStep ..< xStart + (i + 1) * xStep`.
    public var xAxis: ChartAxis
    /// The title of the vertical (row) axis, unit included.
    public var rowAxisTitle: String
    /// The row labels, top row first.
    public var rowLabels: [String]
    /// The left edge of the first column, in `xAxis` units.
    public var xStart: Double
    /// The width of every column, in `xAxis` units.
    public var xStep: Double
    /// The category index of every cell, `[row][column]`, top row first; every row equally long.
    public var cells: [[Int]]
    /// The categories that cell values index.
    public var categories: [Category]
    /// The rows whose label is drawn, or `nil` for every row; tooltips name every row.
    public var labeledRows: Set<Int>?
    /// Whether a thin white line separates the rows (off for maps of many thin rows).
    public var separatesRows = true

    /// A heat map of `cells` under `title`.
    public init(
        title: String, xAxis: ChartAxis, rowAxisTitle: String, rowLabels: [String], xStart: Double, xStep: Double,
        cells: [[Int]], categories: [Category]
    ) {
        self.title = title
        self.xAxis = xAxis
        self.rowAxisTitle = rowAxisTitle
        self.rowLabels = rowLabels
        self.xStart = xStart
        self.xStep = xStep
        self.cells = cells
        self.categories = categories
    }

    /// The chart as a standalone SVG 1.1 document.
    public var svg: String {
        let frame = ChartFrame()
        var document = frame.document()
        let columns = cells.map(\.count).max() ?? 0
        let xEnd = xStart + Double(columns) * xStep
        // Ticks inside the columns only: the map must not suggest cells beyond its data.
        let xTicks = xAxis.ticks(covering: xStart...xEnd).filter { $0 >= xStart && $0 <= xEnd }
        let x = LinearScale(domain: xStart...xEnd, range: frame.left...frame.right)
        let rowHeight = (frame.bottom - frame.top) / Double(max(cells.count, 1))
        let legend = categories.map { ChartFrame.LegendEntry(name: $0.name, color: $0.color) }
        frame.drawHeading(title: title, legend: legend, into: &document)
        for (row, values) in cells.enumerated() {
            let top = frame.top + Double(row) * rowHeight
            var start = 0
            while start < values.count {
                var end = start
                while end + 1 < values.count && values[end + 1] == values[start] { end += 1 }
                let category = values[start]
                let color = categories.indices.contains(category) ? categories[category].color : "#ffffff"
                let name = categories.indices.contains(category) ? categories[category].name : "no data"
                let from = xStart + Double(start) * xStep
                let to = xStart + Double(end + 1) * xStep
                let label = rowLabels.indices.contains(row) ? rowLabels[row] : ""
                document.rectangle(
                    x: x(from), y: top, width: x(to) - x(from), height: rowHeight, fill: color,
                    tooltip: "\(label), \(xAxis.tickLabel(from)) to \(xAxis.tickLabel(to)): \(name)")
                start = end + 1
            }
            if separatesRows { document.line(x1: frame.left, y1: top, x2: frame.right, y2: top, stroke: "#ffffff") }
            if rowLabels.indices.contains(row), labeledRows?.contains(row) ?? true {
                document.text(
                    rowLabels[row], x: frame.left - 8, y: top + rowHeight / 2 + 4, anchor: .end, size: 11)
            }
        }
        frame.drawYTitle(rowAxisTitle, into: &document)
        frame.drawXAxis(xAxis, scale: x, ticks: xTicks, grid: false, into: &document)
        return document.rendered(title: title)
    }
}
