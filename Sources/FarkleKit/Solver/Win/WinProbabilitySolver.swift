/// The exact solution of a two-player game played to win: the play that maximizes P(win) + ½ P(tie)
/// of the player to move, and that value at every pair of totals.
///
/// The state between turns is the pair (my total, the opponent's total); inside a turn, the turn
/// points and the dice to roll. The game is zero-sum, so the opponent's value is one minus mine.
/// Every bank raises the sum of the two totals, and a farkle hands the turn over at the same pair,
/// so the pairs are solved from the highest sum down; the only loop, (a, b) ↔ (b, a) through farkles,
/// is a one-dimensional fixed point of the turn-start value solved by safeguarded Newton steps. The
/// final-round turn depends only on the deficit and is solved once (`FinalRoundTable`). The pairs of
/// one sum are independent and are solved in parallel. <doc:PlayingToWin> explains why the iteration
/// converges and where the table of turn points stops.
///
/// Supports two players racing to a target, with or without a final round, with any scoring, banking,
/// hot-dice, six-dice-farkle, minimum-bank, entry-minimum and instant-win rules. A three-farkle penalty
/// (the farkle counts join the state) is `PenaltyWinSolver`'s; games of fixed rounds and more than two
/// players are not supported: `init` throws `NotCovered`. A solved game is saved
/// with `writePolicy(to:)` and loaded, without solving again, with `Advisor.readGame(contentsOf:rules:)`.
@_spi(Kernels) public struct WinProbabilitySolver: Sendable {
    /// Why a rule set cannot be solved to win: what the solver cannot handle, one line.
    package typealias Unsupported = NotCovered

    /// The most states (pairs of totals, times the farkle counts under a penalty) a win solver tabulates:
    /// 2^26, about 1 GiB of values and ties. A larger game (a race to 1,000,000 in steps of 50 has 4 × 10^8
    /// pairs) is refused before anything is allocated; a policy file holds at most this many states too.
    static let maximumStates = 1 << 26

    /// Refuses, before anything is solved or allocated, a race of `rules` too large for the win solver that
    /// covers it (under a three-farkle penalty, with totals down to `floor`, `nil` for the default); other rules
    /// pass here and are judged by the solver itself.
    ///
    /// - Complexity: Builds the scoring table of `rules` (milliseconds).
    package static func checkSize(of rules: RuleSet, floor: Int? = nil) throws(Unsupported) {
        guard case .target = rules.game.end else { return }
        try checkSize(of: rules, step: ScoringTable(rules: rules).scoreStep, floor: floor)
    }

    /// `checkSize(of:floor:)` for rules whose score step is `step` (their scoring table already built).
    static func checkSize(of rules: RuleSet, step: Int, floor: Int?) throws(Unsupported) {
        guard case .target(let target, _) = rules.game.end else { return }
        var levels = TurnMechanics.levels(below: target, step: step)
        var factor = 1
        var game = "a race to \(target) in steps of \(step)"
        var remedy = "lower the target"
        if rules.turn.farklesCostPoints {
            let lowest = floor ?? PenaltyWinSolver.defaultFloor(rules: rules)
            levels -= lowest / step
            factor = rules.turn.countsFarklesInARow ? 9 : 1
            game =
                "a race to \(target) from \(lowest) in steps of \(step) under "
                + (rules.turn.threeFarklePenalty == nil
                    ? "a scoreless opening roll that costs points" : "a three-farkle penalty")
            // The totals reach down below 0 by the penalties: a large penalty counts as much as a high target.
            remedy = "lower the target or the penalty, or raise the lowest total tabulated"
        }
        let pairs = Self.pairs(levels: levels)
        try checkSize(states: pairs > Int.max / factor ? .max : factor * pairs, of: game, remedy: remedy)
    }

    /// The pairs of totals of a race whose players each hold one of `levels` totals: `levels²`, or `Int.max`
    /// past it.
    static func pairs(levels: Int) -> Int {
        let square = levels.multipliedReportingOverflow(by: levels)
        return square.overflow ? .max : square.partialValue
    }

