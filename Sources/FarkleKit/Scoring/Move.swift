/// A strategy's answer to a roll: the keep's points and dice, and whether to bank right after it.
///
/// `Strategy.move(turnPoints:dice:multiset:situation:)` returns one per roll, so
/// a strategy whose bank decision follows from the keep (the expected-score
/// policy, greedy, thresholds) decides both with one table read. `banks` is
/// only a wish: the engine banks only where the rules allow banking (dice
/// left, minimum bank, entry minimum), and `nil` leaves the decision to
/// `Strategy.shouldBank(turnPoints:diceLeft:situation:)`.
@frozen
public struct Move: Hashable, Sendable {
    /// The points the keep scores.
    public var score: Int

    /// The number of dice the keep uses (all the dice rolled: hot dice).
    public var diceUsed: Int

    /// Whether to bank after the keep where the rules allow it; `nil` asks `shouldBank`.
    public var banks: Bool?

    /// A move that scores `score` with `diceUsed` dice, then banks or not as `banks` says.
    @inlinable
    public init(score: Int, diceUsed: Int, banks: Bool?) {
        self.score = score
        self.diceUsed = diceUsed
        self.banks = banks
    }

    /// A move that takes `keep`, then banks or not as `banks` says (`nil`: ask `shouldBank`).
    @inlinable
    public init(keep: Keep, banks: Bool?) {
        self.init(score: keep.score, diceUsed: keep.diceUsed, banks: banks)
    }

    /// The dice left to roll after the move from a roll of `dice` dice under `rules`: all the game's dice
    /// (`TurnRules.dice`) after hot dice.
    @inlinable
    package func diceLeft(afterRolling dice: Int, under rules: TurnRules) -> Int {
        TurnMechanics.diceLeft(afterKeeping: diceUsed, of: dice, allDice: rules.dice)
    }
}
