/// Checks a `ScoringTable` against the `ReferenceScorer` on every ordered roll of 1 to 6 dice.
///
/// Each of the 55,986 ordered rolls is looked up in the table the way the
/// simulator does (ordered roll number -> catalog multiset -> keeps) and scored
/// by the reference from its faces as rolled; the two must agree on the rolled
/// dice, on the set of keeps (dice and score) and on `best[k]` for every k.
/// The reference's result is cached per sorted face list (923 distinct rolls).
@_spi(Kernels) public struct ScoringValidator: Sendable {
    /// The table under test.
    let table: ScoringTable
    /// The brute force it is compared with.
    package let reference: ReferenceScorer

    /// Compares `table` with the reference scorer of `reference`.
    package init(table: ScoringTable, reference: ReferenceScorer) {
        self.table = table
        self.reference = reference
    }

    /// Compares the table built from `rules` with the reference scorer of the same rules.
    public init(rules: RuleSet) {
        self.init(table: ScoringTable(rules: rules), reference: ReferenceScorer(rules: rules))
    }

    /// Checks every ordered roll of 1 to 6 dice, keeping the first `reporting` disagreements of each dice count.
    public func validate(reporting: Int = 3) -> ScoringValidation {
        let catalog = DiceCatalog.shared
        var referenceCache: [[Int]: (best: [Int], keeps: Set<ReferenceKeep>)] = [:]
        var summaries: [ScoringValidation.DiceSummary] = []
        for dice in 1...DiceCounts.maximumDice {
            var summary = ScoringValidation.DiceSummary(dice: dice)
            // The table side of each multiset of this many dice, read once.
            var tableCache: [Int: (faces: [Int], keeps: Set<ReferenceKeep>, best: [Int])] = [:]
            for orderedRoll in 0..<DiceCatalog.orderedRollCounts[dice] {
                let rolled = DiceCatalog.faces(ofOrderedRoll: orderedRoll, dice: dice)
                let sortedFaces = rolled.sorted()
                let multiset = catalog.multisetIndex(ofOrderedRoll: orderedRoll, dice: dice)
                summary.rollsChecked += 1

                let expected: (best: [Int], keeps: Set<ReferenceKeep>)
                if let cached = referenceCache[sortedFaces] {
                    expected = cached
                } else {
                    let evaluation = reference.evaluate(rolled)
                    expected = (evaluation.best, Set(evaluation.keeps))
                    referenceCache[sortedFaces] = expected
                }
                let actual: (faces: [Int], keeps: Set<ReferenceKeep>, best: [Int])
                if let cached = tableCache[multiset] {
                    actual = cached
                } else {
                    let keeps = table.keeps(dice: dice, multiset: multiset).map {
                        ReferenceKeep(faces: $0.dice.faces, score: $0.score)
                    }
                    let best = (0...dice).map { table.bestScore(dice: dice, multiset: multiset, keeping: $0) }
                    actual = (catalog.multisets[dice][multiset].faces, Set(keeps), best)
                    tableCache[multiset] = actual
                }

                guard actual.faces != sortedFaces || actual.keeps != expected.keeps || actual.best != expected.best
                else {
                    continue
                }
                summary.disagreements += 1
                if summary.firstDisagreements.count < reporting {
                    summary.firstDisagreements.append(
                        ScoringDisagreement(
                            orderedRoll: orderedRoll, rolled: rolled, tableRoll: actual.faces,
                            onlyInTable: actual.keeps.subtracting(expected.keeps).sorted(by: Self.keepOrder),
                            onlyInReference: expected.keeps.subtracting(actual.keeps).sorted(by: Self.keepOrder),
                            tableBest: actual.best, referenceBest: expected.best))
                }
            }
            summaries.append(summary)
        }
        return ScoringValidation(rules: table.rules.name, byDice: summaries)
    }

    private static func keepOrder(_ lhs: ReferenceKeep, _ rhs: ReferenceKeep) -> Bool {
        lhs.faces.count != rhs.faces.count
            ? lhs.faces.count < rhs.faces.count : lhs.faces.lexicographicallyPrecedes(rhs.faces)
    }
}

// MARK: - Results

/// One ordered roll on which the table and the reference scorer disagree.
package struct ScoringDisagreement: Hashable, Sendable, CustomStringConvertible {
    /// The ordered roll's number in `0..<6^n`.
    package let orderedRoll: Int
    /// The faces as rolled, die by die.
    let rolled: [Int]
    /// The sorted faces of the multiset the table looked up (the rolled dice, when the catalog is right).
    let tableRoll: [Int]
    /// Keeps (with score) the table lists but the reference does not.
    package let onlyInTable: [ReferenceKeep]
    /// Keeps (with score) the reference finds but the table does not list.
    package let onlyInReference: [ReferenceKeep]
    /// The table's `best[k]`, k = 0...n.
    let tableBest: [Int]
    /// The reference's `best[k]`, k = 0...n.
    let referenceBest: [Int]

    /// The rolled dice as a player writes them: `112355`.
    package var roll: String { rolled.sorted().map(String.init).joined() }

    /// `roll 1111 (ordered 0, rolled 1 1 1 1): table only 1111 = 1100; reference only 1111 = 2000; ...`.
    package var description: String {
        var parts: [String] = []
        if tableRoll != rolled.sorted() { parts.append("table looked up \(tableRoll.map(String.init).joined())") }
        if !onlyInTable.isEmpty {
            parts.append("table only " + onlyInTable.map({ $0.description }).joined(separator: ", "))
        }
        if !onlyInReference.isEmpty {
            parts.append("reference only " + onlyInReference.map({ $0.description }).joined(separator: ", "))
        }
        if tableBest != referenceBest {
            parts.append("best[k] table \(tableBest.dropFirst()) vs reference \(referenceBest.dropFirst())")
        }
        let rolledText = rolled.map(String.init).joined(separator: " ")
        return "roll \(roll) (ordered \(orderedRoll), rolled \(rolledText)): " + parts.joined(separator: "; ")
    }
}
