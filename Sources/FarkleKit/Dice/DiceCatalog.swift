/// Every multiset of 0 to 6 dice, numbered, and the map from ordered rolls to them.
///
/// A roll of `n` dice has `6^n` equally likely ordered outcomes; outcome `i`
/// shows face `(i / 6^d) % 6 + 1` on die `d`. The catalog numbers the distinct
/// multisets of each size (`multisetCount(dice:)`, 462 for six dice) and maps
/// every ordered outcome to its multiset's number, so a simulator turns one
/// random number below `6^n` into a roll with one array lookup.
///
/// The catalog does not depend on any rule set; `DiceCatalog.shared` is built
/// once, on first use.
public struct DiceCatalog: Sendable {
    /// The catalog, built on first use (about 60,000 small entries).
    public static let shared = DiceCatalog()

    /// `6^n` for n = 0...6.
    @_spi(Kernels) public static let orderedRollCounts: [Int] = (0...DiceCounts.maximumDice).map { dice in
        (0..<dice).reduce(1) { product, _ in product * 6 }
    }

    /// The multisets of each size, indexed `[dice][multiset]`, in `DiceCounts` order.
    package let multisets: [[DiceCounts]]

    /// For each size, the multiset number of every ordered outcome.
    @usableFromInline
    internal let multisetOfOrderedRoll: [[UInt16]]

    /// The position of every multiset within its size, keyed by its packed value.
    private let indexByPacked: [UInt32: Int]

    private init() {
        var bySize: [[DiceCounts]] = Array(repeating: [], count: DiceCounts.maximumDice + 1)
        bySize[0] = [DiceCounts()]
        for dice in 1...DiceCounts.maximumDice {
            var seen = Set<DiceCounts>()
            for smaller in bySize[dice - 1] {
                for face in DiceCounts.faces {
                    var larger = smaller
                    larger.add(face)
                    seen.insert(larger)
                }
            }
            bySize[dice] = seen.sorted()
        }
        var index: [UInt32: Int] = [:]
        for group in bySize {
            for (position, multiset) in group.enumerated() { index[multiset.packed] = position }
        }
        var rollMaps: [[UInt16]] = []
        for dice in 0...DiceCounts.maximumDice {
            var map = [UInt16](repeating: 0, count: Self.orderedRollCounts[dice])
            for ordered in map.indices {
                let roll = Self.multiset(ofOrderedRoll: ordered, dice: dice)
                map[ordered] = UInt16(index[roll.packed] ?? 0)
            }
            rollMaps.append(map)
        }
        multisets = bySize
        indexByPacked = index
        multisetOfOrderedRoll = rollMaps
    }

    // MARK: - Lookups

    /// The number of distinct multisets of `dice` dice: C(dice + 5, 5).
    func multisetCount(dice: Int) -> Int {
        multisets[dice].count
    }

    /// The dice of multiset number `multiset` among the rolls of `dice` dice: the roll a strategy's
    /// `Strategy.move(turnPoints:dice:multiset:situation:using:)` is asked about.
    ///
    /// - Precondition: `dice` in 0...6 and `multiset` below the number of multisets of that many dice
    ///   (462 for six).
    public func roll(dice: Int, multiset: Int) -> DiceCounts {
        precondition((0...DiceCounts.maximumDice).contains(dice), "0 to 6 dice")
        precondition(multisets[dice].indices.contains(multiset), "a multiset of \(dice) dice")
        return multisets[dice][multiset]
    }

    /// The position of `roll` among the multisets of its size.
    func index(of roll: DiceCounts) -> Int {
        // Every multiset of at most six dice is in the catalog.
        indexByPacked[roll.packed] ?? 0
    }

    /// The multiset number of ordered outcome `orderedRoll` (in `0..<6^dice`).
    @inlinable
    @_spi(Kernels) public func multisetIndex(ofOrderedRoll orderedRoll: Int, dice: Int) -> Int {
        Int(multisetOfOrderedRoll[dice][orderedRoll])
    }

    /// `multisetIndex(ofOrderedRoll:dice:)` of every size in one array, the outcomes of `n` dice from
    /// `orderedRollStart[n]`: a hot loop reads one immutable global array instead of an array of arrays (whose
    /// inner arrays it would retain and release on every read, on counts that every thread shares).
    static let flatMultisetOfOrderedRoll: [UInt16] = shared.multisetOfOrderedRoll.flatMap { $0 }

    /// Where the ordered outcomes of `n` dice start in `flatMultisetOfOrderedRoll`, for n = 0...6.
    static let orderedRollStart: [Int] = orderedRollCounts.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) }

    /// `multisetCount(dice:)` for n = 0...6.
    static let multisetCounts: [Int] = (0...DiceCounts.maximumDice).map { shared.multisetCount(dice: $0) }

    /// The dice of ordered outcome `orderedRoll` of `dice` dice, computed digit by digit.
    static func multiset(ofOrderedRoll orderedRoll: Int, dice: Int) -> DiceCounts {
        var roll = DiceCounts()
        var rest = orderedRoll
        for _ in 0..<dice {
            roll.add(rest % 6 + 1)
            rest /= 6
        }
        return roll
    }

    /// The faces of ordered outcome `orderedRoll`, die by die.
    static func faces(ofOrderedRoll orderedRoll: Int, dice: Int) -> [Int] {
        var faces: [Int] = []
        var rest = orderedRoll
        for _ in 0..<dice {
            faces.append(rest % 6 + 1)
            rest /= 6
        }
        return faces
    }

    /// How many ordered outcomes of its size show `roll` (the multinomial weight).
    static func orderedRollCount(of roll: DiceCounts) -> Int {
        var weight = factorial(roll.count)
        for face in DiceCounts.faces { weight /= factorial(roll[face]) }
        return weight
    }

    private static func factorial(_ n: Int) -> Int {
        n <= 1 ? 1 : (2...n).reduce(1, *)
    }
}
