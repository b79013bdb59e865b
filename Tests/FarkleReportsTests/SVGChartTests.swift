import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an SVG document and collects its elements' attributes and text, failing on malformed XML.
private final class SVGInspector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    private var currentText: String?
    private(set) var isWellFormed = false

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        isWellFormed = parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
        if elementName == "text" || elementName == "title" { currentText = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        currentText? += string
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if let text = currentText, elementName == "text" || elementName == "title" {
            texts.append(text)
            currentText = nil
        }
    }

    func all(_ name: String) -> [[String: String]] {
        elements.filter { $0.name == name }.map(\.attributes)
    }
}

@Suite("SVG charts")
struct SVGChartTests {
    private let pointsAxis = ChartAxis(title: "Turn points", unit: "points")

    @Test("a line chart is a well-formed SVG 1.1 document with its title, axis titles, units and legend")
    func lineChartDocument() throws {
        let chart = LineChart(
            title: "Expected points <V(t, n)> & more",
            xAxis: pointsAxis,
            yAxis: ChartAxis(title: "Expected points", unit: "points", lowerBound: 0),
            series: [
                LineChart.Series(name: "1 die", points: [.init(x: 0, y: 300), .init(x: 1000, y: 1100)]),
                LineChart.Series(name: "2 dice", points: [.init(x: 0, y: 500), .init(x: 1000, y: 1200)]),
            ])
        let svg = chart.svg
        let inspector = SVGInspector(svg)
        #expect(inspector.isWellFormed)
        let root = try #require(inspector.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["version"] == "1.1")
        #expect(svg.contains("Expected points &lt;V(t, n)&gt; &amp; more"))
        #expect(inspector.texts.contains("Expected points <V(t, n)> & more"))
        #expect(inspector.texts.contains("Turn points (points)"))
        #expect(inspector.texts.contains("Expected points (points)"))
        #expect(inspector.texts.contains("1 die") && inspector.texts.contains("2 dice"))
        #expect(inspector.texts.contains("1,000"))
        #expect(inspector.all("polyline").count == 2)
    }

    @Test("line chart points land where the axis ticks say they are")
    func lineChartCoordinates() throws {
        let chart = LineChart(
            title: "t", xAxis: ChartAxis(title: "x"), yAxis: ChartAxis(title: "y"),
            series: [LineChart.Series(name: "s", points: [.init(x: 0, y: 0), .init(x: 50, y: 100)])])
        let frame = ChartFrame()
        let points = try #require(SVGInspector(chart.svg).all("polyline").first?["points"])
        // Data 0...50 by 0...100 gets ticks exactly at the ends, so the ends map to the plot corners.
        let expected = [
            "\(SVGDocument.number(frame.left)),\(SVGDocument.number(frame.bottom))",
            "\(SVGDocument.number(frame.right)),\(SVGDocument.number(frame.top))",
        ]
        #expect(points == expected.joined(separator: " "))
    }

    @Test("error bars span the interval they are given")
    func errorBars() throws {
        let chart = LineChart(
            title: "t", xAxis: ChartAxis(title: "x"),
            yAxis: ChartAxis(title: "win", unit: "%", format: .percent(decimals: 0), lowerBound: 0, upperBound: 1),
            series: [LineChart.Series(name: "s", points: [.init(x: 0, y: 0.5, errorLow: 0.4, errorHigh: 0.6)])],
            showsMarkers: true)
        let inspector = SVGInspector(chart.svg)
        let frame = ChartFrame()
        let scale = frame.yScale(ticks: ChartAxis.niceTicks(from: 0, to: 1, targetCount: 6))
        let bar = inspector.all("line").first {
            $0["y1"] == SVGDocument.number(scale(0.4)) && $0["y2"] == SVGDocument.number(scale(0.6))
        }
        #expect(bar != nil)
        #expect(inspector.texts.contains("60%") && inspector.texts.contains("s: 0 -> 50%"))
        #expect(inspector.texts.contains("win (%)"))
        #expect(inspector.all("circle").count == 1)
    }

