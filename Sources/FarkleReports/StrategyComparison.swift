import FarkleKit

/// Head-to-head results of strategies in two-player games, seats rotated so that who starts cancels out.
///
/// Every matchup weighs both seatings equally. Where the exact odds exist (`ExactOdds`: two players, strategies that
/// decide from the totals, the turn and the roll), each seating is worked out exactly and no game is played;
/// elsewhere every matchup plays half its games with each strategy in the starting seat, each half on its own seed,
/// and adds them up, and each share comes with a Wilson 95% interval. A strategy against itself measures the first
/// player's advantage instead.
public struct StrategyComparison: Sendable {
    /// A chance in a matchup: exact, or the share of the games played.
    public enum Rate: Sendable, Hashable {
        /// The exact chance (`ExactOdds`).
        case exact(Double)
        /// The share of the games played, with its interval.
        case sampled(ProportionEstimate)

        /// The chance, or the share of the games.
        public var value: Double {
            switch self {
            case .exact(let value): return value
            case .sampled(let estimate): return estimate.value
            }
        }

        /// The 95% Wilson interval of a share of games, or `nil` for an exact chance.
        public var interval: ClosedRange<Double>? {
            switch self {
            case .exact: return nil
            case .sampled(let estimate): return estimate.wilsonInterval()
            }
        }
    }

    /// The games between two strategies, both seatings together.
    public struct Matchup: Sendable, Hashable {
        /// The first strategy's name, e.g. `ev`.
        public let first: String
        /// The second strategy's name.
        public let second: String
        /// The games played, half with each strategy starting; `nil` where the chances are exact.
        public let games: Int?
        /// The chance that the first strategy wins outright.
        public let firstWinRate: Rate
        /// The chance that the second strategy wins outright.
        public let secondWinRate: Rate
        /// The chance that the game ends in a tie for the highest total.
        public let tieRate: Rate
        /// The chance that whoever starts wins outright, whichever strategy it is.
        public let starterWinRate: Rate
        /// The games stopped unfinished at the turn limit (`GameSimulation.maximumRounds`): counted in `games`, won
        /// or tied by no one; 0 where the chances are exact.
        public let unfinishedGames: Int
    }

    /// The matchups, in the order they were asked for.
    public let matchups: [Matchup]

    /// Whether every matchup is exact (no game played).
    public var isExact: Bool { matchups.allSatisfy { $0.games == nil } }

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
            let played = a.games + b.games
            func share(_ count: Int) -> Rate { .sampled(ProportionEstimate(successes: count, trials: played)) }
            matchups.append(
                Matchup(
                    first: strategies[0].name, second: strategies[1].name, games: played,
                    firstWinRate: share(a.seats[0].wins + b.seats[1].wins),
                    secondWinRate: share(a.seats[1].wins + b.seats[0].wins), tieRate: share(a.ties + b.ties),
                    starterWinRate: share(a.seats[0].wins + b.seats[0].wins),
                    unfinishedGames: a.unfinishedGames + b.unfinishedGames))
        }
        self.matchups = matchups
    }

    /// Works out each of `pairs` exactly, each strategy starting once (`ExactOdds.eachStarting(strategies:dice:
    /// context:threads:progress:)`), both seatings weighed equally.
    ///
    /// - Parameters:
    ///   - context: The rules and where the strategies take their solutions; `win` takes the game solved to win
    ///     there, solving it first if needed.
    ///   - threads: The threads each evaluation spreads its states over (the result is the same for any count).
    ///   - progress: Told each matchup ("win against ev") and the fraction of its states worked out, as
    ///     `ExactOdds` reports it.
    ///   - cache: Where odds worked out before are read and new ones kept
    ///     (`SolvedGameCache.exactOdds(strategies:dice:context:threads:progress:)`); only where `win` in `context`
    ///     plays the game this program solves.
    /// - Throws: `NotCovered` where the rules or a strategy have no exact odds (simulate them instead).
    public init(
        exactOddsOf pairs: [(StrategySpec, StrategySpec)], context: inout StrategyContext,
        threads: Int = GameSimulation<BuiltInStrategy>.defaultThreads,
        progress: @escaping @Sendable (_ matchup: String, _ fraction: Double) -> Void = { _, _ in },
        cache: SolvedGameCache = .disabled
    ) throws(NotCovered) {
        var matchups: [Matchup] = []
        for pair in pairs {
            let odds: [ExactOdds]
            let name = "\(pair.0) against \(pair.1)"
            let told: @Sendable (Double) -> Void = { progress(name, $0) }
            if pair.0 == pair.1 {
                // Both seatings are the same game.
                let mirror = try cache.exactOdds(
                    strategies: [pair.0, pair.1], context: &context, threads: threads, progress: told)
                odds = [mirror, mirror]
            } else {
                odds = try cache.exactOddsEachStarting(
                    strategies: [pair.0, pair.1], context: &context, threads: threads, progress: told)
            }
            // Seat s of seating k is strategy s of the pair in the first seating, the other one in the second.
            func mean(_ chance: (_ seating: Int) -> Double) -> Rate {
                .exact((chance(0) + chance(1)) / 2)
            }
            matchups.append(
                Matchup(
                    first: pair.0.description, second: pair.1.description, games: nil,
                    firstWinRate: mean { odds[$0].winProbabilities[$0] },
                    secondWinRate: mean { odds[$0].winProbabilities[1 - $0] },
                    tieRate: mean { odds[$0].tieProbability }, starterWinRate: mean { odds[$0].winProbabilities[0] },
                    unfinishedGames: 0))
        }
        self.matchups = matchups
    }
}
