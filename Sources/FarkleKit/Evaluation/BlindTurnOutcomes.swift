/// How one turn ends under a strategy that ignores the totals (`ev`, `greedy`, `threshold:...`): the
/// chance to bank each number of points, to farkle, and to roll a six of a kind that wins at once.
///
/// Such a strategy plays the same turn at every pair of totals, so the turn is worked out once, and the
/// exact odds of a game (`ExactOdds`) only weigh its banks at each pair. Computed forward from the
/// opening roll over the states (turn points, dice to roll), turn points ascending: every keep and the
/// six-dice farkle add points, so a state's probability is final before it is spread on. Each roll
/// follows the engine exactly: a roll without a keep is a farkle or the six-dice farkle; six 1s that
/// win end the game; otherwise the strategy's keep, then a bank where the strategy wishes it and the
/// rules allow it (`TurnMechanics.mayBank`, with the least bank of an entered player or not).
///
/// The turn points have no ceiling: the computation runs until the turns still going hold less than
/// `tolerance` of probability, and drops those (they would bank more than any level tabulated).
struct BlindTurnOutcomes: Equatable, Sendable {
    /// The chance to bank `level * scoreStep` points.
    let banked: [Double]
    /// The chance that the turn ends in a farkle.
    let farkle: Double
    /// The chance that the turn rolls a six of a kind that wins the game at once.
    let instantWin: Double
    /// `bankedAbove[d]`: the chance to bank more than `d` levels, for d in `0..<banked.count`.
    private let bankedAbove: [Double]

    /// The probability of turns still going below which the computation stops.
    static let tolerance = 1e-15

    /// The most levels of turn points followed before the turn is declared endless.
    static let maximumLevels = 200_000

    /// The turn of `strategy` for a player whose least bank is `leastBank`.
    ///
    /// - Parameters:
    ///   - situation: What the strategy is told; it must not change its decisions (the caller's promise).
    /// - Returns: `nil` when the turn does not end within `maximumLevels` levels with probability
    ///   `1 - tolerance` (a strategy that never banks under rules where some rolls never farkle).
    init?<Seat: Strategy>(
        strategy: Seat, rolls: RollList, mechanics: TurnMechanics, leastBank: Int, situation: GameSituation
    ) {
        let step = mechanics.scoreStep
        let maximum = mechanics.dice
        let perLevel = TurnMechanics.statesPerLevel
        var generator = SystemRandomNumberGenerator()
        var mass: [Double] = []
        var banked: [Double] = []
        var farkle = 0.0
        var instantWin = 0.0
        func add(_ probability: Double, level: Int, dice: Int) {
            let needed = (level + 1) * perLevel
            if mass.count < needed { mass.append(contentsOf: repeatElement(0, count: needed - mass.count)) }
            mass[level * perLevel + dice] += probability
        }
        func bank(_ probability: Double, level: Int) {
            if banked.count <= level { banked.append(contentsOf: repeatElement(0, count: level + 1 - banked.count)) }
            banked[level] += probability
        }
        /// Spreads `probability` of rolling `dice` dice with `level` turn points over the rolls.
        func roll(_ probability: Double, level: Int, dice: Int, isOpening: Bool) {
            let points = level * step
            for outcome in rolls.outcomes[dice] {
                let chance = probability * outcome.probability
                var next = (points: points, dice: maximum)
                let wish: Bool?
                if outcome.isFarkle {
                    guard let bonus = mechanics.sixDiceFarkle(dice: dice, isOpeningRoll: isOpening) else {
                        // A scoreless opening roll that is rolled again is in the other rolls' chances.
                        if !(isOpening && mechanics.rerollsScorelessOpeningRoll) { farkle += chance }
                        continue
                    }
                    next.points += bonus
                    wish = nil
                } else if outcome.isInstantWin {
                    instantWin += chance
                    continue
                } else if outcome.isInstantLoss {
                    // The turn loses the game: no win, no tie, no turn after it.
                    continue
                } else {
                    let move = strategy.move(
                        turnPoints: points, dice: dice, multiset: outcome.multiset, situation: situation,
                        using: &generator)
                    next = (points + move.score, mechanics.diceLeft(afterKeeping: move.diceUsed, of: dice))
                    wish = move.banks
                }
                let nextLevel = next.points / step
                if wish != false, mechanics.mayBank(turnPoints: next.points, diceLeft: next.dice, least: leastBank),
                    wish
                        ?? strategy.shouldBank(
                            turnPoints: next.points, diceLeft: next.dice, situation: situation, using: &generator)
                {
                    bank(chance, level: nextLevel)
                } else {
                    add(chance, level: nextLevel, dice: next.dice)
                }
            }
        }

        let openingFarkle = rolls.outcomes[maximum].reduce(0.0) { $1.isFarkle ? $0 + $1.probability : $0 }
        roll(mechanics.openingRoll(1, farkle: 0, farkleChance: openingFarkle), level: 0, dice: maximum, isOpening: true)
        var level = 0
        while level * perLevel < mass.count {
            guard level < Self.maximumLevels else { return nil }
            for dice in 1...maximum {
                let probability = mass[level * perLevel + dice]
                if probability > 0 { roll(probability, level: level, dice: dice, isOpening: false) }
            }
            level += 1
            let going = mass[min(level * perLevel, mass.count)...].reduce(0, +)
            if going < Self.tolerance { break }
        }
        self.init(banked: banked, farkle: farkle, instantWin: instantWin)
    }

    /// A turn that banks each level with the chance `banked[level]`, farkles with `farkle` and wins at once with
    /// `instantWin`.
    init(banked: [Double], farkle: Double, instantWin: Double) {
        var above = [Double](repeating: 0, count: banked.count)
        var sum = 0.0
        for index in banked.indices.reversed() {
            above[index] = sum
            sum += banked[index]
        }
        self.banked = banked
        self.farkle = farkle
        self.instantWin = instantWin
        bankedAbove = above
    }

    /// The final-round player's chances to win and to tie when `deficit` levels behind: a bank of more
    /// levels wins, of exactly as many ties, and a six of a kind that wins at once wins.
    func finalRound(deficit: Int) -> (win: Double, tie: Double) {
        guard deficit < banked.count else { return (instantWin, 0) }
        let level = max(deficit, 0)
        return (instantWin + bankedAbove[level], deficit < 0 ? 0 : banked[level])
    }
}

extension BlindTurnOutcomes {
    /// Where a target `need` levels away must be hit exactly (``GameRules/mustHitTargetExactly``): the chance that a
    /// turn whose banks have the chances `banked` (by level) hits it, which wins, and that it banks past it, which
    /// busts and ends the turn as a farkle. The one split of a blind turn's banks at the target, for the exact odds
    /// of two players under a penalty and of three.
    static func exactTarget(_ banked: [Double], need: Int) -> (hit: Double, busts: Double) {
        let hit = banked.indices.contains(need) ? banked[need] : 0
        let busts = banked.count > need + 1 ? banked[(need + 1)...].reduce(0, +) : 0
        return (hit, busts)
    }
}