    /// Refuses a game of `states` states with one line naming its size and what to change (`remedy`).
    static func checkSize(states: Int, of game: String, remedy: String = "lower the target") throws(Unsupported) {
        guard states <= maximumStates else {
            throw Unsupported(
                description: "\(game) has \(states) states; the win solver holds at most \(maximumStates) "
                    + "(about 1 GiB): \(remedy)")
        }
    }

    /// The scoring table the solver plays by.
    public let table: ScoringTable
    /// The target total.
    package let target: Int
    /// Whether reaching the target gives the opponent one more turn.
    package let hasFinalRound: Bool
    /// The number of totals below the target: 0, step, ..., (levels - 1) * step.
    let levels: Int

    /// The residual below which the fixed point of a pair is accepted, as an estimated error of its value.
    static let tolerance = 1e-13

    let turn: WinTurn
    let layout: PairLayout
    let entered: FinalRoundTable?
    let notEntered: FinalRoundTable?
    /// The value of the player to move at each pair of totals, `values[mine * levels + theirs]`.
    let values: [Double]
    /// The chance of a tie from each pair under optimal play by both.
    let ties: [Double]
    /// The most Newton steps any pair took.
    let maximumIterations: Int
    /// The number of turns solved for the pairs' fixed points (each pair's two turns count once): the
    /// solver's work is about this times the states of a pair.
    let turnSolves: Int
    /// The number of (pair, turn points, dice) states tabulated, with the final-round turns.
    public let stateCount: Int

    /// Solves the game of `rules`.
    ///
    /// - Parameters:
    ///   - rules: The rule set: two players racing to a target, without a three-farkle penalty.
    ///   - threads: The number of threads to spread each sum's pairs over (1: this thread only).
    ///   - progress: Called on this thread with the fraction of the pairs of totals solved: 0 once the final-round
    ///     tables are done, then after each sum of totals, up to 1.
    /// - Throws: `Unsupported` for rules the solver does not cover.
    package init(rules: RuleSet, threads: Int = 2, progress: ((Double) -> Void)? = nil) throws(Unsupported) {
        try self.init(table: ScoringTable(rules: rules), threads: threads, progress: progress)
    }

    /// Solves the game of `table`'s rules on `threads` threads; see `init(rules:threads:progress:)`.
    public init(table: ScoringTable, threads: Int = 2, progress: ((Double) -> Void)? = nil) throws(NotCovered) {
        let setup = try Setup(table: table)
        let levels = setup.levels
        var layout = setup.layout
        if let entered = setup.entered {
            // The rows past the target, solved once per stretch of farkle payoffs, never more often than a
            // quarter of the pairs' turns: a small game solves its few turns in full sooner.
            layout.pastTarget = PastTargetRows(
                turn: setup.turn, finalRound: entered, topBank: layout.topBank,
                rows: levels + setup.turn.maximumJump + 1,
                maximumPieces: min(PastTargetRows.maximumPieces, levels * levels / 4), threads: threads)
        }
        let results = PairResults(count: levels * levels)
        // Each pair's work item writes the pair and its mirror (and its steps); it reads pairs of higher sums.
        let steps = SharedSlots(repeating: 0, count: levels * levels)
        let pairs = Double(levels * (levels + 1) / 2)
        var solved = 0
        let solving = layout
        // Turn tables reused from pair to pair (each grown when a pair needs more rows), one per pair being solved:
        // allocating one a pair cost more system time than the solve itself where a keep jumps far (its padding
        // above the top). A pair takes a table from the pool and puts it back; the pairs stay spread as Dispatch
        // sees fit, which a busy machine needs.
        let tables = Locked<[TurnTable]>([])
        defer { tables.withLock { for table in $0 { table.deallocate() } } }
        progress?(0)
        for sum in stride(from: 2 * (levels - 1), through: 0, by: -1) {
            let low = max(0, sum - (levels - 1))
            Parallel.forEach((sum / 2) - low + 1, threads: threads) { index in
                let mine = low + index
                var scratch = tables.withLock { $0.popLast() } ?? TurnTable(rows: 0)
                steps[mine * levels + sum - mine] = solving.solvePair(
                    mine: mine, theirs: sum - mine, results: results, scratch: &scratch)
                tables.withLock { $0.append(scratch) }
            }
            solved += (sum / 2) - low + 1
            progress?(Double(solved) / pairs)
        }
        self.init(
            setup: setup, values: results.values.values, ties: results.ties.values,
            maximumIterations: steps.values.max() ?? 0, turnSolves: steps.values.reduce(0, +))
    }

