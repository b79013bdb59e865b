#if canImport(Glibc)
    import Glibc
#endif

/// Hands the pages of memory freed so far back to the system, where the C library keeps them: the one place the
/// reports ask it.
///
/// glibc keeps the pages of chunks freed in the middle of its heap (the rows past the target that the exact odds of
/// `win` built, tens of megabytes in small arrays) for later use; a step that then asks for one large table
/// (three `ev` players' sweep: up to 86 MB of chunks for `standard`) gets new pages beside them, and the report's peak memory is the
/// sum. `malloc_trim(0)` returns them (measured on `report` for `standard`: 335 to 249 MB). It is not in the `Glibc`
/// module's headers, so it is looked up by name; elsewhere (Darwin, Musl) this does nothing.
enum FreedPages {
    /// Returns the freed pages to the system, where the C library supports it.
    ///
    /// - Complexity: One pass over the heap's free chunks: milliseconds.
    static func release() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
                _ = unsafeBitCast(symbol, to: Trim.self)(0)
            }
        #endif
    }
}
