/// An upper bound on the chance to win of a dice set against another in the race played to win, far cheaper
/// than solving the game (`LoadedWinSolver`).
///
/// Fix any play β of the opponent that looks only at the opponent's own total and turns: the value of the game,
/// a maximum over our plays of a minimum over theirs, is at most our best chance against β. With β fixed, the
/// opponent's dice and choices do not depend on ours, so the turn T on which the opponent would reach the target
/// is a random number independent of our dice. Moving first we win exactly when we reach the target within T
/// turns, moving second within T − 1. Even told T in advance, we reach it within m turns with chance at most
/// R(m), the best chance to reach the target alone within m turns (`ReachProbabilitySolver`). So our chance on a
/// coin is at most E[c(T)], c(m) = (R(m) + R(m − 1)) / 2, for every β; the bound takes the β that makes E[c(T)]
/// smallest, solved exactly over (the opponent's turns played, total). Past `turns` turns c is taken as 1,
/// which only raises the bound.
///
/// Both steps are solos, `turns` × (target / step) turns each instead of the game's (target / step)² turns solved
/// two or three times over: about a twentieth of a game solve for six loaded dice of different kinds at 4000.
/// The bound is loose by the opponent's ignorance and our foresight: about 5 to 6 points of percentage for one
/// loaded die against six ordinary dice at 4000, under 1 point for a set that wins 97%.
@_spi(Kernels) public enum LoadedWinBound {
    /// The turns the bound looks ahead by default: enough that R(turns) is 1 to about 1e-6 at the kcd targets.
    static func defaultTurns(target: Int, scoreStep: Int) -> Int {
        max(8, (target + scoreStep - 1) / scoreStep / 5)
    }

    /// An upper bound on the chance that the dice of `outcomes` win against those of `opponent`, who starts
    /// decided by a fair coin, both playing to win (the value `DiceSetSearch.rankByWins` ranks by).
    ///
    /// - Precondition: both on one scoring table; `LoadedWinSolver.supports(outcomes.table.rules)`; `turns` ≥ 1.
    public static func coinBound(outcomes: DiceSetOutcomes, opponent: DiceSetOutcomes, turns: Int? = nil) -> Double {
        let rules = outcomes.table.rules
        precondition(LoadedWinSolver.supports(rules), "a race won at the target, banking after any keep")
        let target = rules.game.end.target ?? 0
        let step = outcomes.table.scoreStep
        let levels = (target + step - 1) / step
        let turns = turns ?? defaultTurns(target: target, scoreStep: step)
        precondition(turns >= 1, "at least one turn")
        guard let reach = try? ReachProbabilitySolver(outcomes: outcomes, target: target, turns: turns) else {
            return 1
        }
        // R(m) for m = 0...turns from a total of 0; R(0) = 0 below a positive target.
        let chances = (0...turns).map { reach.chance(turnsLeft: $0, total: 0) }
        // The opponent minimizes H(j, b) = E[c(T)] having played j turns with b: solved as G = 1 − H maximized,
        // a bank below the target worth G(j + 1, b + t) = 1 − H(j + 1, b + t), reaching it 1 − c(j + 1), a
        // farkle G(j + 1, b). H(turns, b) = 1.
        var table = LoadedTurnTable(outcomes: opponent, levels: levels)
        var later = [Double](repeating: 1, count: levels)
        for played in stride(from: turns - 1, through: 0, by: -1) {
            let cost = (chances[played + 1] + chances[played]) / 2
            var current = later
            for total in 0..<levels {
                let value = table.solve(
                    own: total, other: 0, farkle: 1 - later[total], rivalValues: later, won: 1 - cost
                ).value
                current[total] = 1 - value
            }
            later = current
        }
        return later[0]
    }
}
