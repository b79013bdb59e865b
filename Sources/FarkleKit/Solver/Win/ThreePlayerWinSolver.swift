/// The exact solution of a three-player race played to win: every player maximizes their own chance to win, and
/// that chance of each player at every set of totals.
///
/// The state between turns is the three totals, the mover's first, then the player after, then the last
/// (`TrioLayout`); inside a turn, the turn points and the dice to roll, the turn of `WinTurn` as in the
/// two-player games. The mover maximizes their own chance; the turn follows the same decisions with a second
/// payoff, the next player's chance (the last player's is what is left: a race without a final round has no
/// ties). A bank raises the sum of the totals; a farkle hands the turn on with the same totals, so the three
/// rotations of a set of totals, (a, b, c), (b, c, a), (c, a, b), form a loop through farkles and are solved
/// together: by Newton's step on the loop (its three turns solved once with their plays' ranges, and the loop's
/// fixed point under those plays solved as a linear system), or, where the plays do not settle, by repeating
/// the three turns until no chance moves by more than `tolerance`; the sets of one sum are independent and are
/// solved in parallel, from the highest sum down. <doc:PlayingToWin> says how large the game is.
///
/// Supports three players racing to a target, the first bank that reaches it winning or, with a final round, giving
/// each other player one more turn (`TrioFinalRound`: the highest total wins, equal highest totals share the win, and
/// every chance here counts a tie as its share), with any scoring, banking, hot-dice, six-dice-farkle, minimum-bank,
/// entry-minimum and six-of-a-kind-wins rules. A three-farkle penalty, a six of a kind that loses and fixed rounds
/// are not supported: `init` throws `NotCovered`.
@_spi(Kernels) public struct ThreePlayerWinSolver: Sendable {
    /// The largest change of a chance accepted as the loop's fixed point, in one repetition of its turns.
    static let tolerance = 1e-14
    /// The most repetitions of a loop's three turns, Newton's steps included: a loop that Newton's step does not
    /// settle then takes about 20 more (each repetition shrinks the change by the chance that all three turns
    /// farkle, under 0.2 in usual rules).
    static let maximumRepetitions = 1_000

    /// The scoring table the solver plays by.
    public let table: ScoringTable
    /// The target total: the first bank that reaches it wins.
    package let target: Int
    /// The number of totals below the target: 0, step, ..., (levels - 1) * step.
    let levels: Int
    let layout: TrioLayout
    /// The mover's chance at each set of totals, at `(mover * levels + next) * levels + last` (in score steps).
    let values: [Double]
    /// The next player's chance at each set of totals, laid out as `values`.
    let nextValues: [Double]
    /// The most repetitions of its three turns any loop took, Newton's steps included (one to three where the
    /// step settles the loop).
    package let maximumRepetitions: Int
    /// The largest change of a chance in a loop's last repetition; 0 where Newton's step settled every loop (its
    /// chances are then the exact fixed point of the plays found, up to rounding).
    package let largestLastChange: Double
    /// The loops whose play did not settle within `maximumRepetitions`: where no combination of the plays their
    /// repetitions went through, single or mixed, is each mover's best against the others' (`LoopPlays`). Their
    /// chances are those of the last repetition, off by about `largestLastChange`.
    package let unsettledLoops: Int
    /// The loops settled by a mover mixing two plays (`LoopPlays`): where no play of the three movers is each one's
    /// best against the others' (each best reply changes another's), so that best replies go round; there a mover
    /// whose two plays are worth the same to it plays each with the chance that lets the others' plays settle. Its
    /// chances are then exact, as every other loop's; 3 of the 21,000 loops of `cardgames` raced to 2,000.
    package let mixedLoops: Int
    /// The slot of one set of totals of each loop settled by mixing, in the order of the slots; empty for a solution
    /// read from a policy file.
    package let mixedLoopSets: [Int]
    /// The number of (totals, turn points, dice) states tabulated.
    public let stateCount: Int
    /// The repetitions of three turns (Newton's steps included) over every loop, and the loops: their ratio is the
    /// turn solves per set of totals.
    package let repetitionTotals: (repetitions: Int, loops: Int)

