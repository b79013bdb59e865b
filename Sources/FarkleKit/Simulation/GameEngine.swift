/// Plays whole games between the strategies of `seats`, one roll at a time.
///
/// Generic over the strategy type, so the calls into a strategy compile to
/// direct (usually inlined) calls. A chunk of games runs inside one set of
/// unsafe buffer pointers over the roll table and the seats: the inner loop
/// then does no reference counting, no bounds checks and no allocation.
struct GameEngine<Seat: Strategy>: Sendable {
    let seats: [Seat]
    let rollTable: RollTable
    let rules: RuleSet

    // The rule set, unpacked into plain values the loop reads.
    private let players: Int
    private let target: Int
    private let bankingMask: UInt8
    private let minimumBank: Int
    private let entryMinimum: Int
    private let sixDiceFarklePoints: Int?
    private let sixDiceFarkleOnEveryRoll: Bool
    private let threeFarklePenalty: Int?
    private let finalRound: Bool
    private let maximumTurns: Int

    init(table: ScoringTable, seats: [Seat], maximumRounds: Int) {
        precondition(GameRules.playerRange.contains(seats.count), "a game has 2 to 8 players")
        self.seats = seats
        rules = table.rules
        rollTable = RollTable(table: table)
        players = seats.count
        target = rules.game.target
        bankingMask = rules.turn.bankingMask
        minimumBank = rules.turn.minimumBank
        entryMinimum = rules.game.entryMinimum
        sixDiceFarklePoints = rules.turn.sixDiceFarkle
        sixDiceFarkleOnEveryRoll = rules.turn.sixDiceFarkleOnEveryRoll
        threeFarklePenalty = rules.turn.threeFarklePenalty
        finalRound = rules.game.finalRound
        maximumTurns = maximumRounds * seats.count
    }

    /// Plays `games` games with rolls drawn from `generator`, adding them to `tally`.
    func play<Source: RollSource, Observer: GameObserver>(
        games: Int, generator: inout Source, tally: inout SimulationTally, observer: inout Observer
    ) {
        rollTable.codes.withUnsafeBufferPointer { codes in
            rollTable.firstCode.withUnsafeBufferPointer { firstCode in
                rollTable.orderedRollCounts.withUnsafeBufferPointer { orderedRollCounts in
                    seats.withUnsafeBufferPointer { seats in
                        var loop = Loop(
                            codes: codes, firstCode: firstCode, orderedRollCounts: orderedRollCounts, seats: seats,
                            generator: generator)
                        var counts = ChunkCounts()
                        for _ in 0..<games {
                            playGame(&loop, &counts, &observer)
                        }
                        generator = loop.generator
                        counts.add(to: &tally, players: players)
                    }
                }
            }
        }
    }

    // MARK: - A game

    /// What one game's loop works with: the tables, the seats and the generator.
    private struct Loop<Source: RollSource> {
        let codes: UnsafeBufferPointer<UInt16>
        let firstCode: UnsafeBufferPointer<Int>
        let orderedRollCounts: UnsafeBufferPointer<UInt64>
        let seats: UnsafeBufferPointer<Seat>
        var generator: Source
    }

