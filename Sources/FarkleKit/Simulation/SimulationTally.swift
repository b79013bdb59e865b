/// The counts of a batch of simulated games, per seat and overall; tallies of chunks add up.
///
/// Every figure is a whole count or a sum, so merging chunk tallies in a fixed
/// order gives the same totals however the chunks were spread over threads.
public struct SimulationTally: Hashable, Sendable {
    /// The counts of one seat.
    public struct Seat: Hashable, Sendable {
        /// Games this seat won outright (instant wins included).
        public var wins = 0
        /// Games that ended in a tie this seat was part of.
        public var ties = 0
        /// Turns this seat played.
        public var turns = 0
        /// Points this seat banked, summed over its turns (farkles and penalties add nothing).
        public var bankedPoints = 0
        /// Turns of this seat that ended in a farkle.
        public var farkles = 0

        /// An empty tally.
        public init() {}

        /// Adds the counts of `other`: the one place a seat's counts are summed.
        @inlinable
        public mutating func add(_ other: Seat) {
            wins += other.wins
            ties += other.ties
            turns += other.turns
            bankedPoints += other.bankedPoints
            farkles += other.farkles
        }
    }

    /// One tally per seat, seat 0 first.
    public var seats: [Seat]
    /// Games played.
    public var games = 0
    /// Games whose highest total was shared by two or more seats.
    public var ties = 0
    /// Games ended by six 1s rolled with six dice.
    public var instantWins = 0
    /// Games stopped unfinished at the turn limit (`GameSimulation.maximumRounds`), neither won nor tied.
    public var unfinishedGames = 0
    /// Rolls of the dice, all seats.
    public var rolls = 0
    /// Three-farkle penalties taken.
    public var penalties = 0
    /// The sum of the squares of every turn's banked points, for the standard error of the mean.
    public var bankedPointsSquared = 0.0
    /// The number of finished games (won or tied) that ended in each round: index r for round r, index 0 unused.
    ///
    /// In a solo race to the target this is the distribution of the turns the player needed.
    public var gamesByRound: [Int]

    /// An empty tally for `players` seats.
    public init(players: Int) {
        seats = Array(repeating: Seat(), count: players)
        gamesByRound = Array(repeating: 0, count: GameRules.roundRange.upperBound + 1)
    }

    /// Sets every count back to zero in place, keeping the storage of the seats and rounds.
    public mutating func removeAll() {
        for seat in seats.indices { seats[seat] = Seat() }
        for round in gamesByRound.indices { gamesByRound[round] = 0 }
        games = 0
        ties = 0
        instantWins = 0
        unfinishedGames = 0
        rolls = 0
        penalties = 0
        bankedPointsSquared = 0
    }

    /// Turns played by all seats.
    public var turns: Int { seats.reduce(0) { $0 + $1.turns } }
    /// Turns that ended in a farkle, all seats.
    public var farkles: Int { seats.reduce(0) { $0 + $1.farkles } }
    /// Points banked, summed over all turns of all seats (a farkled turn banks 0).
    public var bankedPoints: Int { seats.reduce(0) { $0 + $1.bankedPoints } }

    // MARK: - Merging

    /// Adds the counts of `other`, a tally of the same seats.
    public mutating func merge(_ other: SimulationTally) {
        precondition(other.seats.count == seats.count, "tallies of different tables")
        for seat in seats.indices { seats[seat].add(other.seats[seat]) }
        for round in gamesByRound.indices { gamesByRound[round] += other.gamesByRound[round] }
        games += other.games
        ties += other.ties
        instantWins += other.instantWins
        unfinishedGames += other.unfinishedGames
        rolls += other.rolls
        penalties += other.penalties
        bankedPointsSquared += other.bankedPointsSquared
    }

    // MARK: - Rates

    /// The mean number of turns per game, all seats together.
    public var meanTurnsPerGame: Double {
        games == 0 ? 0 : Double(turns) / Double(games)
    }

    /// The mean points banked per turn (a farkled turn counts as 0).
    public var meanPointsPerTurn: Double {
        turns == 0 ? 0 : Double(bankedPoints) / Double(turns)
    }

    /// The standard error of `meanPointsPerTurn`, from the sample's own variance.
    public var meanPointsPerTurnStandardError: Double {
        guard turns > 1 else { return 0 }
        let count = Double(turns)
        let mean = meanPointsPerTurn
        let variance = max(0, (bankedPointsSquared - count * mean * mean) / (count - 1))
        return (variance / count).squareRoot()
    }

    /// The share of turns that ended in a farkle.
    public var farkleRate: ProportionEstimate {
        ProportionEstimate(successes: farkles, trials: turns)
    }

    /// The mean number of rounds of a finished game (won or tied): in a solo race, the turns it took.
    public var meanRoundsPerFinishedGame: Double {
        let finished = gamesByRound.reduce(0, +)
        guard finished > 0 else { return 0 }
        let rounds = gamesByRound.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        return Double(rounds) / Double(finished)
    }

    /// The least number of rounds within which at least `fraction` of the finished games ended.
    public func roundsQuantile(_ fraction: Double) -> Int {
        let finished = gamesByRound.reduce(0, +)
        var cumulative = 0
        for (round, count) in gamesByRound.enumerated() {
            cumulative += count
            if finished > 0, Double(cumulative) >= fraction * Double(finished) { return round }
        }
        return gamesByRound.count - 1
    }

    /// The share of games `seat` won, with its 95% confidence interval.
    public func winRate(seat: Int) -> ProportionEstimate {
        ProportionEstimate(successes: seats[seat].wins, trials: games)
    }
}
