import FarkleKit

/// The headline figures of one rule set's report set, for comparing rule sets side by side.
///
/// `ReportBuilder.build()` fills it from the same solves and games as the reports,
/// so the comparison (`ReportDocument.ruleSetComparison(_:)`) repeats their numbers.
public struct RuleSetOverview: Sendable, Hashable {
    /// The rule set.
    public var rules: RuleSet
    /// The expected points of a turn played for the most expected points, a farkle counting 0.
    public var expectedTurnScore: Double
    /// Under a three-farkle penalty, the long-run average of points per turn, penalties included.
    public var longRunAverage: Double?
    /// The bank thresholds for 1 to 6 dice left (index 0 for one die), by farkles in a row: one list
    /// without a penalty, three (0, 1 and 2 farkles in a row) with one. `nil`: never bank, or not allowed.
    public var bankThresholds: [[Int?]]
    /// The chance that one roll of 1 to 6 dice has no keep (index 0 for one die).
    public var farkleChances: [Double]
    /// How often the starting player wins with both players on `ev`: exact where the report's matchups are, else
    /// from its simulated games.
    public var starterWinRate: StrategyComparison.Rate?

    /// An overview of `rules` with the given figures.
    public init(
        rules: RuleSet, expectedTurnScore: Double, longRunAverage: Double?, bankThresholds: [[Int?]],
        farkleChances: [Double], starterWinRate: StrategyComparison.Rate?
    ) {
        self.rules = rules
        self.expectedTurnScore = expectedTurnScore
        self.longRunAverage = longRunAverage
        self.bankThresholds = bankThresholds
        self.farkleChances = farkleChances
        self.starterWinRate = starterWinRate
    }

    /// The bank thresholds of `solver` for 1 to 6 dice left, `nil` where the rules do not allow banking.
    static func thresholds(_ solver: ExpectedScoreSolver) -> [Int?] {
        (1...DiceCounts.maximumDice).map {
            solver.table.rules.turn.allowsBanking(diceLeft: $0) ? solver.bankThreshold(diceLeft: $0) : nil
        }
    }
}
