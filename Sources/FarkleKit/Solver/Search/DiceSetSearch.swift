/// Finds the best six dice to carry from an inventory, exactly.
///
/// A candidate takes up to six dice from the inventory (no more of a die than
/// the inventory holds) and fills the rest with ordinary dice. Candidates are
/// counted once per distinct roll behaviour: dice with proportional weights
/// (ci, lu and fer; every fair die) are one die type, so sets that differ only in
/// such names are one candidate, and fair dice add nothing an ordinary die does
/// not. A candidate's value is solved exactly (`CappedScoreSolver`, the capped
/// expected points from a total of 0).
///
/// `rank(threads:)` solves every candidate. `best(_:threads:progress:bounding:)` returns
/// the same leading sets but solves only the candidates that an upper bound on
/// the value cannot rule out (a relaxed turn, proven safe in <doc:LoadedDice>):
/// for 15 distinct dice, 1,303 of 9,949 candidates for the best ten.
@_spi(Kernels) public struct DiceSetSearch: Sendable {
    /// One die type of the inventory: dice that roll alike, and how many the inventory holds.
    package struct DieType: Hashable, Sendable {
        /// A die of the type (the first named).
        let die: LoadedDie
        /// The names of the inventory's dice of this type.
        let names: [String]
        /// How many the inventory holds (at most six are ever used).
        let available: Int
    }

    /// A candidate set and its value.
    package struct Ranked: Hashable, Sendable {
        /// The six dice.
        package let set: DiceSet
        /// E[min(turn points, target)] from a total of 0 under best play, or with `rankByWins` the chance to win.
        package let value: Double
    }

    /// The scoring table (and through it the rules and the target).
    package let table: ScoringTable
    /// The cap: the target of the race.
    let target: Int
    /// The inventory's loaded die types, fair dice left out.
    package let types: [DieType]

    /// A search over `inventory` under the rules of `table`, for a race to `target`.
    public init(table: ScoringTable, target: Int, inventory: [DiceSet.Member]) {
        self.table = table
        self.target = target
        var types: [DieType] = []
        for member in inventory where !member.die.isFair && member.count > 0 {
            let weights = member.die.reducedWeights
            if let position = types.firstIndex(where: { $0.die.reducedWeights == weights }) {
                let type = types[position]
                types[position] = DieType(
                    die: type.die, names: type.names + [member.die.name], available: type.available + member.count)
            } else {
                types.append(DieType(die: member.die, names: [member.die.name], available: member.count))
            }
        }
        self.types = types
    }

    /// The most candidates a search builds: 250,000 (the sets of 20 distinct die types); a larger inventory
    /// is refused by the caller before `candidates` builds them (40 distinct dice make about 9.4 million).
    package static let maximumCandidates = 250_000

    /// How many candidate sets `candidates` holds, counted without building them.
    ///
    /// - Complexity: O(types × 7²).
    package var candidateCount: Int {
        // ways[k]: the ways to take k loaded dice from the types seen so far (k = 0...6).
        var ways = [Int](repeating: 0, count: DiceCounts.maximumDice + 1)
        ways[0] = 1
        for type in types {
            var next = [Int](repeating: 0, count: ways.count)
            for taken in ways.indices where ways[taken] > 0 {
                for more in 0...min(type.available, DiceCounts.maximumDice - taken) {
                    next[taken + more] += ways[taken]
                }
            }
            ways = next
        }
        return ways.reduce(0, +)
    }

    /// Every candidate set, fewest loaded dice first: each way to take 0 to 6 dice from the types.
    ///
    /// - Complexity: Builds `candidateCount` sets: check it against `maximumCandidates` first.
    var candidates: [DiceSet] {
        var sets: [DiceSet] = []
        var counts = [Int](repeating: 0, count: types.count)
        func extend(from type: Int, left: Int) {
            sets.append(
                DiceSet(
                    members: zip(types, counts).filter { $0.1 > 0 }.map { DiceSet.Member(die: $0.0.die, count: $0.1) }))
            guard left > 0 else { return }
            for next in type..<types.count where counts[next] < min(types[next].available, DiceCounts.maximumDice) {
                counts[next] += 1
                extend(from: next, left: left - 1)
                counts[next] -= 1
            }
        }
        extend(from: 0, left: DiceCounts.maximumDice)
        return sets
    }

    /// Solves every candidate and returns them best first (ties in candidate order).
    ///
    /// - Parameters:
    ///   - threads: How many candidates are solved at once; the result does not depend on it.
    ///   - progress: Called from worker threads with the number of candidates solved so far.
    package func rank(threads: Int = 1, progress: (@Sendable (Int) -> Void)? = nil) -> [Ranked] {
        let table = table
        let target = target
        return rank(threads: threads, progress: progress) { set in
            Self.pointsValue(of: set, table: table, target: target)
        }
    }

