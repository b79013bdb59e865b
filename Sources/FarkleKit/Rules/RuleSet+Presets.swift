// The named presets. Each is written out in full, every value in one place, so
// that a reader can check it against the rules it models without following a
// chain of "like standard, but". The "Rule presets" article gives the sources
// and the choices made where they are silent.

extension RuleSet {
    /// The three of a kind of most Farkle games: 100 × face, three 1s = 1000.
    private static let hundredTimesFace: [Int?] = [1000, 200, 300, 400, 500, 600]

    /// Banking with any number of dice left, 1 to 5 (with `hotDiceMandatory: false`, after hot dice too).
    private static let anyDiceLeft: Set<Int> = [1, 2, 3, 4, 5]

    /// The house rules of the project: target 10,000, mandatory hot dice, banking with 1 or 2 dice left.
    public static let standard = RuleSet(
        name: "standard",
        combinations: CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: hundredTimesFace,
            fourOfAKind: .flat(2000),
            fiveOfAKind: .flat(3000),
            sixOfAKind: .flat(10_000),
            fullHouse: .threeOfAKindPlus(250),
            fullMansion: 2250,
            threePairs: 1500,
            twoTriplets: 2500,
            smallStraight: 1500,
            largeStraight: 1500
        ),
        turn: TurnRules(),
        game: GameRules()
    )

    /// The online game Zilch: doubling of a kind, 500 for any no-score roll of six dice, a 300-point
    /// minimum bank and 500 points lost on a third farkle in a row.
    public static let zilch = RuleSet(
        name: "zilch",
        combinations: CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: hundredTimesFace,
            fourOfAKind: .doubling,
            fiveOfAKind: .doubling,
            sixOfAKind: .doubling,
            threePairs: 1500,
            threePairsAlso: [.fourAndPair],
            largeStraight: 1500
        ),
        turn: TurnRules(
            bankingDiceLeft: anyDiceLeft,
            hotDiceMandatory: false,
            minimumBank: 300,
            sixDiceFarkle: 500,
            sixDiceFarkleOnEveryRoll: true,
            threeFarklePenalty: 500
        ),
        game: GameRules(sixOnesWin: false)
    )

    /// Facebook Farkle as the best-known strategy generator models it by default: linear of a kind,
    /// three pairs 750, banking with any dice, no minimum and no penalty.
    public static let facebook = RuleSet(
        name: "facebook",
        combinations: CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: hundredTimesFace,
            fourOfAKind: .linear,
            fiveOfAKind: .linear,
            sixOfAKind: .linear,
            threePairs: 750,
            largeStraight: 1500
        ),
        turn: TurnRules(bankingDiceLeft: anyDiceLeft, hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(sixOnesWin: false)
    )

    /// The rules printed with the common boxed edition: three 1s = 300, flat four to six of a kind,
    /// four of a kind plus a pair, two triplets, and 500 points to enter the game.
    public static let boxed = RuleSet(
        name: "boxed",
        combinations: CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: [300, 200, 300, 400, 500, 600],
            fourOfAKind: .flat(1000),
            fiveOfAKind: .flat(2000),
            sixOfAKind: .flat(3000),
            fullMansion: 1500,
            threePairs: 1500,
            twoTriplets: 2500,
            largeStraight: 1500
        ),
        turn: TurnRules(bankingDiceLeft: anyDiceLeft, hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(entryMinimum: 500, sixOnesWin: false)
    )

    /// The cardgames.io online game: flat four to six of a kind, a straight of 2500, and no final round:
    /// the first bank that reaches 10,000 wins at once.
    public static let cardgames = RuleSet(
        name: "cardgames",
        combinations: CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: hundredTimesFace,
            fourOfAKind: .flat(1000),
            fiveOfAKind: .flat(2000),
            sixOfAKind: .flat(3000),
            threePairs: 1500,
            largeStraight: 2500
        ),
        turn: TurnRules(bankingDiceLeft: anyDiceLeft, hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(end: .target(10_000, finalRound: false), sixOnesWin: false)
    )

    /// Farkle Ten, the online game of ten rounds: linear of a kind, and the straight, three pairs and two
    /// triplets score at least 1000, 750 and 2500, or their six dice counted face by face if that is more.
    public static let farkleten = RuleSet(
        name: "farkleten",
        combinations: CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: hundredTimesFace,
            fourOfAKind: .linear,
            fiveOfAKind: .linear,
            sixOfAKind: .linear,
            threePairs: 750,
            threePairsAlso: [.fourAndPair, .sixOfAKind],
            twoTriplets: 2500,
            twoTripletsIncludeSixOfAKind: true,
            largeStraight: 1000,
            countingFaces: [.largeStraight, .threePairs, .twoTriplets]
        ),
        turn: TurnRules(bankingDiceLeft: anyDiceLeft, hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(end: .rounds(10), sixOnesWin: false, extraRoundsOnTie: 5, highestTurnBreaksTie: true)
    )

    /// The dice game of Kingdom Come: Deliverance I and II: doubling of a kind, straights 1-5 = 500,
    /// 2-6 = 750 and 1-6 = 1500, nothing else; bank after any keep; the first bank that reaches the
    /// target (4000, the stake sets it in the game) wins at once.
    public static let kcd: RuleSet = {
        var combinations = CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: hundredTimesFace,
            fourOfAKind: .doubling,
            fiveOfAKind: .doubling,
            sixOfAKind: .doubling,
            smallStraight: 500,
            largeStraight: 1500
        )
        combinations.highSmallStraight = .points(750)
        return RuleSet(
            name: "kcd",
            combinations: combinations,
            turn: TurnRules(bankingDiceLeft: anyDiceLeft, hotDiceMandatory: false, sixDiceFarkle: nil),
            game: GameRules(end: .target(4000, finalRound: false), sixOnesWin: false)
        )
    }()

    /// 5000, the five-dice game as gamerules.com's rule sheet gives it: five dice, 1s, 5s, three of a kind and
    /// 1-2-3-4-5 (1500) score, 350 points to get on the board, bank after any keep, hot dice may be rolled again,
    /// a race to 5000 with a final round.
    public static let fiveThousand: RuleSet = {
        var combinations = CombinationPoints(
            singleOne: 100,
            singleFive: 50,
            threeOfAKind: hundredTimesFace,
            smallStraight: 1500
        )
        // Only "1-2-3-4-5" is named: 2-3-4-5-6 is no combination.
        combinations.highSmallStraight = .off
        return RuleSet(
            name: "five-thousand",
            combinations: combinations,
            turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4], hotDiceMandatory: false, sixDiceFarkle: nil, dice: 5),
            game: GameRules(end: .target(5000, finalRound: true), entryMinimum: 350, sixOnesWin: false)
        )
    }()

    /// The named presets, by name (`RulePreset.all` lists them in order, with a line on each).
    public static let presets: [String: RuleSet] = Dictionary(
        uniqueKeysWithValues: RulePreset.all.map { ($0.name, $0.rules) })
}
