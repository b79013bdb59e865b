import FarkleKit

/// Head-to-head results of strategies in two-player games, seats rotated so that who starts cancels out.
///
/// Every matchup plays half its games with each strategy in the starting seat,
/// each half on its own seed, and adds them up. A strategy's win rate in a
/// matchup is its outright wins over all games (ties counted apart), with a
/// Wilson 95% interval. A strategy against itself measures the first player's
/// advantage instead.
public struct StrategyComparison: Sendable {
    /// The games between two strategies, both seatings together.
    public struct Matchup: Sendable, Hashable {
        /// The first strategy's name, e.g. `ev`.
        public let first: String
        /// The second strategy's name.
        public let second: String
        /// The games played, half with each strategy starting.
        public let games: Int
        /// Games the first strategy won outright.
        public let firstWins: Int
        /// Games the second strategy won outright.
        public let secondWins: Int
        /// Games that ended in a tie for the highest total.
        public let ties: Int
        /// Games won outright by whoever started, whichever strategy it was.
        public let starterWins: Int

        /// The first strategy's share of the games, with its confidence interval.
        public var firstWinRate: ProportionEstimate {
            ProportionEstimate(successes: firstWins, trials: games)
        }

        /// The starting player's share of the games, with its confidence interval.
        public var starterWinRate: ProportionEstimate {
            ProportionEstimate(successes: starterWins, trials: games)
        }
    }

    /// The matchups, in the order they were asked for.
    public let matchups: [Matchup]

    /// Plays every pair of `specs` (each against each other once, and each against itself when
    /// `mirrors` is set) for `games` games each, from `seed`.
    ///
    /// - Precondition: `games` is at least 2 (one game for each seating).
    public init(
        table: ScoringTable, specs: [StrategySpec], games: Int, seed: UInt64, mirrors: Bool = false,
        threads: Int = GameSimulation<BuiltInStrategy>.defaultThreads
    ) {
        var pairs: [(StrategySpec, StrategySpec)] = []
        for (index, first) in specs.enumerated() {
            if mirrors { pairs.append((first, first)) }
            for second in specs[(index + 1)...] { pairs.append((first, second)) }
        }
        self.init(table: table, pairs: pairs, games: games, seed: seed, threads: threads)
    }

    /// Plays each of `pairs` for `games` games, from `seed`.
    ///
    /// - Parameter context: Where the strategies take their solved tables (a game already solved to win, for
    ///   `win`); a fresh context of `table` by default.
    public init(
        table: ScoringTable, pairs: [(StrategySpec, StrategySpec)], games: Int, seed: UInt64,
        threads: Int = GameSimulation<BuiltInStrategy>.defaultThreads, context: StrategyContext? = nil
    ) {
        precondition(games >= 2, "one game for each seating at least")
        // One call makes every strategy, so all `ev` seats share one solved policy.
        var specs: [StrategySpec] = []
        for pair in pairs {
            for spec in [pair.0, pair.1] where !specs.contains(spec) { specs.append(spec) }
        }
        var context = context ?? StrategyContext(table: table)
        let made = BuiltInStrategy.make(specs, context: &context)
        var matchups: [Matchup] = []
        for (index, pair) in pairs.enumerated() {
            let strategies = [pair.0, pair.1].map { spec in made[specs.firstIndex(of: spec) ?? 0] }
            let firstStarts = GameSimulation(table: table, seats: strategies)
            let secondStarts = GameSimulation(table: table, seats: strategies.reversed())
            // Distinct seeds per matchup and seating: no two halves share a random stream.
            let pairSeed = seed &+ UInt64(2 * index)
            let a = firstStarts.run(games: games / 2, seed: pairSeed, threads: threads)
            let b = secondStarts.run(games: games - games / 2, seed: pairSeed &+ 1, threads: threads)
            matchups.append(
                Matchup(
                    first: strategies[0].name, second: strategies[1].name, games: a.games + b.games,
                    firstWins: a.seats[0].wins + b.seats[1].wins, secondWins: a.seats[1].wins + b.seats[0].wins,
                    ties: a.ties + b.ties, starterWins: a.seats[0].wins + b.seats[0].wins))
        }
        self.matchups = matchups
    }
}