    /// Solves the three-player race of `rules`.
    ///
    /// - Parameters:
    ///   - rules: Three players racing to a target.
    ///   - threads: The number of threads to spread each sum's sets of totals over (1: this thread only).
    ///   - progress: Called on this thread with the share of the sets of totals solved, after each sum.
    /// - Throws: `NotCovered` for rules the solver does not cover, or a game too large.
    /// - Complexity: About levels³ / 3 loops of three turns each, levels being the target in score steps; with a
    ///   final round each turn also holds the rows past the target up to the final round's caps (about 880 more in
    ///   `standard`'s scoring).
    package init(rules: RuleSet, threads: Int = 2, progress: ((Double) -> Void)? = nil)
        throws(NotCovered)
    {
        try self.init(table: ScoringTable(rules: rules), threads: threads, progress: progress)
    }

    /// Checks that the solver covers `rules`, without solving.
    ///
    /// - Throws: `NotCovered` as `init(rules:threads:progress:)` would.
    package static func check(_ rules: RuleSet) throws(NotCovered) {
        try TrioLayout.check(ScoringTable(rules: rules))
    }

    /// Solves the three-player race of `table`'s rules; see `init(rules:threads:progress:)`.
    public init(table: ScoringTable, threads: Int = 2, progress: ((Double) -> Void)? = nil)
        throws(NotCovered)
    {
        let layout = try TrioLayout(table: table, threads: threads)
        let levels = layout.levels
        let count = levels * levels * levels
        let own = SharedSlots(repeating: 0.0, count: count)
        let next = SharedSlots(repeating: 0.0, count: count)
        // 16 bytes a set, as the chances: at most `maximumRepetitions` fits 32 bits.
        let loops = SharedSlots(repeating: (repetitions: Int32(0), mixed: false, change: 0.0), count: count)
        let total = Double(count)
        var solved = 0
        progress?(0)
        for sum in stride(from: 3 * (levels - 1), through: 0, by: -1) {
            let sets = layout.rotationSets(sum: sum)
            // Work item i writes the three rotations of sets[i] (and their slot in `loops`); it reads sets of
            // higher sums only, solved by earlier calls.
            Parallel.forEach(sets.count, threads: threads) { item in
                let loop = layout.solveLoop(sets[item], own: own, next: next)
                loops[layout.index(sets[item])] = (Int32(loop.repetitions), loop.mixed, loop.change)
            }
            solved += sets.reduce(0) { $0 + layout.rotationCount($1) }
            progress?(Double(solved) / total)
        }
        var states = layout.finalRound?.stateCount ?? 0
        for mover in 0..<levels {
            for other in 0..<levels {
                for last in 0..<levels { states += layout.top(of: (mover, other, last)) * DiceCounts.maximumDice }
            }
        }
        let results = loops.values
        // Only the slot of each loop's first set is written (the others stay 0 repetitions).
        let solvedLoops = results.filter { $0.repetitions > 0 }
        self.init(
            table: table, layout: layout, values: own.values, nextValues: next.values,
            loops: LoopFigures(
                maximumRepetitions: Int(results.map({ $0.repetitions }).max() ?? 0),
                unsettledLoops: results.filter { $0.change > Self.tolerance }.count,
                mixedLoops: results.filter({ $0.mixed }).count,
                mixedLoopSets: results.indices.filter { results[$0].mixed },
                largestLastChange: results.map({ $0.change }).max() ?? 0,
                repetitions: solvedLoops.reduce(0) { $0 + Int($1.repetitions) }, loops: solvedLoops.count),
            stateCount: states)
    }

    /// What the loops of rotations took, over the whole solve.
    struct LoopFigures {
        let maximumRepetitions: Int
        let unsettledLoops: Int
        let mixedLoops: Int
        var mixedLoopSets: [Int] = []
        let largestLastChange: Double
        let repetitions: Int
        let loops: Int
    }

