/// One turn of a game played to win, as a table over (turn points, dice to roll), given what each way
/// of ending the turn is worth.
///
/// The win-probability solver (`WinProbabilitySolver`) calls it for every pair of totals, and for the
/// final-round turn once per deficit. A call receives the payoff of banking at every level of turn
/// points (`-infinity` where the least bank forbids it) and the payoff `z` of a farkle; the turn's
/// value at every state is the best of banking and rolling, rolling summing the roll groups of
/// `RollOutcomes`. Without a final round only the best keep of each size matters, because the value never
/// falls as turn points grow; with one, reaching the target can be worth less than stopping short of it, so
/// every distinct keep is an option (`everyKeep`; see <doc:PlayingToWin>). Six 1s where they win at once pay 1.
///
/// Above the table (`top`) banking is allowed and pays 1, so the best play only maximizes the chance
/// to reach a state where banking is allowed: `reach[n]`, a fixed point solved once. A farkle there
/// still pays `z`, so such a state is worth `reach[n] + (1 - reach[n]) z`. Where the target must be hit exactly
/// (`bustsAboveTop`) the table's top is one level past the target and a bank above it busts: it pays `z`, as a
/// farkle, whatever the caller's top bank.
///
/// Each state also carries the derivative of its value in `z` (the chance that the turn ends in a
/// farkle under the chosen play) and a second payoff, `aux`, following the same decisions (the chance
/// of a tie, for the solver's P(tie)).
struct WinTurn: Sendable {
    /// One group of rolls: its probability and its options.
    struct Group: Sendable {
        let probability: Double
        /// The options, as 32 bits: a group then takes 16 bytes, and the hot loop's tables stay in the first cache.
        private let first: Int32
        private let end: Int32
        var firstOption: Int { Int(first) }
        var endOption: Int { Int(end) }

        init(probability: Double, firstOption: Int, endOption: Int) {
            self.probability = probability
            first = Int32(firstOption)
            end = Int32(endOption)
        }
    }

    /// One way to play a group: the keep's score steps and the dice to roll next.
    struct Option: Sendable {
        let steps: Int
        let diceLeft: Int
        let kept: Int
    }

    /// What a call writes for one state.
    struct Entry: Sendable {
        var value: Double
        var slope: Double
        var aux: Double
        var banks: Bool
    }

    let mechanics: TurnMechanics
    /// Whether every distinct keep of a roll is an option, not only the best of each size: where the game has a
    /// final round (`RollOutcomes.init(table:everyKeep:)`).
    let everyKeep: Bool
    /// The groups of n dice are `groups[groupRange[n]]`.
    let groupRange: [Range<Int>]
    let groups: [Group]
    let options: [Option]
    /// The chance that a roll of n dice allows no keep (the six 1s never).
    let farkleProbability: [Double]
    /// The chance that a roll of n dice is a six of a kind that wins at once.
    let instantWinProbability: [Double]
    /// Whether some six of a kind loses at once: its chance is in no group and no farkle, so the chances of a
    /// roll of six dice add up to less than 1.
    let hasInstantLoss: Bool
    /// The chance, from a state above the table with n dice to roll, to reach a state where banking is
    /// allowed (or roll a six of a kind that wins) before a farkle, under the play that maximizes it.
    let reach: [Double]
    /// The most levels one roll can add (a keep or the six-dice farkle): how far a table is padded above its top.
    let maximumJump: Int
    /// Each option's next state relative to the current one: `steps * statesPerLevel + diceLeft`.
    let optionOffsets: [Int32]
    /// The group of every roll, by `ScoringTable.globalIndex(dice:multiset:)`; 0 for a farkle.
    let groupOfRoll: [Int32]
    /// The best keep of exactly k dice of every roll (`RollOutcomes.bestKeeps`).
    let bestKeeps: [Keep]
    /// The levels the six-dice farkle adds on a roll that is not a turn's opening roll, or `nil`.
    let everyRollFarkleSteps: Int?
    /// The levels the six-dice farkle adds on a turn's opening roll, or `nil`.
    let openingFarkleSteps: Int?
    /// Whether a bank above the table busts and pays what a farkle does: the rules make the target be hit exactly
    /// (`GameRules.bankBusts(total:turnPoints:)`), and the table's top is one level past the target.
    let bustsAboveTop: Bool

