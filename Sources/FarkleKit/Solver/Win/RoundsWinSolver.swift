#if !hasFeature(Embedded)
    import Foundation
#endif

/// The exact solution of a two-player game of fixed rounds played to win (`farkleten`): the play that
/// maximizes P(win) + ½ P(tie) of the player to move, and that value at every turn and difference of totals.
///
/// With a fixed number of turns only the difference of the totals matters, d = mine − theirs, and the turn:
/// the state between turns is (turn index, d), inside a turn also the turn points and the dice to roll. Turn
/// indices run 0, 1, … through the regular rounds (even: the first player, odd: the second) and on through
/// the extra rounds that break a tie (`GameRules.extraRoundsOnTie`). Every turn leads to the next one, so
/// the game is acyclic and is solved backwards from the last turn, one turn at a time, each turn with the
/// existing turn solver (`WinTurn`) against the payoff of banking at every difference; the differences of
/// one turn are independent and are solved in parallel.
///
/// After the last regular round (and after each extra round) the game ends unless the totals are equal;
/// equal totals after the last extra round go to the highest single turn, which the solver counts as a tie:
/// `tieProbability` is the chance that the game gets there, the only place where this matters.
///
/// **The cap on the difference.** A player who ends a turn `differenceCap` points or more ahead is counted as
/// the winner (and one that far behind as the loser). Without a three-farkle penalty totals never fall, so
/// that is wrong only if the player behind gains `differenceCap` or more over their remaining turns, at most
/// `rounds` (and, where a scoreless opening roll costs points, the player ahead loses some of it that way). For
/// every θ > 0 the solver bounds, for any play, E[exp(θ S)] of one turn's banked points S by M(θ) (a fixed
/// point over the dice to roll that treats a farkle as keeping the turn points, which only raises it); then P(k turns gain ≥ D) ≤ M(θ)^k e^(−θD) whatever the play (a supermartingale), and the cap is
/// the least D, over a grid of θ, that makes this at most `capTolerance`. No value or tie probability moves by
/// more than that bound (`capErrorBound`). <doc:PlayingToWin> has the details.
///
/// Supports two players, fixed rounds, any scoring, banking, hot-dice, six-dice-farkle and minimum-bank
/// rules, a scoreless opening roll that costs points (the lead falls by the cost: `RoundsLayout.openingFarkle`)
/// and a six of a kind that wins at once; not a three-farkle penalty or an entry minimum above the minimum bank
/// (`init` throws `NotCovered`).
package struct RoundsWinSolver: Sendable {
    /// The scoring table the solver plays by.
    package let table: ScoringTable
    /// The regular rounds: each player takes this many turns.
    package let rounds: Int
    /// The extra rounds played while the totals are equal after the regular rounds.
    package let extraRounds: Int
    /// The cap on the difference of totals, in points (a multiple of the score step).
    package let differenceCap: Int
    /// A bound on how far the cap moves any value or tie probability: the chance, under any play, that a
    /// player gains `differenceCap` points or more over `rounds` turns.
    package let capErrorBound: Double
    /// The number of (turn, difference, turn points, dice) states tabulated.
    package let stateCount: Int

    /// The error the cap on the difference may cause at most, when it is chosen by the solver.
    static let capTolerance = 1e-12

    let turn: WinTurn
    /// The cap in score steps, L: differences −L...L are stored at index d + L.
    let capLevel: Int
    /// The least turn points one may bank, in score steps.
    let leastLevel: Int
    /// The value of the player to move at the start of each turn, `values[turn * width + d + capLevel]`.
    let values: [Double]
    /// The chance of a tie (the highest-turn tie-break reached) from the start of each turn.
    let ties: [Double]

    /// Solves the game of `rules`.
    ///
    /// - Parameters:
    ///   - rules: Two players and a game of fixed rounds, without a three-farkle penalty.
    ///   - threads: The number of threads to spread each turn's differences over (1: this thread only).
    ///   - differenceCap: The cap on the difference of totals in points, rounded up to the score step; `nil`
    ///     chooses the least that keeps every value within `capTolerance` (see the type's documentation).
    ///   - progress: Called on this thread after each turn index is solved, with the share of them done (0 to 1).
    /// - Throws: `NotCovered` for rules the solver does not cover.
    package init(
        rules: RuleSet, threads: Int = 2, differenceCap: Int? = nil, progress: ((Double) -> Void)? = nil
    ) throws(NotCovered) {
        try self.init(
            table: ScoringTable(rules: rules), threads: threads, differenceCap: differenceCap, progress: progress)
    }

    /// Solves the game of `table`'s rules; see `init(rules:threads:differenceCap:progress:)`.
    package init(
        table: ScoringTable, threads: Int = 2, differenceCap: Int? = nil, progress: ((Double) -> Void)? = nil
    ) throws(NotCovered) {
        let rules = table.rules
        let (rounds, least) = try Self.supported(table)
        let step = table.turnMechanics.scoreStep
        let turn = WinTurn(table: table)
        // The cap's bound counts a roll that wins at once as the keep it would be: it only raises M(θ), and a game
        // that ends at once is decided whatever the difference.
        let bounds = Self.exponentialBounds(turn: WinTurn(table: table, gameEndings: false))
        let capLevel =
            differenceCap.map { max(1, ($0 + step - 1) / step) }
            ?? Self.capLevel(bounds: bounds, turns: rounds, tolerance: Self.capTolerance)
        let bound = Self.gainBound(bounds: bounds, turns: rounds, levels: capLevel)
        let layout = RoundsLayout(
            rounds: rounds, extraRounds: rules.game.extraRoundsOnTie, capLevel: capLevel,
            leastLevel: (least + step - 1) / step, turn: turn)
        try layout.checkSize(rulesName: rules.name)
        let results = PairResults(count: layout.turns * layout.width)
        var states = 0
        progress?(0)
        for index in stride(from: layout.turns - 1, through: 0, by: -1) {
            let differences = layout.differences(turn: index)
            Parallel.forEach(differences.count, threads: threads) { item in
                layout.solve(turn: index, difference: differences.lowerBound + item, results: results)
            }
            for difference in differences {
                states += layout.top(difference: difference) * DiceCounts.maximumDice
            }
            progress?(Double(layout.turns - index) / Double(layout.turns))
        }
        self.table = table
        self.rounds = rounds
        extraRounds = layout.extraRounds
        self.differenceCap = capLevel * step
        capErrorBound = bound
        stateCount = states
        self.turn = turn
        self.capLevel = capLevel
        leastLevel = layout.leastLevel
        values = results.values.values
        ties = results.ties.values
    }

    /// The rounds of `table`'s rules and the least bank, or why the solver does not cover them.
    static func supported(_ table: ScoringTable) throws(NotCovered) -> (rounds: Int, least: Int) {
        let rules = table.rules
        guard rules.game.players == 2 else {
            throw .init(description: "the win-probability solver handles 2 players, not \(rules.game.players)")
        }
        guard let rounds = rules.game.end.rounds else {
            throw .init(description: "RoundsWinSolver solves games of fixed rounds; WinProbabilitySolver races")
        }
        guard rules.turn.threeFarklePenalty == nil else {
            throw .init(description: "the solver of a game of rounds does not handle a three-farkle penalty")
        }
        let mechanics = table.turnMechanics
        let least = mechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: true)
        guard !rules.entryRaisesTheLeastBank else {
            throw .init(description: "the solver of a game of rounds does not handle an entry minimum")
        }
        return (rounds, least)
    }

    /// A solution solved before (read from a policy file): the values and tie chances of every turn index and
    /// difference within `capLevel` score steps.
    ///
    /// - Throws: `Unsupported` for rules the solver does not cover.
    /// - Precondition: `values` and `ties` hold one row of 2 `capLevel` + 1 per turn index of the rules.
    init(
        table: ScoringTable, capLevel: Int, capErrorBound: Double, stateCount: Int, values: [Double], ties: [Double]
    ) throws(NotCovered) {
        let (rounds, least) = try Self.supported(table)
        let step = table.scoreStep
        let turn = WinTurn(table: table)
        self.table = table
        self.rounds = rounds
        extraRounds = table.rules.game.extraRoundsOnTie
        differenceCap = capLevel * step
        self.capErrorBound = capErrorBound
        self.stateCount = stateCount
        self.turn = turn
        self.capLevel = capLevel
        leastLevel = (least + step - 1) / step
        let rows = 2 * (rounds + extraRounds) * (2 * capLevel + 1)
        precondition(values.count == rows && ties.count == rows, "a row per turn")
        self.values = values
        self.ties = ties
    }

    var layout: RoundsLayout {
        RoundsLayout(
            rounds: rounds, extraRounds: extraRounds, capLevel: capLevel, leastLevel: leastLevel, turn: turn)
    }

    // MARK: - Values

    /// The number of turn indices: two per regular or extra round.
    package var turns: Int { 2 * (rounds + extraRounds) }

    /// The turn index of the player to move in `round` (from 1; extra rounds follow the regular ones) in
    /// seat `seat` (0 or 1).
    package static func turnIndex(round: Int, seat: Int) -> Int {
        2 * (round - 1) + seat
    }

    /// P(win) + ½ P(tie) of the player to move at the start of turn `turnIndex`, `difference` points ahead
    /// (negative: behind); 1 or 0 at or beyond the cap.
    ///
    /// - Precondition: `difference` is a multiple of the score step; at the opening turn of an extra round
    ///   the totals are equal (`difference` 0).
    package func value(turnIndex: Int, difference: Int) -> Double {
        lookup(values, turnIndex: turnIndex, difference: difference, beyondCap: difference > 0 ? 1 : 0)
    }

    /// The chance of a tie (equal totals after every extra round) from the start of turn `turnIndex`,
    /// `difference` points ahead, when both play best; 0 at or beyond the cap.
    package func tieProbability(turnIndex: Int, difference: Int) -> Double {
        lookup(ties, turnIndex: turnIndex, difference: difference, beyondCap: 0)
    }

    private func lookup(_ table: [Double], turnIndex: Int, difference: Int, beyondCap: Double) -> Double {
        let step = self.table.scoreStep
        precondition(difference % step == 0, "a difference in multiples of \(step)")
        precondition(turnIndex >= 0 && turnIndex < turns, "a turn index below \(turns)")
        precondition(
            !layout.isExtraOpening(turnIndex) || difference == 0, "an extra round starts with equal totals")
        let level = difference / step
        guard abs(level) < capLevel else { return beyondCap }
        return table[turnIndex * layout.width + level + capLevel]
    }

    /// The first player's P(win) + ½ P(tie) at the start of the game.
    package var firstPlayerValue: Double { value(turnIndex: 0, difference: 0) }

    /// The chance of a tie when both play best: the chance that the game reaches the highest-single-turn
    /// tie-break, which the solver counts as a tie.
    package var tieProbability: Double { tieProbability(turnIndex: 0, difference: 0) }

    /// The points the second player should start with for the game to be as fair as possible: the head start
    /// whose first-player value is nearest ½; negative where the first player should get it (the second
    /// player, who sees the first player's total before each turn, has the edge in a game of rounds).
    package var fairHeadStart: (points: Int, firstPlayerValue: Double) {
        var best = (points: 0, firstPlayerValue: firstPlayerValue)
        let step = table.scoreStep
        for level in (1 - capLevel)..<capLevel {
            let value = value(turnIndex: 0, difference: -level * step)
            if abs(value - 0.5) < abs(best.firstPlayerValue - 0.5) { best = (level * step, value) }
        }
        return best
    }

    /// The turn of the player to move at turn `turnIndex`, `difference` points ahead: the value of every
    /// state and its decisions (what `advise` shows and strategy `win` plays).
    ///
    /// The difference is clamped into the cap (beyond it the game is decided either way).
    package func turnTable(turnIndex: Int, myScore: Int, opponentScore: Int) -> WinTurnTable {
        let step = table.scoreStep
        let level = min(max((myScore - opponentScore) / step, 1 - capLevel), capLevel - 1)
        return layout.turnTable(
            at: (turnIndex, level), values: values, ties: ties, myScore: myScore, opponentScore: opponentScore,
            leastBank: leastLevel * step, table: table)
    }

    // MARK: - The cap

    /// The least cap, in score steps, whose error bound (`gainBound`) is at most `tolerance`.
    static func capLevel(bounds: [(rate: Double, bound: Double)], turns: Int, tolerance: Double) -> Int {
        var best = Int.max
        for theta in bounds {
            let levels = (Double(turns) * log(theta.bound) - log(tolerance)) / theta.rate
            if levels.isFinite, levels < Double(best) { best = Int(levels.rounded(.up)) }
        }
        return max(best, 1)
    }

    /// A bound on the chance that a player gains `levels` score steps or more over `turns` turns, whatever
    /// the play: the least of M(θ)^turns e^(−θ levels) over the θ of `bounds`.
    static func gainBound(bounds: [(rate: Double, bound: Double)], turns: Int, levels: Int) -> Double {
        var best = 1.0
        for theta in bounds {
            best = min(best, exp(Double(turns) * log(theta.bound) - theta.rate * Double(levels)))
        }
        return best
    }

    /// For each θ (per score step) of a grid, a bound M(θ) on E[exp(θ S)] of one turn's banked points S
    /// (in score steps) under any play; θ whose fixed point is not reached in 1,000 sweeps are left out.
    /// Where a scoreless opening roll costs c steps, the lead of the player ahead also falls by c with that roll's
    /// chance q on each of their turns, whatever they play: a round's bound is then M(θ) (1 − q + q e^(θc)).
    ///
    /// w(n) = max(1, Σ p(group) max over keeps e^(θ keep) w(dice left) + p(farkle) · 1) bounds the best
    /// E[e^(θ (S − T))] with n dice to roll and T turn points on the table: banking gives e^0, a farkle gives
    /// e^(−θT) ≤ 1. Value iteration from w = 1 rises to the least fixed point; the last sweep's relative
    /// change is below 1e-13 within 1,000 sweeps, so the iteration contracts by at most about 0.97 a sweep
    /// and the rest of the rise is below 1e-11: a relative slack of 1e-9 covers it.
    static func exponentialBounds(turn: WinTurn) -> [(rate: Double, bound: Double)] {
        let maximum = DiceCounts.maximumDice
        let farkleSteps = max(turn.everyRollFarkleSteps ?? -1, turn.openingFarkleSteps ?? -1)
        var bounds: [(rate: Double, bound: Double)] = []
        for index in 1...64 {
            // θ from 0.002 to about 1.2 per step, geometrically.
            let rate = 0.002 * pow(1.105, Double(index - 1))
            let growth = turn.options.map { exp(rate * Double($0.steps)) }
            let farkleGrowth = farkleSteps >= 0 ? exp(rate * Double(farkleSteps)) : 0
            let cost = turn.mechanics.openingFarkleCost / turn.mechanics.scoreStep
            let costGrowth = cost > 0 ? 1 + turn.openingFarkleChance * (exp(rate * Double(cost)) - 1) : 1
            var w = [Double](repeating: 1, count: maximum + 1)
            for _ in 0..<1_000 {
                var next = w
                for dice in 1...maximum {
                    var sum = 0.0
                    for group in turn.groups[turn.groupRange[dice]] {
                        var best = 0.0
                        for option in group.firstOption..<group.endOption {
                            best = max(best, growth[option] * w[turn.options[option].diceLeft])
                        }
                        sum += group.probability * best
                    }
                    let farkle = turn.farkleProbability[dice]
                    sum += dice == maximum && farkleSteps >= 0 ? farkle * farkleGrowth * w[maximum] : farkle
                    next[dice] = max(1, sum)
                }
                let change = zip(next, w).map { abs($0 - $1) / $1 }.max() ?? 0
                w = next
                if change < 1e-13 {
                    // A turn starts with every die of the game.
                    bounds.append((rate, w[turn.mechanics.dice] * costGrowth * (1 + 1e-9)))
                    break
                }
                if w[turn.mechanics.dice] > 1e100 { break }
            }
        }
        return bounds
    }
}

