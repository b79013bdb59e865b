/// What the banks of a strategy that ignores the totals are worth when they reach the target, summed once for
/// every state: `Σ P(bank l) payoff(lead + l)` over the banks l that reach it, where only the lead (the mover's
/// total minus the other's) and the first level that reaches the target (`levels - mine`) vary.
///
/// A bank that reaches the target gives the other seat its last turn (or wins without a final round), whose
/// chances depend on the lead alone and never change between sweeps; the sums are suffix sums over the bank
/// levels, one column per lead, so each state reads them in one step.
struct BlindPastTarget: Sendable {
    let levels: Int
    /// The sums at `reachTarget * leads + lead + levels - 1`, for `reachTarget` in 0...levels.
    let win: [Double]
    let tie: [Double]

    /// The sums of `outcomes`' banks for totals of `levels` levels, with `payoff(lead)` what a bank that ends
    /// `lead` levels ahead at or past the target is worth.
    init(outcomes: BlindTurnOutcomes, levels: Int, payoff: (Int) -> (win: Double, tie: Double)) {
        self.levels = levels
        let leads = 2 * levels - 1
        var win = [Double](repeating: 0, count: (levels + 1) * leads)
        var tie = win
        let banked = outcomes.banked
        for column in 0..<leads {
            let lead = column - (levels - 1)
            var sum = (win: 0.0, tie: 0.0)
            for level in stride(from: max(banked.count - 1, levels), through: 0, by: -1) {
                if level < banked.count, banked[level] > 0, lead + level > 0 {
                    let after = payoff(lead + level)
                    sum.win += banked[level] * after.win
                    sum.tie += banked[level] * after.tie
                }
                if level <= levels {
                    win[level * leads + column] = sum.win
                    tie[level * leads + column] = sum.tie
                }
            }
        }
        self.win = win
        self.tie = tie
    }

    /// The chances to win and to tie from the banks of `reachTarget` levels or more, `lead` levels ahead.
    func odds(reachTarget: Int, lead: Int) -> (win: Double, tie: Double) {
        let index = reachTarget * (2 * levels - 1) + lead + levels - 1
        return (win[index], tie[index])
    }
}
