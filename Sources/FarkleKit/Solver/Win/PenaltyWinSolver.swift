/// The exact solution of a two-player game played to win under a three-farkle penalty: the play that
/// maximizes P(win) + ½ P(tie) of the player to move, at every pair of totals and farkle counts.
///
/// The state between turns adds each player's farkles in a row (0, 1 or 2) to the pair of totals. A penalty of
/// points may take a total below zero; totals below `floor` are counted as `floor`: a penalty at the floor
/// takes nothing more (<doc:PlayingToWin> shows that the floor changes no value above 10⁻⁹). A penalty of the
/// whole total sets it to zero, so no total falls below zero and the solution is exact with a floor of zero.
///
/// A bank raises the sum of the totals and a farkle keeps it with a higher farkle count, so the states
/// of one sum are solved from the highest count down and need no fixed point of their own; only the
/// penalty lowers a total, so the values it leads to come from the previous sweep. Sweeps over all sums
/// are repeated until no value changes by more than `tolerance`. Each state is one turn solved once
/// per sweep, so the cost is the states times the sweeps: see <doc:PlayingToWin>. With a final round,
/// the rows of a turn past the target (most of each table: they reach the final-round cap) are not solved
/// per state but read from `PastTargetRows`, solved once per stretch of farkle payoffs over which their
/// play stays the same; only the rows below the target are solved per state.
///
/// A scoreless opening roll that costs points (`TurnRules.openingFarkleCost`) lowers a total as the penalty does,
/// so its race is solved here too, with or without a penalty: that farkle hands the turn over from the total less
/// the cost (never below the floor), counted toward the penalty, and its value too comes from the previous sweep.
/// Without a penalty the counts of farkles matter to no one and are not kept apart: every count reads the values
/// of no farkles in a row.
///
/// An entry minimum with the penalty is not supported (a total of zero or below would no longer tell
/// whether a player has entered); nor are more than two players or games of fixed rounds.
package struct PenaltyWinSolver: Sendable {
    /// The scoring table the solver plays by.
    package let table: ScoringTable
    /// The target total.
    package let target: Int
    /// Whether reaching the target gives the opponent one more turn.
    package let hasFinalRound: Bool
    /// What a third farkle in a row costs: 0 points where the rules have no penalty, only an opening farkle's cost.
    package let penalty: ThreeFarklePenalty
    /// The lowest total tabulated: a penalty never takes a total below it.
    package let floor: Int
    /// The number of totals tabulated: floor, floor + step, ..., target - step.
    package let levels: Int
    /// The most a sweep changed any value in the last sweep.
    package let lastChange: Double
    /// The number of sweeps.
    package let sweeps: Int
    /// The number of (totals, counts, turn points, dice) states tabulated, with the final-round turns.
    package let stateCount: Int

    /// The change below which the sweeps stop.
    package static let tolerance = 1e-12

    /// The default floor of `rules`: four penalties of points and four costs of a scoreless opening roll below zero;
    /// zero where the penalty takes the whole total and nothing else costs points (no total ever falls below zero,
    /// so the floor then changes nothing).
    package static func defaultFloor(rules: RuleSet) -> Int {
        -4 * ((rules.turn.threeFarklePenalty?.points ?? 0) + rules.turn.scorelessOpeningRollCost)
    }

    let turn: WinTurn
    let finalRound: FinalRoundTable?
    /// The states, for the turns of `turnTable` (without the rows past the target, needed only to solve).
    let space: PenaltyStateSpace
    /// Values of the player to move, `values[counts * levels² + (mine - floor) * levels + (theirs - floor)]`
    /// with `counts = 3 * myFarkles + theirFarkles`, totals in score steps.
    let values: [Double]
    let ties: [Double]

    /// Solves the game of `rules`, whose turn rules have a three-farkle penalty.
    ///
    /// - Parameters:
    ///   - rules: The rule set: two players racing to a target, with a three-farkle penalty.
    ///   - floor: The lowest total tabulated (a non-positive multiple of the score step), or `nil` for
    ///     `defaultFloor(rules:)`.
    ///   - threads: The number of threads to spread each step's states over.
    ///   - maximumSweeps: The most sweeps before giving up on the tolerance.
    ///   - progress: Called on this thread after each sweep with the sweeps done and the largest change of the
    ///     last one (the sweeps stop once it is at most `tolerance`).
    package init(
        rules: RuleSet, floor: Int? = nil, threads: Int = 2, maximumSweeps: Int = 1_000,
        progress: ((_ sweeps: Int, _ change: Double) -> Void)? = nil
    ) throws(NotCovered) {
        let setup = try Setup(rules: rules, floor: floor)
        var space = setup.space
        let levels = space.levels
        let turn = space.turn
        if let finalTable = space.finalRound {
            // Never more solves of the rows past the target than a quarter of a sweep's states: a small game
            // solves its few states in full sooner than it would build pieces for them.
            space.pastTarget = PastTargetRows(
                turn: turn, finalRound: finalTable, topBank: 1 - finalTable.limit, rows: levels + turn.maximumJump + 1,
                maximumPieces: min(PastTargetRows.maximumPieces, space.countPairs * levels * levels / 4),
                threads: threads)
        }
        let store = PairResults(count: 9 * levels * levels, value: 0.5)
        var sweeps = 0
        var change = Double.infinity
        while change > Self.tolerance && sweeps < maximumSweeps {
            sweeps += 1
            change = space.sweep(store: store, threads: threads)
            progress?(sweeps, change)
        }
        // Without a penalty every count of farkles holds the values of none.
        space.copyUncountedValues(store: store)
        var states = space.finalRound?.stateCount ?? 0
        for mine in 0..<levels {
            for theirs in 0..<levels {
                states += space.countPairs * space.top(mine: mine, theirs: theirs) * DiceCounts.maximumDice
            }
        }
        self.init(
            setup: setup, values: store.values.values, ties: store.ties.values, lastChange: change,
            sweeps: sweeps,
            stateCount: states)
    }

    /// A solution from its turn-start values (read from a policy file): `values` and `ties` laid out as
    /// `value(mine:theirs:myFarkles:theirFarkles:)` reads them.
    init(setup: Setup, values: [Double], ties: [Double], lastChange: Double, sweeps: Int, stateCount: Int) {
        let space = setup.space
        precondition(values.count == 9 * space.levels * space.levels && ties.count == values.count, "every state")
        self.space = space
        table = setup.table
        target = setup.target
        hasFinalRound = space.finalRound != nil
        penalty = setup.penalty
        floor = space.floorLevel * space.step
        levels = space.levels
        turn = space.turn
        finalRound = space.finalRound
        self.values = values
        self.ties = ties
        self.lastChange = lastChange
        self.sweeps = sweeps
        self.stateCount = stateCount
    }

    /// What a solution of `rules` rests on besides its values: the scoring table, the turn and the states.
    struct Setup {
        let table: ScoringTable
        let target: Int
        let penalty: ThreeFarklePenalty
        /// The states, without the rows past the target (the solve adds them).
        let space: PenaltyStateSpace

        /// The setup of `rules` with the lowest total `floor` (`nil`: the default), its final round `finalRound`
        /// (`nil`: solved here, if the game has one).
        init(rules: RuleSet, floor: Int?, finalRound: FinalRoundTable? = nil) throws(NotCovered) {
            typealias Unsupported = NotCovered
            guard rules.game.players == 2 else {
                throw Unsupported(
                    description: "the win-probability solver handles 2 players, not \(rules.game.players)")
            }
            guard case .target(let target, let hasFinalRound) = rules.game.end else {
                throw Unsupported(description: "the win-probability solver handles races to a target, not fixed rounds")
            }
            let cost = rules.turn.scorelessOpeningRollCost
            // No penalty but the cost of a scoreless opening roll: a third farkle in a row that takes nothing.
            guard let penalty = rules.turn.threeFarklePenalty ?? (cost > 0 ? .points(0) : nil) else {
                throw Unsupported(description: "rules '\(rules.name)' have no three-farkle penalty")
            }
            if let refusal = rules.winSolveRefusal { throw refusal }
            let table = ScoringTable(rules: rules)
            try WinProbabilitySolver.checkSize(of: rules, step: table.scoreStep, floor: floor)
            let lowest = floor ?? PenaltyWinSolver.defaultFloor(rules: rules)
            let turn = WinTurn(table: table)
            let least = table.turnMechanics.minimumBank
            let finalTable =
                hasFinalRound
                ? try FinalRoundTable.solving(turn, leastBanks: [least], given: finalRound.map { [$0] }, rules: rules)[
                    0]
                : nil
            self.table = table
            self.target = target
            self.penalty = penalty
            space = PenaltyStateSpace(
                target: target, penalty: penalty, floor: lowest,
                leastBank: least, turn: turn, finalRound: finalTable,
                countsFarkles: rules.turn.countsFarklesInARow, openingFarkleCost: cost)
        }
    }

    // MARK: - Values

    /// P(win) + ½ P(tie) of the player to move at the start of a turn with `mine` against `theirs`
    /// (totals from `floor` to below the target, multiples of the score step) and the farkles in a row
    /// of each (0...2).
    package func value(mine: Int, theirs: Int, myFarkles: Int = 0, theirFarkles: Int = 0) -> Double {
        values[index(mine, theirs, myFarkles, theirFarkles)]
    }

    /// The chance of a tie from that state when both play best.
    package func tieProbability(mine: Int, theirs: Int, myFarkles: Int = 0, theirFarkles: Int = 0) -> Double {
        ties[index(mine, theirs, myFarkles, theirFarkles)]
    }

    /// The first player's P(win) + ½ P(tie) at the start of the game.
    package var firstPlayerValue: Double { value(mine: 0, theirs: 0) }

    /// The chance of a tie when both play best.
    package var tieProbability: Double { tieProbability(mine: 0, theirs: 0) }

    /// The head start for the second player whose first-player value is nearest ½.
    package var fairHeadStart: (points: Int, firstPlayerValue: Double) {
        var best = (points: 0, firstPlayerValue: firstPlayerValue)
        for points in stride(from: table.scoreStep, to: target, by: table.scoreStep) {
            let value = value(mine: 0, theirs: points)
            if abs(value - 0.5) < abs(best.firstPlayerValue - 0.5) { best = (points, value) }
        }
        return best
    }

    /// The largest final-round deficit tabulated, or `nil` without a final round.
    package var finalRoundCap: Int? {
        finalRound.map { $0.capLevel * table.scoreStep }
    }

    func index(_ mine: Int, _ theirs: Int, _ myFarkles: Int, _ theirFarkles: Int) -> Int {
        let step = table.scoreStep
        precondition(mine >= floor && theirs >= floor && mine < target && theirs < target, "totals in range")
        precondition(mine % step == 0 && theirs % step == 0, "totals are multiples of \(step)")
        // Where farkles are not counted any count reads the values of none (a game engine counts on past 2).
        precondition(
            !space.countsFarkles || (0...2).contains(myFarkles) && (0...2).contains(theirFarkles),
            "0 to 2 farkles in a row")
        return space.index((mine - floor) / step, (theirs - floor) / step, myFarkles, theirFarkles)
    }
}

