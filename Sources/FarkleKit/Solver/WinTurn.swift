/// One turn of a game played to win, as a table over (turn points, dice to roll), given what each way
/// of ending the turn is worth.
///
/// The win-probability solver (`WinProbabilitySolver`) calls it for every pair of totals, and for the
/// final-round turn once per deficit. A call receives the payoff of banking at every level of turn
/// points (`-infinity` where the least bank forbids it) and the payoff `z` of a farkle; the turn's
/// value at every state is the best of banking and rolling, rolling summing the roll groups of
/// `RollOutcomes` (only the best keep of each size matters, because the value never falls as turn
/// points grow: see <doc:PlayingToWin>). Six 1s where they win at once pay 1.
///
/// Above the table (`top`) banking is allowed and pays 1, so the best play only maximizes the chance
/// to reach a state where banking is allowed: `reach[n]`, a fixed point solved once. A farkle there
/// still pays `z`, so such a state is worth `reach[n] + (1 - reach[n]) z`.
///
/// Each state also carries the derivative of its value in `z` (the chance that the turn ends in a
/// farkle under the chosen play) and a second payoff, `aux`, following the same decisions (the chance
/// of a tie, for the solver's P(tie)).
struct WinTurn: Sendable {
    /// One group of rolls: its probability and its options.
    struct Group: Sendable {
        let probability: Double
        let firstOption: Int
        let endOption: Int
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
    /// The groups of n dice are `groups[groupRange[n]]`.
    let groupRange: [Range<Int>]
    let groups: [Group]
    let options: [Option]
    /// The chance that a roll of n dice allows no keep (the six 1s never).
    let farkleProbability: [Double]
    /// The chance that a roll of n dice is the instantly winning six 1s.
    let instantWinProbability: [Double]
    /// The chance, from a state above the table with n dice to roll, to reach a state where banking is
    /// allowed (or roll six 1s that win) before a farkle, under the play that maximizes it.
    let reach: [Double]
    /// The group of every roll, by `ScoringTable.globalIndex(dice:multiset:)`; 0 for a farkle.
    let groupOfRoll: [Int32]
    /// The best keep of exactly k dice of every roll (`RollOutcomes.bestKeeps`).
    let bestKeeps: [Keep]
    /// The levels the six-dice farkle adds on a roll that is not a turn's opening roll, or `nil`.
    let everyRollFarkleSteps: Int?
    /// The levels the six-dice farkle adds on a turn's opening roll, or `nil`.
    let openingFarkleSteps: Int?