// MARK: - Layout

/// How the turns of a game of rounds are set up: the differences each turn solves, each turn's table height
/// and the payoff of each way to end a turn.
/// What ending a turn of a game of rounds leads to (`RoundsLayout.outcome(turn:difference:)`).
enum RoundsOutcome {
    /// The game is over: the chance that the player who ended the turn wins (1 or 0) and that it is a tie.
    case decided(win: Double, tie: Double)
    /// The other player's turn starts, at this index of the turn-start rows.
    case next(Int)
}

struct RoundsLayout: Sendable {
    let rounds: Int
    let extraRounds: Int
    let capLevel: Int
    let leastLevel: Int
    let turn: WinTurn

    var turns: Int { 2 * (rounds + extraRounds) }
    var width: Int { 2 * capLevel + 1 }

    /// The most turn states a game of rounds is solved or evaluated over: about four times farkleten's 237,523,200
    /// (24 s on two cores), 23 rounds of its scoring. The work grows as the rounds times the square of the cap on the
    /// difference, which grows with them.
    static let maximumTurnStates = 1 << 30

    /// Refuses, before anything is allocated, a game whose turn-start values (`turns` × `width`) or turn states
    /// exceed what a solve holds (`WinProbabilitySolver.maximumStates`, `maximumTurnStates`).
    ///
    /// - Throws: `NotCovered` naming the rounds and the size.
    func checkSize(rulesName: String) throws(NotCovered) {
        // A cap beyond every table (a turn whose points the bounds cannot tame gives one of about Int.max) is
        // refused before the width 2 cap + 1 is counted, which would overflow.
        let isBeyond = capLevel > WinProbabilitySolver.maximumStates
        let lead = isBeyond ? "more than \(WinProbabilitySolver.maximumStates)" : "up to \(capLevel)"
        let refusal = NotCovered(
            description: "rules '\(rulesName)' play \(rounds) rounds with a lead of \(lead) score steps "
                + "still open: more than a solve of a game of rounds holds (at most \(Self.maximumTurnStates) turn "
                + "states, farkleten's 10 rounds take 237523200): "
                + (isBeyond ? "lower the most points a turn can score" : "play fewer rounds"))
        guard !isBeyond else { throw refusal }
        let rows = turns.multipliedReportingOverflow(by: width)
        guard !rows.overflow, rows.partialValue <= WinProbabilitySolver.maximumStates else { throw refusal }
        var states = 0
        for index in 0..<turns {
            for difference in differences(turn: index) {
                states += top(difference: difference) * DiceCounts.maximumDice
            }
            guard states <= Self.maximumTurnStates else { throw refusal }
        }
    }

