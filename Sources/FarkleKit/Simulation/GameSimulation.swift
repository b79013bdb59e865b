import Foundation

/// Simulates many games between the strategies of a table, in parallel and reproducibly, whatever dice the seats
/// carry.
///
/// Game `g` rolls its dice with a stream of its own (`diceStream(seed:game:)`).
/// Games are cut into chunks of `gamesPerChunk`; chunk `c` gives its strategies
/// a stream of their own (`strategyStream(seed:chunk:)`), and the chunk tallies
/// are merged in chunk order, so the result depends on the seed alone, never on
/// the number of threads or lanes.
///
/// Where every seat's strategy is turn-only (`TurnOnlyStrategy`: `ev`, `greedy`,
/// `threshold`; under a three-farkle penalty `ev` reads its farkles in a row too)
/// and the game is a race to a target or a game of rounds, a run of
/// `lanesMinimumGames` games or more plays several games at once per thread from a table of every turn's states (the lane
/// engine); elsewhere games are played one at a time, asking the strategies on
/// every roll (the general engine). Both give the same tally for the same seed;
/// `path` chooses one explicitly.
///
/// A table whose seats carry dice sets (`init(table:strategies:dice:context:threads:)`) plays on those engines
/// where every seat carries six ordinary dice; where any seat carries loaded dice, the engine of loaded dice plays
/// instead (`dice`): each die drawn from its own weights, chunk `c` on stream `c` of the seed, each seat playing
/// its strategy's `LoadedPlay` in a race to the target, won at once or with a final round. It gives the same kind
/// of tally, and counts
/// each seat's first turns as well (`SimulationTally.Seat.firstTurns`).
///
/// ```swift
/// let table = ScoringTable(rules: .standard)
/// let simulation = GameSimulation(table: table, seats: [GreedyStrategy(table: table), GreedyStrategy(table: table)])
/// let tally = simulation.run(games: 100_000, seed: 1)
/// ```
public struct GameSimulation<Seat: Strategy>: Sendable {
    /// The rule set the games follow.
    public var rules: RuleSet { table.rules }

    /// The strategy of every seat, seat 0 (who starts every game) first; empty where a seat carries loaded dice
    /// (the seats' plays are then named by `seatNames`).
    public var seats: [Seat] {
        if case .plain(let engine) = engine { engine.seats } else { [] }
    }

    /// The dice every seat carries, seat 0 first: six ordinary dice unless given.
    public let dice: [DiceSet]

    /// The name of every seat's strategy, seat 0 first, as on the command line (`ev`, `threshold:300,500`).
    package var seatNames: [String] {
        switch engine {
        case .plain(let engine): engine.seats.map(\.name)
        case .loaded(let engine): engine.plays.map(\.description)
        }
    }

    /// Whether the engine of loaded dice plays these games: some seat carries dice other than six ordinary ones.
    package var playsLoadedDice: Bool {
        if case .loaded = engine { true } else { false }
    }

    /// The games of one chunk: one random stream, one tally, one unit of work for a thread.
    ///
    /// Fixed, so that results do not depend on the thread count.
    package static var gamesPerChunk: Int { 1024 }

    /// A game still running after this many turns of every seat is stopped and counted as unfinished.
    ///
    /// Only strategies that (almost) never bank get there; real games last a few dozen rounds.
    package static var maximumRounds: Int { GameRules.roundRange.upperBound }

    /// The engine that plays a chunk: the plain game's (with the lane engine beside it) or that of loaded dice.
    private enum Engine: Sendable {
        case plain(GameEngine<Seat>)
        case loaded(LoadedEngine)
    }

    private let engine: Engine
    private let table: ScoringTable
    /// The lane engine once a run has built it; copies of this simulation share it.
    private let laneEngine = Locked<LaneEngine??>(nil)

