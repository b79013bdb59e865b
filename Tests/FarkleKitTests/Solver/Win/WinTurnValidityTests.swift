import Testing

@testable import FarkleKit

@Suite("The range of farkle payoffs over which a turn's play stays best")
struct WinTurnValidityTests {
    /// A roll group's options as the solver reads them: each option's offset from the row's base into columns of
    /// values and slopes, the best option the first of the highest value.
    private struct Group {
        var values: [Double]
        var slopes: [Double]
        var best: WinTurn.Entry {
            let index = values.indices.max { values[$0] < values[$1] || (values[$0] == values[$1] && $0 > $1) } ?? 0
            return WinTurn.Entry(value: values[index], slope: slopes[index], aux: 0, banks: false)
        }
    }

    /// Options whose values often tie the best (with other slopes or the same), lie within a hair of it, or far
    /// below; slopes that are chances, 0 and 1 included.
    private static func groups() -> [Group] {
        var random = SplitMix64(state: 2026_12_06)
        let values = [0.25, 0.5, 0.5, 0.5 - 1e-12, 0.5 - 3e-5, 0.75, 0.75, 0.75 - 1e-9, 0.1, 1]
        let slopes = [0, 0.125, 0.25, 0.25, 0.5, 0.6, 1, 1e-9]
        return (0..<4_000).map { _ in
            let count = Int.random(in: 1...13, using: &random)
            return Group(
                values: (0..<count).map { _ in values.randomElement(using: &random) ?? 0 },
                slopes: (0..<count).map { _ in slopes.randomElement(using: &random) ?? 0 })
        }
    }

    @Test(
        "screening a group's options first narrows the range exactly as comparing each option in turn",
        arguments: [
            WinTurn.Validity.unbounded, WinTurn.Validity(down: 1e-4, up: 2e-4), WinTurn.Validity(down: 0, up: 0.5),
            WinTurn.Validity(down: .infinity, up: 1e-9), WinTurn.Validity(down: 3e-5, up: .infinity),
        ])
    func screenedIsExact(start: WinTurn.Validity) {
        var narrowed = 0
        for group in Self.groups() {
            let best = group.best
            var oneByOne = start
            for (value, slope) in zip(group.values, group.slopes) {
                oneByOne.compare(best: best, other: WinTurn.Entry(value: value, slope: slope, aux: 0, banks: false))
            }
            var screened = start
            // The options read from a row at base 3, in reverse order of the columns, as offsets do.
            let count = group.values.count
            var values = [Double](repeating: .nan, count: count + 3)
            var slopes = [Double](repeating: .nan, count: count + 3)
            for option in 0..<count {
                values[3 + count - 1 - option] = group.values[option]
                slopes[3 + count - 1 - option] = group.slopes[option]
            }
            let offsets = (0..<count).map { Int32(count - 1 - $0) }
            values.withUnsafeMutableBufferPointer { values in
                slopes.withUnsafeMutableBufferPointer { slopes in
                    offsets.withUnsafeBufferPointer { offsets in
                        screened.compare(
                            best: best, base: 3, options: 0..<count, offsets: offsets,
                            values: values.baseAddress.unsafelyUnwrapped, slopes: slopes.baseAddress.unsafelyUnwrapped)
                    }
                }
            }
            #expect(screened.up.bitPattern == oneByOne.up.bitPattern)
            #expect(screened.down.bitPattern == oneByOne.down.bitPattern)
            if oneByOne.up != start.up || oneByOne.down != start.down { narrowed += 1 }
        }
        // The groups do narrow the range, most of them from an unbounded one, so the comparison above is not idle.
        #expect(narrowed > 100)
    }
}
