/// The two-player race won at the target at once, solved for the chance to win, each player with a dice set.
///
/// W_p(a, b) is the chance that player p, about to take a turn with `a` points
/// against the opponent's `b`, wins under best play by both (totals in score
/// steps). A turn is solved over (turn points, dice of each kind left) like
/// `CappedScoreSolver`, but a bank of t is worth 1 if it reaches the target and
/// 1 − W_q(b, a + t) otherwise, and a farkle 1 − W_q(b, a).
///
/// Totals only grow except through a farkle, which hands the same pair of totals
/// to the other player, so pairs are solved from the highest sum of totals down,
/// each pair's two unknowns W_p(a, b) and W_q(b, a) together. For a fixed play
/// each is linear in what a farkle is worth (the slope is the chance of a farkle),
/// so each step solves the two linear equations exactly and plays the turns again
/// with the result, until the values change by less than 1e-15 (at most 100 steps;
/// the play is then the same twice in a row).
///
/// Supported where a player may bank after any keep with any dice left, with no
/// minimum bank, six-dice farkle or penalty (`kcd`).
public struct LoadedWinSolver: Sendable {
    /// The dice of each player, player 0 (who starts) first.
    public let outcomes: [DiceSetOutcomes]
    /// The target of the race.
    public let target: Int
    /// The number of score steps to the target: totals are 0..<levels.
    public let levels: Int
    /// The largest change of the last step of any pair's iteration: how far from converged the values are.
    public let largestLastChange: Double

    /// W_p(a, b) at `values[p][a * levels + b]`, totals in score steps.
    let values: [[Double]]

    /// Whether the solver supports `rules`: a race won at the target at once, banking after any keep.
    public static func supports(_ rules: RuleSet) -> Bool {
        rules.game.end.target != nil && !rules.game.end.hasFinalRound && rules.turn.minimumBank == 0
            && rules.turn.sixDiceFarkle == nil && rules.turn.threeFarklePenalty == nil
            && !rules.turn.hotDiceMandatory && rules.turn.bankingDiceLeft == [1, 2, 3, 4, 5]
            && rules.game.entryMinimum == 0
    }

    /// Solves the race between the sets of `outcomes` (two, on the same scoring table).
    ///
    /// - Precondition: two players; `supports(outcomes[0].table.rules)`.
    public init(outcomes: [DiceSetOutcomes]) {
        precondition(outcomes.count == 2, "two players")
        let rules = outcomes[0].table.rules
        precondition(Self.supports(rules), "a race won at the target, banking after any keep")
        let target = rules.game.end.target ?? 0
        let step = outcomes[0].table.scoreStep
        let levels = (target + step - 1) / step
        var values = [[Double]](repeating: Array(repeating: 0, count: levels * levels), count: 2)
        var largest = 0.0
        var turns = [
            LoadedTurnTable(outcomes: outcomes[0], levels: levels),
            LoadedTurnTable(outcomes: outcomes[1], levels: levels),
        ]
        for sum in stride(from: 2 * (levels - 1), through: 0, by: -1) {
            // Every pair of totals once: W_0(own, other) with W_1(other, own), own over the whole range.
            for own in max(0, sum - levels + 1)...min(sum, levels - 1) {
                let other = sum - own
                // Unknowns: x0 = W_0(own, other), x1 = W_1(other, own).
                var x1 = 0.5
                var x0 = 0.5
                var change = 1.0
                var steps = 0
                while change > 1e-15 && steps < 100 {
                    let f0 = 1 - x1
                    let first = turns[0].solve(own: own, other: other, farkle: f0, rivalValues: values[1])
                    let f1 = 1 - first.value
                    let second = turns[1].solve(own: other, other: own, farkle: f1, rivalValues: values[0])
                    let a0 = first.value + first.slope * (1 - f0)
                    let a1 = second.value + second.slope * (1 - f1)
                    let next0 = (a0 - first.slope * a1) / (1 - first.slope * second.slope)
                    let next1 = a1 - second.slope * next0
                    change = max(abs(next0 - x0), abs(next1 - x1))
                    x0 = next0
                    x1 = next1
                    steps += 1
                }
                largest = max(largest, change)
                values[0][own * levels + other] = x0
                values[1][other * levels + own] = x1
            }
        }
        self.outcomes = outcomes
        self.target = target
        self.levels = levels
        self.values = values
        self.largestLastChange = largest
    }

    /// W_p(a, b): the chance that `player`, about to move with `own` points against `opponent`, wins.
    ///
    /// - Precondition: both totals are multiples of the score step below the target.
    public func winProbability(player: Int, own: Int, opponent: Int) -> Double {
        let step = outcomes[0].table.scoreStep
        return values[player][(own / step) * levels + opponent / step]
    }

