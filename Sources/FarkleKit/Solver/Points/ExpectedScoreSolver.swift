/// The expected-score optimal turn, solved exactly: V(t, n), R(t, n), bank thresholds and the policy.
///
/// V(t, n) is the expected number of points a turn banks under best play from a
/// decision point with `t` turn points and `n` dice to roll; R(t, n) is the same
/// when the player rolls (see <doc:SolvingATurn>).
/// Turn points are multiples of the table's `scoreStep`.
///
/// A farkle counts `farkleValue` points, 0 unless given: then V is the expected
/// banked points. Another value prices what a farkle costs beyond the turn (the
/// three-farkle penalty's `LongRunAverageSolver` passes one per farkle count),
/// and V becomes the expected banked points plus `farkleValue` times the chance
/// of a farkle.
///
/// Every keep adds at least one score step, so t only grows along a turn: the
/// solver tabulates t = 0, step, ..., `tabulatedPoints` from the top down, each
/// row from higher rows only, with no iteration to a tolerance. Above the bound
/// the values are exactly linear in t (`LinearTail`, which explains why); the
/// bound is never below the point from which that holds, so raising it changes
/// the values only by floating-point rounding.
///
/// Solving `standard` (936 rows) takes about 2 ms in a release build, on one
/// thread: each row needs the rows above it, and spreading a row's six dice
/// counts over threads with `DispatchQueue.concurrentPerform` was measured
/// slower (1.9 ms against 1.7 ms), as a row is only about 2 microseconds of work.
public struct ExpectedScoreSolver: Sendable {
    /// The scoring table the solver plays by; its `rules.turn` sets banking and hot dice.
    public let table: ScoringTable

    /// The highest tabulated turn points; above it values come from the exact linear tail.
    package let tabulatedPoints: Int

    /// The least turn points (a multiple of the step) from which the linear tail is exact.
    package let tailStart: Int

    /// The expected points of a turn under optimal play, from its opening roll of six dice.
    ///
    /// Unlike V(0, 6) this counts the six-dice farkle of an opening roll (when the rules have one).
    public let expectedTurnScore: Double

    /// The optimal decisions as table lookups, for simulators.
    package private(set) var policy: ExpectedScorePolicy

    /// What a farkle is worth, in points: 0 for the expected banked points.
    public let farkleValue: Double

    /// Whether the turn is played by a player already on the board; `false` raises the least bank to the
    /// rules' entry minimum for the whole turn (`TurnMechanics.leastBank(entryMinimum:hasEntered:)`).
    public let hasEntered: Bool

    /// The chance that a turn played by `policy` ends in a farkle, from its opening roll of six dice.
    ///
    /// `expectedTurnScore` is the expected banked points plus `farkleValue` times this chance, so it
    /// is the slope of `expectedTurnScore` in `farkleValue` while the policy stays the same.
    public let farkleChance: Double

    /// Whether an offer taken over banks only from the entry minimum on top of it: the turn of a player not yet on
    /// the board (`hasEntered` `false`) under piggybacking whose inherited points do not enter.
    let countsEntryOnTopOfOffers: Bool
    /// The turn's mechanics, with the least bank of this player (`hasEntered`).
    let mechanics: TurnMechanics
    /// The rolls of each number of dice, grouped by their keeps: R reads them (`Rows.roll`).
    let outcomes: RollOutcomes
    private let lastLevel: Int
    /// V at `TurnMechanics.stateIndex(level:diceLeft:)`, R likewise.
    private let values: [Double]
    private let rollValues: [Double]
    private let tail: LinearTail
    private let thresholds: [Int?]
    private let belowThreshold: [[ClosedRange<Int>]]

    /// Builds the scoring table of `rules` and solves it, a farkle worth `farkleValue` points.
    public init(rules: RuleSet, farkleValue: Double = 0) {
        self.init(table: ScoringTable(rules: rules), farkleValue: farkleValue)
    }

