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
    /// Turns played by all seats.
    public var turns = 0
    /// Rolls of the dice, all seats.
    public var rolls = 0
    /// Turns that ended in a farkle.
    public var farkles = 0
    /// Three-farkle penalties taken.
    public var penalties = 0
    /// Points banked, summed over all turns (a farkled turn banks 0).
    public var bankedPoints = 0
    /// The sum of the squares of every turn's banked points, for the standard error of the mean.
    public var bankedPointsSquared = 0.0

    /// An empty tally for `players` seats.
    public init(players: Int) {
        seats = Array(repeating: Seat(), count: players)
    }

    /// Sets every count back to zero, keeping the seats (and their storage).
    public mutating func removeAll() {
        let players = seats.count
        self = SimulationTally(seats: seats)
        for seat in 0..<players { seats[seat] = Seat() }
    }

    private init(seats: [Seat]) {
        self.seats = seats
    }

    // MARK: - Merging

    /// Adds the counts of `other`, a tally of the same seats.
    public mutating func merge(_ other: SimulationTally) {
        precondition(other.seats.count == seats.count, "tallies of different tables")
        for seat in seats.indices {
            seats[seat].wins += other.seats[seat].wins
            seats[seat].ties += other.seats[seat].ties
            seats[seat].turns += other.seats[seat].turns
            seats[seat].bankedPoints += other.seats[seat].bankedPoints
            seats[seat].farkles += other.seats[seat].farkles
        }
        games += other.games
        ties += other.ties
        instantWins += other.instantWins
        unfinishedGames += other.unfinishedGames
        turns += other.turns
        rolls += other.rolls
        farkles += other.farkles
        penalties += other.penalties
        bankedPoints += other.bankedPoints
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

    /// The share of games `seat` won, with its 95% confidence interval.
    public func winRate(seat: Int) -> ProportionEstimate {
        ProportionEstimate(successes: seats[seat].wins, trials: games)
    }
}
