import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("xoshiro256** and SplitMix64")
struct XoshiroTests {
    @Test("matches the reference outputs of xoshiro256** from state 1, 2, 3, 4")
    func referenceVector() {
        var generator = Xoshiro256StarStar(state: (1, 2, 3, 4))
        let outputs = (0..<4).map { _ in generator.next() }
        // From the authors' C code (prng.di.unimi.it/xoshiro256starstar.c).
        #expect(outputs == [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240])
    }

    @Test("SplitMix64 matches its reference output for seed 1234567")
    func splitMixReference() {
        var generator = SplitMix64(state: 1_234_567)
        #expect(generator.next() == 6_457_827_717_110_365_317)
        #expect(generator.next() == 3_203_168_211_198_807_973)
    }

    @Test("streams of one seed differ, and the same seed and stream repeat")
    func streams() {
        var first = Xoshiro256StarStar(seed: 7, stream: 0)
        var second = Xoshiro256StarStar(seed: 7, stream: 1)
        var again = Xoshiro256StarStar(seed: 7, stream: 1)
        let a = (0..<8).map { _ in first.next() }
        let b = (0..<8).map { _ in second.next() }
        let c = (0..<8).map { _ in again.next() }
        #expect(a != b)
        #expect(b == c)
    }

    @Test("next(below:) is uniform over the 6 faces within 4 standard errors")
    func boundedIsUniform() {
        var generator = Xoshiro256StarStar(seed: 42)
        let draws = 60_000
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<draws {
            let value = generator.next(below: 6)
            #expect(value < 6)
            counts[Int(value)] += 1
        }
        let p = 1.0 / 6
        let standardError = (Double(draws) * p * (1 - p)).squareRoot()
        for count in counts {
            #expect(abs(Double(count) - Double(draws) * p) < 4 * standardError)
        }
    }

    @Test("next(below:) stays below bounds just over a power of two, where rejection happens")
    func boundedRejection() {
        var generator = Xoshiro256StarStar(seed: 3)
        let bound = UInt64(1) << 63 + 1
        var high = 0
        for _ in 0..<1000 {
            let value = generator.next(below: bound)
            #expect(value < bound)
            if value >= bound / 2 { high += 1 }
        }
        // About half land in the upper half; 4 standard errors of 1000 fair coins is about 63.
        #expect(abs(high - 500) < 64)
    }
}
