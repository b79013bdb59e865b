/// The rolls of every part of a dice set, grouped by what a decision can see of them.
///
/// With dice of different kinds the chance of a roll depends on which dice are
/// rolled, and two keeps of the same points that leave different dice lead to
/// different states. A state is therefore how many dice of each kind are left
/// to roll (`DiceSet.kinds`), numbered in mixed radix: state
/// `Σ left[k] * radix[k]`, state 0 is no dice and the last state is the whole set
/// (rolled at the start and again after hot dice).
///
/// For each state the rolls of its dice are summed up by their options: for every
/// state a keep can lead to, the highest points of a keep that leads there (the
/// value of a state never falls as turn points grow, so a lower-scoring keep to
/// the same state is never better). Rolls with the same options form one group,
/// whose probability is the sum of theirs. Probabilities are computed from the
/// integer face weights, one division per group. Where a race's target must be hit exactly, a value does fall past
/// it: ordinary dice then keep every distinct keep as an option (loaded dice refuse such rules).
///
/// A set of identical fair dice is exactly the plain game: its states are the
/// dice counts 0...6 and its groups those of the plain solver, built from the same
/// table in the same order, so every value computed from it is the plain one.
@_spi(Kernels) public struct DiceSetOutcomes: Sendable {
    /// One way to play a roll: keep dice scoring `points`, then roll the dice of state `next`.
    package struct Option: Hashable, Sendable {
        /// The keep's points divided by the score step.
        let steps: Int
        /// The keep's points.
        let points: Int
        /// The state to roll next; the whole set after hot dice.
        let next: Int
    }

    /// One keep of a roll, kind by kind.
    package struct Choice: Hashable, Sendable {
        /// The dice kept of each kind.
        let taken: [DiceCounts]
        /// The keep's points.
        let points: Int
        /// The state to roll next; the whole set after hot dice.
        let next: Int
    }

    /// The dice set.
    public let set: DiceSet
    /// The scoring table (and through it the rules).
    package let table: ScoringTable
    /// The number of dice of each kind in the set.
    let counts: [Int]
    /// State `s` has `(s / radix[k]) % (counts[k] + 1)` dice of kind k.
    let radix: [Int]
    /// The number of states, the empty one (0) included.
    package let stateCount: Int
    /// The number of dice of every state.
    let diceInState: [Int]

    let layout: StateLayout

    /// The groups of rolls of state `s` are `groupsOfState[s]`.
    let groupsOfState: [Range<Int>]
    /// The probability of each group of rolls, given its state.
    let groupProbability: [Double]
    /// The options of group `g` are `options[optionStart[g] ..< optionStart[g + 1]]`.
    let optionStart: [Int]
    /// The options of every group, one after the other.
    let options: [Option]
    /// The probability that a roll of each state scores nothing.
    package let farkleProbability: [Double]
    /// The group of every roll of state `s` (-1: a farkle) from `rollGroupStart[s]`, numbered kind by kind in
    /// mixed radix of the kinds' multiset numbers (`DiceCatalog.index(of:)`), kind 0 fastest.
    let rollGroup: [Int32]
    let rollGroupStart: [Int]
    /// `DiceCatalog`'s multiset of every ordered roll, where each size starts, and the multisets of each size: the
    /// catalog's own arrays (shared, not copied), held here so that `group(rolling:orderedRolls:)` reads no global.
    let orderedRollMultiset = DiceCatalog.flatMultisetOfOrderedRoll
    let orderedRollStart = DiceCatalog.orderedRollStart
    let multisetCounts = DiceCatalog.multisetCounts

    /// The whole set: the state of the opening roll and of the roll after hot dice.
    package var fullState: Int { stateCount - 1 }

    /// Whether some roll of the whole set scores under the rules: a player whose dice never score never banks,
    /// so a game with them would never end.
    package var canScore: Bool { farkleProbability[fullState] < 1 }

    /// The number of groups of rolls over all states.
    var groupCount: Int { groupProbability.count }

