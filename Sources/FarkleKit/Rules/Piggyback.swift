/// The house rule of piggybacking (carry-on, stealing): the next player may take over a turn banked with dice left.
///
/// When a player banks with dice left, the next player may roll those dice with the banked turn points as their
/// own turn points, or start a fresh turn with every die. The player who banked keeps the bank. A taken turn goes
/// on as any turn does: a farkle loses its points (the inherited ones too), a bank scores all of them, hot dice
/// return every die. Its first roll is not a turn's opening roll (it continues a turn). Inherited points count
/// toward the entry minimum, unless `inheritedPointsEnter` is `false`: a player not yet on the board who takes a
/// turn over must then score the entry minimum on top of it.
///
/// A rule file sets it with `"piggyback": true` in `game`, or
/// `{"bonus": 1000, "least_dice_left": 2, "inherited_points_enter": false}`.
public struct Piggyback: Hashable, Sendable {
    /// Points added to an inherited turn when its first roll scores (0 in the plain rule; 1,000 on one game
    /// server).
    public var bonus: Int
    /// The fewest dice a bank must leave for the next player to take it over (1 in the plain rule; 6 after hot
    /// dice).
    public var leastDiceLeft: Int
    /// Whether the points of a turn taken over (the bonus included) count toward the entry minimum of a player
    /// not yet on the board (`true` in the plain rule); `false`: such a player banks only once their own rolls
    /// have added the entry minimum.
    public var inheritedPointsEnter: Bool

    /// Piggybacking with `bonus` points for an inherited turn that scores, on banks that leave at least
    /// `leastDiceLeft` dice, the inherited points counting toward the entry minimum where `inheritedPointsEnter`.
    ///
    /// - Precondition: `bonus` is 0 or more; `leastDiceLeft` is 1 to 6.
    public init(bonus: Int = 0, leastDiceLeft: Int = 1, inheritedPointsEnter: Bool = true) {
        precondition(bonus >= 0, "a bonus of 0 points or more")
        precondition((1...DiceCounts.maximumDice).contains(leastDiceLeft), "1 to 6 dice left")
        self.bonus = bonus
        self.leastDiceLeft = leastDiceLeft
        self.inheritedPointsEnter = inheritedPointsEnter
    }

    /// The least turn points a player may bank in a turn taken over from an offer of `offeredPoints` (the bonus
    /// included), where `leastBank` is the least bank of the player's fresh turn
    /// (`TurnMechanics.leastBank(entryMinimum:hasEntered:)`): the same, or for a player not yet on the board whose
    /// inherited points do not enter, the offered points plus the entry minimum. The one statement of the rule,
    /// for the game, the engine and the advice.
    package func leastBank(
        takingOver offeredPoints: Int, leastBank: Int, entryMinimum: Int, hasEntered: Bool
    ) -> Int {
        hasEntered || inheritedPointsEnter ? leastBank : max(leastBank, offeredPoints + entryMinimum)
    }

    /// The turn the next player is offered after a bank of `turnPoints` that left `diceLeft` dice (every die after
    /// hot dice), or `nil` when the bank leaves too few.
    ///
    /// The offer's points hold the bonus: a taken turn whose first roll farkles loses them all, so playing on from
    /// them is the same as adding the bonus when that roll scores.
    package func offer(turnPoints: Int, diceLeft: Int) -> TurnOffer? {
        guard diceLeft >= leastDiceLeft else { return nil }
        return TurnOffer(turnPoints: turnPoints + bonus, dice: diceLeft)
    }

    /// The bank, as its player scores it, behind an offer of `turnPoints` (the bonus included): the inverse of
    /// `offer(turnPoints:diceLeft:)`, for thresholds a player at the table compares with a bank; 0 at least.
    package func bankedPoints(offering turnPoints: Int) -> Int {
        max(0, turnPoints - bonus)
    }
}