    /// How `run` plays the games: `.automatic` (the default), or one engine for every run.
    ///
    /// All paths give the same tally; set `.general` to compare, or another lane count. Where a seat carries
    /// loaded dice, the engine of loaded dice plays whatever the path.
    ///
    /// - Precondition: `.lanes(n)` only where `lanesApply`, with `n` at least 1.
    @_spi(Kernels) public var path = SimulationPath.automatic {
        didSet {
            if case .lanes(let lanes) = path { precondition(lanesApply && lanes >= 1, "no lane engine here") }
        }
    }

    /// Whether the lane engine covers these seats and rules: turn-only strategies whose decisions settle
    /// within its table (under a three-farkle penalty, per count of farkles in a row), a race to a target or a game of
    /// rounds, ordinary dice.
    let lanesApply: Bool

    /// The least number of games for which `.automatic` plays the lane engine: its table costs tens of
    /// milliseconds to build (for `ev`), which shorter runs would not win back. The first run that plays
    /// the lane engine builds it; later runs of this simulation (and of its copies) reuse it.
    package static var lanesMinimumGames: Int { 50_000 }

    /// A table of `seats.count` players with the scoring of `table`, each with six ordinary dice.
    ///
    /// - Precondition: 1 to 8 seats.
    public init(table: ScoringTable, seats: [Seat]) {
        engine = .plain(GameEngine(table: table, seats: seats, maximumRounds: Self.maximumRounds))
        self.table = table
        dice = Array(repeating: .ordinary, count: seats.count)
        lanesApply = LaneEngine.applies(table: table, seats: seats)
    }

    /// A table of `seats.count` players under `rules`, each with six ordinary dice.
    ///
    /// - Precondition: 1 to 8 seats.
    package init(rules: RuleSet, seats: [Seat]) {
        self.init(table: ScoringTable(rules: rules), seats: seats)
    }

    /// A table played by the engine of loaded dice, whatever the dice (the tests compare it with the plain
    /// engines on six ordinary dice).
    init(table: ScoringTable, loaded: LoadedEngine) {
        engine = .loaded(loaded)
        self.table = table
        dice = loaded.sets
        lanesApply = false
    }

    /// The exact expected points toward the target, E[min(banked, target)], of seat `seat`'s own first turn,
    /// where the engine of loaded dice plays and the seat's first turn does not depend on the others (`ev-target`, the
    /// capped-optimal turn, `greedy`, `threshold`); `nil` elsewhere: to compare with
    /// `SimulationTally.Seat.firstTurnMean`.
    package func exactFirstTurnPoints(seat: Int) -> Double? {
        firstTurn(seat: seat).exactPoints
    }

    /// Seat `seat`'s first turn where the engine of loaded dice plays (its exact points and its expected rolls);
    /// nothing known on six ordinary dice everywhere.
    package func firstTurn(seat: Int) -> FirstTurn {
        if case .loaded(let engine) = engine { engine.firstTurn(seat: seat) } else { FirstTurn() }
    }

    /// The most table entries the turns of a seat playing `win` with loaded dice may take over all pairs of
    /// totals (two 8-byte values and a flag each): about 0.5 GB. A larger table is refused
    /// (`LoadedGameRefusal.winTable`).
    package static var maximumWinTableEntries: Int { LoadedEngine.maximumWinTableEntries }

    /// The table entries the turns of a seat with `set` playing `win` take under `rules` (see
    /// `maximumWinTableEntries`): for every pair of totals, the turn points left to the target times the
    /// dice states.
    package static func winTableEntries(rules: RuleSet, set: DiceSet) -> Int {
        LoadedEngine.winTableEntries(rules: rules, set: set)
    }