    /// Solves the race against `opponent` for every candidate and returns them best first: the chance to win
    /// when who starts is decided by a fair coin, both players playing to win (`LoadedWinSolver`).
    ///
    /// - Precondition: `LoadedWinSolver.supports(table.rules)`.
    package func rankByWins(
        against opponent: DiceSet, threads: Int = 1, progress: (@Sendable (Int) -> Void)? = nil
    ) -> [Ranked] {
        let table = table
        let theirs = DiceSetOutcomes(table: table, set: opponent)
        return rank(threads: threads, progress: progress) { Self.winValue(of: $0, against: theirs) }
    }

    /// The best `count` candidates, best first, exactly as `rank(threads:)` would list them, solving only those
    /// a bound cannot rule out.
    ///
    /// Every candidate gets a cheap upper bound on its value (`CappedScoreBound`, a relaxed turn). Candidates
    /// are solved exactly in order of falling bound, and the search stops at the first whose bound is below
    /// the `count`-th best value solved so far: its value, and that of every candidate after it, is at most
    /// its bound, so none of them can enter the list. A candidate whose value equals the `count`-th best is
    /// never skipped, so ties are ordered as by `rank(threads:)` (candidate order). The comparison allows
    /// `pruningMargin` for rounding between the bound's sums and the solver's. Which candidates are solved
    /// may depend on `threads`; the list returned does not.
    ///
    /// - Parameters:
    ///   - count: How many of the best sets to return (all if fewer candidates).
    ///   - threads: How many candidates are bounded and solved at once.
    ///   - progress: Called from worker threads with the number of candidates solved so far.
    ///   - bounding: Called from worker threads with the number of candidates bounded so far (every candidate
    ///     is bounded before any is solved).
    public func best(
        _ count: Int, threads: Int = 1, progress: (@Sendable (Int) -> Void)? = nil,
        bounding: (@Sendable (Int) -> Void)? = nil
    ) -> Pruned {
        let table = table
        let target = target
        let bound = CappedScoreBound(table: table, cap: target)
        return best(
            count, threads: threads, margin: pruningMargin, progress: progress, bounding: bounding,
            bound: bound.openingBound(for:)
        ) { set in
            Self.pointsValue(of: set, table: table, target: target)
        }
    }

    /// The best `count` candidates by the chance to win against `opponent`, best first, exactly as
    /// `rankByWins(against:threads:progress:)` would list them, solving only those a bound cannot rule out.
    ///
    /// As `best(_:threads:progress:bounding:)`, with `LoadedWinBound` for the bound (a twentieth of a game solve or less)
    /// and `winPruningMargin` for rounding.
    ///
    /// - Parameters:
    ///   - count: How many of the best sets to return (all if fewer candidates).
    ///   - opponent: The opponent's dice.
    ///   - threads: How many candidates are bounded and solved at once.
    ///   - progress: Called from worker threads with the number of candidates solved so far.
    ///   - bounding: Called from worker threads with the number of candidates bounded so far (every candidate
    ///     is bounded before any is solved).
    /// - Precondition: `count` > 0; `LoadedWinSolver.supports(table.rules)`.
    package func bestByWins(
        _ count: Int, against opponent: DiceSet, threads: Int = 1, progress: (@Sendable (Int) -> Void)? = nil,
        bounding: (@Sendable (Int) -> Void)? = nil
    ) -> Pruned {
        let table = table
        let theirs = DiceSetOutcomes(table: table, set: opponent)
        let bound: @Sendable (DiceSet) -> Double = {
            LoadedWinBound.coinBound(outcomes: DiceSetOutcomes(table: table, set: $0), opponent: theirs)
        }
        return best(
            count, threads: threads, margin: Self.winPruningMargin, progress: progress, bounding: bounding,
            bound: bound
        ) {
            Self.winValue(of: $0, against: theirs)
        }
    }

    /// How far below the `count`-th best chance to win a bound must be for `bestByWins` to skip a candidate:
    /// far above the rounding of either computation (about 1e-15).
    static let winPruningMargin = 1e-9

    /// The pruned search: bounds for every candidate, then exact values in order of falling bound until the
    /// next bound is below the `count`-th best value less `margin`.
    private func best(
        _ count: Int, threads: Int, margin: Double, progress: (@Sendable (Int) -> Void)?,
        bounding: (@Sendable (Int) -> Void)?, bound: @escaping @Sendable (DiceSet) -> Double,
        value: @escaping @Sendable (DiceSet) -> Double
    ) -> Pruned {
        precondition(count > 0, "at least one set")
        let candidates = candidates
        let workers = max(1, min(threads, candidates.count))
        let optimistic = Self.valueOfEvery(candidates, threads: threads, progress: bounding, value: bound)
        let order = candidates.indices.sorted {
            optimistic[$0] != optimistic[$1] ? optimistic[$0] > optimistic[$1] : $0 < $1
        }
        let leaders = Locked(Leaders(count: count, order: order, bounds: optimistic, margin: margin))
        Parallel.forEach(workers, threads: workers) { _ in
            while let index = leaders.withLock({ $0.nextCandidate() }) {
                let candidateValue = value(candidates[index])
                // Recorded before `progress?` so that a missing callback does not skip it.
                let solved = leaders.withLock { $0.record(candidateValue, of: index) }
                progress?(solved)
            }
        }
        let result = leaders.withLock { (best: $0.best, solved: $0.solved) }
        return Pruned(
            best: result.best.map { Ranked(set: candidates[$0.index], value: $0.value) }, solved: result.solved,
            candidates: candidates.count)
    }