    /// Groups the rolls of every part of `set` under the rules of `table`.
    ///
    /// A set of identical fair dice takes the plain groups (`RollOutcomes`); `forceKinds` builds it kind by
    /// kind like any other set, for tests that compare the two. Ordinary dice play the rules' number of dice
    /// (`TurnRules.dice`): six ordinary dice in a five-dice game are its five. Loaded dice play six
    /// (`DiceSet.refusal(toPlay:game:allowsFinalRound:)` refuses games with fewer).
    public init(table: ScoringTable, set given: DiceSet, forceKinds: Bool = false) {
        let dice = table.rules.turn.dice
        let set = given.isOrdinary && given.count != dice ? DiceSet.ordinary(dice) : given
        let layout = StateLayout(table: table, counts: set.kinds.map({ $0.count }))
        self.table = table
        self.set = set
        self.layout = layout
        counts = layout.counts
        radix = layout.radix
        stateCount = layout.stateCount
        diceInState = (0..<layout.stateCount).map { layout.dice(in: $0).reduce(0, +) }
        var builder = Builder()
        if set.isOrdinary && !forceKinds {
            // Past a target hit exactly a value falls as turn points grow: every distinct keep is an option.
            let everyKeep = table.rules.game.mustHitTargetExactly
            builder.addPlain(RollOutcomes(table: table, everyKeep: everyKeep), table: table, dice: dice)
        } else {
            let scores = KeepScores(table: table)
            for state in 0..<layout.stateCount {
                builder.add(state: state, kinds: set.kinds, layout: layout, keepScores: scores)
            }
        }
        groupsOfState = builder.ranges
        groupProbability = builder.probabilities
        optionStart = builder.starts
        options = builder.options
        farkleProbability = builder.farkles
        rollGroup = builder.rollGroups
        rollGroupStart = builder.rollGroupStarts
    }

    /// The group of a roll showing `roll[k]` on the dice of kind k (the whole roll of a state), or `nil` for
    /// a farkle. A lookup, for simulators.
    func group(of roll: [DiceCounts]) -> Int? {
        let state = zip(roll, radix).reduce(0) { $0 + $1.0.count * $1.1 }
        return group(rolling: state) { kind, _ in roll[kind] }
    }

    /// The group of a roll of the dice of `state`, kind k showing `faces(k, n)` on its n dice, or `nil` for a
    /// farkle: `group(of:)` without building the roll (the simulator draws each kind's faces here).
    func group(rolling state: Int, _ faces: (_ kind: Int, _ dice: Int) -> DiceCounts) -> Int? {
        let catalog = DiceCatalog.shared
        var position = 0
        var stride = 1
        for kind in counts.indices {
            let dice = dice(ofKind: kind, in: state)
            position += catalog.index(of: faces(kind, dice)) * stride
            stride *= catalog.multisetCount(dice: dice)
        }
        let group = rollGroup[rollGroupStart[state] + position]
        return group < 0 ? nil : Int(group)
    }

    /// The dice of kind `kind` in `state`.
    @inline(__always)
    func dice(ofKind kind: Int, in state: Int) -> Int {
        (state / radix[kind]) % (counts[kind] + 1)
    }

    /// The group of a roll of the dice of `state`, kind k showing ordered outcome `orderedRolls[k]` of its dice
    /// (`DiceCatalog` numbering: below 6^n for n dice, die d showing digit d in base 6, plus 1), or `nil` for a
    /// farkle.
    ///
    /// The same group as `group(rolling:_:)` with the multisets of those faces, found by table lookups alone: the
    /// simulator's roll, with no hashing, no closure and no reference counting per roll. It reads no global: a
    /// global's first-use check is a call the optimizer cannot see into, and a dice set read through a pointer
    /// was then copied around it, every roll.
    @inline(__always)
    func group(rolling state: Int, orderedRolls: SIMD8<Int>) -> Int? {
        var position = 0
        var stride = 1
        for kind in counts.indices {
            let dice = dice(ofKind: kind, in: state)
            let multiset = orderedRollMultiset[orderedRollStart[dice] + orderedRolls[kind]]
            position += Int(multiset) * stride
            stride *= multisetCounts[dice]
        }
        let group = rollGroup[rollGroupStart[state] + position]
        return group < 0 ? nil : Int(group)
    }

