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
        /// Points this seat lost to three-farkle penalties and to scoreless opening rolls that cost points.
        public var penaltyPoints = 0
        /// First turns this seat played (a seat whose opponent won before its first turn plays none).
        ///
        /// Counted by the engine of seats with loaded dice, which compares each seat's first turn with its exact
        /// value (`GameSimulation.exactFirstTurnPoints(seat:)`); 0 where every seat carries ordinary dice.
        @usableFromInline package var firstTurns = 0
        /// The sum over first turns of min(points banked, target), as for `firstTurns`.
        @usableFromInline var firstTurnPoints = 0
        /// The sum over first turns of the square of min(points banked, target), as for `firstTurns`.
        @usableFromInline var firstTurnPointsSquared = 0.0

        /// An empty tally.
        package init() {}

        /// Adds the counts of `other`: the one place a seat's counts are summed.
        @inlinable
        package mutating func add(_ other: Seat) {
            wins += other.wins
            ties += other.ties
            turns += other.turns
            bankedPoints += other.bankedPoints
            farkles += other.farkles
            penaltyPoints += other.penaltyPoints
            firstTurns += other.firstTurns
            firstTurnPoints += other.firstTurnPoints
            firstTurnPointsSquared += other.firstTurnPointsSquared
        }

        /// Points banked less points lost to penalties.
        var netPoints: Int { bankedPoints - penaltyPoints }

        /// The mean net points per turn of this seat, penalties included (0 before any turn).
        package var meanNetPointsPerTurn: Double {
            turns == 0 ? 0 : Double(netPoints) / Double(turns)
        }

        /// The mean of min(first turn's points, target) over this seat's first turns and its standard error, from
        /// the sample (an infinite error below two first turns).
        package var firstTurnMean: (mean: Double, standardError: Double) {
            let count = Double(firstTurns)
            guard count > 1 else { return (Double(firstTurnPoints), .infinity) }
            let mean = Double(firstTurnPoints) / count
            let variance = (firstTurnPointsSquared - count * mean * mean) / (count - 1)
            return (mean, (max(variance, 0) / count).squareRoot())
        }
    }

    /// One tally per seat, seat 0 first.
    public var seats: [Seat]
    /// Games played.
    public var games = 0
    /// Games whose highest total was shared by two or more seats.
    public var ties = 0
    /// Games ended by a six of a kind that wins at once (six 1s in `standard`).
    package var instantWins = 0
    /// Games ended by a six of a kind that loses at once (none in `standard`).
    package var instantLosses = 0
    /// Games stopped unfinished at the turn limit (`GameSimulation.maximumRounds`), neither won nor tied.
    public var unfinishedGames = 0
    /// Rolls of the dice, all seats.
    public var rolls = 0
    /// Three-farkle penalties taken.
    public var penalties = 0
    /// The sum of the squares of every turn's banked points, for the standard error of the mean.
    package var bankedPointsSquared = 0.0
    /// Per game, all seats together, net points N and turns T: the sums of N², T² and N T over the games,
    /// for the standard error of the net points per turn (`meanNetPointsPerTurnStandardError`).
    package var gameNetPointsSquared = 0.0
    /// The sum over games of T², as for `gameNetPointsSquared`.
    package var gameTurnsSquared = 0.0
    /// The sum over games of N T, as for `gameNetPointsSquared`.
    package var gameNetPointsTimesTurns = 0.0
    /// The number of finished games (won or tied) that ended in each round: index r for round r, index 0 unused.
    ///
    /// In a solo race to the target this is the distribution of the turns the player needed.
    package var gamesByRound: [Int]
    /// Games of rounds that ended by the totals with the highest total shared, before any highest-turn
    /// tie-break: `ties` plus the games that break decided.
    package var sharedHighestTotals = 0
    /// Games of rounds that played extra rounds because the highest total was shared after the last round.
    package var extraRoundGames = 0
    /// Each seat's final totals of the finished games, in bins of `finalTotalBinWidth` points: seat s, bin b at
    /// `s * finalTotalBins + b` (totals below 0 in bin 0, totals past the last bin in the last).
    package var finalTotalCounts: [Int]
    /// Each seat's final totals of the finished games, summed.
    package var finalTotalSums: [Int]

    /// The points each bin of `finalTotalCounts` spans: the quartiles of final totals are exact to this.
    package static let finalTotalBinWidth = 50
    /// The bins per seat of `finalTotalCounts`, from 0 to 204,750 points.
    package static let finalTotalBins = 4096

    /// An empty tally for `players` seats.
    package init(players: Int) {
        seats = Array(repeating: Seat(), count: players)
        gamesByRound = Array(
            repeating: 0, count: GameRules.roundRange.upperBound + GameRules.extraRoundRange.upperBound + 1)
        finalTotalCounts = Array(repeating: 0, count: players * Self.finalTotalBins)
        finalTotalSums = Array(repeating: 0, count: players)
    }

    /// Sets every count back to zero in place, keeping the storage of the seats and rounds.
    package mutating func removeAll() {
        for seat in seats.indices { seats[seat] = Seat() }
        for round in gamesByRound.indices { gamesByRound[round] = 0 }
        for bin in finalTotalCounts.indices { finalTotalCounts[bin] = 0 }
        for seat in finalTotalSums.indices { finalTotalSums[seat] = 0 }
        sharedHighestTotals = 0
        extraRoundGames = 0
        games = 0
        ties = 0
        instantWins = 0
        instantLosses = 0
        unfinishedGames = 0
        rolls = 0
        penalties = 0
        bankedPointsSquared = 0
        gameNetPointsSquared = 0
        gameTurnsSquared = 0
        gameNetPointsTimesTurns = 0
    }

    /// Turns played by all seats.
    public var turns: Int { seats.reduce(0) { $0 + $1.turns } }
    /// Turns that ended in a farkle, all seats.
    public var farkles: Int { seats.reduce(0) { $0 + $1.farkles } }
    /// Points banked, summed over all turns of all seats (a farkled turn banks 0).
    public var bankedPoints: Int { seats.reduce(0) { $0 + $1.bankedPoints } }
    /// Points lost to three-farkle penalties and to scoreless opening rolls that cost points, all seats.
    public var penaltyPoints: Int { seats.reduce(0) { $0 + $1.penaltyPoints } }
    /// Points banked less points lost to penalties, all seats.
    var netPoints: Int { bankedPoints - penaltyPoints }

    // MARK: - Merging

    /// Adds the counts of `other`, a tally of the same seats.
    package mutating func merge(_ other: SimulationTally) {
        precondition(other.seats.count == seats.count, "tallies of different tables")
        for seat in seats.indices { seats[seat].add(other.seats[seat]) }
        for round in gamesByRound.indices { gamesByRound[round] += other.gamesByRound[round] }
        for bin in finalTotalCounts.indices { finalTotalCounts[bin] += other.finalTotalCounts[bin] }
        for seat in finalTotalSums.indices { finalTotalSums[seat] += other.finalTotalSums[seat] }
        sharedHighestTotals += other.sharedHighestTotals
        extraRoundGames += other.extraRoundGames
        games += other.games
        ties += other.ties
        instantWins += other.instantWins
        instantLosses += other.instantLosses
        unfinishedGames += other.unfinishedGames
        rolls += other.rolls
        penalties += other.penalties
        bankedPointsSquared += other.bankedPointsSquared
        gameNetPointsSquared += other.gameNetPointsSquared
        gameTurnsSquared += other.gameTurnsSquared
        gameNetPointsTimesTurns += other.gameNetPointsTimesTurns
    }

    // MARK: - Final totals

    /// Counts the final totals of a finished game, every seat's.
    mutating func addFinalTotals(_ scores: SeatScores) {
        for seat in scores.indices { addFinalTotal(scores[seat], seat: seat) }
    }

    /// Counts `seat`'s final `total` of a finished game (won or tied).
    @inline(__always)
    mutating func addFinalTotal(_ total: Int, seat: Int) {
        finalTotalSums[seat] += total
        let bin = min(Self.finalTotalBins - 1, max(0, total / Self.finalTotalBinWidth))
        finalTotalCounts[seat * Self.finalTotalBins + bin] += 1
    }

    /// Counts how a game of rounds that ended by the totals got there: a shared highest total, extra rounds.
    mutating func addEnding(sharedHighestTotal: Bool, isExtraRound: Bool) {
        if sharedHighestTotal { sharedHighestTotals += 1 }
        if isExtraRound { extraRoundGames += 1 }
    }

    /// The games whose final totals were counted (won or tied).
    package var finishedGames: Int { games - unfinishedGames }

    /// The mean final total of `seat` over the finished games; `nil` when no game finished (every game stopped at
    /// the turn limit), which leaves no totals to take it from.
    package func meanFinalTotal(seat: Int) -> Double? {
        finishedGames == 0 ? nil : Double(finalTotalSums[seat]) / Double(finishedGames)
    }

    /// The least total (a multiple of `finalTotalBinWidth`) such that at least `fraction` of `seat`'s final
    /// totals are below the next multiple: the quantile, exact wherever totals are multiples of the bin width;
    /// `nil` when no game finished.
    package func finalTotalQuantile(seat: Int, _ fraction: Double) -> Int? {
        let counts = finalTotalCounts[seat * Self.finalTotalBins..<(seat + 1) * Self.finalTotalBins]
        let finished = counts.reduce(0, +)
        guard finished > 0 else { return nil }
        var cumulative = 0
        for (bin, count) in counts.enumerated() {
            cumulative += count
            if Double(cumulative) >= fraction * Double(finished) { return bin * Self.finalTotalBinWidth }
        }
        return (Self.finalTotalBins - 1) * Self.finalTotalBinWidth
    }

    // MARK: - Rates

    /// The mean number of turns per game, all seats together.
    package var meanTurnsPerGame: Double {
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

    /// The mean net points per turn, penalties included: what the long-run average of a penalty rule set
    /// (`LongRunAverageSolver`) predicts.
    public var meanNetPointsPerTurn: Double {
        turns == 0 ? 0 : Double(netPoints) / Double(turns)
    }

    /// The standard error of `meanNetPointsPerTurn`, with the game as the independent unit.
    ///
    /// Turns are not independent under a penalty: the farkles in a row carry over
    /// from turn to turn. Games are (each starts afresh), so the mean is the ratio
    /// of the games' net points N to their turns T, and its standard error is the
    /// ratio estimator's: sqrt(sum (N - r T)² / (G (G - 1))) / mean T over G games.
    public var meanNetPointsPerTurnStandardError: Double {
        guard games > 1, turns > 0 else { return 0 }
        let count = Double(games)
        let ratio = meanNetPointsPerTurn
        let residuals = gameNetPointsSquared - 2 * ratio * gameNetPointsTimesTurns + ratio * ratio * gameTurnsSquared
        let meanTurns = Double(turns) / count
        return (max(0, residuals) / (count * (count - 1))).squareRoot() / meanTurns
    }

    /// The share of turns that ended in a farkle.
    public var farkleRate: ProportionEstimate {
        ProportionEstimate(successes: farkles, trials: turns)
    }

    /// The mean number of rounds of a finished game (won or tied): in a solo race, the turns it took; `nil` when
    /// no game finished.
    package var meanRoundsPerFinishedGame: Double? {
        let finished = gamesByRound.reduce(0, +)
        guard finished > 0 else { return nil }
        let rounds = gamesByRound.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        return Double(rounds) / Double(finished)
    }

    /// The least number of rounds within which at least `fraction` of the finished games ended; `nil` when no game
    /// finished.
    package func roundsQuantile(_ fraction: Double) -> Int? {
        let finished = gamesByRound.reduce(0, +)
        guard finished > 0 else { return nil }
        var cumulative = 0
        for (round, count) in gamesByRound.enumerated() {
            cumulative += count
            if Double(cumulative) >= fraction * Double(finished) { return round }
        }
        return gamesByRound.count - 1
    }

    /// The share of games `seat` won, with its 95% confidence interval.
    public func winRate(seat: Int) -> ProportionEstimate {
        ProportionEstimate(successes: seats[seat].wins, trials: games)
    }
}
