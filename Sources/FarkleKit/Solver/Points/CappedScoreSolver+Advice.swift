extension CappedScoreSolver {
    /// One keep of a roll of a dice set, and what banking or rolling on after it is worth.
    package struct KeepAdvice: Hashable, Sendable {
        /// The keep: the dice it takes of each kind, its points and the state it leaves.
        package let choice: DiceSetOutcomes.Choice
        /// The turn points after the keep.
        package let turnPoints: Int
        /// What banking after the keep is worth (min(turn points, cap)), or `nil` where banking is not allowed.
        package let bankValue: Double?
        /// What rolling the dice left (all six after hot dice) is worth under best play.
        package let rollValue: Double

        /// The better of banking and rolling on.
        package var value: Double { max(bankValue ?? -.infinity, rollValue) }

        /// Whether best play banks after the keep (on equal values it banks).
        package var banks: Bool { bankValue.map { $0 >= rollValue } ?? false }
    }

    /// Every keep of a roll showing `roll[k]` on the dice of kind k, with `turnPoints` before it, best first
    /// (on equal values: more points, then fewer dice taken, then the set order of kinds); empty for a farkle.
    ///
    /// - Precondition: `turnPoints` is a multiple of the score step; the roll is part of the set.
    package func advice(for roll: [DiceCounts], turnPoints: Int) -> [KeepAdvice] {
        KeepAdvice.ranked(outcomes.choices(for: roll)) { choice in
            let points = turnPoints + choice.points
            return KeepAdvice(
                choice: choice, turnPoints: points, bankValue: bankValue(turnPoints: points, state: choice.next),
                rollValue: rollValue(turnPoints: points, state: choice.next))
        }
    }
}

extension CappedScoreSolver.KeepAdvice {
    /// The advice of every choice, best first (on equal values: more points, then fewer dice taken, then the
    /// set order of kinds).
    static func ranked(
        _ choices: [DiceSetOutcomes.Choice], _ advice: (DiceSetOutcomes.Choice) -> Self
    ) -> [Self] {
        choices.map(advice).sorted { lhs, rhs in
            if lhs.value != rhs.value { return lhs.value > rhs.value }
            if lhs.choice.points != rhs.choice.points { return lhs.choice.points > rhs.choice.points }
            let left = lhs.choice.taken.map({ $0.count })
            let right = rhs.choice.taken.map({ $0.count })
            if left.reduce(0, +) != right.reduce(0, +) { return left.reduce(0, +) < right.reduce(0, +) }
            return left.lexicographicallyPrecedes(right)
        }
    }
}
