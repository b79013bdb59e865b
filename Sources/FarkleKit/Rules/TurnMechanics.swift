/// How a turn moves under a rule set, written once: dice left after a keep, the six-dice farkle, when a
/// player may bank, and how a state (turn points, dice to roll) is numbered in a table.
///
/// The simulator's inner loop, the expected-score solver, its linear tail, the
/// banked-points distribution and the advice on a roll all ask this one value,
/// so a new turn rule changes one place. Built from the turn rules and the
/// score step (`ScoringTable.turnMechanics`); every method is a few integer
/// operations, inlined into the engine. It holds plain values only (no
/// reference to the rules' sets), so the policies that carry it stay cheap to copy.
@frozen
@usableFromInline package struct TurnMechanics: Hashable, Sendable {
    /// The greatest common divisor of every keep score and the six-dice farkle: turn points are multiples of it.
    @usableFromInline package let scoreStep: Int

    /// The dice a turn starts with and hot dice give back (`TurnRules.dice`).
    @usableFromInline package let dice: Int

    /// Bit n is set when the rules allow banking with n dice to roll (`dice`: after hot dice).
    @usableFromInline
    internal let bankingMask: UInt8

    /// The least turn points a player may bank (before any entry minimum).
    public private(set) var minimumBank: Int

    /// The six-dice farkle's points, or `nil` when the rules have none.
    @usableFromInline
    internal let sixDiceFarklePoints: Int?

    /// Whether the six-dice farkle scores on every roll of six dice, not only a turn's opening roll.
    @usableFromInline
    internal let sixDiceFarkleOnEveryRoll: Bool

    /// Whether a turn's opening roll that scores nothing is rolled again: the rules say so and have no six-dice
    /// farkle (which would score that roll).
    @usableFromInline package let rerollsScorelessOpeningRoll: Bool

    /// The points a turn's opening roll that scores nothing takes off the total (0: none): the rules' cost where
    /// such a roll is a farkle (no six-dice farkle scores it, it is not rolled again).
    @usableFromInline package let openingFarkleCost: Int

    /// The totals a player can hold below `target` when points come in steps of `step`: 0, `step`, ...,
    /// `(levels - 1) * step`. A game played to win keeps one state per total (per pair, with two players).
    package static func levels(below target: Int, step: Int) -> Int {
        (target - 1) / step + 1
    }

    /// The slots per level of turn points in a state table: one for each dice count 0...6 (0 unused).
    @usableFromInline static let statesPerLevel = DiceCounts.maximumDice + 1

    /// The mechanics of `rules` with turn points counted in steps of `scoreStep` points.
    ///
    /// - Precondition: `scoreStep` is positive.
    init(rules: TurnRules, scoreStep: Int) {
        precondition(scoreStep > 0, "a positive score step")
        self.scoreStep = scoreStep
        dice = rules.dice
        bankingMask = (1...DiceCounts.maximumDice).reduce(0) { mask, dice in
            rules.allowsBanking(diceLeft: dice) ? mask | (1 << dice) : mask
        }
        minimumBank = rules.minimumBank
        // A roll of six with no combination scores as a keep of all six: hot dice, with their bonus.
        sixDiceFarklePoints = rules.sixDiceFarkle.map { rules.points(ofKeeping: $0, isHotDice: true) }
        sixDiceFarkleOnEveryRoll = rules.sixDiceFarkleOnEveryRoll
        rerollsScorelessOpeningRoll = rules.rerollsScorelessOpeningRoll && rules.sixDiceFarkle == nil
        openingFarkleCost = rules.scorelessOpeningRollCost
    }

    // MARK: - Dice

    /// The dice to roll after keeping `kept` of `rolled` dice: the rest, or all the dice again on hot dice.
    @inlinable
    package func diceLeft(afterKeeping kept: Int, of rolled: Int) -> Int {
        Self.diceLeft(afterKeeping: kept, of: rolled, allDice: dice)
    }

    /// The dice to roll after keeping `kept` of `rolled` dice in a game of `allDice` dice: the one definition,
    /// for tables that keep only the dice count (`diceLeft(afterKeeping:of:)` reads it from the mechanics).
    @inlinable
    package static func diceLeft(afterKeeping kept: Int, of rolled: Int, allDice: Int) -> Int {
        isHotDice(keeping: kept, of: rolled) ? allDice : rolled &- kept
    }

    /// Whether keeping `kept` of `rolled` dice is hot dice: every die rolled set aside, so all the dice come back
    /// (and the rules' hot-dice bonus is added, `TurnRules.points(ofKeeping:isHotDice:)`). The one definition.
    @inlinable
    package static func isHotDice(keeping kept: Int, of rolled: Int) -> Bool {
        kept == rolled
    }

    /// Whether a roll of `rolled` dice at `turnPoints` can be a turn's opening roll: every die of the game at
    /// no turn points. Hot dice give every die back only after points are kept.
    @inlinable
    package func isOpeningRoll(turnPoints: Int, rolled: Int) -> Bool {
        turnPoints == 0 && rolled == dice
    }

    /// The points a roll of `dice` dice with no keep scores as the six-dice farkle, or `nil` when it is a farkle.
    ///
    /// The six-dice farkle counts as a combination of all six dice: the player has hot dice after it.
    @inlinable
    package func sixDiceFarkle(dice: Int, isOpeningRoll: Bool) -> Int? {
        guard dice == DiceCounts.maximumDice, isOpeningRoll || sixDiceFarkleOnEveryRoll else { return nil }
        return sixDiceFarklePoints
    }

    /// What the opening roll is worth where a scoreless opening roll is rolled again, from `value`, its worth
    /// counting such a roll as a farkle worth `farkle` with chance `farkleChance`: the worth of a roll that
    /// scores, `(value - farkleChance * farkle) / (1 - farkleChance)`; `value` itself under other rules.
    ///
    /// The one definition of the reroll for every solver: a roll repeated until it scores is the roll given
    /// that it scores. Apply it to each quantity a solver follows (a value, a chance to farkle with `farkle` 1,
    /// a chance of a tie with the farkle's).
    @inlinable
    package func openingRoll(_ value: Double, farkle: Double, farkleChance: Double) -> Double {
        guard rerollsScorelessOpeningRoll, farkleChance < 1 else { return value }
        return (value - farkleChance * farkle) / (1 - farkleChance)
    }

    /// The points a farkle on a roll of `rolled` dice takes off the total: the opening farkle's cost on a turn's
    /// opening roll of every die, 0 on any other roll. The one definition, for the engines and the game at the table.
    @inlinable
    package func farkleCost(rolled: Int, isOpeningRoll: Bool) -> Int {
        isOpeningRoll && rolled == dice ? openingFarkleCost : 0
    }

    /// Whether `roll` is rolled again rather than ending the turn: a turn's opening roll of every die that
    /// `scores` nothing (no keep, no six-dice farkle) under rules that roll it again.
    package func rollsAgain(_ roll: DiceCounts, isOpeningRoll: Bool, scores: Bool) -> Bool {
        rerollsScorelessOpeningRoll && isOpeningRoll && roll.count == dice && !scores
    }

    // MARK: - Banking

    /// Whether the rules allow banking with `diceLeft` dice to roll (`dice` after hot dice), whatever the points.
    @inlinable
    package func allowsBanking(diceLeft: Int) -> Bool {
        bankingMask & (1 << diceLeft) != 0
    }

    /// Whether a player may bank `turnPoints` with `diceLeft` dice to roll.
    ///
    /// `least` is the least points the player may bank; `nil` stands for the rules' minimum bank. A game
    /// raises it to the entry minimum until the player has entered (`leastBank(entryMinimum:hasEntered:)`).
    @inlinable
    func mayBank(turnPoints: Int, diceLeft: Int, least: Int? = nil) -> Bool {
        turnPoints >= (least ?? minimumBank) && allowsBanking(diceLeft: diceLeft)
    }

    /// The least points a player may bank: the minimum bank, or the entry minimum until the first bank.
    @inlinable
    package func leastBank(entryMinimum: Int, hasEntered: Bool) -> Int {
        hasEntered ? minimumBank : max(minimumBank, entryMinimum)
    }

    /// These mechanics for one player: the minimum bank raised to `leastBank(entryMinimum:hasEntered:)`.
    ///
    /// A player not yet on the board plays the whole turn under the raised minimum, so a one-turn solver
    /// built on the result answers for that player exactly.
    func forPlayer(entryMinimum: Int, hasEntered: Bool) -> TurnMechanics {
        var mechanics = self
        mechanics.minimumBank = leastBank(entryMinimum: entryMinimum, hasEntered: hasEntered)
        return mechanics
    }

    // MARK: - States

    /// The level of `turnPoints`: the number of score steps it holds.
    @inlinable
    func level(turnPoints: Int) -> Int {
        Self.level(turnPoints: turnPoints, scoreStep: scoreStep)
    }

    /// The level of `turnPoints` in steps of `scoreStep` points, for tables that keep only the step.
    @inlinable
    static func level(turnPoints: Int, scoreStep: Int) -> Int {
        turnPoints / scoreStep
    }

    /// The position of state (level, dice to roll) in a table of `statesPerLevel` slots per level.
    @inlinable
    static func stateIndex(level: Int, diceLeft: Int) -> Int {
        level &* statesPerLevel &+ diceLeft
    }
}
