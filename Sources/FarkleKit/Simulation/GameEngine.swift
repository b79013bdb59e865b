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
    private let mechanics: TurnMechanics
    private let end: GameEnd
    private let entryMinimum: Int
    private let threeFarklePenalty: ThreeFarklePenalty?
    private let maximumRounds: Int

    init(table: ScoringTable, seats: [Seat], maximumRounds: Int) {
        precondition(GameRules.playerRange.contains(seats.count), "a game has 1 to 8 players")
        self.seats = seats
        rules = table.rules
        rollTable = RollTable(table: table)
        players = seats.count
        mechanics = table.turnMechanics
        end = rules.game.end
        entryMinimum = rules.game.entryMinimum
        threeFarklePenalty = rules.turn.threeFarklePenalty
        self.maximumRounds = maximumRounds
    }

    /// Plays `games` games with rolls drawn from `generator` and the strategies' random numbers from
    /// `strategyGenerator`, adding them to `tally`.
    ///
    /// `startGame(i, &generator)` runs before game i of the call: a simulation gives every game its own
    /// dice stream there.
    func play<Source: RollSource, StrategyGenerator: RandomNumberGenerator, Observer: GameObserver>(
        games: Int, generator: inout Source, strategyGenerator: inout StrategyGenerator,
        tally: inout SimulationTally, observer: inout Observer, startGame: (Int, inout Source) -> Void = { _, _ in }
    ) {
        // The seats this call plays with, each thread's own where a seat shares a reference (`_CopiedForEachThread`).
        let seats = seats.map { seat in ((seat as? any _CopiedForEachThread)?._copyForOneThread() as? Seat) ?? seat }
        rollTable.codes.withUnsafeBufferPointer { codes in
            rollTable.firstCode.withUnsafeBufferPointer { firstCode in
                rollTable.orderedRollCounts.withUnsafeBufferPointer { orderedRollCounts in
                    seats.withUnsafeBufferPointer { seats in
                        var loop = Loop(
                            codes: codes, firstCode: firstCode, orderedRollCounts: orderedRollCounts, seats: seats,
                            generator: generator, strategyGenerator: strategyGenerator)
                        var counts = ChunkCounts()
                        for game in 0..<games {
                            startGame(game, &loop.generator)
                            // The game's net points and turns, for the per-game sums, as differences of the
                            // running totals: nothing to track inside the game loop.
                            let before = counts.seats.totals(players: players)
                            playGame(&loop, &counts, &tally, &observer)
                            let after = counts.seats.totals(players: players)
                            counts.addGame(
                                netPoints: after.netPoints - before.netPoints, turns: after.turns - before.turns)
                        }
                        generator = loop.generator
                        strategyGenerator = loop.strategyGenerator
                        counts.add(to: &tally, players: players)
                    }
                }
            }
        }
    }

    // MARK: - A game

    /// What one game's loop works with: the tables, the seats and the generators.
    private struct Loop<Source: RollSource, StrategyGenerator: RandomNumberGenerator> {
        let codes: UnsafeBufferPointer<UInt16>
        let firstCode: UnsafeBufferPointer<Int>
        let orderedRollCounts: UnsafeBufferPointer<UInt64>
        let seats: UnsafeBufferPointer<Seat>
        var generator: Source
        var strategyGenerator: StrategyGenerator
    }

    private func playGame<Source: RollSource, StrategyGenerator: RandomNumberGenerator, Observer: GameObserver>(
        _ loop: inout Loop<Source, StrategyGenerator>, _ counts: inout ChunkCounts, _ tally: inout SimulationTally,
        _ observer: inout Observer
    ) {
        var situation = GameSituation(players: players, end: end)
        var progress = GameProgress(players: players, rules: rules.game, maximumRounds: maximumRounds)
        var farklesInARow = SeatCounters()
        var entered: UInt8 = 0
        counts.games += 1
        while true {
            let seat = progress.seat
            situation.seat = seat
            situation.round = progress.round
            situation.isFinalRound = progress.isFinalRound
            situation.farklesInARow = farklesInARow[seat]
            situation.hasEntered = entered & (1 << seat) != 0
            let (outcome, turnPoints) = playTurn(&loop, &counts, situation)
            counts.seats[seat].turns += 1
            switch outcome {
            case .instantWin:
                counts.instantWins += 1
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                return finish(winner: seat, situation.scores, progress.round, &counts, &tally, &observer)
            case .instantLoss:
                // The roller is out; the others' totals decide, as at the end of the game.
                counts.instantLosses += 1
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                return finishByTotals(
                    situation.scores, progress.round, leaders: GameProgress.leaders(situation.scores, excluding: seat),
                    &counts, &tally, &observer)
            case .farkle:
                counts.seats[seat].farkles += 1
                farklesInARow[seat] += 1
                var penalized = false
                if let penalty = threeFarklePenalty, farklesInARow[seat] == 3 {
                    // Totals may go below zero: a penalty of points is taken in full.
                    let total = situation.scores[seat]
                    let lost = total - penalty.total(afterPenaltyOn: total)
                    _ = situation.scores.add(-lost, toSeat: seat)
                    farklesInARow[seat] = 0
                    counts.penalties += 1
                    counts.seats[seat].penaltyPoints += lost
                    penalized = true
                }
                // The next seat's opponent is the seat that just played: its count, as it stands now.
                situation.opponentFarklesInARow = farklesInARow[seat]
                observer.turnEnded(
                    seat: seat, outcome: .farkle(penalty: penalized), turnPoints: 0, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
            case .banked:
                counts.seats[seat].bankedPoints += turnPoints
                counts.bankedPointsSquared += Double(turnPoints) * Double(turnPoints)
                let total = situation.scores.add(turnPoints, toSeat: seat)
                farklesInARow[seat] = 0
                situation.opponentFarklesInARow = 0
                entered |= 1 << seat
                let winsNow = progress.banked(total: total, turnPoints: turnPoints)
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                if winsNow { return finish(winner: seat, situation.scores, progress.round, &counts, &tally, &observer) }
            }
            switch progress.endTurn() {
            case .nextTurn: continue
            case .scoreTotals:
                if progress.playsExtraRound(situation.scores) { continue }
                let onTotals = GameProgress.leaders(situation.scores)
                tally.addEnding(sharedHighestTotal: onTotals.nonzeroBitCount > 1, isExtraRound: progress.isExtraRound)
                return finishByTotals(
                    situation.scores, progress.round, leaders: progress.breakingTie(onTotals), &counts, &tally,
                    &observer)
            case .unfinished:
                counts.unfinishedGames += 1
                observer.gameEnded(winner: nil, scores: situation.scores)
                return
            }
        }
    }

    /// Scores a game at its end by the totals: the highest total wins; a shared highest total is a tie, unless
    /// the rules break it by the highest single turn (`GameProgress.leaders(_:)`).
    private func finishByTotals<Observer: GameObserver>(
        _ scores: SeatScores, _ round: Int, leaders: UInt8, _ counts: inout ChunkCounts,
        _ tally: inout SimulationTally, _ observer: inout Observer
    ) {
        if leaders.nonzeroBitCount == 1 {
            return finish(winner: leaders.trailingZeroBitCount, scores, round, &counts, &tally, &observer)
        }
        if leaders == 0 {
            // A solo player lost at once: the game ends with nobody to win it.
            tally.gamesByRound[round] += 1
            tally.addFinalTotals(scores)
            return observer.gameEnded(winner: nil, scores: scores)
        }
        counts.ties += 1
        for seat in 0..<players where leaders & (1 << seat) != 0 { counts.seats[seat].ties += 1 }
        tally.gamesByRound[round] += 1
        tally.addFinalTotals(scores)
        observer.gameEnded(winner: nil, scores: scores)
    }

    /// Counts a game `winner` won in round `round`.
    private func finish<Observer: GameObserver>(
        winner: Int, _ scores: SeatScores, _ round: Int, _ counts: inout ChunkCounts, _ tally: inout SimulationTally,
        _ observer: inout Observer
    ) {
        counts.seats[winner].wins += 1
        tally.gamesByRound[round] += 1
        tally.addFinalTotals(scores)
        observer.gameEnded(winner: winner, scores: scores)
    }

    // MARK: - A turn

    /// Plays one turn of `situation.seat`: returns how it ended and the points banked.
    @inline(__always)
    private func playTurn<Source: RollSource, StrategyGenerator: RandomNumberGenerator>(
        _ loop: inout Loop<Source, StrategyGenerator>, _ counts: inout ChunkCounts, _ situation: GameSituation
    ) -> (TurnOutcome, Int) {
        let strategy = loop.seats.baseAddress.unsafelyUnwrapped + situation.seat
        let leastBank = mechanics.leastBank(entryMinimum: entryMinimum, hasEntered: situation.hasEntered)
        var turnPoints = 0
        var dice = mechanics.dice
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
                guard let bonus = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpeningRoll) else {
                    // A scoreless opening roll may be rolled again, as an opening roll.
                    if isOpeningRoll && mechanics.rerollsScorelessOpeningRoll { continue }
                    return (.farkle(penalty: false), 0)
                }
                // The six-dice farkle scores as a combination of all six dice: hot dice (a game of six dice).
                turnPoints += bonus
                banks = nil
            } else {
                // One test on the common path for both ends of the game at once.
                if code & (RollTable.instantWinFlag | RollTable.instantLossFlag) != 0 {
                    return (code & RollTable.instantWinFlag != 0 ? .instantWin : .instantLoss, 0)
                }
                let move = strategy.pointee.move(
                    turnPoints: turnPoints, dice: dice, multiset: Int(code & RollTable.multisetMask),
                    situation: situation, using: &loop.strategyGenerator)
                turnPoints += move.score
                dice = mechanics.diceLeft(afterKeeping: move.diceUsed, of: dice)
                banks = move.banks
            }
            isOpeningRoll = false
            if banks != false, mechanics.mayBank(turnPoints: turnPoints, diceLeft: dice, least: leastBank),
                banks
                    ?? strategy.pointee.shouldBank(
                        turnPoints: turnPoints, diceLeft: dice, situation: situation, using: &loop.strategyGenerator)
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
private struct SeatTallies {
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
