/// The two-player race won at the target at once, solved for the chance to win, each player with a dice set.
///
/// W_p(a, b) is the chance that player p, about to take a turn with `a` points
/// against the opponent's `b`, wins under best play by both (totals in score
/// steps). A turn is solved over (turn points, dice of each kind left) like
/// `CappedScoreSolver`, but a bank of t is worth 1 if it reaches the target and
/// 1 − W_q(b, a + t) otherwise, and a farkle 1 − W_q(b, a).
///
/// Totals only grow except through a farkle, which hands the same pair of totals
/// to the other player, so pairs are solved from the highest sum of totals down,
/// each pair's two unknowns W_p(a, b) and W_q(b, a) together. For a fixed play
/// each is linear in what a farkle is worth (the slope is the chance of a farkle),
/// so each step solves the two linear equations exactly and plays the turns again
/// with the result, until the values change by less than 1e-15 (at most 100 steps;
/// the play is then the same twice in a row). The first step plays against a guess
/// extrapolated from the neighbouring pairs already solved. The pairs of one sum
/// depend only on higher sums, so they can be solved on several threads at once.
///
/// Supported where a player may bank after any keep with any dice left, with no
/// minimum bank, entry minimum, six-dice farkle, penalty or a six of a kind that wins (`kcd`), and races of at most
/// `WinProbabilitySolver.maximumStates` pairs of totals: `refusal(for:)`.
@_spi(Kernels) public struct LoadedWinSolver: Sendable {
    /// The dice of each player, player 0 (who starts) first.
    package let outcomes: [DiceSetOutcomes]
    /// The target of the race.
    package let target: Int
    /// The number of score steps to the target: totals are 0..<levels.
    let levels: Int
    /// The largest change of the last step of any pair's iteration: how far from converged the values are.
    package let largestLastChange: Double
    /// The least total of player 0 and of player 1 solved for (0 and 0: the whole game).
    let lowestTotals: [Int]

    /// W_p(a, b) at `values[p][a * levels + b]`, totals in score steps.
    let values: [[Double]]

    /// Whether the solver supports `rules`: a race won at the target at once, banking after any keep.
    package static func supports(_ rules: RuleSet) -> Bool {
        refusal(for: rules) == nil
    }

    /// What the solver needs that `rules` lack, or why their race is too large to hold, in words for "the advice
    /// to win with dice sets ...", or `nil` when it supports them.
    ///
    /// - Complexity: Builds the scoring table of `rules` (milliseconds).
    package static func refusal(for rules: RuleSet) -> String? {
        let supported =
            DiceSet.refusal(toPlay: rules) == nil && rules.turn.minimumBank == 0 && rules.turn.sixDiceFarkle == nil
            && rules.turn.threeFarklePenalty == nil && !rules.turn.hotDiceMandatory
            && rules.turn.bankingDiceLeft == [1, 2, 3, 4, 5] && rules.game.entryMinimum == 0
        guard supported else {
            return "needs a race won at the target at once, banking after any keep, with no minimum bank, entry "
                + "minimum, six-dice farkle, penalty or six 1s that win (as in kcd); rules '\(rules.name)' differ"
        }
        // Two values a pair of totals, all held at once: bounded as the plain race is, before anything is allocated.
        guard let target = rules.game.end.target else { return nil }
        let step = ScoringTable(rules: rules).scoreStep
        let pairs = WinProbabilitySolver.pairs(levels: TurnMechanics.levels(below: target, step: step))
        let limit = WinProbabilitySolver.maximumStates
        guard pairs > limit else { return nil }
        return "cannot solve a race to \(target) in steps of \(step): its "
            + (pairs == .max ? "" : "\(pairs) ") + "pairs of totals are more than the \(limit) a win "
            + "solve holds (about 1 GiB); lower the target"
    }

