import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Whole games follow the rules")
struct GameEngineTests {
    static func rules(_ change: (inout RuleSet) -> Void) -> RuleSet {
        var rules = RuleSet.standard
        change(&rules)
        return rules
    }

    /// Two greedy players, `games` random games under `rules`, recorded.
    static func greedyGames(_ rules: RuleSet, games: Int, seed: UInt64) -> (SimulationTally, [GameRecorder.Game]) {
        let table = ScoringTable(rules: rules)
        var rolls = Xoshiro256StarStar(seed: seed)
        return playRecorded(
            table: table, seats: BuiltInStrategy.make([.greedy, .greedy], table: table), games: games, rolls: &rolls)
    }

    /// Checks turn order, the final round and the winner of every recorded game.
    static func checkGames(_ games: [GameRecorder.Game], players: Int, target: Int) {
        for game in games {
            #expect(!game.turns.isEmpty)
            for (index, turn) in game.turns.enumerated() { #expect(turn.seat == index % players) }
            if case .instantWin = game.turns.last?.outcome {
                #expect(game.winner == game.turns.last?.seat)
                continue
            }
            let trigger = game.turns.firstIndex { $0.scores[$0.seat] >= target && $0.outcome == .banked }
            guard let trigger else {
                Issue.record("a game ended with nobody at the target")
                continue
            }
            // Every other seat plays exactly one more turn, in the final round; the trigger seat does not.
            let finalTurns = game.turns[(trigger + 1)...]
            #expect(finalTurns.count == players - 1)
            #expect(finalTurns.allSatisfy { $0.isFinalRound && $0.seat != game.turns[trigger].seat })
            #expect(game.turns[...trigger].allSatisfy { !$0.isFinalRound })
            let highest = game.scores.max() ?? 0
            #expect(highest >= target)
            let leaders = game.scores.indices.filter { game.scores[$0] == highest }
            #expect(game.winner == (leaders.count == 1 ? leaders[0] : nil))
        }
    }

    @Test("games end; totals reach the target; the final round gives every other seat exactly one turn")
    func finalRound() {
        let rules = Self.rules { $0.game.end = .target(3000, finalRound: true) }
        let table = ScoringTable(rules: rules)
        let seats = BuiltInStrategy.make([.greedy, .threshold([300, 400]), .threshold([0, 0])], table: table)
        var rolls = Xoshiro256StarStar(seed: 5)
        let (tally, games) = playRecorded(table: table, seats: seats, games: 600, rolls: &rolls)
        #expect(games.count == 600)
        #expect(tally.games == 600 && tally.unfinishedGames == 0)
        #expect(tally.seats.map(\.wins).reduce(0, +) + tally.ties == 600)
        #expect(tally.turns == games.map(\.turns.count).reduce(0, +))
        Self.checkGames(games, players: 3, target: 3000)
        // Ties happen at a small target; the tally counts each once, for each seat in it.
        #expect(tally.ties == games.filter { $0.winner == nil }.count)
    }

    @Test("without a final round the first bank to reach the target wins at once")
    func noFinalRound() {
        let rules = Self.rules {
            $0.game.end = .target(2000, finalRound: false)
        }
        let table = ScoringTable(rules: rules)
        let seats = BuiltInStrategy.make([.greedy, .greedy], table: table)
        var rolls = Xoshiro256StarStar(seed: 6)
        let (tally, games) = playRecorded(table: table, seats: seats, games: 300, rolls: &rolls)
        #expect(tally.ties == 0)
        for game in games {
            guard let last = game.turns.last else { continue }
            if last.outcome == .instantWin { continue }
            #expect(last.outcome == .banked && last.scores[last.seat] >= 2000)
            #expect(game.winner == last.seat)
            #expect(game.turns.dropLast().allSatisfy { $0.scores.allSatisfy { $0 < 2000 } })
        }
    }

    @Test("six 1s on the opening roll win the game at once")
    func instantWin() {
        let table = ScoringTable(rules: .standard)
        let seats = BuiltInStrategy.make([.greedy, .greedy], table: table)
        var rolls = ScriptedRolls([[2, 3, 3, 4, 6, 6], [1, 1, 1, 1, 1, 1]])
        let (tally, games) = playRecorded(table: table, seats: seats, games: 1, rolls: &rolls)
        #expect(rolls.isExhausted)
        #expect(tally.instantWins == 1 && tally.seats[0].wins == 1 && tally.turns == 1 && tally.rolls == 2)
        #expect(games[0].turns.count == 1 && games[0].winner == 0)
    }

    @Test("where six 1s score points they are six of a kind: 10000 and hot dice")
    func sixOnesAsPoints() {
        let rules = Self.rules { $0.game.sixOnesWin = false }
        let table = ScoringTable(rules: rules)
        let seats = BuiltInStrategy.make([.greedy, .greedy], table: table)
        // Six 1s, then hot dice: 1 1 1 5 2 3 keeps 1050 with four dice, leaving two: greedy banks.
        var rolls = ScriptedRolls([[1, 1, 1, 1, 1, 1], [1, 2, 1, 5, 1, 3]])
        let (tally, games) = playRecorded(table: table, seats: seats, games: 1, rolls: &rolls)
        #expect(tally.instantWins == 0)
        #expect(games[0].turns[0].outcome == .banked && games[0].turns[0].turnPoints == 11_050)
    }

    @Test("the six-dice farkle scores 500 on the opening roll only, then the turn goes on with six dice")
    func sixDiceFarkle() {
        let table = ScoringTable(rules: .standard)
        let seats = BuiltInStrategy.make([.greedy, .greedy], table: table)
        let noKeep = [2, 3, 3, 4, 6, 6]
        var rolls = ScriptedRolls([
            noKeep, [1, 1, 1, 5, 2, 3],  // seat 0: 500, then 1050 with two dice left: banks 1550
            noKeep, noKeep,  // seat 1: 500, then no keep on a later six-dice roll: farkle
        ])
        let (_, games) = playRecorded(table: table, seats: seats, games: 1, rolls: &rolls)
        let turns = games[0].turns
        #expect(turns[0].outcome == .banked && turns[0].turnPoints == 1550)
        #expect(turns[1].outcome == .farkle(penalty: false) && turns[1].scores[1] == 0)

        let everyRoll = Self.rules { $0.turn.sixDiceFarkleOnEveryRoll = true }
        let everyTable = ScoringTable(rules: everyRoll)
        var moreRolls = ScriptedRolls([noKeep, noKeep, [1, 1, 1, 5, 2, 3]])
        let (_, moreGames) = playRecorded(
            table: everyTable, seats: BuiltInStrategy.make([.greedy, .greedy], table: everyTable), games: 1,
            rolls: &moreRolls)
        #expect(moreGames[0].turns[0].turnPoints == 2050)
    }

    @Test("a first bank needs the entry minimum; later banks do not")
    func entryMinimum() {
        let rules = Self.rules {
            $0.game.entryMinimum = 1000
            $0.game.end = .target(4000, finalRound: true)
        }
        let (_, games) = Self.greedyGames(rules, games: 200, seed: 8)
        var laterSmallBanks = 0
        for game in games {
            var entered = [false, false]
            for turn in game.turns where turn.outcome == .banked {
                if !entered[turn.seat] {
                    #expect(turn.turnPoints >= 1000)
                    entered[turn.seat] = true
                } else if turn.turnPoints < 1000 {
                    laterSmallBanks += 1
                }
            }
        }
        #expect(laterSmallBanks > 0)
    }

    @Test(
        "the third farkle in a row costs the penalty, may take a total below zero, and restarts the count; both counts reach the strategy"
    )
    func threeFarklePenalty() {
        let rules = Self.rules {
            $0.turn.threeFarklePenalty = 1000
            $0.game.end = .target(3000, finalRound: true)
        }
        let table = ScoringTable(rules: rules)
        let seen = SituationLog()
        let seat = SituationRecorder(greedy: GreedyStrategy(table: table), log: seen)
        var rolls = Xoshiro256StarStar(seed: 9)
        let (tally, games) = playRecorded(table: table, seats: [seat, seat], games: 500, rolls: &rolls)
        var penalties = 0
        var negative = false
        // The situations the strategies saw, in order; a turn that farkled on its opening roll asked nothing.
        var situations = seen.situations[...]
        for game in games {
            var inARow = [0, 0]
            var before = [0, 0]
            for (index, turn) in game.turns.enumerated() {
                while let next = situations.first, next.seat == turn.seat, next.round == index / 2 + 1 {
                    #expect(next.farklesInARow == inARow[turn.seat])
                    #expect(next.opponentFarklesInARow == inARow[1 - turn.seat])
                    situations.removeFirst()
                }
                switch turn.outcome {
                case .farkle(let penalty):
                    inARow[turn.seat] += 1
                    #expect(penalty == (inARow[turn.seat] == 3))
                    if penalty {
                        penalties += 1
                        inARow[turn.seat] = 0
                        #expect(turn.scores[turn.seat] == before[turn.seat] - 1000)
                        negative = negative || turn.scores[turn.seat] < 0
                    }
                case .banked:
                    inARow[turn.seat] = 0
                case .instantWin, .instantLoss:
                    break
                }
                before[turn.seat] = turn.scores[turn.seat]
            }
        }
        #expect(penalties == tally.penalties && penalties > 0)
        #expect(negative)
        #expect(situations.isEmpty && seen.situations.contains { $0.opponentFarklesInARow == 2 })
    }
}

extension GameEngineTests {
    @Test("a penalty of the whole total: the third farkle in a row leaves a total of zero, what it costs is counted")
    func wholeTotalPenalty() {
        let rules = Self.rules {
            $0.turn.threeFarklePenalty = .wholeTotal
            $0.game.end = .target(3000, finalRound: true)
        }
        let table = ScoringTable(rules: rules)
        let greedy = GreedyStrategy(table: table)
        var rolls = Xoshiro256StarStar(seed: 10)
        let (tally, games) = playRecorded(table: table, seats: [greedy, greedy], games: 500, rolls: &rolls)
        var (penalties, lost, lostAboveZero) = (0, 0, 0)
        for game in games {
            var before = [0, 0]
            for turn in game.turns {
                if case .farkle(penalty: true) = turn.outcome {
                    penalties += 1
                    #expect(turn.scores[turn.seat] == 0)
                    lost += before[turn.seat]
                    if before[turn.seat] > 0 { lostAboveZero += 1 }
                }
                before[turn.seat] = turn.scores[turn.seat]
            }
        }
        #expect(penalties == tally.penalties && lostAboveZero > 0)
        #expect(lost == tally.penaltyPoints)
    }
}

/// The situations a `SituationRecorder` saw, in order (one thread plays the recorded games).
private final class SituationLog: @unchecked Sendable {
    var situations: [GameSituation] = []
}

/// Greedy play that logs the situation of every decision.
private struct SituationRecorder: Strategy {
    let greedy: GreedyStrategy
    let log: SituationLog

