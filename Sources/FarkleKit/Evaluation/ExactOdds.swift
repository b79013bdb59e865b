/// The exact chances of each seat to win a two-player game, and of a tie, between two fixed strategies:
/// no sampling.
///
/// It works where each strategy's decisions depend only on the two totals, the turn points, the dice
/// to roll and the roll: `ev`, `greedy`, `threshold:...` (which ignore the totals) and `win` (the play
/// of `WinProbabilitySolver`). It uses the win solver's structure with each seat's play fixed (policy
/// evaluation, not maximization). Between turns the state is the pair of totals and the seat to move;
/// every bank raises the sum of the totals and a farkle hands the turn over at the same pair, so the
/// pairs are worked out from the highest sum down, the pairs of one sum in parallel. At a pair
/// (a, b), seat A's turn ends in a bank whose outcome is known from higher sums (or from the final
/// round, or an immediate win), in a six of a kind that wins, or, with probability s_A, in a farkle that gives
/// seat B the turn at (b, a). With both plays fixed the farkle cycle (a, b) ↔ (b, a) is linear:
///
///     W_A = c_A + s_A (1 - W_B - T_B),   T_A = d_A + s_A T_B   (and the same with A and B swapped),
///
/// where W and T are the chances to win and to tie of the seat to move and c, d what its turn wins and
/// ties without farkling. It is solved in closed form (the determinant 1 - s_A s_B is positive unless
/// both seats always farkle). A strategy that ignores the totals plays the same turn everywhere: its
/// banks are worked out once (`BlindTurnOutcomes`), those that reach the target summed once per lead
/// (`BlindPastTarget`), and each pair only weighs its banks below the target. The final round
/// of the last player is played by that player's own strategy.
///
/// Each seat carries its dice (six ordinary dice unless given). Where a seat carries other dice the game is a
/// race between two dice sets, won at the target at once (`kcd`): each seat's play is followed as its banks over
/// the dice states by kind (`OddsSeat.seats(strategies:dice:context:threads:)`) and the pairs are weighed as above;
/// six ordinary dice, by whatever names, are the plain game.
///
/// Where the target must be hit exactly (``GameRules/mustHitTargetExactly``) a bank past it busts: one more way for
/// the turn to end as a farkle does, added to s. Two plays that never end the game from some pair (s_A = s_B = 1)
/// have no odds there; if the game can reach such a pair the evaluation is refused.
///
/// In a game of fixed rounds the state is the turn and the difference of the totals instead (`RoundsOdds`).
///
/// Under a three-farkle penalty (`PenaltyExactOdds`) the state is that of `PenaltyWinSolver`: both totals from
/// its floor (`PenaltyWinSolver.defaultFloor(rules:)`, four penalties below zero; a total below counts as the
/// floor) to the target, and both players' farkles in a row, with the seat to move. A strategy that ignores the
/// totals plays one turn per count of its own farkles in a row (`ev` is then `FarkleStreakStrategy`), `win`
/// plays the penalty solver's turn. The penalty lowers a total, so the states are swept as the solver sweeps
/// them, from the highest sum down, until no chance changes by more than 10⁻¹² (`sweeps`, `lastChange`): a
/// sweep owes the next only what travels through a penalty, three farkles in a row that cost points, and the
/// game ends from every state, so the sweeps contract (<doc:PlayingToWin>).
///
/// Exact up to rounding, and up to two cut-offs below 1e-13: turns of a strategy that ignores the
/// totals are followed until less than `BlindTurnOutcomes.tolerance` of probability is still going, and
/// `win`'s turn beyond the solver's table is counted as in the solver (<doc:PlayingToWin>).
public struct ExactOdds: Sendable {
    /// The strategies, seat 1 first.
    public let strategies: [StrategySpec]
    /// The dice each seat carries, seat 1 first.
    public let dice: [DiceSet]
    /// The chance that each seat wins, seat 1 (who starts) first.
    public let winProbabilities: [Double]
    /// The chance of a tie.
    public let tieProbability: Double
    /// The number of pairs of totals below the target worked out (each with both seats to move); in a game
    /// of fixed rounds, the number of (turn, difference of totals) states; with three players, the sets of three
    /// totals (each with every seat to move).
    package let pairCount: Int
    /// The sweeps over the states: 1 where they are worked out in one pass (a race without a three-farkle
    /// penalty, a game of rounds); under a penalty, the sweeps repeated until no chance changes by more than
    /// 10⁻¹² (`lastChange`).
    package let sweeps: Int
    /// The largest change of a chance in the last sweep under a three-farkle penalty; 0 elsewhere.
    package let lastChange: Double

    /// The most totals below the target, in score steps, the evaluation tabulates (pairs: its square).
    static let maximumLevels = 2_000

    /// The totals below `target` in steps of `step`, refused past `most` before anything is tabulated: "a target of
    /// 10000 in steps of 1 is 10000 levels; exact odds tabulate at most 2000". `atLeast` where other totals (below
    /// zero) add to them; `evaluation` names what tabulates them.
    static func levels(
        below target: Int, step: Int, most: Int = maximumLevels, atLeast: Bool = false,
        evaluation: String = "exact odds"
    ) throws(NotCovered) -> Int {
        let levels = TurnMechanics.levels(below: target, step: step)
        guard levels <= most else {
            throw NotCovered(
                "a target of \(target) in steps of \(step) is \(atLeast ? "at least " : "")\(levels) levels; "
                    + "\(evaluation) tabulate at most \(most)")
        }
        return levels
    }

