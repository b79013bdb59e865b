/// Plays a chunk's games several at a time on one thread, each roll one read of a `TurnAutomaton`.
///
/// Each lane plays one game. A sweep rolls once in every lane: draw, map the
/// roll to its multiset, read the next state; no branch depends on the roll, and
/// the lanes' chains of dependent reads are independent, so the processor
/// overlaps them. Whether the turn ended (about one roll in three, at random) is
/// not a branch either: the sweep appends every lane's index to a list and
/// advances the list's end by 0 or 1. Only the lanes on that list then do a
/// turn's bookkeeping (the bank, the seat to play next, the final round), again
/// with arithmetic and small tables instead of branches. The one branch taken at
/// random is a game's end, about once in 60 rolls: the lane records the game and
/// starts the next one of the chunk.
///
/// Every game draws its dice from its own stream (`GameSimulation.diceStream(seed:game:)`)
/// and a tally holds whole counts and sums, so the result is the same whichever
/// lane plays a game and however many lanes there are; it is also the general
/// engine's result, roll for roll.
///
/// Covers races to a target, with or without a final round, and games of fixed
/// rounds (with their extra rounds and highest-turn tie-break), with or without a
/// three-farkle penalty, for 1 to 8 seats whose strategies are turn-only
/// (`TurnOnlyStrategy`; under a penalty they may read their farkles in a row).
/// `GameSimulation` plays everything else with `GameEngine`.
struct LaneEngine: Sendable {
    /// The number of lanes `GameSimulation` uses by default.
    static let defaultLanes = 16

    private let automaton: TurnAutomaton
    /// Built once: a chunk allocates nothing.
    private let endTables: EndTables
    private let rollTable: RollTable
    private let players: Int
    private let target: Int
    private let hasFinalRound: Bool
    /// The turns a lane plays before its game is unfinished: the round limit, or in a game of rounds one more
    /// than its last extra round can reach (it always ends by the totals).
    private let turnBudget: Int
    /// In a game of rounds: its regular rounds, the extra rounds a shared highest total adds, and whether the
    /// highest single turn breaks a tie left after them; 0, 0 and `false` in a race.
    private let rounds: Int
    private let extraRounds: Int
    private let highestTurnBreaksTie: Bool
    private let threeFarklePenalty: ThreeFarklePenalty?
    /// What every seat word's total field holds beyond the total: under a penalty of points totals fall below
    /// zero, and the unsigned field stays above it; 0 otherwise.
    private let totalBias: UInt64

    /// The engine for `seats` under the rules of `table`, or `nil` where it does not apply.
    init?<Seat: Strategy>(table: ScoringTable, seats: [Seat], maximumRounds: Int) {
        let rules = table.rules
        guard GameRules.playerRange.contains(seats.count), let automaton = Self.automaton(table: table, seats: seats)
        else { return nil }
        self.automaton = automaton
        endTables = EndTables(players: seats.count)
        rollTable = RollTable(table: table)
        players = seats.count
        threeFarklePenalty = rules.turn.threeFarklePenalty
        totalBias = threeFarklePenalty?.points == nil ? 0 : Self.penaltyBias
        switch rules.game.end {
        case .target(let target, let finalRound):
            self.target = target
            hasFinalRound = finalRound
            (rounds, extraRounds, highestTurnBreaksTie) = (0, 0, false)
            turnBudget = maximumRounds * seats.count
        case .rounds(let rounds):
            // No bank ends a game of rounds: a total never reaches this target.
            target = Int(Self.totalMask)
            hasFinalRound = false
            self.rounds = rounds
            extraRounds = rules.game.extraRoundsOnTie
            highestTurnBreaksTie = rules.game.highestTurnBreaksTie
            turnBudget = (rounds + extraRounds + 1) * seats.count
        }
    }

