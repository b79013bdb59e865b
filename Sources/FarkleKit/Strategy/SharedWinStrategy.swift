/// A `WinProbabilityStrategy` behind one reference: the payload of `BuiltInStrategy.win`.
///
/// The solved tables of `win` are large and the engine copies a seat's strategy on every call, so the
/// enum carries a single pointer to them: its payload stays no larger than the other cases', and `ev`
/// and `greedy` seats lose nothing to the new case. Seats playing `win` share one instance.
public final class SharedWinStrategy: Strategy {
    /// The strategy every call forwards to.
    public let strategy: WinProbabilityStrategy

    /// A reference to `strategy`.
    public init(_ strategy: WinProbabilityStrategy) {
        self.strategy = strategy
    }

    /// `win`.
    public var name: String { strategy.name }

    /// The move of the strategy inside.
    public func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        strategy.move(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
    }

    /// The bank decision of the strategy inside.
    public func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        strategy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
    }
}
