/// One seat's turn as an engine plays it: what the engines that share `GameLoop` do not share.
protocol TurnPlayer {
    /// Plays one turn of `situation.seat`, adding its rolls to `rolls`: how it ended and the points banked, or
    /// after a farkle minus what it costs (`TurnMechanics.farkleCost(rolled:isOpeningRoll:)`), 0 otherwise; and
    /// the dice a bank left (every die after hot dice).
    ///
    /// Under piggybacking `offer` is the turn the previous seat banked, which the seat's strategy may take over
    /// (`Strategy.piggybacks(turnPoints:diceLeft:situation:using:)`); `nil` where there is none.
    mutating func playTurn(_ situation: GameSituation, offer: TurnOffer?, rolls: inout Int) -> (
        TurnOutcome, Int, diceLeft: Int
    )
}

/// A game around its turns, written once for the engines that play one game at a time: the plain game's
/// (`GameEngine`) and that of loaded dice (`LoadedEngine`).
///
/// It keeps the totals, every seat's farkles in a row and the three-farkle penalty, who is on the board, the
/// rounds and the final round (`GameProgress`, which reads the end of the game), and counts how each game went.
/// The turns draw every random number, so the games of a seed are the engine's turns' alone.
struct GameLoop: Sendable {
    private let players: Int
    private let rules: GameRules
    private let threeFarklePenalty: ThreeFarklePenalty?
    private let maximumRounds: Int
    /// Piggybacking, at a table of two or more; `nil` otherwise.
    private let piggyback: Piggyback?
    /// Where first turns are counted (the engine of loaded dice, to compare with their exact value): each bank is
    /// counted up to this, the target; `nil`: not counted.
    private let firstTurnCap: Int?

    /// The games of `players` seats under `rules`, stopped as unfinished after `maximumRounds` rounds; with
    /// `firstTurnCap`, every first turn is counted as well (`SimulationTally.Seat.firstTurns`), its bank up to it.
    init(players: Int, rules: RuleSet, maximumRounds: Int, firstTurnCap: Int? = nil) {
        self.players = players
        self.rules = rules.game
        threeFarklePenalty = rules.turn.threeFarklePenalty
        self.maximumRounds = maximumRounds
        piggyback = players > 1 ? rules.game.piggyback : nil
        self.firstTurnCap = firstTurnCap
    }

    /// Plays one game of `turns`, counting it in `counts` (and how a game scored by the totals ended in `tally`)
    /// and telling `observer` each turn and the end.
    @inline(__always)
    func play<Turns: TurnPlayer, Observer: GameObserver>(
        _ turns: inout Turns, _ counts: inout ChunkCounts, _ tally: inout SimulationTally, _ observer: inout Observer
    ) {
        // The game's net points and turns, for the per-game sums, as differences of the running totals: nothing
        // to track inside the game loop.
        let before = counts.seats.totals(players: players)
        playGame(&turns, &counts, &tally, &observer)
        let after = counts.seats.totals(players: players)
        counts.addGame(netPoints: after.netPoints - before.netPoints, turns: after.turns - before.turns)
    }

