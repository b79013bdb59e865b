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
}
