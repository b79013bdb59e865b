/// The outcome of `ScoringValidator.validate()`: rolls checked and disagreements, per dice count.
@_spi(Kernels) public struct ScoringValidation: Hashable, Sendable {
    /// The name of the table's rule set.
    package let rules: String
    /// One summary per dice count, 1...6.
    package let byDice: [DiceSummary]

    /// The number of ordered rolls checked (55,986 for 1 to 6 dice).
    package var rollsChecked: Int { byDice.reduce(0) { $0 + $1.rollsChecked } }
    /// The number of ordered rolls on which table and reference disagree.
    package var disagreements: Int { byDice.reduce(0) { $0 + $1.disagreements } }
    /// The first few disagreements, fewest dice first.
    package var firstDisagreements: [ScoringDisagreement] { byDice.flatMap({ $0.firstDisagreements }) }
    /// Whether table and reference agree on every roll.
    package var passed: Bool { disagreements == 0 }

    /// The rolls of one dice count.
    package struct DiceSummary: Hashable, Sendable {
        /// The number of dice rolled.
        package let dice: Int
        /// The ordered rolls checked (6^dice).
        public internal(set) var rollsChecked = 0
        /// The ordered rolls on which table and reference disagree.
        public internal(set) var disagreements = 0
        /// The first few of them, in ordered-roll order.
        public internal(set) var firstDisagreements: [ScoringDisagreement] = []

        init(dice: Int) {
            self.dice = dice
        }
    }
}
