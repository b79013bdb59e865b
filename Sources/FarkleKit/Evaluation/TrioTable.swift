/// One seat's table of three chances per set of three totals in the exact odds of three players
/// (`ThreePlayerOdds`), holding only the sets that the sweep over sums of totals can still read.
///
/// The set (own, next, last) is read only by the banks of the seat before it, whose frame is
/// (last − bank, own, next): at sums from own + next up to own + next + last. So the sets are grouped in slabs by
/// u = own + next, each slab cut into chunks of `chunkSize` values of `last`. A chunk is allocated when the sweep
/// reaches the first sum it is written at, and its slab is released once the sweep is below u. At the widest sum
/// the sets still read are 40% of all of them; with the chunks' rounding the table holds at most 86 MB instead of
/// 192 MB for a race to 10,000 in steps of 50.
///
/// `prepare(sum:)` and `release(slab:)` run between the sweep's `Parallel.forEach` calls, never during one, so the
/// chunks' addresses (`chunks`) are written before any work item reads them (`SharedSlots`' argument); within a
/// call each work item writes the three slots of the sets it solves, and reads slots of higher sums only.
struct TrioTable: Sendable {
    /// The totals below the target, in levels: own, next and last each from 0 to `levels` - 1.
    let levels: Int
    /// Values of `last` per chunk.
    let chunkSize: Int
    /// Chunks per slab.
    let chunksPerSlab: Int
    /// The address of chunk `k` of slab `u` at `u * chunksPerSlab + k`, `nil` while it is not allocated.
    let chunks: SharedSlots<UnsafeMutablePointer<Double>?>
    /// The memory of each chunk, at the same index: owned here so that releasing a slab frees it.
    private let owners: SharedSlots<SharedSlots<Double>?>

    init(levels: Int) {
        self.levels = levels
        chunkSize = max(1, (levels + 7) / 8)
        chunksPerSlab = (levels + chunkSize - 1) / chunkSize
        let count = (2 * levels - 1) * chunksPerSlab
        chunks = SharedSlots(repeating: nil, count: count)
        owners = SharedSlots(repeating: nil, count: count)
    }

    /// The lowest own total of slab `u`.
    @inline(__always) func lowestOwn(slab u: Int) -> Int { max(0, u - (levels - 1)) }

    /// The three chances of (own, next, last), (own's, next's, last's); the sets (own, next, last + 1), ... up to
    /// the end of its chunk follow at steps of 3.
    ///
    /// - Precondition: the chunk is allocated (`prepare(sum:)` at a sum at least own + next + last, and no
    ///   `release(slab:)` of own + next since).
    @inline(__always) func chances(own: Int, next: Int, last: Int) -> UnsafeMutablePointer<Double> {
        let chunk = chunks[(own + next) * chunksPerSlab + last / chunkSize].unsafelyUnwrapped
        return chunk + 3 * ((own - lowestOwn(slab: own + next)) * chunkSize + last % chunkSize)
    }

    /// Allocates the chunks written at `sum`: for every slab u the chunk holding last = sum − u.
    func prepare(sum: Int) {
        for u in max(0, sum - (levels - 1))...min(sum, 2 * levels - 2) {
            let index = u * chunksPerSlab + (sum - u) / chunkSize
            guard owners[index] == nil else { continue }
            let width = min(u, levels - 1) - lowestOwn(slab: u) + 1
            let memory = SharedSlots<Double>(repeating: 0, count: 3 * width * chunkSize)
            owners[index] = memory
            chunks[index] = memory.buffer.baseAddress
        }
    }

    /// The chances held now, over every chunk allocated.
    var heldCount: Int { owners.buffer.reduce(0) { $0 + ($1?.count ?? 0) } }

    /// Frees slab `u`: no set at a lower sum reads it.
    func release(slab u: Int) {
        guard (0..<(2 * levels - 1)).contains(u) else { return }
        for index in (u * chunksPerSlab)..<((u + 1) * chunksPerSlab) {
            chunks[index] = nil
            owners[index] = nil
        }
    }
}
