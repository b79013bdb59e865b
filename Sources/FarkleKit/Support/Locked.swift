#if !hasFeature(Embedded)
    import Foundation
#endif

/// A value that threads read and change one at a time: the one lock of FarkleKit, for caches and progress
/// counts whose writers are not known in advance (where each work item has its own slots, `SharedSlots` needs
/// no lock).
package final class Locked<Value>: @unchecked Sendable {
    // Unchecked: `value` is read and written only inside `withLock`, under `lock`.
    #if !hasFeature(Embedded)
        private let lock = NSLock()
    #endif
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with no other thread inside, and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        // WebAssembly without threads has one thread: nothing to exclude.
        #if !hasFeature(Embedded)
            lock.lock()
            defer { lock.unlock() }
        #endif
        return try body(&value)
    }
}
