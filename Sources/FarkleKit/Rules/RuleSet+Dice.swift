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

    /// One rule that needs dice: its key, the dice one roll needs, whether these rules set it, and how to drop it.
    private struct DiceRule: Sendable {
        let key: String
        let dice: Int
        let isSet: @Sendable (RuleSet) -> Bool
        let drop: @Sendable (inout RuleSet) -> Void
    }

    /// Every rule that needs more than one die, in rule-file order: the one list both questions below read.
    private static let diceRules: [DiceRule] = [
        DiceRule(
            key: "combinations.three_of_a_kind", dice: 3,
            isSet: { $0.combinations.threeOfAKind.contains { $0 != nil } },
            drop: { $0.combinations.threeOfAKind = Array(repeating: nil, count: DiceCounts.faces.count) }),
        DiceRule(
            key: "combinations.four_of_a_kind", dice: 4, isSet: { $0.combinations.fourOfAKind != .off },
            drop: { $0.combinations.fourOfAKind = .off }),
        DiceRule(
            key: "combinations.five_of_a_kind", dice: 5, isSet: { $0.combinations.fiveOfAKind != .off },
            drop: { $0.combinations.fiveOfAKind = .off }),
        DiceRule(
            key: "combinations.six_of_a_kind", dice: 6, isSet: { $0.combinations.sixOfAKind != .off },
            drop: { $0.combinations.sixOfAKind = .off }),
        DiceRule(
            key: "combinations.full_house", dice: 5, isSet: { $0.combinations.fullHouse != .off },
            drop: { $0.combinations.fullHouse = .off }),
        DiceRule(
            key: "combinations.full_mansion", dice: 6, isSet: { $0.combinations.fullMansion != nil },
            drop: { $0.combinations.fullMansion = nil }),
        DiceRule(
            key: "combinations.three_pairs", dice: 6, isSet: { $0.combinations.threePairs != nil },
            drop: { $0.combinations.threePairs = nil }),
        DiceRule(
            key: "combinations.three_pairs_also", dice: 6, isSet: { !$0.combinations.threePairsAlso.isEmpty },
            drop: { $0.combinations.threePairsAlso = [] }),
        DiceRule(
            key: "combinations.two_triplets", dice: 6, isSet: { $0.combinations.twoTriplets != nil },
            drop: { $0.combinations.twoTriplets = nil }),
        DiceRule(
            key: "combinations.small_straight", dice: 5, isSet: { $0.combinations.smallStraight != nil },
            drop: { $0.combinations.smallStraight = nil }),
        DiceRule(
            key: "combinations.small_straight_2_to_6", dice: 5,
            isSet: { $0.combinations.highSmallStraight != .asLow }, drop: { $0.combinations.highSmallStraight = .asLow }
        ),
        DiceRule(
            key: "combinations.large_straight", dice: 6, isSet: { $0.combinations.largeStraight != nil },
            drop: { $0.combinations.largeStraight = nil }),
        DiceRule(
            key: "combinations.counting_faces", dice: 6, isSet: { !$0.combinations.countingFaces.isEmpty },
            drop: { $0.combinations.countingFaces = [] }),
        DiceRule(
            key: "combinations.four_dice_straight", dice: 4, isSet: { $0.combinations.fourDiceStraight != nil },
            drop: { $0.combinations.fourDiceStraight = nil }),
        DiceRule(
            key: "combinations.six_ones", dice: 6, isSet: { $0.combinations.sixOnes != nil },
            drop: { $0.combinations.sixOnes = nil }),
        DiceRule(
            key: "turn.six_dice_farkle", dice: 6, isSet: { $0.turn.sixDiceFarkle != nil },
            drop: { $0.turn.sixDiceFarkle = nil }),
        DiceRule(
            key: "game.six_of_a_kind", dice: 6,
            isSet: { !$0.game.instantWinFaces.isEmpty || !$0.game.instantLossFaces.isEmpty },
            drop: { rules in for face in DiceCounts.faces { rules.game.setSixOfAKindEnd(.points, face: face) } }),
    ]

    /// The rules set here that need more dice than the game has (`TurnRules.dice`), in rule-file order; empty
    /// in a game of six dice.
    package var rulesNeedingMoreDice: [DiceNeed] {
        Self.diceRules.filter { $0.dice > turn.dice && $0.isSet(self) }.map { DiceNeed(key: $0.key, dice: $0.dice) }
    }

    /// These rules without what needs more dice than the game has: those combinations off, no six-dice farkle,
    /// every six of a kind scored as points, banking only with fewer dice than the game has.
    ///
    /// A rule file based on a six-dice preset drops them this way; one that gives them itself is refused
    /// (`rulesNeedingMoreDice`).
    package mutating func dropRulesNeedingMoreDice() {
        let dice = turn.dice
        for rule in Self.diceRules where rule.dice > dice && rule.isSet(self) { rule.drop(&self) }
        if dice < DiceCounts.maximumDice { combinations.twoTripletsIncludeSixOfAKind = false }
        turn.bankingDiceLeft = turn.bankingDiceLeft.filter { $0 < dice }
    }
}