    /// The solution of `setup`'s game with turn-start `values` and `ties` found (by a solve or in a file).
    init(setup: Setup, values: [Double], ties: [Double], maximumIterations: Int, turnSolves: Int) {
        let layout = setup.layout
        var states = setup.entered?.stateCount ?? 0
        if layout.newLeastBank != layout.enteredLeastBank { states += setup.notEntered?.stateCount ?? 0 }
        for mine in 0..<setup.levels {
            for theirs in 0..<setup.levels {
                states += layout.top(mine: mine, theirs: theirs) * DiceCounts.maximumDice
            }
        }
        table = setup.table
        target = setup.target
        hasFinalRound = setup.hasFinalRound
        levels = setup.levels
        turn = setup.turn
        self.layout = layout
        entered = setup.entered
        notEntered = setup.notEntered
        self.values = values
        self.ties = ties
        self.maximumIterations = maximumIterations
        self.turnSolves = turnSolves
        stateCount = states
    }

    /// What a solve needs before the pairs: the checked rules, the turn, the final-round tables.
    struct Setup {
        let table: ScoringTable
        let target: Int
        let hasFinalRound: Bool
        let levels: Int
        let turn: WinTurn
        let entered: FinalRoundTable?
        let notEntered: FinalRoundTable?
        let layout: PairLayout

        /// Checks that the solver covers `table`'s rules and sets up their game; with `finalRounds`
        /// (a file's tables, entered first), takes the final-round tables instead of solving them.
        init(table: ScoringTable, finalRounds: (FinalRoundTable, FinalRoundTable)? = nil) throws(Unsupported) {
            let rules = table.rules
            guard rules.game.players == 2 else {
                throw Unsupported(
                    description: "the win-probability solver handles 2 players, not \(rules.game.players)")
            }
            guard case .target(let target, let finalRound) = rules.game.end else {
                throw Unsupported(
                    description: "the win-probability solver handles races to a target, not fixed rounds")
            }
            guard rules.turn.threeFarklePenalty == nil else {
                throw Unsupported(
                    description:
                        "WinProbabilitySolver does not handle a three-farkle penalty (rules '\(rules.name)'); PenaltyWinSolver does"
                )
            }
            let mechanics = table.turnMechanics
            let step = mechanics.scoreStep
            try WinProbabilitySolver.checkSize(of: rules, step: step, floor: nil)
            let levels = TurnMechanics.levels(below: target, step: step)
            let turn = WinTurn(table: table)
            let entryMinimum = rules.game.entryMinimum
            let enteredBank = mechanics.leastBank(entryMinimum: entryMinimum, hasEntered: true)
            let newBank = mechanics.leastBank(entryMinimum: entryMinimum, hasEntered: false)
            var entered: FinalRoundTable?
            var notEntered: FinalRoundTable?
            if finalRound {
                let tables = try FinalRoundTable.solving(
                    turn, leastBanks: [enteredBank, newBank], given: finalRounds.map { [$0.0, $0.1] }, rules: rules)
                (entered, notEntered) = (tables[0], tables[1])
            }
            self.table = table
            self.target = target
            hasFinalRound = finalRound
            self.levels = levels
            self.turn = turn
            self.entered = entered
            self.notEntered = notEntered
            layout = PairLayout(
                levels: levels, step: step, target: target, turn: turn, entered: entered, notEntered: notEntered,
                enteredLeastBank: enteredBank, newLeastBank: newBank)
        }
    }

