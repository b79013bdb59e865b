@_spi(Kernels) import FarkleKit

/// The figures of a game of rounds such as Farkle Ten: what each bot and `ev` score per round alone, the
/// distribution of a solo total under `ev`, the chance to reach totals, and a round robin in two-player games.
///
/// Alone, no strategy here looks at anything but its turn and (`farkleten-hard`) the rounds left, so the
/// points per round and the chances to reach a total are exact, by policy evaluation
/// (`BankedPointsDistribution`, `FarkleTenBot.soloTotalDistribution(table:maximumPoints:)`); solo games are
/// simulated beside them as a check. Against an opponent medium and hard react to the score: the round robin is
/// simulated, with confidence intervals.
public struct FarkleTenSection: Sendable {
    /// One strategy played alone for the game's rounds.
    public struct Solo: Sendable {
        /// The strategy's name: `ev`, `farkleten-easy`, ...
        public let name: String
        /// The exact distribution of the final total.
        package let total: BankedPointsDistribution
        /// The simulated mean points per round over `games` solo games, and its standard error.
        public let simulatedPointsPerRound: Double
        /// The standard error of `simulatedPointsPerRound` (games are the independent unit).
        public let simulatedStandardError: Double
        /// The solo games simulated.
        public let games: Int
    }

    /// One target total: the exact chance to reach it within the rounds alone, under `ev` and under best play.
    public struct Reach: Sendable {
        /// The total to reach.
        public let target: Int
        /// The chance under `ev` (from its exact total distribution).
        public let evChance: Double
        /// The chance under the play that maximizes it, or `nil` where the solver does not cover the rules.
        public let bestChance: Double?
        /// The states the solver solved (0 without it).
        public let states: Int
    }

    /// The rule set.
    public let rules: RuleSet
    /// The rounds of the game.
    public let rounds: Int
    /// `ev` first, then the bots easy, medium and hard.
    public let solo: [Solo]
    /// The targets, in the order asked.
    public let reach: [Reach]
    /// Why the best chance to reach a total is missing, or `nil`.
    public let reachOmission: String?
    /// Every pair of the three bots, `ev` and (where it can be built) `win`, in two-player games of the rounds.
    public let roundRobin: StrategyComparison
    /// Why `win` is not in the round robin, or `nil` when it is.
    public let winOmission: String?
    /// The seed of the simulated games.
    public let seed: UInt64

    /// The exact total of `ev` (the first of `solo`).
    package var evTotal: BankedPointsDistribution { solo[0].total }

    /// The figures for `table`'s game of rounds, or `nil` for a race.
    ///
    /// - Parameters:
    ///   - solver: The expected-score solution of the rules (`ev`).
    ///   - targets: The totals whose chances are solved (5,000, 7,500 and 10,000 in the report).
    ///   - games: The games of each round robin pairing.
    ///   - soloGames: The solo games of each strategy's simulated check (`games` unless given).
    ///   - seed: The seed of the simulated games.
    ///   - context: Where strategies take their solutions; `win` plays in the round robin when the context can
    ///     build it (`winOmission` says why not otherwise).
    ///   - maximumPoints: The most points of one turn the exact distributions track (the rest, well below 1e-9
    ///     of turns at the default, is left out).
    ///   - playsToWin: Whether `win` may join the round robin at all (`report --no-win`: no).
    ///   - threads: The threads of the simulated games (never changes the numbers).
    public init?(
        table: ScoringTable, solver: ExpectedScoreSolver, targets: [Int] = [5000, 7500, 10_000], games: Int,
        soloGames: Int? = nil, seed: UInt64, context: StrategyContext, maximumPoints: Int = 50_000,
        playsToWin: Bool = true,
        threads: Int = GameSimulation<BuiltInStrategy>.defaultThreads
    ) {
        guard let rounds = table.rules.game.end.rounds else { return nil }
        self.rules = table.rules
        self.rounds = rounds
        self.seed = seed
        var context = context
        let bots = FarkleTenBot.Level.allCases
        let specs = [StrategySpec.expectedValue] + bots.map { StrategySpec.farkleTen($0) }
        let turn = BankedPointsDistribution(solver: solver, maximumPoints: maximumPoints)
        var totals = [BankedPointsDistribution(summing: turn, turns: rounds)]
        for level in bots {
            let bot = FarkleTenBot(level: level, table: table)
            guard let total = bot.soloTotalDistribution(table: table, maximumPoints: maximumPoints) else {
                return nil
            }
            totals.append(total)
        }
        let strategies = BuiltInStrategy.make(specs, context: &context)
        solo = zip(strategies, totals).enumerated().map { index, pair in
            let tally = GameSimulation(table: table, seats: [pair.0])
                .run(games: soloGames ?? games, seed: seed &+ 100 &+ UInt64(index), threads: threads)
            return Solo(
                name: pair.0.name, total: pair.1, simulatedPointsPerRound: tally.meanNetPointsPerTurn,
                simulatedStandardError: tally.meanNetPointsPerTurnStandardError, games: tally.games)
        }
        var omission: String?
        reach = targets.map { target in
            let ev = totals[0].probability(ofAtLeast: target)
            do throws(NotCovered) {
                let best = try ReachProbabilitySolver(
                    outcomes: DiceSetOutcomes(table: table, set: .ordinary), target: target, turns: rounds)
                return Reach(target: target, evChance: ev, bestChance: best.chance, states: best.stateCount)
            } catch {
                omission = error.description
                return Reach(target: target, evChance: ev, bestChance: nil, states: 0)
            }
        }
        reachOmission = omission
        let winOmission = playsToWin ? Self.winOmission(context: &context) : "the game was not solved to win (--no-win)"
        self.winOmission = winOmission
        let players = specs + (winOmission == nil ? [.win] : [])
        var pairs: [(StrategySpec, StrategySpec)] = []
        for (index, first) in players.enumerated() {
            for second in players[(index + 1)...] { pairs.append((first, second)) }
        }
        roundRobin = StrategyComparison(
            table: table, pairs: pairs, games: games, seed: seed, threads: threads, context: context)
    }

    /// `nil` when strategy `win` can be built for the context's rules, else why not.
    ///
    /// The one place that decides whether `win` joins the round robin: it asks the context for the game solved to
    /// win, which a report builder that solved it already passes in.
    static func winOmission(context: inout StrategyContext) -> String? {
        do {
            // A game of rounds is solved by its own solver (the race solver refuses it).
            let threads = GameSimulation<BuiltInStrategy>.defaultThreads
            if context.rules.game.end.rounds != nil {
                _ = try context.roundsWinSolver(threads: threads)
            } else {
                _ = try context.winProbabilitySolver(threads: threads)
            }
            return nil
        } catch {
            return error.description
        }
    }
}
