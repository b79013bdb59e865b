/// A banked turn the next player may take over under piggybacking: the turn points they would play on from (the
/// bonus included) and the dice they would roll.
public struct TurnOffer: Hashable, Sendable {
    /// The turn points the taker plays on from: the banked points and the rules' bonus.
    public var turnPoints: Int
    /// The dice the taker rolls, 1 to 6.
    public var dice: Int

    /// An offer of `dice` dice with `turnPoints` turn points.
    public init(turnPoints: Int, dice: Int) {
        self.turnPoints = turnPoints
        self.dice = dice
    }
}