    /// The turn of `table`'s rules; with `gameEndings`, a six of a kind that wins at once on six dice pays 1 and
    /// one that loses at once pays 0 (`GameRules.instantWinFaces`, `instantLossFaces`).
    init(table: ScoringTable, gameEndings: Bool = true) {
        // Reaching the target ends a race at once without a final round, so more turn points never hurt there,
        // unless the target must be hit exactly: past it a bank busts.
        let everyKeep = table.rules.game.end.hasFinalRound || table.rules.game.mustHitTargetExactly
        bustsAboveTop = table.rules.game.mustHitTargetExactly
        let outcomes = RollOutcomes(table: table, everyKeep: everyKeep)
        let maximum = DiceCounts.maximumDice
        let mechanics = table.turnMechanics
        var probabilities = outcomes.weight
        var farkleWeight = outcomes.farkleWeight
        var instant = [Double](repeating: 0, count: maximum + 1)
        let game = table.rules.game
        for face in DiceCounts.faces where gameEndings && game.sixOfAKindEnd(face: face) != .points {
            // A six of a kind that ends the game leaves its group, or the farkles where it scores nothing; one that
            // loses pays nothing, so its chance is dropped.
            let sixOfAKind = DiceCounts(faces: repeatElement(face, count: maximum))
            if table.isFarkle(sixOfAKind) {
                farkleWeight[maximum] -= 1
            } else {
                let global = table.globalIndex(dice: maximum, multiset: DiceCatalog.shared.index(of: sixOfAKind))
                probabilities[Int(outcomes.groupOfRoll[global])] -= 1
            }
            if game.sixOfAKindEnd(face: face) == .win { instant[maximum] += 1 }
        }
        hasInstantLoss = gameEndings && !game.instantLossFaces.isEmpty
        var groupRange = [0..<0]
        var groups: [Group] = []
        for dice in 1...maximum {
            let first = groups.count
            let total = Double(DiceCatalog.orderedRollCounts[dice])
            for group in outcomes.groupsByDice[dice] {
                groups.append(
                    Group(
                        probability: probabilities[group] / total, firstOption: outcomes.optionStart[group],
                        endOption: outcomes.optionStart[group + 1]))
            }
            groupRange.append(first..<groups.count)
            instant[dice] /= total
        }
        self.mechanics = mechanics
        self.everyKeep = everyKeep
        self.groupRange = groupRange
        self.groups = groups
        options = outcomes.options.map { Option(steps: $0.steps, diceLeft: $0.diceLeft, kept: $0.kept) }
        optionOffsets = options.map { Int32($0.steps * TurnMechanics.statesPerLevel + $0.diceLeft) }
        farkleProbability = (0...maximum).map {
            $0 == 0 ? 0 : farkleWeight[$0] / Double(DiceCatalog.orderedRollCounts[$0])
        }
        instantWinProbability = instant
        groupOfRoll = outcomes.groupOfRoll
        bestKeeps = outcomes.bestKeeps
        let step = mechanics.scoreStep
        everyRollFarkleSteps = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: false).map { $0 / step }
        openingFarkleSteps = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: true).map { $0 / step }
        maximumJump = max(
            options.map({ $0.steps }).max() ?? 0, everyRollFarkleSteps ?? 0, openingFarkleSteps ?? 0)
        reach = Self.reachProbabilities(
            mechanics: mechanics, groupRange: groupRange, groups: groups, options: options,
            farkle: farkleProbability, instant: instant, everyRollFarkle: everyRollFarkleSteps != nil)
    }

    /// The chance to reach a state that allows banking before a farkle, by value iteration to a fixed point.
    ///
    /// The only loop runs through six dice (hot dice, or the six-dice farkle on every roll); each round
    /// of it ends with a farkle, a bank or fewer dice with positive probability, so the iteration
    /// contracts; it stops when a round changes nothing by more than 1e-15.
    private static func reachProbabilities(
        mechanics: TurnMechanics, groupRange: [Range<Int>], groups: [Group], options: [Option],
        farkle: [Double], instant: [Double], everyRollFarkle: Bool
    ) -> [Double] {
        let maximum = DiceCounts.maximumDice
        var reach = (0...maximum).map { $0 > 0 && mechanics.allowsBanking(diceLeft: $0) ? 1.0 : 0.0 }
        for _ in 0..<10_000 {
            var next = reach
            for dice in 1...maximum where !mechanics.allowsBanking(diceLeft: dice) {
                var sum = instant[dice]
                for group in groups[groupRange[dice]] {
                    var best = 0.0
                    for option in options[group.firstOption..<group.endOption] {
                        best = max(best, reach[option.diceLeft])
                    }
                    sum += group.probability * best
                }
                if everyRollFarkle, dice == maximum { sum += farkle[dice] * reach[maximum] }
                next[dice] = sum
            }
            if zip(next, reach).allSatisfy({ abs($0 - $1) <= 1e-15 }) { break }
            reach = next
        }
        return reach
    }
    /// The entries of the states above the table: banking pays `topBank` wherever it is allowed, so only
    /// the dice count matters; solved by value iteration over the six dice counts.
    ///
    /// With `topBank` 1 the best play maximizes the chance to reach a bank (`reach`); with a six of a kind that
    /// win at once and a smaller `topBank` it may roll on for them. The only loop runs through six dice
    /// and loses a farkle's or a bank's worth of probability on every round, so the iteration
    /// contracts; it stops when a round changes no value by more than 1e-15.
    func aboveTable(
        topBank: Double, farkle: Double, farkleAux: Double, groups: UnsafeBufferPointer<Group>,
        options: UnsafeBufferPointer<Option>
    ) -> [Entry] {
        var above = [Entry](repeating: Entry(value: 0, slope: 0, aux: 0, banks: false), count: Self.aboveCount)
        var unused = Validity.unbounded
        above.withUnsafeMutableBufferPointer { above in
            fillAbove(
                topBank: topBank, topBankAux: 0, farkle: farkle, farkleAux: farkleAux, groups: groups,
                options: options, into: above.baseAddress.unsafelyUnwrapped, validity: &unused, tracking: false)
        }
        return above
    }

    /// The number of entries `fillAbove` writes: one per dice count 0...6 (0 unused).
    static let aboveCount = DiceCounts.maximumDice + 1

    /// Writes the entries above the table (see `aboveTable`) into `above`, and narrows `validity` to
    /// the farkle payoffs over which their play stays best when `tracking`.
    private func fillAbove(
        topBank givenTopBank: Double, topBankAux givenTopBankAux: Double, farkle: Double, farkleAux: Double,
        groups: UnsafeBufferPointer<Group>, options: UnsafeBufferPointer<Option>,
        into above: UnsafeMutablePointer<Entry>, validity: inout Validity, tracking: Bool
    ) {
        let maximum = DiceCounts.maximumDice
        // A bank that busts pays a farkle's worth, which moves with the farkle payoff (slope 1).
        let (topBank, topBankAux, topBankSlope) =
            bustsAboveTop ? (farkle, farkleAux, 1.0) : (givenTopBank, givenTopBankAux, 0.0)
        above[0] = Entry(value: 0, slope: 0, aux: 0, banks: false)
        for dice in 1...maximum {
            let reach = bustsAboveTop ? 0 : reach[dice]
            above[dice] = Entry(
                value: reach + (1 - reach) * farkle, slope: 1 - reach,
                aux: reach * topBankAux + (1 - reach) * farkleAux,
                banks: mechanics.allowsBanking(diceLeft: dice))
        }
        // With every bank paying 1 and no six of a kind that ends the game, maximizing the chance to reach a bank is
        // best for every farkle payoff below 1: the value is z + reach (1 - z). Above a top where banks bust, every
        // play ends at a farkle's worth: the value is z.
        if (bustsAboveTop || topBank == 1) && instantWinProbability[maximum] == 0 && !hasInstantLoss { return }
        withUnsafeTemporaryAllocation(of: Entry.self, capacity: Self.aboveCount) { next in
            for round in 0..<10_000 {
                let last = round == 9_999
                var settled = true
                for dice in 1...maximum {
                    var state = rollValue(
                        dice: dice, groups: groups, options: options, farkle: farkle, farkleAux: farkleAux,
                        farkleSteps: everyRollFarkleSteps, validity: &validity, tracking: false
                    ) { _, dice in above[dice] }
                    if mechanics.allowsBanking(diceLeft: dice), topBank >= state.value {
                        state = Entry(value: topBank, slope: topBankSlope, aux: topBankAux, banks: true)
                    }
                    if abs(state.value - above[dice].value) > 1e-15 || abs(state.slope - above[dice].slope) > 1e-15 {
                        settled = false
                    }
                    next[dice] = state
                }
                for dice in 1...maximum { above[dice] = next[dice] }
                if settled || last { break }
            }
        }
        guard tracking else { return }
        // The play of the settled entries, checked once against every alternative.
        for dice in 1...maximum {
            let state = rollValue(
                dice: dice, groups: groups, options: options, farkle: farkle, farkleAux: farkleAux,
                farkleSteps: everyRollFarkleSteps, validity: &validity, tracking: true
            ) { _, dice in above[dice] }
            if mechanics.allowsBanking(diceLeft: dice) {
                validity.compareBank(topBank, slope: topBankSlope, banks: above[dice].banks, roll: state)
            }
        }
    }

    /// The value of rolling `dice` dice when the state after each keep is `entry(option)` (the
    /// option's index in `options`, or -1 for the six-dice farkle); with `tracking`, narrows `validity`
    /// to the farkle payoffs over which each group's best keep stays best. For the few entries above
    /// the table; the table's rows use `rollRow`.
    @inline(__always)
    private func rollValue(
        dice: Int, groups: UnsafeBufferPointer<Group>, options: UnsafeBufferPointer<Option>,
        farkle: Double, farkleAux: Double, farkleSteps: Int?, validity: inout Validity, tracking: Bool,
        entry: (Int, Int) -> Entry
    ) -> Entry {
        var value = instantWinProbability[dice]
        var slope = 0.0
        var aux = 0.0
        let range = groupRange[dice]
        for groupIndex in range.lowerBound..<range.upperBound {
            let group = groups[groupIndex]
            var best = entry(options[group.firstOption].steps, options[group.firstOption].diceLeft)
            var index = group.firstOption &+ 1
            while index < group.endOption {
                let option = options[index]
                let next = entry(option.steps, option.diceLeft)
                if next.value > best.value { best = next }
                index &+= 1
            }
            if tracking && group.endOption &- group.firstOption > 1 {
                for index in group.firstOption..<group.endOption {
                    let option = options[index]
                    validity.compare(best: best, other: entry(option.steps, option.diceLeft))
                }
            }
            value += group.probability * best.value
            slope += group.probability * best.slope
            aux += group.probability * best.aux
        }
        let farkleChance = farkleProbability[dice]
        if dice == DiceCounts.maximumDice, let steps = farkleSteps {
            let next = entry(steps, DiceCounts.maximumDice)
            value += farkleChance * next.value
            slope += farkleChance * next.slope
            aux += farkleChance * next.aux
        } else {
            value += farkleChance * farkle
            slope += farkleChance
            aux += farkleChance * farkleAux
        }
        return Entry(value: value, slope: slope, aux: aux, banks: false)
    }

    /// The value of rolling `dice` dice at the state `base` (`level * statesPerLevel`) of `table`: the
    /// hot loop of the solver. Each keep's next state is `base + optionOffsets[option]`; the table is
    /// padded above its top, so no read needs a bounds check. With `tracking`, narrows `validity` to the
    /// farkle payoffs over which each group's best keep stays best.
    @inline(__always)
    private func rollRow(
        base: Int, dice: Int, table: TurnTable, groups: UnsafeBufferPointer<Group>, offsets: UnsafeBufferPointer<Int32>,
        farkle: Double, farkleAux: Double, farkleSteps: Int?, validity: inout Validity, tracking: Bool,
        recording: Bool = false
    ) -> Entry {
        let values = table.value
        let slopes = table.slope
        let auxes = table.aux
        var value = instantWinProbability[dice]
        var slope = 0.0
        var aux = 0.0
        let range = groupRange[dice]
        for groupIndex in range.lowerBound..<range.upperBound {
            let group = groups[groupIndex]
            var bestIndex = base &+ Int(offsets[group.firstOption])
            var bestValue = values[bestIndex]
            var index = group.firstOption &+ 1
            while index < group.endOption {
                let next = base &+ Int(offsets[index])
                let candidate = values[next]
                if candidate > bestValue {
                    bestValue = candidate
                    bestIndex = next
                }
                index &+= 1
            }
            let bestSlope = slopes[bestIndex]
            if recording, let choices = table.choices {
                choices[(base / TurnMechanics.statesPerLevel) &* table.groupsPerLevel &+ groupIndex] = Int32(
                    truncatingIfNeeded: bestIndex &- base)
            }
            if tracking && group.endOption &- group.firstOption > 1 {
                validity.compare(
                    best: Entry(value: bestValue, slope: bestSlope, aux: 0, banks: false), base: base,
                    options: group.firstOption..<group.endOption, offsets: offsets, values: values, slopes: slopes)
            }
            value += group.probability * bestValue
            slope += group.probability * bestSlope
            aux += group.probability * auxes[bestIndex]
        }
        let farkleChance = farkleProbability[dice]
        if dice == DiceCounts.maximumDice, let steps = farkleSteps {
            let next = base &+ steps &* TurnMechanics.statesPerLevel &+ DiceCounts.maximumDice
            value += farkleChance * values[next]
            slope += farkleChance * slopes[next]
            aux += farkleChance * auxes[next]
        } else {
            value += farkleChance * farkle
            slope += farkleChance
            aux += farkleChance * farkleAux
        }
        return Entry(value: value, slope: slope, aux: aux, banks: false)
    }

    /// Fills `table` (levels `0..<top`, `TurnMechanics.statesPerLevel` entries each) and returns the
    /// opening roll's entry.
    ///
    /// - Parameters:
    ///   - top: The first level above the table, where banking is allowed and pays `topBank`.
    ///   - topBank: The payoff of banking above the table.
    ///   - bank: The payoff of banking at each level below `top`; `-infinity` where it is not allowed.
    ///   - bankAux: The second payoff of banking at each level.
    ///   - farkle: The payoff of a farkle, `z`.
    ///   - farkleAux: The second payoff of a farkle.
    func solve(
        top: Int, topBank: Double, bank: UnsafePointer<Double>, bankAux: UnsafePointer<Double>, farkle: Double,
        farkleAux: Double,
        into table: UnsafeMutablePointer<Entry>
    ) -> Entry {
        var unused = Validity.unbounded
        let columns = TurnTable(rows: top + maximumJump + 1)
        defer { columns.deallocate() }
        let opening = solve(
            top: top, topBank: topBank, bank: bank, bankAux: bankAux, farkle: farkle, farkleAux: farkleAux,
            into: columns, validity: &unused, tracking: false)
        for index in 0..<top * TurnMechanics.statesPerLevel {
            table[index] = columns[index]
        }
        return opening
    }

    /// Fills `table` as `solve(top:topBank:bank:bankAux:farkle:farkleAux:into:)` does, its rows from
    /// `top` on (at least `maximumJump` of them) with the entries above the table, and, with `tracking`,
    /// narrows `validity` to the farkle payoffs around `farkle` over which the play found stays best:
    /// there every value is exactly affine in the farkle payoff, with the slope returned. With
    /// `rowsAboveFilled` the caller has written the rows from `top` on (at least `maximumJump` + 1 of
    /// them, `PastTargetRows`) and only the rows below `top` are solved.
    func solve(
        top: Int, topBank: Double, topBankAux: Double = 0, bank: UnsafePointer<Double>,
        bankAux: UnsafePointer<Double>, farkle: Double, farkleAux: Double, into table: TurnTable,
        validity: inout Validity, tracking: Bool, rowsAboveFilled: Bool = false
    ) -> Entry {
        let maximum = DiceCounts.maximumDice
        let perLevel = TurnMechanics.statesPerLevel
        precondition(table.rows > top + maximumJump, "a table padded above its top")
        return groups.withUnsafeBufferPointer { groups in
            options.withUnsafeBufferPointer { options in
                optionOffsets.withUnsafeBufferPointer { offsets in
                    withUnsafeTemporaryAllocation(of: Entry.self, capacity: Self.aboveCount) { above in
                        let above = above.baseAddress.unsafelyUnwrapped
                        if !rowsAboveFilled {
                            fillAbove(
                                topBank: topBank, topBankAux: topBankAux, farkle: farkle, farkleAux: farkleAux,
                                groups: groups, options: options, into: above, validity: &validity,
                                tracking: tracking)
                            for level in top..<top + maximumJump + 1 {
                                for dice in 0...maximum { table[level &* perLevel &+ dice] = above[dice] }
                            }
                        }
                        // Inlined twice, `recording` a constant in each: the solver's own tables record no play,
                        // and pay nothing for the tables that do. The opening roll takes the keeps of the state
                        // (0, its dice), recorded with the row.
                        @inline(__always)
                        func solveRows(recording: Bool) -> Entry {
                            for level in stride(from: top - 1, through: 0, by: -1) {
                                let payoff = bank[level]
                                let base = level &* perLevel
                                for dice in 1...maximum {
                                    var state = rollRow(
                                        base: base, dice: dice, table: table, groups: groups, offsets: offsets,
                                        farkle: farkle, farkleAux: farkleAux, farkleSteps: everyRollFarkleSteps,
                                        validity: &validity, tracking: tracking, recording: recording)
                                    if payoff > -.infinity, mechanics.allowsBanking(diceLeft: dice) {
                                        let banks = payoff >= state.value
                                        if tracking { validity.compareBank(payoff, banks: banks, roll: state) }
                                        if banks {
                                            state = Entry(value: payoff, slope: 0, aux: bankAux[level], banks: true)
                                        }
                                    }
                                    table[base &+ dice] = state
                                }
                            }
                            return openingRoll(
                                level: 0, table: table, groups: groups, offsets: offsets, farkle: farkle,
                                farkleAux: farkleAux, validity: &validity, tracking: tracking)
                        }
                        return table.choices == nil ? solveRows(recording: false) : solveRows(recording: true)
                    }
                }
            }
        }
    }

    /// The entry of a turn's opening roll made with `level` turn points already counted, from the rows of `table`
    /// above it (solved): what a turn that starts at that level of a table is worth. A turn starts at level 0; a
    /// table laid out relative to another total (`TrioFinalRound`) starts its turns at other levels.
    func openingRoll(level: Int, table: TurnTable, farkle: Double, farkleAux: Double) -> Entry {
        var unused = Validity.unbounded
        return groups.withUnsafeBufferPointer { groups in
            optionOffsets.withUnsafeBufferPointer { offsets in
                openingRoll(
                    level: level, table: table, groups: groups, offsets: offsets, farkle: farkle,
                    farkleAux: farkleAux, validity: &unused, tracking: false)
            }
        }
    }

    @inline(__always)
    private func openingRoll(
        level: Int, table: TurnTable, groups: UnsafeBufferPointer<Group>, offsets: UnsafeBufferPointer<Int32>,
        farkle: Double, farkleAux: Double, validity: inout Validity, tracking: Bool
    ) -> Entry {
        let opening = rollRow(
            base: level &* TurnMechanics.statesPerLevel, dice: mechanics.dice, table: table, groups: groups,
            offsets: offsets, farkle: farkle, farkleAux: farkleAux,
            farkleSteps: openingFarkleSteps ?? everyRollFarkleSteps, validity: &validity, tracking: tracking)
        let chance = farkleProbability[mechanics.dice]
        return Entry(
            value: mechanics.openingRoll(opening.value, farkle: farkle, farkleChance: chance),
            slope: mechanics.openingRoll(opening.slope, farkle: 1, farkleChance: chance),
            aux: mechanics.openingRoll(opening.aux, farkle: farkleAux, farkleChance: chance),
            banks: false)
    }
}

