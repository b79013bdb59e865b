/// A play with a dice set that ignores the totals (`greedy`, `threshold:...`, `ev`): its turn is the same at every
/// pair of totals, so it is worked out once, forward from the opening roll (`BlindTurnOutcomes.init(play:levels:)`).
protocol LoadedBlindPlay {
    /// The dice set's rolls.
    var outcomes: DiceSetOutcomes { get }

    /// The option the play takes of a roll of group `group` with `level` score steps of turn points before it.
    func option(ofGroup group: Int, level: Int) -> DiceSetOutcomes.Option

    /// Whether the play banks `turnPoints` with the dice of `state` left.
    func banks(turnPoints: Int, state: Int) -> Bool
}

extension LoadedThresholdPlay: LoadedBlindPlay {
    var outcomes: DiceSetOutcomes { keeps.outcomes }

    /// The highest-scoring keep, whatever the turn points.
    func option(ofGroup group: Int, level: Int) -> DiceSetOutcomes.Option {
        keeps.option(ofGroup: group)
    }
}

/// `ev` with a dice set: the keep and the bank of the turn that maximizes its expected points (`CappedScoreSolver`
/// without a cap), as the engine of loaded dice plays it: the option of the highest value, the first on equal values.
/// With a solver capped at a total's distance to the target it is that total's `ev-target` turn.
struct LoadedExpectedPointsPlay: LoadedBlindPlay {
    /// The solve of the dice set (`CappedScoreSolver.init(expectedPointsOf:)`, or capped for one total).
    let solver: CappedScoreSolver

    var outcomes: DiceSetOutcomes { solver.outcomes }

    func option(ofGroup group: Int, level: Int) -> DiceSetOutcomes.Option {
        outcomes.bestOption(ofGroup: group, level: level, value: solver.value(turnPoints:state:))
    }

    func banks(turnPoints: Int, state: Int) -> Bool {
        turnPoints > 0 && solver.shouldBank(turnPoints: turnPoints, state: state)
    }
}

extension DiceSetOutcomes {
    /// The option of group `group` of the highest `value(turn points after it, state after it)`, the first on equal
    /// values, with `level` score steps of turn points before the roll.
    func bestOption(
        ofGroup group: Int, level: Int, value: (_ turnPoints: Int, _ state: Int) -> Double
    ) -> Option {
        let step = table.scoreStep
        var best = options[optionRange(of: group).lowerBound]
        var bestValue = -Double.infinity
        for option in options(of: group) {
            let candidate = value((level + option.steps) * step, option.next)
            if candidate > bestValue {
                bestValue = candidate
                best = option
            }
        }
        return best
    }
}
