/// The engine of `GameSimulation` where some seat carries loaded dice: each die drawn from its own weights.
///
/// A separate engine from `GameEngine`, whose inner loop stays as it is for
/// identical dice: here a roll is drawn kind by kind and looked up in the seat's
/// `DiceSetOutcomes`, and every seat plays its `LoadedPlay`: `ev-target` the
/// capped-optimal turn for its own total (`CappedScoreSolver` with cap target −
/// total, one per total); in a two-player game a seat may play to win instead
/// (`LoadedWinSolver`, its turn at every pair of totals tabulated before the games);
/// `greedy` and `threshold:...` take the keep of `LoadedHighestKeep` and bank as
/// `LoadedThresholdPlay` says, whatever the totals; `ev` the uncapped expected points.
/// The game around the turns is the plain engine's (`GameLoop`): a race to the target, won at once
/// (`kcd`) or with a final round, or a game of rounds; a three-farkle penalty; a six of a kind the rules
/// make win or lose does so at once; a scoreless opening roll the rules roll again is rolled again.
/// `ev-target` and `win`, which read the totals, play only the race won at once.
///
/// Chunk `c` of `GameSimulation.gamesPerChunk` games rolls with stream `c` of the
/// seed, one game after the other.
struct LoadedEngine: Sendable {
    /// The rules.
    let rules: RuleSet
    /// The dice set of every seat, seat 0 (who starts every game) first.
    let sets: [DiceSet]
    /// The target of a race; `nil` in a game of rounds.
    let target: Int?
    /// The play of every seat.
    let plays: [LoadedPlay]

    private let players: [Player]
    /// The game around the turns.
    private let game: GameLoop
    /// What every roll reads of the rules.
    private let rollRules: RollRules

    /// One seat's dice and its capped-optimal play for every own total.
    private struct Player: Sendable {
        let outcomes: DiceSetOutcomes
        /// `solvers[total / step]` plays with cap target − total (`ev-target`, `readsOwnTotal`), or `solvers[0]`
        /// without a cap (`ev`, the same solve at every total); empty for a seat that plays neither.
        let solvers: [CappedScoreSolver]
        /// Whether the seat's solver is read at its own total (`ev-target`).
        let readsOwnTotal: Bool
        /// The score step of the rules.
        let step: Int
        /// Kind k's cumulative face weights at `cumulative[6 k ..< 6 k + 6]`, the last one their sum, for drawing a
        /// face (one flat array: the hot loop reads it in place).
        let cumulative: [UInt64]
        /// For a seat playing to win: its turn at every pair of totals, `winTurns[own / step * levels +
        /// opponent / step]`; empty otherwise.
        var winTurns: [LoadedWinSolver.Turn] = []
        /// For a seat playing greedy or a threshold (`playsThreshold`): its keeps and banks; greedy's, unread,
        /// otherwise. Not an optional: looking inside one in the hot loop copied it, dice set and all, every roll.
        var thresholdPlay: LoadedThresholdPlay
        /// Whether the seat plays `thresholdPlay`.
        var playsThreshold: Bool

        /// The tables of a seat with the dice of `outcomes` playing `play`.
        init(outcomes: DiceSetOutcomes, solvers: [CappedScoreSolver], cumulative: [UInt64], play: LoadedPlay) {
            self.outcomes = outcomes
            self.solvers = solvers
            self.cumulative = cumulative
            step = outcomes.table.scoreStep
            readsOwnTotal = play == .cappedScore
            let given = LoadedThresholdPlay(outcomes: outcomes, play: play)
            playsThreshold = given != nil
            thresholdPlay = given ?? LoadedThresholdPlay(outcomes: outcomes, thresholds: [0, 0])
        }

        /// The same dice and tables, playing `play`.
        func playing(_ play: LoadedPlay) -> Player {
            Player(outcomes: outcomes, solvers: solvers, cumulative: cumulative, play: play)
        }
    }

    /// The most (turn points, dice state) entries the turns of a seat playing to win may take over all pairs
    /// of totals (two 8-byte values and a flag each): about 0.5 GB.
    static let maximumWinTableEntries = 30_000_000

    /// The entries the turns of a seat with `set` playing to win take under `rules` (see
    /// `maximumWinTableEntries`): for every pair of totals, the turn points left to the target times the
    /// dice states.
    static func winTableEntries(rules: RuleSet, set: DiceSet) -> Int {
        let step = ScoringTable(rules: rules).scoreStep
        let levels = ((rules.game.end.target ?? 0) + step - 1) / step
        let states = set.kinds.reduce(1) { $0 * ($1.count + 1) }
        return levels * levels * (levels + 1) / 2 * states
    }

