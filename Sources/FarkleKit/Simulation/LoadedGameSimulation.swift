import Dispatch
import Foundation

/// Simulates races in which every seat carries its own dice set, each die drawn from its own weights.
///
/// A separate path from `GameSimulation`, whose inner loop stays as it is for
/// identical dice: here a roll is drawn kind by kind and looked up in the seat's
/// `DiceSetOutcomes`, and every seat plays its `LoadedPlay`: by default the
/// capped-optimal turn for its own total (`CappedScoreSolver` with cap target −
/// total, one per total); in a two-player game a seat may play to win instead
/// (`LoadedWinSolver`, its turn at every pair of totals tabulated before the games);
/// `greedy` and `threshold:...` take the keep of `LoadedHighestKeep` and bank as
/// `LoadedThresholdPlay` says, whatever the totals.
/// The game is a race that the first bank to reach the target wins at once (`kcd`).
///
/// Reproducible like `GameSimulation`: chunk `c` of `gamesPerChunk` games rolls
/// with stream `c` of the seed, chunk tallies merge in chunk order, so the result
/// depends on the seed alone, never on the number of threads.
public struct LoadedGameSimulation: Sendable {
    /// The rules; their game is a race won at the target at once.
    public let rules: RuleSet
    /// The dice set of every seat, seat 0 (who starts every game) first.
    public let sets: [DiceSet]
    /// The target of the race.
    public let target: Int
    /// The play of every seat.
    public let plays: [LoadedPlay]

    private let players: [Player]

    /// The games of one chunk: one random stream, one tally.
    public static var gamesPerChunk: Int { 1024 }

    /// A game still running after this many turns of every seat is stopped and counted as unfinished.
    public static var maximumRounds: Int { GameRules.roundRange.upperBound }

    /// One seat's dice and its capped-optimal play for every own total.
    private struct Player: Sendable {
        let outcomes: DiceSetOutcomes
        /// `solvers[total / step]` plays with cap target − total.
        let solvers: [CappedScoreSolver]
        /// Each kind's cumulative face weights and their sum, for drawing a face.
        let cumulative: [[UInt64]]
        /// For a seat playing to win: its turn at every pair of totals, `winTurns[own / step * levels +
        /// opponent / step]`; empty otherwise.
        var winTurns: [LoadedWinSolver.Turn] = []
        /// For a seat playing greedy or a threshold: its keeps and banks; `nil` otherwise.
        var thresholdPlay: LoadedThresholdPlay?
    }

    /// The most (turn points, dice state) entries the turns of a seat playing to win may take over all pairs
    /// of totals (two 8-byte values and a flag each): about 0.5 GB.
    public static let maximumWinTableEntries = 30_000_000

    /// The entries the turns of a seat with `set` playing to win take under `rules` (see
    /// `maximumWinTableEntries`): for every pair of totals, the turn points left to the target times the
    /// dice states.
    public static func winTableEntries(rules: RuleSet, set: DiceSet) -> Int {
        let step = ScoringTable(rules: rules).scoreStep
        let levels = ((rules.game.end.target ?? 0) + step - 1) / step
        let states = set.kinds.reduce(1) { $0 * ($1.count + 1) }
        return levels * levels * (levels + 1) / 2 * states
    }

    /// A table of `sets.count` players under `rules`, each with its set, each playing the capped-optimal turn.
    ///
    /// - Precondition: 1 to 8 sets; the rules are a race to a target without a final round.
    public init(rules: RuleSet, sets: [DiceSet]) {
        self.init(rules: rules, sets: sets, plays: Array(repeating: .cappedScore, count: sets.count))
    }

    /// A table of `sets.count` players under `rules`, each with its set and its play.
    ///
    /// - Parameters:
    ///   - rules: The rule set, a race to a target.
    ///   - sets: The dice of each seat.
    ///   - plays: The play of each seat.
    ///   - threads: The threads of the solve to win where a seat plays `.win` (the games are played with
    ///     `run(games:seed:threads:)`'s); the play does not depend on it.
    /// - Precondition: 1 to 8 sets, one play each; the rules are a race to a target without a final round;
    ///   where a seat plays `.win`, two seats, rules `LoadedWinSolver.supports`, and at most
    ///   `maximumWinTableEntries` entries for that seat; a `.threshold` play has two to six thresholds;
    ///   `threads` ≥ 1.
    public init(rules: RuleSet, sets: [DiceSet], plays: [LoadedPlay], threads: Int = 1) {
        precondition(GameRules.playerRange.contains(sets.count), "1 to 8 seats")
        precondition(plays.count == sets.count, "one play per seat")
        guard let target = rules.game.end.target, !rules.game.end.hasFinalRound else {
            preconditionFailure("loaded dice play a race won at the target at once")
        }
        self.rules = rules
        self.sets = sets
        self.target = target
        self.plays = plays
        let table = ScoringTable(rules: rules)
        var built: [DiceSet: Player] = [:]
        var players = zip(sets, plays).map { set, play in
            if var player = built[set] {
                player.thresholdPlay = LoadedThresholdPlay(outcomes: player.outcomes, play: play)
                return player
            }
            let outcomes = DiceSetOutcomes(table: table, set: set)
            let solvers = stride(from: 0, to: target, by: table.scoreStep).map {
                CappedScoreSolver(outcomes: outcomes, cap: target - $0)
            }
            let cumulative = set.kinds.map { kind in
                kind.weights.reduce(into: [UInt64]()) { $0.append(($0.last ?? 0) + UInt64($1)) }
            }
            let player = Player(
                outcomes: outcomes, solvers: solvers, cumulative: cumulative,
                thresholdPlay: LoadedThresholdPlay(outcomes: outcomes, play: play))
            built[set] = player
            return player
        }
        if plays.contains(.win) {
            precondition(sets.count == 2, "playing to win is solved for two players")
            let solver = LoadedWinSolver(outcomes: players.map(\.outcomes), threads: threads)
            let step = table.scoreStep
            for seat in 0..<2 where plays[seat] == .win {
                precondition(
                    Self.winTableEntries(rules: rules, set: sets[seat]) <= Self.maximumWinTableEntries,
                    "a win table that fits in memory")
                players[seat].winTurns = stride(from: 0, to: target, by: step).flatMap { own in
                    stride(from: 0, to: target, by: step).map { solver.turn(player: seat, own: own, opponent: $0) }
                }
            }
        }
        self.players = players
    }

