/// A turn's states as `LinearTail` reads them: the dice each state rolls, its rolls grouped with their chances and
/// keeps, and the chance that a roll scores nothing.
///
/// Six ordinary dice (`RollOutcomes`: a state per dice count, 1 to 6) and a dice set (`DiceSetOutcomes`: a state per
/// count of dice of each kind left) conform, so the exact lines above a table are worked out by one algorithm
/// whatever the dice. State 0 (no dice) is never rolled.
protocol TailStates {
    /// The states, 0 (unused) included.
    var tailStateCount: Int { get }
    /// The number of groups of rolls, over all states.
    var tailGroupCount: Int { get }
    /// The dice that state `state` rolls.
    func tailDice(inState state: Int) -> Int
    /// The groups of rolls of state `state`.
    func tailGroups(of state: Int) -> Range<Int>
    /// The chance that a roll of state `state` falls in group `group`.
    func tailProbability(ofGroup group: Int, inState state: Int) -> Double
    /// The chance that a roll of state `state` scores nothing.
    func tailScorelessProbability(inState state: Int) -> Double
    /// The options (keeps) of group `group`, as indices for `tailOption(_:)`.
    func tailOptions(ofGroup group: Int) -> Range<Int>
    /// An option's points and the state it leads to.
    func tailOption(_ option: Int) -> (points: Int, next: Int)
}

extension RollOutcomes: TailStates {
    var tailStateCount: Int { DiceCounts.maximumDice + 1 }
    var tailGroupCount: Int { groupCount }
    func tailDice(inState state: Int) -> Int { state }
    func tailGroups(of state: Int) -> Range<Int> { groupsByDice[state] }

    func tailProbability(ofGroup group: Int, inState state: Int) -> Double {
        weight[group] / Double(DiceCatalog.orderedRollCounts[state])
    }

    func tailScorelessProbability(inState state: Int) -> Double {
        farkleWeight[state] / Double(DiceCatalog.orderedRollCounts[state])
    }

    func tailOptions(ofGroup group: Int) -> Range<Int> { optionStart[group]..<optionStart[group + 1] }

    func tailOption(_ option: Int) -> (points: Int, next: Int) {
        (options[option].points, options[option].diceLeft)
    }
}

/// A dice set's states as `LinearTail` reads them. A wrapper, not a conformance of `DiceSetOutcomes`: that type is a
/// kernel (`@_spi(Kernels)`), so Embedded Swift (`.ci/embedded`) would count any conformance of it as SPI, unusable
/// from the package's own code.
struct DiceSetTailStates: TailStates {
    let outcomes: DiceSetOutcomes

    var tailStateCount: Int { outcomes.stateCount }
    var tailGroupCount: Int { outcomes.groupCount }
    func tailDice(inState state: Int) -> Int { outcomes.diceInState[state] }
    func tailGroups(of state: Int) -> Range<Int> { outcomes.groups(of: state) }
    func tailProbability(ofGroup group: Int, inState state: Int) -> Double { outcomes.groupProbability[group] }
    func tailScorelessProbability(inState state: Int) -> Double { outcomes.farkleProbability[state] }
    func tailOptions(ofGroup group: Int) -> Range<Int> { outcomes.optionRange(of: group) }

    func tailOption(_ option: Int) -> (points: Int, next: Int) {
        (outcomes.options[option].points, outcomes.options[option].next)
    }
}