    /// The chance that `set` wins against `opponent`, who starts decided by a fair coin, both playing to win: the
    /// value `rankByWins(against:threads:progress:)` ranks by, one game solve.
    ///
    /// - Precondition: `LoadedWinSolver.supports(table.rules)`.
    package func chanceToWin(of set: DiceSet, against opponent: DiceSet) -> Double {
        Self.winValue(of: set, against: DiceSetOutcomes(table: table, set: opponent))
    }

    /// A candidate's chance to win against `opponent` on a coin, both playing to win.
    private static func winValue(of set: DiceSet, against opponent: DiceSetOutcomes) -> Double {
        let solver = LoadedWinSolver(outcomes: [DiceSetOutcomes(table: opponent.table, set: set), opponent])
        // Starting: W_0(0, 0); moving second: 1 − W_1(0, 0), from the same solve.
        return (solver.firstPlayerWinProbability + 1 - solver.winProbability(player: 1, own: 0, opponent: 0)) / 2
    }

    /// A candidate's value for `rank(threads:progress:)` and `best(_:threads:progress:bounding:)`: E[min(turn points,
    /// target)] from a total of 0 under best play.
    private static func pointsValue(of set: DiceSet, table: ScoringTable, target: Int) -> Double {
        CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: set), total: 0, target: target).openingValue
    }

    /// How far below the `count`-th best value a bound must be for `best(_:threads:progress:bounding:)` to skip a
    /// candidate: a billionth of the target, far above the rounding of either computation (sums of at most
    /// a few thousand products of chances and values at most the target, each off by about 1e-16 of it).
    var pruningMargin: Double { 1e-9 * Double(target) }

    /// The outcome of `best(_:threads:progress:bounding:)`.
    public struct Pruned: Hashable, Sendable {
        /// The best sets, best first, with their exact values.
        package let best: [Ranked]
        /// How many candidates were solved exactly (the others were ruled out by their bounds).
        package let solved: Int
        /// How many candidates there are.
        package let candidates: Int
    }

    /// `value` of every candidate, in order, worked out on up to `threads` threads (worker w takes every
    /// `workers`-th candidate from w, and writes only its slots); `progress` hears how many are done.
    private static func valueOfEvery(
        _ candidates: [DiceSet], threads: Int, progress: (@Sendable (Int) -> Void)?,
        value: @escaping @Sendable (DiceSet) -> Double
    ) -> [Double] {
        let values = SharedSlots(repeating: 0.0, count: candidates.count)
        let done = Locked(0)
        let workers = max(1, min(threads, candidates.count))
        Parallel.forEach(workers, threads: workers) { worker in
            for index in stride(from: worker, to: candidates.count, by: workers) {
                values[index] = value(candidates[index])
                progress?(
                    done.withLock {
                        $0 += 1
                        return $0
                    })
            }
        }
        return values.values
    }

    private func rank(
        threads: Int, progress: (@Sendable (Int) -> Void)?, value: @escaping @Sendable (DiceSet) -> Double
    ) -> [Ranked] {
        let candidates = candidates
        let solved = Self.valueOfEvery(candidates, threads: threads, progress: progress, value: value)
        return candidates.indices.sorted { solved[$0] != solved[$1] ? solved[$0] > solved[$1] : $0 < $1 }.map {
            Ranked(set: candidates[$0], value: solved[$0])
        }
    }
}

/// The best values solved so far and the next candidate to solve, shared by the workers of a pruned search.
private struct Leaders {
    private let count: Int
    private let order: [Int]
    private let bounds: [Double]
    private let margin: Double
    private var position = 0
    private(set) var solved = 0
    /// The best (value, candidate) pairs so far, best first (ties: lower candidate first), at most `count`.
    private(set) var best: [(value: Double, index: Int)] = []

    init(count: Int, order: [Int], bounds: [Double], margin: Double) {
        self.count = count
        self.order = order
        self.bounds = bounds
        self.margin = margin
    }

    /// The next candidate to solve, or `nil` once every candidate left is ruled out by its bound.
    mutating func nextCandidate() -> Int? {
        guard position < order.count else { return nil }
        let candidate = order[position]
        // Bounds fall along `order`: once one is below the count-th best value, so are all after it.
        if best.count == count, let last = best.last, bounds[candidate] < last.value - margin {
            position = order.count
            return nil
        }
        position += 1
        return candidate
    }

    /// Records a solved candidate and returns how many are solved.
    mutating func record(_ value: Double, of index: Int) -> Int {
        solved += 1
        let place =
            best.firstIndex { value > $0.value || (value == $0.value && index < $0.index) } ?? best.count
        if place < count {
            best.insert((value, index), at: place)
            if best.count > count { best.removeLast() }
        }
        return solved
    }
}