    /// The exact expected points toward the target of the capped-optimal first turn (own total 0) with seat
    /// `seat`'s dice: the first turn of an `ev` seat, for comparing with `LoadedSimulationTally.firstTurnPoints`.
    public func expectedFirstTurnPoints(seat: Int) -> Double {
        players[seat].solvers[0].openingValue
    }

    /// The exact expected points toward the target, E[min(banked, target)], of seat `seat`'s own first turn, or
    /// `nil` for a seat playing `win`, whose first turn depends on the opponent's first bank.
    ///
    /// An `ev` seat's is `expectedFirstTurnPoints(seat:)`; a `greedy` or `threshold` seat plays the same turn
    /// whatever the totals, worked out as in `LoadedExactOdds` (`LoadedBlindTurn`).
    public func exactFirstTurnPoints(seat: Int) -> Double? {
        switch plays[seat] {
        case .cappedScore: return expectedFirstTurnPoints(seat: seat)
        case .win: return nil
        case .greedy, .threshold:
            guard let play = players[seat].thresholdPlay else { return nil }
            let step = players[seat].outcomes.table.scoreStep
            let levels = (target + step - 1) / step
            let turn = LoadedBlindTurn(play: play, levels: levels)
            // banked[levels] holds the banks that reach the target, each worth the target.
            return (1..<levels).reduce(turn.banked[levels] * Double(target)) {
                $0 + turn.banked[$1] * Double($1 * step)
            }
        }
    }

    /// Plays `games` games and returns their tally.
    ///
    /// - Parameters:
    ///   - games: The number of games, 0 or more.
    ///   - seed: The seed of every random stream; the same seed gives the same tally.
    ///   - threads: How many threads play chunks at once (1 or more).
    public func run(games: Int, seed: UInt64, threads: Int = GameSimulation<BuiltInStrategy>.defaultThreads)
        -> LoadedSimulationTally
    {
        precondition(games >= 0 && threads >= 1, "games and threads")
        let chunkCount = games / Self.gamesPerChunk + (games % Self.gamesPerChunk == 0 ? 0 : 1)
        let seats = sets.count
        let results = ChunkTallies(count: chunkCount, seats: seats)
        let workers = min(threads, max(chunkCount, 1))
        // Worker w plays chunks w, w + workers, ...; each chunk has its own stream, so the split is free.
        let play: @Sendable (Int) -> Void = { worker in
            for chunk in stride(from: worker, to: chunkCount, by: workers) {
                let count = min(Self.gamesPerChunk, games - chunk * Self.gamesPerChunk)
                var random = Xoshiro256StarStar(seed: seed, stream: UInt64(chunk))
                var tally = LoadedSimulationTally(seats: seats)
                for _ in 0..<count { self.play(&tally, &random) }
                results.store(tally, at: chunk)
            }
        }
        if workers == 1 { play(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: play) }
        return results.merged()
    }

    // MARK: - A game

    private func play(_ tally: inout LoadedSimulationTally, _ random: inout Xoshiro256StarStar) {
        var totals = [Int](repeating: 0, count: sets.count)
        tally.games += 1
        for round in 0..<Self.maximumRounds {
            for seat in sets.indices {
                let banked = turn(
                    players[seat], total: totals[seat], opponent: sets.count == 2 ? totals[1 - seat] : 0, &random)
                tally.turns[seat] += 1
                tally.bankedPoints[seat] += Double(banked)
                if banked == 0 { tally.farklesOrNothing[seat] += 1 }
                if round == 0 {
                    tally.firstTurns[seat] += 1
                    let points = Double(min(banked, target))
                    tally.firstTurnPoints[seat] += points
                    tally.firstTurnSquares[seat] += points * points
                }
                totals[seat] += banked
                if totals[seat] >= target {
                    tally.wins[seat] += 1
                    return
                }
            }
        }
        tally.unfinished += 1
    }

