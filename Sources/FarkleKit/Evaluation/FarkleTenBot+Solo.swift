// A bot playing alone looks at nothing of the game but the rounds left: no one leads or trails, so its keeps and
// bank decisions depend on the turn and, for `hard`, on whether two rounds or fewer are left. Its turns are then
// independent, and their exact distribution is a policy evaluation over the turn's states.

extension FarkleTenBot {
    /// The chance that `easy` banks `turnPoints` with `diceLeft` dice to roll (6 after hot dice): 1 with 2 dice
    /// or fewer, else the share of its equally likely thresholds (300 to 450) at or below the turn points.
    static func easyBankChance(turnPoints: Int, diceLeft: Int) -> Double {
        if diceLeft <= easyBankDice { return 1 }
        let reached = min(max(turnPoints - easyLeastThreshold + 1, 0), Int(easyThresholdCount))
        return Double(reached) / Double(easyThresholdCount)
    }

    /// The exact distribution of the points one turn of the bot banks when it plays alone, with `roundsLeft`
    /// rounds to play, this one included (`nil`: a race, where only the turn matters).
    ///
    /// `easy`'s random keeps and thresholds enter with their chances; `medium` and `hard` are deterministic.
    ///
    /// - Precondition: `table` is the table of the rules the bot was built for.
    func soloTurnDistribution(
        table: ScoringTable, roundsLeft: Int?, maximumPoints: Int = 50_000
    ) -> BankedPointsDistribution {
        var situation = GameSituation(players: 1, end: table.rules.game.end)
        if let rounds = table.rules.game.end.rounds, let roundsLeft {
            situation.round = rounds - roundsLeft + 1
        }
        let level = level
        let combinations = combinations
        return BankedPointsDistribution(table: table, maximumPoints: maximumPoints) { _, dice, multiset, keep in
            let global = combinations.globalIndex(dice: dice, multiset: multiset)
            let first = Int(combinations.candidateStart[global])
            let count = Int(combinations.candidateStart[global + 1]) - first
            guard count > 0 else { return }
            let choice = combinations.choice(global: global, level)
            guard level == .easy else {
                keep(Int(choice.score), Int(choice.diceUsed), 1)
                return
            }
            keep(Int(choice.score), Int(choice.diceUsed), 1 - Self.easyRandomKeepChance)
            for index in first..<first + count {
                let candidate = combinations.candidateList[index]
                keep(Int(candidate.score), Int(candidate.diceUsed), Self.easyRandomKeepChance / Double(count))
            }
        } bankChance: { turnPoints, diceLeft in
            if level == .easy { return Self.easyBankChance(turnPoints: turnPoints, diceLeft: diceLeft) }
            // Medium and hard draw nothing: any generator gives their one decision.
            var unused = SplitMix64(state: 0)
            let banks = Self.banks(
                level, turnPoints: turnPoints, diceLeft: diceLeft,
                mediumBankFrom: combinations.mediumBankFrom[diceLeft], situation: situation, using: &unused)
            return banks ? 1 : 0
        }
    }

    /// The exact distribution of the bot's final total in a game of rounds played alone, each round's turn
    /// distributed as `soloTurnDistribution(table:roundsLeft:maximumPoints:)`; `nil` for a race.
    ///
    /// - Precondition: as for `soloTurnDistribution(table:roundsLeft:maximumPoints:)`.
    package func soloTotalDistribution(table: ScoringTable, maximumPoints: Int = 50_000) -> BankedPointsDistribution? {
        guard let rounds = table.rules.game.end.rounds else { return nil }
        // Only hard looks at the rounds left: the others' rounds are all one distribution.
        var byRoundsLeft: [Int: BankedPointsDistribution] = [:]
        let turns = (1...rounds).reversed().map { roundsLeft in
            let key = level == .hard ? roundsLeft : 0
            if let known = byRoundsLeft[key] { return known }
            let turn = soloTurnDistribution(table: table, roundsLeft: roundsLeft, maximumPoints: maximumPoints)
            byRoundsLeft[key] = turn
            return turn
        }
        return BankedPointsDistribution(summing: turns)
    }
}
