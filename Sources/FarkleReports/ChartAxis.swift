import FarkleKit

/// A numeric axis of a chart: its title, unit, tick labels and optional fixed bounds.
public struct ChartAxis: Sendable, Hashable {
    /// What the axis measures, e.g. "Turn points".
    public var title: String
    /// The unit shown in parentheses after the title, e.g. "points" or "%"; nil for none.
    public var unit: String?
    /// How tick values are printed.
    public var format: TickFormat
    /// A bound the axis must reach even if the data does not (e.g. 0); nil to follow the data.
    public var lowerBound: Double?
    /// A bound the axis must reach even if the data does not; nil to follow the data.
    public var upperBound: Double?

    /// How tick values read on an axis.
    public enum TickFormat: Sendable, Hashable {
        /// A number with this many decimals and thousands separators ("1,500", "0.25").
        case number(decimals: Int)
        /// A fraction shown as a percentage with this many decimals (0.5 -> "50%").
        case percent(decimals: Int)
    }

    /// An axis titled `title`, with `unit` in parentheses, ticks printed as `format`.
    public init(
        title: String, unit: String? = nil, format: TickFormat = .number(decimals: 0), lowerBound: Double? = nil,
        upperBound: Double? = nil
    ) {
        self.title = title
        self.unit = unit
        self.format = format
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// The title as printed: "Turn points (points)".
    var label: String {
        unit.map { "\(title) (\($0))" } ?? title
    }

    /// The label of one value, with at least `minimumDecimals` decimals.
    func tickLabel(_ value: Double, minimumDecimals: Int = 0) -> String {
        switch format {
        case .number(let decimals):
            return Self.grouped(value, decimals: max(decimals, minimumDecimals))
        case .percent(let decimals):
            return Self.grouped(value * 100, decimals: max(decimals, minimumDecimals)) + "%"
        }
    }

    /// The labels of evenly spaced `ticks`, with as many decimals as their step needs
    /// (a step of 2.5% labels 37.5%, not 38%).
    func tickLabels(_ ticks: [Double]) -> [String] {
        guard ticks.count > 1 else { return ticks.map { tickLabel($0) } }
        var step = abs(ticks[1] - ticks[0])
        if case .percent = format { step *= 100 }
        var decimals = 0
        var scaled = step
        while decimals < 6 && abs(scaled - scaled.rounded()) > 1e-9 * max(1, scaled) {
            decimals += 1
            scaled *= 10
        }
        return ticks.map { tickLabel($0, minimumDecimals: decimals) }
    }

    /// The range to draw for data spanning `data`: widened to the fixed bounds, then to whole ticks.
    func ticks(covering data: ClosedRange<Double>, targetCount: Int = 6) -> [Double] {
        let low = min(lowerBound ?? data.lowerBound, data.lowerBound)
        let high = max(upperBound ?? data.upperBound, data.upperBound)
        return Self.niceTicks(from: low, to: high, targetCount: targetCount)
    }

    // MARK: - Tick arithmetic

    /// Evenly spaced round values (steps of 1, 2, 2.5 or 5 times a power of ten) from at or below `low`
    /// to at or above `high`, about `targetCount` of them.
    static func niceTicks(from low: Double, to high: Double, targetCount: Int) -> [Double] {
        var low = low
        var high = high
        if high <= low {
            // A flat series still needs a visible axis around its value.
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad
            high += pad
        }
        let (multiple, exponent) = niceStep((high - low) / Double(max(1, targetCount - 1)))
        // Ticks are whole multiples of the step, computed as k * multiple scaled by a power of ten
        // so that 12 * 0.05 prints as 0.6, not 0.6000000000000001.
        let power = (0..<abs(exponent)).reduce(1.0) { product, _ in product * 10 }
        let tick = { (k: Double) in exponent < 0 ? k * multiple / power : k * multiple * power }
        let step = tick(1)
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        return stride(from: first, through: last, by: 1).map(tick)
    }

    /// The smallest "nice" step at least `rough`, as a multiple (1, 2, 2.5 or 5) of a power of ten.
    static func niceStep(_ rough: Double) -> (multiple: Double, exponent: Int) {
        var exponent = 0
        var power = 1.0
        while power * 10 <= rough {
            power *= 10
            exponent += 1
        }
        while power > rough {
            power /= 10
            exponent -= 1
        }
        for multiple in [1.0, 2.0, 2.5, 5.0] where multiple * power >= rough {
            return (multiple, exponent)
        }
        return (1, exponent + 1)
    }

    /// `value` with `decimals` decimals and a comma between thousands.
    static func grouped(_ value: Double, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        var whole = String(scaled / scale)
        var groups: [Substring] = []
        while whole.count > 3 {
            groups.insert(whole.suffix(3), at: 0)
            whole.removeLast(3)
        }
        groups.insert(Substring(whole), at: 0)
        var text = sign + groups.joined(separator: ",")
        if decimals > 0 {
            let fraction = String(scaled % scale)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
