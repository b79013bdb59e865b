import FarkleKit

/// The figures of a race played by three or more: the exact odds of three `ev` players, and how often `win` (the
/// two-player race solved to win, played against the leading opponent) wins at tables of 3 to 8, measured.
///
/// No exact solution of the race to win exists beyond two players at a full target (three players are solved for
/// short races without a final round), so the play at a larger table is measured against `ev` in simulated games,
/// not asserted: the `win` seat sits in each seat in turn among `ev` players, and its average chance is set beside
/// an `ev` player's when everyone plays `ev`.
public struct LargerTableSection: Sendable {
    /// One table size.
    public struct Row: Sendable {
        /// The players at the table.
        public let players: Int
        /// The `win` seat's wins when it sits in seat 1, 2, ... with `ev` at every other seat.
        public let winSeats: [ProportionEstimate]
        /// Every seat's wins when every seat plays `ev`.
        public let evSeats: [ProportionEstimate]

        /// The `win` seat's chance to win outright, averaged over the seats it can take.
        public var winShare: Double { winSeats.map(\.value).reduce(0, +) / Double(players) }

        /// The standard error of `winShare` (the seatings are independent samples).
        public var winStandardError: Double { Self.standardError(winSeats) }

        /// The 95% interval of `winShare`.
        public var winInterval: ClosedRange<Double> {
            let half = ProportionEstimate.z95 * winStandardError
            return (winShare - half)...(winShare + half)
        }

        /// An `ev` player's chance to win outright at a table of `ev` players, averaged over the seats.
        public var evShare: Double { evSeats.map(\.value).reduce(0, +) / Double(players) }

        /// `winShare` less `evShare`, and its 95% interval (both samples' errors).
        public var edge: (value: Double, interval: ClosedRange<Double>) {
            // The seats of one all-`ev` sample are not independent; the bound below treats them as if they were,
            // which overstates their error (their shares sum to one less the ties).
            let error = (winStandardError * winStandardError + Self.variance(evSeats)).squareRoot()
            let value = winShare - evShare
            let half = ProportionEstimate.z95 * error
            return (value, (value - half)...(value + half))
        }

        private static func variance(_ seats: [ProportionEstimate]) -> Double {
            let n = Double(seats.count)
            return seats.map { $0.trials == 0 ? 0 : $0.value * (1 - $0.value) / Double($0.trials) }
                .reduce(0, +) / (n * n)
        }

        private static func standardError(_ seats: [ProportionEstimate]) -> Double {
            variance(seats).squareRoot()
        }
    }

    /// The rule set (its own player count aside).
    public let rules: RuleSet
    /// The exact odds of three `ev` players, or `nil` where `ExactOdds` does not cover the race for three.
    public let threeExpectedValue: ExactOdds?
    /// The table sizes measured, in order.
    public let rows: [Row]
    /// The games of each seating.
    public let games: Int
    /// The seed of the first seating's games.
    public let seed: UInt64

    /// The table sizes measured: three, and the four to eight players a game night brings.
    public static let tableSizes = [3, 4, 5, 6, 8]

    /// The figures for `context`'s race, whose two-player game solved to win the context holds, or `nil` where
    /// `win` plays no larger table (a game of rounds, a three-farkle penalty).
    ///
    /// - Parameters:
    ///   - context: The rules and the race solved to win for two (`StrategyContext.use(_:)`).
    ///   - games: The games of each seating (the `win` seat in each seat; every seat on `ev`), at least 1.
    ///   - seed: The first seating's seed; each seating plays from its own.
    ///   - threads: The threads the games and the exact odds run on.
    ///   - progress: Told each step ("the games at tables of 3 to 8") and the fraction of it done, as it goes.
    ///   - cache: Where the exact odds of three `ev` players are read, or kept once worked out
    ///     (`SolvedGameCache.exactOdds(strategies:dice:context:threads:progress:)`).
    /// - Complexity: 31 seatings of `games` games, and a three-player sweep over the cube of the target's levels.
    public init?(
        context: StrategyContext, games: Int, seed: UInt64, threads: Int,
        progress: (@Sendable (_ step: String, _ fraction: Double) -> Void)? = nil, cache: SolvedGameCache = .disabled
    ) {
        guard let setup = Self.setUp(context: context, threads: threads, progress: progress, cache: cache) else {
            return nil
        }
        self.init(setup: setup, games: games, seed: seed, threads: threads, progress: progress)
    }