// MARK: - Table

/// The states of one turn, one column per field (values, slopes, second payoffs, bank decisions), so
/// that the solver's inner loop reads only values; `rows` levels of `TurnMechanics.statesPerLevel`.
///
/// Allocated by the caller and freed with `deallocate()`; a plain view of memory, copied freely.
struct TurnTable {
    let rows: Int
    let value: UnsafeMutablePointer<Double>
    let slope: UnsafeMutablePointer<Double>
    let aux: UnsafeMutablePointer<Double>
    let banks: UnsafeMutablePointer<Bool>
    /// In a table that records its play, the keep each roll group takes at every level, as the offset of the state
    /// it leads to from the level's first state: `groupsPerLevel` entries a level, at `level * groupsPerLevel + group` (the group's
    /// index in `WinTurn.groups`); `nil` otherwise. What `WinTurn.endings(of:top:)` follows instead of finding each
    /// best keep again.
    let choices: UnsafeMutablePointer<Int32>?
    /// The roll groups a level of `choices` holds (0 without them).
    let groupsPerLevel: Int

    /// Room for `rows` levels, and for the keeps of `turn`'s roll groups at each of the first `solvedRows` (all by
    /// default) if `recordsPlayOf` is given: the levels below the top, which a solve writes before anything reads them
    /// (the padding above a top, as deep as the longest keep, records nothing).
    init(rows: Int, recordsPlayOf turn: WinTurn? = nil, solvedRows: Int? = nil) {
        self.rows = rows
        let count = rows * TurnMechanics.statesPerLevel
        value = .allocate(capacity: count)
        slope = .allocate(capacity: count)
        aux = .allocate(capacity: count)
        banks = .allocate(capacity: count)
        value.initialize(repeating: 0, count: count)
        slope.initialize(repeating: 0, count: count)
        aux.initialize(repeating: 0, count: count)
        banks.initialize(repeating: false, count: count)
        groupsPerLevel = turn?.groups.count ?? 0
        if turn != nil {
            // Left uninitialized: the solve writes every group of every level it solves before `endings` reads one,
            // and zeroing megabytes a pair where a keep jumps far cost more than the reads it saves.
            choices = .allocate(capacity: min(solvedRows ?? rows, rows) * groupsPerLevel)
        } else {
            choices = nil
        }
    }