    /// A solution from its chances (solved, or read from a policy file) laid out as `layout` reads them.
    ///
    /// - Precondition: levels³ chances of each kind.
    init(
        table: ScoringTable, layout: TrioLayout, values: [Double], nextValues: [Double], loops: LoopFigures,
        stateCount: Int
    ) {
        let levels = layout.levels
        precondition(values.count == levels * levels * levels && nextValues.count == values.count, "every set")
        self.table = table
        target = layout.target
        self.levels = levels
        self.layout = layout
        self.values = values
        self.nextValues = nextValues
        maximumRepetitions = loops.maximumRepetitions
        unsettledLoops = loops.unsettledLoops
        mixedLoops = loops.mixedLoops
        mixedLoopSets = loops.mixedLoopSets
        largestLastChange = loops.largestLastChange
        repetitionTotals = (loops.repetitions, loops.loops)
        self.stateCount = stateCount
    }

    // MARK: - Chances

    /// Each player's chance to win from the start of a turn, the mover first, then the player after, then the
    /// last, when all three play to win (with a final round, a tie counted as its share); the three add up to 1.
    ///
    /// - Precondition: the totals, mover's first, are multiples of the score step in `0..<target`.
    package func winProbabilities(totals: [Int]) -> [Double] {
        let step = table.scoreStep
        precondition(
            totals.count == 3 && totals.allSatisfy { $0 >= 0 && $0 < target && $0 % step == 0 },
            "three totals below the target, multiples of \(step)")
        let index = layout.index((totals[0] / step, totals[1] / step, totals[2] / step))
        return [values[index], nextValues[index], 1 - values[index] - nextValues[index]]
    }

    /// The last turn of the player with `myScore` in the final round, the opponents' totals `opponents` in playing
    /// order, one of them at least the target (`WinTurnTable.lastTurn`, its last player's turn read from this game's
    /// final round); `nil` without a final round or where no opponent has reached the target.
    ///
    /// - Precondition: `myScore` below the target; the opponents' totals multiples of the score step.
    func finalRoundTurnTable(myScore: Int, opponents: [Int]) -> WinTurnTable? {
        guard let finalRound = layout.finalRound else { return nil }
        let least = (myScore > 0 ? layout.enteredLeastBank : layout.newLeastBank)
        return WinTurnTable.lastTurn(
            of: layout.turn, table: table, target: target, myScore: myScore, opponents: opponents, leastBank: least,
            lastTurns: (finalRound.half[0], finalRound.half[1]))
    }

    /// The chance of each seat to win the game from its start, seat 1 moving first.
    public var seatWinProbabilities: [Double] { winProbabilities(totals: [0, 0, 0]) }

    /// The head starts for seats 2 and 3 (points, in score steps of the rules, below the target) that make the
    /// game as fair as possible: the pair whose seats' chances stray least from a third (the largest of the
    /// three distances smallest), with those chances. A head start counts as having entered.
    package var fairHeadStarts: (second: Int, third: Int, winProbabilities: [Double]) {
        let step = table.scoreStep
        var best = (second: 0, third: 0, winProbabilities: seatWinProbabilities)
        func unfairness(_ chances: [Double]) -> Double { chances.map { abs($0 - 1.0 / 3) }.max() ?? 0 }
        for second in 0..<levels {
            for third in 0..<levels {
                let chances = winProbabilities(totals: [0, second * step, third * step])
                if unfairness(chances) < unfairness(best.winProbabilities) {
                    best = (second * step, third * step, chances)
                }
            }
        }
        return best
    }
}

/// The three-player race as the win solvers lay games out: the three totals in score steps, the mover's first,
/// and what banking and farkling lead to.
struct TrioLayout: Sendable {
    let levels: Int
    let step: Int
    let target: Int
    let turn: WinTurn
    let enteredLeastBank: Int
    let newLeastBank: Int

    /// The last turns of a final round, or `nil` in a race won by the first bank that reaches the target.
    let finalRound: TrioFinalRound?

