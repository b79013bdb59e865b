extension BlindTurnOutcomes {
    /// The turn of `play`, a play with a dice set that decides from the turn alone (`LoadedBlindPlay`), in a race
    /// of `levels` score steps to the target: banks of `levels` steps or more reach the target from any total and
    /// are counted together at `banked[levels]`. There is no six of a kind that wins at once with dice sets.
    ///
    /// Worked out forward from the opening roll over the states (turn points, dice of each kind left), turn points
    /// ascending: every keep adds at least one score step, so a state's probability is final before it is spread
    /// on. Turn points have no ceiling below a threshold play's thresholds, so the computation stops once the turns
    /// still going hold less than `tolerance` of probability, and drops them.
    ///
    /// - Precondition: the turn ends: less than `tolerance` is still going after `maximumLevels` steps.
    init(play: some LoadedBlindPlay, levels: Int) {
        let outcomes = play.outcomes
        let step = outcomes.table.scoreStep
        let states = outcomes.stateCount
        var banked = [Double](repeating: 0, count: levels + 1)
        var farkle = 0.0
        // going[level * states + state]: the chance to roll the dice of `state` with `level` steps, grown as keeps
        // reach higher levels.
        var going = [Double](repeating: 0, count: states)
        going[outcomes.fullState] = 1
        var stillGoing = 1.0
        var level = 0
        while stillGoing >= Self.tolerance {
            precondition(level < Self.maximumLevels, "a turn that ends")
            for state in 1..<states {
                let chance = going[level * states + state]
                guard chance > 0 else { continue }
                stillGoing -= chance
                farkle += chance * outcomes.farkleProbability[state]
                for group in outcomes.groups(of: state) {
                    let option = play.option(ofGroup: group, level: level)
                    let reached = level + option.steps
                    let weight = chance * outcomes.groupProbability[group]
                    if play.banks(turnPoints: reached * step, state: option.next) {
                        banked[min(reached, levels)] += weight
                    } else {
                        // Whole rows of states: the loop reads every state of each level it reaches.
                        let rows = (reached + 1) * states
                        if rows > going.count { going += [Double](repeating: 0, count: rows - going.count) }
                        going[reached * states + option.next] += weight
                        stillGoing += weight
                    }
                }
            }
            level += 1
            if level * states >= going.count { break }
        }
        self.init(banked: banked, farkle: farkle, instantWin: 0)
    }
}
