/// Dice set aside after a roll: a part of the roll that splits entirely into combinations.
@frozen
public struct Keep: Hashable, Sendable {
    /// The dice kept.
    public let dice: DiceCounts
    /// The points of the keep: the maximum over every way of splitting it into combinations.
    public let score: Int

    /// Creates a keep of `dice` scoring `score` points.
    @inlinable
    public init(dice: DiceCounts, score: Int) {
        self.dice = dice
        self.score = score
    }

    /// The number of dice the keep uses.
    @inlinable
    public var diceUsed: Int { dice.count }
}

extension Keep: CustomStringConvertible {
    /// `155 = 200`.
    public var description: String { "\(dice) = \(score)" }
}