    private func playGame<Source: RollSource, Observer: GameObserver>(
        _ loop: inout Loop<Source>, _ counts: inout ChunkCounts, _ observer: inout Observer
    ) {
        var situation = GameSituation(players: players, target: target)
        var farklesInARow = SeatCounters()
        var entered: UInt8 = 0
        var finalTurnsLeft = 0
        var turnsPlayed = 0
        var seat = 0
        counts.games += 1
        while true {
            situation.seat = seat
            situation.farklesInARow = farklesInARow[seat]
            situation.hasEntered = entered & (1 << seat) != 0
            let (outcome, turnPoints) = playTurn(&loop, &counts, situation)
            turnsPlayed += 1
            counts.turns[seat] += 1
            switch outcome {
            case .instantWin:
                counts.instantWins += 1
                counts.wins[seat] += 1
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                observer.gameEnded(winner: seat, scores: situation.scores)
                return
            case .farkle:
                counts.farkles[seat] += 1
                farklesInARow[seat] += 1
                var penalized = false
                if let penalty = threeFarklePenalty, farklesInARow[seat] == 3 {
                    // Totals may go below zero: the penalty is taken in full.
                    _ = situation.scores.add(-penalty, toSeat: seat)
                    farklesInARow[seat] = 0
                    counts.penalties += 1
                    penalized = true
                }
                observer.turnEnded(
                    seat: seat, outcome: .farkle(penalty: penalized), turnPoints: 0, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
            case .banked:
                counts.bankedPoints[seat] += turnPoints
                counts.bankedPointsSquared += Double(turnPoints) * Double(turnPoints)
                let total = situation.scores.add(turnPoints, toSeat: seat)
                farklesInARow[seat] = 0
                entered |= 1 << seat
                let reachesTarget = !situation.isFinalRound && total >= target
                if reachesTarget && !finalRound {
                    counts.wins[seat] += 1
                    observer.turnEnded(
                        seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                        isFinalRound: false)
                    observer.gameEnded(winner: seat, scores: situation.scores)
                    return
                }
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                if reachesTarget {
                    situation.isFinalRound = true
                    // Every other seat plays once more; the decrement below must not count this turn.
                    finalTurnsLeft = players
                }
            }
            if situation.isFinalRound {
                finalTurnsLeft -= 1
                if finalTurnsLeft == 0 {
                    finishFinalRound(situation.scores, &counts, &observer)
                    return
                }
            }
            if turnsPlayed >= maximumTurns {
                counts.unfinishedGames += 1
                observer.gameEnded(winner: nil, scores: situation.scores)
                return
            }
            seat += 1
            if seat == players { seat = 0 }
        }
    }

    /// Scores the end of a final round: the highest total wins; a shared highest total is a tie.
    private func finishFinalRound<Observer: GameObserver>(
        _ scores: SeatScores, _ counts: inout ChunkCounts, _ observer: inout Observer
    ) {
        var highest = Int.min
        for score in scores { highest = max(highest, score) }
        var leaders = 0
        var leader = 0
        for seat in 0..<players where scores[seat] == highest {
            leaders += 1
            leader = seat
        }
        if leaders == 1 {
            counts.wins[leader] += 1
            observer.gameEnded(winner: leader, scores: scores)
        } else {
            counts.ties += 1
            for seat in 0..<players where scores[seat] == highest { counts.seatTies[seat] += 1 }
            observer.gameEnded(winner: nil, scores: scores)
        }
    }

    // MARK: - A turn

    /// Plays one turn of `situation.seat`: returns how it ended and the points banked.
    @inline(__always)
    private func playTurn<Source: RollSource>(
        _ loop: inout Loop<Source>, _ counts: inout ChunkCounts, _ situation: GameSituation
    ) -> (TurnOutcome, Int) {
        let strategy = loop.seats.baseAddress.unsafelyUnwrapped + situation.seat
        let leastBank = situation.hasEntered ? minimumBank : max(minimumBank, entryMinimum)
        var turnPoints = 0
        var dice = DiceCounts.maximumDice
        var isOpeningRoll = true
        var rolls = 0
        defer { counts.rolls += rolls }
        while true {
            rolls += 1
            let ordered = loop.generator.next(below: loop.orderedRollCounts[dice])
            let code = loop.codes[loop.firstCode[dice] &+ Int(truncatingIfNeeded: ordered)]
            // A strategy's bank wish for after the keep; `nil` asks `shouldBank`.
            let banks: Bool?
            if code & RollTable.farkleFlag != 0 {
                guard dice == DiceCounts.maximumDice, let bonus = sixDiceFarklePoints,
                    isOpeningRoll || sixDiceFarkleOnEveryRoll
                else { return (.farkle(penalty: false), 0) }
                // The six-dice farkle scores as a combination of all six dice: hot dice.
                turnPoints += bonus
                banks = nil
            } else {
                if code & RollTable.instantWinFlag != 0 { return (.instantWin, 0) }
                let move = strategy.pointee.move(
                    turnPoints: turnPoints, dice: dice, multiset: Int(code & RollTable.multisetMask),
                    situation: situation)
                turnPoints += move.score
                dice -= move.diceUsed
                if dice == 0 { dice = DiceCounts.maximumDice }
                banks = move.banks
            }
            isOpeningRoll = false
            if banks != false, bankingMask & (1 << dice) != 0, turnPoints >= leastBank,
                banks ?? strategy.pointee.shouldBank(turnPoints: turnPoints, diceLeft: dice, situation: situation)
            {
                return (.banked, turnPoints)
            }
        }
    }
}

/// The counts of one chunk, in inline storage so that counting allocates nothing.
private struct ChunkCounts {
    var games = 0
    var ties = 0
    var instantWins = 0
    var unfinishedGames = 0
    var rolls = 0
    var penalties = 0
    var bankedPointsSquared = 0.0
    var wins = SeatCounters()
    var seatTies = SeatCounters()
    var turns = SeatCounters()
    var bankedPoints = SeatCounters()
    var farkles = SeatCounters()

    mutating func add(to tally: inout SimulationTally, players: Int) {
        for seat in 0..<players {
            tally.seats[seat].wins += wins[seat]
            tally.seats[seat].ties += seatTies[seat]
            tally.seats[seat].turns += turns[seat]
            tally.seats[seat].bankedPoints += bankedPoints[seat]
            tally.seats[seat].farkles += farkles[seat]
            tally.turns += turns[seat]
            tally.bankedPoints += bankedPoints[seat]
            tally.farkles += farkles[seat]
        }
        tally.games += games
        tally.ties += ties
        tally.instantWins += instantWins
        tally.unfinishedGames += unfinishedGames
        tally.rolls += rolls
        tally.penalties += penalties
        tally.bankedPointsSquared += bankedPointsSquared
    }
}

/// A count for each of up to eight seats, read and written in place.
///
/// Unlike `SeatScores`, whose getter must copy all eight fields to read one,
/// the getter here is `mutating` and reads through a pointer to the field.
private struct SeatCounters {
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
