/// Any of the strategies that come with FarkleKit, so that one table can mix them without existentials.
///
/// The engine is generic over one strategy type; this enum is that type when
/// seats play different built-in strategies. Its switch costs a predictable
/// branch per decision, far less than dynamic dispatch.
public enum BuiltInStrategy: Strategy {
    /// `ev`.
    case expectedValue(ExpectedValueStrategy)
    /// `greedy`.
    case greedy(GreedyStrategy)
    /// `threshold:T1,T2`.
    case threshold(ThresholdStrategy)

    /// The strategies of `specs`, for the rule set of `table`; seats share the tables they need.
    ///
    /// `ev` solves the rule set once (a few milliseconds in a release build), for all its seats.
    public static func make(_ specs: [StrategySpec], table: ScoringTable) -> [BuiltInStrategy] {
        var greedy: GreedyStrategy?
        var expectedValue: ExpectedValueStrategy?
        return specs.map { spec in
            switch spec {
            case .expectedValue:
                let strategy = expectedValue ?? ExpectedValueStrategy(solver: ExpectedScoreSolver(table: table))
                expectedValue = strategy
                return .expectedValue(strategy)
            case .greedy:
                let strategy = greedy ?? GreedyStrategy(table: table)
                greedy = strategy
                return .greedy(strategy)
            case .threshold(let thresholds):
                return .threshold(ThresholdStrategy(table: table, thresholds: thresholds))
            }
        }
    }

    /// The name of the strategy inside.
    public var name: String {
        switch self {
        case .expectedValue(let strategy): return strategy.name
        case .greedy(let strategy): return strategy.name
        case .threshold(let strategy): return strategy.name
        }
    }

    /// The keep of the strategy inside.
    @inlinable
    public func keep(turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation) -> Keep {
        switch self {
        case .expectedValue(let strategy):
            return strategy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
        case .greedy(let strategy):
            return strategy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
        case .threshold(let strategy):
            return strategy.keep(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
        }
    }

    /// The move of the strategy inside.
    @inlinable
    public func move(turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation) -> Move {
        switch self {
        case .expectedValue(let strategy):
            return strategy.move(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
        case .greedy(let strategy):
            return strategy.move(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
        case .threshold(let strategy):
            return strategy.move(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
        }
    }

    /// The bank decision of the strategy inside.
    @inlinable
    public func shouldBank(turnPoints: Int, diceLeft: Int, situation: GameSituation) -> Bool {
        switch self {
        case .expectedValue(let strategy):
            return strategy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation)
        case .greedy(let strategy):
            return strategy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation)
        case .threshold(let strategy):
            return strategy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation)
        }
    }
}
