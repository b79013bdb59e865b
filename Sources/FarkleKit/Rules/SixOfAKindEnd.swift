/// What a six of a kind rolled at once does in a game (`GameRules.sixOfAKindEnd(face:)`), as a rule file names it.
package enum SixOfAKindEnd: String, Sendable, CaseIterable {
    /// It scores as a combination.
    case points
    /// The roller wins at once.
    case win = "instant_win"
    /// The roller loses at once.
    case loss = "loses"
}