    // MARK: - Values

    /// P(win) + ½ P(tie) of the player to move at the start of a turn, with `mine` against `theirs`,
    /// both below the target, before anyone has reached it.
    ///
    /// - Precondition: both totals are multiples of the score step in `0..<target`.
    package func value(mine: Int, theirs: Int) -> Double {
        values[index(mine, theirs)]
    }

    /// The chance that the game ends in a tie from the start of a turn at (`mine`, `theirs`) when both play best.
    package func tieProbability(mine: Int, theirs: Int) -> Double {
        ties[index(mine, theirs)]
    }

    /// The first player's P(win) + ½ P(tie) at the start of the game.
    public var firstPlayerValue: Double { values[0] }

    /// The chance of a tie when both play best.
    public var tieProbability: Double { ties[0] }

    /// The points the second player should start with for the game to be as fair as possible: the
    /// head start whose first-player value is nearest ½ (a head start counts as having entered).
    public var fairHeadStart: (points: Int, firstPlayerValue: Double) {
        var best = (points: 0, firstPlayerValue: values[0])
        for level in 1..<levels {
            let value = values[level]
            if abs(value - 0.5) < abs(best.firstPlayerValue - 0.5) {
                best = (level * table.scoreStep, value)
            }
        }
        return best
    }

    /// The final-round player's P(win) + ½ P(tie) in their last turn, `deficit` points behind, having
    /// entered the game or not.
    package func finalRoundValue(deficit: Int, hasEntered: Bool = true) -> Double {
        let table = hasEntered ? entered : notEntered
        return table?.value(deficitLevel: deficit / self.table.scoreStep) ?? 0
    }

    /// The largest final-round deficit tabulated; beyond it the final-round player's value is below
    /// `FinalRoundTable.tolerance` and counted as 0. `nil` without a final round.
    public var finalRoundCap: Int? {
        entered.map { $0.capLevel * table.scoreStep }
    }

    private func index(_ mine: Int, _ theirs: Int) -> Int {
        let step = table.scoreStep
        precondition(mine >= 0 && theirs >= 0 && mine < target && theirs < target, "totals below the target")
        precondition(mine % step == 0 && theirs % step == 0, "totals are multiples of \(step)")
        return (mine / step) * levels + theirs / step
    }
}

// MARK: - Pairs

/// The turn-start values and tie chances of every state of a win game, in the slots of `SharedSlots`: each
/// state is written by the one work item that solves it, which reads only states solved before.
struct PairResults: Sendable {
    let values: SharedSlots<Double>
    let ties: SharedSlots<Double>

    init(count: Int, value: Double = 0) {
        values = SharedSlots(repeating: value, count: count)
        ties = SharedSlots(repeating: 0, count: count)
    }
}

/// How the turn of one pair of totals is set up: its table's height and the payoff of each bank.
struct PairLayout: Sendable {
    let levels: Int
    let step: Int
    let target: Int
    let turn: WinTurn
    let entered: FinalRoundTable?
    let notEntered: FinalRoundTable?
    let enteredLeastBank: Int
    let newLeastBank: Int
    /// The rows of every turn from the target up, by lead, while solving (with a final round); `nil` when the
    /// layout only reads solved values.
    var pastTarget: PastTargetRows? = nil

    /// The payoff of banking above every pair's table: a sure win, less the final-round player's
    /// chance to roll a six of a kind that wins at once.
    var topBank: Double { 1 - (entered?.limit ?? 0) }

    /// The least bank of a player with total level `mine` (0: not entered; totals never fall).
    func leastBank(mine: Int) -> Int {
        mine == 0 ? newLeastBank : enteredLeastBank
    }