    /// The most work of a race's evaluation, counted as pairs of totals times the levels a turn's banks spread
    /// over (`workOfRace(levels:step:)`): about 20 s on this machine's two cores. `standard` raced to 10,000 is
    /// 4 · 10⁶; a score step of 1 raced to 1,000, 10⁹, was more than a minute.
    static let maximumWork = 400_000_000

    /// The work of evaluating a race of `levels` totals in steps of `step`: the pairs, times the levels a turn's
    /// banks reach (up to 5,000 points, past which a turn's banks are rare, and never past the target).
    static func workOfRace(levels: Int, step: Int) -> Int {
        let spread = min(levels, max(1, 5_000 / step))
        let pairs = levels.multipliedReportingOverflow(by: levels)
        let work = pairs.partialValue.multipliedReportingOverflow(by: spread)
        return pairs.overflow || work.overflow ? .max : work.partialValue
    }

    /// Evaluates `strategies` (two or three, seat 1 first), each seat carrying its `dice`, under the rules of
    /// `context`.
    ///
    /// With three strategies the game is a three-player race to the target (`context.rules.game.players` must
    /// be 3), with or without a final round, between strategies that read at most their own total (`ev`,
    /// `ev-target`, `greedy`, `threshold`) and, in a race without a final round, `win` (the three-player race's
    /// solution, `ThreePlayerWinSolver`, followed at every set of totals), on ordinary dice: each set of three
    /// totals with each seat to move (`ThreePlayerOdds`; 8 million sets, about 4 s on 2 cores and 0.6 GB for a
    /// 10,000-point race in steps of 50, a third of that memory when the three strategies are the same). A tie is
    /// two or three seats sharing the highest total.
    ///
    /// With six ordinary dice at every seat (the default) the game is the plain one, under any rules below.
    /// With other dice it is a race won at the target at once (`kcd`) in which each seat rolls its own dice;
    /// `ev` then plays the turn that maximizes the expected points toward the target from the seat's own total
    /// (`CappedScoreSolver`), `win` the best play to win against the other set, and `greedy` and `threshold`
    /// the highest-scoring keep of those dice (`LoadedHighestKeep`). There are no ties in such a race.
    ///
    /// - Parameters:
    ///   - strategies: The seats' strategies, one per player, seat 1 first: `ev`, `greedy`, `threshold:...` or
    ///     `win` (two players).
    ///   - dice: The dice of each seat, seat 1 first; empty (the default) for six ordinary dice at every seat.
    ///   - context: The rules and where the strategies come from; with ordinary dice `win` takes its solution
    ///     there (`StrategyContext.winProbabilitySolver(threads:)`, or `penaltyWinSolver(threads:)` under a
    ///     three-farkle penalty), solving the game first if needed: about 30 s on 2 cores for a 10,000-point
    ///     race, 9 minutes of CPU for `zilch`. With other dice `win` plays the two sets' race solved to win, from
    ///     `context.diceSetGames` or solved here.
    ///   - threads: The threads the pairs of one sum (under a penalty: the states of one sum and count of
    ///     farkles) are spread over (1: this thread only); the result is the same for any count.
    ///   - progress: Told the fraction of the states worked out so far, in a race (its pairs of totals) or a game
    ///     of rounds (its turns); under a three-farkle penalty, after each sweep, how far the largest change has
    ///     fallen toward the tolerance (logarithmically: about the fraction of the sweeps done).
    /// - Throws: `NotCovered` for other than one strategy and dice set per player, or three players with other
    ///   rules than a race without a three-farkle penalty or six of a kind that loses, other strategies than those
    ///   above or other dice than ordinary ones; for rules other than a two-player race
    ///   to a target or game of fixed rounds (a game of rounds without an entry minimum nor a three-farkle
    ///   penalty, a race with a penalty without an entry minimum), or a game no seat can end; with other dice
    ///   than ordinary ones, for rules other than a race won at the target at once (`kcd`) or with an entry minimum
    ///   above the least bank, `win` unless a bank is allowed after any keep with no least bank nor six-dice farkle,
    ///   a strategy other than `ev`, `ev-target`, `win`, `greedy` and `threshold`, a set that can never score, or
    ///   `greedy` or `threshold` with a set whose six dice score on every roll (its turn might never end).
    public init(
        strategies: [StrategySpec], dice: [DiceSet] = [], context: inout StrategyContext,
        threads: Int = 2, progress: @Sendable (Double) -> Void = { _ in }
    ) throws(NotCovered) {
        self = try Self.evaluate(
            strategies: strategies, dice: dice, context: &context, threads: threads, progress: progress,
            eachStarting: false)[0]
    }

