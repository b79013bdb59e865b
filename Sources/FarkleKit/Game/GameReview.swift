/// Every decision of a recorded game beside the best one, with what it cost.
///
/// A decision is a keep from a roll entered in the record, with the bank or the next roll after it. Each is
/// valued by the advice front door (`Advisor`) in the situation the replay gives (the totals, farkles in a row,
/// final round or rounds left): under the points objective the rules call for, and, with two players and a
/// solved game, by the chance to win. A keep entered without its roll is not reviewed: what else could have
/// been kept is not known.
public struct GameReview: Sendable {
    /// What the chosen play and the best play are worth under one objective.
    public struct Values: Hashable, Sendable {
        /// The value of the keep made and the bank or roll after it (best play after it where the record ends).
        public let chosen: Double
        /// The value of the best keep, then the better of banking and rolling on.
        public let best: Double

        /// What the choice cost: `best - chosen`, 0 for best play.
        public var cost: Double { max(best - chosen, 0) }
    }

    /// One keep and what followed it.
    public struct Decision: Hashable, Sendable {
        /// The keep's place in the record, counted from 0.
        public let action: Int
        /// The seat that decided, 0 first.
        public let seat: Int
        /// The round, from 1.
        public let round: Int
        /// The turn points before the roll.
        public let turnPoints: Int
        /// The dice rolled.
        public let roll: DiceCounts
        /// The keep made.
        public let kept: Keep
        /// After the keep: `true` for a bank, `false` for rolling on, `nil` where the record ends there.
        public let banked: Bool?
        /// The best keep under the points objective.
        public let bestKeep: Keep
        /// Whether best play banks after `bestKeep`.
        public let bestBanks: Bool
        /// What the points objective maximizes in this situation.
        public let objective: Advice.Objective
        /// Under the points objective.
        public let points: Values
        /// By P(win) + ½ P(tie), with two players and a solved game; else `nil`.
        public let win: Values?

        /// Whether the keep and the bank or roll after it are best play under the points objective (a keep of
        /// equal value counts as best).
        public var isBest: Bool { points.cost <= Self.tolerance * max(1, abs(points.best)) }

        /// Values this close count as equal: the solvers' floating-point noise, far below a point.
        static let tolerance = 1e-9
    }

    /// One player's game and decisions.
    public struct Summary: Hashable, Sendable {
        /// The player's name.
        public let name: String
        /// The final total.
        public let total: Int
        /// The game's counts: turns, points banked, farkles, penalties, hot dice.
        public let statistics: GameState.Statistics
        /// The decisions reviewed.
        public let decisions: Int
        /// The decisions that were best play under the points objective.
        public let bestDecisions: Int
        /// The points objective's value lost over all decisions.
        public let pointsCost: Double
        /// The chance to win lost over all decisions, with two players and a solved game; else `nil`.
        public let winCost: Double?
        /// What the dice gave beyond what best play expected of them, over every roll entered (`RollAdvice.luck`
        /// summed, under the points objective of each roll's situation; an instant win on the roll aside).
        ///
        /// For a whole game of rolls entered, the points banked come to what best play expected of the turns,
        /// plus the luck, less `pointsCost`: what was the dice's and what was the player's.
        public let luck: Double
    }

    /// The game reviewed.
    public let record: GameRecord
    /// The state after the last action (the result, the totals).
    public let final: GameState
    /// Every decision, in the order played.
    public let decisions: [Decision]
    /// Each player in seat order.
    public let players: [Summary]

    /// Reviews `record` with `advisor`, which must advise under the record's rules (with the game solved to win
    /// for the chance to win of two players).
    ///
    /// - Throws: `GameRecordError` for the first action the rules do not allow, or an advisor for other rules.
    /// - Complexity: One piece of advice per decision: milliseconds each, more with a solved game.
    public init(record: GameRecord, advisor: Advisor) throws(GameRecordError) {
        guard advisor.rules == record.rules else {
            throw GameRecordError(problem: Advisor.mismatch(solved: advisor.rules, asked: record.rules))
        }
        // The advice on points alone, where the advice to win does not reach a situation.
        let pointsAdvisor = advisor.game == nil ? advisor : try? Advisor(table: advisor.table)
        let actions = record.actions
        var decisions: [Decision] = []
        var luck = [Double](repeating: 0, count: record.players.count)
        self.record = record
        final = try record.replay { state, index, action in
            if case .roll(let rolled) = action, state.pendingRoll == nil, rolled.count == state.diceLeft,
                !record.rules.game.endsAtOnce(rolled),
                let advice = try? pointsAdvisor?.advice(for: state.situation(roll: rolled))
            {
                luck[state.seat] += advice.points.luck
            }
            guard case .keep(let kept) = action, let roll = state.pendingRoll else { return }
            let situation = state.situation(roll: roll)
            let advice =
                (try? advisor.advice(for: situation)) ?? (try? pointsAdvisor?.advice(for: situation))
            guard let advice,
                let decision = Self.decision(
                    advice, kept: kept, next: actions.dropFirst(index + 1).first, action: index, seat: state.seat,
                    round: state.round)
            else { return }
            decisions.append(decision)
        }
        self.decisions = decisions
        let hasWin = decisions.contains { $0.win != nil }
        players = final.players.enumerated().map { seat, player in
            let own = decisions.filter { $0.seat == seat }
            return Summary(
                name: player.name, total: player.total, statistics: player.statistics, decisions: own.count,
                bestDecisions: own.count(where: \.isBest), pointsCost: own.reduce(0) { $0 + $1.points.cost },
                winCost: hasWin ? own.reduce(0) { $0 + ($1.win?.cost ?? 0) } : nil, luck: luck[seat])
        }
    }

    /// The decision of keeping `kept` on the roll `advice` is for, with `next` the action after it.
    private static func decision(
        _ advice: Advice, kept: DiceCounts, next: GameAction?, action: Int, seat: Int, round: Int
    ) -> Decision? {
        guard let chosen = advice.points.options.first(where: { $0.keep.dice == kept }),
            let best = advice.points.best
        else { return nil }
        let banked: Bool? =
            switch next {
            case .bank: true
            case .roll, .keep, .farkle, .takeOver: false
            case nil: nil
            }
        func value(bank: Double?, roll: Double, otherwise: Double) -> Double {
            switch banked {
            case true?: bank ?? otherwise
            case false?: roll
            case nil: otherwise
            }
        }
        let points = Values(
            chosen: value(bank: chosen.bankValue, roll: chosen.rollValue, otherwise: chosen.value),
            best: best.value)
        var win: Values?
        if let advice = advice.win, let option = advice.options.first(where: { $0.keep.dice == kept }),
            let top = advice.best
        {
            win = Values(
                chosen: value(bank: option.bankValue, roll: option.rollValue, otherwise: option.value), best: top.value)
        }
        return Decision(
            action: action, seat: seat, round: round, turnPoints: advice.situation.turnPoints,
            roll: advice.situation.roll,
            kept: chosen.keep, banked: banked, bestKeep: best.keep,
            bestBanks: best.bankValue.map { $0 >= best.rollValue } ?? false, objective: advice.objective,
            points: points, win: win)
    }
}
