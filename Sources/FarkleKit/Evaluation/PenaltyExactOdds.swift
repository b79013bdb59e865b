import Foundation

/// The exact chances of a two-player race under a three-farkle penalty between two fixed strategies (`ExactOdds`
/// for `zilch` and other rule sets with the penalty).
///
/// The state between turns is the one `PenaltyWinSolver` solves (`PenaltyStateSpace`: both totals from the floor,
/// `PenaltyWinSolver.defaultFloor(rules:)`, to the target, totals below the floor counted as the floor, and each
/// player's farkles in a row, 0 to 2), with the seat to move: the two seats play differently, so each state
/// holds both seats' chances to win and to tie. A bank hands the turn over with the banker's count restarted, a
/// farkle with one more farkle in a row, or on the third with the penalty taken and the count restarted; a bank
/// that reaches the target gives the other seat its last turn (played by its own strategy at its own count) or
/// wins at once without a final round.
///
/// A strategy that ignores the totals (`ev`, `greedy`, `threshold:...`) plays the same turn everywhere for a
/// given count of its own farkles in a row (`ev` is then `FarkleStreakStrategy`, whose play depends on that
/// count), so its banks are worked out once per count (`BlindTurnOutcomes`) and each state only weighs them.
/// `win` plays the solver's turn at each state; that play and what a bank reaching the target is worth never
/// change between sweeps, so each state's turn is followed once (`FixedTurns`, `WinTurn.endings(of:top:)`) and
/// a sweep only weighs its banks below the target.
///
/// Banks raise the sum of the totals and a farkle keeps it with more farkles in a row, so one sweep works the
/// states out from the highest sum down and, within a sum, from the most farkles down, as the solver does; only
/// the penalty lowers a total, so the states it leads to hold the previous sweep's chances. Sweeps repeat until
/// no chance changes by more than `tolerance`. They converge because the game ends with probability 1 from
/// every state (some seat banks, and its banks raise its total to the target), so the evaluation is that of an
/// absorbing Markov chain, a contraction; and what a sweep still owes the next travels only through a penalty,
/// which takes three farkles in a row and costs points, so little of it is left after each sweep.
struct PenaltyExactOdds {
    /// The first player's chance to win.
    let firstWin: Double
    /// The chance of a tie.
    let tie: Double
    /// The (totals, farkle counts) states worked out, each with both seats to move.
    let stateCount: Int
    /// The number of sweeps.
    let sweeps: Int
    /// The largest change of a chance in the last sweep.
    let lastChange: Double

    /// The change of every chance below which the sweeps stop (the one `PenaltyWinSolver` uses).
    static let tolerance = PenaltyWinSolver.tolerance

