import Testing

@testable import FarkleKit

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
        let rules = Self.rules { $0.game.target = 3000 }
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
            $0.game.target = 2000
            $0.game.finalRound = false
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
            $0.game.target = 4000
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

    @Test("the third farkle in a row costs the penalty, may take a total below zero, and restarts the count")
    func threeFarklePenalty() {
        let rules = Self.rules {
            $0.turn.threeFarklePenalty = 1000
            $0.game.target = 3000
        }
        let (tally, games) = Self.greedyGames(rules, games: 500, seed: 9)
        var penalties = 0
        var negative = false
        for game in games {
            var inARow = [0, 0]
            var before = [0, 0]
            for turn in game.turns {
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
                case .instantWin:
                    break
                }
                before[turn.seat] = turn.scores[turn.seat]
            }
        }
        #expect(penalties == tally.penalties && penalties > 0)
        #expect(negative)
    }
}