    /// Solves the race between the sets of `outcomes` (two, on the same scoring table).
    ///
    /// With `lowestTotals` above 0 only the pairs of totals at least those are solved: totals never fall, so
    /// they are every pair a game from there can reach, and a turn in the middle of a game (`advise`) costs a
    /// fraction of the whole game's solve. Values and turns are then available for those totals only.
    ///
    /// - Parameters:
    ///   - outcomes: The two players' dice, player 0 (who starts) first, on the same scoring table.
    ///   - threads: The number of threads to spread each sum's pairs over (1: this thread only). The values do
    ///     not depend on it: each pair is solved from pairs of higher sums alone, by one thread.
    ///   - lowestTotals: The least total of player 0 and of player 1 to solve for, in points.
    ///   - progress: Told the share of the pairs of totals solved, on the calling thread after each sum of totals.
    /// - Precondition: two players; `supports(outcomes[0].table.rules)`; `threads` ≥ 1; `lowestTotals` are two
    ///   multiples of the score step, at least 0 and below the target.
    public init(
        outcomes: [DiceSetOutcomes], threads: Int = 1, lowestTotals: [Int] = [0, 0],
        progress: ((Double) -> Void)? = nil
    ) {
        precondition(outcomes.count == 2, "two players")
        precondition(threads >= 1, "at least one thread")
        let rules = outcomes[0].table.rules
        precondition(Self.supports(rules), "a race won at the target, banking after any keep")
        let target = rules.game.end.target ?? 0
        let step = outcomes[0].table.scoreStep
        let levels = (target + step - 1) / step
        precondition(
            lowestTotals.count == 2 && lowestTotals.allSatisfy { $0 >= 0 && $0 < target && $0 % step == 0 },
            "two totals below the target, multiples of \(step)")
        let lowest = (lowestTotals[0] / step, lowestTotals[1] / step)
        let results = PairValues(count: levels * levels)
        // Each worker has its own two turn tables, reused from sum to sum, and its own largest change.
        let workers = SharedSlots(
            (0..<PairSweep.workers(threads: threads, levels: levels)).map { _ in
                PairWorker(outcomes: outcomes, levels: levels)
            })
        PairSweep.run(levels: levels, workers: workers, lowest: lowest, progress: progress) { worker, own, other in
            worker.solvePair(own: own, other: other, results: results)
        }
        self.outcomes = outcomes
        self.lowestTotals = lowestTotals
        self.target = target
        self.levels = levels
        self.values = [results.values[0].values, results.values[1].values]
        self.largestLastChange = workers.values.map({ $0.largestChange }).max() ?? 0
    }

    /// The whole game's solution from its parts, as a policy file holds them (`WinPolicyFile`).
    init(outcomes: [DiceSetOutcomes], target: Int, levels: Int, largestLastChange: Double, values: [[Double]]) {
        self.outcomes = outcomes
        self.target = target
        self.levels = levels
        self.largestLastChange = largestLastChange
        lowestTotals = [0, 0]
        self.values = values
    }

    /// W_p(a, b): the chance that `player`, about to move with `own` points against `opponent`, wins.
    ///
    /// - Precondition: both totals are multiples of the score step below the target, and solved for
    ///   (`isSolved(player:own:opponent:)`).
    package func winProbability(player: Int, own: Int, opponent: Int) -> Double {
        precondition(isSolved(player: player, own: own, opponent: opponent), "totals solved for")
        let step = outcomes[0].table.scoreStep
        return values[player][(own / step) * levels + opponent / step]
    }

    /// Whether the totals are among those solved: `player`'s `own` at least its lowest total, and the
    /// opponent's at least theirs.
    func isSolved(player: Int, own: Int, opponent: Int) -> Bool {
        own >= lowestTotals[player] && opponent >= lowestTotals[1 - player]
    }

    /// The chance that player 0, who starts, wins the game from 0 to 0.
    ///
    /// - Precondition: the whole game is solved (`lowestTotals` 0 and 0).
    public var firstPlayerWinProbability: Double {
        precondition(lowestTotals == [0, 0], "the whole game solved")
        return values[0][0]
    }
}

// MARK: - Pairs

/// One thread's turn tables and the largest last change of the pairs it solved.
private struct PairWorker {
    private var turns: [LoadedTurnTable]
    private let levels: Int
    private(set) var largestChange = 0.0

    init(outcomes: [DiceSetOutcomes], levels: Int) {
        turns = outcomes.map { LoadedTurnTable(outcomes: $0, levels: levels) }
        self.levels = levels
    }

    /// Solves W_0(own, other) and W_1(other, own) together (see `LoadedWinSolver`).
    mutating func solvePair(own: Int, other: Int, results: PairValues) {
        let values = (results.values[0].buffer, results.values[1].buffer)
        let rivals = (UnsafeBufferPointer(values.1), UnsafeBufferPointer(values.0))
        // Unknowns: x0 = W_0(own, other), x1 = W_1(other, own).
        var x1 = PairSweep.firstGuess(UnsafeBufferPointer(values.1), own: other, other: own, levels: levels)
        var x0 = 0.5
        var change = 1.0
        var steps = 0
        while change > 1e-15 && steps < 100 {
            let f0 = 1 - x1
            let first = turns[0].solve(own: own, other: other, farkle: f0, rivalValues: rivals.0)
            let f1 = 1 - first.value
            let second = turns[1].solve(own: other, other: own, farkle: f1, rivalValues: rivals.1)
            let a0 = first.value + first.slope * (1 - f0)
            let a1 = second.value + second.slope * (1 - f1)
            let next0 = (a0 - first.slope * a1) / (1 - first.slope * second.slope)
            let next1 = a1 - second.slope * next0
            change = max(abs(next0 - x0), abs(next1 - x1))
            x0 = next0
            x1 = next1
            steps += 1
        }
        largestChange = max(largestChange, change)
        values.0[own * levels + other] = x0
        values.1[other * levels + own] = x1
    }
}