    /// Evaluates `strategies` (two, seat 1 first) under the penalty rules of `context`.
    ///
    /// - Parameters:
    ///   - strategies: The two seats' strategies, seat 1 first.
    ///   - context: Where the strategies come from; `win` takes the penalty game's solution there.
    ///   - threads: The threads each step's states are spread over (the result is the same for any count).
    ///   - maximumSweeps: The most sweeps before giving up on the tolerance.
    ///   - progress: Told after each sweep how far the largest change has fallen from the first sweep's toward the
    ///     tolerance, on a logarithmic scale from 0 to 1: the sweeps contract about geometrically, so this is about
    ///     the fraction of the sweeps done.
    init(
        strategies: [StrategySpec], context: inout StrategyContext, threads: Int, maximumSweeps: Int = 1_000,
        progress: (Double) -> Void = { _ in }
    ) throws(NotCovered) {
        let rules = context.rules
        let cost = rules.turn.scorelessOpeningRollCost
        // No penalty but the cost of a scoreless opening roll: a third farkle in a row that takes nothing.
        guard let penalty = rules.turn.threeFarklePenalty ?? (cost > 0 ? .points(0) : nil) else {
            throw NotCovered("rules '\(rules.name)' have no three-farkle penalty")
        }
        guard case .target(let target, let hasFinalRound) = rules.game.end else {
            throw NotCovered("rules '\(rules.name)' play fixed rounds (RoundsOdds)")
        }
        let mechanics = context.table.turnMechanics
        guard !rules.entryRaisesTheLeastBank else {
            throw NotCovered(
                "exact odds do not handle an entry minimum with a "
                    + (rules.turn.threeFarklePenalty == nil
                        ? "scoreless opening roll that costs points" : "three-farkle penalty")
                    + " (a total of zero or below no longer tells whether a player has entered; rules "
                    + "'\(rules.name)')")
        }
        // Refused before any seat is tabulated (the floor, at most 0, only adds levels): seats of a game in steps of
        // 1 take seconds to build.
        _ = try ExactOdds.levels(below: target, step: context.table.scoreStep, atLeast: true)
        var seats: [[OddsSeat]] = []
        for spec in strategies {
            // Only `ev` reads the farkles in a row; the others play one turn for every count.
            var counts: [OddsSeat] = []
            for farkles in LongRunAverageSolver.farkleCounts {
                if farkles > 0 && spec != .expectedValue {
                    counts.append(counts[0])
                } else {
                    counts.append(try OddsSeat(spec, context: &context, threads: threads, farklesInARow: farkles))
                }
            }
            seats.append(counts)
        }
        // A `win` seat's solution sets the floor: a policy file may have been solved with another than the default.
        var floor = PenaltyWinSolver.defaultFloor(rules: rules)
        for case .penaltyWin(let solver) in seats.joined() { floor = solver.floor }
        let space = PenaltyStateSpace(
            target: target, penalty: penalty, floor: floor,
            leastBank: mechanics.minimumBank,
            turn: WinTurn(table: context.table),
            // Only the layout is read: each seat's own final round is weighed in `bankPayoff`.
            finalRound: nil, countsFarkles: rules.turn.countsFarklesInARow, openingFarkleCost: cost)
        guard space.levels <= ExactOdds.maximumLevels else {
            throw NotCovered(
                "a target of \(target) with a floor of \(space.floorLevel * space.step) is \(space.levels) levels; "
                    + "exact odds tabulate at most \(ExactOdds.maximumLevels)")
        }
        if seats.allSatisfy({ $0.allSatisfy(\.neverScores) }) {
            throw NotCovered(
                "neither strategy ever banks or wins under rules '\(rules.name)': the game never ends")
        }
        for case .penaltyWin(let solver) in seats.joined() {
            precondition(
                solver.levels == space.levels && solver.floor == space.floorLevel * space.step,
                "the solution's states are the evaluation's")
        }
        let game = PenaltyOddsGame(space: space, hasFinalRound: hasFinalRound, seats: seats, threads: threads)
        var sweeps = 0
        var change = Double.infinity
        var firstChange = 1.0
        while change > Self.tolerance && sweeps < maximumSweeps {
            sweeps += 1
            change = game.space.sweep(threads: threads) { mine, theirs, myFarkles, theirFarkles in
                max(
                    game.solve(seat: 0, mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles),
                    game.solve(seat: 1, mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles))
            }
            if sweeps == 1 { firstChange = max(change, 10 * Self.tolerance) }
            let fallen = change > Self.tolerance ? log(firstChange / change) / log(firstChange / Self.tolerance) : 1
            progress(min(max(fallen, 0), 1))
        }
        let start = game.space.index(-game.space.floorLevel, -game.space.floorLevel, 0, 0)
        firstWin = game.results.values[start]
        tie = game.results.ties[start]
        stateCount = game.count
        self.sweeps = sweeps
        lastChange = change
    }
}

/// The penalty game being evaluated: the states, the seats (by their own farkles in a row) and the chances.
private struct PenaltyOddsGame: Sendable {
    let space: PenaltyStateSpace
    let hasFinalRound: Bool
    /// `seats[seat][farklesInARow]`.
    let seats: [[OddsSeat]]
    /// The states of one seat to move.
    let count: Int
    /// The chance that the seat to move wins (`values`) and that the game ends in a tie (`ties`), at
    /// `seat * count + space.index(...)`.
    let results: PairResults
    /// What the banks of a strategy that ignores the totals reach the target with, at `seat * 9 + 3 *
    /// myFarkles + theirFarkles`: `nil` for `win`.
    let pastTarget: [BlindPastTarget?]
    /// A `win` seat's turn at every state, followed once (`nil` for other seats).
    let fixedTurns: [FixedTurns?]

    init(space: PenaltyStateSpace, hasFinalRound: Bool, seats: [[OddsSeat]], threads: Int) {
        self.space = space
        self.hasFinalRound = hasFinalRound
        self.seats = seats
        count = 9 * space.levels * space.levels
        results = PairResults(count: 2 * count)
        var pastTarget: [BlindPastTarget?] = []
        for seat in 0..<2 {
            for myFarkles in 0...2 {
                for theirFarkles in 0...2 {
                    guard case .blind(let outcomes, _) = seats[seat][myFarkles] else {
                        pastTarget.append(nil)
                        continue
                    }
                    pastTarget.append(
                        BlindPastTarget(outcomes: outcomes, levels: space.levels) { lead in
                            Self.reachingTarget(
                                seats: seats, hasFinalRound: hasFinalRound, mover: seat, lead: lead,
                                theirFarkles: theirFarkles)
                        })
                }
            }
        }
        self.pastTarget = pastTarget
        fixedTurns = (0..<2).map { seat in
            guard case .penaltyWin(let solver) = seats[seat][0] else { return nil }
            let levels = space.levels
            return FixedTurns(count: 9 * levels * levels, rows: levels, threads: threads) { mine in
                var turns: [(index: Int, turn: FixedTurns.Turn)] = []
                // Where farkles are not counted every count is the state of none.
                let counts = space.countsFarkles ? 0...2 : 0...0
                for theirs in 0..<levels {
                    for myFarkles in counts {
                        for theirFarkles in counts {
                            let state = (mine, theirs, myFarkles, theirFarkles)
                            let endings = solver.space.fixedPlayEndings(
                                at: state, values: solver.values, ties: solver.ties)
                            // A bank that reaches the target is worth the same in every sweep: weighed once.
                            let turn = FixedTurns.Turn(endings, weighedFrom: levels - mine) { level in
                                Self.reachingTarget(
                                    seats: seats, hasFinalRound: hasFinalRound, mover: seat,
                                    lead: mine + level - theirs,
                                    theirFarkles: theirFarkles)
                            }
                            turns.append((space.index(mine, theirs, myFarkles, theirFarkles), turn))
                        }
                    }
                }
                return turns
            }
        }
    }

