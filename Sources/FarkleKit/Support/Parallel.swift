#if !hasFeature(Embedded)
    import Dispatch
    import Foundation
#endif

/// Where FarkleKit spreads work over threads: every solver, evaluator, search and simulation goes through
/// `forEach`, so how threads are started is decided once.
///
/// The work items of one call run in any order and at once; a caller makes its results independent of the
/// thread count by having each item write only its own slots (`SharedSlots`) and read only what earlier calls
/// wrote. The call returns when every item has returned, which orders those writes before the next call.
package enum Parallel {
    /// The threads work uses unless told otherwise: the active processor count.
    package static var defaultThreads: Int {
        #if hasFeature(Embedded)
            1
        #else
            ProcessInfo.processInfo.activeProcessorCount
        #endif
    }

    /// Calls `body(item)` once for every `item` in `0..<count`: in order on this thread when `threads` is 1 or
    /// less or there is one item, otherwise spread over Dispatch's worker threads.
    @inlinable
    package static func forEach(_ count: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
        #if hasFeature(Embedded)
            // WebAssembly without threads: in order, as on one thread.
            for item in 0..<count { body(item) }
        #else
            if threads <= 1 || count <= 1 {
                for item in 0..<count { body(item) }
            } else {
                DispatchQueue.concurrentPerform(iterations: count, execute: body)
            }
        #endif
    }
}
