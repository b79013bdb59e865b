@_spi(Kernels) @testable import FarkleKit

/// Records every turn of every game the engine plays.
struct GameRecorder: GameObserver {
    struct Turn {
        var seat: Int
        var outcome: TurnOutcome
        var turnPoints: Int
        var scores: SeatScores
        var isFinalRound: Bool
    }

    struct Game {
        var turns: [Turn]
        var winner: Int?
        var scores: SeatScores
    }

    var games: [Game] = []
    private var turns: [Turn] = []

    mutating func turnEnded(seat: Int, outcome: TurnOutcome, turnPoints: Int, scores: SeatScores, isFinalRound: Bool) {
        turns.append(
            Turn(seat: seat, outcome: outcome, turnPoints: turnPoints, scores: scores, isFinalRound: isFinalRound))
    }

    mutating func gameEnded(winner: Int?, scores: SeatScores) {
        games.append(Game(turns: turns, winner: winner, scores: scores))
        turns = []
    }
}

/// Rolls given in advance as faces, die by die; then random rolls.
struct ScriptedRolls: RollSource {
    private var script: [[Int]]
    private var random = Xoshiro256StarStar(seed: 99)

    init(_ script: [[Int]]) {
        self.script = script.reversed()
    }

    var isExhausted: Bool { script.isEmpty }

    mutating func next(below bound: UInt64) -> UInt64 {
        guard let faces = script.popLast() else { return random.next(below: bound) }
        precondition(UInt64(DiceCatalog.orderedRollCounts[faces.count]) == bound, "scripted \(faces) for \(bound)")
        // Ordered roll i shows face (i / 6^d) % 6 + 1 on die d.
        return UInt64(faces.reversed().reduce(0) { $0 * 6 + ($1 - 1) })
    }
}

/// Plays `games` games with the engine and returns the tally and the record.
func playRecorded<Seat: Strategy, Source: RollSource>(
    table: ScoringTable, seats: [Seat], games: Int, rolls: inout Source
) -> (SimulationTally, [GameRecorder.Game]) {
    let engine = GameEngine(table: table, seats: seats, maximumRounds: GameSimulation<Seat>.maximumRounds)
    var tally = SimulationTally(players: seats.count)
    var recorder = GameRecorder()
    var strategyGenerator = Xoshiro256StarStar(seed: 7)
    engine.play(
        games: games, generator: &rolls, strategyGenerator: &strategyGenerator, tally: &tally, observer: &recorder)
    return (tally, recorder.games)
}
