/// A fixed number of values that work items of `Parallel.forEach` write at once: the one place FarkleKit
/// shares memory between threads without a lock.
///
/// The safety argument, once for every use: within one `Parallel.forEach` call, each slot is written by at
/// most one work item, and a work item reads only slots it writes itself or slots written before the call
/// started (by an earlier call or before any). `forEach` returns only after every item has, so those writes
/// happen before anything read after it. Every user states which slots each of its work items writes.
///
/// The memory is allocated once, initialized, and released with the object.
package final class SharedSlots<Element>: @unchecked Sendable {
    /// The slots, for reading and writing in place (hot loops index it without copying).
    package let buffer: UnsafeMutableBufferPointer<Element>

    /// `count` slots, each holding `value`.
    package init(repeating value: Element, count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: value)
    }

    /// One slot per element of `values`, in order.
    package init(_ values: [Element]) {
        buffer = .allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    /// The number of slots.
    package var count: Int { buffer.count }

    /// The value in slot `index`.
    package subscript(index: Int) -> Element {
        get { buffer[index] }
        set { buffer[index] = newValue }
    }

    /// Lends slot `index` to `body` to change in place, and returns what `body` returns.
    package func update<Result, Failure: Error>(_ index: Int, _ body: (inout Element) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        try body(&buffer[index])
    }

    /// The values, copied out (once the work that writes them is done).
    package var values: [Element] { Array(buffer) }
}
