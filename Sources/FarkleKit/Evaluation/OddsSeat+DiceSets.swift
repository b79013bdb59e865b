extension OddsSeat {
    /// The seats of `strategies`, each carrying its `dice` (two seats, seat 1 first), in a race won at the target at
    /// once (`kcd`), or with a final round where no play reads the totals: every play is followed as its banks
    /// (`BlindTurnOutcomes.init(play:levels:)`), `greedy`, `threshold` and `ev` once for every pair of totals,
    /// `ev-target` once per own total, `win` at each pair from the race of the two sets solved to win
    /// (`LoadedWinSolver`, `context.diceSetGame(outcomes:threads:)`).
    ///
    /// - Throws: `NotCovered` for a strategy without a play with dice sets, rules other than a race won at
    ///   the target at once (`DiceSet.refusal(toPlay:game:allowsFinalRound:)`), an entry minimum above the least bank,
    ///   `win` under rules its solver does not cover (`LoadedWinSolver.refusal(for:)`), a race too large to tabulate, a
    ///   set that can never score, `ev` where a turn's expected points are not solved, `greedy` or `threshold` with a
    ///   set whose six dice score on every roll, or a turn that goes on past every level tabulated.
    static func seats(
        strategies: [StrategySpec], dice: [DiceSet], context: StrategyContext, threads: Int
    ) throws(NotCovered) -> (seats: [OddsSeat], levels: Int) {
        let table = context.table
        var plays: [LoadedPlay] = []
        for spec in strategies {
            guard let play = LoadedPlay(spec) else {
                throw NotCovered(LoadedPlay.unknownReason(spec))
            }
            plays.append(play)
        }
        let rules = table.rules
        // Plays that read no total follow a final round: their turns' banks are kept level by level past the target.
        let hasFinalRound = rules.game.end.hasFinalRound
        let readsNoTotal = plays.allSatisfy { $0 != .win && $0 != .cappedScore }
        if let reason = DiceSet.refusal(toPlay: rules, allowsFinalRound: readsNoTotal) {
            throw NotCovered(reason)
        }
        // Every pair of totals is evaluated: bounded like a win solve before anything is allocated.
        do {
            try WinProbabilitySolver.checkSize(of: rules, step: table.scoreStep, floor: nil)
        } catch {
            throw NotCovered(
                "exact odds with dice sets follow every pair of totals, bounded as a win solve is: \(error.description)"
            )
        }
        for set in dice {
            let entries = CappedScoreSolver.entriesForEveryTotal(rules: rules, set: set)
            guard entries <= CappedScoreSolver.maximumEntriesForEveryTotal else {
                throw NotCovered(
                    "the dice set \(set) needs \(entries) table entries for its turns at every total, more than "
                        + "\(CappedScoreSolver.maximumEntriesForEveryTotal): lower the target")
            }
        }
        let outcomes = dice.map { DiceSetOutcomes(table: table, set: $0) }
        // A player whose dice never score never banks: the race would not end (the chances would be 0 / 0).
        for seat in 0..<2 where !outcomes[seat].canScore {
            throw NotCovered(
                "the dice set \(dice[seat]) can never score under rules '\(rules.name)': a player carrying it never "
                    + "banks")
        }
        // Only the race solved to win needs banking after any keep: the other plays are followed through the turn
        // mechanics (a least bank, dice a bank needs, a six-dice farkle), as the engine of loaded dice plays them.
        if plays.contains(.win), let reason = LoadedWinSolver.refusal(for: rules) {
            throw NotCovered("exact odds of 'win' with dice sets \(reason) (simulate them instead)")
        }
        // Their turns bank as a player on the board does: a higher least bank before entering is not followed.
        let entry = rules.game.entryMinimum
        guard !rules.entryRaisesTheLeastBank else {
            throw NotCovered(
                "exact odds with dice sets follow no entry minimum above the least bank; rules '\(rules.name)' ask "
                    + "\(entry) points (simulate them instead)")
        }
        var uncapped: [CappedScoreSolver?] = [nil, nil]
        for seat in 0..<2 where plays[seat] == .expectedPoints {
            // Its line past the table says whether the points are solved, before the table is built.
            do {
                uncapped[seat] = try CappedScoreSolver(expectedPointsOf: outcomes[seat])
            } catch {
                throw NotCovered("strategy 'ev': \(error.description)")
            }
        }
        // A greedy or threshold turn with six dice that score on every roll can roll on after hot dice for as
        // long as the threshold takes.
        for seat in 0..<2 where plays[seat].isThreshold {
            guard outcomes[seat].farkleProbability[outcomes[seat].fullState] == 0 else { continue }
            throw NotCovered(
                "strategy '\(plays[seat])' with the dice set \(dice[seat]) may never end a turn: every roll of its "
                    + "six dice scores; play it 'ev-target' or 'win'")
        }
        let (target, step) = (rules.game.end.target ?? 0, table.scoreStep)
        let levels = (target + step - 1) / step
        let solver = plays.contains(.win) ? context.diceSetGame(outcomes: outcomes, threads: threads) : nil
        let seats = (0..<2).map { seat -> OddsSeat? in
            let blind: BlindTurnOutcomes?
            switch plays[seat] {
            case .win:
                guard let solver else { preconditionFailure("solved above") }
                return .diceSetWin(
                    solver, player: seat, table: LoadedTurnTable(outcomes: outcomes[seat], levels: levels))
            case .cappedScore:
                // Each total's turn, its banks counted up to the target (cap / step levels away).
                let turns = CappedScoreSolver.forEveryTotal(outcomes: outcomes[seat], target: target, threads: threads)
                {
                    BlindTurnOutcomes(play: LoadedExpectedPointsPlay(solver: $0), levels: ($0.cap + step - 1) / step)
                }
                return turns.contains { $0 == nil } ? nil : .byTotal(turns.compactMap { $0 })
            case .expectedPoints:
                guard let solver = uncapped[seat] else { preconditionFailure("solved above") }
                blind = BlindTurnOutcomes(
                    play: LoadedExpectedPointsPlay(solver: solver), levels: hasFinalRound ? nil : levels)
            case .greedy, .threshold:
                guard let play = LoadedThresholdPlay(outcomes: outcomes[seat], play: plays[seat]) else {
                    preconditionFailure("a threshold play")
                }
                blind = BlindTurnOutcomes(play: play, levels: hasFinalRound ? nil : levels)
            }
            return blind.map { .blind(entered: $0, notEntered: $0) }
        }
        for seat in 0..<2 where seats[seat] == nil {
            throw NotCovered(
                "strategy '\(plays[seat])' with the dice set \(dice[seat]) plays turns that go on past "
                    + "\(BlindTurnOutcomes.maximumLevels) score steps with a chance above \(BlindTurnOutcomes.tolerance) "
                    + "(simulate them instead)")
        }
        return (seats.compactMap { $0 }, levels)
    }

    /// The turn of `player` of `solver` at (`mine`, `theirs`) levels, played to win, as its banks: those that reach
    /// the target counted together, as a win. `table` is a turn table of the player's dice, unsolved: each pair
    /// solves a copy (its keeps shared, its rows its own).
    static func diceSetWinTurn(
        _ solver: LoadedWinSolver, player: Int, table: LoadedTurnTable, mine: Int, theirs: Int
    ) -> BlindTurnOutcomes {
        var table = table
        let rival = solver.values[1 - player]
        _ = table.solve(
            own: mine, other: theirs, farkle: 1 - rival[theirs * solver.levels + mine], rivalValues: rival)
        let endings = table.endings(top: solver.levels - mine)
        return BlindTurnOutcomes(banked: endings.banked, farkle: endings.farkle, instantWin: 0)
    }
}