    /// Evaluates `strategies` (two, seat 1 first) once with each starting: the odds of `[A, B]`, then of `[B, A]`
    /// (with the dice swapped likewise), as `init(strategies:dice:context:threads:progress:)` gives
    /// them (`progress` then runs from 0 to 1 once per seating that is worked out apart).
    ///
    /// In a race with ordinary dice both seatings are worked out in one pass over the pairs of totals, each seat's
    /// turn at a pair followed once for both: for `win`, whose turn is solved at every pair, half the work of two
    /// evaluations.
    ///
    /// - Throws: `NotCovered` as the initializer does.
    package static func eachStarting(
        strategies: [StrategySpec], dice: [DiceSet] = [], context: inout StrategyContext,
        threads: Int = 2, progress: @Sendable (Double) -> Void = { _ in }
    ) throws(NotCovered) -> [ExactOdds] {
        try evaluate(
            strategies: strategies, dice: dice, context: &context, threads: threads, progress: progress,
            eachStarting: true)
    }

    /// Odds worked out before (the cache of solved games keeps them): every figure as the evaluation gave it.
    package init(
        strategies: [StrategySpec], dice: [DiceSet], winProbabilities: [Double], tieProbability: Double,
        pairCount: Int, sweeps: Int, lastChange: Double
    ) {
        self.strategies = strategies
        self.dice = dice
        self.winProbabilities = winProbabilities
        self.tieProbability = tieProbability
        self.pairCount = pairCount
        self.sweeps = sweeps
        self.lastChange = lastChange
    }

    /// The odds of one evaluation.
    private init(
        strategies: [StrategySpec], dice: [DiceSet],
        odds: (firstWin: Double, tie: Double, states: Int, sweeps: Int, lastChange: Double)
    ) {
        self.strategies = strategies
        self.dice = dice
        winProbabilities = [odds.firstWin, 1 - odds.firstWin - odds.tie]
        tieProbability = odds.tie
        pairCount = odds.states
        sweeps = odds.sweeps
        lastChange = odds.lastChange
    }

    /// The odds of a three-player evaluation.
    private init(strategies: [StrategySpec], dice: [DiceSet], trio: ThreePlayerOdds) {
        self.strategies = strategies
        self.dice = dice
        winProbabilities = trio.winProbabilities
        tieProbability = trio.tie
        pairCount = trio.setCount
        sweeps = 1
        lastChange = 0
    }

    /// The evaluation of `strategies`, and with `eachStarting` of them swapped too.
    private static func evaluate(
        strategies: [StrategySpec], dice: [DiceSet], context: inout StrategyContext, threads: Int,
        progress: @Sendable (Double) -> Void, eachStarting: Bool
    ) throws(NotCovered) -> [ExactOdds] {
        let rules = context.rules
        if let reason = rules.game.piggybackRefusal(rules: rules.name, of: "the exact odds") {
            throw NotCovered(reason)
        }
        // The cost of a scoreless opening roll is followed by the race of two under a penalty's layout and by the
        // game of rounds, where only the lead counts.
        if strategies.count == 3 || !dice.allSatisfy(\.isOrdinary),
            let reason = rules.turn.openingFarkleCostRefusal(
                rules: rules.name, of: "the exact odds of three players and of dice sets")
        {
            throw NotCovered(reason)
        }
        // A target hit exactly is followed by the races of ordinary dice.
        if !dice.allSatisfy(\.isOrdinary),
            let reason = rules.game.exactTargetRefusal(rules: rules.name, of: "the exact odds of dice sets")
        {
            throw NotCovered(reason)
        }
        guard (2...3).contains(strategies.count) else {
            throw NotCovered("exact odds need 2 or 3 strategies, one per seat, not \(strategies.count)")
        }
        guard rules.game.players == strategies.count else {
            throw NotCovered(
                "rules '\(rules.name)' have \(rules.game.players) \(rules.game.players == 1 ? "player" : "players"): give one strategy per player (exact odds "
                    + "are for 2 or 3 players; simulate more)")
        }
        let dice = dice.isEmpty ? Array(repeating: DiceSet.ordinary, count: strategies.count) : dice
        guard dice.count == strategies.count else {
            throw NotCovered(
                "exact odds need one dice set per seat, \(strategies.count), not \(dice.count)")
        }
        if strategies.count == 3 {
            guard dice.allSatisfy(\.isOrdinary), !eachStarting else {
                throw NotCovered("exact odds of three players are for six ordinary dice at every seat")
            }
            let trio = try ThreePlayerOdds(
                strategies: strategies, context: &context, threads: threads, progress: progress)
            return [ExactOdds(strategies: strategies, dice: dice, trio: trio)]
        }
        let seatings = eachStarting ? [[0, 1], [1, 0]] : [[0, 1]]
        let race: (odds: [(firstWin: Double, tie: Double)], pairs: Int)?
        if !dice.allSatisfy(\.isOrdinary) {
            race = try Self.diceSetRace(
                strategies: strategies, dice: dice, seatings: seatings, context: context, threads: threads,
                progress: progress)
        } else if !rules.turn.farklesCostPoints && rules.game.end.target != nil {
            race = try Self.race(
                strategies: strategies, seatings: seatings, context: &context, threads: threads, progress: progress)
        } else {
            race = nil
        }
        if let race {
            return zip(seatings, race.odds).map { seating, odds in
                ExactOdds(
                    strategies: seating.map { strategies[$0] }, dice: seating.map { dice[$0] },
                    odds: (odds.firstWin, odds.tie, race.pairs, 1, 0))
            }
        }
        var evaluations: [ExactOdds] = []
        for seating in seatings {
            let strategies = seating.map { strategies[$0] }
            let odds: (firstWin: Double, tie: Double, states: Int, sweeps: Int, lastChange: Double)
            if rules.game.end.rounds == nil {
                let penalty = try PenaltyExactOdds(
                    strategies: strategies, context: &context, threads: threads, progress: progress)
                odds = (penalty.firstWin, penalty.tie, penalty.stateCount, penalty.sweeps, penalty.lastChange)
            } else {
                let rounds = try RoundsOdds(
                    strategies: strategies, context: &context, threads: threads, progress: progress)
                odds = (rounds.firstWin, rounds.tie, rounds.stateCount, 1, 0)
            }
            evaluations.append(ExactOdds(strategies: strategies, dice: seating.map { dice[$0] }, odds: odds))
        }
        return evaluations
    }