    /// The layout of `table`'s rules, refused where the solver does not cover them, its final round (if any) solved
    /// on `threads` threads.
    init(table: ScoringTable, threads: Int) throws(NotCovered) {
        let rules = try Self.check(table)
        let mechanics = table.turnMechanics
        step = mechanics.scoreStep
        levels = rules.levels
        target = rules.target
        turn = WinTurn(table: table)
        enteredLeastBank = mechanics.leastBank(entryMinimum: table.rules.game.entryMinimum, hasEntered: true)
        newLeastBank = mechanics.leastBank(entryMinimum: table.rules.game.entryMinimum, hasEntered: false)
        finalRound =
            rules.finalRound
            ? try TrioFinalRound(
                turn: turn, newLeastBank: newLeastBank, enteredLeastBank: enteredLeastBank, levels: levels,
                rules: table.rules, threads: threads) : nil
    }

    /// The target, its levels and the final round of `table`'s rules, refused where the solver does not cover them
    /// or the race is too large.
    @discardableResult
    static func check(_ table: ScoringTable) throws(NotCovered) -> (
        target: Int, levels: Int, finalRound: Bool
    ) {
        let rules = table.rules
        guard rules.game.players == 3 else {
            throw .init(description: "the three-player solver handles 3 players, not \(rules.game.players)")
        }
        guard case .target(let target, let finalRound) = rules.game.end else {
            throw .init(description: "the three-player solver handles races to a target, not fixed rounds")
        }
        guard rules.turn.threeFarklePenalty == nil, rules.game.instantLossFaces.isEmpty else {
            throw .init(
                description: "the three-player solver handles neither a three-farkle penalty nor a six of a kind "
                    + "that loses (rules '\(rules.name)')")
        }
        let step = table.scoreStep
        let levels = TurnMechanics.levels(below: target, step: step)
        // levels³ in floating point: no overflow for any target a rule file allows.
        let states = Double(levels) * Double(levels) * Double(levels)
        try WinProbabilitySolver.checkSize(
            states: states < Double(Int.max / 2) ? Int(states) : .max,
            of: "a three-player race to \(target) in steps of \(step)")
        return (target, levels, finalRound)
    }

    /// The slot of a set of totals.
    func index(_ state: State) -> Int { (state.mine * levels + state.next) * levels + state.last }

    /// The sets of totals of `sum`, one of each loop of rotations (the least of the three in the slots' order).
    func rotationSets(sum: Int) -> [State] {
        var sets: [State] = []
        for mine in max(0, sum - 2 * (levels - 1))...min(sum, levels - 1) {
            for next in max(0, sum - mine - (levels - 1))...min(sum - mine, levels - 1) {
                let state = (mine: mine, next: next, last: sum - mine - next)
                let first = rotated(state)
                if index(state) <= index(first) && index(state) <= index(rotated(first)) { sets.append(state) }
            }
        }
        return sets
    }

    /// The state a farkle at `state` hands on: the next player moves, the same totals.
    func rotated(_ state: State) -> State { (state.next, state.last, state.mine) }

    /// The number of distinct rotations of `state`: 1 when the three totals are equal, else 3.
    func rotationCount(_ state: State) -> Int {
        state.mine == state.next && state.next == state.last ? 1 : 3
    }