    /// One turn of `player` with own total `total`: the points banked, 0 on a farkle.
    private func turn(_ player: Player, total: Int, opponent: Int, _ random: inout Xoshiro256StarStar) -> Int {
        let outcomes = player.outcomes
        let step = outcomes.table.scoreStep
        let solver = player.solvers[total / step]
        let winTurn =
            player.winTurns.isEmpty
            ? nil : player.winTurns[(total / step) * ((target + step - 1) / step) + opponent / step]
        var points = 0
        var state = outcomes.fullState
        while true {
            // Each kind's faces drawn from its own weights, straight into the group lookup (no roll built).
            let rolled = outcomes.group(rolling: state) { kind, count in
                var faces = DiceCounts()
                let weights = player.cumulative[kind]
                for _ in 0..<count {
                    let draw = random.next(below: weights[weights.count - 1])
                    faces.add((weights.firstIndex { draw < $0 } ?? weights.count - 1) + 1)
                }
                return faces
            }
            guard let group = rolled else { return 0 }
            if let play = player.thresholdPlay {
                let keep = play.keeps.option(ofGroup: group)
                points += keep.points
                state = keep.next
                if play.banks(turnPoints: points, state: state) { return points }
                continue
            }
            var best: DiceSetOutcomes.Option?
            var bestValue = -Double.infinity
            for option in outcomes.groupOptions(group) {
                let value =
                    winTurn?.value(turnPoints: points + option.points, state: option.next)
                    ?? solver.value(turnPoints: points + option.points, state: option.next)
                if value > bestValue {
                    bestValue = value
                    best = option
                }
            }
            guard let best else { return 0 }
            points += best.points
            state = best.next
            if winTurn?.shouldBank(turnPoints: points, state: state)
                ?? solver.shouldBank(turnPoints: points, state: state)
            {
                return points
            }
        }
    }
}

/// The tally of every chunk, written once each by the thread that played it, merged in chunk order.
private final class ChunkTallies: @unchecked Sendable {
    private var tallies: [LoadedSimulationTally]
    private let seats: Int
    private let lock = NSLock()

    init(count: Int, seats: Int) {
        self.seats = seats
        tallies = Array(repeating: LoadedSimulationTally(seats: seats), count: count)
    }

    func store(_ tally: LoadedSimulationTally, at chunk: Int) {
        lock.lock()
        tallies[chunk] = tally
        lock.unlock()
    }

    func merged() -> LoadedSimulationTally {
        lock.lock()
        defer { lock.unlock() }
        return tallies.reduce(into: LoadedSimulationTally(seats: seats)) { $0.merge($1) }
    }
}

/// What a run of `LoadedGameSimulation` counts, per seat.
public struct LoadedSimulationTally: Hashable, Sendable {
    /// Games played.
    public var games = 0
    /// Games stopped after `maximumRounds` rounds without a winner.
    public var unfinished = 0
    /// Games won, per seat.
    public var wins: [Int]
    /// Turns taken, per seat.
    public var turns: [Int]
    /// Points banked over all turns, per seat.
    public var bankedPoints: [Double]
    /// Turns that banked nothing (farkles), per seat.
    public var farklesOrNothing: [Int]
    /// First turns taken, per seat (a seat whose opponent won on the first turn takes none).
    public var firstTurns: [Int]
    /// The sum over first turns of min(points banked, target), per seat.
    public var firstTurnPoints: [Double]
    /// The sum over first turns of the square of min(points banked, target), per seat.
    public var firstTurnSquares: [Double]

    /// An empty tally for `seats` seats.
    public init(seats: Int) {
        wins = Array(repeating: 0, count: seats)
        turns = wins
        farklesOrNothing = wins
        firstTurns = wins
        bankedPoints = Array(repeating: 0, count: seats)
        firstTurnPoints = bankedPoints
        firstTurnSquares = bankedPoints
    }

    /// Adds the counts of `other`.
    public mutating func merge(_ other: LoadedSimulationTally) {
        games += other.games
        unfinished += other.unfinished
        for seat in wins.indices {
            wins[seat] += other.wins[seat]
            turns[seat] += other.turns[seat]
            bankedPoints[seat] += other.bankedPoints[seat]
            farklesOrNothing[seat] += other.farklesOrNothing[seat]
            firstTurns[seat] += other.firstTurns[seat]
            firstTurnPoints[seat] += other.firstTurnPoints[seat]
            firstTurnSquares[seat] += other.firstTurnSquares[seat]
        }
    }

    /// The mean of min(first turn's points, target) of `seat` and its standard error, from the sample.
    public func firstTurn(seat: Int) -> (mean: Double, standardError: Double) {
        let count = Double(firstTurns[seat])
        guard count > 1 else { return (firstTurnPoints[seat], .infinity) }
        let mean = firstTurnPoints[seat] / count
        let variance = (firstTurnSquares[seat] - count * mean * mean) / (count - 1)
        return (mean, (max(variance, 0) / count).squareRoot())
    }
}