    /// The chances of seat 1 to win and of a tie in a race to a target without a three-farkle penalty, for each of
    /// `seatings` (the indices of `strategies` in seat order), and the pairs of totals worked out.
    private static func race(
        strategies: [StrategySpec], seatings: [[Int]], context: inout StrategyContext, threads: Int,
        progress: @Sendable (Double) -> Void
    ) throws(NotCovered) -> (odds: [(firstWin: Double, tie: Double)], pairs: Int) {
        let rules = context.rules
        guard case .target(let target, let finalRound) = rules.game.end else {
            preconditionFailure("a race to a target")
        }
        let step = context.table.scoreStep
        let levels = try Self.levels(below: target, step: step)
        let work = Self.workOfRace(levels: levels, step: step)
        guard work <= Self.maximumWork else {
            throw NotCovered(
                "a target of \(target) in steps of \(step) is \(levels) levels, \(work) steps of work for exact odds "
                    + "(pairs of totals times the levels a turn spreads over); at most \(Self.maximumWork): lower the "
                    + "target")
        }
        // One seat per strategy named: `win` against `win` solves its turn once per pair, not once per seat.
        var made: [OddsSeat] = []
        for spec in strategies[0] == strategies[1] ? [strategies[0]] : strategies {
            made.append(try OddsSeat(spec, context: &context, threads: threads))
        }
        // `win`'s rows past the target, followed once against the other seat's last turn: most of each of its
        // turns, the same at every pair.
        let seats = made.enumerated().map { index, seat in
            seat.following(made[made.count - 1 - index], threads: threads)
        }
        if seats.allSatisfy(\.neverScores) {
            throw NotCovered("neither strategy ever banks or wins under rules '\(rules.name)': the game never ends")
        }
        let seatOf = strategies.map { spec in strategies[0] == spec ? 0 : seats.count - 1 }
        let result = sweep(
            seats: seats, seatOf: seatOf, seatings: seatings, levels: levels, finalRound: finalRound,
            bustsPastTarget: rules.game.mustHitTargetExactly, threads: threads, progress: progress)
        // Only where banks past a target hit exactly bust can two plays leave a pair that never ends (`OddsGame.solve`).
        guard result.odds.allSatisfy({ !$0.firstWin.isNaN && !$0.tie.isNaN }) else {
            throw NotCovered(
                "under rules '\(rules.name)' the game can reach totals from which neither '\(strategies[0])' nor "
                    + "'\(strategies[1])' ever ends it (each banks past the target, which busts, or farkles): no exact "
                    + "odds exist; simulate them (such games stop unfinished)")
        }
        return result
    }

    /// The chances of seat 1 to win and of a tie for each of `seatings` in the race (won at the target at once, or with
    /// a final round for plays that read no total) between two seats carrying `dice`, whatever those are (six ordinary
    /// dice take the plain evaluation in `init`; here they are one more set), and the pairs of totals worked out.
    ///
    /// - Throws: `NotCovered` as `OddsSeat.seats(strategies:dice:context:threads:)` does.
    static func diceSetRace(
        strategies: [StrategySpec], dice: [DiceSet], seatings: [[Int]] = [[0, 1]], context: StrategyContext,
        threads: Int, progress: @Sendable (Double) -> Void = { _ in }
    ) throws(NotCovered) -> (odds: [(firstWin: Double, tie: Double)], pairs: Int) {
        let (seats, levels) = try OddsSeat.seats(
            strategies: strategies, dice: dice, context: context, threads: threads)
        return sweep(
            seats: seats, seatOf: [0, 1], seatings: seatings, levels: levels,
            finalRound: context.rules.game.end.hasFinalRound, bustsPastTarget: false, threads: threads,
            progress: progress)
    }

