/// A cheap upper bound on the capped opening value of a dice set, for pruning `DiceSetSearch`.
///
/// The bound solves a relaxed turn: the state is still the dice of each kind left
/// (as in `CappedScoreSolver`), but a roll is seen only through the faces it
/// shows, not which die shows which face, and after a keep of k dice the player
/// may set aside *any* k of the dice rolled, not only those that show the kept
/// faces. With U(t, s) for the relaxed value and W(t, s, m) = max U(t, s′) over the
/// parts s′ of s with m dice (the whole set after hot dice):
///
///     U(t, s) = max(bank(t, s), Σ_g P_s(g) · max_k W(t + best_g(k), s, m_k))
///
/// where g runs over the plain groups of rolls of |s| dice (`RollOutcomes`, rolls
/// with the same best score for each number of dice kept), P_s(g) is the chance
/// that the dice of s show a roll of g (the face distributions of its dice
/// convolved), and m_k the dice left after keeping k. Every real keep of the loaded
/// game takes k dice showing faces that score at most best_g(k), and leaves a
/// part of s with m_k dice, so by induction from the top levels down (where both
/// are at most the cap) V(t, s) ≤ U(t, s): the real game's values are never above
/// the relaxed ones. The step from a keep's points to best_g(k) uses that U never
/// falls as t grows, which holds as for V (a bank is allowed from some turn points
/// on and is worth min(t, cap); every other term is a sum of later values).
///
/// One evaluation costs levels × states × plain groups (about 80 × 64 × 40 for
/// six different dice at target 4000; about 9 M instructions), some 20 times less
/// than solving the set (about 200 M), whose whole-set rolls alone are 6⁶ ordered
/// outcomes to group. The proof is also in <doc:LoadedDice>.
struct CappedScoreBound: Sendable {
    /// The plain groups of rolls of each dice count.
    let plain: RollOutcomes
    /// The table (rules, score step).
    let table: ScoringTable
    /// The points a bank can be worth at most.
    let cap: Int
    /// `grow[n][i * 6 + face − 1]`: the multiset of n + 1 dice made from multiset i of n dice and one more face.
    private let grow: [[Int]]

    init(table: ScoringTable, cap: Int) {
        precondition(cap > 0, "a positive cap")
        self.table = table
        self.cap = cap
        plain = RollOutcomes(table: table)
        let catalog = DiceCatalog.shared
        grow = (0..<DiceCounts.maximumDice).map { dice in
            catalog.multisets[dice].flatMap { roll in
                DiceCounts.faces.map { face in
                    var next = roll
                    next.add(face)
                    return catalog.index(of: next)
                }
            }
        }
    }

    /// An upper bound on `CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: set), cap: cap)
    /// .openingValue`.
    func openingBound(for set: DiceSet) -> Double {
        let mechanics = table.turnMechanics
        let step = mechanics.scoreStep
        let layout = StateLayout(table: table, counts: set.kinds.map(\.count))
        let states = layout.stateCount
        let full = layout.fullState
        let dice = (0..<states).map { layout.dice(in: $0) }
        let size = dice.map { $0.reduce(0, +) }
        let groups = groupChances(set: set, layout: layout, dice: dice, size: size)
        let top = (max(cap, mechanics.minimumBank) + step - 1) / step
        let capValue = Double(cap)
        let maximum = DiceCounts.maximumDice
        let width = maximum + 1
        // best[(level · states + s) · 7 + m]: W(t, s, m), the best part of state s with m dice; m = 6 is the
        // whole set, after hot dice. Levels from `top` on are the cap.
        var best = [Double](repeating: 0, count: top * states * width)
        let everyRollFarkle = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: false)
        func rollValue(_ level: Int, _ state: Int) -> Double {
            let n = size[state]
            let range = plain.groupsByDice[n]
            let chances = groups[state]
            var sum = 0.0
            for group in range {
                let chance = chances[group - range.lowerBound]
                guard chance > 0 else { continue }
                var most = 0.0
                for option in plain.optionStart[group]..<plain.optionStart[group + 1] {
                    let later = level + plain.options[option].steps
                    most = max(
                        most,
                        later < top ? best[(later * states + state) * width + plain.options[option].diceLeft] : capValue
                    )
                }
                sum += chance * most
            }
            if n == maximum, let farkle = everyRollFarkle {
                let later = level + mechanics.level(turnPoints: farkle)
                sum += chances[range.count] * (later < top ? best[(later * states + state) * width + n] : capValue)
            }
            return sum
        }
        for level in stride(from: top - 1, through: 0, by: -1) {
            let row = level * states * width
            for state in 1..<states {
                let bank =
                    mechanics.mayBank(turnPoints: level * step, diceLeft: size[state])
                    ? Double(min(level * step, cap)) : 0
                // Every keep scores at least one step: a roll reads higher levels only, all solved.
                let slot = row + state * width
                best[slot + size[state]] = max(bank, rollValue(level, state))
                for kind in dice[state].indices where dice[state][kind] > 0 {
                    let smaller = row + (state - layout.radix[kind]) * width
                    for left in 0..<size[state] { best[slot + left] = max(best[slot + left], best[smaller + left]) }
                }
            }
            let whole = best[row + full * width + size[full]]
            for state in 1..<states { best[row + state * width + maximum] = whole }
        }
        var opening = top > 0 ? rollValue(0, full) : capValue
        if size[full] == maximum, everyRollFarkle == nil,
            let farkle = mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: true)
        {
            let later = mechanics.level(turnPoints: farkle)
            opening +=
                groups[full][plain.groupsByDice[maximum].count]
                * (later < top ? best[(later * states + full) * width + maximum] : capValue)
        }
        if size[full] == maximum {
            opening = mechanics.openingRoll(
                opening, farkle: 0, farkleChance: groups[full][plain.groupsByDice[maximum].count])
        }
        return opening
    }

    /// For every state, the chance of each plain group of its dice count (in group order), then of a farkle.
    private func groupChances(set: DiceSet, layout: StateLayout, dice: [[Int]], size: [Int]) -> [[Double]] {
        let faces = set.kinds.map { kind in
            let total = Double(kind.weights.reduce(0, +))
            return kind.weights.map { Double($0) / total }
        }
        // The chance of each multiset of faces of the dice of each state, grown one die at a time.
        var multisets = [[Double]](repeating: [1], count: layout.stateCount)
        for state in 1..<layout.stateCount {
            guard let kind = dice[state].firstIndex(where: { $0 > 0 }) else { continue }
            let smaller = multisets[state - layout.radix[kind]]
            let n = size[state] - 1
            var chances = [Double](repeating: 0, count: DiceCatalog.shared.multisetCount(dice: n + 1))
            for (index, chance) in smaller.enumerated() where chance > 0 {
                for face in 0..<DiceCounts.maximumDice {
                    chances[grow[n][index * DiceCounts.maximumDice + face]] += chance * faces[kind][face]
                }
            }
            multisets[state] = chances
        }
        return (0..<layout.stateCount).map { state in
            let n = size[state]
            let range = plain.groupsByDice[n]
            var chances = [Double](repeating: 0, count: range.count + 1)
            for (index, chance) in multisets[state].enumerated() where n > 0 {
                let group = Int(plain.groupOfRoll[table.globalIndex(dice: n, multiset: index)])
                chances[group == 0 ? range.count : group - range.lowerBound] += chance
            }
            return chances
        }
    }
}