    /// Whether `turnIndex` opens an extra round: the totals are then equal.
    func isExtraOpening(_ turnIndex: Int) -> Bool {
        turnIndex >= 2 * rounds && turnIndex % 2 == 0
    }

    /// The differences (in score steps) solved at the start of `turnIndex`: all within the cap, or only 0
    /// where an extra round opens.
    func differences(turn turnIndex: Int) -> ClosedRange<Int> {
        isExtraOpening(turnIndex) ? 0...0 : (1 - capLevel)...(capLevel - 1)
    }

    /// The first level of turn points from which banking is allowed and reaches the cap.
    func top(difference: Int) -> Int {
        max(capLevel - difference, leastLevel, 1)
    }

    /// What follows when a player ends turn `turnIndex` `difference` steps ahead: the game decided (a lead of the
    /// cap or more, a round past the regular ones ended with a lead, the last extra round ended level), or the
    /// next turn, with the lead reversed, at that index of the turn-start rows. The one statement of how a game of
    /// rounds ends, read by the solver (`ending(turn:difference:values:ties:)`) and by the exact odds (`RoundsOdds`).
    func outcome(turn turnIndex: Int, difference: Int) -> RoundsOutcome {
        if difference >= capLevel { return .decided(win: 1, tie: 0) }
        if difference <= -capLevel { return .decided(win: 0, tie: 0) }
        let endsRound = turnIndex % 2 == 1 && turnIndex >= 2 * rounds - 1
        if endsRound && difference != 0 { return .decided(win: difference > 0 ? 1 : 0, tie: 0) }
        if endsRound && turnIndex == turns - 1 { return .decided(win: 0, tie: 1) }
        return .next((turnIndex + 1) * width - difference + capLevel)
    }