    /// The options of group `group`: for every state a keep can lead to, the highest points of such a keep.
    func groupOptions(_ group: Int) -> ArraySlice<Option> {
        options(of: group)
    }

    /// The dice of each kind in `state`.
    func dice(in state: Int) -> [Int] {
        layout.dice(in: state)
    }

    /// The state with `dice[k]` dice of kind k.
    package func state(with dice: [Int]) -> Int {
        layout.state(with: dice)
    }

    /// Every keep of a roll showing `roll[k]` on the dice of kind k, with the dice it takes of each kind and
    /// the state it leaves (the whole set after hot dice); empty for a farkle.
    ///
    /// - Precondition: `roll[k].count` dice of kind k are at most what the set holds.
    func choices(for roll: [DiceCounts]) -> [Choice] {
        layout.choices(for: roll)
    }

    /// The groups of rolls of `state`.
    func groups(of state: Int) -> Range<Int> {
        groupsOfState[state]
    }

    /// The options of group `group`.
    func options(of group: Int) -> ArraySlice<Option> {
        options[optionStart[group]..<optionStart[group + 1]]
    }

    /// The positions in `options` of the options of group `group`: read in place, without the slice's reference.
    func optionRange(of group: Int) -> Range<Int> {
        optionStart[group]..<optionStart[group + 1]
    }

    /// Every way to take `keep` from the dice of each kind of `roll`.
    static func splits(of keep: DiceCounts, over roll: [DiceCounts]) -> [[DiceCounts]] {
        var results: [[DiceCounts]] = [Array(repeating: DiceCounts(), count: roll.count)]
        for face in DiceCounts.faces where keep[face] > 0 {
            var grown: [[DiceCounts]] = []
            for partial in results {
                Self.distribute(keep[face], of: face, from: 0, over: roll, into: partial, results: &grown)
            }
            results = grown
        }
        return results
    }

    private static func distribute(
        _ remaining: Int, of face: Int, from kind: Int, over roll: [DiceCounts], into partial: [DiceCounts],
        results: inout [[DiceCounts]]
    ) {
        if remaining == 0 {
            results.append(partial)
            return
        }
        guard kind < roll.count else { return }
        for take in 0...min(remaining, roll[kind][face]) {
            var next = partial
            for _ in 0..<take { next[kind].add(face) }
            distribute(remaining - take, of: face, from: kind + 1, over: roll, into: next, results: &results)
        }
    }
}

// MARK: - States

/// How states number the dice left of each kind, and how a keep moves between them.
struct StateLayout: Sendable {
    let table: ScoringTable
    let counts: [Int]
    let radix: [Int]
    let stateCount: Int

    init(table: ScoringTable, counts: [Int]) {
        self.table = table
        self.counts = counts
        var radix: [Int] = []
        var size = 1
        for count in counts {
            radix.append(size)
            size *= count + 1
        }
        self.radix = radix
        stateCount = size
    }

    var fullState: Int { stateCount - 1 }

    func dice(in state: Int) -> [Int] {
        zip(counts, radix).map { count, step in (state / step) % (count + 1) }
    }

    func state(with dice: [Int]) -> Int {
        zip(dice, radix).reduce(0) { $0 + $1.0 * $1.1 }
    }

    func choices(for roll: [DiceCounts]) -> [DiceSetOutcomes.Choice] {
        precondition(roll.count == counts.count, "one roll per kind")
        let rolled = state(with: roll.map({ $0.count }))
        let combined = roll.reduce(DiceCounts(), +)
        var choices: [DiceSetOutcomes.Choice] = []
        for keep in table.keeps(for: combined) {
            for taken in DiceSetOutcomes.splits(of: keep.dice, over: roll) {
                let left = rolled - zip(taken, radix).reduce(0) { $0 + $1.0.count * $1.1 }
                choices.append(.init(taken: taken, points: keep.score, next: left == 0 ? fullState : left))
            }
        }
        return choices
    }
}

