/// A multiset of dice, held as packed face counts in one integer.
///
/// Each face 1...6 owns a 4-bit field (the count, 0...6, fits in 3 bits; the
/// fourth bit is a guard that lets `contains(_:)` compare all six counts with
/// one subtraction), and bits 24...27 hold the total number of dice. Adding or
/// removing dice is then plain integer arithmetic on the packed value.
@frozen
public struct DiceCounts: Hashable, Sendable {
    /// The packed counts: face `f` in bits `4 * (f - 1)`, the total in bits 24...27.
    @usableFromInline
    internal var packed: UInt32

    @usableFromInline
    internal static let guardBits: UInt32 = 0x0088_8888

    @usableFromInline
    internal static let totalShift: UInt32 = 24

    /// The largest number of dice in a roll.
    @usableFromInline package static let maximumDice = 6

    /// The faces of a die, lowest first.
    @usableFromInline package static let faces: ClosedRange<Int> = 1...6

    /// An empty set of dice.
    @inlinable
    public init() {
        packed = 0
    }

    @inlinable
    internal init(packed: UInt32) {
        self.packed = packed
    }

    /// Creates the multiset of the given faces.
    ///
    /// - Precondition: every face is in 1...6 and there are at most six dice.
    public init(faces: some Sequence<Int>) {
        self.init()
        for face in faces {
            precondition(Self.faces.contains(face), "a die shows 1 to 6, not \(face)")
            precondition(count < Self.maximumDice, "a roll has at most six dice")
            add(face)
        }
    }

    /// Creates the multiset with the given count of each face, ones first.
    ///
    /// - Precondition: six counts whose sum is at most six.
    package init(counts: [Int]) {
        precondition(counts.count == 6, "one count per face")
        self.init()
        for (offset, count) in counts.enumerated() {
            for _ in 0..<count { add(offset + 1) }
        }
        precondition(self.count <= Self.maximumDice, "a roll has at most six dice")
    }

    // MARK: - Reading

    /// How many dice show `face`.
    @inlinable
    public subscript(face: Int) -> Int {
        Int((packed >> (4 * UInt32(face - 1))) & 0xF)
    }

    /// The number of dice.
    @inlinable
    public var count: Int {
        Int(packed >> Self.totalShift)
    }

    /// Whether there are no dice.
    @inlinable
    public var isEmpty: Bool {
        packed == 0
    }

    /// The faces of the dice, lowest first (`[1, 1, 2, 3, 5, 5]`).
    public var faces: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        for face in Self.faces {
            for _ in 0..<self[face] { result.append(face) }
        }
        return result
    }

    /// The count of each face, ones first.
    package var counts: [Int] {
        Self.faces.map { self[$0] }
    }

    /// Whether every die of `other` is also in `self` (a sub-multiset test).
    @inlinable
    package func contains(_ other: DiceCounts) -> Bool {
        // Each face field of `packed | guardBits` is at least 8 and each count
        // of `other` at most 6, so no field borrows from the next; a field keeps
        // its guard bit exactly when self's count is at least other's.
        let otherFaces = other.packed & ~(0xF << Self.totalShift)
        let difference = (packed | Self.guardBits) &- otherFaces
        return difference & Self.guardBits == Self.guardBits
    }

    // MARK: - Changing

    /// Adds one die showing `face`.
    @inlinable
    package mutating func add(_ face: Int) {
        packed &+= (1 << (4 * UInt32(face - 1))) | (1 << Self.totalShift)
    }

    /// The dice of both multisets together.
    @inlinable
    package static func + (lhs: DiceCounts, rhs: DiceCounts) -> DiceCounts {
        DiceCounts(packed: lhs.packed &+ rhs.packed)
    }

    /// The dice of `lhs` without those of `rhs`.
    ///
    /// - Precondition: `lhs.contains(rhs)`.
    @inlinable
    package static func - (lhs: DiceCounts, rhs: DiceCounts) -> DiceCounts {
        DiceCounts(packed: lhs.packed &- rhs.packed)
    }
}

// MARK: - Text

extension DiceCounts: CustomStringConvertible {
    /// The sorted faces as digits, as a player writes a roll: `112355`.
    public var description: String {
        faces.map(String.init).joined()
    }
}

extension DiceCounts: Comparable {
    /// Orders by number of dice, then by sorted faces.
    public static func < (lhs: DiceCounts, rhs: DiceCounts) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        return lhs.faces.lexicographicallyPrecedes(rhs.faces)
    }
}
