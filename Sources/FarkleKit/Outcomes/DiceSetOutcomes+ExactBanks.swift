extension DiceSetOutcomes {
    /// The fewest levels of turn points, from 1 to `levels`, that no turn of these dice can bank exactly, or `nil`
    /// where every amount up to `levels` can be banked: where a race's target must be hit exactly, a player that
    /// far short of it could never finish (`GameRules.mustHitTargetExactly`).
    ///
    /// Follows every keep of every roll these dice can show (a group of chance 0, such as a face a die never
    /// rolls, leads nowhere) from the opening roll; a level counts where some state reached there may bank under
    /// the rules (`TurnMechanics.allowsBanking(diceLeft:)`, the least bank `leastBank`). The counterpart, for dice
    /// sets, of the check every rule file gets with ordinary dice (`BankReachability.exactBanks`).
    ///
    /// - Complexity: O(`levels` × the options of every state).
    package func firstUnbankableLevel(upTo levels: Int, leastBank: Int) -> Int? {
        guard levels > 0 else { return nil }
        let step = table.scoreStep
        let mechanics = table.turnMechanics
        var reached = [Bool](repeating: false, count: (levels + 1) * stateCount)
        var bankable = [Bool](repeating: false, count: levels + 1)
        reached[fullState] = true
        for level in 0...levels {
            for state in 1..<stateCount where reached[level * stateCount + state] {
                if level > 0, level * step >= leastBank, mechanics.allowsBanking(diceLeft: diceInState[state]) {
                    bankable[level] = true
                }
                for group in groups(of: state) where groupProbability[group] > 0 {
                    for option in options(of: group) where level + option.steps <= levels {
                        reached[(level + option.steps) * stateCount + option.next] = true
                    }
                }
            }
        }
        return (1...levels).first { !bankable[$0] }
    }
}