    /// The chances of seat 1 to win and of a tie for each of `seatings` (the indices of the strategies in seat order)
    /// in a race of `levels` totals below the target, strategy i playing `seats[seatOf[i]]`, and the pairs of totals
    /// worked out: the pairs from the highest sum down, those of one sum spread over `threads`. With
    /// `bustsPastTarget` the target must be hit exactly and a bank past it ends the turn as a farkle.
    private static func sweep(
        seats: [OddsSeat], seatOf: [Int], seatings: [[Int]], levels: Int, finalRound: Bool, bustsPastTarget: Bool,
        threads: Int, progress: @Sendable (Double) -> Void
    ) -> (odds: [(firstWin: Double, tie: Double)], pairs: Int) {
        let games = seatings.map { seating in
            let order = seating.map { seatOf[$0] }
            return (
                order: order,
                game: OddsGame(
                    levels: levels, finalRound: finalRound, bustsPastTarget: bustsPastTarget,
                    seats: order.map { seats[$0] })
            )
        }
        // The work items, each a pair of totals and its mirror: levels (levels + 1) / 2 in all.
        let items = Double(levels * (levels + 1) / 2)
        var done = 0
        for sum in stride(from: 2 * (levels - 1), through: 0, by: -1) {
            let low = max(0, sum - (levels - 1))
            defer {
                done += sum / 2 - low + 1
                progress(Double(done) / items)
            }
            Parallel.forEach(sum / 2 - low + 1, threads: threads) { index in
                let mine = low + index
                let theirs = sum - mine
                // Each seat's turn at both pairs of totals, followed once for every seating.
                let here = seats.map { $0.turn(mine: mine, theirs: theirs) }
                let there = mine == theirs ? here : seats.map { $0.turn(mine: theirs, theirs: mine) }
                for (order, game) in games {
                    game.solve(mine: mine, theirs: theirs, first: here[order[0]], second: there[order[1]])
                    if mine != theirs {
                        game.solve(mine: theirs, theirs: mine, first: there[order[0]], second: here[order[1]])
                    }
                }
            }
        }
        return (games.map { ($0.game.results.win[0][0], $0.game.results.tie[0][0]) }, levels * levels)
    }
}

// MARK: - Seats

/// What one turn of a seat is worth: its chances to win and to tie the game without farkling, and to farkle.
struct TurnOdds: Sendable {
    var win: Double
    var tie: Double
    var farkle: Double
}

extension FixedTurns.Turn {
    /// What this turn is worth where a bank of `level` levels is worth `payoff(level)`, `nil` for a bank that busts
    /// (past a target to hit exactly: a farkle).
    func odds(payoff: (_ level: Int) -> (win: Double, tie: Double)?) -> TurnOdds {
        var odds = TurnOdds(win: win, tie: tie, farkle: farkle)
        banked.withUnsafeBufferPointer { banked in
            for offset in 0..<banked.count where banked[offset] > 0 {
                odds.add(banked[offset], payoff(first + offset))
            }
        }
        return odds
    }
}

extension TurnOdds {
    /// Adds a bank of chance `chance` worth `after`, or, where it busts (`nil`), a farkle.
    @inline(__always)
    mutating func add(_ chance: Double, _ after: (win: Double, tie: Double)?) {
        guard let after else {
            farkle += chance
            return
        }
        win += chance * after.win
        tie += chance * after.tie
    }
}

/// How a seat plays, in the form the evaluation needs.
enum OddsSeat: Sendable {
    /// A strategy that ignores the totals: its turn as a player who has entered the game and as one who has not.
    case blind(entered: BlindTurnOutcomes, notEntered: BlindTurnOutcomes)
    /// A strategy that reads its own total alone (`ev-target`): its turn at every own total, in levels, in a race
    /// without a final round.
    case byTotal([BlindTurnOutcomes])
    /// The solution of the game played to win, with its rows past the target followed against the other seat's
    /// last turn where the game has a final round (`following(_:threads:)`).
    case win(WinProbabilitySolver, followed: PastTargetRows?)
    /// The solution of a game of fixed rounds played to win.
    case roundsWin(RoundsWinSolver)
    /// The solution of a race under a three-farkle penalty played to win.
    case penaltyWin(PenaltyWinSolver)
    /// The solution of three players racing without a final round played to win (`ThreePlayerOdds`).
    case threePlayerWin(ThreePlayerWinSolver)
    /// The race of two dice sets solved to win, played by its player `player` (`seats(strategies:dice:context:
    /// threads:)`), with an unsolved turn table of that player's dice that each pair copies and solves.
    case diceSetWin(LoadedWinSolver, player: Int, table: LoadedTurnTable)

