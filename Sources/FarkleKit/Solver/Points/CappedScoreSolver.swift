/// The turn that maximizes E[min(turn points, cap)], solved exactly, for any dice set.
///
/// In a race where the first bank that reaches the target wins at once (`kcd`),
/// points past the target are worth nothing: a player with `total` points plays
/// best for the expected points toward the target, E[min(turn points, target −
/// total)]. `cap` is that distance. The state is (turn points, dice of each kind
/// left), `DiceSetOutcomes` numbering the dice; V(t, s) is the expected capped
/// points under best play with t turn points and the dice of state s to roll,
/// R(t, s) the same when rolling now.
///
/// Every keep adds at least one score step, so t only grows: rows of t are solved
/// from the top down, each from higher rows only, with no iteration. From
/// `max(cap, minimum bank)` on, a bank takes the whole cap, so V(t, s) is `cap`
/// times the chance q(s) of reaching a state that may bank before a farkle
/// (1 wherever banking is allowed; a short fixed-point iteration otherwise,
/// converged to 1e-15).
///
/// Where the rules make a race's target be hit exactly (`GameRules.mustHitTargetExactly`), a bank past the cap busts:
/// it is worth 0, so the table runs to the cap itself, and past it V = 0.
///
/// Without a cap (`init(expectedPointsOf:)`, `ev` with a dice set) it maximizes the turn's expected points, and
/// the table stops where the lines of the turn's tail take over: `LinearTail`, the one solution of the tail for
/// ordinary dice and dice sets alike (`TailStates`).
public struct CappedScoreSolver: Sendable {
    /// The dice set's rolls and the scoring table.
    package let outcomes: DiceSetOutcomes
    /// The points a bank can be worth at most (the target less the player's total); `Int.max` without a cap.
    package let cap: Int
    /// E[min(turn points, cap)] under best play, from the opening roll of the whole set.
    ///
    /// Counts the six-dice farkle of an opening roll where the rules have one.
    @_spi(Kernels) public let openingValue: Double

    private let mechanics: TurnMechanics
    /// Levels 0..<topLevel are tabulated; from `topLevel` on V(t, s) = cap · reach[s], or 0 where a bank past the
    /// cap busts.
    private let topLevel: Int
    /// Whether a bank past the cap busts (a target hit exactly): worth 0, not the cap.
    private let bustsPastCap: Bool

    /// The levels of turn points tabulated, 0 up to below this: from here on no value changes with the turn points
    /// (the cap times the chance to reach a bank, or 0 past a target hit exactly; the tail's lines without a cap).
    package var tabulatedLevels: Int { topLevel }
    private let values: [Double]
    private let rollValues: [Double]
    private let reach: [Double]
    /// R(t, s) for every t from `topLevel` on, by state: the same at all those levels, worked out once.
    private let pastCapRollValues: [Double]
    /// Without a cap: the lines of V and R from `topLevel` on.
    private let tail: LinearTail?

    /// Solves the capped turn for the dice of `outcomes` with banks worth at most `cap` points.
    ///
    /// - Parameters:
    ///   - outcomes: The dice set's rolls and the scoring table.
    ///   - cap: The most a bank is worth, in points.
    ///   - hasEntered: Whether the player is on the board; a player who is not may bank only from the entry
    ///     minimum (`TurnMechanics.forPlayer(entryMinimum:hasEntered:)`).
    /// - Precondition: `cap` is positive.
    @_spi(Kernels) public init(outcomes: DiceSetOutcomes, cap: Int, hasEntered: Bool = true) {
        precondition(cap > 0, "a positive cap")
        self.init(outcomes: outcomes, cap: cap, tail: nil, hasEntered: hasEntered)
    }