    /// The turn of a player not yet on the board under the rules of `table`, where the entry minimum raises the
    /// least bank (`RuleSet.entryRaisesTheLeastBank`); `nil` where it does not, and the turn is that of a player
    /// on the board.
    package static func notYetOnTheBoard(_ table: ScoringTable) -> ExpectedScoreSolver? {
        table.rules.entryRaisesTheLeastBank ? ExpectedScoreSolver(table: table, hasEntered: false) : nil
    }

    /// Solves the turn for `table`.
    ///
    /// - Parameters:
    ///   - table: The scoring table (and through it the rule set).
    ///   - tabulatedPoints: The highest turn points to tabulate; `nil` picks the least exact bound.
    ///     A bound below `tailStart` is raised to it.
    ///   - farkleValue: What a farkle is worth, in points (0: V is the expected banked points).
    ///   - hasEntered: Whether the player is on the board; a player who is not may bank only from the entry
    ///     minimum (the same as `true` where the rules have none above the minimum bank).
    public init(table: ScoringTable, tabulatedPoints: Int? = nil, farkleValue: Double = 0, hasEntered: Bool = true) {
        let mechanics = table.turnMechanics.forPlayer(
            entryMinimum: table.rules.game.entryMinimum, hasEntered: hasEntered)
        let maximum = DiceCounts.maximumDice
        let step = mechanics.scoreStep
        let outcomes = RollOutcomes(table: table)
        let tail = LinearTail(outcomes: outcomes, mechanics: mechanics, farkleValue: farkleValue)
        let tailLevel = Int(tail.firstExactLevel(scoreStep: step))
        let lastLevel = max(tailLevel, ((tabulatedPoints ?? 0) + step - 1) / step)
        let rowCount = lastLevel + 1

        let stateCount = rowCount * TurnMechanics.statesPerLevel
        var values = [Double](repeating: 0, count: stateCount)
        var rollValues = [Double](repeating: 0, count: stateCount)
        var rollFarkleChances = [Double](repeating: 0, count: stateCount)
        var bank = [Bool](repeating: false, count: stateCount)
        var kept = [UInt8](repeating: 0, count: rowCount * outcomes.groupCount)

        values.withUnsafeMutableBufferPointer { values in
            rollValues.withUnsafeMutableBufferPointer { rollValues in
                rollFarkleChances.withUnsafeMutableBufferPointer { rollFarkleChances in
                    bank.withUnsafeMutableBufferPointer { bank in
                        kept.withUnsafeMutableBufferPointer { kept in
                            let rows = Rows(
                                outcomes: outcomes, mechanics: mechanics, tail: tail, lastLevel: lastLevel,
                                farkleValue: farkleValue, values: values, rollValues: rollValues,
                                rollFarkleChances: rollFarkleChances, bank: bank, kept: kept)
                            for level in stride(from: lastLevel, through: 0, by: -1) {
                                for dice in 1...maximum { rows.solve(level: level, dice: dice) }
                            }
                        }
                    }
                }
            }
        }

        let full = mechanics.dice
        // R(0, all the dice) counts a no-score roll as the six-dice farkle only where every roll has it;
        // the opening roll swaps the farkle for it here where only the opening roll has it.
        let openingState = TurnMechanics.stateIndex(level: 0, diceLeft: full)
        var opening = rollValues[openingState]
        var openingFarkleChance = rollFarkleChances[openingState]
        if let farkle = mechanics.sixDiceFarkle(dice: full, isOpeningRoll: true),
            mechanics.sixDiceFarkle(dice: full, isOpeningRoll: false) == nil
        {
            let level = mechanics.level(turnPoints: farkle)
            let state = TurnMechanics.stateIndex(level: level, diceLeft: full)
            let tabulated = level <= lastLevel
            let afterFarkle = tabulated ? values[state] : tail.value(turnPoints: farkle, state: full)
            let chanceAfter =
                tabulated ? (bank[state] ? 0 : rollFarkleChances[state]) : tail.farkleChance[full]
            let share = outcomes.farkleWeight[full] / Double(DiceCatalog.orderedRollCounts[full])
            opening += share * (afterFarkle - farkleValue)
            openingFarkleChance += share * (chanceAfter - 1)
        }
        // Where a scoreless opening roll is rolled again, the opening roll is one that scores.
        let openingFarkle = outcomes.farkleWeight[full] / Double(DiceCatalog.orderedRollCounts[full])
        opening = mechanics.openingRoll(opening, farkle: farkleValue, farkleChance: openingFarkle)
        openingFarkleChance = mechanics.openingRoll(openingFarkleChance, farkle: 1, farkleChance: openingFarkle)
        // Where a scoreless opening roll costs points, that farkle ends the turn below the farkle's value by the cost.
        opening -= openingFarkle * Double(mechanics.openingFarkleCost)

        var thresholds = [Int?](repeating: nil, count: maximum + 1)
        var ranges = [[ClosedRange<Int>]](repeating: [], count: maximum + 1)
        for dice in 1...full where mechanics.allowsBanking(diceLeft: dice) && tail.banks[dice] {
            var level = lastLevel
            while level > 0, bank[TurnMechanics.stateIndex(level: level - 1, diceLeft: dice)] { level -= 1 }
            thresholds[dice] = level * step
            var start: Int?
            for row in 0...level {
                let banks = row < level && bank[TurnMechanics.stateIndex(level: row, diceLeft: dice)]
                if banks, start == nil { start = row }
                if !banks, let first = start {
                    ranges[dice].append(first * step...(row - 1) * step)
                    start = nil
                }
            }
        }

        self.table = table
        self.mechanics = mechanics
        self.outcomes = outcomes
        self.lastLevel = lastLevel
        self.tabulatedPoints = lastLevel * step
        self.tailStart = tailLevel * step
        self.values = values
        self.rollValues = rollValues
        self.tail = tail
        self.thresholds = thresholds
        self.belowThreshold = ranges
        self.expectedTurnScore = opening
        self.farkleValue = farkleValue
        self.hasEntered = hasEntered
        countsEntryOnTopOfOffers = !hasEntered && table.rules.game.piggyback?.inheritedPointsEnter == false
        self.farkleChance = openingFarkleChance
        self.policy = ExpectedScorePolicy(
            mechanics: mechanics, lastLevel: lastLevel,
            rollOffset: (0...maximum + 1).map {
                $0 <= maximum ? table.globalIndex(dice: $0, multiset: 0) : table.rollCount
            },
            groupOfRoll: outcomes.groupOfRoll, groupCount: outcomes.groupCount, keptDice: kept,
            bestKeeps: outcomes.bestKeeps, bankDecisions: bank)
        // Where the entry minimum counts on top of an offer, each probe of the search is a turn of its own: searched
        // when asked (`leastPointsToPiggyback(diceLeft:)`), as no strategy plays the offers of this turn (`ev` plays
        // the turn of a player on the board).
        if !countsEntryOnTopOfOffers {
            policy.leastPiggybackPoints = (0...maximum).map { dice in
                dice == 0 ? Int.max : searchLeastPointsToPiggyback(diceLeft: dice) ?? Int.max
            }
        }
    }