    func deallocate() {
        value.deallocate()
        slope.deallocate()
        aux.deallocate()
        banks.deallocate()
        choices?.deallocate()
    }

    /// The state at `index` (`level * statesPerLevel + dice`).
    subscript(index: Int) -> WinTurn.Entry {
        get { WinTurn.Entry(value: value[index], slope: slope[index], aux: aux[index], banks: banks[index]) }
        nonmutating set {
            value[index] = newValue.value
            slope[index] = newValue.slope
            aux[index] = newValue.aux
            banks[index] = newValue.banks
        }
    }
}

// MARK: - Validity

extension WinTurn {
    /// How far the farkle payoff may move from the one a turn was solved for, down or up, with the
    /// turn's play staying best.
    ///
    /// Under a fixed play every value of a turn is affine in the farkle payoff z, with slope the chance
    /// to end in a farkle from there. A play found best at z stays best at z + Δ as long as, at every
    /// decision, the chosen option's affine value is still at least every alternative's, each
    /// alternative followed by the same play: a margin m ≥ 0 at z and a difference of slopes d allow
    /// Δ up to m / d when d > 0 (down to -m / -d when d < 0). Within the range the turn's values are
    /// exact at z + Δ without solving it again.
    struct Validity: Sendable {
        /// How far z may fall.
        var down: Double
        /// How far z may rise.
        var up: Double

