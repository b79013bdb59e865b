extension ExpectedScoreSolver {
    /// R of a turn taken over from `offeredPoints` (the bonus included) with `diceLeft` dice to roll, where no bank
    /// below `leastBank` turn points is allowed: the expected points of rolling now, a farkle worth `farkleValue`.
    ///
    /// From `leastBank` on the turn is this solver's: it banks as this one may (`leastBank` is at least this
    /// turn's own least bank) and turn points only grow. Below it every state must roll, so R comes from the
    /// levels above alone, one row at a time down to the offer (`roll(level:dice:...)`, the table's own R), with
    /// no table of the levels below the offer: an offer of a billion points costs what one of a thousand does.
    ///
    /// - Complexity: O((leastBank − offeredPoints) / step) rows of R.
    /// - Precondition: `offeredPoints` is a non-negative multiple of the score step; `leastBank` is at least this
    ///   turn's least bank; `diceLeft` is 1...6.
    package func rollValue(takingOver offeredPoints: Int, diceLeft: Int, leastBank: Int) -> Double {
        precondition(leastBank >= mechanics.minimumBank, "a least bank at or above the turn's own")
        let step = mechanics.scoreStep
        let first = checkedLevel(offeredPoints, diceLeft)
        let bankLevel = max(first, (leastBank + step - 1) / step)
        guard bankLevel > first else { return rollValue(turnPoints: offeredPoints, diceLeft: diceLeft) }
        var rows = TakenOverRows(turn: self, first: first, bankLevel: bankLevel)
        for level in stride(from: bankLevel - 1, through: first, by: -1) {
            for dice in 1...mechanics.dice {
                let roll = Self.roll(
                    level: level, dice: dice, outcomes: outcomes, mechanics: mechanics, farkleValue: farkleValue,
                    successors: rows)
                rows.rolls[rows.index(level, dice)] = roll.value
            }
        }
        return rows.rolls[rows.index(first, diceLeft)]
    }

    /// The rows of a turn taken over below its least bank, where every state rolls: R of each, and above them the
    /// values of `turn`.
    private struct TakenOverRows: RollSuccessors {
        let turn: ExpectedScoreSolver
        /// The offer's level, the lowest row.
        let first: Int
        /// The least bank's level, above the rows.
        let bankLevel: Int
        /// R at `index(level, dice)`.
        var rolls: [Double]

        init(turn: ExpectedScoreSolver, first: Int, bankLevel: Int) {
            self.turn = turn
            self.first = first
            self.bankLevel = bankLevel
            rolls = [Double](repeating: 0, count: (bankLevel - first) * (DiceCounts.maximumDice + 1))
        }

        func index(_ level: Int, _ dice: Int) -> Int { (level - first) * (DiceCounts.maximumDice + 1) + dice }

        func value(_ level: Int, _ dice: Int) -> Double {
            level >= bankLevel
                ? turn.value(turnPoints: level * turn.mechanics.scoreStep, diceLeft: dice) : rolls[index(level, dice)]
        }

        /// The chance of a farkle is not asked of a turn taken over: 0.
        func chose(group: Int, option: RollOutcomes.Option, at level: Int) -> Double { 0 }

        func scoredNothing(dice: Int, goingOnAt level: Int?) -> Double { 0 }
    }

    /// What taking over an offer of `offeredPoints` (the bonus included) with `diceLeft` dice is worth to this
    /// turn's player, in its expected points: R at the offer, or for a player not yet on the board (`hasEntered`
    /// `false`) where the rules' inherited points do not enter (`Piggyback.inheritedPointsEnter`), R of the turn
    /// that banks only from the entry minimum on top of the offer
    /// (`Piggyback.leastBank(takingOver:leastBank:entryMinimum:hasEntered:)`). The one valuation of an offer, which
    /// `leastPointsToPiggyback(diceLeft:)` compares with a fresh turn.
    ///
    /// - Complexity: O(1), or O(entry minimum / step) rows of R where the entry minimum counts on top.
    /// - Precondition: `offeredPoints` is a non-negative multiple of the score step; `diceLeft` is 1...6.
    package func takeOverValue(offeredPoints: Int, diceLeft: Int) -> Double {
        guard countsEntryOnTopOfOffers, let piggyback = table.rules.game.piggyback else {
            return rollValue(turnPoints: offeredPoints, diceLeft: diceLeft)
        }
        let rules = table.rules
        let least = piggyback.leastBank(
            takingOver: offeredPoints, leastBank: mechanics.minimumBank, entryMinimum: rules.game.entryMinimum,
            hasEntered: false)
        return rollValue(takingOver: offeredPoints, diceLeft: diceLeft, leastBank: least)
    }

    /// The least level, 0 or more, where `beats` holds, for a `beats` that, once true, stays true as the level
    /// grows: doubling to a level where it holds, then bisection below it, within 2^40 levels (far past any
    /// total a game is played to); `nil` where none does.
    ///
    /// - Complexity: O(log(level)) calls of `beats`.
    static func leastLevel(where beats: (Int) -> Bool) -> Int? {
        if beats(0) { return 0 }
        var high = 1
        while !beats(high) {
            guard high < 1 << 40 else { return nil }
            high *= 2
        }
        var low = high / 2
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if beats(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
