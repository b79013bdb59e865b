/// The exact chance of each player to win a two-player race with a dice set each, both plays fixed: no
/// sampling.
///
/// The policy evaluation that goes with `LoadedWinSolver`: the same pairs of totals from the highest sum
/// down, the same turn tables over (turn points, dice of each kind left), but each player's choices are
/// those of its `LoadedPlay` instead of the best for the chance to win. E_p(a, b) is the chance that player
/// p, about to move with `a` against `b`, wins. With both plays fixed, a turn's value is linear in what a
/// farkle is worth, E_p(a, b) = c_p + s_p (1 − E_q(b, a)) with s_p the chance of a farkle, so each pair's two
/// unknowns are solved in closed form, without iteration (the determinant 1 − s_p s_q is positive: no set
/// farkles every roll).
///
/// `greedy` and `threshold:...` ignore the totals (`LoadedThresholdPlay`): they play the same turn at every
/// pair, worked out once (how likely each bank is, and a farkle), and each pair only weighs its banks. Such a
/// turn may roll on past the target (the threshold is not reached), so it is followed until less than 1e-15
/// of probability is still going, which is dropped.
///
/// The race ends at the first bank that reaches the target, so there are no ties: the two chances add up
/// to 1 up to rounding.
///
/// Apps reach it through `ExactOdds`, which takes it where a seat carries other dice than ordinary ones.
struct LoadedExactOdds: Sendable {
    /// The dice of each player, player 0 (who starts) first.
    let outcomes: [DiceSetOutcomes]
    /// The play of each player.
    let plays: [LoadedPlay]
    /// The chance that each player wins, player 0 (who starts) first.
    let winProbabilities: [Double]
    /// The number of pairs of totals below the target worked out (each with both players to move).
    let pairCount: Int

    /// Evaluates `plays` with the dice of `outcomes` (two each, player 0 first, on one scoring table).
    ///
    /// - Parameters:
    ///   - outcomes: The rolls of each player's dice set, player 0 first, both on one scoring table.
    ///   - plays: How each player plays (`ev`, `ev-target`, `win`, `greedy` or `threshold:...`), player 0 first.
    ///   - solver: The game solved to win for these outcomes (the whole game, `lowestTotals` 0 and 0), if already
    ///     at hand; solved here when a play is `.win` and it is `nil`.
    ///   - threads: The number of threads to spread each sum's pairs over (1: this thread only), for the
    ///     evaluation and a solve to win; the chances do not depend on it.
    /// - Precondition: two players; `LoadedWinSolver.supports(outcomes[0].table.rules)`; `threads` ≥ 1; a
    ///   `greedy` or `threshold` turn ends within 200,000 score steps but for less than 1e-15 of probability (it
    ///   may not with a set whose six dice score on every roll and a threshold far above the target).
    init(outcomes: [DiceSetOutcomes], plays: [LoadedPlay], solver: LoadedWinSolver? = nil, threads: Int = 1) {
        precondition(outcomes.count == 2 && plays.count == 2, "two players")
        let rules = outcomes[0].table.rules
        precondition(LoadedWinSolver.supports(rules), "a race won at the target, banking after any keep")
        let target = rules.game.end.target ?? 0
        let step = outcomes[0].table.scoreStep
        let levels = (target + step - 1) / step
        precondition(solver.map { $0.lowestTotals == [0, 0] } ?? true, "the whole game solved")
        let winSolver =
            plays.contains(.win) ? solver ?? LoadedWinSolver(outcomes: outcomes, threads: threads) : nil
        let setup = Setup(
            plays: plays, levels: levels, step: step, winValues: winSolver?.values,
            // The capped solvers of a player who plays for points, one per own total.
            capped: (0..<2).map { player in
                guard plays[player] == .cappedScore else { return [] }
                return CappedScoreSolver.forEveryTotal(outcomes: outcomes[player], target: target, threads: threads)
            },
            // The one turn of a player who ignores the totals (greedy, threshold, ev).
            blind: (0..<2).map { player in
                if plays[player] == .expectedPoints {
                    let solver = try? CappedScoreSolver(expectedPointsOf: outcomes[player])
                    precondition(solver != nil, "expected points that are solved (checked by the caller)")
                    return solver.map { LoadedBlindTurn(play: LoadedExpectedPointsPlay(solver: $0), levels: levels) }
                }
                return LoadedThresholdPlay(outcomes: outcomes[player], play: plays[player]).map {
                    LoadedBlindTurn(play: $0, levels: levels)
                }
            })
        let results = PairValues(count: levels * levels)
        let workers = SharedSlots(
            (0..<PairSweep.workers(threads: threads, levels: levels)).map { _ in
                PairEvaluator(outcomes: outcomes, levels: levels)
            })
        PairSweep.run(levels: levels, workers: workers) { worker, own, other in
            worker.evaluate(own: own, other: other, setup: setup, results: results)
        }
        self.outcomes = outcomes
        self.plays = plays
        winProbabilities = [results.values[0][0], 1 - results.values[0][0]]
        pairCount = levels * levels
    }
}

