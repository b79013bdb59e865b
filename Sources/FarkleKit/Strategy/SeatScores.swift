/// The total of every seat at the table, held inline (no heap storage), seat 0 first.
///
/// The engine keeps one of these per game and updates it in place, so a
/// strategy can read all scores without the game allocating anything.
@frozen
public struct SeatScores: RandomAccessCollection, Hashable, Sendable {
    /// Room for the largest table, `GameRules.playerRange.upperBound` seats.
    @usableFromInline
    internal var storage: (Int, Int, Int, Int, Int, Int, Int, Int)

    /// The number of seats.
    public let count: Int

    /// The most seats a table holds.
    @usableFromInline package static let capacity = 8

    /// All `seats` totals at zero.
    ///
    /// - Precondition: `seats` is 1...8.
    @inlinable
    public init(seats: Int) {
        precondition((1...Self.capacity).contains(seats), "a table has 1 to 8 seats")
        storage = (0, 0, 0, 0, 0, 0, 0, 0)
        count = seats
    }

    /// The position of seat 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// One past the last seat.
    @inlinable
    public var endIndex: Int { count }

    /// The total of `seat`, in points (may be negative under a farkle penalty).
    @inlinable
    public subscript(seat: Int) -> Int {
        get {
            precondition(seat >= 0 && seat < count, "no such seat")
            return withUnsafeBytes(of: storage) {
                $0.load(fromByteOffset: seat &* MemoryLayout<Int>.stride, as: Int.self)
            }
        }
        set {
            precondition(seat >= 0 && seat < count, "no such seat")
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: seat &* MemoryLayout<Int>.stride, as: Int.self)
            }
        }
    }

    /// Adds `points` to the total of `seat` in place and returns the new total.
    ///
    /// The engine's way to bank: unlike `self[seat] += points` it never copies the table to read it.
    @inlinable
    internal mutating func add(_ points: Int, toSeat seat: Int) -> Int {
        precondition(seat >= 0 && seat < count, "no such seat")
        return withUnsafeMutableBytes(of: &storage) {
            let offset = seat &* MemoryLayout<Int>.stride
            let total = $0.load(fromByteOffset: offset, as: Int.self) + points
            $0.storeBytes(of: total, toByteOffset: offset, as: Int.self)
            return total
        }
    }

    /// Two tables are equal when they have the same seats with the same totals.
    public static func == (lhs: SeatScores, rhs: SeatScores) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes the seats' totals.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for score in self { hasher.combine(score) }
    }
}