    private func playGame<Turns: TurnPlayer, Observer: GameObserver>(
        _ turns: inout Turns, _ counts: inout ChunkCounts, _ tally: inout SimulationTally, _ observer: inout Observer
    ) {
        var situation = GameSituation(players: players, end: rules.end)
        var progress = GameProgress(players: players, rules: rules, maximumRounds: maximumRounds)
        var farklesInARow = SeatCounters()
        var entered: UInt8 = 0
        // The turn the last seat banked, for the next to take over under piggybacking.
        var offer: TurnOffer?
        counts.games += 1
        while true {
            let seat = progress.seat
            situation.seat = seat
            situation.round = progress.round
            situation.isFinalRound = progress.isFinalRound
            situation.farklesInARow = farklesInARow[seat]
            situation.hasEntered = entered & (1 << seat) != 0
            var (outcome, turnPoints, diceLeft) = turns.playTurn(situation, offer: offer, rolls: &counts.rolls)
            offer = nil
            if outcome == .banked, rules.bankBusts(total: situation.scores[seat], turnPoints: turnPoints) {
                // Past a target to hit exactly: the bank scores nothing and the turn ends as a farkle does.
                (outcome, turnPoints) = (.farkle(penalty: false), 0)
            }
            counts.seats[seat].turns += 1
            if let cap = firstTurnCap, progress.round == 1 {
                let counted = min(turnPoints, cap)
                counts.seats[seat].firstTurns += 1
                counts.seats[seat].firstTurnPoints += counted
                counts.seats[seat].firstTurnPointsSquared += Double(counted) * Double(counted)
            }
            switch outcome {
            case .instantWin:
                counts.instantWins += 1
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                return finish(winner: seat, situation.scores, progress.round, &counts, &tally, &observer)
            case .instantLoss:
                // The roller is out; the others' totals decide, as at the end of the game.
                counts.instantLosses += 1
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                return finishByTotals(
                    situation.scores, progress.round, leaders: GameProgress.leaders(situation.scores, excluding: seat),
                    &counts, &tally, &observer)
            case .farkle:
                counts.seats[seat].farkles += 1
                farklesInARow[seat] += 1
                if turnPoints < 0 {
                    // A scoreless opening roll that costs points: taken in full, as a penalty is.
                    _ = situation.scores.add(turnPoints, toSeat: seat)
                    counts.seats[seat].penaltyPoints -= turnPoints
                }
                var penalized = false
                if let penalty = threeFarklePenalty, farklesInARow[seat] == 3 {
                    // Totals may go below zero: a penalty of points is taken in full.
                    let total = situation.scores[seat]
                    let lost = total - penalty.total(afterPenaltyOn: total)
                    _ = situation.scores.add(-lost, toSeat: seat)
                    farklesInARow[seat] = 0
                    counts.penalties += 1
                    counts.seats[seat].penaltyPoints += lost
                    penalized = true
                }
                // The next seat's opponent is the seat that just played: its count, as it stands now.
                situation.opponentFarklesInARow = farklesInARow[seat]
                observer.turnEnded(
                    seat: seat, outcome: .farkle(penalty: penalized), turnPoints: 0, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
            case .banked:
                counts.seats[seat].bankedPoints += turnPoints
                counts.bankedPointsSquared += Double(turnPoints) * Double(turnPoints)
                let total = situation.scores.add(turnPoints, toSeat: seat)
                farklesInARow[seat] = 0
                situation.opponentFarklesInARow = 0
                entered |= 1 << seat
                let winsNow = progress.banked(total: total, turnPoints: turnPoints)
                offer = piggyback?.offer(turnPoints: turnPoints, diceLeft: diceLeft)
                observer.turnEnded(
                    seat: seat, outcome: outcome, turnPoints: turnPoints, scores: situation.scores,
                    isFinalRound: situation.isFinalRound)
                if winsNow { return finish(winner: seat, situation.scores, progress.round, &counts, &tally, &observer) }
            }
            switch progress.endTurn() {
            case .nextTurn: continue
            case .scoreTotals:
                if progress.playsExtraRound(situation.scores) { continue }
                let onTotals = GameProgress.leaders(situation.scores)
                tally.addEnding(sharedHighestTotal: onTotals.nonzeroBitCount > 1, isExtraRound: progress.isExtraRound)
                return finishByTotals(
                    situation.scores, progress.round, leaders: progress.breakingTie(onTotals), &counts, &tally,
                    &observer)
            case .unfinished:
                counts.unfinishedGames += 1
                observer.gameEnded(winner: nil, scores: situation.scores)
                return
            }
        }
    }

    /// Scores a game at its end by the totals: the highest total wins; a shared highest total is a tie, unless
    /// the rules break it by the highest single turn (`GameProgress.leaders(_:)`).
    private func finishByTotals<Observer: GameObserver>(
        _ scores: SeatScores, _ round: Int, leaders: UInt8, _ counts: inout ChunkCounts,
        _ tally: inout SimulationTally, _ observer: inout Observer
    ) {
        if leaders.nonzeroBitCount == 1 {
            return finish(winner: leaders.trailingZeroBitCount, scores, round, &counts, &tally, &observer)
        }
        if leaders == 0 {
            // A solo player lost at once: the game ends with nobody to win it.
            tally.gamesByRound[round] += 1
            tally.addFinalTotals(scores)
            return observer.gameEnded(winner: nil, scores: scores)
        }
        counts.ties += 1
        for seat in 0..<players where leaders & (1 << seat) != 0 { counts.seats[seat].ties += 1 }
        tally.gamesByRound[round] += 1
        tally.addFinalTotals(scores)
        observer.gameEnded(winner: nil, scores: scores)
    }

    /// Counts a game `winner` won in round `round`.
    private func finish<Observer: GameObserver>(
        winner: Int, _ scores: SeatScores, _ round: Int, _ counts: inout ChunkCounts, _ tally: inout SimulationTally,
        _ observer: inout Observer
    ) {
        counts.seats[winner].wins += 1
        tally.gamesByRound[round] += 1
        tally.addFinalTotals(scores)
        observer.gameEnded(winner: winner, scores: scores)
    }
}
