// A game of fewer than six dice (`TurnRules.dice`) never rolls what a larger roll needs: this file says, once,
// which rules need how many dice, so a rule file can refuse a contradiction and drop what its base set for six.

extension RuleSet {
    /// A rule that needs more dice than the game has: its rule-file key and the dice it needs.
    package struct DiceNeed: Hashable, Sendable {
        /// The rule-file key (`combinations.three_pairs`).
        package let key: String
        /// The dice one roll needs for it.
        package let dice: Int
    }

    /// The rules set here that need more dice than the game has (`TurnRules.dice`), in rule-file order; empty
    /// in a game of six dice.
    package var rulesNeedingMoreDice: [DiceNeed] {
        let dice = turn.dice
        let points = combinations
        let set: [(key: String, dice: Int, isSet: Bool)] = [
            ("combinations.three_of_a_kind", 3, points.threeOfAKind.contains { $0 != nil }),
            ("combinations.four_of_a_kind", 4, points.fourOfAKind != .off),
            ("combinations.five_of_a_kind", 5, points.fiveOfAKind != .off),
            ("combinations.six_of_a_kind", 6, points.sixOfAKind != .off),
            ("combinations.full_house", 5, points.fullHouse != .off),
            ("combinations.full_mansion", 6, points.fullMansion != nil),
            ("combinations.three_pairs", 6, points.threePairs != nil),
            ("combinations.three_pairs_also", 6, !points.threePairsAlso.isEmpty),
            ("combinations.two_triplets", 6, points.twoTriplets != nil),
            ("combinations.small_straight", 5, points.smallStraight != nil),
            ("combinations.small_straight_2_to_6", 5, points.highSmallStraight != .asLow),
            ("combinations.large_straight", 6, points.largeStraight != nil),
            ("combinations.counting_faces", 6, !points.countingFaces.isEmpty),
            ("combinations.four_dice_straight", 4, points.fourDiceStraight != nil),
            ("combinations.six_ones", 6, points.sixOnes != nil),
            ("turn.six_dice_farkle", 6, turn.sixDiceFarkle != nil),
            (
                "game.six_of_a_kind", 6,
                !game.instantWinFaces.isEmpty || !game.instantLossFaces.isEmpty
            ),
        ]
        return set.filter { $0.isSet && $0.dice > dice }.map { DiceNeed(key: $0.key, dice: $0.dice) }
    }

    /// These rules without what needs more dice than the game has: those combinations off, no six-dice farkle,
    /// every six of a kind scored as points, banking only with fewer dice than the game has.
    ///
    /// A rule file based on a six-dice preset drops them this way; one that gives them itself is refused
    /// (`rulesNeedingMoreDice`).
    package mutating func dropRulesNeedingMoreDice() {
        let dice = turn.dice
        for need in rulesNeedingMoreDice {
            switch need.key {
            case "combinations.three_of_a_kind":
                combinations.threeOfAKind = Array(repeating: nil, count: DiceCounts.faces.count)
            case "combinations.four_of_a_kind": combinations.fourOfAKind = .off
            case "combinations.five_of_a_kind": combinations.fiveOfAKind = .off
            case "combinations.six_of_a_kind": combinations.sixOfAKind = .off
            case "combinations.full_house": combinations.fullHouse = .off
            case "combinations.full_mansion": combinations.fullMansion = nil
            case "combinations.three_pairs": combinations.threePairs = nil
            case "combinations.three_pairs_also": combinations.threePairsAlso = []
            case "combinations.two_triplets": combinations.twoTriplets = nil
            case "combinations.small_straight": combinations.smallStraight = nil
            case "combinations.small_straight_2_to_6": combinations.highSmallStraight = .asLow
            case "combinations.large_straight": combinations.largeStraight = nil
            case "combinations.counting_faces": combinations.countingFaces = []
            case "combinations.four_dice_straight": combinations.fourDiceStraight = nil
            case "combinations.six_ones": combinations.sixOnes = nil
            case "turn.six_dice_farkle": turn.sixDiceFarkle = nil
            default: for face in DiceCounts.faces { game.setSixOfAKindEnd(.points, face: face) }
            }
        }
        if dice < DiceCounts.maximumDice { combinations.twoTripletsIncludeSixOfAKind = false }
        turn.bankingDiceLeft = turn.bankingDiceLeft.filter { $0 < dice }
    }
}
