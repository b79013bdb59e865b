/// Plays a chunk's games several at a time on one thread, each roll one read of a `TurnAutomaton`.
///
/// Each lane plays one game; a step draws one roll for every lane and reads its
/// next state. A turn's end (a bank, a farkle), the seat that plays next, the
/// final round and the bookkeeping are computed with arithmetic and selects on
/// every step rather than with branches the processor would have to guess (a
/// turn ends on about one roll in three, at random). The only branch taken at
/// random is a game's end, about once in 60 rolls: the lane records the game and
/// starts the next one of the chunk. With no branch to mispredict, the
/// processor overlaps the lanes' independent chains of dependent reads.
///
/// Every game draws its dice from its own stream (`GameSimulation.diceStream(seed:game:)`)
/// and a tally holds whole counts and sums, so the result is the same whichever
/// lane plays a game and however many lanes there are; it is also the general
/// engine's result, roll for roll.
///
/// Covers races to a target, with or without a final round, for 1 to 8 seats
/// whose strategies are turn-only (`TurnOnlyStrategy`), without a three-farkle
/// penalty. `GameSimulation` plays everything else with `GameEngine`.
struct LaneEngine: Sendable {
    /// The number of lanes `GameSimulation` uses by default.
    static let defaultLanes = 8

    private let automaton: TurnAutomaton
    private let rollTable: RollTable
    private let players: Int
    private let target: Int
    private let hasFinalRound: Bool
    private let maximumRounds: Int

    /// The engine for `seats` under the rules of `table`, or `nil` where it does not apply.
    init?<Seat: Strategy>(table: ScoringTable, seats: [Seat], maximumRounds: Int) {
        let rules = table.rules
        guard case .target(let target, let finalRound) = rules.game.end, rules.turn.threeFarklePenalty == nil,
            GameRules.playerRange.contains(seats.count), let tabulated = seats as? [any TurnOnlyStrategy],
            let automaton = TurnAutomaton(table: table, seats: tabulated)
        else { return nil }
        self.automaton = automaton
        rollTable = RollTable(table: table)
        players = seats.count
        self.target = target
        hasFinalRound = finalRound
        self.maximumRounds = maximumRounds
    }

    // MARK: - Lanes

    /// A game in progress in one lane.
    private struct Lane {
        /// The automaton row of the state the next roll starts from.
        var row: Int
        /// The exact turn points (the row's level stops at the automaton's last).
        var turnPoints = 0
        var seat = 0
        var round = 1
        /// Turns still to play after the current one once the final round has begun; `notFinal` before.
        var finalTurns = Lane.notFinal
        /// Bit s is set once seat s has banked.
        var entered = 0
        /// Turns of this game finished so far.
        var turns = 0
        /// The sum of the squares of this game's banked turn points.
        var squares = 0
        var rolls = 0
        var generator: Xoshiro256StarStar

        /// Larger than every count of turns a game can reach, so `finalTurns < players` means the final round.
        static let notFinal = Int.max / 2
    }

    /// The bits of a seat word: the seat's total in this game below, its farkles from bit 40.
    private static let farkleShift: UInt64 = 40
    private static let totalMask: UInt64 = (1 << 40) - 1
    /// Seat words per lane.
    private static let seatsPerLane = GameRules.playerRange.upperBound