    /// The play of `spec` under the rules of `context`, for a player with `farklesInARow` farkles in a row
    /// before the turn (what `ev` reads under a three-farkle penalty).
    init(
        _ spec: StrategySpec, context: inout StrategyContext, threads: Int, farklesInARow: Int = 0
    ) throws(NotCovered) {
        switch spec {
        case .farkleTen:
            throw NotCovered(
                "strategy '\(spec)' reads the game's situation and draws random numbers; evaluate plays ev, greedy, "
                    + "threshold and win")
        case .win:
            let game: any SolvedWinGame
            do {
                game = try context.solvedWinGame(threads: threads)
            } catch {
                throw NotCovered("strategy 'win': \(error.description)")
            }
            switch game {
            case let solver as RoundsWinSolver: self = .roundsWin(solver)
            case let solver as PenaltyWinSolver: self = .penaltyWin(solver)
            case let solver as WinProbabilitySolver: self = .win(solver, followed: nil)
            case let solver as ThreePlayerWinSolver:
                // Its play is followed below the target; the last turns of three are not evaluated exactly yet.
                guard solver.layout.finalRound == nil else {
                    throw NotCovered(
                        "strategy 'win': exact odds of three players follow the solved race without a final round; "
                            + "simulate it under rules '\(context.rules.name)'")
                }
                self = .threePlayerWin(solver)
            default: throw NotCovered("strategy 'win': no exact odds of a game solved by \(type(of: game))")
            }
        case .expectedValue, .expectedValueToTarget, .greedy, .threshold:
            let rules = context.rules
            if spec == .expectedValueToTarget, let reason = TargetTurnStrategy.refusal(for: rules) {
                throw NotCovered(reason)
            }
            let strategy = BuiltInStrategy.make([spec], context: &context)[0]
            let mechanics = context.table.turnMechanics
            let rolls = RollList(table: context.table)
            func outcomes(hasEntered: Bool, total: Int = 0) throws(NotCovered) -> BlindTurnOutcomes {
                var situation = GameSituation(players: 2, end: rules.game.end)
                situation.hasEntered = hasEntered
                situation.scores[0] = total
                situation.farklesInARow = farklesInARow
                guard
                    let outcomes = BlindTurnOutcomes(
                        strategy: strategy, rolls: rolls, mechanics: mechanics,
                        leastBank: mechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: hasEntered),
                        situation: situation)
                else {
                    throw NotCovered(
                        "a turn of strategy '\(spec)' need not end under rules '\(rules.name)' (it never banks)")
                }
                return outcomes
            }
            if spec == .expectedValueToTarget {
                // In a race a total of 0 is a player not yet on the board.
                let step = context.table.scoreStep
                var turns: [BlindTurnOutcomes] = []
                for total in stride(from: 0, to: rules.game.end.target ?? 0, by: step) {
                    turns.append(try outcomes(hasEntered: total != 0, total: total))
                }
                self = .byTotal(turns)
                return
            }
            let entered = try outcomes(hasEntered: true)
            self = .blind(
                entered: entered, notEntered: rules.entryRaisesTheLeastBank ? try outcomes(hasEntered: false) : entered)
        }
    }

    /// This seat with `win`'s rows past the target (in a race with a final round) followed against the last turn
    /// of `other` (the seat it plays, or itself), on `threads` threads, with a piece for every farkle payoff its
    /// turns read (`PastTargetRows.init(turn:finalRound:topBank:rows:serving:maximumBytes:threads:following:)`): each
    /// turn then solves and follows only its rows below the target, the levels below the target from its own total.
    /// Other seats are returned as they are.
    func following(_ other: OddsSeat, threads: Int) -> OddsSeat {
        guard case .win(let solver, _) = self, solver.hasFinalRound else { return self }
        let lastTurn = (0...other.finalRoundEnd).map { other.finalRound(deficit: $0, hasEntered: true) }
        return .win(solver, followed: solver.pastTargetRowsServingEveryPair(threads: threads, following: lastTurn))
    }

    /// Whether a turn of this seat can never bank nor win at once (so it always farkles).
    var neverScores: Bool {
        switch self {
        case .blind(let entered, let notEntered):
            return [entered, notEntered].allSatisfy { $0.instantWin == 0 && $0.banked.allSatisfy { $0 == 0 } }
        case .byTotal(let turns):
            return turns.allSatisfy { $0.instantWin == 0 && $0.banked.allSatisfy { $0 == 0 } }
        case .win, .roundsWin, .penaltyWin, .threePlayerWin, .diceSetWin:
            return false
        }
    }

    /// The deficit, in levels, from which this seat's last turn no longer changes: `finalRound(deficit:hasEntered:)`
    /// is the same at every deficit from there up.
    var finalRoundEnd: Int {
        switch self {
        case .blind(let entered, let notEntered): return max(entered.banked.count, notEntered.banked.count)
        case .byTotal: return 0
        case .win(let solver, _): return max(solver.entered?.capLevel ?? 0, solver.notEntered?.capLevel ?? 0) + 1
        case .penaltyWin(let solver): return (solver.finalRound?.capLevel ?? 0) + 1
        case .roundsWin, .threePlayerWin, .diceSetWin: return 0
        }
    }

    /// This seat's chances to win and to tie its last turn in the final round, `deficit` levels behind.
    func finalRound(deficit: Int, hasEntered: Bool) -> (win: Double, tie: Double) {
        switch self {
        case .blind(let entered, let notEntered):
            return (hasEntered ? entered : notEntered).finalRound(deficit: deficit)
        case .byTotal:
            // Never read: ev-target plays races without a final round (`TargetTurnStrategy.refusal(for:)`).
            return (0, 0)
        case .win(let solver, _):
            return (hasEntered ? solver.entered : solver.notEntered)?.odds(deficitLevel: deficit) ?? (0, 0)
        case .penaltyWin(let solver):
            return solver.finalRound?.odds(deficitLevel: deficit) ?? (0, 0)
        case .roundsWin, .threePlayerWin, .diceSetWin:
            // Never read: races with dice sets have no final round.
            return (0, 0)
        }
    }

    /// This seat's turn at (`mine`, `theirs`) levels of a race, to be weighed with what its banks lead to.
    func turn(mine: Int, theirs: Int) -> PairTurn {
        switch self {
        case .blind(let entered, let notEntered):
            return .blind(mine == 0 ? notEntered : entered)
        case .byTotal(let turns):
            return .blind(turns[mine])
        case .win(let solver, let followed):
            return .fixed(
                FixedTurns.Turn(
                    solver.layout.fixedPlayEndings(
                        at: (mine, theirs), values: solver.values, ties: solver.ties, followed: followed)))
        case .roundsWin:
            preconditionFailure("a game of rounds is evaluated by turn index and difference (RoundsOdds)")
        case .penaltyWin:
            preconditionFailure("a penalty game is evaluated with the farkle counts (PenaltyExactOdds)")
        case .threePlayerWin:
            preconditionFailure("a race of three is evaluated by sets of totals (ThreePlayerOdds)")
        case .diceSetWin(let solver, let player, let table):
            return .blind(Self.diceSetWinTurn(solver, player: player, table: table, mine: mine, theirs: theirs))
        }
    }
}