    /// The value (P(win) + ½ P(tie)) and tie chance, to the player who ends turn `turnIndex` `difference` steps
    /// ahead, from the turn-start `values` and `ties`.
    func ending(
        turn turnIndex: Int, difference: Int, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    )
        -> (value: Double, tie: Double)
    {
        switch outcome(turn: turnIndex, difference: difference) {
        case .decided(let win, let tie): (win + tie / 2, tie)
        case .next(let next): (1 - values[next], ties[next])
        }
    }

    /// Solves the turn at (`turnIndex`, `difference`) and writes its opening value and tie chance.
    func solve(turn turnIndex: Int, difference: Int, results: PairResults) {
        let values = UnsafeBufferPointer(results.values.buffer)
        let ties = UnsafeBufferPointer(results.ties.buffer)
        let top = top(difference: difference)
        let bank = UnsafeMutablePointer<Double>.allocate(capacity: 2 * top)
        defer { bank.deallocate() }
        let bankTie = bank + top
        fillBank(at: (turnIndex, difference), top: top, values: values, ties: ties, bank: bank, bankTie: bankTie)
        let farkle = ending(turn: turnIndex, difference: difference, values: values, ties: ties)
        let scratch = TurnTable(rows: top + turn.maximumJump + 1)
        defer { scratch.deallocate() }
        var unused = WinTurn.Validity.unbounded
        let entry = turn.solve(
            top: top, topBank: 1, bank: bank, bankAux: bankTie, farkle: farkle.value, farkleAux: farkle.tie,
            into: scratch, validity: &unused, tracking: false)
        var opening = (value: entry.value, tie: entry.aux)
        if let costing = openingFarkle(at: (turnIndex, difference), values: values, ties: ties) {
            opening = turn.costingOpeningFarkle(opening, farkle: farkle, opening: costing)
        }
        let index = turnIndex * width + difference + capLevel
        results.values[index] = opening.value
        results.ties[index] = opening.tie
    }