    /// The least turn points of a banked turn (a multiple of `table.scoreStep`, piggybacking's bonus included) from
    /// which taking it over and rolling its `diceLeft` dice has the higher expected points than a fresh turn, or
    /// `nil` where no points make it so; for a player not yet on the board whose inherited points do not enter,
    /// the turn that banks from the entry minimum on top of the offer (`takeOverValue(offeredPoints:diceLeft:)`).
    ///
    /// R(t, n) never falls as t grows (more points leave every choice open and add to each bank), so taking over
    /// pays from one number of points on: it is found by bisection over R, whose tail is exact and linear. (With
    /// the entry minimum on top, more points offered can still copy any play of fewer, and each bank pays more.)
    ///
    /// Found once, when the turn is solved (the policy plays by the same numbers); with the entry minimum on top
    /// of the offer, searched here.
    ///
    /// - Complexity: O(1); with the entry minimum on top of the offer, O(log(points)) values taken over, each
    ///   O(entry minimum / step) rows of R.
    public func leastPointsToPiggyback(diceLeft: Int) -> Int? {
        precondition((1...DiceCounts.maximumDice).contains(diceLeft), "1 to 6 dice")
        if countsEntryOnTopOfOffers { return searchLeastPointsToPiggyback(diceLeft: diceLeft) }
        let points = policy.leastPiggybackPoints[diceLeft]
        return points == Int.max ? nil : points
    }