    var name: String { "recorder" }

    func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        log.situations.append(situation)
        return greedy.move(
            turnPoints: turnPoints, dice: dice, multiset: multiset, situation: situation, using: &generator)
    }

    func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        log.situations.append(situation)
        return greedy.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
    }
}

// MARK: - How games end

@Suite("Game endings: solo races and games of fixed rounds")
struct GameEndTests {
    /// `games` games of greedy players under `rules`, recorded.
    static func games(_ rules: RuleSet, players: Int, games: Int, seed: UInt64) -> (
        SimulationTally, [GameRecorder.Game]
    ) {
        let table = ScoringTable(rules: rules)
        var rolls = Xoshiro256StarStar(seed: seed)
        let seats = BuiltInStrategy.make(Array(repeating: .greedy, count: players), table: table)
        return playRecorded(table: table, seats: seats, games: games, rolls: &rolls)
    }

    @Test("a solo race ends with the first bank that reaches the target, and counts the turns it took")
    func soloRace() throws {
        var rules = RuleSet.standard
        rules.game.end = .target(2000, finalRound: true)
        let (tally, games) = Self.games(rules, players: 1, games: 300, seed: 3)
        var turnCounts = Array(repeating: 0, count: tally.gamesByRound.count)
        for game in games {
            #expect(game.turns.allSatisfy { $0.seat == 0 })
            #expect(game.winner == 0)
            let reached = game.turns.firstIndex { $0.scores[0] >= 2000 || $0.outcome == .instantWin }
            #expect(reached == game.turns.count - 1, "the game goes on after the target")
            turnCounts[game.turns.count] += 1
        }
        #expect(tally.gamesByRound == turnCounts)
        #expect(tally.seats[0].wins == 300 && tally.ties == 0)
        let mean = Double(games.map(\.turns.count).reduce(0, +)) / 300
        #expect(abs(try #require(tally.meanRoundsPerFinishedGame) - mean) < 1e-12)
    }