    /// Solves the loop of `state`'s rotations, each farkle paid from the rotation it hands on to, and writes the
    /// three rotations' chances. Returns the repetitions of the loop's turns, the largest change in the last, and
    /// whether a mover's play mixes two plays there (`LoopPlays`).
    ///
    /// Newton's step first, as the two-player solver takes it on its loop of two: each turn solved once at the
    /// guessed chances, its play found and the farkle payoffs over which that play stays best
    /// (`WinTurn.Validity`); under those plays every chance of the loop is affine in the farkle payoffs, so the
    /// loop's fixed point is a small linear system, solved here. Where every turn keeps its play at that point,
    /// the point is the loop's exact solution; else it is the next guess. A loop whose plays have not settled
    /// after `maximumNewtonSteps` goes on by repeating its turns until no chance moves by more than
    /// `ThreePlayerWinSolver.tolerance`, as before Newton's step. One still moving after
    /// `repetitionsBeforeMixing` has best replies that go round: the plays its repetitions went through are
    /// combined, a mover at the payoff where two of its plays are worth the same mixing them
    /// (`LoopPlays.settle`), and the first combination each of whose plays is best at its own fixed point is
    /// the loop's solution. Only where none is does the loop go on repeating up to
    /// `ThreePlayerWinSolver.maximumRepetitions`.
    func solveLoop(_ state: State, own: SharedSlots<Double>, next: SharedSlots<Double>) -> (
        repetitions: Int, change: Double, mixed: Bool
    ) {
        let rotations = rotationCount(state) == 1 ? [state] : [state, rotated(state), rotated(rotated(state))]
        let tops = rotations.map(top(of:))
        let height = tops.max() ?? 1
        let banks = UnsafeMutablePointer<Double>.allocate(capacity: 2 * height * rotations.count)
        defer { banks.deallocate() }
        let scratch = TurnTable(rows: height + turn.maximumJump + 1)
        defer { scratch.deallocate() }
        let values = UnsafeBufferPointer(own.buffer)
        let nexts = UnsafeBufferPointer(next.buffer)
        for (position, rotation) in rotations.enumerated() {
            let bank = banks + 2 * height * position
            fillBank(at: rotation, top: tops[position], values: values, ties: nexts, bank: bank, bankTie: bank + height)
        }
        // A first guess from the sets of totals one step higher, solved (trilinear: exact where the chances are
        // linear in the totals nearby), held to chances; a third each at the top.
        for rotation in rotations {
            let guess = firstGuess(rotation, own: values, next: nexts)
            own[index(rotation)] = guess.own
            next[index(rotation)] = guess.next
        }
        let count = rotations.count
        let slots = rotations.map(index)
        var repetitions = 0
        // The farkle payoffs of rotation `position` at the chances in the slots: a farkle hands the turn to the next
        // rotation, where the banker-to-be is last (1 - its mover's and next player's chances) and this turn's next
        // player moves.
        func payoffs(_ position: Int) -> LoopPlays.Payoffs {
            let after = slots[(position + 1) % count]
            return (1 - own[after] - next[after], own[after])
        }
        // The turn of rotation `position` at the farkle payoffs `payoff` (the mover's, then the next player's).
        func solveTurn(_ position: Int, at payoff: LoopPlays.Payoffs, validity: inout WinTurn.Validity, tracking: Bool)
            -> WinTurn.Entry
        {
            let bank = banks + 2 * height * position
            return turn.solve(
                top: tops[position], topBank: topBank, topBankAux: topBankAux, bank: bank, bankAux: bank + height,
                farkle: payoff.farkle, farkleAux: payoff.farkleAux, into: scratch, validity: &validity,
                tracking: tracking)
        }
        var entries = [WinTurn.Entry](repeating: WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false), count: count)
        var validities = [WinTurn.Validity](repeating: .unbounded, count: count)
        while repetitions < Self.maximumNewtonSteps {
            repetitions += 1
            for position in 0..<count {
                validities[position] = .unbounded
                entries[position] = solveTurn(
                    position, at: payoffs(position), validity: &validities[position], tracking: true)
            }
            let point = Self.fixedPoint(
                entries: entries, own: slots.map { own[$0] }, next: slots.map { next[$0] })
            // The system is regular (its loop map is s₀s₁s₂ times the identity, and a turn never farkles surely);
            // should rounding ever make it not (`nil`: a zero pivot or a chance not finite), the repetition below
            // solves the loop from the guess as it stands.
            guard let point else { break }
            var keepsPlay = true
            for position in 0..<count {
                let after = (position + 1) % count
                let farkleMove = (own[slots[after]] + next[slots[after]]) - (point.own[after] + point.next[after])
                keepsPlay = keepsPlay && validities[position].contains(farkleMove)
            }
            for position in 0..<count {
                // Held to chances: a point outside the plays' ranges is only the next guess.
                let first = keepsPlay ? point.own[position] : min(max(point.own[position], 0), 1)
                own[slots[position]] = first
                next[slots[position]] = keepsPlay ? point.next[position] : min(max(point.next[position], 0), 1 - first)
            }
            // Exact for the plays found, which stay best there: the loop's solution.
            if keepsPlay { return (repetitions, 0, false) }
        }
        var change = 0.0
        // The farkle payoffs each rotation's turn met in the repetitions before mixing is tried.
        var met = [LoopPlays.PayoffsMet](repeating: .empty, count: count)
        repeat {
            repetitions += 1
            change = 0
            for position in 0..<count {
                let payoff = payoffs(position)
                if repetitions > Self.repetitionsBeforeMixing - Self.mixingWindow { met[position].add(payoff) }
                var unused = WinTurn.Validity.unbounded
                let entry = solveTurn(position, at: payoff, validity: &unused, tracking: false)
                let slot = slots[position]
                change = max(change, abs(entry.value - own[slot]), abs(entry.aux - next[slot]))
                own[slot] = entry.value
                next[slot] = entry.aux
            }
            if change > ThreePlayerWinSolver.tolerance && repetitions == Self.repetitionsBeforeMixing {
                let plays = LoopPlays(met: met) { position, payoff in
                    var validity = WinTurn.Validity.unbounded
                    let entry = solveTurn(position, at: payoff, validity: &validity, tracking: true)
                    return LoopPlays.Play(entry: entry, payoff: payoff, validity: validity)
                }
                if let settled = plays?.settle(own: slots.map { own[$0] }, next: slots.map { next[$0] }) {
                    for position in 0..<count {
                        own[slots[position]] = settled.own[position]
                        next[slots[position]] = settled.next[position]
                    }
                    // Checked once more by solving each turn there: no play is worth more to its mover.
                    repetitions += 1
                    var best = true
                    for position in 0..<count {
                        var unused = WinTurn.Validity.unbounded
                        let entry = solveTurn(position, at: payoffs(position), validity: &unused, tracking: false)
                        best = best && abs(entry.value - own[slots[position]]) <= LoopPlays.slack
                    }
                    if best { return (repetitions, 0, settled.mixers > 0) }
                }
            }
        } while change > ThreePlayerWinSolver.tolerance && repetitions < ThreePlayerWinSolver.maximumRepetitions
        return (repetitions, change, false)
    }

    /// The repetitions of a loop's turns, Newton's steps included, after which a loop still moving is settled by
    /// combining the plays it went through: a loop that Newton's step does not settle but repetition does takes
    /// about 20.
    static let repetitionsBeforeMixing = 48
    /// The last repetitions before mixing whose farkle payoffs are the range each turn's plays are taken from:
    /// longer than the rounds best replies go through.
    static let mixingWindow = 12

    /// The most Newton steps on a loop before it goes on by repeating its turns: a loop whose plays settle takes
    /// one to three.
    static let maximumNewtonSteps = 8

    /// The fixed point of a loop of `entries.count` rotations under the plays their turns were solved with, at the
    /// chances `own` and `next` (the mover's and the next player's, by rotation): each entry's value is then
    /// o = o₀ + s (z − z₀) and its second payoff n = n₀ + s (w − w₀) in its farkle payoffs z = 1 − o' − n' and
    /// w = o' of the rotation after it (s the entry's slope, the chance to end the turn in a farkle; z₀, w₀ those
    /// at the guess): 2k linear equations in the 2k chances, solved by elimination with partial pivoting.
    static func fixedPoint(entries: [WinTurn.Entry], own: [Double], next: [Double]) -> (
        own: [Double], next: [Double]
    )? {
        let count = entries.count
        let size = 2 * count
        // Row-major [size][size + 1]: unknown 2r is o_r, 2r + 1 is n_r.
        var matrix = [Double](repeating: 0, count: size * (size + 1))
        let width = size + 1
        for position in 0..<count {
            let after = (position + 1) % count
            let entry = entries[position]
            let slope = entry.slope
            let farkle = 1 - own[after] - next[after]
            // o_r + s o_after + s n_after = value - s z₀ + s
            let ownRow = 2 * position * width
            matrix[ownRow + 2 * position] += 1
            matrix[ownRow + 2 * after] += slope
            matrix[ownRow + 2 * after + 1] += slope
            matrix[ownRow + size] = entry.value - slope * farkle + slope
            // n_r - s o_after = aux - s w₀
            let nextRow = (2 * position + 1) * width
            matrix[nextRow + 2 * position + 1] += 1
            matrix[nextRow + 2 * after] -= slope
            matrix[nextRow + size] = entry.aux - slope * own[after]
        }
        guard let solution = LoopPlays.solve(&matrix, size: size) else { return nil }
        return (
            (0..<count).map { solution[2 * $0] }, (0..<count).map { solution[2 * $0 + 1] }
        )
    }
}

