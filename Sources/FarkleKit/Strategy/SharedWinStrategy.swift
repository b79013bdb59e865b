/// Play to win behind one reference, in a race (`WinProbabilityStrategy`), in a race under a three-farkle
/// penalty (`PenaltyWinStrategy`), in a game of fixed rounds (`RoundsWinStrategy`) or in a race of three players
/// (`ThreePlayerWinStrategy`): the payload of `BuiltInStrategy.Kind.win`.
///
/// The solved tables of `win` are large and the engine copies a seat's strategy on every call, so the
/// enum carries a single pointer to them: its payload stays no larger than the other cases', and `ev`
/// and `greedy` seats lose nothing to the case. Both games share the one case: a further case in
/// `BuiltInStrategy` made the compiler copy the whole enum on every call (retains and releases on every
/// roll, `ev` in the general engine 4.5 times slower, measured); the entry points of the game of rounds stay out
/// of line for the same reason. Seats playing `win` share one instance.
@usableFromInline
package final class SharedWinStrategy: Strategy {
    private enum Play {
        case race
        case rounds
        case penalty
        case threePlayers
    }

    /// Which game is played: a tag without payload, so a switch on it copies nothing. The strategies are stored
    /// properties beside it, which a call borrows; an enum carrying them was copied whole by every switch (a
    /// memmove of the solved game's struct and a retain and release of each of its arrays on every call, the
    /// counts contended between threads: measured, two threads played hardly faster than one).
    private let play: Play
    private let race: WinProbabilityStrategy?
    private let rounds: RoundsWinStrategy?
    private let penalty: PenaltyWinStrategy?
    private let trio: ThreePlayerWinStrategy?

    /// The strategy of a race every call forwards to; `nil` in a game of fixed rounds.
    package var strategy: WinProbabilityStrategy? { race }

    /// The strategy of a race under a three-farkle penalty every call forwards to; `nil` in other games.
    package var penaltyStrategy: PenaltyWinStrategy? { penalty }

    /// How the solved game ends, for the situations the plain entry points rebuild.
    private let end: GameEnd

    /// A reference to `strategy`, for a race.
    package convenience init(_ strategy: WinProbabilityStrategy) {
        self.init(
            play: .race, race: strategy,
            end: .target(strategy.solver.target, finalRound: strategy.solver.hasFinalRound))
    }

    /// A reference to `strategy`, for a game of fixed rounds.
    package convenience init(_ strategy: RoundsWinStrategy) {
        self.init(play: .rounds, rounds: strategy, end: strategy.solver.table.rules.game.end)
    }

    /// A reference to `strategy`, for a race under a three-farkle penalty.
    package convenience init(_ strategy: PenaltyWinStrategy) {
        self.init(
            play: .penalty, penalty: strategy,
            end: .target(strategy.solver.target, finalRound: strategy.solver.hasFinalRound))
    }

    /// A reference to `strategy`, for a race of three players.
    package convenience init(_ strategy: ThreePlayerWinStrategy) {
        self.init(play: .threePlayers, trio: strategy, end: .target(strategy.solver.target, finalRound: false))
    }

    /// The one strategy of `play` (the others `nil`) and how its game ends.
    private init(
        play: Play, race: WinProbabilityStrategy? = nil, rounds: RoundsWinStrategy? = nil,
        penalty: PenaltyWinStrategy? = nil, trio: ThreePlayerWinStrategy? = nil, end: GameEnd
    ) {
        self.play = play
        self.race = race
        self.rounds = rounds
        self.penalty = penalty
        self.trio = trio
        self.end = end
    }

    private convenience init(copying other: SharedWinStrategy) {
        self.init(
            play: other.play, race: other.race, rounds: other.rounds, penalty: other.penalty, trio: other.trio,
            end: other.end)
    }

    /// Another reference to the same tables, for one thread's games: the engine retains and releases a seat's
    /// reference on every call, and a reference of its own keeps that count off the cache lines of other threads.
    func copyForOneThread() -> SharedWinStrategy { SharedWinStrategy(copying: self) }

    /// `win`.
    @usableFromInline
    package var name: String { "win" }

    /// The move of the strategy inside (it draws no random numbers).
    @usableFromInline
    package func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        move(turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation)
    }

    /// The bank decision of the strategy inside (it draws no random numbers).
    @usableFromInline
    package func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation)
    }

    private func move(turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation) -> Move {
        var generator = SystemRandomNumberGenerator()
        switch play {
        case .race:
            return race.unsafelyUnwrapped.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .rounds:
            return rounds.unsafelyUnwrapped.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .penalty:
            return penalty.unsafelyUnwrapped.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        case .threePlayers:
            return trio.unsafelyUnwrapped.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
        }
    }

    private func shouldBank(turnPoints: Int, diceLeft: Int, situation: GameSituation) -> Bool {
        var generator = SystemRandomNumberGenerator()
        switch play {
        case .race:
            return race.unsafelyUnwrapped.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .rounds:
            return rounds.unsafelyUnwrapped.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .penalty:
            return penalty.unsafelyUnwrapped.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        case .threePlayers:
            return trio.unsafelyUnwrapped.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
        }
    }

    // MARK: - Plain entry points

    // `BuiltInStrategy`, inlined into the engine's loop, calls these with the three numbers `win` reads,
    // not the whole situation: a situation handed to a call the compiler cannot see into would have to
    // be kept whole in memory on every roll of every seat, `ev` and `greedy` included.

    /// The move with `own` points against `opponent`, in the final round or not.
    func move(turnPoints: Int, dice: Int, multiset: Int, own: Int, opponent: Int, isFinalRound: Bool) -> Move {
        move(
            turnPoints: turnPoints, dice: dice, multiset: multiset,
            situation: situation(own: own, opponent: opponent, isFinalRound: isFinalRound))
    }

    /// The bank decision with `own` points against `opponent`, in the final round or not.
    func shouldBank(turnPoints: Int, diceLeft: Int, own: Int, opponent: Int, isFinalRound: Bool) -> Bool {
        shouldBank(
            turnPoints: turnPoints, diceLeft: diceLeft,
            situation: situation(own: own, opponent: opponent, isFinalRound: isFinalRound))
    }

    /// The move with `own` points against `opponent` in round `round` (from 0) with the table's seat `seat` to
    /// move: the numbers a game of fixed rounds reads besides those of a race.
    @inline(never)
    func move(
        turnPoints: Int, dice: Int, multiset: Int, own: Int, opponent: Int, isFinalRound: Bool, round: Int, seat: Int
    ) -> Move {
        guard play == .rounds else {
            return move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, own: own, opponent: opponent,
                isFinalRound: isFinalRound)
        }
        return rounds.unsafelyUnwrapped.move(
            turnPoints: turnPoints, dice: dice, multiset: multiset, own: own, opponent: opponent,
            turnIndex: RoundsWinSolver.turnIndex(round: round, seat: seat))
    }

    /// The bank decision with `own` points against `opponent` in round `round` with seat `seat` to move.
    @inline(never)
    func shouldBank(
        turnPoints: Int, diceLeft: Int, own: Int, opponent: Int, isFinalRound: Bool, round: Int, seat: Int
    ) -> Bool {
        guard play == .rounds else {
            return shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, own: own, opponent: opponent, isFinalRound: isFinalRound)
        }
        return rounds.unsafelyUnwrapped.shouldBank(
            turnPoints: turnPoints, diceLeft: diceLeft, own: own, opponent: opponent,
            turnIndex: RoundsWinSolver.turnIndex(round: round, seat: seat))
    }

    /// The move with every number `win` reads: the totals, the final round, the round (from 0) and seat a game
    /// of fixed rounds reads, and the farkles in a row of each player a race under a three-farkle penalty reads.
    ///
    /// - Parameters:
    ///   - turnPoints: The points of the turn so far.
    ///   - dice: The dice rolled.
    ///   - multiset: The roll, as the index of its multiset among rolls of `dice` dice.
    ///   - own: The player's total before the turn.
    ///   - opponent: The opponent's total.
    ///   - isFinalRound: Whether this is the player's last turn.
    ///   - round: The round, from 0.
    ///   - seat: The seat to move.
    ///   - myFarkles: The player's farkles in a row before the turn.
    ///   - opponentFarkles: The opponent's farkles in a row.
    ///   - scores: Every seat's total, which a race of three players reads.
    @inline(never)
    @usableFromInline func move(
        turnPoints: Int, dice: Int, multiset: Int, own: Int, opponent: Int, isFinalRound: Bool, round: Int, seat: Int,
        myFarkles: Int, opponentFarkles: Int, scores: SeatScores
    ) -> Move {
        // One switch, not a chain through the narrower entry points: a race's `win` pays no extra calls.
        switch play {
        case .race:
            return move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, own: own, opponent: opponent,
                isFinalRound: isFinalRound)
        case .rounds:
            return rounds.unsafelyUnwrapped.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, own: own, opponent: opponent,
                turnIndex: RoundsWinSolver.turnIndex(round: round, seat: seat))
        case .penalty:
            return penalty.unsafelyUnwrapped.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, own: own, opponent: opponent,
                myFarkles: myFarkles, opponentFarkles: opponentFarkles, isFinalRound: isFinalRound)
        case .threePlayers:
            return trio.unsafelyUnwrapped.move(
                turnPoints: turnPoints, dice: dice, multiset: multiset, scores: scores, seat: seat)
        }
    }

    /// The bank decision with every number `win` reads (see the move's entry point).
    ///
    /// - Parameters:
    ///   - turnPoints: The points of the turn so far.
    ///   - diceLeft: The dice left to roll.
    ///   - own: The player's total before the turn.
    ///   - opponent: The opponent's total.
    ///   - isFinalRound: Whether this is the player's last turn.
    ///   - round: The round, from 0.
    ///   - seat: The seat to move.
    ///   - myFarkles: The player's farkles in a row before the turn.
    ///   - opponentFarkles: The opponent's farkles in a row.
    ///   - scores: Every seat's total, which a race of three players reads.
    @inline(never)
    @usableFromInline func shouldBank(
        turnPoints: Int, diceLeft: Int, own: Int, opponent: Int, isFinalRound: Bool, round: Int, seat: Int,
        myFarkles: Int, opponentFarkles: Int, scores: SeatScores
    ) -> Bool {
        switch play {
        case .race:
            return shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, own: own, opponent: opponent, isFinalRound: isFinalRound)
        case .rounds:
            return rounds.unsafelyUnwrapped.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, own: own, opponent: opponent,
                turnIndex: RoundsWinSolver.turnIndex(round: round, seat: seat))
        case .penalty:
            return penalty.unsafelyUnwrapped.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, own: own, opponent: opponent, myFarkles: myFarkles,
                opponentFarkles: opponentFarkles, isFinalRound: isFinalRound)
        case .threePlayers:
            return trio.unsafelyUnwrapped.shouldBank(
                turnPoints: turnPoints, diceLeft: diceLeft, scores: scores, seat: seat)
        }
    }

    private func situation(own: Int, opponent: Int, isFinalRound: Bool) -> GameSituation {
        var situation = GameSituation(players: 2, end: end)
        situation.scores[0] = own
        situation.scores[1] = opponent
        situation.isFinalRound = isFinalRound
        return situation
    }
}
