extension ExpectedScoreSolver {
    /// The most turn-point levels (t = 0, step, 2 step, ...) the solver will tabulate: 100,000.
    ///
    /// Each level holds a few dozen values per dice count plus one byte per decision group,
    /// so the limit keeps a solve under a second and a few hundred megabytes. `standard`
    /// needs 936 levels; a rule set needs many more only when its points share a tiny common
    /// step (the greatest common divisor of every score) yet reach far (say a single five of
    /// 1 point beside a single one of 999,999), since the table runs in steps up to where
    /// the exact linear tail takes over.
    package static let maximumLevels = 100_000

    /// The number of levels the solver tabulates for `table` by default, found from the linear tail
    /// alone (a few milliseconds), before any level is allocated.
    ///
    /// A `Double`, because for extreme rule sets it exceeds what an `Int` holds.
    static func levelCount(for table: ScoringTable) -> Double {
        let tail = LinearTail(outcomes: RollOutcomes(table: table), mechanics: table.turnMechanics)
        return tail.firstExactLevel(scoreStep: table.scoreStep) + 1
    }

    /// Refuses a rule set whose solver would tabulate more than `maximumLevels` levels, in one line.
    ///
    /// - Throws: `RuleSetError` with the level count, the score step and the limit.
    package static func checkSize(of table: ScoringTable, source: String) throws(RuleSetError) {
        let levels = levelCount(for: table)
        guard !(levels <= Double(maximumLevels)) else { return }
        let count = levels < 1e15 ? "\(Int(levels))" : "more than 10^15"
        throw RuleSetError(
            source: source,
            problem: "has points in steps of \(table.scoreStep) (their greatest common divisor) reaching so far "
                + "that the solver would tabulate \(count) turn-point levels, more than its limit of "
                + "\(maximumLevels); use points with a larger common step")
    }

}