    /// What the games of the larger tables need before they are played: the exact odds of three `ev` players, and
    /// the two plays, `win` tabulated from the two-player game solved to win.
    package struct Setup: Sendable {
        /// The rules (their own player count aside).
        let rules: RuleSet
        let table: ScoringTable
        /// The exact odds of three `ev` players, or `nil` where `ExactOdds` does not cover the race for three.
        let threeExpectedValue: ExactOdds?
        let win: BuiltInStrategy
        let expectedValue: BuiltInStrategy

        /// The tabulated play to win of a race, which the report's maps of the decisions to win also read.
        package var play: WinProbabilityStrategy? {
            guard case .win(let shared) = win.kind else { return nil }
            return shared.strategy
        }
    }

    /// The setup of `context`'s race, whose two-player game solved to win the context holds, or `nil` where `win`
    /// plays no larger table (a game of rounds, a three-farkle penalty).
    ///
    /// The exact odds of three `ev` players are worked out (or read from `cache`) before `win` is tabulated: their
    /// sweep needs memory that would otherwise sit beside the play's tables.
    package static func setUp(
        context: StrategyContext, threads: Int,
        progress: (@Sendable (_ step: String, _ fraction: Double) -> Void)? = nil, cache: SolvedGameCache = .disabled
    ) -> Setup? {
        var context = context
        let rules = context.rules
        guard WinGameKind(rules.headsUpGame) == .race, (try? context.solvedWinGame(threads: threads)) != nil else {
            return nil
        }
        var trio = rules
        trio.game.players = 3
        var trioContext = StrategyContext(table: ScoringTable(rules: trio))
        // The sweep's table is one large block: the pages the exact odds before it freed go back first.
        FreedPages.release()
        progress?("the exact odds of three ev players", 0)
        let threeExpectedValue = try? cache.exactOdds(
            strategies: [.expectedValue, .expectedValue, .expectedValue], context: &trioContext, threads: threads
        ) { progress?("the exact odds of three ev players", $0) }
        // Built once: `win`'s tables take seconds to tabulate from the solved game, and every seating shares them.
        progress?("the play to win at larger tables, tabulated", 0)
        let seats = BuiltInStrategy.make([.win, .expectedValue], context: &context)
        return Setup(
            rules: rules, table: context.table, threeExpectedValue: threeExpectedValue, win: seats[0],
            expectedValue: seats[1])
    }

    /// The figures of the games `setup` prepared.
    ///
    /// - Parameters:
    ///   - setup: The odds of three `ev` players and the two plays (`setUp(context:threads:progress:cache:)`).
    ///   - games: The games of each seating (the `win` seat in each seat; every seat on `ev`), at least 1.
    ///   - seed: The first seating's seed; each seating plays from its own.
    ///   - threads: The threads the games run on.
    ///   - progress: Told each step and the fraction of it done, as it goes.
    /// - Complexity: 31 seatings of `games` games.
    package init(
        setup: Setup, games: Int, seed: UInt64, threads: Int,
        progress: (@Sendable (_ step: String, _ fraction: Double) -> Void)? = nil
    ) {
        rules = setup.rules
        self.games = games
        self.seed = seed
        threeExpectedValue = setup.threeExpectedValue
        let table = setup.table
        let (win, expectedValue) = (setup.win, setup.expectedValue)
        var rows: [Row] = []
        // Each table size: every seat on `ev`, then the `win` seat in each seat in turn.
        let seatings = Self.tableSizes.reduce(0) { $0 + $1 + 1 }
        var played = 0
        func tell() {
            progress?("the games at tables of 3 to 8", Double(played) / Double(seatings))
            played += 1
        }
        for players in Self.tableSizes {
            let base = seed &+ UInt64(players) &* 100
            tell()
            let everyone = GameSimulation(table: table, seats: Array(repeating: expectedValue, count: players))
                .run(games: games, seed: base, threads: threads)
            let winSeats = (0..<players).map { seat in
                tell()
                var seats = Array(repeating: expectedValue, count: players)
                seats[seat] = win
                let tally = GameSimulation(table: table, seats: seats)
                    .run(games: games, seed: base &+ UInt64(seat) &+ 1, threads: threads)
                return tally.winRate(seat: seat)
            }
            rows.append(
                Row(players: players, winSeats: winSeats, evSeats: (0..<players).map { everyone.winRate(seat: $0) }))
        }
        self.rows = rows
    }
}
