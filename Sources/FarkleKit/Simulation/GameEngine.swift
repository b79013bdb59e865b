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
    private let entryMinimum: Int
    private let piggyback: Piggyback?
    /// The game around the turns.
    private let game: GameLoop

    init(table: ScoringTable, seats: [Seat], maximumRounds: Int) {
        precondition(GameRules.playerRange.contains(seats.count), "a game has 1 to 8 players")
        self.seats = seats
        rules = table.rules
        rollTable = RollTable(table: table)
        players = seats.count
        mechanics = table.turnMechanics
        entryMinimum = rules.game.entryMinimum
        piggyback = rules.game.piggyback
        game = GameLoop(players: seats.count, rules: rules, maximumRounds: maximumRounds)
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
                        var turns = Turns(
                            codes: codes, firstCode: firstCode, orderedRollCounts: orderedRollCounts, seats: seats,
                            generator: generator, strategyGenerator: strategyGenerator, mechanics: mechanics,
                            entryMinimum: entryMinimum, piggyback: piggyback)
                        var counts = ChunkCounts()
                        for game in 0..<games {
                            startGame(game, &turns.generator)
                            self.game.play(&turns, &counts, &tally, &observer)
                        }
                        generator = turns.generator
                        strategyGenerator = turns.strategyGenerator
                        counts.add(to: &tally, players: players)
                    }
                }
            }
        }
    }

    // MARK: - A turn

    /// What one chunk's turns work with: the tables, the seats, the generators and the turn's rules.
    private struct Turns<Source: RollSource, StrategyGenerator: RandomNumberGenerator>: TurnPlayer {
        let codes: UnsafeBufferPointer<UInt16>
        let firstCode: UnsafeBufferPointer<Int>
        let orderedRollCounts: UnsafeBufferPointer<UInt64>
        let seats: UnsafeBufferPointer<Seat>
        var generator: Source
        var strategyGenerator: StrategyGenerator
        let mechanics: TurnMechanics
        let entryMinimum: Int
        /// Under piggybacking, whose inherited points may not enter (`Piggyback.leastBank(takingOver:...)`).
        let piggyback: Piggyback?

        /// Plays one turn of `situation.seat`, asking its strategy on every roll, and first whether to take over
        /// `offer`.
        @inline(__always)
        mutating func playTurn(_ situation: GameSituation, offer: TurnOffer?, rolls: inout Int) -> (
            TurnOutcome, Int, diceLeft: Int
        ) {
            let strategy = seats.baseAddress.unsafelyUnwrapped + situation.seat
            var leastBank = mechanics.leastBank(entryMinimum: entryMinimum, hasEntered: situation.hasEntered)
            var turnPoints = 0
            var dice = mechanics.dice
            var isOpeningRoll = true
            if let offer,
                strategy.pointee.piggybacks(
                    turnPoints: offer.turnPoints, diceLeft: offer.dice, situation: situation, using: &strategyGenerator)
            {
                // A turn taken over goes on from the bank: not an opening roll.
                (turnPoints, dice, isOpeningRoll) = (offer.turnPoints, offer.dice, false)
                if let piggyback {
                    leastBank = piggyback.leastBank(
                        takingOver: offer.turnPoints, leastBank: leastBank, entryMinimum: entryMinimum,
                        hasEntered: situation.hasEntered)
                }
            }
            var turnRolls = 0
            defer { rolls += turnRolls }
            while true {
                turnRolls += 1
                let ordered = generator.next(below: orderedRollCounts[dice])
                let code = codes[firstCode[dice] &+ Int(truncatingIfNeeded: ordered)]
                // A strategy's bank wish for after the keep; `nil` asks `shouldBank`.
                let banks: Bool?
                if code & RollTable.farkleFlag != 0 {
                    guard let bonus = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpeningRoll) else {
                        // A scoreless opening roll may be rolled again, as an opening roll.
                        if isOpeningRoll && mechanics.rerollsScorelessOpeningRoll { continue }
                        return (
                            .farkle(penalty: false), -mechanics.farkleCost(rolled: dice, isOpeningRoll: isOpeningRoll),
                            0
                        )
                    }
                    // The six-dice farkle scores as a combination of all six dice: hot dice (a game of six dice).
                    turnPoints += bonus
                    banks = nil
                } else {
                    // One test on the common path for both ends of the game at once.
                    if code & (RollTable.instantWinFlag | RollTable.instantLossFlag) != 0 {
                        return (code & RollTable.instantWinFlag != 0 ? .instantWin : .instantLoss, 0, 0)
                    }
                    let move = strategy.pointee.move(
                        turnPoints: turnPoints, dice: dice, multiset: Int(code & RollTable.multisetMask),
                        situation: situation, using: &strategyGenerator)
                    turnPoints += move.score
                    dice = mechanics.diceLeft(afterKeeping: move.diceUsed, of: dice)
                    banks = move.banks
                }
                isOpeningRoll = false
                if banks != false, mechanics.mayBank(turnPoints: turnPoints, diceLeft: dice, least: leastBank),
                    banks
                        ?? strategy.pointee.shouldBank(
                            turnPoints: turnPoints, diceLeft: dice, situation: situation, using: &strategyGenerator)
                {
                    return (.banked, turnPoints, dice)
                }
            }
        }
    }
}