// MARK: - One turn

/// The turn of one player for one pair of totals, with buffers reused from pair to pair.
///
/// Values are chances to win: a bank of `level` steps is worth 1 − W_rival(other, own + level), a bank that
/// reaches the target 1, a farkle `farkle`. Rows 0..<(levels − own) are those of the last pair computed.
///
/// The hot loop reads a compact copy of the outcomes (each option as the offset of the entry it leads to,
/// relative to the current row) and value and slope side by side. Rows from the target up, as far as the
/// largest keep reaches, hold a win (value 1, slope 0), so a keep never needs a test for reaching the target; where
/// the target must be hit exactly only the target's row does, and the rows past it hold a bust (the farkle's worth,
/// slope 1).
struct LoadedTurnTable {
    /// One option of a group, for the hot loop.
    struct Keep {
        /// `steps * stateCount + next`: the entry it leads to, from the entry of the current row and state 0.
        let offset: Int32
    }

    let outcomes: DiceSetOutcomes
    let levels: Int
    /// (value, slope) of every (level, state) under the play, at `level * stateCount + state`: the value, and
    /// its slope in the farkle's worth, the chance that the turn ends in a farkle. Rows up to `levels + reach`.
    private(set) var entries: [SIMD2<Double>]
    /// What rolling the dice of the state is worth under the play.
    var roll: [Double]
    /// Whether the play banks.
    var banks: [Bool]
    /// The largest keep in score steps, plus one: the rows past the target a keep can reach.
    private let reach: Int
    /// The groups of state `s` are `groupStart[s]..<groupStart[s + 1]`.
    private let groupStart: [Int32]
    /// The options of group `g` are `optionStart[g]..<optionStart[g + 1]` of `keeps`.
    private let optionStart: [Int32]
    private let keeps: [Keep]

    init(outcomes: DiceSetOutcomes, levels: Int) {
        self.outcomes = outcomes
        self.levels = levels
        let states = outcomes.stateCount
        var groupStart: [Int32] = [0]
        for state in 0..<states {
            let groups = outcomes.groups(of: state)
            precondition(groups.lowerBound == Int(groupStart[state]), "the groups of each state follow the last")
            groupStart.append(Int32(groups.upperBound))
        }
        var optionStart: [Int32] = [0]
        var keeps: [Keep] = []
        var reach = 1
        for group in 0..<outcomes.groupCount {
            for option in outcomes.options(of: group) {
                keeps.append(
                    Keep(offset: Int32(option.steps * states + option.next)))
                reach = max(reach, option.steps + 1)
            }
            optionStart.append(Int32(keeps.count))
        }
        self.groupStart = groupStart
        self.optionStart = optionStart
        self.keeps = keeps
        self.reach = reach
        entries = Array(repeating: .zero, count: (levels + reach) * states)
        roll = Array(repeating: 0, count: levels * states)
        banks = Array(repeating: false, count: levels * states)
    }

    /// The value under the play of the entry at `index` (`level * stateCount + state`).
    func value(at index: Int) -> Double { entries[index].x }

    /// How the turn solved last ends under its best play, followed forward from the opening roll: `banked[level]` the
    /// chance to bank `level` score steps, the keeps that reach `top` (the target: they win) together at
    /// `banked[top]`, and the chance to farkle. The dice-set counterpart of `WinTurn.endings(of:top:)`.
    ///
    /// - Precondition: the last solve was at a pair whose target is `top` levels of turn points away.
    func endings(top: Int) -> (banked: [Double], farkle: Double) {
        let states = outcomes.stateCount
        let busts = outcomes.table.rules.game.mustHitTargetExactly
        var banked = [Double](repeating: 0, count: top + 1)
        var farkle = 0.0
        // going[level * states + state]: the chance to roll the dice of `state` with `level` steps of turn points.
        var going = [Double](repeating: 0, count: top * states)
        going[outcomes.fullState] = 1
        let (farkles, probabilities) = (outcomes.farkleProbability, outcomes.groupProbability)
        for level in 0..<top {
            let row = level * states
            for state in 1..<states {
                let chance = going[row + state]
                guard chance > 0 else { continue }
                farkle += chance * farkles[state]
                for group in Int(groupStart[state])..<Int(groupStart[state + 1]) {
                    // The keep the solve took: the highest value, the first on equal values.
                    var best = -Double.infinity
                    var reached = 0
                    for option in Int(optionStart[group])..<Int(optionStart[group + 1]) {
                        let index = row + Int(keeps[option].offset)
                        if entries[index].x > best {
                            best = entries[index].x
                            reached = index
                        }
                    }
                    let weight = chance * probabilities[group]
                    if reached >= (top + 1) * states && busts {
                        // Past a target hit exactly: the bank busts, a farkle of the turn.
                        farkle += weight
                    } else if reached >= top * states {
                        banked[top] += weight
                    } else if banks[reached] {
                        banked[reached / states] += weight
                    } else {
                        going[reached] += weight
                    }
                }
            }
        }
        return (banked, farkle)
    }

