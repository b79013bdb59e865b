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
///
/// A game played to win with a final round breaks that premise: reaching the target hands the opponent a last
/// turn against the lead, which can be worth less than staying below the target, so a keep scoring less
/// (a 5 kept instead of a 1) can be the better one. There every distinct keep (points, dice kept) of a roll is an
/// option (`everyKeep`), and rolls group by those.
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

    /// Groups the rolls of `table`: by the best keep of each number of dice, or with `everyKeep` by every
    /// distinct keep (for values that may fall as turn points grow).
    init(table: ScoringTable, everyKeep: Bool = false) {
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
                // The options as (dice kept, points), fewest dice kept first: the group's key.
                let choices: [(kept: Int, points: Int)]
                if everyKeep {
                    let distinct = Set(
                        table.keeps(dice: dice, multiset: multiset).filter { $0.score > 0 }.map {
                            [$0.diceUsed, $0.score]
                        })
                    choices = distinct.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { (kept: $0[0], points: $0[1]) }
                } else {
                    choices = (1...dice).map {
                        (kept: $0, points: table.bestScore(dice: dice, multiset: multiset, keeping: $0))
                    }
                    .filter { $0.points > 0 }
                }
                guard !choices.isEmpty else {
                    farkles[dice] += count
                    continue
                }
                let key = choices.flatMap { [$0.kept, $0.points] }
                if let group = groupByBest[key] {
                    weights[group] += count
                    groups[global] = Int32(group)
                    continue
                }
                let group = weights.count
                groupByBest[key] = group
                weights.append(count)
                groups[global] = Int32(group)
                for (kept, points) in choices {
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