    @Test("heat map cells of one category in a row merge into one rectangle, colored by category")
    func heatMapRuns() throws {
        let map = HeatMap(
            title: "Bank or roll", xAxis: pointsAxis, rowAxisTitle: "Dice left", rowLabels: ["2", "1"],
            xStart: 0, xStep: 50, cells: [[1, 1, 0, 0], [1, 0, 0, 0]],
            categories: [.init(name: "bank", color: "#009E73"), .init(name: "roll", color: "#E69F00")])
        let inspector = SVGInspector(map.svg)
        #expect(inspector.isWellFormed)
        let cells = inspector.all("rect").filter { $0["height"] != "14" && $0["fill"] != "#ffffff" }
        #expect(cells.count == 4)
        let frame = ChartFrame()
        let firstRoll = try #require(cells.first)
        #expect(firstRoll["fill"] == "#E69F00")
        #expect(firstRoll["x"] == SVGDocument.number(frame.left))
        #expect(firstRoll["width"] == SVGDocument.number((frame.right - frame.left) / 2))
        #expect(inspector.texts.contains("bank") && inspector.texts.contains("roll"))
        #expect(inspector.texts.contains("Dice left") && inspector.texts.contains("Turn points (points)"))
        #expect(inspector.texts.contains("2, 0 to 100: roll"))
    }

    @Test("histogram bars stand on zero and reach their value")
    func histogramBars() throws {
        let histogram = Histogram(
            title: "Banked points", xAxis: pointsAxis,
            yAxis: ChartAxis(title: "Share of turns", unit: "%", format: .percent(decimals: 0)),
            bins: [
                .init(lowerBound: 0, upperBound: 50, value: 0.25), .init(lowerBound: 50, upperBound: 100, value: 0.5),
            ],
            seriesName: "ev")
        let inspector = SVGInspector(histogram.svg)
        #expect(inspector.isWellFormed)
        let bars = inspector.all("rect").filter { $0["stroke"] == "#ffffff" }
        #expect(bars.count == 2)
        let frame = ChartFrame()
        let scale = frame.yScale(ticks: ChartAxis.niceTicks(from: 0, to: 0.5, targetCount: 6))
        let tallest = try #require(bars.last)
        #expect(tallest["y"] == SVGDocument.number(scale(0.5)))
        #expect(tallest["height"] == SVGDocument.number(frame.bottom - scale(0.5)))
        #expect(inspector.texts.contains("ev") && inspector.texts.contains("Share of turns (%)"))
    }

    @Test("ticks are round numbers that cover the data")
    func niceTicks() {
        #expect(ChartAxis.niceTicks(from: 0, to: 2870, targetCount: 6) == [0, 1000, 2000, 3000])
        #expect(
            ChartAxis.niceTicks(from: 0, to: 2870, targetCount: 13) == [
                0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000,
            ])
        #expect(ChartAxis.niceTicks(from: 0.43, to: 0.57, targetCount: 6) == [0.4, 0.45, 0.5, 0.55, 0.6])
        #expect(ChartAxis.niceTicks(from: 5, to: 5, targetCount: 6).contains { $0 <= 5 })
        #expect(ChartAxis.grouped(12345.678, decimals: 1) == "12,345.7")
        #expect(ChartAxis.grouped(-0.001, decimals: 0) == "0")
        #expect(ChartAxis(title: "w", format: .percent(decimals: 1)).tickLabel(0.5123) == "51.2%")
        // Labels carry the decimals their step needs, whatever the format asks for.
        let percent = ChartAxis(title: "w", format: .percent(decimals: 0))
        #expect(percent.tickLabels([0.375, 0.4, 0.425]) == ["37.5%", "40.0%", "42.5%"])
        #expect(percent.tickLabels([0.3, 0.4]) == ["30%", "40%"])
        #expect(ChartAxis(title: "x").tickLabels([0, 0.5, 1]) == ["0.0", "0.5", "1.0"])
        #expect(ChartAxis(title: "x").tickLabels([0, 500, 1000]) == ["0", "500", "1,000"])
    }

    @Test("numbers print with at most two decimals and text is escaped")
    func serialization() {
        #expect(SVGDocument.number(12) == "12")
        #expect(SVGDocument.number(12.5) == "12.5")
        #expect(SVGDocument.number(-0.254) == "-0.25")
        #expect(SVGDocument.number(3.05) == "3.05")
        #expect(SVGDocument.escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
    }
}