        /// No limit yet.
        static let unbounded = Validity(down: .infinity, up: .infinity)

        /// Whether a move of the farkle payoff by `delta` keeps the play.
        func contains(_ delta: Double) -> Bool {
            delta >= -down && delta <= up
        }

        /// Narrows the range so that `best` stays at least `other`.
        @inline(__always)
        mutating func compare(best: Entry, other: Entry) {
            let margin = best.value - other.value
            let slopes = other.slope - best.slope
            if slopes > 0 {
                if margin < up * slopes { up = margin / slopes }
            } else if slopes < 0 {
                if margin < down * -slopes { down = margin / -slopes }
            }
        }

        /// Narrows the range so that `best` stays at least the state each of `options` leads to from `base`, as
        /// `compare(best:other:)` on each in turn would, to the bit.
        ///
        /// A first pass tests every option against the wider of the two bounds, without a branch: an option that
        /// narrows either bound passes that test (rounding is monotone, so `up × gap ≤ max(up, down) × |gap|`).
        /// Only a group where one passes is compared option by option, in order, as without the pass. In the
        /// `standard` race one group in eight passes (356 million of 2.9 billion); for the others the pass saves the
        /// branch on the sign of each slope gap, which the processor cannot predict (the solve takes 4% less time).
        @inline(__always)
        mutating func compare(
            best: Entry, base: Int, options: Range<Int>, offsets: UnsafeBufferPointer<Int32>,
            values: UnsafeMutablePointer<Double>, slopes: UnsafeMutablePointer<Double>
        ) {
            let reach = Swift.max(up, down)
            var passed = 0
            for index in options {
                let next = base &+ Int(offsets[index])
                let margin = best.value - values[next]
                let gap = slopes[next] - best.slope
                // Not a number where the reach is infinite and the gap 0: such an option narrows nothing.
                passed &+= margin < reach * gap.magnitude ? 1 : 0
            }
            guard passed > 0 else { return }
            for index in options {
                let next = base &+ Int(offsets[index])
                compare(best: best, other: Entry(value: values[next], slope: slopes[next], aux: 0, banks: false))
            }
        }

