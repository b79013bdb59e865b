/// Any of the strategies that come with FarkleKit, so that one table can mix them without existentials.
///
/// The engine is generic over one strategy type; this is that type when seats play different built-in
/// strategies, made from their names (`make(_:context:)`). Its switch costs a predictable branch per decision,
/// far less than dynamic dispatch. The strategies inside are FarkleKit's own: an app names them with
/// ``StrategySpec`` and plays them through this type.
public struct BuiltInStrategy: Strategy {
    /// The strategy inside.
    @usableFromInline
    package enum Kind: Sendable {
        /// `ev`.
        case expectedValue(ExpectedValueStrategy)
        /// `ev-target`.
        case expectedValueToTarget(TargetTurnStrategy)
        /// `greedy`.
        case greedy(GreedyStrategy)
        /// `threshold:T1,T2`.
        case threshold(ThresholdStrategy)
        /// `ev` under a three-farkle penalty: a policy for each count of farkles in a row.
        case farkleStreak(FarkleStreakStrategy)
        /// `farkleten-easy`, `farkleten-medium`, `farkleten-hard`.
        case farkleTen(FarkleTenBot)
        /// `win`: a reference, so the payload stays one pointer however large the solved tables are. At a table
        /// of two it plays the game solved to win; at a larger table of a race it plays that two-player game
        /// against the leading opponent (`StrategyContext.solvedWinGame(threads:)`).
        case win(SharedWinStrategy)
    }

    /// The strategy inside.
    @usableFromInline
    package var kind: Kind

    /// The strategy `kind`.
    package init(_ kind: Kind) { self.kind = kind }

    /// The strategies of `specs`, built from `context`; seats share the tables they need.
    ///
    /// `ev` takes the context's expected-score solution, solving the rule set
    /// there on first use (a few milliseconds in a release build) for all its seats.
    /// `win` takes the context's solution of the game played to win (`StrategyContext.solvedWinGame(threads:)`:
    /// a race, a race under a three-farkle penalty or a game of fixed rounds; 10 to 20 s for a 10,000-point race on 2 cores).
    ///
    /// - Precondition: `.win` only under rules one of those solvers solves: ask the context for the
    ///   solver first to get the reason it refuses a rule set; `.expectedValueToTarget` only where
    ///   `TargetTurnStrategy.refusal(for:)` is `nil`.
    public static func make(_ specs: [StrategySpec], context: inout StrategyContext) -> [BuiltInStrategy] {
        var greedy: GreedyStrategy?
        var expectedValue: BuiltInStrategy?
        var toTarget: BuiltInStrategy?
        var botCombinations: FarkleTenBot.Combinations?
        var win: SharedWinStrategy?
        return specs.map { spec in
            switch spec {
            case .expectedValue:
                if let expectedValue { return expectedValue }
                let strategy =
                    if let solver = context.longRunAverageSolver() {
                        BuiltInStrategy(.farkleStreak(FarkleStreakStrategy(solver: solver)))
                    } else {
                        BuiltInStrategy(.expectedValue(ExpectedValueStrategy(context: &context)))
                    }
                expectedValue = strategy
                return strategy
            case .expectedValueToTarget:
                if let toTarget { return toTarget }
                let strategy = BuiltInStrategy(.expectedValueToTarget(TargetTurnStrategy(table: context.table)))
                toTarget = strategy
                return strategy
            case .greedy:
                let strategy = greedy ?? GreedyStrategy(context: context)
                greedy = strategy
                return BuiltInStrategy(.greedy(strategy))
            case .threshold(let thresholds):
                return BuiltInStrategy(.threshold(ThresholdStrategy(context: context, thresholds: thresholds)))
            case .farkleTen(let level):
                let combinations = botCombinations ?? FarkleTenBot.Combinations(table: context.table)
                botCombinations = combinations
                return BuiltInStrategy(.farkleTen(FarkleTenBot(level: level, combinations: combinations)))
            case .win:
                if let win { return BuiltInStrategy(.win(win)) }
                let strategy: SharedWinStrategy
                do {
                    strategy =
                        switch try context.solvedWinGame() {
                        case let solver as RoundsWinSolver: SharedWinStrategy(RoundsWinStrategy(solver: solver))
                        case let solver as PenaltyWinSolver: SharedWinStrategy(PenaltyWinStrategy(solver: solver))
                        case let solver as WinProbabilitySolver:
                            SharedWinStrategy(WinProbabilityStrategy(solver: solver))
                        case let solver as ThreePlayerWinSolver:
                            SharedWinStrategy(ThreePlayerWinStrategy(solver: solver))
                        case let game: preconditionFailure("no strategy plays a game solved by \(type(of: game))")
                        }
                } catch {
                    preconditionFailure("strategy win under rules '\(context.rules.name)': \(error)")
                }
                win = strategy
                return BuiltInStrategy(.win(strategy))
            }
        }
    }

    /// The strategies of `specs` for the rule set of `table`, from a context of their own.
    public static func make(_ specs: [StrategySpec], table: ScoringTable) -> [BuiltInStrategy] {
        var context = StrategyContext(table: table)
        return make(specs, context: &context)
    }

    /// The name of the strategy inside.
    public var name: String {
        switch kind {
        case .expectedValue(let strategy): return strategy.name
        case .expectedValueToTarget(let strategy): return strategy.name
        case .farkleStreak(let strategy): return strategy.name
        case .greedy(let strategy): return strategy.name
        case .threshold(let strategy): return strategy.name
        case .farkleTen(let strategy): return strategy.name
        case .win(let strategy): return strategy.name
        }
    }

    /// The move of the strategy inside.
    @inlinable
    public func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        switch kind {
        case .expectedValue(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .expectedValueToTarget(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .farkleStreak(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .greedy(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .threshold(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .farkleTen(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .win(let strategy):
            return strategy.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, own: situation.ownScore,
                opponent: situation.winOpponentScore, isFinalRound: situation.isFinalRound,
                round: situation.round, seat: situation.seat, myFarkles: situation.farklesInARow,
                opponentFarkles: situation.opponentFarklesInARow, scores: situation.scores)
        }
    }

    /// The bank decision of the strategy inside.
    @inlinable
    public func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        switch kind {
        case .expectedValue(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .expectedValueToTarget(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .farkleStreak(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .greedy(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .threshold(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .farkleTen(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .win(let strategy):
            return strategy.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, own: situation.ownScore,
                opponent: situation.winOpponentScore, isFinalRound: situation.isFinalRound,
                round: situation.round, seat: situation.seat, myFarkles: situation.farklesInARow,
                opponentFarkles: situation.opponentFarklesInARow, scores: situation.scores)
        }
    }

    /// Whether the strategy inside takes over a banked turn under piggybacking.
    @inlinable
    public func piggybacks<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        switch kind {
        case .expectedValue(let strategy):
            strategy.piggybacks(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .farkleStreak(let strategy):
            strategy.piggybacks(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        default:
            takesOverWhereItRollsOn(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        }
    }
}
