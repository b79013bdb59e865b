extension BlindTurnOutcomes {
    /// The turn of `play`, a play with a dice set that decides from the turn alone (`LoadedBlindPlay`), in a race of
    /// `levels` score steps to the target won at once: banks of `levels` steps or more reach the target from any total
    /// and are counted together at `banked[levels]`; with `levels` nil (a race with a final round, where how far past
    /// the target a bank goes matters) every bank keeps its own level. There is no six of a kind that wins at once with
    /// dice sets. Six dice that score nothing are the six-dice farkle where the rules have one (a keep of all six, hot
    /// dice), on the opening roll alone (level 0 holds only the opening roll: every keep adds a step) or on every roll
    /// of six, as the engine of loaded dice plays them.
    ///
    /// Worked out forward from the opening roll over the states (turn points, dice of each kind left), turn points
    /// ascending: every keep adds at least one score step, so a state's probability is final before it is spread
    /// on. Turn points have no ceiling below a threshold play's thresholds, so the computation stops once the turns
    /// still going hold less than `tolerance` of probability, and drops them.
    ///
    /// - Returns: `nil` when the turn does not end within `maximumLevels` levels (`BlindTurnOutcomes.maximumLevels`
    ///   unless a test gives fewer) with probability `1 - tolerance` (dice that almost never farkle, played by `ev`
    ///   for points it banks only beyond them).
    init?(play: some LoadedBlindPlay, levels: Int?, maximumLevels: Int = Self.maximumLevels) {
        guard let turn = Self.worked(play: play, levels: levels, maximumLevels: maximumLevels).turn else {
            return nil
        }
        self = turn
    }

    /// The turn of `play` as `init(play:levels:maximumLevels:)` works it out, `nil` where that is `nil`, and the
    /// expected number of its rolls: what the turn costs the engine of loaded dice to play. Where the turn goes on
    /// past `maximumLevels`, the rolls up to there: a lower bound.
    static func worked(play: some LoadedBlindPlay, levels: Int?, maximumLevels: Int = Self.maximumLevels) -> (
        turn: BlindTurnOutcomes?, rolls: Double
    ) {
        let outcomes = play.outcomes
        let step = outcomes.table.scoreStep
        let mechanics = outcomes.table.turnMechanics
        let states = outcomes.stateCount
        let full = outcomes.fullState
        var banked = [Double](repeating: 0, count: (levels ?? 0) + 1)
        var farkle = 0.0
        // going[level * states + state]: the chance to roll the dice of `state` with `level` steps, grown as keeps
        // reach higher levels.
        var going = [Double](repeating: 0, count: states)
        going[outcomes.fullState] = 1
        var stillGoing = 1.0
        /// Moves `weight` to `reached` steps with the dice of `next` to roll, banked there or still going.
        func spread(_ weight: Double, reached: Int, next: Int) {
            if play.banks(turnPoints: reached * step, state: next) {
                let level = levels.map { min(reached, $0) } ?? reached
                if level >= banked.count { banked += [Double](repeating: 0, count: level + 1 - banked.count) }
                banked[level] += weight
            } else {
                // Whole rows of states: the loop reads every state of each level it reaches.
                let rows = (reached + 1) * states
                if rows > going.count { going += [Double](repeating: 0, count: rows - going.count) }
                going[reached * states + next] += weight
                stillGoing += weight
            }
        }
        var level = 0
        // Every chance of a state still going is a chance to roll its dice once.
        var rolls = 0.0
        while stillGoing >= Self.tolerance {
            guard level < maximumLevels else { return (nil, rolls) }
            for state in 1..<states {
                let chance = going[level * states + state]
                guard chance > 0 else { continue }
                stillGoing -= chance
                rolls += chance
                let scoreless = chance * outcomes.farkleProbability[state]
                if state == full, outcomes.diceInState[state] == DiceCounts.maximumDice,
                    let bonus = mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: level == 0)
                {
                    spread(scoreless, reached: level + mechanics.level(turnPoints: bonus), next: full)
                } else {
                    farkle += scoreless
                }
                for group in outcomes.groups(of: state) {
                    let option = play.option(ofGroup: group, level: level)
                    spread(chance * outcomes.groupProbability[group], reached: level + option.steps, next: option.next)
                }
            }
            level += 1
            if level * states >= going.count { break }
        }
        return (BlindTurnOutcomes(banked: banked, farkle: farkle, instantWin: 0), rolls)
    }
}
