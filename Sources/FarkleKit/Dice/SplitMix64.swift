/// Sebastiano Vigna's SplitMix64: a tiny generator used to seed `Xoshiro256StarStar`.
///
/// Each output is a strong 64-bit mix of a counter that advances by the golden
/// ratio, so nearby seeds still give unrelated outputs.
@frozen
@usableFromInline struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The counter; it advances by `increment` on every output.
    @usableFromInline
    internal var state: UInt64

    /// The counter's step: 2^64 divided by the golden ratio, rounded to odd.
    @usableFromInline
    internal static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Creates a generator whose counter starts at `state`.
    @inlinable
    init(state: UInt64) {
        self.state = state
    }

    /// The next 64 random bits.
    @inlinable
    mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }

    /// The SplitMix64 finalizer: a bijection of 64-bit values that scrambles every bit.
    @inlinable
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
