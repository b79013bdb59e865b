/// The exact chances of a two-player game of fixed rounds between two fixed strategies (`ExactOdds` for
/// `farkleten` and other games of rounds).
///
/// As in `RoundsWinSolver`, only the turn and the difference of the totals d (the mover's total minus the
/// other's) matter, and the game is acyclic: for each turn, from the last one back, the mover's chances to win
/// and to tie at every d are what its turn banks (or farkles: a farkle ends the turn at d, as a bank of 0
/// does) weighed with the chances of the turn that follows. A strategy that ignores the totals banks the same
/// distribution everywhere (`BlindTurnOutcomes`); `win` plays the solver's turn at each (turn, d) and is
/// weighed along its decisions (`WinTurn.endings(of:top:)`). Equal totals after the last extra round count as a
/// tie (the highest-single-turn tie-break is not played), and a turn that ends `RoundsWinSolver`'s cap on the
/// difference ahead counts as won: neither moves a chance by more than the solver's `capErrorBound`. A scoreless
/// opening roll that costs points lowers the mover's lead by the cost (`WinTurn.costingOpeningFarkle`).
struct RoundsOdds {
    /// The first player's chance to win.
    let firstWin: Double
    /// The chance of a tie.
    let tie: Double
    /// The (turn, difference) states worked out.
    let stateCount: Int

    /// Evaluates `strategies` (two, seat 1 first), telling `progress` the fraction of the turns worked out.
    init(
        strategies: [StrategySpec], context: inout StrategyContext, threads: Int,
        progress: @Sendable (Double) -> Void = { _ in }
    ) throws(NotCovered) {
        let rules = context.rules
        guard let rounds = rules.game.end.rounds else {
            throw NotCovered("rules '\(rules.name)' race to a target")
        }
        // A scoreless opening roll that costs points lowers the lead alone; a penalty would need the counts.
        guard rules.turn.threeFarklePenalty == nil else {
            throw NotCovered(
                "exact odds of a game of fixed rounds do not handle a three-farkle penalty (rules '\(rules.name)')")
        }
        guard !rules.entryRaisesTheLeastBank else {
            throw NotCovered(
                "exact odds of a game of rounds do not handle an entry minimum (rules '\(rules.name)')")
        }
        var seats: [OddsSeat] = []
        for spec in strategies { seats.append(try OddsSeat(spec, context: &context, threads: threads)) }
        var capLevel: Int?
        for seat in seats {
            if case .roundsWin(let solver) = seat { capLevel = solver.capLevel }
        }
        let layout = RoundsLayout(
            rounds: rounds, extraRounds: rules.game.extraRoundsOnTie,
            capLevel: capLevel
                ?? RoundsWinSolver.capLevel(
                    bounds: RoundsWinSolver.exponentialBounds(turn: WinTurn(table: context.table, gameEndings: false)),
                    turns: rounds, tolerance: RoundsWinSolver.capTolerance),
            leastLevel: 0, turn: WinTurn(table: context.table))
        do {
            try layout.checkSize(rulesName: rules.name)
        } catch {
            throw NotCovered(error.description)
        }
        let results = PairResults(count: layout.turns * layout.width)
        var states = 0
        for turnIndex in stride(from: layout.turns - 1, through: 0, by: -1) {
            let differences = layout.differences(turn: turnIndex)
            let seat = seats[turnIndex % 2]
            Parallel.forEach(differences.count, threads: threads) { item in
                Self.solve(
                    turn: turnIndex, difference: differences.lowerBound + item, seat: seat, layout: layout,
                    results: results)
            }
            states += differences.count
            progress(Double(layout.turns - turnIndex) / Double(layout.turns))
        }
        firstWin = results.values[layout.capLevel]
        tie = results.ties[layout.capLevel]
        stateCount = states
    }

    /// The mover's chances to win and to tie after ending turn `turnIndex` `difference` steps ahead.
    private static func ending(
        turn turnIndex: Int, difference: Int, layout: RoundsLayout, results: PairResults
    ) -> (win: Double, tie: Double) {
        switch layout.outcome(turn: turnIndex, difference: difference) {
        case .decided(let win, let tie): return (win, tie)
        case .next(let next):
            let tie = results.ties[next]
            return (1 - results.values[next] - tie, tie)
        }
    }

    /// Works out the mover's chances at (`turnIndex`, `difference`).
    private static func solve(
        turn turnIndex: Int, difference: Int, seat: OddsSeat, layout: RoundsLayout, results: PairResults
    ) {
        let payoff = { (level: Int) in
            ending(turn: turnIndex, difference: difference + level, layout: layout, results: results)
        }
        let odds: TurnOdds
        switch seat {
        case .roundsWin(let solver):
            let endings = solver.layout.fixedPlayEndings(
                at: (turnIndex, difference), values: solver.values, ties: solver.ties)
            odds = FixedTurns.Turn(endings).odds(payoff: payoff)
        default:
            // Any total above 0 stands for a player who has entered: a game of rounds has no entry minimum here.
            odds = seat.turn(mine: 1, theirs: 0).odds(payoff: payoff)
        }
        let farkle = ending(turn: turnIndex, difference: difference, layout: layout, results: results)
        var entry = (value: odds.win + odds.farkle * farkle.win, tie: odds.tie + odds.farkle * farkle.tie)
        // A scoreless opening roll that costs points: every play farkles on it alike (no choice comes before it),
        // so its share of the farkles ends the turn with the lead less the cost instead.
        if layout.openingCostLevels > 0 {
            let opening = ending(
                turn: turnIndex, difference: difference - layout.openingCostLevels, layout: layout, results: results)
            entry = layout.turn.costingOpeningFarkle(
                entry, farkle: (farkle.win, farkle.tie), opening: (opening.win, opening.tie))
        }
        let index = turnIndex * layout.width + difference + layout.capLevel
        results.values[index] = entry.value
        results.ties[index] = entry.tie
    }
}
