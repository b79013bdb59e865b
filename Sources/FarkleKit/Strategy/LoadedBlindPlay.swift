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
        let step = outcomes.table.scoreStep
        var best = outcomes.options[outcomes.optionRange(of: group).lowerBound]
        var bestValue = -Double.infinity
        for option in outcomes.options(of: group) {
            let value = solver.value(turnPoints: (level + option.steps) * step, state: option.next)
            if value > bestValue {
                bestValue = value
                best = option
            }
        }
        return best
    }

    func banks(turnPoints: Int, state: Int) -> Bool {
        turnPoints > 0 && solver.shouldBank(turnPoints: turnPoints, state: state)
    }
}
