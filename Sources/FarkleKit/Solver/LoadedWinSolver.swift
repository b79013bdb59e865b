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

    private let values: [[Double]]

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
            for own in max(0, sum - levels + 1)...min(sum, levels - 1) {
                let other = sum - own
                for mover in 0..<2 {
                    let rival = 1 - mover
                    // Unknowns: x0 = W_mover(own, other), x1 = W_rival(other, own).
                    var x1 = 0.5
                    var x0 = 0.5
                    var change = 1.0
                    var steps = 0
                    while change > 1e-15 && steps < 100 {
                        let f0 = 1 - x1
                        let first = turns[mover].solve(
                            own: own, other: other, farkle: f0, rivalValues: values[rival])
                        let f1 = 1 - first.value
                        let second = turns[rival].solve(
                            own: other, other: own, farkle: f1, rivalValues: values[mover])
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
                    values[mover][own * levels + other] = x0
                    values[rival][other * levels + own] = x1
                }
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

/// The turn of one player for one pair of totals, with buffers reused from pair to pair.
private struct LoadedTurnTable {
    let outcomes: DiceSetOutcomes
    let levels: Int
    var value: [Double]
    var slope: [Double]

    init(outcomes: DiceSetOutcomes, levels: Int) {
        self.outcomes = outcomes
        self.levels = levels
        value = Array(repeating: 0, count: levels * outcomes.stateCount)
        slope = value
    }

    /// The value of the turn from its opening roll and its slope in `farkle` (the chance of a farkle).
    mutating func solve(own: Int, other: Int, farkle: Double, rivalValues: [Double]) -> (value: Double, slope: Double) {
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
                    var bestSlope = 0.0
                    for option in outcomes.options(of: group) {
                        let after = level + option.steps
                        let candidate = after >= top ? 1 : value[after * states + option.next]
                        if candidate > best {
                            best = candidate
                            bestSlope = after >= top ? 0 : slope[after * states + option.next]
                        }
                    }
                    sum += outcomes.groupProbability[group] * best
                    sumSlope += outcomes.groupProbability[group] * bestSlope
                }
                if level == 0 && state == outcomes.fullState { opening = (sum, sumSlope) }
                let index = level * states + state
                if bank >= sum {
                    value[index] = bank
                    slope[index] = 0
                } else {
                    value[index] = sum
                    slope[index] = sumSlope
                }
            }
        }
        return opening
    }
}