    /// Under the rules' piggybacking, the least points of a bank that leaves `diceLeft` dice (the bank as the banker
    /// scores it, the bonus not included) from which taking it over beats a fresh turn: what a player at the table
    /// compares; `nil` where no bank does, where such a bank offers nothing, or without piggybacking.
    ///
    /// - Complexity: O(1).
    public func leastBankToTakeOver(diceLeft: Int) -> Int? {
        guard let piggyback = table.rules.game.piggyback, diceLeft >= piggyback.leastDiceLeft else { return nil }
        return leastPointsToPiggyback(diceLeft: diceLeft).map(piggyback.bankedPoints(offering:))
    }

    /// The search behind `leastPointsToPiggyback(diceLeft:)`.
    ///
    /// - Complexity: O(log(points)) reads of R.
    private func searchLeastPointsToPiggyback(diceLeft: Int) -> Int? {
        let fresh = expectedTurnScore
        return Self.leastLevel { level in
            takeOverValue(offeredPoints: level * mechanics.scoreStep, diceLeft: diceLeft) > fresh
        }.map { $0 * mechanics.scoreStep }
    }

    // MARK: - Values

    /// V(t, n): the expected points the turn banks under best play with `turnPoints` on the table
    /// and `diceLeft` dice to roll (6 after hot dice), plus `farkleValue` times the chance of a farkle.
    ///
    /// - Precondition: `turnPoints` is a non-negative multiple of `table.scoreStep`; `diceLeft` is 1...6.
    public func value(turnPoints: Int, diceLeft: Int) -> Double {
        let level = checkedLevel(turnPoints, diceLeft)
        return level <= lastLevel
            ? values[TurnMechanics.stateIndex(level: level, diceLeft: diceLeft)]
            : tail.value(turnPoints: turnPoints, state: diceLeft)
    }

    /// R(t, n): the expected points the turn banks if the player rolls `diceLeft` dice now and plays
    /// best afterwards.
    ///
    /// A roll with no keep is a farkle here (worth `farkleValue`), except on six dice when the rules give
    /// the six-dice farkle on every roll; the opening roll's six-dice farkle is in `expectedTurnScore`.
    ///
    /// - Precondition: as for `value(turnPoints:diceLeft:)`.
    public func rollValue(turnPoints: Int, diceLeft: Int) -> Double {
        let level = checkedLevel(turnPoints, diceLeft)
        return level <= lastLevel
            ? rollValues[TurnMechanics.stateIndex(level: level, diceLeft: diceLeft)]
            : tail.rollValue(turnPoints: turnPoints, state: diceLeft)
    }

    /// The expected final turn points after taking `keep` from a roll of `diceRolled` dice with
    /// `turnPoints` before it: V(t + score, dice left), with all the dice left on hot dice.
    package func expectedValue(after keep: Keep, turnPoints: Int, diceRolled: Int) -> Double {
        value(
            turnPoints: turnPoints + keep.score,
            diceLeft: mechanics.diceLeft(afterKeeping: keep.diceUsed, of: diceRolled))
    }

