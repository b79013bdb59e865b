import Dispatch
import Foundation

/// Finds the best six dice to carry from an inventory, exactly: every candidate set solved.
///
/// A candidate takes up to six dice from the inventory (no more of a die than
/// the inventory holds) and fills the rest with ordinary dice. Candidates are
/// counted once per distinct roll behaviour: dice with proportional weights
/// (ci, lu and fer; every fair die) are one die type, so sets that differ only in
/// such names are one candidate, and fair dice add nothing an ordinary die does
/// not. No candidate is left out on a bound: each is solved exactly
/// (`CappedScoreSolver`, the capped expected points from a total of 0), so the
/// ranking is exact.
public struct DiceSetSearch: Sendable {
    /// One die type of the inventory: dice that roll alike, and how many the inventory holds.
    public struct DieType: Hashable, Sendable {
        /// A die of the type (the first named).
        public let die: LoadedDie
        /// The names of the inventory's dice of this type.
        public let names: [String]
        /// How many the inventory holds (at most six are ever used).
        public let available: Int
    }

    /// A candidate set and its value.
    public struct Ranked: Hashable, Sendable {
        /// The six dice.
        public let set: DiceSet
        /// E[min(turn points, target)] from a total of 0 under best play, or with `rankByWins` the chance to win.
        public let value: Double
    }

    /// The scoring table (and through it the rules and the target).
    public let table: ScoringTable
    /// The cap: the target of the race.
    public let target: Int
    /// The inventory's loaded die types, fair dice left out.
    public let types: [DieType]

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

    /// Every candidate set, fewest loaded dice first: each way to take 0 to 6 dice from the types.
    public var candidates: [DiceSet] {
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
    public func rank(threads: Int = 1, progress: (@Sendable (Int) -> Void)? = nil) -> [Ranked] {
        let table = table
        let target = target
        return rank(threads: threads, progress: progress) { set in
            CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: set), cap: target).openingValue
        }
    }

    /// Solves the race against `opponent` for every candidate and returns them best first: the chance to win
    /// when who starts is decided by a fair coin, both players playing to win (`LoadedWinSolver`).
    ///
    /// - Precondition: `LoadedWinSolver.supports(table.rules)`.
    public func rankByWins(
        against opponent: DiceSet, threads: Int = 1, progress: (@Sendable (Int) -> Void)? = nil
    ) -> [Ranked] {
        let table = table
        let theirs = DiceSetOutcomes(table: table, set: opponent)
        return rank(threads: threads, progress: progress) { set in
            let solver = LoadedWinSolver(outcomes: [DiceSetOutcomes(table: table, set: set), theirs])
            // Starting: W_0(0, 0); moving second: 1 − W_1(0, 0), from the same solve.
            return (solver.firstPlayerWinProbability + 1 - solver.winProbability(player: 1, own: 0, opponent: 0)) / 2
        }
    }

    private func rank(
        threads: Int, progress: (@Sendable (Int) -> Void)?, value: @escaping @Sendable (DiceSet) -> Double
    ) -> [Ranked] {
        let candidates = candidates
        let values = ValueSlots(count: candidates.count)
        let workers = max(1, min(threads, candidates.count))
        let solve: @Sendable (Int) -> Void = { worker in
            for index in stride(from: worker, to: candidates.count, by: workers) {
                let done = values.store(value(candidates[index]), at: index)
                progress?(done)
            }
        }
        if workers == 1 { solve(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: solve) }
        let solved = values.all()
        return candidates.indices.sorted { solved[$0] != solved[$1] ? solved[$0] > solved[$1] : $0 < $1 }.map {
            Ranked(set: candidates[$0], value: solved[$0])
        }
    }
}

/// The value of every candidate, each written once by the thread that solved it.
private final class ValueSlots: @unchecked Sendable {
    private var values: [Double]
    private var done = 0
    private let lock = NSLock()

    init(count: Int) {
        values = Array(repeating: 0, count: count)
    }

    /// Stores a value and returns how many are stored.
    func store(_ value: Double, at index: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
        done += 1
        return done
    }

    func all() -> [Double] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