extension TrioLayout {
    /// A first guess of the chances at `state` from the states one step higher in each total, all of higher sums
    /// (the trilinear extrapolation through the seven of them), or a third each where a total is at the top.
    func firstGuess(_ state: State, own: UnsafeBufferPointer<Double>, next: UnsafeBufferPointer<Double>) -> (
        own: Double, next: Double
    ) {
        guard state.mine + 1 < levels, state.next + 1 < levels, state.last + 1 < levels else {
            return (1.0 / 3, 1.0 / 3)
        }
        var guess = (own: 0.0, next: 0.0)
        for corner in 1..<8 {
            let up = (state.mine + (corner & 1), state.next + (corner >> 1 & 1), state.last + (corner >> 2))
            // Odd corners (one or three totals up) add, even ones (two up) subtract.
            let sign = corner.nonzeroBitCount % 2 == 1 ? 1.0 : -1.0
            guess.own += sign * own[index(up)]
            guess.next += sign * next[index(up)]
        }
        let first = min(max(guess.own, 0), 1)
        return (first, min(max(guess.next, 0), 1 - first))
    }
}

extension TrioLayout: PlainWinGameLayout {
    /// The three totals in score steps: the mover's, the next player's, the last player's.
    typealias State = (mine: Int, next: Int, last: Int)