    @Test("in a game of fixed rounds every seat takes exactly that many turns; the highest total wins")
    func fixedRounds() {
        var rules = RuleSet.standard
        rules.game.end = .rounds(5)
        let (tally, games) = Self.games(rules, players: 3, games: 200, seed: 4)
        var ties = 0
        for game in games {
            if case .instantWin = game.turns.last?.outcome { continue }
            #expect(game.turns.count == 15)
            for (index, turn) in game.turns.enumerated() { #expect(turn.seat == index % 3) }
            let highest = game.scores.max() ?? 0
            let leaders = game.scores.indices.filter { game.scores[$0] == highest }
            if leaders.count == 1 { #expect(game.winner == leaders[0]) } else { ties += 1 }
        }
        #expect(tally.ties == ties)
        #expect(tally.gamesByRound.reduce(0, +) == 200 && tally.unfinishedGames == 0)
        #expect(tally.gamesByRound[5] == games.filter { $0.turns.count == 15 }.count)
    }

    @Test("a game of rounds ignores the target: totals far past 10,000 do not end it early")
    func roundsIgnoreTarget() {
        var rules = RuleSet.standard
        rules.game.end = .rounds(40)
        let (_, games) = Self.games(rules, players: 2, games: 20, seed: 5)
        let full = games.filter { if case .instantWin = $0.turns.last?.outcome { false } else { true } }
        #expect(full.allSatisfy { $0.turns.count == 80 })
        #expect(full.contains { ($0.scores.max() ?? 0) > 10_000 })
    }

    @Test("progress: the final round gives every other seat one turn, then the totals decide")
    func progressFinalRound() {
        var progress = GameProgress(players: 3, end: .target(1000, finalRound: true), maximumRounds: 1000)
        var next = progress.endTurn()
        #expect(next == .nextTurn && progress.seat == 1)
        let winsAtOnce = progress.banked(total: 1200)
        #expect(!winsAtOnce)
        #expect(progress.isFinalRound)
        next = progress.endTurn()
        #expect(next == .nextTurn && progress.seat == 2)
        next = progress.endTurn()
        #expect(next == .nextTurn && progress.seat == 0 && progress.round == 2)
        next = progress.endTurn()
        #expect(next == .scoreTotals)
        var race = GameProgress(players: 2, end: .target(1000, finalRound: false), maximumRounds: 1000)
        let short999 = race.banked(total: 999)
        let reaches = race.banked(total: 1000)
        #expect(!short999 && reaches)
        var short = GameProgress(players: 2, end: .target(1000, finalRound: true), maximumRounds: 2)
        let ends = (0..<4).map { _ in short.endTurn() }
        #expect(ends == [.nextTurn, .nextTurn, .nextTurn, .unfinished])
    }

    @Test("the situation tells a strategy the round and the rounds left")
    func situationRounds() {
        var situation = GameSituation(players: 2, end: .rounds(10))
        #expect(situation.roundsLeft == 10 && situation.target == nil)
        situation.round = 10
        #expect(situation.roundsLeft == 1)
    }
}
