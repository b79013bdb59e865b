/// The rolls of each dice count, grouped by what a decision can see of them.
///
/// Since the expected value V(t, n) never falls as t grows (a player with more
/// turn points can copy any plan of a player with fewer and bank more on every
/// path that banks, while a farkle is worth the same `farkleValue` to both),
/// the only keeps of k dice worth considering are those scoring `best[k]`.
/// A roll is therefore summed up by its options `(best[k], dice left)`, and all
/// rolls of n dice with the same `best` vector form one group whose weight is
/// their number of ordered outcomes. Six dice have 462 multisets but far fewer
/// groups, so the solver's inner loop runs over groups.
///
/// Group 0 holds every farkle (no options); real groups are numbered from 1 and
/// each belongs to one dice count.
struct RollOutcomes: Sendable {
    /// One way to play a roll: keep `kept` dice scoring `points`, then have `diceLeft` (6 on hot dice).
    struct Option: Sendable {
        /// The keep's points divided by the score step.
        let steps: Int
        /// The keep's points.
        let points: Int
        /// The dice to roll next: 6 after hot dice.
        let diceLeft: Int
        /// The number of dice kept.
        let kept: Int
    }

    /// The groups of rolls of `n` dice are `groupsByDice[n]`.
    let groupsByDice: [Range<Int>]
    /// The number of ordered outcomes in each group.
    let weight: [Double]
    /// The options of group `g` are `options[optionStart[g] ..< optionStart[g + 1]]`, fewest dice kept first.
    let optionStart: [Int]
    /// The options of every group, one after the other.
    let options: [Option]
    /// The group of every roll, by `ScoringTable.globalIndex(dice:multiset:)`.
    let groupOfRoll: [Int32]
    /// The number of ordered farkle outcomes of each dice count 0...6.
    let farkleWeight: [Double]
    /// The highest-scoring keep of exactly k dice of every roll, at `ScoringTable.keepIndex(global:diceUsed:)`;
    /// empty for k = 0 or none.
    let bestKeeps: [Keep]

    /// The number of groups, the farkle group 0 included.
    var groupCount: Int { weight.count }

    /// Groups the rolls of `table`.
    init(table: ScoringTable) {
        let catalog = DiceCatalog.shared
        let maximum = DiceCounts.maximumDice
        let step = table.scoreStep
        var ranges: [Range<Int>] = [0..<0]
        var weights: [Double] = [0]
        var starts: [Int] = [0, 0]
        var allOptions: [Option] = []
        var groups = [Int32](repeating: 0, count: table.rollCount)
        var farkles = [Double](repeating: 0, count: maximum + 1)
        var keeps = [Keep](
            repeating: Keep(dice: DiceCounts(), score: 0), count: table.rollCount * ScoringTable.keepSizes)
        for dice in 1...maximum {
            let first = weights.count
            var groupByBest: [[Int]: Int] = [:]
            for (multiset, roll) in catalog.multisets[dice].enumerated() {
                let global = table.globalIndex(dice: dice, multiset: multiset)
                let count = Double(DiceCatalog.orderedRollCount(of: roll))
                for keep in table.keeps(dice: dice, multiset: multiset)
                where keep.score > keeps[ScoringTable.keepIndex(global: global, diceUsed: keep.diceUsed)].score {
                    keeps[ScoringTable.keepIndex(global: global, diceUsed: keep.diceUsed)] = keep
                }
                let best = (1...dice).map { table.bestScore(dice: dice, multiset: multiset, keeping: $0) }
                guard best.contains(where: { $0 > 0 }) else {
                    farkles[dice] += count
                    continue
                }
                if let group = groupByBest[best] {
                    weights[group] += count
                    groups[global] = Int32(group)
                    continue
                }
                let group = weights.count
                groupByBest[best] = group
                weights.append(count)
                groups[global] = Int32(group)
                for (offset, points) in best.enumerated() where points > 0 {
                    let kept = offset + 1
                    allOptions.append(
                        Option(
                            steps: points / step, points: points,
                            diceLeft: table.turnMechanics.diceLeft(afterKeeping: kept, of: dice), kept: kept))
                }
                starts.append(allOptions.count)
            }
            ranges.append(first..<weights.count)
        }
        groupsByDice = ranges
        weight = weights
        optionStart = starts
        options = allOptions
        groupOfRoll = groups
        farkleWeight = farkles
        bestKeeps = keeps
    }

    /// The options of group `group`.
    func options(of group: Int) -> ArraySlice<Option> {
        options[optionStart[group]..<optionStart[group + 1]]
    }
}
