/// Every keep of every roll of 1 to 6 dice under a rule set, precomputed.
///
/// Rolls are addressed by dice count and multiset index (`DiceCatalog`), or by
/// their `DiceCounts`. For each roll the table holds its distinct keeps (each
/// with its maximum split score), the `best[k]` summary (see <doc:SolvingATurn>) and the
/// highest-scoring keep. All storage is flat arrays built once in `init(rules:)`,
/// so reading it from a hot loop allocates nothing.
///
/// Six 1s score here as six of a kind: the instant win belongs to the game,
/// not to a single turn's scoring.
public struct ScoringTable: Sendable {
    /// The rule set the table was built from.
    public let rules: RuleSet

    /// The greatest common divisor of every keep score, the six-dice farkle and a three-farkle penalty of points,
    /// so every turn total and every change of a player's total is a multiple of it (50 in `standard`).
    package let scoreStep: Int

    /// How a turn moves under these rules, with turn points in steps of `scoreStep`.
    @usableFromInline package let turnMechanics: TurnMechanics

    /// The sizes a keep can have, 0...6: the row length of tables indexed by roll and keep size.
    @usableFromInline static let keepSizes = DiceCounts.maximumDice + 1

    /// The position of (global roll, dice kept) in a table of `keepSizes` entries per roll.
    @inlinable
    static func keepIndex(global: Int, diceUsed: Int) -> Int {
        global &* keepSizes &+ diceUsed
    }

    /// Every keep of every roll.
    @usableFromInline
    internal let rollKeeps: RollKeeps

    /// The first global roll number of each dice count (`rollOffset[n] + index`).
    @inlinable
    internal var rollOffset: [Int] { rollKeeps.rollOffset }

    /// Keeps of global roll `g` are `keepList[keepStart[g] ..< keepStart[g + 1]]`.
    @inlinable
    internal var keepStart: [Int32] { rollKeeps.keepStart }

    /// The keeps of every roll, each roll's fewest dice first.
    @inlinable
    internal var keepList: [Keep] { rollKeeps.keepList }

    /// `best[k]` of global roll `g` at `bestScores[keepIndex(global: g, diceUsed: k)]`, k = 0...6 (k = 0 is
    /// always 0).
    @usableFromInline
    internal let bestScores: [Int32]

    /// The position in `keepList` of each roll's highest-scoring keep (fewest dice on a tie), or -1.
    @usableFromInline
    internal let highestKeep: [Int32]

    /// Builds the table for `rules`. Takes a few milliseconds in a release build.
    public init(rules: RuleSet) {
        self.rules = rules
        let catalog = DiceCatalog.shared
        let combinations = Combination.all(for: rules.combinations)
        let splitScore = Self.splitScores(combinations: combinations, catalog: catalog)

        var offsets: [Int] = []
        var total = 0
        for dice in 0...DiceCounts.maximumDice {
            offsets.append(total)
            total += catalog.multisetCount(dice: dice)
        }
        offsets.append(total)

        var starts: [Int32] = [0]
        var keeps: [Keep] = []
        var best = [Int32](repeating: 0, count: total * Self.keepSizes)
        var highest = [Int32](repeating: -1, count: total)
        var step = 0
        for dice in 0...DiceCounts.maximumDice {
            for (index, roll) in catalog.multisets[dice].enumerated() {
                let global = offsets[dice] + index
                let first = keeps.count
                for part in Self.subMultisets(of: roll) where !part.isEmpty {
                    guard let points = splitScore[part] else { continue }
                    let score = rules.turn.points(
                        ofKeeping: points, isHotDice: TurnMechanics.isHotDice(keeping: part.count, of: dice))
                    keeps.append(Keep(dice: part, score: score))
                    let slot = Self.keepIndex(global: global, diceUsed: part.count)
                    best[slot] = max(best[slot], Int32(score))
                    step = Self.greatestCommonDivisor(step, score)
                }
                keeps[first...].sort { ($0.diceUsed, $0.dice) < ($1.diceUsed, $1.dice) }
                var top = -1
                for position in first..<keeps.count where top < 0 || keeps[position].score > keeps[top].score {
                    top = position
                }
                highest[global] = Int32(top)
                starts.append(Int32(keeps.count))
            }
        }
        let mechanics = TurnMechanics(rules: rules.turn, scoreStep: 1)
        let sixDiceFarkle = mechanics.sixDiceFarkle(dice: DiceCounts.maximumDice, isOpeningRoll: true) ?? 0
        step = Self.greatestCommonDivisor(step, sixDiceFarkle)
        // A penalty lowers a total by its points: the tables of totals step by a divisor of it too.
        step = Self.greatestCommonDivisor(step, rules.turn.threeFarklePenalty?.points ?? 0)
        // So does the cost of a scoreless opening roll.
        step = Self.greatestCommonDivisor(step, rules.turn.scorelessOpeningRollCost)
        // And piggybacking's bonus, which a turn taken over plays on from.
        step = Self.greatestCommonDivisor(step, rules.game.piggyback?.bonus ?? 0)
        scoreStep = step == 0 ? 1 : step
        turnMechanics = TurnMechanics(rules: rules.turn, scoreStep: scoreStep)
        rollKeeps = RollKeeps(rollOffset: offsets, keepStart: starts, keepList: keeps)
        bestScores = best
        highestKeep = highest
    }