    /// The first level of turn points from which banking is allowed and wins for sure (up to the
    /// final-round cap); where the target must be hit exactly, the first level past it, from which a bank busts
    /// (`WinTurn.bustsAboveTop`).
    func top(mine: Int, theirs: Int) -> Int {
        // The rules checked that the target is a multiple of the step and every least bank meets it.
        if turn.bustsAboveTop { return levels - mine + 1 }
        let reachTarget = (target - mine * step + step - 1) / step
        let least = (leastBank(mine: mine) + step - 1) / step
        var top = max(reachTarget, least)
        if let finalRound = theirs == 0 ? notEntered : entered {
            top = max(top, finalRound.capLevel + 1 + theirs - mine)
        }
        return max(top, 1)
    }

    /// The level of turn points from which the turn of `mine` against `theirs` reads the rows past the target
    /// (`PastTargetRows`, from lead `levels - theirs`): where its turn points reach the target, if those rows are
    /// its own there, else `nil`.
    ///
    /// The rows by lead are those of the opponent's final round as an entered player, banking allowed on each: they
    /// serve a turn whose opponent has entered (or enters on the same least bank) and whose least bank the target
    /// meets.
    func pastTargetLevel(mine: Int, theirs: Int) -> Int? {
        let reachTarget = levels - mine
        let readsRows = (theirs > 0 || newLeastBank == enteredLeastBank) && reachTarget * step >= leastBank(mine: mine)
        return readsRows ? reachTarget : nil
    }

    /// Solves the pair {mine, theirs} and its mirror: the fixed point of the two turn-start values; returns the
    /// Newton steps it took.
    /// `scratch` is the caller's turn table, replaced by a larger one where the pair needs more rows.
    func solvePair(mine: Int, theirs: Int, results: PairResults, scratch: inout TurnTable) -> Int {
        let values = UnsafeBufferPointer(results.values.buffer)
        let ties = UnsafeBufferPointer(results.ties.buffer)
        let topMine = top(mine: mine, theirs: theirs)
        let topTheirs = top(mine: theirs, theirs: mine)
        let height = max(topMine, topTheirs)
        let bankMine = UnsafeMutablePointer<Double>.allocate(capacity: 4 * height)
        defer { bankMine.deallocate() }
        let tieMine = bankMine + height
        let bankTheirs = tieMine + height
        let tieTheirs = bankTheirs + height
        if scratch.rows <= height + turn.maximumJump {
            scratch.deallocate()
            scratch = TurnTable(rows: height + turn.maximumJump + 1)
        }
        let scratch = scratch
        fillBank(
            at: (mine, theirs), top: topMine, values: values, ties: ties, bank: bankMine, bankTie: tieMine)
        fillBank(
            at: (theirs, mine), top: topTheirs, values: values, ties: ties, bank: bankTheirs, bankTie: tieTheirs)

        var mineValidity = WinTurn.Validity.unbounded
        var theirsValidity = WinTurn.Validity.unbounded
        func turnMine(_ farkle: Double) -> WinTurn.Entry {
            solveTurn(
                mine: mine, theirs: theirs, top: topMine, bank: bankMine, bankTie: tieMine, farkle: farkle,
                into: scratch, validity: &mineValidity)
        }
        func turnTheirs(_ farkle: Double) -> WinTurn.Entry {
            solveTurn(
                mine: theirs, theirs: mine, top: topTheirs, bank: bankTheirs, bankTie: tieTheirs, farkle: farkle,
                into: scratch, validity: &theirsValidity)
        }

        // x = W(mine, theirs) solves x = g(x) = f_mine(1 - f_theirs(1 - x)); g is non-decreasing and
        // piecewise linear with slope below 1, so h(x) = g(x) - x falls through 0 once in [0, 1].
        var low = 0.0
        var high = 1.0
        // The plane through the neighbours of higher sums, held to a chance.
        var x = min(max(PairSweep.firstGuess(values, own: mine, other: theirs, levels: levels), 0), 1)
        var steps = 0
        var mineEntry: WinTurn.Entry
        var theirsEntry: WinTurn.Entry
        while true {
            steps += 1
            let slope: Double
            let g: Double
            if mine == theirs {
                mineEntry = turnMine(1 - x)
                theirsEntry = mineEntry
                g = mineEntry.value
                slope = -mineEntry.slope
            } else {
                theirsEntry = turnTheirs(1 - x)
                mineEntry = turnMine(1 - theirsEntry.value)
                g = mineEntry.value
                slope = mineEntry.slope * theirsEntry.slope
            }
            let residual = g - x
            if abs(residual) <= WinProbabilitySolver.tolerance * (1 - slope) || steps >= 200 { break }
            if residual > 0 { low = x } else { high = x }
            let newton = (g - slope * x) / (1 - slope)
            guard newton > low && newton < high else {
                x = (low + high) / 2
                continue
            }
            // Where both turns keep their play at the Newton point, g is affine up to it and the point
            // is the fixed point itself: move the entries there without solving the turns again.
            let theirsDelta = x - newton
            if mine == theirs {
                if mineValidity.contains(theirsDelta) {
                    mineEntry.value += mineEntry.slope * theirsDelta
                    theirsEntry = mineEntry
                    break
                }
            } else if theirsValidity.contains(theirsDelta) {
                let mineDelta = -theirsEntry.slope * theirsDelta
                if mineValidity.contains(mineDelta) {
                    theirsEntry.value += theirsEntry.slope * theirsDelta
                    mineEntry.value += mineEntry.slope * mineDelta
                    break
                }
            }
            x = newton
        }
        let mineIndex = mine * levels + theirs
        let theirsIndex = theirs * levels + mine
        results.values[mineIndex] = mineEntry.value
        if mine == theirs {
            results.ties[mineIndex] = mineEntry.aux / (1 - mineEntry.slope)
        } else {
            results.values[theirsIndex] = theirsEntry.value
            // The ties follow the converged play: t_m = c_m + p_m t_t, t_t = c_t + p_t t_m.
            let tie =
                (mineEntry.aux + mineEntry.slope * theirsEntry.aux) / (1 - mineEntry.slope * theirsEntry.slope)
            results.ties[mineIndex] = tie
            results.ties[theirsIndex] = theirsEntry.aux + theirsEntry.slope * tie
        }
        return steps
    }