// MARK: - Building

/// The tables of `DiceSetOutcomes`, grown state by state.
private struct Builder {
    var ranges: [Range<Int>] = []
    var probabilities: [Double] = []
    var starts: [Int] = [0]
    var options: [DiceSetOutcomes.Option] = []
    var farkles: [Double] = []
    var rollGroups: [Int32] = []
    var rollGroupStarts: [Int] = []

    /// The plain groups of `most` identical fair dice: state n is n dice, in the plain solver's order.
    mutating func addPlain(_ outcomes: RollOutcomes, table: ScoringTable, dice most: Int) {
        for dice in 0...most {
            let total = Double(DiceCatalog.orderedRollCounts[dice])
            let first = probabilities.count
            if dice > 0 {
                for group in outcomes.groupsByDice[dice] {
                    probabilities.append(outcomes.weight[group] / total)
                    for option in outcomes.options(of: group) {
                        options.append(.init(steps: option.steps, points: option.points, next: option.diceLeft))
                    }
                    starts.append(options.count)
                }
            }
            ranges.append(first..<probabilities.count)
            farkles.append(dice == 0 ? 0 : outcomes.farkleWeight[dice] / total)
            // The plain groups are numbered from 1 (0: farkles) across all dice counts, in this same order.
            rollGroupStarts.append(rollGroups.count)
            for multiset in 0..<DiceCatalog.shared.multisetCount(dice: dice) {
                let group = dice == 0 ? 0 : outcomes.groupOfRoll[table.globalIndex(dice: dice, multiset: multiset)]
                rollGroups.append(group - 1)
            }
        }
    }