    /// The turn of `table`'s rules; `sixOnesWin` makes six 1s on six dice pay 1 at once.
    init(table: ScoringTable, sixOnesWin: Bool) {
        let outcomes = RollOutcomes(table: table)
        let maximum = DiceCounts.maximumDice
        let mechanics = table.turnMechanics
        var probabilities = outcomes.weight
        var instant = [Double](repeating: 0, count: maximum + 1)
        if sixOnesWin {
            let sixOnes = DiceCounts(faces: repeatElement(1, count: maximum))
            let global = table.globalIndex(dice: maximum, multiset: DiceCatalog.shared.index(of: sixOnes))
            probabilities[Int(outcomes.groupOfRoll[global])] -= 1
            instant[maximum] = 1
        }
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
        self.groupRange = groupRange
        self.groups = groups
        options = outcomes.options.map { Option(steps: $0.steps, diceLeft: $0.diceLeft, kept: $0.kept) }
        farkleProbability = (0...maximum).map {
            $0 == 0 ? 0 : outcomes.farkleWeight[$0] / Double(DiceCatalog.orderedRollCounts[$0])
        }
        instantWinProbability = instant
        groupOfRoll = outcomes.groupOfRoll
        bestKeeps = outcomes.bestKeeps
        let step = mechanics.scoreStep
        everyRollFarkleSteps = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: false).map { $0 / step }
        openingFarkleSteps = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: true).map { $0 / step }
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
    /// With `topBank` 1 the best play maximizes the chance to reach a bank (`reach`); with six 1s that
    /// win at once and a smaller `topBank` it may roll on for them. The only loop runs through six dice
    /// and loses a farkle's or a bank's worth of probability on every round, so the iteration
    /// contracts; it stops when a round changes no value by more than 1e-15.
    func aboveTable(
        topBank: Double, farkle: Double, farkleAux: Double, groups: UnsafeBufferPointer<Group>,
        options: UnsafeBufferPointer<Option>
    ) -> [Entry] {
        let maximum = DiceCounts.maximumDice
        var above = [Entry](repeating: Entry(value: 0, slope: 0, aux: 0, banks: false), count: maximum + 1)
        for dice in 1...maximum {
            let reach = reach[dice]
            above[dice] = Entry(
                value: reach + (1 - reach) * farkle, slope: 1 - reach, aux: (1 - reach) * farkleAux,
                banks: mechanics.allowsBanking(diceLeft: dice))
        }
        if topBank == 1 && instantWinProbability[maximum] == 0 { return above }
        for _ in 0..<10_000 {
            var next = above
            for dice in 1...maximum {
                var value = instantWinProbability[dice]
                var slope = 0.0
                var aux = 0.0
                for group in groups[groupRange[dice]] {
                    var best = above[options[group.firstOption].diceLeft]
                    for index in (group.firstOption + 1)..<group.endOption {
                        let candidate = above[options[index].diceLeft]
                        if candidate.value > best.value { best = candidate }
                    }
                    value += group.probability * best.value
                    slope += group.probability * best.slope
                    aux += group.probability * best.aux
                }
                let farkleChance = farkleProbability[dice]
                if dice == maximum, everyRollFarkleSteps != nil {
                    value += farkleChance * above[maximum].value
                    slope += farkleChance * above[maximum].slope
                    aux += farkleChance * above[maximum].aux
                } else {
                    value += farkleChance * farkle
                    slope += farkleChance
                    aux += farkleChance * farkleAux
                }
                next[dice] = Entry(value: value, slope: slope, aux: aux, banks: false)
                if mechanics.allowsBanking(diceLeft: dice), topBank >= value {
                    next[dice] = Entry(value: topBank, slope: 0, aux: 0, banks: true)
                }
            }
            let settled = (1...maximum).allSatisfy {
                abs(next[$0].value - above[$0].value) <= 1e-15 && abs(next[$0].slope - above[$0].slope) <= 1e-15
            }
            above = next
            if settled { break }
        }
        return above
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
        let maximum = DiceCounts.maximumDice
        let perLevel = TurnMechanics.statesPerLevel
        return groups.withUnsafeBufferPointer { groups in
            options.withUnsafeBufferPointer { options in
                let above = aboveTable(
                    topBank: topBank, farkle: farkle, farkleAux: farkleAux, groups: groups, options: options)
                return above.withUnsafeBufferPointer { above in
                    func entry(_ level: Int, _ dice: Int) -> Entry {
                        level < top ? table[level &* perLevel &+ dice] : above[dice]
                    }
                    func roll(_ level: Int, _ dice: Int, farkleSteps: Int?) -> Entry {
                        var value = instantWinProbability[dice]
                        var slope = 0.0
                        var aux = 0.0
                        for group in groups[groupRange[dice]] {
                            var best = entry(
                                level &+ options[group.firstOption].steps, options[group.firstOption].diceLeft)
                            for index in (group.firstOption &+ 1)..<group.endOption {
                                let option = options[index]
                                let next = entry(level &+ option.steps, option.diceLeft)
                                if next.value > best.value { best = next }
                            }
                            value += group.probability * best.value
                            slope += group.probability * best.slope
                            aux += group.probability * best.aux
                        }
                        let farkleChance = farkleProbability[dice]
                        if dice == maximum, let steps = farkleSteps {
                            let next = entry(level &+ steps, maximum)
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
                    for level in stride(from: top - 1, through: 0, by: -1) {
                        let payoff = bank[level]
                        for dice in 1...maximum {
                            var state = roll(level, dice, farkleSteps: everyRollFarkleSteps)
                            if payoff > -.infinity, mechanics.allowsBanking(diceLeft: dice), payoff >= state.value {
                                state = Entry(value: payoff, slope: 0, aux: bankAux[level], banks: true)
                            }
                            table[level &* perLevel &+ dice] = state
                        }
                    }
                    return roll(0, maximum, farkleSteps: openingFarkleSteps ?? everyRollFarkleSteps)
                }
            }
        }
    }
}