    /// A table of `sets.count` players under the rules of `table`, each with its set and the play of its
    /// strategy, or the reason the engine cannot play it, checked before anything is solved.
    ///
    /// - Parameters:
    ///   - threads: The threads of the capped turns at every total and of the solve to win where a seat plays `win`;
    ///     the play does not depend on them.
    ///   - context: Where a `win` seat's solved race comes from (`StrategyContext.diceSetGames`); solved here
    ///     without one.
    /// - Precondition: 1 to 8 sets, one strategy each; `threads` ≥ 1.
    init(
        table: ScoringTable, sets: [DiceSet], strategies: [StrategySpec], threads: Int, maximumRounds: Int,
        context: StrategyContext? = nil
    ) throws(LoadedGameRefusal) {
        precondition(GameRules.playerRange.contains(sets.count), "1 to 8 seats")
        precondition(strategies.count == sets.count, "one strategy per seat")
        let rules = table.rules
        let target = rules.game.end.target
        if let reason = DiceSet.simulationRefusal(toPlay: rules) { throw .rules(reason) }
        // Its plays bank as a player on the board does: a higher least bank before entering is not played.
        let mechanics = table.turnMechanics
        guard !rules.entryRaisesTheLeastBank else { throw .entryMinimum(rules.game.entryMinimum) }
        var plays: [LoadedPlay] = []
        for (seat, spec) in strategies.enumerated() {
            guard let play = LoadedPlay(spec) else { throw .unknownStrategy(seat: seat, spec) }
            // The points toward the target are the capped turn's only where reaching it wins at once.
            if play == .cappedScore, let reason = DiceSet.refusal(toPlay: rules) {
                throw .rules(
                    "seat \(seat + 1) plays 'ev-target', the points toward a target that wins at once: " + reason)
            }
            if play == .expectedPoints, let reason = DiceSet.expectedPointsRefusal(toPlay: rules) {
                throw .rules("seat \(seat + 1) plays 'ev': " + reason + " (play 'greedy' or 'threshold:T1,T2')")
            }
            plays.append(play)
        }
        if plays.contains(.win) {
            guard plays.count == 2 else { throw .winPlayers(plays.count) }
            guard LoadedWinSolver.supports(rules) else { throw .winRules }
            for (seat, set) in sets.enumerated() where plays[seat] == .win {
                let entries = Self.winTableEntries(rules: rules, set: set)
                guard entries <= Self.maximumWinTableEntries else {
                    throw .winTable(seat: seat, entries: entries, limit: Self.maximumWinTableEntries)
                }
            }
        }
        for (seat, set) in sets.enumerated() {
            let entries = CappedScoreSolver.entriesForEveryTotal(rules: rules, set: set)
            guard entries <= CappedScoreSolver.maximumEntriesForEveryTotal else {
                throw .pointsTable(seat: seat, entries: entries, limit: CappedScoreSolver.maximumEntriesForEveryTotal)
            }
        }
        var outcomes: [DiceSet: DiceSetOutcomes] = [:]
        for set in sets where outcomes[set] == nil { outcomes[set] = DiceSetOutcomes(table: table, set: set) }
        // A player whose dice never score never banks: no game would end.
        for (seat, set) in sets.enumerated() where outcomes[set]?.canScore == false { throw .neverScores(seat: seat) }
        // Where the target must be hit exactly, a player whose dice cannot bank some amount could never finish
        // from that far short of it.
        if rules.game.mustHitTargetExactly, let target {
            let least = mechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: true)
            for (seat, set) in sets.enumerated() {
                guard
                    let level = outcomes[set]?.firstUnbankableLevel(
                        upTo: target / mechanics.scoreStep, leastBank: least)
                else { continue }
                throw .cannotHitTarget(seat: seat, short: level * mechanics.scoreStep)
            }
        }
        // A greedy or threshold turn with six dice that score on every roll may roll on after hot dice for as
        // long as the threshold takes, or without end.
        for (seat, play) in plays.enumerated() where play.isThreshold {
            guard let seatOutcomes = outcomes[sets[seat]], seatOutcomes.farkleProbability[seatOutcomes.fullState] == 0
            else { continue }
            throw .turnMayNeverEnd(seat: seat)
        }
        // `ev`'s turn, solved once per set: its expected points may be unbounded, or the rules unlike kcd's.
        var expectedPoints: [DiceSet: CappedScoreSolver] = [:]
        for (seat, play) in plays.enumerated() where play == .expectedPoints && expectedPoints[sets[seat]] == nil {
            guard let seatOutcomes = outcomes[sets[seat]] else { continue }
            do {
                expectedPoints[sets[seat]] = try CappedScoreSolver(expectedPointsOf: seatOutcomes)
            } catch {
                throw .expectedPointsUnsolved(seat: seat, reason: error.description)
            }
        }
        self.rules = rules
        self.sets = sets
        self.target = target
        self.plays = plays
        game = GameLoop(players: sets.count, rules: rules, maximumRounds: maximumRounds, firstTurnCap: target ?? .max)
        rollRules = RollRules(rules: rules, mechanics: mechanics)
        var built: [DiceSet: Player] = [:]
        var players = zip(sets, plays).map { set, play in
            let base: Player
            if let player = built[set] {
                base = player
            } else {
                let outcomes = outcomes[set] ?? DiceSetOutcomes(table: table, set: set)
                // The capped turns at every total only where a seat with these dice plays `ev-target`.
                let playsCapped = zip(sets, plays).contains { $0 == set && $1 == .cappedScore }
                let solvers =
                    playsCapped
                    ? CappedScoreSolver.forEveryTotal(outcomes: outcomes, target: target ?? 0, threads: threads) : []
                let cumulative = set.kinds.flatMap { kind in
                    kind.weights.reduce(into: [UInt64]()) { $0.append(($0.last ?? 0) + UInt64($1)) }
                }
                base = Player(outcomes: outcomes, solvers: solvers, cumulative: cumulative, play: play)
                built[set] = base
            }
            guard play == .expectedPoints, let solver = expectedPoints[set] else { return base.playing(play) }
            // `ev` plays the same turn at every total: the one uncapped solve.
            return Player(outcomes: base.outcomes, solvers: [solver], cumulative: base.cumulative, play: play)
        }
        if plays.contains(.win), let target {
            let solver = (context ?? StrategyContext(table: table)).diceSetGame(
                outcomes: players.map(\.outcomes), threads: threads)
            let step = table.scoreStep
            for seat in 0..<2 where plays[seat] == .win {
                players[seat].winTurns = stride(from: 0, to: target, by: step).flatMap { own in
                    stride(from: 0, to: target, by: step).map { solver.turn(player: seat, own: own, opponent: $0) }
                }
            }
        }
        self.players = players
    }

    /// The exact expected points toward the target of the capped-optimal first turn (own total 0) with seat
    /// `seat`'s dice: the first turn of an `ev-target` seat.
    ///
    /// - Precondition: the seat plays `ev-target` (only such a seat holds the capped turns).
    func expectedFirstTurnPoints(seat: Int) -> Double {
        precondition(plays[seat] == .cappedScore, "a seat playing ev-target")
        return players[seat].solvers[0].openingValue
    }

    /// The exact expected points toward the target of seat `seat`'s own first turn (`FirstTurn.exactPoints`).
    func exactFirstTurnPoints(seat: Int) -> Double? {
        firstTurn(seat: seat).exactPoints
    }

    /// Seat `seat`'s first turn, from one pass over it (see `FirstTurn`).
    func firstTurn(seat: Int) -> FirstTurn {
        let step = players[seat].outcomes.table.scoreStep
        let levels = target.map { ($0 + step - 1) / step }
        let isExact =
            target != nil && rollRules.instantWinFaces == 0 && rollRules.instantLossFaces == 0
            && !rollRules.rerollsScorelessOpeningRoll
        let worked: (turn: BlindTurnOutcomes?, rolls: Double)
        switch plays[seat] {
        case .cappedScore: return FirstTurn(exactPoints: isExact ? expectedFirstTurnPoints(seat: seat) : nil)
        case .win: return FirstTurn(exactPoints: nil)
        case .expectedPoints:
            worked = BlindTurnOutcomes.worked(
                play: LoadedExpectedPointsPlay(solver: players[seat].solvers[0]), levels: levels)
        case .greedy, .threshold:
            guard players[seat].playsThreshold else { return FirstTurn(exactPoints: nil) }
            worked = BlindTurnOutcomes.worked(play: players[seat].thresholdPlay, levels: levels)
        }
        var first = FirstTurn(exactPoints: nil, expectedRolls: worked.rolls, goesOnPastTable: worked.turn == nil)
        // A turn that goes on past every level tabulated has no exact value here; the games still play it.
        guard isExact, let target, let levels, let turn = worked.turn else { return first }
        // banked[levels] holds the banks that reach the target, each worth the target.
        first.exactPoints = (1..<levels).reduce(turn.banked[levels] * Double(target)) {
            $0 + turn.banked[$1] * Double($1 * step)
        }
        return first
    }

    /// Plays chunk `chunk` of a run (`games` games, one after the other on stream `chunk` of the seed) into
    /// `tally`, which it first empties.
    func playChunk(games: Int, seed: UInt64, chunk: Int, into tally: inout SimulationTally) {
        tally.removeAll()
        let random = Xoshiro256StarStar(seed: seed, stream: UInt64(chunk))
        // The seats' tables are read in place for the whole chunk. A copy of a seat or of one of its solvers (structs
        // of arrays) would retain and release every array on every turn, on reference counts that all threads share:
        // two threads then ran slower than one.
        players.withUnsafeBufferPointer { players in
            guard let first = players.baseAddress else { return }
            var turns = Turns(players: first, twoSeats: players.count == 2, rules: rollRules, random: random)
            var counts = ChunkCounts()
            var observer = UnobservedGames()
            for _ in 0..<games { game.play(&turns, &counts, &tally, &observer) }
            counts.add(to: &tally, players: players.count)
        }
    }

    // MARK: - A turn

    /// What every roll of a turn reads of the rules, in plain values.
    private struct RollRules: Sendable {
        /// Bit f - 1 set where six f's on one roll of six dice win at once (`GameRules.instantWinFaces`).
        let instantWinFaces: Int
        /// Bit f - 1 set where six f's on one roll of six dice lose at once (`GameRules.instantLossFaces`).
        let instantLossFaces: Int
        /// The six-dice farkle's points on a turn's opening roll and on a later roll of all six dice, or `nil` where
        /// a roll of six with no keep is a farkle (`TurnMechanics.sixDiceFarkle(dice:isOpeningRoll:)`).
        let sixDiceFarkle: (opening: Int?, later: Int?)
        /// Whether a scoreless opening roll is rolled again (`TurnMechanics.rerollsScorelessOpeningRoll`).
        let rerollsScorelessOpeningRoll: Bool
        /// Score steps from 0 to the target, for a seat playing to win; 0 in a game of rounds.
        let levels: Int

        init(rules: RuleSet, mechanics: TurnMechanics) {
            func bits(_ faces: Set<Int>) -> Int { faces.reduce(0) { $0 | 1 << ($1 - 1) } }
            instantWinFaces = bits(rules.game.instantWinFaces)
            instantLossFaces = bits(rules.game.instantLossFaces)
            sixDiceFarkle = (
                mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: true),
                mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: false)
            )
            rerollsScorelessOpeningRoll = mechanics.rerollsScorelessOpeningRoll
            levels = ((rules.game.end.target ?? 0) + mechanics.scoreStep - 1) / mechanics.scoreStep
        }
    }

    /// The turns of one chunk: the seats' tables, read in place, and the chunk's random stream.
    private struct Turns: TurnPlayer {
        let players: UnsafePointer<Player>
        /// Whether the game has two seats, the only game where a seat reads its opponent's total (`win`).
        let twoSeats: Bool
        let rules: RollRules
        var random: Xoshiro256StarStar

        /// One turn of `situation.seat`, each roll counted in `rolls`.
        ///
        /// Every table is read in place through `player.pointee` and buffer pointers (see `playChunk`): no seat,
        /// solver, turn or dice set is bound to a local, and options are read by position rather than through a
        /// slice.
        ///
        /// Loaded dice play no piggybacking (`DiceSet.simulationRefusal(toPlay:)`): `offer` is always `nil`, and a
        /// bank's dice left are not counted (0).
        mutating func playTurn(_ situation: GameSituation, offer: TurnOffer?, rolls: inout Int) -> (
            TurnOutcome, Int, diceLeft: Int
        ) {
            let player = players + situation.seat
            let step = player.pointee.step
            let total = situation.scores[situation.seat]
            // Below the target where read: a seat at or past it has started the final round and plays no more.
            let level = player.pointee.readsOwnTotal ? total / step : 0
            let playsToWin = !player.pointee.winTurns.isEmpty
            let winIndex =
                playsToWin && twoSeats ? total / step * rules.levels + situation.scores[1 - situation.seat] / step : 0
            let kinds = player.pointee.outcomes.counts.count
            var points = 0
            let full = player.pointee.outcomes.fullState
            var state = full
            var isOpeningRoll = true
            var turnRolls = 0
            defer { rolls += turnRolls }
            while true {
                turnRolls += 1
                // Each kind's faces drawn from its own weights, die by die, into the ordered roll the lookup reads.
                var ordered = SIMD8<Int>()
                for kind in 0..<kinds {
                    var place = 1
                    for _ in 0..<player.pointee.outcomes.dice(ofKind: kind, in: state) {
                        let draw = random.next(below: player.pointee.cumulative[6 * kind + 5])
                        var face = 0
                        while face < 5 && draw >= player.pointee.cumulative[6 * kind + face] { face += 1 }
                        ordered[kind] += face * place
                        place *= 6
                    }
                }
                if rules.instantWinFaces | rules.instantLossFaces != 0, state == full,
                    let face = Self.sixOfAKind(ordered, in: player)
                {
                    if rules.instantWinFaces & (1 << (face - 1)) != 0 { return (.instantWin, 0, 0) }
                    if rules.instantLossFaces & (1 << (face - 1)) != 0 { return (.instantLoss, 0, 0) }
                }
                guard let group = player.pointee.outcomes.group(rolling: state, orderedRolls: ordered) else {
                    // Six dice with no keep: a farkle, or the six-dice farkle, a keep of all six (a set holds six dice).
                    guard state == full,
                        let bonus = isOpeningRoll ? rules.sixDiceFarkle.opening : rules.sixDiceFarkle.later
                    else {
                        // A scoreless opening roll may be rolled again, as an opening roll.
                        if isOpeningRoll && rules.rerollsScorelessOpeningRoll { continue }
                        return (.farkle(penalty: false), 0, 0)
                    }
                    points += bonus
                    isOpeningRoll = false
                    if player.pointee.playsThreshold {
                        if player.pointee.thresholdPlay.banks(turnPoints: points, state: state) {
                            return (.banked, points, 0)
                        }
                    } else if Self.shouldBank(
                        player, points: points, state: state, playsToWin: playsToWin, winIndex: winIndex, level: level)
                    {
                        return (.banked, points, 0)
                    }
                    continue
                }
                isOpeningRoll = false
                if player.pointee.playsThreshold {
                    let keep = player.pointee.thresholdPlay.keeps.option(ofGroup: group)
                    points += keep.points
                    state = keep.next
                    if player.pointee.thresholdPlay.banks(turnPoints: points, state: state) {
                        return (.banked, points, 0)
                    }
                    continue
                }
                // The option of the highest value; on equal values the first.
                var best = -1
                var bestValue = -Double.infinity
                for option in player.pointee.outcomes.optionRange(of: group) {
                    let after = player.pointee.outcomes.options[option]
                    let value =
                        playsToWin
                        ? player.pointee.winTurns.withUnsafeBufferPointer {
                            $0[winIndex].value(turnPoints: points + after.points, state: after.next)
                        }
                        : player.pointee.solvers.withUnsafeBufferPointer {
                            $0[level].value(turnPoints: points + after.points, state: after.next)
                        }
                    if value > bestValue {
                        bestValue = value
                        best = option
                    }
                }
                guard best >= 0 else { return (.farkle(penalty: false), 0, 0) }
                points += player.pointee.outcomes.options[best].points
                state = player.pointee.outcomes.options[best].next
                if Self.shouldBank(
                    player, points: points, state: state, playsToWin: playsToWin, winIndex: winIndex, level: level)
                {
                    return (.banked, points, 0)
                }
            }
        }

        /// The face (1 to 6) every die of a roll of the seat's whole set shows, or `nil`: `ordered` holds each kind's
        /// dice as base-6 digits, the face less one.
        private static func sixOfAKind(_ ordered: SIMD8<Int>, in player: UnsafePointer<Player>) -> Int? {
            var digit: Int?
            // Read in place, never bound to a local (see `playChunk`).
            for kind in 0..<player.pointee.outcomes.counts.count {
                let dice = player.pointee.outcomes.dice(ofKind: kind, in: player.pointee.outcomes.fullState)
                guard dice > 0 else { continue }
                let first = digit ?? ordered[kind] % 6
                digit = first
                // n dice all showing digit d: d (6^n - 1) / 5.
                var repeated = 0
                for _ in 0..<dice { repeated = repeated * 6 + first }
                guard ordered[kind] == repeated else { return nil }
            }
            return digit.map { $0 + 1 }
        }

        /// Whether the seat at `player`, playing its solved turns (to win at `winIndex`, or for points at `level`),
        /// banks with `points` turn points in dice state `state`.
        @inline(__always)
        private static func shouldBank(
            _ player: UnsafePointer<Player>, points: Int, state: Int, playsToWin: Bool, winIndex: Int, level: Int
        ) -> Bool {
            playsToWin
                ? player.pointee.winTurns.withUnsafeBufferPointer {
                    $0[winIndex].shouldBank(turnPoints: points, state: state)
                }
                : player.pointee.solvers.withUnsafeBufferPointer {
                    $0[level].shouldBank(turnPoints: points, state: state)
                }
        }
    }
}
