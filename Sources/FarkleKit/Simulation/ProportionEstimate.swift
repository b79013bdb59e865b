/// A proportion observed in a sample, with its Wilson score confidence interval.
public struct ProportionEstimate: Hashable, Sendable {
    /// How often the event happened.
    public let successes: Int
    /// How many times it could have.
    public let trials: Int

    /// The normal quantile of a two-sided 95% interval.
    @usableFromInline package static let z95 = 1.959_963_984_540_054

    /// An estimate of `successes` out of `trials`.
    package init(successes: Int, trials: Int) {
        precondition(successes >= 0 && successes <= trials, "successes must be within the trials")
        self.successes = successes
        self.trials = trials
    }

    /// The observed share, 0 when there were no trials.
    public var value: Double {
        trials == 0 ? 0 : Double(successes) / Double(trials)
    }

    /// The Wilson score interval at normal quantile `z` (95% by default); `0...1` without trials.
    ///
    /// Unlike the plain `p ± z·se`, it stays inside 0...1 and behaves for shares near 0 or 1.
    public func wilsonInterval(z: Double = z95) -> ClosedRange<Double> {
        guard trials > 0 else { return 0...1 }
        let n = Double(trials)
        let p = value
        let z2 = z * z
        let center = (p + z2 / (2 * n)) / (1 + z2 / n)
        let halfWidth = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return max(0, center - halfWidth)...min(1, center + halfWidth)
    }
}
