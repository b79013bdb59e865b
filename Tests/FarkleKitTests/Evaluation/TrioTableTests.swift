import Testing

@testable import FarkleKit

@Suite("The three-player odds' table: only the sets of totals the sweep can still read")
struct TrioTableTests {
    /// Plays the sweep of `ThreePlayerOdds` over `table`: from the highest sum of three totals down, each set is
    /// written (here with its own number), and each of its banks below the target reads the next mover's set
    /// (next, last, own + bank), which must be held and hold that set's number; then the slab of the sum is freed.
    /// Returns the most chances held at once.
    private func sweep(_ table: TrioTable) -> Int {
        let levels = table.levels
        func number(_ own: Int, _ next: Int, _ last: Int) -> Double { Double((own * levels + next) * levels + last) }
        func isHeld(_ own: Int, _ next: Int, _ last: Int) -> Bool {
            table.chunks[(own + next) * table.chunksPerSlab + last / table.chunkSize] != nil
        }
        var most = 0
        for sum in stride(from: 3 * (levels - 1), through: 0, by: -1) {
            table.prepare(sum: sum)
            most = max(most, table.heldCount)
            for own in 0..<levels {
                for next in 0..<levels where sum - own - next >= 0 && sum - own - next < levels {
                    let last = sum - own - next
                    #expect(isHeld(own, next, last))
                    table.chances(own: own, next: next, last: last)[0] =
                        number(own, next, last)
                }
            }
            for own in 0..<levels {
                for next in 0..<levels where sum - own - next >= 0 && sum - own - next < levels {
                    let last = sum - own - next
                    for reached in own..<levels {
                        guard isHeld(next, last, reached) else {
                            Issue.record("(\(next), \(last), \(reached)) read at sum \(sum) but not held")
                            continue
                        }
                        let read = table.chances(own: next, next: last, last: reached)[0]
                        #expect(read == number(next, last, reached))
                    }
                }
            }
            if sum > 0 { table.release(slab: sum) }
        }
        #expect(table.chances(own: 0, next: 0, last: 0)[0] == 0)
        return most
    }

    @Test("every set a bank reads is held, holding its own chances, whatever the number of levels")
    func holdsWhatTheSweepReads() {
        for levels in [1, 2, 3, 8, 17] { _ = sweep(TrioTable(levels: levels)) }
    }

    @Test("at the widest sum it holds under half of the whole table: 86 MB, not 192, for a race to 10,000")
    func holdsUnderHalf() {
        let levels = 200
        let table = TrioTable(levels: levels)
        var most = 0
        for sum in stride(from: 3 * (levels - 1), through: 0, by: -1) {
            table.prepare(sum: sum)
            most = max(most, table.heldCount)
            if sum > 0 { table.release(slab: sum) }
        }
        let whole = 3 * levels * levels * levels
        #expect(Double(most) < 0.5 * Double(whole))
        #expect(Double(most) > 0.4 * Double(whole))  // the sets still read are 40% at the widest sum
        #expect(most * MemoryLayout<Double>.stride <= 86_000_000)
    }
}
