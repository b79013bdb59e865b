/// The highest-scoring keep of every roll of a dice set, with a fixed rule for which physical dice it takes.
///
/// With ordinary dice the highest-scoring keep (fewest dice on a tie, `ScoringTable.highestScoringKeep`) is
/// one set of faces. With dice of different kinds the same faces may come from different dice: a roll of
/// 2, 3, 4, 5, 6, 6 whose two 6s lie on different dice makes the straight 2-3-4-5-6 with either 6, leaving
/// the other die. The rule, in order:
///
/// 1. the highest points;
/// 2. on a tie, the fewest dice kept (as for ordinary dice): a keep of all the dice rolled (hot dice) keeps
///    the most;
/// 3. on a tie, the dice left most likely to score on the next roll: the state with the lowest
///    `DiceSetOutcomes.farkleProbability`;
/// 4. on a tie, the lowest state number (`DiceSetOutcomes.state(with:)`), so the rule is deterministic.
///
/// Keeps that tie on all four lead to the same state, so they play alike. Six ordinary dice have one state
/// per dice count, so only the first two steps apply: the keeps of `GreedyStrategy` and `ThresholdStrategy`.
///
/// A roll's group (`DiceSetOutcomes.group(of:)`) holds, for every state a keep can lead to, the highest
/// points of such a keep, so the rule picks the same state from a group's options as from the roll's
/// keeps: the simulator looks the keep up by group (`option(ofGroup:)`), once per group, in a table.
package struct LoadedHighestKeep: Sendable {
    /// The dice set's rolls and the scoring table.
    package let outcomes: DiceSetOutcomes

    /// The position of each state in the order of preference of step 2 to 4, 0 the least preferred.
    private let preference: [Int]
    /// The option the rule takes from each group.
    private let chosen: [DiceSetOutcomes.Option]

    /// The rule for the rolls of `outcomes`, tabulated for every group.
    ///
    /// - Parameter outcomes: The rolls of the dice set, grouped.
    package init(outcomes: DiceSetOutcomes) {
        self.outcomes = outcomes
        let full = outcomes.fullState
        // After hot dice the whole set is rolled again, but the keep took every die rolled: it leaves none.
        let left = (0..<outcomes.stateCount).map { $0 == full ? 0 : outcomes.diceInState[$0] }
        let worstFirst = (0..<outcomes.stateCount).sorted { a, b in
            if left[a] != left[b] { return left[a] < left[b] }
            let (farkleA, farkleB) = (outcomes.farkleProbability[a], outcomes.farkleProbability[b])
            if farkleA != farkleB { return farkleA > farkleB }
            return a > b
        }
        var preference = [Int](repeating: 0, count: outcomes.stateCount)
        for (position, state) in worstFirst.enumerated() { preference[state] = position }
        self.preference = preference
        let rank = { (option: DiceSetOutcomes.Option) in Self.rank(option.points, option.next, preference, outcomes) }
        chosen = (0..<outcomes.groupCount).map { group in
            let options = outcomes.options(of: group)
            // The first of the highest: no two options of a group lead to the same state, so there is no tie.
            return options.dropFirst().reduce(options[options.startIndex]) { rank($1) > rank($0) ? $1 : $0 }
        }
    }

    /// The keep the rule takes from a roll showing `roll[k]` on the dice of kind k (the whole roll of a
    /// state), or `nil` for a farkle. Of keeps that tie on the whole rule, the first of
    /// `DiceSetOutcomes.choices(for:)`.
    ///
    /// - Parameter roll: The faces shown on the dice of each kind.
    package func keep(for roll: [DiceCounts]) -> DiceSetOutcomes.Choice? {
        var best: DiceSetOutcomes.Choice?
        for choice in outcomes.choices(for: roll)
        where best.map({ rank(points: choice.points, next: choice.next) > rank(points: $0.points, next: $0.next) })
            ?? true
        {
            best = choice
        }
        return best
    }

    /// The option the rule takes from the rolls of group `group`: its points and the state it leads to.
    ///
    /// - Parameter group: A group of `outcomes` (`DiceSetOutcomes.group(of:)`).
    package func option(ofGroup group: Int) -> DiceSetOutcomes.Option {
        chosen[group]
    }

    /// The rule as one number, higher preferred: the points first, then the preference of the state left.
    ///
    /// Keeps of one roll are compared at the same turn points, so `points` may include them.
    func rank(points: Int, next: Int) -> Int {
        Self.rank(points, next, preference, outcomes)
    }

    private static func rank(_ points: Int, _ next: Int, _ preference: [Int], _ outcomes: DiceSetOutcomes) -> Int {
        points * outcomes.stateCount + preference[next]
    }
}