/// A seat's turn at one state, worked out once however many evaluations weigh it.
enum PairTurn {
    /// The turn as its banks: of a strategy that ignores the totals, or followed at this state.
    case blind(BlindTurnOutcomes)
    /// The turn of a solved game, followed at this state.
    case fixed(FixedTurns.Turn)

    /// What the turn is worth where a bank of `level` levels is worth `payoff(level)`, `nil` for a bank that busts.
    func odds(payoff: (_ level: Int) -> (win: Double, tie: Double)?) -> TurnOdds {
        switch self {
        case .blind(let outcomes):
            var odds = TurnOdds(win: outcomes.instantWin, tie: 0, farkle: outcomes.farkle)
            for (level, chance) in outcomes.banked.enumerated() where chance > 0 {
                odds.add(chance, payoff(level))
            }
            return odds
        case .fixed(let turn):
            return turn.odds(payoff: payoff)
        }
    }
}

// MARK: - Pairs

/// The pairs' results: `win[s][mine * levels + theirs]` is the chance that seat s, to move with
/// `mine` against `theirs`, wins; `tie` the chance of a tie. Each pair is written by one work item of one sum,
/// which reads only pairs of higher sums.
private struct OddsResults: Sendable {
    let win: [SharedSlots<Double>]
    let tie: [SharedSlots<Double>]

    init(count: Int) {
        win = (0..<2).map { _ in SharedSlots(repeating: 0, count: count) }
        tie = (0..<2).map { _ in SharedSlots(repeating: 0, count: count) }
    }
}

/// The game being evaluated: the seats, the table of totals and where results go.
private struct OddsGame: Sendable {
    let levels: Int
    let finalRound: Bool
    /// Whether the target must be hit exactly: a bank past it busts, a farkle of the turn.
    let bustsPastTarget: Bool
    let seats: [OddsSeat]
    let results: OddsResults
    /// Each seat's last turn in the final round, `lastTurn[(2 * seat + (hasEntered ? 1 : 0)) * lastTurnWidth +
    /// min(deficit, lastTurnWidth - 1)]`: tabulated once because the banks reaching the target read it at every
    /// pair, and a seat is too large a value to copy there.
    let lastTurn: [(win: Double, tie: Double)]
    let lastTurnWidth: Int
    /// What the banks of a seat that ignores the totals (`OddsSeat.blind`) are worth where they reach the target,
    /// summed once for every lead (they read only the other seat's last turn): at `4 * mover + 2 * (mine > 0) +
    /// (theirs > 0)`, the turn of a player on the board or not against one on the board or not; `nil` for other
    /// seats.
    let blindPastTarget: [BlindPastTarget?]

    init(levels: Int, finalRound: Bool, bustsPastTarget: Bool, seats: [OddsSeat]) {
        self.levels = levels
        self.finalRound = finalRound
        self.bustsPastTarget = bustsPastTarget
        self.seats = seats
        results = OddsResults(count: levels * levels)
        let width = (seats.map(\.finalRoundEnd).max() ?? 0) + 1
        lastTurnWidth = width
        let lastTurn = seats.flatMap { seat in
            [false, true].flatMap { hasEntered in
                (0..<width).map { seat.finalRound(deficit: $0, hasEntered: hasEntered) }
            }
        }
        self.lastTurn = lastTurn
        // Banks past a target hit exactly bust: they are the turn's farkles, weighed with each pair's banks.
        let fits = !bustsPastTarget && (levels + 1) * (2 * levels - 1) <= Self.maximumPastTargetEntries
        blindPastTarget = (0..<2).flatMap { mover -> [BlindPastTarget?] in
            guard fits, case .blind(let entered, let notEntered) = seats[mover] else { return [nil, nil, nil, nil] }
            // The other seat's last turn, on the board or not: the same table twice where they are the same.
            let other = (0..<2).map { theirsEntered in
                lastTurn[((2 * (1 - mover) + theirsEntered) * width)..<((2 * (1 - mover) + theirsEntered + 1) * width)]
            }
            let theirsDiffer = finalRound && !other[0].elementsEqual(other[1]) { $0 == $1 }
            var tables: [BlindPastTarget?] = []
            for (ownEntered, outcomes) in [notEntered, entered].enumerated() {
                for theirsEntered in 0..<2 {
                    if ownEntered == 1 && entered.banked == notEntered.banked {
                        tables.append(tables[theirsEntered])
                    } else if theirsEntered == 1 && !theirsDiffer {
                        tables.append(tables[2 * ownEntered])
                    } else {
                        tables.append(
                            BlindPastTarget(outcomes: outcomes, levels: levels) { lead in
                                guard finalRound else { return (1, 0) }
                                let last = other[theirsEntered][other[theirsEntered].startIndex + min(lead, width - 1)]
                                return (1 - last.win - last.tie, last.tie)
                            })
                    }
                }
            }
            return tables
        }
    }