    /// Solves the turn of the dice of `outcomes` for its expected points, without a cap: `ev` with a dice set, for
    /// a player on the board or not (`hasEntered`: one who is not may bank only from the entry minimum).
    ///
    /// - Throws: `Unsolved` where the expected points are unbounded (some dice score on every roll and lead back
    ///   to the whole set for ever), or where the table below the exact lines would hold more than
    ///   `maximumUncappedEntries` entries.
    package init(expectedPointsOf outcomes: DiceSetOutcomes, hasEntered: Bool = true) throws(Unsolved) {
        let rules = outcomes.table.rules
        let tail = LinearTail(
            states: DiceSetTailStates(outcomes: outcomes),
            mechanics: outcomes.table.turnMechanics.forPlayer(
                entryMinimum: rules.game.entryMinimum, hasEntered: hasEntered))
        guard tail.ends else {
            throw Unsolved(
                "the expected points of the dice set \(outcomes.set) are unbounded under rules '\(rules.name)': its "
                    + "dice can score on every roll and come back to the whole set for ever")
        }
        let levels = tail.firstExactLevel(scoreStep: outcomes.table.scoreStep)
        guard levels * Double(outcomes.stateCount) <= Double(Self.maximumUncappedEntries) else {
            // The sizes can be far beyond any Int (a die that almost never farkles): written, never converted.
            let written = { (size: Double) in size < 1e15 ? "\(Int(size))" : "more than 10^15" }
            throw Unsolved(
                "the expected points of the dice set \(outcomes.set) need a table of \(written(levels)) levels of "
                    + "\(outcomes.stateCount) states (banking from \(written(tail.exactFrom)) points), more than "
                    + "\(Self.maximumUncappedEntries) entries")
        }
        self.init(outcomes: outcomes, cap: .max, tail: tail, hasEntered: hasEntered)
    }

    /// The most table entries (levels times states) the uncapped solve tabulates (two 8-byte values each).
    static let maximumUncappedEntries = 30_000_000