// MARK: - Sweeps

/// The states of a penalty game and one sweep over them.
struct PenaltyStateSpace: Sendable {
    /// Totals tabulated, from the floor.
    let levels: Int
    /// The floor in score steps (≤ 0).
    let floorLevel: Int
    /// The target in score steps: the first total that reaches it.
    let targetLevel: Int
    let step: Int
    /// The score steps a third farkle in a row takes from a total, or `nil` where it takes the whole total.
    let penaltyLevels: Int?
    /// Whether the farkles in a row are kept apart: under a penalty. Without one (only an opening farkle's cost)
    /// every count reads the values of no farkles in a row (`index`).
    var countsFarkles = true
    /// The score steps a scoreless opening roll takes from a total (0: none).
    var openingCostLevels = 0
    let leastBank: Int
    let turn: WinTurn
    let finalRound: FinalRoundTable?
    /// The rows of every turn past the target, by lead (with a final round), while solving.
    var pastTarget: PastTargetRows?

    /// The payoff of banking above every table: a win, less the final-round player's instant-win chance.
    var topBank: Double { 1 - (finalRound?.limit ?? 0) }

    /// The index of the state (mine, theirs, counts), totals as indices from the floor; where farkles are not
    /// counted, that of no farkles in a row.
    func index(_ mine: Int, _ theirs: Int, _ myFarkles: Int, _ theirFarkles: Int) -> Int {
        ((countsFarkles ? 3 * myFarkles + theirFarkles : 0) * levels + mine) * levels + theirs
    }