extension LoadedExactOdds {
    /// `ExactOdds`'s evaluation where a seat carries other dice than ordinary ones: its refusals, then the
    /// evaluation of each strategy's play (`LoadedPlay`) with each seat's dice.
    ///
    /// - Parameters:
    ///   - strategies: The two seats' strategies, seat 1 first.
    ///   - dice: The two seats' dice, seat 1 first.
    ///   - table: The scoring table of the rules.
    ///   - threads: The threads to spread each sum's pairs over.
    ///   - context: Where a `win` seat's solved race comes from (`StrategyContext.diceSetGames`), after every check.
    /// - Throws: `ExactOdds.Unsupported` for a strategy without a play with dice sets, rules other than a race
    ///   won at the target at once with banking after any keep, a set that can never score, or `greedy` or
    ///   `threshold` with a set whose six dice score on every roll.
    init(
        strategies: [StrategySpec], dice: [DiceSet], context: StrategyContext, threads: Int
    ) throws(ExactOdds.Unsupported) {
        let table = context.table
        var plays: [LoadedPlay] = []
        for spec in strategies {
            guard let play = LoadedPlay(spec) else {
                throw ExactOdds.Unsupported(LoadedPlay.unknownReason(spec))
            }
            plays.append(play)
        }
        let rules = table.rules
        if let reason = DiceSet.refusal(toPlay: rules) { throw ExactOdds.Unsupported(reason) }
        // Every pair of totals is evaluated: bounded like a win solve before anything is allocated.
        do {
            try WinProbabilitySolver.checkSize(of: rules, step: table.scoreStep, floor: nil)
        } catch {
            throw ExactOdds.Unsupported(error.description)
        }
        for set in dice {
            let entries = CappedScoreSolver.entriesForEveryTotal(rules: rules, set: set)
            guard entries <= CappedScoreSolver.maximumEntriesForEveryTotal else {
                throw ExactOdds.Unsupported(
                    "the dice set \(set) needs \(entries) table entries for its turns at every total, more than "
                        + "\(CappedScoreSolver.maximumEntriesForEveryTotal): lower the target")
            }
        }
        let outcomes = dice.map { DiceSetOutcomes(table: table, set: $0) }
        // A player whose dice never score never banks: the race would not end (the chances would be 0 / 0).
        for seat in 0..<2 where !outcomes[seat].canScore {
            throw ExactOdds.Unsupported(
                "the dice set \(dice[seat]) can never score under rules '\(rules.name)': a player carrying it never "
                    + "banks")
        }
        if let reason = LoadedWinSolver.refusal(for: rules) {
            throw ExactOdds.Unsupported("exact odds with dice sets \(reason) (simulate them instead)")
        }
        // A greedy or threshold turn with six dice that score on every roll can roll on after hot dice for as
        // long as the threshold takes.
        for seat in 0..<2 where plays[seat] == .expectedPoints {
            // The lines above the table say whether the points are solved, before any table is built.
            do {
                _ = try UncappedTail(outcomes: outcomes[seat])
            } catch {
                throw ExactOdds.Unsupported("strategy 'ev': \(error.description)")
            }
        }
        for seat in 0..<2 where plays[seat].isThreshold {
            guard outcomes[seat].farkleProbability[outcomes[seat].fullState] == 0 else { continue }
            throw ExactOdds.Unsupported(
                "strategy '\(plays[seat])' with the dice set \(dice[seat]) may never end a turn: every roll of its "
                    + "six dice scores; play it 'ev-target' or 'win'")
        }
        let solver = plays.contains(.win) ? context.diceSetGame(outcomes: outcomes, threads: threads) : nil
        self.init(outcomes: outcomes, plays: plays, solver: solver, threads: threads)
    }
}