    /// The chance that player 0, who starts, wins the game from 0 to 0.
    public var firstPlayerWinProbability: Double { values[0][0] }
}

// MARK: - One turn

/// How `LoadedTurnTable.evaluate` plays a turn: which option of a roll it takes and whether it banks.
protocol LoadedTurnPlay {
    /// The number the play maximizes over a roll's options (the first highest wins): the option leads to
    /// `level` steps of turn points with the dice of `state`, worth `current` in the table being computed.
    func rank(current: Double, level: Int, state: Int) -> Double

    /// Whether the play banks at `level` with the dice of `state`, banking being worth `bank` (-∞ where
    /// not allowed) and rolling on `roll` in the table being computed.
    func banks(level: Int, state: Int, bank: Double, roll: Double) -> Bool
}

/// Best play: the table's own values decide (the maximization of `LoadedWinSolver`).
struct BestLoadedPlay: LoadedTurnPlay {
    func rank(current: Double, level: Int, state: Int) -> Double { current }
    func banks(level: Int, state: Int, bank: Double, roll: Double) -> Bool { bank >= roll }
}

/// The turn of one player for one pair of totals, with buffers reused from pair to pair.
///
/// Values are chances to win: a bank of `level` steps is worth 1 − W_rival(other, own + level), a bank that
/// reaches the target 1, a farkle `farkle`. Rows 0..<(levels − own) are those of the last pair computed.
struct LoadedTurnTable {
    let outcomes: DiceSetOutcomes
    let levels: Int
    /// The value of every (level, state) under the play, at `level * stateCount + state`.
    var value: [Double]
    /// The slope of `value` in the farkle's worth: the chance that the turn ends in a farkle.
    var slope: [Double]
    /// What rolling the dice of the state is worth under the play.
    var roll: [Double]
    /// Whether the play banks.
    var banks: [Bool]

    init(outcomes: DiceSetOutcomes, levels: Int) {
        self.outcomes = outcomes
        self.levels = levels
        value = Array(repeating: 0, count: levels * outcomes.stateCount)
        slope = value
        roll = value
        banks = Array(repeating: false, count: value.count)
    }

    /// The value of the turn from its opening roll under best play and its slope in `farkle`.
    mutating func solve(own: Int, other: Int, farkle: Double, rivalValues: [Double]) -> (value: Double, slope: Double) {
        evaluate(own: own, other: other, farkle: farkle, rivalValues: rivalValues, play: BestLoadedPlay())
    }

    /// The value of the turn from its opening roll under `play` and its slope in `farkle` (the chance of a
    /// farkle): the value is linear in `farkle` as long as the play does not depend on it.
    mutating func evaluate<Play: LoadedTurnPlay>(
        own: Int, other: Int, farkle: Double, rivalValues: [Double], play: Play
    ) -> (value: Double, slope: Double) {
        let states = outcomes.stateCount
        let top = levels - own
        var opening = (value: 0.0, slope: 0.0)
        for level in stride(from: top - 1, through: 0, by: -1) {
            // A bank of `level` steps: the rival moves next with our new total.
            let bank = level == 0 ? -Double.infinity : 1 - rivalValues[other * levels + own + level]
            for state in 1..<states {
                var sum = outcomes.farkleProbability[state] * farkle
                var sumSlope = outcomes.farkleProbability[state]
                for group in outcomes.groups(of: state) {
                    var best = -Double.infinity
                    var chosen = 0.0
                    var chosenSlope = 0.0
                    for option in outcomes.options(of: group) {
                        let after = level + option.steps
                        let candidate = after >= top ? 1 : value[after * states + option.next]
                        let rank = play.rank(current: candidate, level: after, state: option.next)
                        if rank > best {
                            best = rank
                            chosen = candidate
                            chosenSlope = after >= top ? 0 : slope[after * states + option.next]
                        }
                    }
                    sum += outcomes.groupProbability[group] * chosen
                    sumSlope += outcomes.groupProbability[group] * chosenSlope
                }
                if level == 0 && state == outcomes.fullState { opening = (sum, sumSlope) }
                let index = level * states + state
                roll[index] = sum
                if play.banks(level: level, state: state, bank: bank, roll: sum) {
                    value[index] = bank
                    slope[index] = 0
                    banks[index] = true
                } else {
                    value[index] = sum
                    slope[index] = sumSlope
                    banks[index] = false
                }
            }
        }
        return opening
    }
}
