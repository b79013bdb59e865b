/// How a player decides: which keep to take from a roll, and whether to bank.
///
/// A new strategy is one small value type. The engine calls it for the
/// current seat only:
/// - `keep(turnPoints:dice:multiset:situation:)` after every roll that allows
///   a keep; the roll is multiset `multiset` of `dice` dice in `DiceCatalog`
///   numbering (read its dice with `DiceCatalog.shared.multisets[dice][multiset]`,
///   its keeps with `ScoringTable.keeps(dice:multiset:)`). It must return one of
///   that roll's keeps.
/// - `shouldBank(turnPoints:diceLeft:situation:)` only where the rules allow
///   banking (dice count, minimum bank, entry minimum); `diceLeft` is 6 after hot dice.
///
/// The engine actually asks `move(turnPoints:dice:multiset:situation:)`, whose
/// default takes `keep` and leaves the bank decision to `shouldBank`. A
/// strategy that knows right away whether it banks after its keep overrides
/// `move` to answer both at once; the engine then calls `shouldBank` only for
/// moves whose `banks` is `nil` (and after a six-dice farkle bonus).
///
/// The engine is generic over the strategy type, so a concrete strategy is
/// called directly, without dynamic dispatch; mix several kinds at one table
/// with an enum such as `BuiltInStrategy`.
public protocol Strategy: Sendable {
    /// How the strategy is named in results (`greedy`, `threshold:300,350`).
    var name: String { get }

    /// The keep to take from a roll that allows at least one.
    func keep(turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation) -> Keep

    /// Whether to bank `turnPoints` now rather than roll `diceLeft` dice.
    func shouldBank(turnPoints: Int, diceLeft: Int, situation: GameSituation) -> Bool

    /// The keep to take from a roll that allows at least one, and whether to bank right after it.
    ///
    /// Must agree with `keep` and `shouldBank`: the keep's points and dice, and
    /// for `banks` either `nil` or what `shouldBank` answers after the keep.
    func move(turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation) -> Move
}

extension Strategy {
    /// The keep of `keep(turnPoints:dice:multiset:situation:)`, leaving the bank decision to `shouldBank`.
    @inlinable
    public func move(turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation) -> Move {
        Move(keep: keep(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation), banks: nil)
    }
}
