/// How a player decides: which keep to take from a roll, and whether to bank.
///
/// A new strategy is one small value type. The engine calls it for the
/// current seat only:
/// - `move(turnPoints:dice:multiset:situation:using:)` after every roll that
///   allows a keep; the roll is multiset `multiset` of `dice` dice in
///   `DiceCatalog` numbering (read its dice with
///   `DiceCatalog.shared.roll(dice:multiset:)`, its keeps with
///   `ScoringTable.keeps(for:)`). It must take one of that roll's
///   keeps, and may say right away whether to bank after it.
/// - `shouldBank(turnPoints:diceLeft:situation:using:)` only where the rules
///   allow banking (dice count, minimum bank, entry minimum) and the move left
///   the decision open (`Move.banks` is `nil`), or after a six-dice farkle;
///   `diceLeft` is 6 after hot dice.
/// - `piggybacks(turnPoints:diceLeft:situation:using:)` under piggybacking, before a turn's first roll, when the
///   last bank left enough dice to take over (a default is given).
///
/// Both receive a random number generator for strategies that decide at
/// random (the swift-algorithms convention, `using generator: inout some
/// RandomNumberGenerator`). In a simulation it is the strategies' own stream,
/// derived from the seed and the chunk of games and separate from the dice, so
/// a random strategy never changes the rolls any seat sees, and results stay
/// the same at any thread count. Deterministic strategies ignore it.
///
/// The engine is generic over the strategy type, so a concrete strategy is
/// called directly, without dynamic dispatch; mix several kinds at one table
/// with one type that switches over them, as `BuiltInStrategy` does. Strategies are built from a
/// `StrategyContext`.
public protocol Strategy: Sendable {
    /// How the strategy is named in results (`greedy`, `threshold:300,350`).
    var name: String { get }

    /// The keep to take from a roll that allows at least one, and whether to bank right after it.
    ///
    /// `banks` is `nil` to leave the decision to `shouldBank`, or what `shouldBank` would answer after the keep.
    func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move

    /// Whether to bank `turnPoints` now rather than roll `diceLeft` dice.
    func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool

    /// Under piggybacking, whether to take over the turn the previous player banked, rolling its `diceLeft` dice
    /// with its `turnPoints` (the rules' bonus included), rather than start a fresh turn.
    ///
    /// Asked at the start of a turn that follows a bank with enough dice left (`Piggyback`). The default takes
    /// over a turn the strategy would roll on from: `shouldBank` says no.
    func piggybacks<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool
}

extension Strategy {
    /// Takes over a turn the strategy would roll on from: `shouldBank(turnPoints:diceLeft:situation:using:)` says
    /// no.
    @inlinable
    public func piggybacks<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        takesOverWhereItRollsOn(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
    }

    /// The default offer decision, written once: take over where `shouldBank` says roll on. The protocol's
    /// default and the strategies inside `BuiltInStrategy` without a decision of their own read it (a type that
    /// implements `piggybacks` cannot call the protocol's default).
    @inlinable
    package func takesOverWhereItRollsOn<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        !shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
    }
}