    /// The groups of `state`: every roll of its dice, kind by kind, weighed by the integer face weights.
    ///
    /// A roll's options come from its keeps taken kind by kind: every way to take a part of each kind's dice
    /// whose faces together form a keep of the rules, scored by `KeepScores` (the same keeps and points as
    /// `StateLayout.choices(for:)`, without building them one by one).
    mutating func add(state: Int, kinds: [DiceSet.Kind], layout: StateLayout, keepScores: KeepScores) {
        let first = probabilities.count
        let dice = layout.dice(in: state)
        rollGroupStarts.append(rollGroups.count)
        guard state > 0 else {
            ranges.append(first..<first)
            farkles.append(0)
            rollGroups.append(-1)
            return
        }
        // Each kind's rolls of its dice, with the integer weight of each: multinomial times the face weights.
        // The weights are whole numbers held in Doubles. Every sum of them is at most `denominator`, the product
        // of each die's weight total, so all are exact while it stays below 2^53: whenever each die's six weights
        // add up to at most 455 (the built-in dice add up to at most 40), and the probabilities are then the
        // same as with integers. Heavier catalog dice (weights up to 1000: (6 × 1000)^6 ≈ 4.7e22) overflowed an
        // Int; here they are rounded to about 16 significant digits instead.
        let perKind: [[(roll: DiceCounts, weight: Double)]] = kinds.indices.map { kind in
            DiceCatalog.shared.multisets[dice[kind]].map { roll in
                var weight = Double(DiceCatalog.orderedRollCount(of: roll))
                for face in DiceCounts.faces {
                    for _ in 0..<roll[face] { weight *= Double(kinds[kind].weights[face - 1]) }
                }
                return (roll, weight)
            }
        }
        let denominator = kinds.indices.reduce(1.0) { product, kind in
            (0..<dice[kind]).reduce(product) { value, _ in value * Double(kinds[kind].weights.reduce(0, +)) }
        }
        // Every part of each kind's roll (the dice a keep may take from it) as one number that adds up over
        // kinds: the keep code of its faces plus, from bit `removedShift` on, the state number of its dice.
        let removedShift = 20
        var partsOfRoll: [[[Int]]] = []
        for kind in kinds.indices {
            partsOfRoll.append(
                perKind[kind].map { entry in
                    var parts = [0]
                    for face in DiceCounts.faces where entry.roll[face] > 0 {
                        for existing in parts.indices {
                            for more in 1...entry.roll[face] {
                                parts.append(
                                    parts[existing] + more * KeepScores.faceCode[face - 1]
                                        + (more * layout.radix[kind]) << removedShift)
                            }
                        }
                    }
                    return parts
                })
        }
        var groupIndex = GroupIndex()
        var weights: [Double] = []
        // The options of the groups met so far, one after the other: group g's from `groupOptionStart[g]`.
        var groupOptions: [DiceSetOutcomes.Option] = []
        var groupOptionStart: [Int] = [0]
        var farkleWeight = 0.0
        var positions = [Int](repeating: 0, count: kinds.count)
        let step = layout.table.scoreStep
        let turn = layout.table.rules.turn
        let full = layout.fullState
        // The best points of a keep leading to each state, for the roll at hand; `reached` lists those set. Past a
        // target hit exactly a value falls as turn points grow, so every distinct keep is an option
        // (`everyKeep`, in `allKeeps`), as `RollOutcomes` keeps them for ordinary dice.
        var bestPoints = [Int](repeating: 0, count: layout.stateCount)
        var reached: [Int] = []
        let everyKeep = layout.table.rules.game.mustHitTargetExactly
        var allKeeps: [(next: Int, points: Int)] = []
        // The roll's options, (state reached, points) in that order.
        var keepsOfRoll: [(next: Int, points: Int)] = []
        // Every keep of the roll: one part of each kind's dice (the first part of each is none), together a
        // scoring keep (`KeepScores`). At most 2⁶ parts of six dice.
        var combined = [Int](repeating: 0, count: 1 << DiceCounts.maximumDice)
        func collectKeeps() {
            var size = 1
            for kind in kinds.indices {
                let parts = partsOfRoll[kind][positions[kind]]
                let before = size
                for part in parts.dropFirst() {
                    for index in 0..<before {
                        combined[size] = combined[index] + part
                        size += 1
                    }
                }
            }
            for index in 1..<size {
                let combinationPoints = keepScores.points(code: combined[index] & ((1 << removedShift) - 1))
                guard combinationPoints > 0 else { continue }
                let removed = combined[index] >> removedShift
                let next = removed == state ? full : state - removed
                let points = turn.points(ofKeeping: combinationPoints, isHotDice: removed == state)
                if everyKeep {
                    allKeeps.append((next, points))
                    continue
                }
                if bestPoints[next] == 0 { reached.append(next) }
                bestPoints[next] = max(bestPoints[next], points)
            }
            if everyKeep {
                allKeeps.sort { ($0.next, $0.points) < ($1.next, $1.points) }
                for keep in allKeeps where keepsOfRoll.last.map({ $0 != keep }) ?? true { keepsOfRoll.append(keep) }
                allKeeps.removeAll(keepingCapacity: true)
            } else {
                reached.sort()
                for next in reached { keepsOfRoll.append((next, bestPoints[next])) }
                for next in reached { bestPoints[next] = 0 }
                reached.removeAll(keepingCapacity: true)
            }
        }
        while true {
            var weight = 1.0
            for kind in kinds.indices { weight *= perKind[kind][positions[kind]].weight }
            var rollGroupNumber: Int32 = -1
            if weight > 0 {
                collectKeeps()
                if keepsOfRoll.isEmpty {
                    farkleWeight += weight
                } else {
                    // The roll's options, looked up without building a key: a group matches when its options are
                    // the same, in the same order.
                    let hash = GroupIndex.hash(keepsOfRoll)
                    let found = groupIndex.find(hash: hash) { group in
                        let start = groupOptionStart[group]
                        guard groupOptionStart[group + 1] - start == keepsOfRoll.count else { return false }
                        for (offset, keep) in keepsOfRoll.enumerated() {
                            let option = groupOptions[start + offset]
                            if option.next != keep.next || option.points != keep.points { return false }
                        }
                        return true
                    }
                    if let group = found {
                        weights[group] += weight
                        rollGroupNumber = Int32(first + group)
                    } else {
                        rollGroupNumber = Int32(first + weights.count)
                        groupIndex.insert(hash: hash)
                        weights.append(weight)
                        for keep in keepsOfRoll {
                            groupOptions.append(.init(steps: keep.points / step, points: keep.points, next: keep.next))
                        }
                        groupOptionStart.append(groupOptions.count)
                    }
                    keepsOfRoll.removeAll(keepingCapacity: true)
                }
            }
            rollGroups.append(rollGroupNumber)
            // The next roll, kind by kind like an odometer.
            var kind = 0
            while kind < kinds.count {
                positions[kind] += 1
                if positions[kind] < perKind[kind].count { break }
                positions[kind] = 0
                kind += 1
            }
            if kind == kinds.count { break }
        }
        for (group, weight) in weights.enumerated() {
            probabilities.append(weight / denominator)
            options += groupOptions[groupOptionStart[group]..<groupOptionStart[group + 1]]
            starts.append(options.count)
        }
        ranges.append(first..<probabilities.count)
        farkles.append(farkleWeight / denominator)
    }
}

