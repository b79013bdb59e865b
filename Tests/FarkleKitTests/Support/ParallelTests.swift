import Testing

@testable import FarkleKit

@Suite("Work spread over threads: Parallel, SharedSlots, Locked")
struct ParallelTests {
    @Test("forEach calls every item exactly once, on one thread or many", arguments: [1, 2, 8])
    func everyItemOnce(threads: Int) {
        let count = 1_000
        let calls = SharedSlots(repeating: 0, count: count)
        Parallel.forEach(count, threads: threads) { item in calls[item] += 1 }
        #expect(calls.values == Array(repeating: 1, count: count))
    }

    @Test("forEach on one thread runs the items in order")
    func inOrderOnOneThread() {
        let seen = Locked<[Int]>([])
        Parallel.forEach(5, threads: 1) { item in seen.withLock { $0.append(item) } }
        #expect(seen.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    @Test("forEach with no items calls nothing")
    func noItems() {
        let calls = Locked(0)
        Parallel.forEach(0, threads: 4) { _ in calls.withLock { $0 += 1 } }
        #expect(calls.withLock { $0 } == 0)
    }

    @Test("Locked counts every increment from many threads")
    func lockedCounts() {
        let total = Locked(0)
        Parallel.forEach(64, threads: 4) { _ in
            for _ in 0..<1_000 { total.withLock { $0 += 1 } }
        }
        #expect(total.withLock { $0 } == 64_000)
    }

    @Test("A slot lent with update changes in place, and the slots copy out in order")
    func slotsUpdateInPlace() {
        let slots = SharedSlots([[1], [2], [3]])
        slots.update(1) { $0.append(20) }
        #expect(slots.count == 3)
        #expect(slots.values == [[1], [2, 20], [3]])
    }
}