    /// The score steps a scoreless opening roll takes off the mover's total (0: none): the lead falls by as many.
    var openingCostLevels: Int { turn.mechanics.openingFarkleCost / turn.mechanics.scoreStep }
}

extension RoundsLayout: PlainWinGameLayout {
    /// The turn index and the mover's lead in score steps.
    typealias State = (turn: Int, difference: Int)

    func top(of state: State) -> Int { top(difference: state.difference) }

    func leastLevel(of state: State) -> Int { leastLevel }

    /// Banking at the top reaches the cap on the difference: a win.
    var topBank: Double { 1 }

    /// The next turn starts, or the game ends, with the lead grown by the bank.
    func bank(
        _ level: Int, at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        ending(turn: state.turn, difference: state.difference + level, values: values, ties: ties)
    }

    /// The next turn starts, or the game ends, with the lead unchanged.
    func farkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double) {
        ending(turn: state.turn, difference: state.difference, values: values, ties: ties)
    }

    /// Where a scoreless opening roll costs points: the next turn starts, or the game ends, with the lead less
    /// the cost.
    func openingFarkle(
        at state: State, values: UnsafeBufferPointer<Double>, ties: UnsafeBufferPointer<Double>
    ) -> (value: Double, tie: Double)? {
        guard openingCostLevels > 0 else { return nil }
        return ending(turn: state.turn, difference: state.difference - openingCostLevels, values: values, ties: ties)
    }
}