    /// The pairs of farkle counts solved: 9, or 1 where farkles are not counted.
    var countPairs: Int { countsFarkles ? 9 : 1 }

    /// Where farkles are not counted, copies the values and ties of no farkles in a row to every other count, so
    /// that the layout of the values (policy files, the advisor page) is the same as under a penalty.
    func copyUncountedValues(store: PairResults) {
        guard !countsFarkles else { return }
        let block = levels * levels
        for buffer in [store.values.buffer, store.ties.buffer] {
            for counts in 1..<9 {
                for offset in 0..<block { buffer[counts * block + offset] = buffer[offset] }
            }
        }
    }

    /// The first level of turn points above the table of `mine` against `theirs` (indices from the floor).
    func top(mine: Int, theirs: Int) -> Int {
        let reachTarget = levels - mine
        // A target hit exactly: the first level past it, from which a bank busts (`WinTurn.bustsAboveTop`).
        if turn.bustsAboveTop { return reachTarget + 1 }
        var top = max(reachTarget, (leastBank + step - 1) / step)
        if let finalRound { top = max(top, finalRound.capLevel + 1 + theirs - mine) }
        return max(top, 1)
    }

    /// Solves every state once, sums from the highest down and counts from the highest down within a sum,
    /// and returns the largest change of a value.
    func sweep(store: PairResults, threads: Int) -> Double {
        sweep(threads: threads) { mine, theirs, myFarkles, theirFarkles in
            solveState(mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles, store: store)
        }
    }

