/// Everything the advice on one roll depends on: the dice just rolled, the turn so far and, where known, the
/// game around it.
///
/// What the rules leave no doubt about is inferred rather than asked: six dice at 0 turn points can only be
/// the turn's opening roll (every keep and the six-dice farkle add points, so a later roll of six dice has
/// some), a total of 0 means the player is not yet on the board (the first bank of any game adds points), and an
/// opponent at or over the target of a race with a final round means the player's last turn.
///
/// ```swift
/// var situation = TurnSituation(roll: DiceCounts(faces: [5, 2, 3]), turnPoints: 100)
/// situation.myScore = 3850
/// ```
public struct TurnSituation: Hashable, Sendable {
    /// The dice just rolled: 1 to 6 dice.
    public var roll: DiceCounts
    /// The turn points before this roll, in points: a non-negative multiple of the rules' score step.
    public var turnPoints: Int
    /// The player's total before this turn, in points; `nil` when not given (then the player is taken to be on
    /// the board, and the points advice is the plain expected points).
    public var myScore: Int?
    /// Every opponent's total before this turn, in points, in the order they play after this player (the next
    /// player's first); empty when not given. With `myScore` it adds the advice to win: exact for two players and
    /// for three racing without a final round, else the race for two against the leader (`opponentScore`).
    public var opponentScores: [Int]
    /// The leading opponent's total (the opponent's, in a 2-player game); `nil` when no opponent's is given.
    /// Setting it leaves that one opponent's total (`nil`: none).
    public var opponentScore: Int? {
        get { opponentScores.max() }
        set { opponentScores = newValue.map { [$0] } ?? [] }
    }
    /// Whether the opponent has reached the target and this is the player's last turn (races with a final
    /// round). `Advisor` infers it where an opponent's total has reached the target of such a race.
    public var isFinalRound: Bool
    /// The player's farkles in a row before this turn (0 to 2 under a three-farkle penalty).
    public var farklesInARow: Int
    /// The opponent's farkles in a row (0 to 2 under a three-farkle penalty).
    public var opponentFarklesInARow: Int
    /// In a game of fixed rounds: the rounds left, this one included; `nil` in a race and in an extra round.
    public var roundsLeft: Int?
    /// In a game of fixed rounds whose highest total was shared after the regular rounds: the extra round being
    /// played, 1 for the first (`GameRules.extraRoundsOnTie`); `nil` otherwise. Its first turn starts from equal
    /// totals.
    public var extraRound: Int?
    /// In a game of fixed rounds: 0 when the player plays first in the round, 1 when the opponent has played it.
    public var seatInRound: Int
    /// The player's dice: six ordinary dice unless set.
    public var dice: DiceSet
    /// The opponent's dice, for the advice to win: six ordinary dice unless set.
    public var opponentDice: DiceSet
    /// The roll kind by kind, `rollByKind[k]` the faces of the dice of kind k of `dice.kinds`, adding up to
    /// `roll`; `nil` for a roll of six ordinary dice. Given, the advice is given kind by kind (`Advice.byKind`).
    public var rollByKind: [DiceCounts]?

    /// A roll with `turnPoints` before it, nothing known of the game.
    public init(roll: DiceCounts, turnPoints: Int = 0) {
        self.roll = roll
        self.turnPoints = turnPoints
        opponentScores = []
        isFinalRound = false
        farklesInARow = 0
        opponentFarklesInARow = 0
        seatInRound = 0
        dice = .ordinary
        opponentDice = .ordinary
    }

    /// A roll of `set`, each die rolled with its face and the die it is: the dice of each kind of the set
    /// together (`rollByKind`).
    ///
    /// - Throws: `NotCovered` for a die the set does not hold, or more dice of a kind than it holds.
    public init(roll rolled: [(face: Int, die: LoadedDie)], of set: DiceSet, turnPoints: Int = 0)
        throws(NotCovered)
    {
        var byKind = [DiceCounts](repeating: DiceCounts(), count: set.kinds.count)
        for (face, die) in rolled {
            guard let kind = set.kinds.firstIndex(where: { $0.names.contains(die.name) }) else {
                let article = die.name.lowercased().first.map { "aeiou".contains($0) } == true ? "an" : "a"
                throw NotCovered("rolls \(article) \(die.name) die, which the set \(set) does not hold")
            }
            byKind[kind].add(face)
        }
        for (kind, dice) in zip(set.kinds, byKind) where dice.count > kind.count {
            throw NotCovered(
                "rolls \(dice.count) \(kind.names.joined(separator: "/")) dice; the set \(set) holds "
                    + "\(kind.count)")
        }
        self.init(roll: DiceCounts(faces: rolled.map(\.face)), turnPoints: turnPoints)
        dice = set
        rollByKind = byKind
    }

    /// Whether the roll is the turn's opening roll under `mechanics`, where the six-dice farkle applies
    /// (`TurnMechanics.isOpeningRoll(turnPoints:rolled:)`).
    package func isOpeningRoll(under mechanics: TurnMechanics) -> Bool {
        mechanics.isOpeningRoll(turnPoints: turnPoints, rolled: roll.count)
    }

    /// Whether the player is on the board: any total but 0, or a total not given.
    package var hasEntered: Bool {
        Self.hasEntered(myScore: myScore)
    }

    /// Whether a player with the total `myScore` is on the board: any total but 0, or a total not given (`nil`).
    package static func hasEntered(myScore: Int?) -> Bool {
        PointsAdvisor.hasEntered(myScore: myScore)
    }

    /// Whether the advice is given kind by kind: a roll given by kind, or a player carrying loaded dice.
    var hasDiceSets: Bool {
        rollByKind != nil || !dice.isOrdinary || !opponentDice.isOrdinary
    }

    /// Whether both totals are known, so the advice to win can be given.
    package var knowsBothTotals: Bool {
        myScore != nil && opponentScore != nil
    }
}