    /// Solves the turn of `mine` against `theirs` (levels) into `scratch` for a farkle paying `farkle`, its
    /// table's top `top` and banks `bank` and `bankTie` below it, and sets `validity` to the farkle payoffs over
    /// which the play found stays best. Where `pastTarget` holds the rows from the target up for this farkle
    /// payoff (most pairs: those rows are most of the table), only the rows below the target are solved.
    private func solveTurn(
        mine: Int, theirs: Int, top: Int, bank: UnsafeMutablePointer<Double>, bankTie: UnsafeMutablePointer<Double>,
        farkle: Double, into scratch: TurnTable, validity: inout WinTurn.Validity
    ) -> WinTurn.Entry {
        turn.solve(
            top: top, reachTarget: pastTargetLevel(mine: mine, theirs: theirs), firstLead: levels - theirs,
            pastTarget: pastTarget,
            topBank: topBank, bank: bank, bankAux: bankTie, farkle: farkle, farkleAux: 0, into: scratch,
            validity: &validity, tracking: true)
    }
}

extension PairLayout: PlainWinGameLayout {
    /// Both totals in score steps, the mover's first.
    typealias State = (mine: Int, theirs: Int)

    func top(of state: State) -> Int { top(mine: state.mine, theirs: state.theirs) }

    func leastLevel(of state: State) -> Int { (leastBank(mine: state.mine) + step - 1) / step }

    /// Below the target the opponent moves next at the new pair; from the target on, the game ends after the
    /// opponent's final round, if any.
    func bank(
        _ level: Int, at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        let total = state.mine + level
        guard total >= levels else {
            let next = state.theirs * levels + total
            return (1 - values[next], ties[next])
        }
        return FinalRoundTable.bankReachingTarget(
            total: total, theirs: state.theirs, finalRound: state.theirs == 0 ? notEntered : entered)
    }

    /// The opponent moves next at the same pair.
    func farkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        let next = state.theirs * levels + state.mine
        return (1 - values[next], ties[next])
    }
}