    /// The dice of game `game` (counted from 0 in a run) of the run with seed `seed`: stream `game` of the seed.
    @inlinable
    package static func diceStream(seed: UInt64, game: Int) -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: seed, stream: UInt64(truncatingIfNeeded: game))
    }

    /// The random numbers the strategies of chunk `chunk` draw, apart from the dice.
    ///
    /// Stream `chunk + 2^61` of the seed: the dice of game g take the SplitMix64
    /// window that starts `4g` steps after the seed's, so these windows start
    /// 2^63 steps away from every dice window of any run shorter than 2^61
    /// games. A strategy that draws numbers thus never moves the dice.
    package static func strategyStream(seed: UInt64, chunk: UInt64) -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: seed, stream: chunk &+ 1 << 61)
    }

    /// The number of threads `run` uses by default: the active processor count.
    @usableFromInline package static var defaultThreads: Int {
        Parallel.defaultThreads
    }

    /// Plays `games` games and returns their tally.
    ///
    /// - Parameters:
    ///   - games: The number of games, 0 or more.
    ///   - seed: The seed of every random stream; the same seed gives the same tally.
    ///   - threads: How many threads play chunks at once (1 or more).
    ///   - progress: Called on the calling thread between batches of chunks with the games done so far.
    @specialized(where Seat == BuiltInStrategy)
    public func run(
        games: Int, seed: UInt64, threads: Int = defaultThreads, progress: ((Int) -> Void)? = nil
    ) -> SimulationTally {
        precondition(games >= 0, "a number of games")
        precondition(threads >= 1, "at least one thread")
        let chunkSize = Self.gamesPerChunk
        // Rounded up without adding first, which would overflow near Int.max.
        let chunkCount = games / chunkSize + (games % chunkSize == 0 ? 0 : 1)
        // Batches of a few chunks per thread let the caller see progress. Within a
        // batch each thread claims the next chunk under a lock (once per chunk, never
        // inside a game), so a thread the system slows down holds up no other. Each
        // batch's tallies are merged into the total in chunk order, the same sequence
        // of additions for every batch size, so the total is exact to the bit.
        let batchSize = threads * 8
        // Chunk c of a batch plays into slot c % batchSize (batches start at multiples of it), written by the
        // one worker that claimed the chunk and merged after the batch.
        let slots = SharedSlots(repeating: SimulationTally(players: dice.count), count: min(batchSize, chunkCount))
        let unclaimed = Locked(0..<0)
        var total = SimulationTally(players: dice.count)
        let engine = engine
        // The lane engine's table is built before any game, on the first run that needs it.
        let (laneEngine, lanes) = lanePlan(games: games)
        // One closure for the whole run: a batch only changes what `results` hands out.
        let play: @Sendable (Int) -> Void = { _ in
            while let chunk = unclaimed.withLock({ $0.popFirst() }) {
                let chunkGames = min(chunkSize, games - chunk * chunkSize)
                slots.update(chunk % batchSize) { tally in
                    switch engine {
                    case .plain(let engine):
                        if let laneEngine {
                            laneEngine.playChunk(
                                games: chunkGames, seed: seed, firstGame: chunk * chunkSize, lanes: lanes, into: &tally)
                        } else {
                            engine.playChunk(games: chunkGames, seed: seed, chunk: chunk, into: &tally)
                        }
                    case .loaded(let engine):
                        engine.playChunk(games: chunkGames, seed: seed, chunk: chunk, into: &tally)
                    }
                }
            }
        }
        var batchStart = 0
        while batchStart < chunkCount {
            let batchEnd = min(batchStart + batchSize, chunkCount)
            let workers = min(threads, batchEnd - batchStart)
            unclaimed.withLock { $0 = batchStart..<batchEnd }
            Parallel.forEach(workers, threads: workers, play)
            for slot in 0..<(batchEnd - batchStart) { total.merge(slots[slot]) }
            batchStart = batchEnd
            progress?(min(games, batchEnd * chunkSize))
        }
        return total
    }
}