    /// The most entries, (levels + 1) · (2 · levels − 1), of one table of a blind seat's banks past the target
    /// (`BlindPastTarget`) the evaluation builds, at most four per seat: about 500 levels (a target of 25,000 in
    /// steps of 50), 4 MiB an array. Past it each pair weighs every bank of the turn, as it would without the table.
    static let maximumPastTargetEntries = 1 << 19

    /// What a bank to `total` levels is worth to the seat `mover` against `theirs`: the other seat then
    /// moves below the target, or plays its last turn, or the game is won; `nil` where it passes a target to hit
    /// exactly and busts.
    func bankPayoff(mover: Int, total: Int, theirs: Int) -> (win: Double, tie: Double)? {
        let other = 1 - mover
        if total < levels {
            let index = theirs * levels + total
            let tie = results.tie[other][index]
            return (1 - results.win[other][index] - tie, tie)
        }
        if bustsPastTarget && total > levels { return nil }
        guard finalRound else { return (1, 0) }
        let last = lastTurn[(2 * other + (theirs > 0 ? 1 : 0)) * lastTurnWidth + min(total - theirs, lastTurnWidth - 1)]
        return (1 - last.win - last.tie, last.tie)
    }

    /// What `turn`, the turn of the seat `mover` at (`mine`, `theirs`), is worth: a blind seat's banks that reach
    /// the target read from their sums (`blindPastTarget`), only those below it weighed here.
    func odds(of turn: PairTurn, mover: Int, mine: Int, theirs: Int) -> TurnOdds {
        guard case .blind(let outcomes) = turn,
            let past = blindPastTarget[4 * mover + (mine > 0 ? 2 : 0) + (theirs > 0 ? 1 : 0)]
        else { return turn.odds { bankPayoff(mover: mover, total: mine + $0, theirs: theirs) } }
        let reaching = past.odds(reachTarget: levels - mine, lead: mine - theirs)
        var odds = TurnOdds(win: outcomes.instantWin + reaching.win, tie: reaching.tie, farkle: outcomes.farkle)
        outcomes.banked.withUnsafeBufferPointer { banked in
            for level in 0..<min(levels - mine, banked.count) where banked[level] > 0 {
                odds.add(banked[level], bankPayoff(mover: mover, total: mine + level, theirs: theirs))
            }
        }
        return odds
    }

    /// Solves the farkle cycle between seat 1 to move at (`mine`, `theirs`), playing `firstTurn`, and seat 2 to
    /// move at (`theirs`, `mine`), playing `secondTurn`.
    func solve(mine: Int, theirs: Int, first firstTurn: PairTurn, second secondTurn: PairTurn) {
        let first = odds(of: firstTurn, mover: 0, mine: mine, theirs: theirs)
        let second = odds(of: secondTurn, mover: 1, mine: theirs, theirs: mine)
        // W1 = c1 + s1 (1 - W2 - T2), T1 = d1 + s1 T2, and the same with 1 and 2 swapped.
        var determinant = 1 - first.farkle * second.farkle
        // Where both turns always farkle or bust (a target hit exactly) the game never ends from here: no chances
        // exist, and the NaN that stands for them reaches the start if the game can get here (`race` refuses it).
        if bustsPastTarget && determinant < 1e-12 { determinant = .nan }
        let tie1 = (first.tie + first.farkle * second.tie) / determinant
        let tie2 = second.tie + second.farkle * tie1
        let win1 =
            (first.win + first.farkle * (1 - tie2 - second.win) - first.farkle * second.farkle * (1 - tie1))
            / determinant
        let win2 = second.win + second.farkle * (1 - win1 - tie1)
        let index = mine * levels + theirs
        let mirror = theirs * levels + mine
        results.win[0][index] = win1
        results.tie[0][index] = tie1
        results.win[1][mirror] = win2
        results.tie[1][mirror] = tie2
    }
}

extension ExactOdds {
    /// Whether the exact odds of two players under `rules` sweep their states until they settle
    /// (`PenaltyExactOdds`: a race whose farkles cost points, a three-farkle penalty or a scoreless opening roll's
    /// cost), seconds where other games take a fraction of one. A game of rounds follows an opening roll's cost in
    /// one pass over its turns.
    package static func sweepsUntilSettled(_ rules: RuleSet) -> Bool {
        rules.turn.farklesCostPoints && rules.game.end.rounds == nil
    }
}