// MARK: - Pairs

/// What every pair's evaluation reads: the plays and what each needs.
private struct Setup: Sendable {
    let plays: [LoadedPlay]
    let levels: Int
    let step: Int
    /// The game's values W_0, W_1 where a play is `win`.
    let winValues: [[Double]]?
    /// The capped solvers of a player who plays `ev-target`, one per own total.
    let capped: [[CappedScoreSolver]]
    /// The one turn of a player who ignores the totals (greedy, threshold, ev).
    let blind: [LoadedBlindTurn?]
}

/// One thread's turn tables, reused from pair to pair.
private struct PairEvaluator {
    private var tables: [LoadedTurnTable]
    private var references: [LoadedTurnTable]

    init(outcomes: [DiceSetOutcomes], levels: Int) {
        tables = outcomes.map { LoadedTurnTable(outcomes: $0, levels: levels) }
        references = outcomes.map { LoadedTurnTable(outcomes: $0, levels: levels) }
    }

    /// Works out E_0(own, other) and E_1(other, own) together.
    mutating func evaluate(own: Int, other: Int, setup: Setup, results: PairValues) {
        let levels = setup.levels
        let totals = [(own, other), (other, own)]
        var turns: [(value: Double, slope: Double)] = []
        for player in 0..<2 {
            let (mine, theirs) = totals[player]
            let rivalValues = UnsafeBufferPointer(results.values[1 - player].buffer)
            if let turn = setup.blind[player] {
                // Its banks, weighed by what the rival makes of each; a bank to the target wins.
                var value = turn.banked[(levels - mine)...].reduce(0, +)
                for points in 1..<(levels - mine) {
                    value +=
                        turn.banked[points]
                        * LoadedRaceLayout(levels: levels).bank(
                            points, at: (mine, theirs), values: rivalValues, ties: rivalValues
                        ).value
                }
                turns.append((value, turn.farkle))
            } else if let winValues = setup.winValues, setup.plays[player] == .win {
                // The play to win at this pair: the best turn against the game's values.
                let rival = winValues[1 - player]
                _ = references[player].solve(
                    own: mine, other: theirs, farkle: 1 - rival[theirs * levels + mine], rivalValues: rival)
                turns.append(
                    tables[player].evaluate(
                        own: mine, other: theirs, farkle: 0, rivalValues: rivalValues,
                        play: ReferencePlay(table: references[player], top: levels - mine), won: 1))
            } else {
                turns.append(
                    tables[player].evaluate(
                        own: mine, other: theirs, farkle: 0, rivalValues: rivalValues,
                        play: CappedPlay(solver: setup.capped[player][mine], step: setup.step), won: 1))
            }
        }
        // x0 = c0 + s0 (1 − x1), x1 = c1 + s1 (1 − x0).
        let (c0, s0) = turns[0]
        let (c1, s1) = turns[1]
        let x0 = (c0 + s0 - s0 * (c1 + s1)) / (1 - s0 * s1)
        results.values[0][own * levels + other] = x0
        results.values[1][other * levels + own] = c1 + s1 * (1 - x0)
    }
}

// MARK: - Plays

/// The capped-optimal turn for the player's own total: the keep with the highest capped value, banking
/// where the capped solver banks.
private struct CappedPlay: LoadedTurnPlay {
    let solver: CappedScoreSolver
    let step: Int

    func rank(current: Double, level: Int, state: Int) -> Double {
        solver.value(turnPoints: level * step, state: state)
    }

    func banks(level: Int, state: Int, bank: Double, roll: Double) -> Bool {
        level > 0 && solver.shouldBank(turnPoints: level * step, state: state)
    }
}

/// The choices of another table of the same pair: the best play to win, solved against the game's values.
private struct ReferencePlay: LoadedTurnPlay {
    let table: LoadedTurnTable
    /// The levels of turn points below the target at this pair.
    let top: Int

    func rank(current: Double, level: Int, state: Int) -> Double {
        level >= top ? 1 : table.value(at: level * table.outcomes.stateCount + state)
    }

    func banks(level: Int, state: Int, bank: Double, roll: Double) -> Bool {
        table.banks[level * table.outcomes.stateCount + state]
    }
}
