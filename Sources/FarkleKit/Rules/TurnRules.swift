/// The rules of a single turn: when a player may bank and what a farkle costs.
public struct TurnRules: Hashable, Sendable {
    /// The dice a turn starts with and hot dice give back (6 in `standard`; 5 in a five-dice game).
    ///
    /// From 1 to `DiceCounts.maximumDice`. A combination needs at least as many dice as it holds, so a game
    /// with fewer dice never scores one that needs more (`RuleSet.combinationsNeedingMoreDice`).
    public var dice: Int
    /// The numbers of dice left (1 to `dice` - 1) with which a player may bank (`[1, 2]` in `standard`).
    public var bankingDiceLeft: Set<Int>
    /// Whether a player with hot dice must roll all the dice again (yes in `standard`).
    ///
    /// When it is `false`, a player may also bank after hot dice.
    public var hotDiceMandatory: Bool
    /// The least turn points a player may bank (0 in `standard`).
    public var minimumBank: Int
    /// Points of the no-score roll of six dice, the "six-dice farkle" (500 in `standard`), or `nil`.
    public var sixDiceFarkle: Int?
    /// Whether the six-dice farkle scores on every roll of six dice, not only a turn's opening roll.
    public var sixDiceFarkleOnEveryRoll: Bool
    /// Whether a turn's opening roll that scores nothing is rolled again, so that no turn farkles on its
    /// opening roll (`false` in `standard`).
    ///
    /// Applies only where the rules have no six-dice farkle: one scores such a roll instead
    /// (`TurnMechanics.rerollsScorelessOpeningRoll`).
    public var rerollsScorelessOpeningRoll: Bool
    /// The points a turn's opening roll that scores nothing takes off the player's total, ending the turn as a
    /// farkle (0 in `standard`: such a roll is a plain farkle, or scores as the six-dice farkle).
    ///
    /// Applies only where the rules have no six-dice farkle and do not roll it again, as
    /// `rerollsScorelessOpeningRoll` (`TurnMechanics.openingFarkleCost`). Like a three-farkle penalty of points,
    /// it may take a total below zero; the farkle counts toward that penalty.
    public var openingFarkleCost: Int
    /// What a third farkle in a row costs a player's total: points, or the whole total (`nil` in `standard`).
    ///
    /// The count of farkles in a row restarts after the penalty.
    public var threeFarklePenalty: ThreeFarklePenalty?
    /// Points added to a keep that sets aside every die rolled, hot dice (0 in `standard`).
    ///
    /// The six-dice farkle counts as a keep of all six dice, so it earns the bonus too. The scoring table
    /// adds it to such keeps (`points(ofKeeping:isHotDice:)`), so every solver, strategy and engine sees it.
    public var hotDiceBonus: Int

    /// Creates turn rules; the defaults are those of `standard`.
    public init(
        bankingDiceLeft: Set<Int> = [1, 2],
        hotDiceMandatory: Bool = true,
        minimumBank: Int = 0,
        sixDiceFarkle: Int? = 500,
        sixDiceFarkleOnEveryRoll: Bool = false,
        threeFarklePenalty: ThreeFarklePenalty? = nil,
        hotDiceBonus: Int = 0,
        rerollsScorelessOpeningRoll: Bool = false,
        dice: Int = DiceCounts.maximumDice,
        openingFarkleCost: Int = 0
    ) {
        self.dice = dice
        self.bankingDiceLeft = bankingDiceLeft
        self.hotDiceMandatory = hotDiceMandatory
        self.minimumBank = minimumBank
        self.sixDiceFarkle = sixDiceFarkle
        self.sixDiceFarkleOnEveryRoll = sixDiceFarkleOnEveryRoll
        self.threeFarklePenalty = threeFarklePenalty
        self.hotDiceBonus = hotDiceBonus
        self.rerollsScorelessOpeningRoll = rerollsScorelessOpeningRoll
        self.openingFarkleCost = openingFarkleCost
    }

    /// The points a keep adds to the turn: what its dice score by their combinations, plus the hot-dice bonus
    /// when it sets aside every die rolled.
    ///
    /// The one definition of the bonus; `isHotDice` is whether the keep leaves no die to roll
    /// (`TurnMechanics.diceLeft(afterKeeping:of:)` gives all the dice again).
    package func points(ofKeeping combinationPoints: Int, isHotDice: Bool) -> Int {
        isHotDice ? combinationPoints + hotDiceBonus : combinationPoints
    }

    /// The points a turn's opening roll that scores nothing takes off the total where such a roll is a farkle:
    /// `openingFarkleCost`, or 0 where a six-dice farkle scores it or it is rolled again. The one reading of the rule.
    package var scorelessOpeningRollCost: Int {
        sixDiceFarkle == nil && !rerollsScorelessOpeningRoll ? openingFarkleCost : 0
    }

    /// Whether a player's farkles in a row are counted: only toward a three-farkle penalty. Where they are not, a
    /// game's state, a solver's and the advice keep no count (every count is 0). The one reading of the rule.
    package var countsFarklesInARow: Bool { threeFarklePenalty != nil }

    /// Whether a farkle may take points off a total: a three-farkle penalty, or a scoreless opening roll that costs
    /// points. Banked points then differ from net points.
    package var farklesCostPoints: Bool {
        countsFarklesInARow || scorelessOpeningRollCost > 0
    }

    /// Why `what` (a solver or a play, named as the subject of a sentence) does not follow these turn rules of the
    /// rule set `name`, in one line, or `nil` where it may: the one gate of the opening farkle's cost.
    ///
    /// The cost takes a total down on any turn. The race of two played to win and its exact odds follow it
    /// (`PenaltyWinSolver` keeps totals down to a floor, as under a three-farkle penalty), and so do the game of
    /// rounds played to win and its exact odds, where only the lead counts; the solvers and plays that tabulate
    /// totals that only rise ask here: the exact odds of three players, loaded dice. (The chance to reach a total
    /// alone tabulates totals below 0, as far as the turns can take them.)
    /// `instead` says what to do.
    package func openingFarkleCostRefusal(
        rules name: String, of what: String, instead: String = "simulate the game instead"
    ) -> String? {
        let cost = scorelessOpeningRollCost
        guard cost > 0 else { return nil }
        return "\(what) follow totals that only rise, and rules '\(name)' take \(cost) points off the total for a "
            + "scoreless opening roll (\(instead))"
    }

    /// Whether a player may bank with `diceLeft` dice to roll (all the dice after hot dice), ignoring
    /// the minimum bank.
    ///
    /// The one definition of where banking is allowed; `TurnMechanics` asks it once per dice count.
    package func allowsBanking(diceLeft: Int) -> Bool {
        guard diceLeft < dice else { return diceLeft == dice && !hotDiceMandatory }
        return bankingDiceLeft.contains(diceLeft)
    }
}
