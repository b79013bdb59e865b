/// A `WinProbabilityStrategy` behind one reference: the payload of `BuiltInStrategy.win`.
///
/// The solved tables of `win` are large and the engine copies a seat's strategy on every call, so the
/// enum carries a single pointer to them: its payload stays no larger than the other cases', and `ev`
/// and `greedy` seats lose nothing to the new case. Seats playing `win` share one instance.
public final class SharedWinStrategy: Strategy {
    /// The strategy every call forwards to.
    public let strategy: WinProbabilityStrategy

    /// How the solved game ends, for the situations the plain entry points rebuild.
    private let end: GameEnd

    /// A reference to `strategy`.
    public init(_ strategy: WinProbabilityStrategy) {
        self.strategy = strategy
        end = .target(strategy.solver.target, finalRound: strategy.solver.hasFinalRound)
    }

    /// `win`.
    public var name: String { strategy.name }

    /// The move of the strategy inside (it draws no random numbers).
    public func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        move(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
    }

    /// The bank decision of the strategy inside (it draws no random numbers).
    public func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation)
    }

    private func move(turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation) -> Move {
        var generator = SystemRandomNumberGenerator()
        return strategy.move(
            turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
    }

    private func shouldBank(turnPoints: Int, diceLeft: Int, situation: GameSituation) -> Bool {
        var generator = SystemRandomNumberGenerator()
        return strategy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
    }

    // MARK: - Plain entry points

    // `BuiltInStrategy`, inlined into the engine's loop, calls these with the three numbers `win` reads,
    // not the whole situation: a situation handed to a call the compiler cannot see into would have to
    // be kept whole in memory on every roll of every seat, `ev` and `greedy` included.

    /// The move with `own` points against `opponent`, in the final round or not.
    public func move(turnPoints: Int, dice: Int, multiset: Int, own: Int, opponent: Int, isFinalRound: Bool) -> Move {
        move(
            turnPoints: turnPoints, dice: dice, multiset: multiset,
            situation: situation(own: own, opponent: opponent, isFinalRound: isFinalRound))
    }

    /// The bank decision with `own` points against `opponent`, in the final round or not.
    public func shouldBank(turnPoints: Int, diceLeft: Int, own: Int, opponent: Int, isFinalRound: Bool) -> Bool {
        shouldBank(
            turnPoints: turnPoints, diceLeft: diceLeft,
            situation: situation(own: own, opponent: opponent, isFinalRound: isFinalRound))
    }

    private func situation(own: Int, opponent: Int, isFinalRound: Bool) -> GameSituation {
        var situation = GameSituation(players: 2, end: end)
        situation.scores[0] = own
        situation.scores[1] = opponent
        situation.isFinalRound = isFinalRound
        return situation
    }
}
