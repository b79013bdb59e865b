/// One thing a player does at the table, as a scorekeeper records it.
///
/// A turn is a run of actions by the player to move: rolls (when the dice are entered), keeps, then a bank or a
/// farkle. A roll may be left out: a keep alone says what was set aside, and `farkle` that the roll scored
/// nothing. `GameState.apply(_:)` says which action the rules allow next.
public enum GameAction: Hashable, Sendable, CustomStringConvertible {
    /// The dice rolled: as many as the player has to roll. A roll with no keep ends the turn as a farkle at once
    /// (unless it is the six-dice farkle of an opening roll, which scores).
    case roll(DiceCounts)
    /// The dice set aside from the roll (or, with no roll entered, from a roll of the dice left): every die scores.
    case keep(DiceCounts)
    /// The turn points go to the player's total.
    case bank
    /// The roll scored nothing, entered without its dice.
    case farkle
    /// Under piggybacking, before the turn's first roll: the player takes over the turn the last player banked
    /// (`GameState.offer`), its points and its dice.
    case takeOver

    /// `roll 1 5 2 3 4 6`, `keep 1 5`, `bank`, `farkle`, `take over`.
    public var description: String {
        switch self {
        case .roll(let dice): "roll \(Self.faces(dice))"
        case .keep(let dice): "keep \(Self.faces(dice))"
        case .bank: "bank"
        case .farkle: "farkle"
        case .takeOver: "take over"
        }
    }

    /// The faces of `dice`, lowest first: `1 5 5`.
    static func faces(_ dice: DiceCounts) -> String {
        dice.faces.map(String.init).joined(separator: " ")
    }
}
