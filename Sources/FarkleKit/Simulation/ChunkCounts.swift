/// The counts of one chunk, in inline storage so that counting allocates nothing.
struct ChunkCounts {
    var games = 0
    var ties = 0
    var instantWins = 0
    var instantLosses = 0
    var unfinishedGames = 0
    var rolls = 0
    var penalties = 0
    var bankedPointsSquared = 0.0
    var seats = SeatTallies()
    /// Over the games, with N a game's net points and T its turns (all seats): the sums of N², T² and N T.
    var gameNetPointsSquared = 0.0
    var gameTurnsSquared = 0.0
    var gameNetPointsTimesTurns = 0.0

    /// Adds one game's net points and turns, all seats together, to the per-game sums.
    mutating func addGame(netPoints: Int, turns: Int) {
        let points = Double(netPoints)
        let count = Double(turns)
        gameNetPointsSquared += points * points
        gameTurnsSquared += count * count
        gameNetPointsTimesTurns += points * count
    }

    mutating func add(to tally: inout SimulationTally, players: Int) {
        for seat in 0..<players { tally.seats[seat].add(seats[seat]) }
        tally.games += games
        tally.ties += ties
        tally.instantWins += instantWins
        tally.instantLosses += instantLosses
        tally.unfinishedGames += unfinishedGames
        tally.rolls += rolls
        tally.penalties += penalties
        tally.bankedPointsSquared += bankedPointsSquared
        tally.gameNetPointsSquared += gameNetPointsSquared
        tally.gameTurnsSquared += gameTurnsSquared
        tally.gameNetPointsTimesTurns += gameNetPointsTimesTurns
    }
}

/// A `SimulationTally.Seat` for each of up to eight seats, inline and read and written in place.
struct SeatTallies {
    private var storage = (
        SimulationTally.Seat(), SimulationTally.Seat(), SimulationTally.Seat(), SimulationTally.Seat(),
        SimulationTally.Seat(), SimulationTally.Seat(), SimulationTally.Seat(), SimulationTally.Seat()
    )

    /// Net points (banked less penalties) and turns, summed over seats `0..<players`, read in place.
    mutating func totals(players: Int) -> (netPoints: Int, turns: Int) {
        withUnsafeMutableBytes(of: &storage) { bytes in
            var netPoints = 0
            var turns = 0
            for seat in 0..<players {
                let tally = bytes.load(
                    fromByteOffset: seat &* MemoryLayout<SimulationTally.Seat>.stride, as: SimulationTally.Seat.self)
                netPoints &+= tally.netPoints
                turns &+= tally.turns
            }
            return (netPoints, turns)
        }
    }

    subscript(seat: Int) -> SimulationTally.Seat {
        get {
            withUnsafeBytes(of: storage) {
                $0.load(
                    fromByteOffset: seat &* MemoryLayout<SimulationTally.Seat>.stride, as: SimulationTally.Seat.self)
            }
        }
        _modify {
            var tally = withUnsafeMutableBytes(of: &storage) {
                $0.load(
                    fromByteOffset: seat &* MemoryLayout<SimulationTally.Seat>.stride, as: SimulationTally.Seat.self)
            }
            yield &tally
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(
                    of: tally, toByteOffset: seat &* MemoryLayout<SimulationTally.Seat>.stride,
                    as: SimulationTally.Seat.self)
            }
        }
    }
}

/// A count for each of up to eight seats, read and written in place.
///
/// Unlike `SeatScores`, whose getter must copy all eight fields to read one,
/// the getter here is `mutating` and reads through a pointer to the field.
struct SeatCounters {
    private var storage: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    subscript(seat: Int) -> Int {
        mutating get {
            withUnsafeMutableBytes(of: &storage) {
                $0.load(fromByteOffset: seat &* MemoryLayout<Int>.stride, as: Int.self)
            }
        }
        set {
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: seat &* MemoryLayout<Int>.stride, as: Int.self)
            }
        }
    }
}