    /// The value of the turn from its opening roll under best play and its slope in `farkle` (the chance of a
    /// farkle): the value is linear in `farkle` as long as the play does not depend on it.
    ///
    /// A keep that reaches the target is worth `won` (1, a win, but for `LoadedWinBound`).
    mutating func solve(own: Int, other: Int, farkle: Double, rivalValues: [Double], won: Double = 1) -> (
        value: Double, slope: Double
    ) {
        rivalValues.withUnsafeBufferPointer { rivalValues in
            solve(own: own, other: other, farkle: farkle, rivalValues: rivalValues, won: won)
        }
    }

    /// `solve(own:other:farkle:rivalValues:won:)` reading the rival's values from a buffer.
    mutating func solve(
        own: Int, other: Int, farkle: Double, rivalValues: UnsafeBufferPointer<Double>, won: Double = 1
    ) -> (value: Double, slope: Double) {
        let states = outcomes.stateCount
        let race = LoadedRaceLayout(levels: levels)
        let top = race.top(of: (own, other))
        let full = outcomes.fullState
        // Keeps that reach the target bank the win; where it must be hit exactly (`GameRules.bankBusts`), only
        // those that hit it: past it every bank busts, and rolling on only goes further, so such a state is worth
        // the farkle's payoff (slope 1 in it).
        let busts = outcomes.table.rules.game.mustHitTargetExactly
        for index in (top * states)..<((top + reach) * states) {
            entries[index] = busts && index >= (top + 1) * states ? SIMD2(farkle, 1) : SIMD2(won, 0)
        }
        var opening = (value: 0.0, slope: 0.0)
        let (farkles, probabilities) = (outcomes.farkleProbability, outcomes.groupProbability)
        // Unchecked reads in the loop over options: every index was checked when the table was built.
        groupStart.withUnsafeBufferPointer { groupStart in
            optionStart.withUnsafeBufferPointer { optionStart in
                keeps.withUnsafeBufferPointer { keeps in
                    probabilities.withUnsafeBufferPointer { probabilities in
                        entries.withUnsafeMutableBufferPointer { entries in
                            for level in stride(from: top - 1, through: 0, by: -1) {
                                // A bank of `level` steps: the rival moves next with our new total.
                                let bank =
                                    level < race.leastLevel(of: (own, other))
                                    ? -Double.infinity
                                    : race.bank(level, at: (own, other), values: rivalValues, ties: rivalValues).value
                                let row = level * states
                                for state in 1..<states {
                                    var sum = SIMD2(farkles[state] * farkle, farkles[state])
                                    for group in Int(groupStart[state])..<Int(groupStart[state + 1]) {
                                        var best = -Double.infinity
                                        var chosen = SIMD2<Double>.zero
                                        // The option of the highest value, the first on equal values.
                                        for option in Int(optionStart[group])..<Int(optionStart[group &+ 1]) {
                                            let candidate = entries[row &+ Int(keeps[option].offset)]
                                            if candidate.x > best {
                                                best = candidate.x
                                                chosen = candidate
                                            }
                                        }
                                        sum += probabilities[group] * chosen
                                    }
                                    if level == 0 && state == full { opening = (sum.x, sum.y) }
                                    let index = row + state
                                    roll[index] = sum.x
                                    // On equal values it banks.
                                    let banking = bank >= sum.x
                                    entries[index] = banking ? SIMD2(bank, 0) : sum
                                    banks[index] = banking
                                }
                            }
                        }
                    }
                }
            }
        }
        return opening
    }
}

/// The race with a dice set per seat as `WinGameLayout` sees it: each seat's values apart (`values[p][own * levels
/// + other]`, the chance to win of seat p to move), so a turn reads the rival seat's values; no ties, no final
/// round, banking after any keep.
struct LoadedRaceLayout: WinGameLayout {
    /// The mover's total and the rival's, in score steps.
    typealias State = (own: Int, other: Int)

    /// The totals below the target, in score steps.
    let levels: Int

    /// A bank that reaches the target wins at once.
    var topBank: Double { 1 }

    func top(of state: State) -> Int { levels - state.own }

    /// Any keep may be banked; a turn without one has nothing to bank.
    func leastLevel(of state: State) -> Int { 1 }

    /// The rival moves next with the new total: `values` are the rival's.
    func bank(
        _ level: Int, at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        (1 - values[state.other * levels + state.own + level], 0)
    }

    /// The rival moves next at the same totals: `values` are the rival's.
    func farkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        (1 - values[state.other * levels + state.own], 0)
    }
}