    /// Whether the engine covers `seats` under the rules of `table`, without building its table: a race to a
    /// target or a game of rounds, and turn-only strategies whose decisions settle within the automaton's levels.
    static func applies<Seat: Strategy>(table: ScoringTable, seats: [Seat]) -> Bool {
        let rules = table.rules
        // A six of a kind that loses at once, an opening roll rolled again or costing points, a target to hit
        // exactly and piggybacking are the general engine's alone.
        guard rules.game.instantLossFaces.isEmpty, !rules.game.mustHitTargetExactly, rules.game.piggyback == nil,
            !table.turnMechanics.rerollsScorelessOpeningRoll, table.turnMechanics.openingFarkleCost == 0,
            GameRules.playerRange.contains(seats.count), let tabulated = seats as? [any TurnOnlyStrategy]
        else { return false }
        return tabulated.allSatisfy { seat in
            guard let settled = seat.settledTurnPoints else { return false }
            return TurnAutomaton.fits(settledTurnPoints: settled, scoreStep: table.turnMechanics.scoreStep)
        }
    }

    /// The automaton of `seats` if their type is turn-only: built specialized for `BuiltInStrategy`, the
    /// type of every table the command line sets.
    private static func automaton<Seat: Strategy>(table: ScoringTable, seats: [Seat]) -> TurnAutomaton? {
        if let builtIn = seats as? [BuiltInStrategy] { return TurnAutomaton(table: table, seats: builtIn) }
        func open<Tabulated: TurnOnlyStrategy>(_ type: Tabulated.Type) -> TurnAutomaton? {
            guard let seats = seats as? [Tabulated] else { return nil }
            return TurnAutomaton(table: table, seats: seats)
        }
        guard let type = Seat.self as? any TurnOnlyStrategy.Type else { return nil }
        return open(type)
    }

    // MARK: - Lanes

    /// A game in progress in one lane.
    private struct Lane {
        /// The automaton row of the state the next roll starts from.
        var row: Int
        /// The exact turn points (the row's level stops at the automaton's last).
        var turnPoints = 0
        var seat = 0
        /// Turns still to play after the current one once the final round has begun; `notFinal` before.
        var finalTurns = Lane.notFinal
        /// Turns still to play before the round limit, the current one included.
        var turnsLeft: Int
        /// Bit s is set once seat s has banked.
        var entered = 0
        var generator: Xoshiro256StarStar

        /// Larger than every count of turns a game can reach, so `finalTurns < players` means the final round.
        static let notFinal = Int.max / 2
    }

    /// The bits of a seat word: the seat's total in this game below, its farkles from bit 40.
    fileprivate static let farkleShift: UInt64 = 40
    private static let totalMask: UInt64 = (1 << 40) - 1
    /// The total field's bias under a penalty of points (`totalBias`): totals from −2^38 to 3 · 2^38 fit.
    private static let penaltyBias: UInt64 = 1 << 38
    /// Seat words per lane.
    private static let seatsPerLane = GameRules.playerRange.upperBound
    /// Where a lane's words of each kind start: the seat words, each seat's highest banked turn, each seat's
    /// farkles in a row (bits 0 to 7) and penalties taken (from bit 8), and each seat's points lost to penalties.
    private static let highestTurnWords = seatsPerLane
    private static let streakWords = 2 * seatsPerLane
    private static let penaltyPointWords = 3 * seatsPerLane
    /// Words per lane.
    private static let wordsPerLane = 4 * seatsPerLane

