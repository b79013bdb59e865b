import FarkleKit

// A distribution of points (one turn's, or a game's total) as the reports print it: a CSV with the running
// sum, and the bars of a histogram.

extension BankedPointsDistribution {
    /// Every number of points of positive probability, with the probability and the running sum, under the
    /// header `pointsHeader`, `probability`, `cumulative`.
    func cumulativeTable(pointsHeader: String) -> CSVTable {
        var csv = CSVTable(header: [pointsHeader, "probability", "cumulative"])
        var cumulative = 0.0
        for (index, probability) in probabilities.enumerated() where probability > 0 {
            cumulative += probability
            csv.append(["\(points(at: index))", NumberText.exact(probability), NumberText.exact(cumulative)])
        }
        return csv
    }

    /// The probabilities summed into bins `width` points wide, from 0 (or the multiple of `width` at or below the
    /// lowest points, where a scoreless opening roll costs points) to the first multiple of `width` above the
    /// `fraction` quantile.
    ///
    /// - Precondition: `width` is a positive multiple of the score step.
    func histogramBins(width: Int, upToQuantile fraction: Double) -> [Histogram.Bin] {
        precondition(width > 0 && width % scoreStep == 0, "bins a whole number of score steps wide")
        // Rounded toward minus infinity, so that a bin holds [lower, lower + width).
        func binStart(_ points: Int) -> Int { (points >= 0 ? points / width : (points - width + 1) / width) * width }
        let lower = binStart(min(lowestPoints, 0))
        let upper = binStart(quantile(fraction)) + width
        var bins = stride(from: lower, to: upper, by: width).map {
            Histogram.Bin(lowerBound: Double($0), upperBound: Double($0 + width), value: 0)
        }
        for (index, probability) in probabilities.enumerated() {
            let points = points(at: index)
            guard points < upper else { break }
            bins[(binStart(points) - lower) / width].value += probability
        }
        return bins
    }
}