extension GameSimulation where Seat == BuiltInStrategy {
    /// The front door: a table of `strategies.count` players with the scoring of `table`, each seat playing its
    /// strategy with its dice.
    ///
    /// Where every seat carries six ordinary dice (`DiceSet.isOrdinary`) the strategies are built from `context`
    /// (`BuiltInStrategy.make(_:context:)`; solve the game to win there first for `win`) and the plain engines
    /// play, lanes where they apply. Where any seat carries loaded dice, the engine of loaded dice plays: a race
    /// to the target, won at once or with a final round, each seat playing its strategy's `LoadedPlay` (`ev-target`,
    /// only in a race won at once: the capped-optimal turn for its own total; `win`: the two sets' race solved to win, from `context.diceSetGames` or solved here on
    /// `threads` threads).
    ///
    /// - Parameters:
    ///   - table: The scoring table, and through it the rules of the games.
    ///   - strategies: Every seat's strategy, seat 0 first.
    ///   - dice: Every seat's dice, one per strategy; `nil`: six ordinary dice each.
    ///   - context: What the plain strategies are built from.
    ///   - threads: With loaded dice, the threads of the capped turns at every total and of a solve to win; the play
    ///     does not depend on them.
    /// - Throws: `LoadedGameRefusal` for what the engine of loaded dice cannot play, before anything is solved.
    /// - Precondition: 1 to 8 strategies, one dice set each; under the plain engines, `win` only under rules its
    ///   solver covers (`BuiltInStrategy.make(_:context:)`).
    public init(
        table: ScoringTable, strategies: [StrategySpec], dice: [DiceSet]? = nil, context: inout StrategyContext,
        threads: Int = defaultThreads
    ) throws(LoadedGameRefusal) {
        let dice = dice ?? Array(repeating: .ordinary, count: strategies.count)
        precondition(dice.count == strategies.count, "one dice set per seat")
        guard dice.allSatisfy(\.isOrdinary) else {
            let loaded = try LoadedEngine(
                table: table, sets: dice, strategies: strategies, threads: threads, maximumRounds: Self.maximumRounds,
                context: context)
            self.init(table: table, loaded: loaded)
            return
        }
        self.init(table: table, seats: BuiltInStrategy.make(strategies, context: &context))
    }
}

extension GameEngine {
    /// Plays chunk `chunk` of a run (its games on their own dice streams) into `tally`, which it first empties.
    ///
    /// Reusing the caller's tally (its arrays stay in place) keeps a long run at
    /// zero allocations per chunk, not only per game.
    func playChunk(games: Int, seed: UInt64, chunk: Int, into tally: inout SimulationTally) {
        let firstGame = chunk * GameSimulation<Seat>.gamesPerChunk
        var generator = GameSimulation<Seat>.diceStream(seed: seed, game: firstGame)
        var strategyGenerator = GameSimulation<Seat>.strategyStream(seed: seed, chunk: UInt64(chunk))
        tally.removeAll()
        var observer = UnobservedGames()
        play(
            games: games, generator: &generator, strategyGenerator: &strategyGenerator, tally: &tally,
            observer: &observer
        ) { game, generator in
            generator = GameSimulation<Seat>.diceStream(seed: seed, game: firstGame + game)
        }
    }
}

extension GameSimulation {
    /// The lane engine for a run of `games` games on `path` (`nil`: the general engine), and its lanes.
    private func lanePlan(games: Int) -> (LaneEngine?, Int) {
        switch path {
        case .general:
            return (nil, 0)
        case .automatic where !lanesApply || games < Self.lanesMinimumGames:
            return (nil, 0)
        case .automatic:
            return (builtLaneEngine(), LaneEngine.defaultLanes)
        case .lanes(let lanes):
            return (builtLaneEngine(), lanes)
        }
    }

    private func builtLaneEngine() -> LaneEngine? {
        laneEngine.withLock { built in
            if let built { return built }
            let engine = LaneEngine(table: table, seats: seats, maximumRounds: Self.maximumRounds)
            built = .some(engine)
            return engine
        }
    }
}