    /// Calls `solve(mine, theirs, myFarkles, theirFarkles)` once for every state, sums from the highest down
    /// and counts from the highest down within a sum, and returns the largest change it reported.
    ///
    /// The states of one sum and one count of farkles in both rows are spread over `threads`: `solve` may
    /// write its own state and read states of higher sums, of this sum with more farkles, or of lower sums or
    /// this sum with fewer farkles (the previous sweep's values): none written by the same batch.
    /// Where farkles are not counted, the states of one sum are spread as pairs: a state and the one its farkle
    /// hands over, solved in that order by one work item.
    func sweep(threads: Int, solve: @escaping @Sendable (Int, Int, Int, Int) -> Double) -> Double {
        // Each state's change, written by the one work item that solves it.
        let changes = SharedSlots(repeating: 0.0, count: 9 * levels * levels)
        for sum in stride(from: 2 * (levels - 1), through: 0, by: -1) {
            let low = max(0, sum - (levels - 1))
            let high = min(sum, levels - 1)
            guard countsFarkles else {
                // Farkles not counted: a farkle hands the pair's other state the same totals, of this sum. One work
                // item solves both in turn, the second from the first's new value (no item reads what another
                // writes); a state against itself reads its own value of the previous sweep.
                Parallel.forEach(sum / 2 - low + 1, threads: threads) { item in
                    let mine = low + item
                    changes[index(mine, sum - mine, 0, 0)] = solve(mine, sum - mine, 0, 0)
                    if mine != sum - mine { changes[index(sum - mine, mine, 0, 0)] = solve(sum - mine, mine, 0, 0) }
                }
                continue
            }
            for counts in stride(from: 4, through: 0, by: -1) {
                let pairs = high - low + 1
                let countPairs = (0...2).flatMap { mine in (0...2).map { (mine, $0) } }.filter { $0.0 + $0.1 == counts }
                Parallel.forEach(pairs * countPairs.count, threads: threads) { item in
                    let mine = low + item / countPairs.count
                    let (myFarkles, theirFarkles) = countPairs[item % countPairs.count]
                    changes[index(mine, sum - mine, myFarkles, theirFarkles)] = solve(
                        mine, sum - mine, myFarkles, theirFarkles)
                }
            }
        }
        return changes.values.max() ?? 0
    }

    /// The state a farkle of the player to move hands over: one more farkle in a row, or on the third the
    /// penalty taken (never below the floor; the whole total: down to zero) and the count restarted.
    func afterFarkle(mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int) -> Int {
        guard myFarkles == 2 else { return index(theirs, mine, theirFarkles, myFarkles + 1) }
        return index(theirs, penaltyLevels.map { max(mine - $0, 0) } ?? -floorLevel, theirFarkles, 0)
    }