    // MARK: - Reading by dice

    /// Every distinct keep of `roll`, fewest dice first; empty for a farkle.
    public func keeps(for roll: DiceCounts) -> ArraySlice<Keep> {
        keeps(dice: roll.count, multiset: DiceCatalog.shared.index(of: roll))
    }

    /// `best[k]` of `roll` for k = 0...roll.count: the highest score of a keep of exactly k dice, 0 where none.
    ///
    /// Element 0 is always 0, so `best(for: roll)[k]` reads as in <doc:SolvingATurn>.
    package func best(for roll: DiceCounts) -> [Int] {
        let global = rollOffset[roll.count] + DiceCatalog.shared.index(of: roll)
        return (0...roll.count).map { Int(bestScores[Self.keepIndex(global: global, diceUsed: $0)]) }
    }

    /// The points `dice` score set aside together, by their combinations alone (no hot-dice bonus), or `nil`
    /// when not every die of them scores.
    ///
    /// For a keep known without its roll (a player entering only what was kept); the turn adds
    /// `rules.turn.points(ofKeeping:isHotDice:)` of it.
    public func points(of dice: DiceCounts) -> Int? {
        // Keeps are sorted by size, so a keep of every die of `dice` is the last; as a keep of its own roll
        // it carries the bonus.
        guard let whole = keeps(for: dice).last, whole.dice == dice else { return nil }
        return whole.score - rules.turn.hotDiceBonus
    }

    /// Whether `roll` allows no keep.
    public func isFarkle(_ roll: DiceCounts) -> Bool {
        keeps(for: roll).isEmpty
    }

    /// The highest-scoring keep of `roll` (fewest dice on a tie), or `nil` for a farkle.
    public func highestScoringKeep(for roll: DiceCounts) -> Keep? {
        highestScoringKeep(dice: roll.count, multiset: DiceCatalog.shared.index(of: roll))
    }

    // MARK: - Reading by catalog index (hot path)

    /// The number of multisets over all dice counts 0...6 (924).
    @inlinable
    var rollCount: Int { rollOffset[DiceCounts.maximumDice + 1] }

    /// The global number of multiset `multiset` of `dice` dice, used to index per-roll tables.
    @inlinable
    func globalIndex(dice: Int, multiset: Int) -> Int {
        rollOffset[dice] + multiset
    }

    /// Every distinct keep of multiset `multiset` of `dice` dice, fewest dice first.
    @inlinable
    func keeps(dice: Int, multiset: Int) -> ArraySlice<Keep> {
        rollKeeps.keeps(dice: dice, multiset: multiset)
    }

    /// The highest-scoring keep of multiset `multiset` of `dice` dice, or `nil` for a farkle.
    @inlinable
    func highestScoringKeep(dice: Int, multiset: Int) -> Keep? {
        let position = highestKeep[rollOffset[dice] + multiset]
        return position < 0 ? nil : keepList[Int(position)]
    }

    /// The highest score of a keep of exactly `keeping` dice of multiset `multiset`, 0 where none.
    @inlinable
    package func bestScore(dice: Int, multiset: Int, keeping: Int) -> Int {
        Int(bestScores[Self.keepIndex(global: rollOffset[dice] + multiset, diceUsed: keeping)])
    }

    // MARK: - Building

    /// The maximum split score of every multiset of up to six dice that splits entirely into
    /// combinations, by dynamic programming over the catalog from small to large.
    private static func splitScores(combinations: [Combination], catalog: DiceCatalog) -> [DiceCounts: Int] {
        var scores: [DiceCounts: Int] = [DiceCounts(): 0]
        for dice in 1...DiceCounts.maximumDice {
            for roll in catalog.multisets[dice] {
                var best: Int?
                for combination in combinations where roll.contains(combination.dice) {
                    guard let rest = scores[roll - combination.dice] else { continue }
                    best = max(best ?? 0, rest + combination.points)
                }
                if let best { scores[roll] = best }
            }
        }
        return scores
    }

    /// Every sub-multiset of `roll`, the empty one included, each once.
    private static func subMultisets(of roll: DiceCounts) -> [DiceCounts] {
        var parts = [DiceCounts()]
        for face in DiceCounts.faces where roll[face] > 0 {
            var grown: [DiceCounts] = []
            for part in parts {
                var next = part
                grown.append(next)
                for _ in 0..<roll[face] {
                    next.add(face)
                    grown.append(next)
                }
            }
            parts = grown
        }
        return parts
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }
}
