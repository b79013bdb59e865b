/// A die whose faces need not be equally likely: a name and six integer face weights.
///
/// Face `f` shows with probability `weights[f - 1] / totalWeight`. An ordinary
/// die has six equal weights. Kingdom Come's loaded dice are the catalog
/// `LoadedDiceCatalog.builtIn`; a user file can add more.
public struct LoadedDie: Hashable, Sendable {
    /// The die's name in the catalog (`heavenly-kingdom`), letters, digits and `-`.
    public let name: String
    /// The weights of faces 1...6, each 0 or more, at least one positive.
    public let weights: [Int]
    /// Where the weights come from, one line.
    public let source: String
    /// Weights that another source gives for the same die, or `nil` when the sources agree.
    package let alternativeWeights: [Int]?

    /// The ordinary die, every face weight 1.
    public static let ordinary = LoadedDie(
        name: "ordinary", weights: [1, 1, 1, 1, 1, 1], source: "a fair die")

    /// Creates a die.
    ///
    /// - Precondition: six weights, none negative, at least one positive.
    public init(name: String, weights: [Int], source: String, alternativeWeights: [Int]? = nil) {
        precondition(Self.isValid(weights: weights), "six face weights, none negative, not all 0")
        self.name = name
        self.weights = weights
        self.source = source
        self.alternativeWeights = alternativeWeights
    }

    /// Whether `weights` can be a die's: six of them, none negative, at least one positive, each at most 1000.
    static func isValid(weights: [Int]) -> Bool {
        weights.count == DiceCounts.maximumDice && weights.allSatisfy { (0...1000).contains($0) }
            && weights.contains { $0 > 0 }
    }

    /// The sum of the weights: face f shows `weights[f - 1]` times in `totalWeight`.
    var totalWeight: Int { weights.reduce(0, +) }

    /// The chance that face `face` (1...6) shows.
    public func probability(of face: Int) -> Double {
        Double(weights[face - 1]) / Double(totalWeight)
    }

    /// The weights divided by their greatest common divisor: dice with the same reduced weights roll alike.
    package var reducedWeights: [Int] {
        let divisor = weights.reduce(0) { Self.greatestCommonDivisor($0, $1) }
        return weights.map { $0 / divisor }
    }

    /// Whether every face is equally likely.
    var isFair: Bool { Set(weights).count == 1 }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }
}