    private init(outcomes: DiceSetOutcomes, cap: Int, tail: LinearTail?, hasEntered: Bool) {
        let table = outcomes.table
        let mechanics = table.turnMechanics.forPlayer(
            entryMinimum: table.rules.game.entryMinimum, hasEntered: hasEntered)
        let step = mechanics.scoreStep
        let states = outcomes.stateCount
        let full = outcomes.fullState
        // A target hit exactly: the cap itself is a bank (a multiple of the step, the rules checked), and every
        // level past it busts.
        let busts = tail == nil && table.rules.game.mustHitTargetExactly
        let top =
            tail.map { Int($0.firstExactLevel(scoreStep: step)) }
            ?? (busts ? cap / step + 1 : (max(cap, mechanics.minimumBank) + step - 1) / step)
        let reach = tail == nil ? Self.reachChances(outcomes, mechanics) : []
        var values = [Double](repeating: 0, count: top * states)
        var rollValues = [Double](repeating: 0, count: top * states)
        let capValue = Double(cap)
        func later(_ level: Int, _ state: Int) -> Double {
            guard level >= top else { return values[level * states + state] }
            if busts { return 0 }
            return tail?.value(turnPoints: level * step, state: state) ?? capValue * reach[state]
        }
        let everyRollFarkle = mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: false)
        for level in stride(from: top - 1, through: 0, by: -1) {
            let points = level * step
            for state in 1..<states {
                var sum = 0.0
                for group in outcomes.groups(of: state) {
                    var best = -Double.infinity
                    for option in outcomes.options(of: group) {
                        best = max(best, later(level + option.steps, option.next))
                    }
                    sum += outcomes.groupProbability[group] * best
                }
                if state == full, outcomes.diceInState[state] == DiceCounts.maximumDice, let farkle = everyRollFarkle {
                    sum += outcomes.farkleProbability[state] * later(level + mechanics.level(turnPoints: farkle), full)
                }
                let dice = outcomes.diceInState[state]
                let bank = mechanics.mayBank(turnPoints: points, diceLeft: dice) ? Double(min(points, cap)) : 0
                rollValues[level * states + state] = sum
                values[level * states + state] = max(bank, sum)
            }
        }
        var opening = top > 0 ? rollValues[full] : later(0, full)
        if outcomes.diceInState[full] == DiceCounts.maximumDice, everyRollFarkle == nil,
            let farkle = mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: true)
        {
            opening += outcomes.farkleProbability[full] * later(mechanics.level(turnPoints: farkle), full)
        }
        if outcomes.diceInState[full] == DiceCounts.maximumDice {
            opening = mechanics.openingRoll(opening, farkle: 0, farkleChance: outcomes.farkleProbability[full])
        }
        self.outcomes = outcomes
        self.cap = cap
        self.bustsPastCap = busts
        self.mechanics = mechanics
        self.topLevel = top
        self.values = values
        self.rollValues = rollValues
        self.reach = reach
        self.openingValue = opening
        self.tail = tail
        pastCapRollValues = (0..<states).map { state in
            // Every roll that does not farkle keeps the cap within reach: the same sum as a tabulated row.
            guard state > 0, tail == nil, !busts else { return 0 }
            // The best option of each group without an array per group (the dice-set search solves thousands).
            var sum = 0.0
            for group in outcomes.groups(of: state) {
                var best = -Double.infinity
                for option in outcomes.optionRange(of: group) {
                    best = max(best, capValue * reach[outcomes.options[option].next])
                }
                sum += outcomes.groupProbability[group] * (best == -.infinity ? 0 : best)
            }
            return sum
        }
    }

    /// The most entries `entriesForEveryTotal(rules:set:)` may come to (two 8-byte values each: about 0.5 GB).
    package static let maximumEntriesForEveryTotal = 30_000_000

    /// The table entries of one capped solve per own total below the target of `rules` with `set` (the turn
    /// points left to the target times the dice states, summed over the totals), as the loaded game engine and
    /// the loaded exact odds build them: they grow with the square of the target, so callers bound them first.
    package static func entriesForEveryTotal(rules: RuleSet, set: DiceSet) -> Int {
        let step = ScoringTable(rules: rules).scoreStep
        let levels = ((rules.game.end.target ?? 0) + step - 1) / step
        let states = set.kinds.reduce(1) { $0 * ($1.count + 1) }
        let triangle = levels.multipliedReportingOverflow(by: levels + 1)
        let entries = (triangle.partialValue / 2).multipliedReportingOverflow(by: states)
        return triangle.overflow || entries.overflow ? .max : entries.partialValue
    }

    /// The capped turn of a player with `total` points in a race won at `target` at once: banks worth at most
    /// `target − total`, and at a total of 0 a player not yet on the board (the entry minimum is its least bank):
    /// the one place that reads a total as a race's player, for the engine, the strategies, the search and the tool.
    ///
    /// - Precondition: `total` is below `target`.
    package init(outcomes: DiceSetOutcomes, total: Int, target: Int) {
        precondition(total < target, "a total below the target")
        self.init(outcomes: outcomes, cap: target - total, hasEntered: total != 0)
    }

    /// Builds the table of `rules` and solves six ordinary dice with banks worth at most `cap`.
    init(rules: RuleSet, cap: Int) {
        self.init(outcomes: DiceSetOutcomes(table: ScoringTable(rules: rules), set: .ordinary), cap: cap)
    }

    // MARK: - Values

    /// V(t, s): the expected capped points under best play with `turnPoints` on the table and the dice of
    /// `state` to roll.
    ///
    /// - Precondition: `turnPoints` is a non-negative multiple of the score step; `state` is 1..<stateCount.
    @usableFromInline
    package func value(turnPoints: Int, state: Int) -> Double {
        let level = checkedLevel(turnPoints, state)
        guard level >= topLevel else { return values[level * outcomes.stateCount + state] }
        if bustsPastCap { return 0 }
        return tail?.value(turnPoints: turnPoints, state: state) ?? Double(cap) * reach[state]
    }

    /// R(t, s): the expected capped points if the player rolls the dice of `state` now and plays best after.
    ///
    /// - Precondition: as for `value(turnPoints:state:)`.
    package func rollValue(turnPoints: Int, state: Int) -> Double {
        let level = checkedLevel(turnPoints, state)
        guard level >= topLevel else { return rollValues[level * outcomes.stateCount + state] }
        return tail?.rollValue(turnPoints: turnPoints, state: state) ?? pastCapRollValues[state]
    }

    /// What banking `turnPoints` with the dice of `state` left is worth (0 for a bank that busts), or `nil` where
    /// banking is not allowed.
    package func bankValue(turnPoints: Int, state: Int) -> Double? {
        guard mechanics.mayBank(turnPoints: turnPoints, diceLeft: outcomes.diceInState[state]) else { return nil }
        return bustsPastCap && turnPoints > cap ? 0 : Double(min(turnPoints, cap))
    }

    /// Whether best play banks `turnPoints` with the dice of `state` left (on equal values it banks).
    @usableFromInline
    package func shouldBank(turnPoints: Int, state: Int) -> Bool {
        guard let bank = bankValue(turnPoints: turnPoints, state: state) else { return false }
        return bank >= rollValue(turnPoints: turnPoints, state: state)
    }

    /// The opening value for every own total 0, step, ... below `target`, each with the cap target − total.
    ///
    /// The expected points toward the target of a turn that starts at each total; solved once per total, at a
    /// total of 0 for a player not yet on the board (the entry minimum is its least bank).
    ///
    /// Each solver is dropped once its opening value is read, so the memory is one solver per thread, not one per
    /// total.
    /// - Complexity: `entriesForEveryTotal(rules:set:)` table entries of work, bounded by the callers first.
    package static func openingValues(
        outcomes: DiceSetOutcomes, target: Int, threads: Int = 1
    ) -> [(total: Int, value: Double)] {
        let values = forEveryTotal(outcomes: outcomes, target: target, threads: threads) { $0.openingValue }
        let step = outcomes.table.scoreStep
        return values.enumerated().map { (total: $0.offset * step, value: $0.element) }
    }

    /// The capped turn at every own total 0, step, ... below `target` (cap target − total), solved on `threads`
    /// threads: what a player who plays for the points toward the target reads at every total (at 0, a player not
    /// yet on the board, as `TargetTurnStrategy` plays it).
    ///
    /// - Complexity: `entriesForEveryTotal(rules:set:)` table entries, bounded by the callers first.
    package static func forEveryTotal(outcomes: DiceSetOutcomes, target: Int, threads: Int) -> [CappedScoreSolver] {
        forEveryTotal(outcomes: outcomes, target: target, threads: threads) { $0 }
    }

    /// What `read` takes from the capped turn at every own total 0, step, ... below `target` (its `cap` says which),
    /// solved on `threads` threads. Each total is one work item writing its own slot (`SharedSlots`), so the results
    /// do not depend on `threads`; a solver is dropped once read, so the memory is what `read` keeps plus one solver
    /// per thread.
    static func forEveryTotal<Result: Sendable>(
        outcomes: DiceSetOutcomes, target: Int, threads: Int, _ read: @Sendable (CappedScoreSolver) -> Result
    ) -> [Result] {
        let totals = Array(stride(from: 0, to: target, by: outcomes.table.scoreStep))
        let slots = SharedSlots<Result?>(repeating: nil, count: totals.count)
        Parallel.forEach(totals.count, threads: threads) { index in
            let result = read(CappedScoreSolver(outcomes: outcomes, total: totals[index], target: target))
            slots.update(index) { $0 = result }
        }
        return slots.values.compactMap { $0 }
    }

    private func checkedLevel(_ turnPoints: Int, _ state: Int) -> Int {
        let step = mechanics.scoreStep
        precondition(turnPoints >= 0 && turnPoints % step == 0, "turn points are multiples of \(step)")
        precondition((1..<outcomes.stateCount).contains(state), "a state with dice to roll")
        return mechanics.level(turnPoints: turnPoints)
    }

    // MARK: - Reaching a bank

    /// The chance q(s) of reaching, from the dice of state s, a state that may bank, before a farkle, under
    /// the play that maximizes it; once the turn points are past the cap and the minimum bank, V = cap · q
    /// (`ReachProbabilitySolver` uses it likewise past the target).
    static func reachChances(_ outcomes: DiceSetOutcomes, _ mechanics: TurnMechanics) -> [Double] {
        let states = outcomes.stateCount
        var reach = [Double](repeating: 0, count: states)
        let banks = (0..<states).map { mechanics.allowsBanking(diceLeft: outcomes.diceInState[$0]) }
        let everyRollFarkle = mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: false) != nil
        for state in 1..<states where banks[state] { reach[state] = 1 }
        // Only hot dice lead back to more dice, so a pass in order of states converges fast; 10,000 passes
        // bound it where a rule set makes the whole set hard to leave.
        for _ in 0..<10_000 {
            var change = 0.0
            for state in 1..<states where !banks[state] {
                var sum = 0.0
                for group in outcomes.groups(of: state) {
                    sum +=
                        outcomes.groupProbability[group]
                        * (outcomes.options(of: group).map { reach[$0.next] }.max() ?? 0)
                }
                if state == outcomes.fullState, everyRollFarkle {
                    sum += outcomes.farkleProbability[state] * reach[state]
                }
                change = max(change, abs(sum - reach[state]))
                reach[state] = sum
            }
            if change <= 1e-15 { break }
        }
        return reach
    }
}