// MARK: - Groups by options

/// The groups of one state met so far, found by the hash of their options (open addressing), so that a roll
/// whose options are already a group costs no allocation.
private struct GroupIndex {
    /// Group number + 1 at each slot, 0 where empty; the count is a power of two, at least twice the groups.
    private var slots = [Int32](repeating: 0, count: 1024)
    /// The hash of each group's options, by group number.
    private var hashes: [Int] = []

    /// An FNV-1a hash of the options (state reached, best points of a keep leading there), in `reached` order.
    static func hash(_ keeps: [(next: Int, points: Int)]) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for keep in keeps {
            hash = (hash ^ UInt64(truncatingIfNeeded: keep.next)) &* 0x100_0000_01b3
            hash = (hash ^ UInt64(truncatingIfNeeded: keep.points)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash)
    }

    /// The group with this hash whose options `matches`, if any.
    func find(hash: Int, matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let group = Int(slots[slot]) - 1
            if hashes[group] == hash && matches(group) { return group }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds the next group (numbered by the order of insertion), its options hashing to `hash`.
    mutating func insert(hash: Int) {
        hashes.append(hash)
        if hashes.count * 2 > slots.count {
            // Twice the slots, every group placed again.
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for (group, groupHash) in hashes.enumerated() { place(group, groupHash) }
        } else {
            place(hashes.count - 1, hash)
        }
    }

    private mutating func place(_ group: Int, _ hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(group + 1)
    }
}

// MARK: - Keep scores

/// The points of every multiset of dice kept whole, by their combinations (`ScoringTable.points(of:)`: no
/// hot-dice bonus), by a code that adds up: Σ count(face) · 7^(face − 1).
///
/// A keep's combination points depend only on the dice kept, so the keeps of a roll of several kinds are the parts of each kind's dice whose faces
/// together score, and adding the parts' codes gives the keep's code.
struct KeepScores: Sendable {
    /// The code of one die showing each face.
    static let faceCode = [1, 7, 49, 343, 2401, 16_807]

    /// Points by code; 0 where the dice do not form a keep.
    private let scores: [Int32]

    init(table: ScoringTable) {
        var scores = [Int32](repeating: 0, count: Self.faceCode[DiceCounts.maximumDice - 1] * 7)
        for dice in 1...DiceCounts.maximumDice {
            for roll in DiceCatalog.shared.multisets[dice] {
                guard let points = table.points(of: roll) else { continue }
                let code = DiceCounts.faces.reduce(0) { $0 + roll[$1] * Self.faceCode[$1 - 1] }
                scores[code] = Int32(points)
            }
        }
        self.scores = scores
    }

    /// The points of the keep with code `code`, 0 if none.
    func points(code: Int) -> Int {
        Int(scores[code])
    }
}
