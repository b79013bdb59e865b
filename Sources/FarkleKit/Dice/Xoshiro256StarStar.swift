/// Blackman and Vigna's xoshiro256**: a fast, high-quality, seedable 64-bit generator.
///
/// The simulation gives every chunk of games its own stream,
/// `Xoshiro256StarStar(seed:stream:)`, so a result depends on the seed and the
/// chunk numbering only, never on which thread played the chunk.
@frozen
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    @usableFromInline
    internal var s0: UInt64
    @usableFromInline
    internal var s1: UInt64
    @usableFromInline
    internal var s2: UInt64
    @usableFromInline
    internal var s3: UInt64

    /// Creates stream `stream` of seed `seed`.
    ///
    /// The four state words are consecutive SplitMix64 outputs from a counter
    /// that starts at `mix(seed)` and skips four steps per stream, so the streams
    /// of one seed take disjoint windows of one SplitMix64 sequence: they never
    /// share a starting state, and none is all zeros.
    @inlinable
    public init(seed: UInt64, stream: UInt64 = 0) {
        var seeder = SplitMix64(state: SplitMix64.mix(seed) &+ stream &* 4 &* SplitMix64.increment)
        s0 = seeder.next()
        s1 = seeder.next()
        s2 = seeder.next()
        s3 = seeder.next()
        if s0 | s1 | s2 | s3 == 0 { s0 = SplitMix64.increment }
    }

    /// Creates a generator with the given raw state words (not all zero); for reference vectors.
    internal init(state: (UInt64, UInt64, UInt64, UInt64)) {
        (s0, s1, s2, s3) = state
    }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) &<< 7 | (s1 &* 5) &>> 57) &* 9
        let shifted = s1 &<< 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = s3 &<< 45 | s3 &>> 19
        return result
    }

    /// A uniformly random number in `0..<bound`, without bias.
    ///
    /// Lemire's multiply-shift: the high word of `next() * bound` is the answer
    /// unless the low word falls in the short biased zone, which happens with
    /// probability below `bound / 2^64` (under 3e-15 for a roll of six dice).
    ///
    /// - Precondition: `bound > 0`.
    @inlinable
    public mutating func next(below bound: UInt64) -> UInt64 {
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}