    /// Whether best play banks `turnPoints` with `diceLeft` dice; `false` where banking is not allowed.
    public func shouldBank(turnPoints: Int, diceLeft: Int) -> Bool {
        _ = checkedLevel(turnPoints, diceLeft)
        return policy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft)
    }

    /// The line V(t, n) = slope * t + intercept that holds for every t >= `tailStart`.
    package func tailLine(diceLeft: Int) -> (slope: Double, intercept: Double) {
        (tail.slope[diceLeft], tail.intercept[diceLeft])
    }

    /// The line R(t, n) = slope * t + intercept that holds for every t >= `tailStart`.
    ///
    /// `rollValue(turnPoints:diceLeft:)` above `tabulatedPoints` is exactly `slope * Double(t) + intercept`,
    /// so a program given these two numbers (the advisor page) computes the same `Double`.
    package func rollTailLine(diceLeft: Int) -> (slope: Double, intercept: Double) {
        (tail.rollSlope[diceLeft], tail.rollIntercept[diceLeft])
    }

    // MARK: - Thresholds

    /// The lowest t from which banking with `diceLeft` dice stays the better choice for every larger t.
    ///
    /// `nil` when the rules never allow banking with that many dice, or when rolling stays better
    /// for arbitrarily high t (possible only where a six-dice roll cannot farkle).
    public func bankThreshold(diceLeft: Int) -> Int? {
        thresholds[diceLeft]
    }

    /// The ranges of t below the bank threshold where banking is nonetheless the better choice,
    /// lowest first: where the decision is not monotone in t. Empty for most rule sets.
    package func bankRangesBelowThreshold(diceLeft: Int) -> [ClosedRange<Int>] {
        belowThreshold[diceLeft]
    }

    func checkedLevel(_ turnPoints: Int, _ diceLeft: Int) -> Int {
        let step = mechanics.scoreStep
        precondition(turnPoints >= 0 && turnPoints % step == 0, "turn points are multiples of \(step)")
        precondition((1...DiceCounts.maximumDice).contains(diceLeft), "1 to 6 dice to roll")
        return mechanics.level(turnPoints: turnPoints)
    }
}

// MARK: - Rows

/// The states a roll leads to, as R reads them (`ExpectedScoreSolver.roll(level:dice:outcomes:mechanics:farkleValue:successors:)`):
/// V of each, and the chance of a farkle from each. The table's rows conform, and so does the turn a player takes
/// over (`ExpectedScoreSolver.rollValue(takingOver:diceLeft:leastBank:)`): a generic parameter, so each is
/// specialized and inlined, with no closure and nothing copied in the table's loop.
protocol RollSuccessors {
    /// V at `level` with `dice` dice to roll.
    func value(_ level: Int, _ dice: Int) -> Double
    /// The best keep of `group` is `option`, from a roll at `level`: the chance of a farkle from where it leads.
    func chose(group: Int, option: RollOutcomes.Option, at level: Int) -> Double
    /// A roll of `dice` dice that scores nothing: a six-dice farkle that goes on at `level`, or where `level` is
    /// `nil` a farkle, which ends the turn; the chance of a farkle from there.
    func scoredNothing(dice: Int, goingOnAt level: Int?) -> Double
}

extension ExpectedScoreSolver {
    /// R(t, n) at turn points `level * step` with `dice` dice, from `successors`, V of the states a roll leads
    /// to: each group of rolls takes its best keep (the first of equal values), which `successors` hears of; a
    /// roll that scores nothing is the six-dice farkle where every roll has one, else a farkle worth
    /// `farkleValue`. With it the chance that rolling ends in a farkle under those keeps, times the rolls'
    /// count. The one statement of R, for the table and for the turn a player takes over.
    @inline(__always)
    static func roll<Successors: RollSuccessors>(
        level: Int, dice: Int, outcomes: RollOutcomes, mechanics: TurnMechanics, farkleValue: Double,
        successors: Successors
    ) -> (value: Double, farkles: Double) {
        var sum = 0.0
        var farkles = 0.0
        for group in outcomes.groupsByDice[dice] {
            var best = -Double.infinity
            var bestOption = outcomes.options(of: group).startIndex
            for index in outcomes.options(of: group).indices {
                let option = outcomes.options[index]
                let value = successors.value(level + option.steps, option.diceLeft)
                if value > best {
                    best = value
                    bestOption = index
                }
            }
            sum += outcomes.weight[group] * best
            farkles +=
                outcomes.weight[group] * successors.chose(group: group, option: outcomes.options[bestOption], at: level)
        }
        // A roll here is never the opening roll: that one's six-dice farkle is in `expectedTurnScore`.
        if let farkle = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: false) {
            let after = level + mechanics.level(turnPoints: farkle)
            sum += outcomes.farkleWeight[dice] * successors.value(after, dice)
            farkles += outcomes.farkleWeight[dice] * successors.scoredNothing(dice: dice, goingOnAt: after)
        } else {
            // Adding 0 leaves the sum as it was: with the default farkle value every number is unchanged.
            sum += outcomes.farkleWeight[dice] * farkleValue
            farkles += outcomes.farkleWeight[dice] * successors.scoredNothing(dice: dice, goingOnAt: nil)
        }
        return (sum / Double(DiceCatalog.orderedRollCounts[dice]), farkles)
    }
}

