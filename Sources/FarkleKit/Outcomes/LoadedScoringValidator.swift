/// Checks the grouped roll probabilities of a dice set against a die-by-die enumeration of every ordered roll.
///
/// For every state of the set (how many dice of each kind are rolled) it walks
/// all 6^n ordered outcomes of those dice, one die at a time, multiplying each
/// die's own face probabilities, and scores each outcome with the
/// `ReferenceScorer` (cached per sorted faces). Summed by outcome, the chances
/// must total 1, and the chance of a farkle and the expected highest keep must
/// match those of `DiceSetOutcomes`, which weighs multisets by multinomial
/// counts instead; both within `tolerance` (1e-10: 46,656 terms summed in two orders differ by rounding only).
package struct LoadedScoringValidator: Sendable {
    /// What the check finds for one state of the set.
    package struct StateCheck: Sendable {
        /// The dice of each kind rolled.
        package let dice: [Int]
        /// The ordered outcomes enumerated: 6^n.
        package let rollsChecked: Int
        /// The chances of all outcomes, summed (1 up to rounding).
        package let totalProbability: Double
        /// The chance of a farkle, by enumeration and from the groups.
        package let farkleProbability: (enumerated: Double, grouped: Double)
        /// The expected points of the highest keep (0 on a farkle), by enumeration and from the groups.
        package let meanBestPoints: (enumerated: Double, grouped: Double)
        /// Whether the two agree within the tolerance and the total is 1.
        package let passed: Bool

    }

    /// The grouped outcomes under test.
    let outcomes: DiceSetOutcomes
    /// The brute force the keeps come from.
    package let reference: ReferenceScorer
    /// The largest difference accepted between a sum and its expected value.
    let tolerance: Double

    /// Checks `outcomes` against the reference scorer of its rules.
    package init(outcomes: DiceSetOutcomes, tolerance: Double = 1e-10) {
        self.outcomes = outcomes
        self.reference = ReferenceScorer(rules: outcomes.table.rules)
        self.tolerance = tolerance
    }

    /// Checks every state with dice to roll, fewest dice first.
    package func validate() -> [StateCheck] {
        var cache: [[Int]: Int?] = [:]
        let kinds = outcomes.set.kinds
        let probabilities = kinds.map { kind in
            let total = Double(kind.weights.reduce(0, +))
            return kind.weights.map { Double($0) / total }
        }
        var checks: [StateCheck] = []
        let states = (1..<outcomes.stateCount).sorted { outcomes.diceInState[$0] < outcomes.diceInState[$1] }
        for state in states {
            let dice = outcomes.dice(in: state)
            // One entry per physical die: the chances of its faces.
            let physical = dice.indices.flatMap { Array(repeating: probabilities[$0], count: dice[$0]) }
            var total = 0.0
            var farkle = 0.0
            var best = 0.0
            let count = DiceCatalog.orderedRollCounts[physical.count]
            for ordered in 0..<count {
                let faces = DiceCatalog.faces(ofOrderedRoll: ordered, dice: physical.count)
                var chance = 1.0
                for (die, face) in zip(physical, faces) { chance *= die[face - 1] }
                total += chance
                let key = faces.sorted()
                let highest: Int?
                if let cached = cache[key] {
                    highest = cached
                } else {
                    highest = reference.evaluate(faces).keeps.map({ $0.score }).max()
                    cache[key] = highest
                }
                if let highest { best += chance * Double(highest) } else { farkle += chance }
            }
            var groupedBest = 0.0
            for group in outcomes.groups(of: state) {
                let points = outcomes.options(of: group).map({ $0.points }).max() ?? 0
                groupedBest += outcomes.groupProbability[group] * Double(points)
            }
            let groupedFarkle = outcomes.farkleProbability[state]
            let scale = max(1, best)
            let passed =
                abs(total - 1) <= tolerance && abs(farkle - groupedFarkle) <= tolerance
                && abs(best - groupedBest) <= tolerance * scale
            checks.append(
                StateCheck(
                    dice: dice, rollsChecked: count, totalProbability: total,
                    farkleProbability: (farkle, groupedFarkle), meanBestPoints: (best, groupedBest), passed: passed))
        }
        return checks
    }
}
