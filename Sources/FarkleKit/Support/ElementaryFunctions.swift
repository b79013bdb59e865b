#if hasFeature(Embedded)
    // WebAssembly without an operating system has no C library: these come from the host that loads the module
    // (the page's script passes JavaScript's Math.exp, Math.log and Math.pow). Elsewhere Foundation gives the C
    // library's.

    /// e raised to `x`.
    @_extern(c, "exp") func exp(_ x: Double) -> Double
    /// The natural logarithm of `x`.
    @_extern(c, "log") func log(_ x: Double) -> Double
    /// `x` raised to `y`.
    @_extern(c, "pow") func pow(_ x: Double, _ y: Double) -> Double
#endif
