/// The exact turn values of a dice set above its table when the turn plays for its expected points, without a cap:
/// V(t, s) = t + intercept[s], R(t, s) = (1 − f(s)) t + rollIntercept[s], for t from `topLevel` score steps on.
///
/// ## Why these lines
/// Where every state may bank (`kcd`: after any keep, no six-dice farkle), a state s whose roll can farkle
/// (chance f(s) > 0) loses f(s) t by rolling at t turn points, so for t large enough it banks: V(t, s) = t. A state
/// whose every roll scores (f(s) = 0) rolls on, taking the keep of the highest k + c(next), where k is the keep's
/// points and c the intercept of the state it leads to: its value is t plus c(s) = Σ over its groups of rolls of
/// the group's chance times that best k + c. All lines then have slope 1, so the best keep does not depend on t.
/// Only hot dice lead back up (to the whole set), so the intercepts are worked out from the fewest dice up, and the
/// whole set's, if its rolls never farkle, from its own equation c = a + b c under the play (b: the chance to come
/// back to the whole set), by policy iteration on the play. With b = 1 the expected points are unbounded
/// (`Unsolved`).
///
/// The lines satisfy the Bellman equation from T = max over the states that bank of rollIntercept[s] / f(s) on
/// (there banking, t, is at least rolling, (1 − f(s)) t + rollIntercept[s]); the table below solves down from
/// there. They are the true values, not merely a solution, by the argument of `LinearTail`: under any play a turn
/// ends within a roll from the whole set with positive probability (b < 1), so two solutions cannot differ.
struct UncappedTail: Sendable {
    /// The first level of turn points, in score steps, from which the lines hold: where the table stops.
    let topLevel: Int
    /// c(s): V(t, s) = t + c(s) from `topLevel` on (0 for a state that banks there).
    let intercept: [Double]
    /// R(t, s) = (1 − f(s)) t + rollIntercept[s] from `topLevel` on.
    let rollIntercept: [Double]
    /// f(s), the chance that a roll of the state farkles.
    let farkle: [Double]

    /// The most table entries (levels times states) the uncapped solve tabulates (two 8-byte values each).
    static let maximumEntries = 30_000_000

    /// V(t, s) from `topLevel` on.
    func value(turnPoints: Int, state: Int) -> Double {
        Double(turnPoints) + intercept[state]
    }

    /// R(t, s) from `topLevel` on.
    func rollValue(turnPoints: Int, state: Int) -> Double {
        (1 - farkle[state]) * Double(turnPoints) + rollIntercept[state]
    }

    /// The lines of the dice of `outcomes`.
    ///
    /// - Throws: `CappedScoreSolver.Unsolved` as `CappedScoreSolver.init(expectedPointsOf:)` says.
    init(outcomes: DiceSetOutcomes) throws(CappedScoreSolver.Unsolved) {
        let rules = outcomes.table.rules
        let mechanics = outcomes.table.turnMechanics
        guard (1...DiceCounts.maximumDice).allSatisfy({ mechanics.allowsBanking(diceLeft: $0) }),
            mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: false) == nil,
            mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: true) == nil
        else {
            throw CappedScoreSolver.Unsolved(
                "the expected points with a dice set are solved where a player may bank with any dice left and "
                    + "there is no six-dice farkle (as in kcd); rules '\(rules.name)' differ")
        }
        let states = outcomes.stateCount
        let full = outcomes.fullState
        let farkle = outcomes.farkleProbability
        // States in order of their dice, fewest first: a keep leads to fewer dice, or to the whole set (last).
        let order = (1..<states).sorted { (outcomes.diceInState[$0], $0) < (outcomes.diceInState[$1], $1) }
        /// The rolling intercept of every state, given the whole set's intercept `whole` and the intercepts so far:
        /// Σ p(group) max over options of (points + c(next)), and each state's chance to come back to the whole set
        /// under that play (weighed by what it is worth: `back` is ∂c/∂whole).
        func sweep(whole: Double) -> (intercept: [Double], rolling: [Double], back: [Double]) {
            var intercept = [Double](repeating: 0, count: states)
            var back = [Double](repeating: 0, count: states)
            var rolling = [Double](repeating: 0, count: states)
            intercept[full] = farkle[full] == 0 ? whole : 0
            back[full] = farkle[full] == 0 ? 1 : 0
            for state in order {
                var sum = 0.0
                var slope = 0.0
                for group in outcomes.groups(of: state) {
                    var best = -Double.infinity
                    var bestBack = 0.0
                    for option in outcomes.options(of: group) {
                        let value = Double(option.points) + intercept[option.next]
                        if value > best {
                            best = value
                            bestBack = back[option.next]
                        }
                    }
                    sum += outcomes.groupProbability[group] * best
                    slope += outcomes.groupProbability[group] * bestBack
                }
                rolling[state] = sum
                if farkle[state] == 0 {
                    if state != full { intercept[state] = sum }
                    if state != full { back[state] = slope }
                }
                if state == full { back[full] = farkle[full] == 0 ? slope : 0 }
            }
            return (intercept, rolling, back)
        }
        var result = sweep(whole: 0)
        if farkle[full] == 0 {
            // c(whole) = a + b c(whole) under the play; the play may change with c(whole): iterate until it stays.
            var whole = 0.0
            for _ in 0..<1_000 {
                let (a, b) = (result.rolling[full] - result.back[full] * whole, result.back[full])
                guard b < 1 - 1e-12 else {
                    throw CappedScoreSolver.Unsolved(
                        "the expected points of the dice set \(outcomes.set) are unbounded under rules "
                            + "'\(rules.name)': its dice can score on every roll and come back to the whole set for "
                            + "ever")
                }
                let next = a / (1 - b)
                let settled = abs(next - whole) <= 1e-12 * max(1, abs(next))
                whole = next
                result = sweep(whole: whole)
                if settled { break }
            }
        }
        var from = Double(max(mechanics.minimumBank, 0))
        for state in 1..<states where farkle[state] > 0 {
            from = max(from, result.rolling[state] / farkle[state])
        }
        let step = mechanics.scoreStep
        let levels = (from / Double(step)).rounded(.up)
        guard levels * Double(states) <= Double(Self.maximumEntries) else {
            throw CappedScoreSolver.Unsolved(
                "the expected points of the dice set \(outcomes.set) need a table of \(Int(levels) * states) entries "
                    + "(banking from \(Int(from)) points), more than \(Self.maximumEntries)")
        }
        topLevel = Int(levels)
        intercept = result.intercept
        rollIntercept = result.rolling
        self.farkle = farkle
    }
}

extension CappedScoreSolver {
    /// Why the expected points of a dice set are not solved: one line.
    struct Unsolved: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is not solved, and why.
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