        /// Narrows the range so that banking `payoff` (of `slope` in the farkle payoff: 0, or 1 for a bank that
        /// busts) keeps its place against `roll`.
        @inline(__always)
        mutating func compareBank(_ payoff: Double, slope: Double = 0, banks: Bool, roll: Entry) {
            let bankEntry = Entry(value: payoff, slope: slope, aux: 0, banks: true)
            if banks { compare(best: bankEntry, other: roll) } else { compare(best: roll, other: bankEntry) }
        }
    }
}

extension WinTurn {
    /// The chance that a turn's opening roll scores nothing (every die of the game rolled, no keep): where it costs
    /// points, the share of a turn's value that the layout's `openingFarkle(at:values:ties:)` pays instead of its
    /// `farkle(at:values:ties:)`.
    var openingFarkleChance: Double { farkleProbability[mechanics.dice] }

    /// `entry`, a turn's opening value with the farkle of its opening roll worth `farkle`, where that farkle is
    /// worth `opening` instead: the value (and the second payoff) moves by the chance of a scoreless opening roll
    /// times the difference. The one place the cost of a scoreless opening roll enters a value, for every layout
    /// and the exact odds; exact, as the cost comes before any choice.
    func costingOpeningFarkle(
        _ entry: (value: Double, tie: Double), farkle: (value: Double, tie: Double),
        opening: (value: Double, tie: Double)
    ) -> (value: Double, tie: Double) {
        let chance = openingFarkleChance
        return (entry.value + chance * (opening.value - farkle.value), entry.tie + chance * (opening.tie - farkle.tie))
    }
}