    /// Plays games `firstGame ..< firstGame + games` of the run with seed `seed` in `lanes` lanes, into `tally`,
    /// which it first empties.
    func playChunk(games: Int, seed: UInt64, firstGame: Int, lanes: Int, into tally: inout SimulationTally) {
        precondition(lanes >= 1, "at least one lane")
        tally.removeAll()
        let opening = automaton.openingRows[0]
        withUnsafeTemporaryAllocation(of: Lane.self, capacity: lanes) { laneBuffer in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: lanes * Self.seatsPerLane) { seatWords in
                let lane = laneBuffer.baseAddress.unsafelyUnwrapped
                let words = seatWords.baseAddress.unsafelyUnwrapped
                var started = 0
                func start(_ index: Int) {
                    (lane + index).initialize(
                        to: Lane(
                            row: opening,
                            generator: GameSimulation<GreedyStrategy>.diceStream(seed: seed, game: firstGame &+ started)
                        ))
                    (words + index * Self.seatsPerLane).initialize(repeating: 0, count: Self.seatsPerLane)
                    started += 1
                }
                var active = 0
                while active < min(lanes, games) {
                    start(active)
                    active += 1
                }
                let context = StepContext(automaton: automaton, rollTable: rollTable)
                context.withPointers { tables in
                    while active > 0 {
                        var index = 0
                        while index < active {
                            guard let over = step(lane + index, words + index * Self.seatsPerLane, tables) else {
                                index += 1
                                continue
                            }
                            record(lane[index], over, words + index * Self.seatsPerLane, &tally)
                            if started < games {
                                start(index)
                                index += 1
                            } else {
                                // Retire the lane: the last active lane takes its place.
                                active -= 1
                                lane[index] = lane[active]
                                (words + index * Self.seatsPerLane).update(
                                    from: words + active * Self.seatsPerLane, count: Self.seatsPerLane)
                            }
                        }
                    }
                }
                lane.deinitialize(count: min(lanes, games))
            }
        }
    }

    /// The tables a step reads, as pointers (no reference counting, no bounds checks in the loop).
    private struct StepContext {
        let automaton: TurnAutomaton
        let rollTable: RollTable

        func withPointers<Result>(_ body: (Tables) -> Result) -> Result {
            automaton.entries.withUnsafeBufferPointer { entries in
                automaton.openingRows.withUnsafeBufferPointer { openingRows in
                    rollTable.codes.withUnsafeBufferPointer { codes in
                        rollTable.firstCode.withUnsafeBufferPointer { firstCode in
                            rollTable.orderedRollCounts.withUnsafeBufferPointer { bounds in
                                body(
                                    Tables(
                                        entries: entries.baseAddress.unsafelyUnwrapped,
                                        openingRows: openingRows.baseAddress.unsafelyUnwrapped,
                                        codes: codes.baseAddress.unsafelyUnwrapped,
                                        firstCode: firstCode.baseAddress.unsafelyUnwrapped,
                                        bounds: bounds.baseAddress.unsafelyUnwrapped,
                                        scoreStep: automaton.scoreStep))
                            }
                        }
                    }
                }
            }
        }
    }

    private struct Tables {
        let entries: UnsafePointer<UInt32>
        let openingRows: UnsafePointer<Int>
        let codes: UnsafePointer<UInt16>
        let firstCode: UnsafePointer<Int>
        let bounds: UnsafePointer<UInt64>
        let scoreStep: Int
    }

    /// How a game ended, for `record`.
    private enum GameOver {
        case win
        case instantWin
        case totals
        case unfinished
    }

    /// Rolls once in `lane`; returns how the game ended if this roll ended it (the lane is then left as it was
    /// at the end of the last turn, for `record`), else `nil`.
    @inline(__always)
    private func step(_ lane: UnsafeMutablePointer<Lane>, _ words: UnsafeMutablePointer<UInt64>, _ tables: Tables)
        -> GameOver?
    {
        var state = lane.pointee
        let dice = TurnAutomaton.dice(ofRow: state.row)
        let ordered = state.generator.next(below: tables.bounds[dice])
        let multiset = Int(
            truncatingIfNeeded: tables.codes[tables.firstCode[dice] &+ Int(truncatingIfNeeded: ordered)]
                & RollTable.multisetMask)
        let entry = tables.entries[state.row &+ multiset]
        let next = Int(truncatingIfNeeded: entry & TurnAutomaton.rowMask)
        let turnPoints =
            state.turnPoints &+ Int(truncatingIfNeeded: entry &>> UInt32(TurnAutomaton.rowBits))
            &* tables.scoreStep
        state.rolls &+= 1
        // Flags as 0 or 1, combined with & and |: no branch.
        let ended = Self.flag(next < TurnAutomaton.terminalLimit)
        let banked = Self.flag(next == TurnAutomaton.bank)
        let farkled = Self.flag(next == TurnAutomaton.farkle)
        let points = turnPoints & (0 &- banked)
        state.squares &+= points &* points
        let word =
            words[state.seat] &+ UInt64(truncatingIfNeeded: points)
            &+ UInt64(truncatingIfNeeded: farkled) &<< Self.farkleShift
        words[state.seat] = word
        let total = Int(truncatingIfNeeded: word & Self.totalMask)
        let trigger = banked & Self.flag(state.finalTurns >= players) & Self.flag(total >= target)
        let finalTurns = trigger != 0 ? players &- 1 : state.finalTurns
        let lastSeat = Self.flag(state.seat == players &- 1)
        let instant = Self.flag(next == TurnAutomaton.instantWin)
        let winsNow = trigger & Self.flag(!hasFinalRound)
        let byTotals = Self.flag(finalTurns == 0)
        let unfinished = lastSeat & Self.flag(state.round >= maximumRounds)
        if ended & (instant | winsNow | byTotals | unfinished) != 0 {
            state.turns &+= 1
            lane.pointee = state
            if instant != 0 { return .instantWin }
            if winsNow != 0 { return .win }
            return byTotals != 0 ? .totals : .unfinished
        }
        state.finalTurns = finalTurns &- ended
        state.round &+= ended & lastSeat
        state.entered |= banked &<< state.seat
        state.turns &+= ended
        let seat = ended != 0 ? (lastSeat != 0 ? 0 : state.seat &+ 1) : state.seat
        let openingRow = tables.openingRows[seat &<< 1 | (state.entered &>> seat & 1)]
        state.seat = seat
        state.row = ended != 0 ? openingRow : next
        state.turnPoints = ended != 0 ? 0 : turnPoints
        lane.pointee = state
        return nil
    }

    @inline(__always)
    private static func flag(_ condition: Bool) -> Int {
        Int(truncatingIfNeeded: unsafeBitCast(condition, to: UInt8.self))
    }

    /// Adds a finished game to `tally`: its result, its seats' turns, points and farkles, its per-game sums.
    private func record(
        _ lane: Lane, _ over: GameOver, _ words: UnsafeMutablePointer<UInt64>, _ tally: inout SimulationTally
    ) {
        tally.games += 1
        tally.rolls += lane.rolls
        tally.bankedPointsSquared += Double(lane.squares)
        var netPoints = 0
        var highest = Int.min
        for seat in 0..<players {
            let total = Int(truncatingIfNeeded: words[seat] & Self.totalMask)
            tally.seats[seat].bankedPoints += total
            tally.seats[seat].farkles += Int(truncatingIfNeeded: words[seat] >> Self.farkleShift)
            // Seat 0 played turns 0, p, 2p, ...: seat s played ceil((turns - s) / p) of them.
            tally.seats[seat].turns += (lane.turns + players - 1 - seat) / players
            netPoints += total
            highest = max(highest, total)
        }
        let points = Double(netPoints)
        let turns = Double(lane.turns)
        tally.gameNetPointsSquared += points * points
        tally.gameTurnsSquared += turns * turns
        tally.gameNetPointsTimesTurns += points * turns
        switch over {
        case .instantWin:
            tally.instantWins += 1
            tally.seats[lane.seat].wins += 1
        case .win:
            tally.seats[lane.seat].wins += 1
        case .totals:
            var leaders = 0
            var leader = 0
            for seat in 0..<players where Int(truncatingIfNeeded: words[seat] & Self.totalMask) == highest {
                leaders += 1
                leader = seat
            }
            if leaders == 1 {
                tally.seats[leader].wins += 1
            } else {
                tally.ties += 1
                for seat in 0..<players where Int(truncatingIfNeeded: words[seat] & Self.totalMask) == highest {
                    tally.seats[seat].ties += 1
                }
            }
        case .unfinished:
            tally.unfinishedGames += 1
            return
        }
        tally.gamesByRound[lane.round] += 1
    }
}