    /// A bank that reaches the target wins at once; with a final round, a bank past both caps is worth what the
    /// two last turns leave against any total (`TrioFinalRound.saturated`).
    var topBank: Double { finalRound?.saturated.banker ?? 1 }

    /// The next player's share of such a bank.
    var topBankAux: Double { finalRound?.saturated.next ?? 0 }

    func top(of state: State) -> Int {
        // A target hit exactly: the first level past it, from which a bank busts (`WinTurn.bustsAboveTop`).
        if turn.bustsAboveTop { return levels - state.mine + 1 }
        let top = max(levels - state.mine, leastLevel(of: state), 1)
        guard let finalRound else { return top }
        // Past the target a bank's worth changes until it leads the next player by the lead cap and the last by the
        // deficit cap.
        return max(top, state.next + finalRound.leadCap - state.mine, state.last + finalRound.deficitCap - state.mine)
    }

    func leastLevel(of state: State) -> Int {
        ((state.mine == 0 ? newLeastBank : enteredLeastBank) + step - 1) / step
    }

    /// Below the target the next player moves at (next, last, mine + level): the banker is then the last
    /// player, with what the other two leave; the second payoff (`ties` here) is the next player's chance. At or
    /// past it, the two last turns of the final round.
    func bank(
        _ level: Int, at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        let total = state.mine + level
        if total >= levels, let finalRound {
            let shares = finalRound.shares(
                lead: total - state.next, deficit: total - state.last, nextEntered: state.next > 0,
                lastEntered: state.last > 0)
            return (shares.banker, shares.next)
        }
        // The bank that hits a target to hit exactly wins at once (the only bank at the target below a table's top).
        if total >= levels { return (1, 0) }
        let after = index((state.next, state.last, total))
        return (1 - values[after] - ties[after], values[after])
    }

    /// The next player moves at the same totals.
    func farkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        let after = index(rotated(state))
        return (1 - values[after] - ties[after], values[after])
    }
}