/// One row of the table (a level of turn points), computed from the rows above it.
///
/// The buffers belong to `ExpectedScoreSolver.init`; each call writes only its own (level, dice) entries and
/// reads higher levels.
private struct Rows: RollSuccessors {
    let outcomes: RollOutcomes
    let mechanics: TurnMechanics
    let tail: LinearTail
    let lastLevel: Int
    let farkleValue: Double
    let values: UnsafeMutableBufferPointer<Double>
    let rollValues: UnsafeMutableBufferPointer<Double>
    /// The chance that rolling ends the turn in a farkle (under the best play after the roll).
    let rollFarkleChances: UnsafeMutableBufferPointer<Double>
    let bank: UnsafeMutableBufferPointer<Bool>
    let kept: UnsafeMutableBufferPointer<UInt8>

    /// V of a later state: tabulated, or on the tail line.
    @inline(__always)
    private func later(_ level: Int, _ dice: Int) -> Double {
        level <= lastLevel
            ? values[TurnMechanics.stateIndex(level: level, diceLeft: dice)]
            : tail.value(turnPoints: level * mechanics.scoreStep, state: dice)
    }

    /// The chance of ending in a farkle from a later state: tabulated (0 where it banks), or the tail's.
    @inline(__always)
    private func laterFarkleChance(_ level: Int, _ dice: Int) -> Double {
        guard level <= lastLevel else { return tail.farkleChance[dice] }
        let state = TurnMechanics.stateIndex(level: level, diceLeft: dice)
        return bank[state] ? 0 : rollFarkleChances[state]
    }

    @inline(__always)
    func value(_ level: Int, _ dice: Int) -> Double { later(level, dice) }

    /// Records the keep in the policy's table.
    @inline(__always)
    func chose(group: Int, option: RollOutcomes.Option, at level: Int) -> Double {
        kept[level * outcomes.groupCount + group] = UInt8(option.kept)
        return laterFarkleChance(level + option.steps, option.diceLeft)
    }

    @inline(__always)
    func scoredNothing(dice: Int, goingOnAt level: Int?) -> Double {
        guard let level else { return 1 }
        return laterFarkleChance(level, dice)
    }

    /// Fills R, V, the bank decision and the keeps of `dice` dice at turn points `level * step`.
    func solve(level: Int, dice: Int) {
        let points = level * mechanics.scoreStep
        let (roll, farkles) = ExpectedScoreSolver.roll(
            level: level, dice: dice, outcomes: outcomes, mechanics: mechanics, farkleValue: farkleValue,
            successors: self)
        let total = Double(DiceCatalog.orderedRollCounts[dice])
        let banks = mechanics.mayBank(turnPoints: points, diceLeft: dice) && Double(points) >= roll
        let state = TurnMechanics.stateIndex(level: level, diceLeft: dice)
        rollValues[state] = roll
        rollFarkleChances[state] = farkles / total
        values[state] = banks ? Double(points) : roll
        bank[state] = banks
    }
}