    /// Plays games `firstGame ..< firstGame + games` of the run with seed `seed` in `lanes` lanes, into `tally`,
    /// which it first empties.
    func playChunk(games: Int, seed: UInt64, firstGame: Int, lanes: Int, into tally: inout SimulationTally) {
        precondition(lanes >= 1, "at least one lane")
        tally.removeAll()
        let opening = automaton.openingRows[0]
        let turnLimit = turnBudget
        let bias = totalBias
        withUnsafeTemporaryAllocation(of: Lane.self, capacity: lanes) { laneBuffer in
            // Per lane, each seat's word, then (kept where the highest turn breaks ties) each seat's highest turn.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: lanes &* Self.wordsPerLane) { seatWords in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* lanes) { lists in
                    let lane = laneBuffer.baseAddress.unsafelyUnwrapped
                    let words = seatWords.baseAddress.unsafelyUnwrapped
                    // The lanes whose turn ended in a sweep, then those whose game ended with none left to start.
                    let endedLanes = lists.baseAddress.unsafelyUnwrapped
                    let retiring = endedLanes + lanes
                    var started = 0
                    func start(_ index: Int) {
                        (lane + index).initialize(
                            to: Lane(
                                row: opening, turnsLeft: turnLimit,
                                generator: GameSimulation<GreedyStrategy>.diceStream(
                                    seed: seed, game: firstGame &+ started)))
                        (words + index &* Self.wordsPerLane).initialize(repeating: 0, count: Self.wordsPerLane)
                        (words + index &* Self.wordsPerLane).update(repeating: bias, count: Self.seatsPerLane)
                        started += 1
                    }
                    var active = 0
                    while active < min(lanes, games) {
                        start(active)
                        active += 1
                    }
                    var rolls = 0
                    var squares = 0
                    withStepData { data in
                        while active > 0 {
                            // A sweep: one roll in every lane, noting (without a branch) the lanes whose turn ended.
                            var ended = 0
                            var index = 0
                            repeat {
                                endedLanes[ended] = index
                                ended &+= Self.roll(lane + index, data)
                                index &+= 1
                            } while index < active
                            rolls &+= active
                            // Only those lanes do a turn's bookkeeping.
                            var retired = 0
                            for position in 0..<ended {
                                let index = endedLanes[position]
                                let seatWords = words + index &* Self.wordsPerLane
                                guard let over = Self.endTurn(lane + index, seatWords, data, &squares) else { continue }
                                record(lane[index], over, seatWords, &tally)
                                if started < games {
                                    start(index)
                                } else {
                                    retiring[retired] = index
                                    retired &+= 1
                                }
                            }
                            // Retire lanes from the highest index down: the last active lane takes each place.
                            for position in stride(from: retired - 1, through: 0, by: -1) {
                                let index = retiring[position]
                                active -= 1
                                lane[index] = lane[active]
                                (words + index &* Self.wordsPerLane).update(
                                    from: words + active &* Self.wordsPerLane, count: Self.wordsPerLane)
                            }
                        }
                    }
                    tally.rolls = rolls
                    tally.bankedPointsSquared = Double(squares)
                    lane.deinitialize(count: min(lanes, games))
                }
            }
        }
    }

    /// What a step reads besides its lane: the tables as pointers (no reference counting, no bounds
    /// checks in the loop) and the rules as plain values.
    private struct StepData {
        let entries: UnsafePointer<UInt32>
        let openingRows: UnsafePointer<Int>
        let codes: UnsafePointer<UInt16>
        let firstCode: UnsafePointer<Int>
        let bounds: UnsafePointer<UInt64>
        let scoreStep: Int
        let players: Int
        /// The target as the seat words' total fields hold it (with `totalBias`).
        let target: Int
        /// 1 where the first bank at the target wins at once (no final round), else 0.
        let winsAtTarget: Int
        /// The seat after each seat, 0 after the last.
        let nextSeats: UnsafePointer<Int>
        /// For each terminal code: all ones for a bank (to mask the turn points), else 0.
        let bankMasks: UnsafePointer<Int>
        /// For each terminal code: one farkle in a seat word's farkle bits for a farkle, else 0.
        let farkleCounts: UnsafePointer<UInt64>
        /// The turns a lane may play (`LaneEngine.turnBudget`).
        let turnBudget: Int
        /// In a game of rounds, its regular rounds and its last extra round; 0 in a race.
        let rounds: Int
        let lastRound: Int
        /// 1 where each seat's highest banked turn is kept (it breaks ties), else 0.
        let keepsHighestTurns: Int
        /// The three-farkle penalty, if any.
        let penalty: ThreeFarklePenalty?
        /// 1 under a three-farkle penalty, else 0: the one test on a turn's end.
        let hasPenalty: Int
        /// The bias of the seat words' total fields (`LaneEngine.totalBias`).
        let totalBias: UInt64
    }

    /// Tables that replace selects in `endTurn`: LLVM turned selects written as masks into branches there.
    private struct EndTables: Sendable {
        var nextSeats = [Int](repeating: 0, count: GameRules.playerRange.upperBound)
        var bankMasks = [Int](repeating: 0, count: TurnAutomaton.terminalLimit)
        var farkleCounts = [UInt64](repeating: 0, count: TurnAutomaton.terminalLimit)

        init(players: Int) {
            for seat in 0..<players { nextSeats[seat] = seat + 1 == players ? 0 : seat + 1 }
            bankMasks[TurnAutomaton.bank] = -1
            farkleCounts[TurnAutomaton.farkle] = 1 << LaneEngine.farkleShift
        }
    }

    private func withStepData<Result>(_ body: (StepData) -> Result) -> Result {
        automaton.entries.withUnsafeBufferPointer { entries in
            automaton.openingRows.withUnsafeBufferPointer { openingRows in
                rollTable.codes.withUnsafeBufferPointer { codes in
                    rollTable.firstCode.withUnsafeBufferPointer { firstCode in
                        rollTable.orderedRollCounts.withUnsafeBufferPointer { bounds in
                            endTables.nextSeats.withUnsafeBufferPointer { nextSeats in
                                endTables.bankMasks.withUnsafeBufferPointer { bankMasks in
                                    endTables.farkleCounts.withUnsafeBufferPointer { farkleCounts in
                                        body(
                                            StepData(
                                                entries: entries.baseAddress.unsafelyUnwrapped,
                                                openingRows: openingRows.baseAddress.unsafelyUnwrapped,
                                                codes: codes.baseAddress.unsafelyUnwrapped,
                                                firstCode: firstCode.baseAddress.unsafelyUnwrapped,
                                                bounds: bounds.baseAddress.unsafelyUnwrapped,
                                                scoreStep: automaton.scoreStep,
                                                // The total fields hold the bias beside the total.
                                                players: players, target: target &+ Int(totalBias),
                                                winsAtTarget: hasFinalRound ? 0 : 1,
                                                nextSeats: nextSeats.baseAddress.unsafelyUnwrapped,
                                                bankMasks: bankMasks.baseAddress.unsafelyUnwrapped,
                                                farkleCounts: farkleCounts.baseAddress.unsafelyUnwrapped,
                                                turnBudget: turnBudget, rounds: rounds,
                                                lastRound: rounds + extraRounds,
                                                keepsHighestTurns: highestTurnBreaksTie ? 1 : 0,
                                                penalty: threeFarklePenalty,
                                                hasPenalty: threeFarklePenalty == nil ? 0 : 1, totalBias: totalBias))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// How a game ended, for `record`.
    private enum GameOver {
        case win
        case instantWin
        case totals
        case unfinished
    }

    /// Rolls once in `lane` and moves it to the next state; returns 1 when the turn ended (the lane's row is
    /// then a terminal code and its turn points are the turn's), else 0.
    ///
    /// Reads and writes the lane's fields in place: only what changes is stored.
    @inline(__always)
    private static func roll(_ lane: UnsafeMutablePointer<Lane>, _ data: StepData) -> Int {
        let row = lane.pointee.row
        let dice = TurnAutomaton.dice(ofRow: row)
        let ordered = lane.pointee.generator.next(below: data.bounds[dice])
        let multiset = Int(
            truncatingIfNeeded: data.codes[data.firstCode[dice] &+ Int(truncatingIfNeeded: ordered)]
                & RollTable.multisetMask)
        let entry = data.entries[row &+ multiset]
        let next = Int(truncatingIfNeeded: entry & TurnAutomaton.rowMask)
        lane.pointee.row = next
        lane.pointee.turnPoints &+=
            Int(truncatingIfNeeded: entry &>> UInt32(TurnAutomaton.rowBits)) &* data.scoreStep
        return flag(next < TurnAutomaton.terminalLimit)
    }

    /// Ends the turn of `lane`, whose row is a terminal code; returns how the game ended if this turn ended it
    /// (the lane is then left as it was, for `record`), else `nil` with the lane at the next seat's opening roll.
    @inline(__always)
    private static func endTurn(
        _ lane: UnsafeMutablePointer<Lane>, _ words: UnsafeMutablePointer<UInt64>, _ data: StepData,
        _ squares: inout Int
    ) -> GameOver? {
        let code = lane.pointee.row
        // Flags as 0 or 1, combined with & and |: the kind of ending is not a branch.
        let bankMask = data.bankMasks[code]
        let banked = bankMask & 1
        let points = lane.pointee.turnPoints & bankMask
        squares &+= points &* points
        let seat = lane.pointee.seat
        let word = words[seat] &+ UInt64(truncatingIfNeeded: points) &+ data.farkleCounts[code]
        words[seat] = word
        // A penalty's bookkeeping, out of line: a bank restarts the count, a third farkle takes the penalty (only a
        // farkle changes the total here, and the final round's trigger reads banks only).
        if data.hasPenalty != 0 { countFarkles(words, seat: seat, banked: banked, code: code, data) }
        let finalTurns = lane.pointee.finalTurns
        let trigger =
            banked & flag(finalTurns >= data.players) & flag(Int(truncatingIfNeeded: word & totalMask) >= data.target)
        let finalTurnsNow = trigger != 0 ? data.players &- 1 : finalTurns
        let turnsLeft = lane.pointee.turnsLeft &- 1
        lane.pointee.turnsLeft = turnsLeft
        let instant = flag(code == TurnAutomaton.instantWin)
        let winsNow = trigger & data.winsAtTarget
        var byTotals = flag(finalTurnsNow == 0)
        // A game of rounds keeps its bookkeeping out of line: a race's loop stays as it was.
        if data.rounds != 0 { byTotals = endOfTurn(words, seat: seat, points: points, turnsLeft: turnsLeft, data) }
        if instant | winsNow | byTotals | flag(turnsLeft == 0) != 0 {
            if instant != 0 { return .instantWin }
            if winsNow != 0 { return .win }
            return byTotals != 0 ? .totals : .unfinished
        }
        lane.pointee.finalTurns = finalTurnsNow &- 1
        let entered = lane.pointee.entered | banked &<< seat
        lane.pointee.entered = entered
        let nextSeat = data.nextSeats[seat]
        lane.pointee.seat = nextSeat
        var opening = nextSeat &<< 1 | (entered &>> nextSeat & 1)
        // Under a penalty the next seat plays the rows of its farkles in a row.
        if data.hasPenalty != 0 {
            opening &+=
                TurnAutomaton.openingRowsPerStreak
                &* Int(truncatingIfNeeded: words[streakWords &+ nextSeat] & 0xff)
        }
        lane.pointee.row = data.openingRows[opening]
        lane.pointee.turnPoints = 0
        return nil
    }

    /// Under a three-farkle penalty, after `seat`'s turn ended with terminal `code` (`banked` 1 for a bank): a bank
    /// restarts the seat's count of farkles in a row; a farkle adds one, and the third takes the penalty from the
    /// total (`ThreeFarklePenalty.total(afterPenaltyOn:)`, below zero for points) and restarts the count, as
    /// `GameEngine` does.
    @inline(never)
    private static func countFarkles(
        _ words: UnsafeMutablePointer<UInt64>, seat: Int, banked: Int, code: Int, _ data: StepData
    ) {
        let streak = words + (streakWords &+ seat)
        if banked != 0 {
            streak.pointee &= ~0xff
            return
        }
        guard code == TurnAutomaton.farkle, let penalty = data.penalty else { return }
        guard streak.pointee & 0xff == 2 else {
            streak.pointee &+= 1
            return
        }
        let total = Int(truncatingIfNeeded: (words[seat] & totalMask) &- data.totalBias)
        let lost = total - penalty.total(afterPenaltyOn: total)
        words[seat] &-= UInt64(truncatingIfNeeded: lost)
        words[penaltyPointWords &+ seat] &+= UInt64(truncatingIfNeeded: lost)
        // The count starts again; one more penalty taken.
        streak.pointee = (streak.pointee & ~0xff) &+ 0x100
    }

    /// In a game of rounds, after `seat` banked `points` (0 on a farkle) with `turnsLeft` turns of the budget
    /// left: keeps the seat's highest turn where it breaks ties, and returns 1 when the totals are now scored (after
    /// the last seat's turn, from the last regular round on, unless the highest total is shared and an extra round
    /// is left: `GameProgress.playsExtraRound`), else 0.
    @inline(never)
    private static func endOfTurn(
        _ words: UnsafeMutablePointer<UInt64>, seat: Int, points: Int, turnsLeft: Int, _ data: StepData
    ) -> Int {
        if data.keepsHighestTurns != 0 {
            words[highestTurnWords &+ seat] = UInt64(
                max(Int(truncatingIfNeeded: words[highestTurnWords &+ seat]), points))
        }
        guard seat == data.players &- 1 else { return 0 }
        let round = (data.turnBudget &- turnsLeft) / data.players
        return flag(
            round >= data.rounds && (round >= data.lastRound || !sharesHighestTotal(words, players: data.players)))
    }

    /// Whether two seats or more share the highest total.
    private static func sharesHighestTotal(_ words: UnsafeMutablePointer<UInt64>, players: Int) -> Bool {
        var highest: UInt64 = 0
        var count = 0
        for seat in 0..<players {
            let total = words[seat] & totalMask
            if total > highest || count == 0 {
                (highest, count) = (total, 1)
            } else if total == highest {
                count += 1
            }
        }
        return count > 1
    }

    @inline(__always)
    private static func flag(_ condition: Bool) -> Int {
        Int(truncatingIfNeeded: unsafeBitCast(condition, to: UInt8.self))
    }

    /// Adds a finished game to `tally`: its result, its seats' turns, points and farkles, its per-game sums.
    private func record(
        _ lane: Lane, _ over: GameOver, _ words: UnsafeMutablePointer<UInt64>, _ tally: inout SimulationTally
    ) {
        let turns = turnBudget - lane.turnsLeft
        let round = (turns - 1) / players + 1
        tally.games += 1
        var netPoints = 0
        var highest = Int.min
        for seat in 0..<players {
            let total = self.total(words, seat: seat)
            // The total is what was banked less what penalties took.
            let lost = Int(truncatingIfNeeded: words[Self.penaltyPointWords + seat])
            tally.seats[seat].bankedPoints += total + lost
            tally.seats[seat].penaltyPoints += lost
            tally.penalties += Int(truncatingIfNeeded: words[Self.streakWords + seat] >> 8)
            tally.seats[seat].farkles += Int(truncatingIfNeeded: words[seat] >> Self.farkleShift)
            // Seat 0 played turns 0, p, 2p, ...: seat s played ceil((turns - s) / p) of them.
            tally.seats[seat].turns += (turns + players - 1 - seat) / players
            netPoints += total
            highest = max(highest, total)
        }
        let points = Double(netPoints)
        let count = Double(turns)
        tally.gameNetPointsSquared += points * points
        tally.gameTurnsSquared += count * count
        tally.gameNetPointsTimesTurns += points * count
        switch over {
        case .instantWin:
            tally.instantWins += 1
            tally.seats[lane.seat].wins += 1
        case .win:
            tally.seats[lane.seat].wins += 1
        case .totals:
            var leaders: UInt8 = 0
            for seat in 0..<players where self.total(words, seat: seat) == highest {
                leaders |= 1 << seat
            }
            tally.addEnding(
                sharedHighestTotal: leaders.nonzeroBitCount > 1, isExtraRound: rounds != 0 && round > rounds)
            if highestTurnBreaksTie, leaders.nonzeroBitCount > 1 {
                // The highest single turn among the leaders breaks the tie (`GameProgress.breakingTie`).
                let turnOf = { (seat: Int) in Int(truncatingIfNeeded: words[Self.highestTurnWords + seat]) }
                let best = (0..<players).filter { leaders & (1 << $0) != 0 }.map(turnOf).max() ?? 0
                for seat in 0..<players where leaders & (1 << seat) != 0 && turnOf(seat) != best {
                    leaders &= ~(1 << seat)
                }
            }
            if leaders.nonzeroBitCount == 1 {
                tally.seats[leaders.trailingZeroBitCount].wins += 1
            } else {
                tally.ties += 1
                for seat in 0..<players where leaders & (1 << seat) != 0 { tally.seats[seat].ties += 1 }
            }
        case .unfinished:
            tally.unfinishedGames += 1
            return
        }
        tally.gamesByRound[round] += 1
        for seat in 0..<players { tally.addFinalTotal(self.total(words, seat: seat), seat: seat) }
    }

    /// The total of `seat` in the lane whose words start at `words`.
    private func total(_ words: UnsafeMutablePointer<UInt64>, seat: Int) -> Int {
        Int(truncatingIfNeeded: (words[seat] & Self.totalMask) &- totalBias)
    }
}