    /// The state a scoreless opening roll that costs points hands over: the total less the cost (never below the
    /// floor), then as any farkle (`afterFarkle`); `nil` where it costs nothing.
    func afterOpeningFarkle(mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int) -> Int? {
        guard openingCostLevels > 0 else { return nil }
        return afterFarkle(
            mine: max(mine - openingCostLevels, 0), theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
    }

    /// Solves the turn of one state from the current values and returns how much its value changed.
    func solveState(mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int, store: PairResults) -> Double {
        let values = store.values.buffer
        let ties = store.ties.buffer
        let next = afterFarkle(mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
        let farkle = 1 - values[next]
        let farkleTie = ties[next]
        let top = top(mine: mine, theirs: theirs)
        let scratch = TurnTable(rows: top + turn.maximumJump + 1)
        defer { scratch.deallocate() }
        let bank = UnsafeMutablePointer<Double>.allocate(capacity: 2 * top)
        defer { bank.deallocate() }
        let bankTie = bank + top
        fillBank(
            at: (mine, theirs, myFarkles, theirFarkles), top: top, values: UnsafeBufferPointer(values),
            ties: UnsafeBufferPointer(ties), bank: bank, bankTie: bankTie)
        // Past the target the rows come from the table over leads, where the least bank is met there.
        let reachTarget = levels - mine
        var unused = WinTurn.Validity.unbounded
        let entry = turn.solve(
            top: top, reachTarget: reachTarget * step >= leastBank ? reachTarget : nil, firstLead: levels - theirs,
            pastTarget: pastTarget, topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle,
            farkleAux: farkleTie, into: scratch, validity: &unused, tracking: false)
        var solved = (value: entry.value, tie: entry.aux)
        if let opening = afterOpeningFarkle(
            mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
        {
            solved = turn.costingOpeningFarkle(
                solved, farkle: (farkle, farkleTie), opening: (1 - values[opening], ties[opening]))
        }
        let own = index(mine, theirs, myFarkles, theirFarkles)
        // The chance of a tie settles too: a sweep stops on the larger change of either.
        let change = max(abs(solved.value - values[own]), abs(solved.tie - ties[own]))
        values[own] = solved.value
        ties[own] = solved.tie
        return change
    }
}

extension PenaltyStateSpace: PlainWinGameLayout {
    /// Both totals in score steps from the floor and the farkles in a row of each, the mover's first.
    typealias State = (mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int)

    func top(of state: State) -> Int { top(mine: state.mine, theirs: state.theirs) }

    func leastLevel(of state: State) -> Int { (leastBank + step - 1) / step }

    /// A bank hands the turn over with the banker's farkle count restarted; from the target on, the game ends
    /// after the opponent's final round, if any.
    func bank(
        _ level: Int, at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        let total = state.mine + level
        guard total >= levels else {
            let next = index(state.theirs, total, state.theirFarkles, 0)
            return (1 - values[next], ties[next])
        }
        return FinalRoundTable.bankReachingTarget(total: total, theirs: state.theirs, finalRound: finalRound)
    }

    func farkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        let next = afterFarkle(
            mine: state.mine, theirs: state.theirs, myFarkles: state.myFarkles, theirFarkles: state.theirFarkles)
        return (1 - values[next], ties[next])
    }

    /// What a farkle on the opening roll at `state` is worth where it costs points, or `nil` where it costs nothing.
    func openingFarkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double)? {
        afterOpeningFarkle(
            mine: state.mine, theirs: state.theirs, myFarkles: state.myFarkles, theirFarkles: state.theirFarkles
        ).map { (1 - values[$0], ties[$0]) }
    }
}

extension PenaltyStateSpace {
    /// The states of a race to `target` points under the three-farkle penalty `penalty`, totals from `floor` (rounded
    /// up to a score step; totals below count as the floor), without the rows past the target: the layout
    /// `PenaltyWinSolver` solves and `ExactOdds` evaluates under a penalty.
    init(
        target: Int, penalty: ThreeFarklePenalty, floor: Int, leastBank: Int, turn: WinTurn,
        finalRound: FinalRoundTable?, countsFarkles: Bool = true, openingFarkleCost: Int = 0
    ) {
        let step = turn.mechanics.scoreStep
        let floorLevel = -((-floor) / step)
        let targetLevel = TurnMechanics.levels(below: target, step: step)
        self.init(
            levels: targetLevel - floorLevel, floorLevel: floorLevel, targetLevel: targetLevel, step: step,
            penaltyLevels: penalty.points.map { ($0 + step - 1) / step }, leastBank: leastBank, turn: turn,
            finalRound: finalRound,
            pastTarget: nil)
        self.countsFarkles = countsFarkles
        // The score step divides the cost (`ScoringTable`): the levels are exact.
        openingCostLevels = openingFarkleCost / step
    }
}