    /// What a bank that reaches the target `lead` levels ahead is worth to the seat `mover`: the other seat's
    /// last turn (at its count of farkles in a row, `theirFarkles`) then decides, or the game is won.
    static func reachingTarget(
        seats: [[OddsSeat]], hasFinalRound: Bool, mover: Int, lead: Int, theirFarkles: Int
    ) -> (win: Double, tie: Double) {
        guard hasFinalRound else { return (1, 0) }
        let last = seats[1 - mover][theirFarkles].finalRound(deficit: lead, hasEntered: true)
        return (1 - last.win - last.tie, last.tie)
    }

    /// The chances to win and to tie of the seat that hands the turn to `other` at state `index`.
    func handedOver(to other: Int, index: Int) -> (win: Double, tie: Double) {
        let tie = results.ties[other * count + index]
        return (1 - results.values[other * count + index] - tie, tie)
    }

    /// Works out `seat`'s chances to move at the state from the current chances and returns how much they changed.
    func solve(seat: Int, mine: Int, theirs: Int, myFarkles: Int, theirFarkles: Int) -> Double {
        var odds: TurnOdds
        switch seats[seat][myFarkles] {
        case .blind(let outcomes, _) where space.turn.bustsAboveTop:
            // A target hit exactly: the bank that hits it wins (no final round), every bank past it busts, one more
            // farkle of the turn (counted in a row, as the game counts it).
            let need = space.levels - mine
            let (hit, busts) = BlindTurnOutcomes.exactTarget(outcomes.banked, need: need)
            odds = TurnOdds(win: outcomes.instantWin + hit, tie: 0, farkle: outcomes.farkle + busts)
            for (level, chance) in outcomes.banked.prefix(need).enumerated() where chance > 0 {
                odds.add(chance, handedOver(to: 1 - seat, index: space.index(theirs, mine + level, theirFarkles, 0)))
            }
        case .blind(let outcomes, _):
            // Without an entry minimum a seat's turn is the same entered or not. The banks that reach the
            // target are summed once (`BlindPastTarget`); only those below it are weighed here.
            let reaching = pastTarget[seat * 9 + 3 * myFarkles + theirFarkles].unsafelyUnwrapped.odds(
                reachTarget: space.levels - mine, lead: mine - theirs)
            odds = TurnOdds(win: outcomes.instantWin + reaching.win, tie: reaching.tie, farkle: outcomes.farkle)
            outcomes.banked.withUnsafeBufferPointer { banked in
                for level in 0..<min(space.levels - mine, banked.count) where banked[level] > 0 {
                    let after = handedOver(to: 1 - seat, index: space.index(theirs, mine + level, theirFarkles, 0))
                    odds.win += banked[level] * after.win
                    odds.tie += banked[level] * after.tie
                }
            }
        case .penaltyWin:
            // The solver's turn at this state, followed once (`FixedTurns`): only its banks below the target
            // are weighed here.
            odds = fixedTurns[seat].unsafelyUnwrapped[space.index(mine, theirs, myFarkles, theirFarkles)].odds {
                handedOver(to: 1 - seat, index: space.index(theirs, mine + $0, theirFarkles, 0))
            }
        case .win, .roundsWin, .threePlayerWin, .diceSetWin:
            preconditionFailure("a race under a penalty plays win with the penalty game's solution")
        case .byTotal:
            preconditionFailure("ev-target plays races without a three-farkle penalty (TargetTurnStrategy.refusal)")
        }
        let farkle = handedOver(
            to: 1 - seat,
            index: space.afterFarkle(mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles))
        let own = seat * count + space.index(mine, theirs, myFarkles, theirFarkles)
        var win = odds.win + odds.farkle * farkle.win
        var tie = odds.tie + odds.farkle * farkle.tie
        // A scoreless opening roll that costs points: every play farkles on it alike (no choice comes before it),
        // so its share of the farkles hands over the total less the cost instead.
        if let opening = space.afterOpeningFarkle(
            mine: mine, theirs: theirs, myFarkles: myFarkles, theirFarkles: theirFarkles)
        {
            let after = handedOver(to: 1 - seat, index: opening)
            (win, tie) = space.turn.costingOpeningFarkle(
                (win, tie), farkle: (farkle.win, farkle.tie), opening: (after.win, after.tie))
        }
        let change = max(abs(win - results.values[own]), abs(tie - results.ties[own]))
        results.values[own] = win
        results.ties[own] = tie
        return change
    }
}
