import Testing

@_spi(Kernels) @testable import FarkleKit

/// The game of `farkleten`: ten rounds, extra rounds while the highest total is shared, then the highest single
/// turn; and the final totals the tally keeps.
@Suite("The ten-round game: extra rounds on a tie, then the highest single turn")
struct TenRoundGameTests {
    /// `farkleten` with `rounds` rounds and `extra` extra rounds on a tie.
    static func rules(rounds: Int, extra: Int) -> RuleSet {
        var rules = RuleSet.farkleten
        rules.game.end = .rounds(rounds)
        rules.game.extraRoundsOnTie = extra
        return rules
    }

    /// Greedy seats (highest-scoring keep, bank at once) playing the scripted rolls, one game.
    static func scriptedGame(_ rules: RuleSet, players: Int = 2, _ script: [[Int]]) -> (
        SimulationTally, GameRecorder.Game
    ) {
        let table = ScoringTable(rules: rules)
        var rolls = ScriptedRolls(script)
        let seats = BuiltInStrategy.make(Array(repeating: .greedy, count: players), table: table)
        let (tally, games) = playRecorded(table: table, seats: seats, games: 1, rolls: &rolls)
        #expect(rolls.isExhausted)
        return (tally, games[0])
    }

    // Rolls and what greedy banks from them under farkleten.
    static let hundred = [1, 2, 2, 3, 4, 6]  // a single 1
    static let fifty = [5, 2, 2, 3, 4, 6]  // a single 5
    static let hundredFifty = [1, 5, 2, 2, 3, 6]  // 1 and 5
    static let farkle = [2, 2, 3, 3, 4, 6]

    @Test("a tie after the last round plays another round for every player; it ends once one total leads")
    func extraRound() {
        let (tally, game) = Self.scriptedGame(
            Self.rules(rounds: 1, extra: 5), [Self.hundred, Self.hundred, Self.fifty, Self.farkle])
        #expect(game.turns.map(\.seat) == [0, 1, 0, 1])
        #expect(game.winner == 0 && Array(game.scores) == [150, 100])
        #expect(tally.gamesByRound[2] == 1 && tally.extraRoundGames == 1)
        #expect(tally.ties == 0 && tally.sharedHighestTotals == 0)
    }

    @Test("still tied after the extra rounds: the highest single turn of the game wins")
    func highestTurn() {
        let (tally, game) = Self.scriptedGame(
            Self.rules(rounds: 2, extra: 1),
            [Self.hundredFifty, Self.hundred, Self.farkle, Self.fifty, Self.farkle, Self.farkle])
        #expect(Array(game.scores) == [150, 150])
        #expect(game.turns.count == 6)
        #expect(game.winner == 0)
        #expect(tally.seats[0].wins == 1 && tally.ties == 0 && tally.sharedHighestTotals == 1)
    }

    @Test("equal totals and equal highest turns: the game is a tie for the seats in it, not the others")
    func tie() {
        let (tally, game) = Self.scriptedGame(
            Self.rules(rounds: 1, extra: 1), players: 3,
            [Self.hundred, Self.fifty, Self.hundred, Self.fifty, Self.fifty, Self.fifty])
        #expect(Array(game.scores) == [150, 100, 150])
        #expect(game.winner == nil)
        #expect(tally.ties == 1 && tally.seats.map(\.ties) == [1, 0, 1])
    }

    @Test("without the tie-break options a game of rounds ends after its rounds, tied or not")
    func noTieBreak() {
        var rules = Self.rules(rounds: 1, extra: 0)
        rules.game.highestTurnBreaksTie = false
        let (tally, game) = Self.scriptedGame(rules, [Self.hundredFifty, Self.fifty])
        #expect(game.turns.count == 2 && game.winner == 0)
        let (tied, tiedGame) = Self.scriptedGame(rules, [Self.hundred, Self.hundred])
        #expect(tiedGame.winner == nil && tied.ties == 1 && tally.ties == 0)
    }

    @Test("at most the extra rounds the rules give: five in farkleten")
    func progressLimit() {
        var progress = GameProgress(players: 2, rules: RuleSet.farkleten.game, maximumRounds: 1000)
        var tied = SeatScores(seats: 2)
        tied[0] = 500
        tied[1] = 500
        var turns = 0
        while progress.endTurn() == .nextTurn || progress.playsExtraRound(tied) { turns += 1 }
        #expect(turns == 2 * 15 - 1)
        #expect(progress.round == 15 && progress.isExtraRound)
        var decided = GameProgress(players: 2, rules: RuleSet.farkleten.game, maximumRounds: 1000)
        var ahead = tied
        ahead[1] = 550
        turns = 0
        while decided.endTurn() == .nextTurn || decided.playsExtraRound(ahead) { turns += 1 }
        #expect(turns == 2 * 10 - 1 && !decided.isExtraRound)
    }

    @Test("a race to a target has no extra rounds, whatever the options say")
    func raceIgnoresTieBreaks() {
        var rules = GameRules(target: 1000)
        rules.extraRoundsOnTie = 5
        rules.highestTurnBreaksTie = true
        var progress = GameProgress(players: 2, rules: rules, maximumRounds: 1000)
        _ = progress.banked(total: 1000, turnPoints: 1000)
        #expect(progress.endTurn() == .nextTurn)
        #expect(progress.endTurn() == .scoreTotals)
        var tied = SeatScores(seats: 2)
        tied[0] = 1000
        tied[1] = 1000
        let extra = progress.playsExtraRound(tied)
        #expect(!extra)
        #expect(progress.leaders(tied) == 0b11)
    }

    @Test("random ten-round games of three players: turn order, extra rounds and the winner, turn by turn")
    func randomGames() throws {
        let table = ScoringTable(rules: .farkleten)
        var rolls = Xoshiro256StarStar(seed: 12)
        let seats = BuiltInStrategy.make([.greedy, .threshold([300, 300]), .greedy], table: table)
        let (tally, games) = playRecorded(table: table, seats: seats, games: 3000, rolls: &rolls)
        var extra = 0
        var shared = 0
        var totals = [0, 0, 0]
        for game in games {
            for (index, turn) in game.turns.enumerated() { #expect(turn.seat == index % 3) }
            #expect(game.turns.count % 3 == 0)
            let rounds = game.turns.count / 3
            #expect((10...15).contains(rounds))
            var highestTurn = [0, 0, 0]
            var scoresAfterRound: [[Int]] = []
            for (index, turn) in game.turns.enumerated() {
                highestTurn[turn.seat] = max(highestTurn[turn.seat], turn.turnPoints)
                if index % 3 == 2 { scoresAfterRound.append(Array(turn.scores)) }
            }
            // Every round from the tenth on but the last ended with the highest total shared.
            for round in 10..<rounds {
                let scores = scoresAfterRound[round - 1]
                #expect(scores.filter { $0 == scores.max() }.count > 1)
            }
            if rounds > 10 { extra += 1 }
            let final = Array(game.scores)
            let leaders = final.indices.filter { final[$0] == final.max() }
            if rounds < 15 && leaders.count > 1 { Issue.record("a tie ended before the extra rounds ran out") }
            if leaders.count > 1 { shared += 1 }
            let best = leaders.map { highestTurn[$0] }.max()
            let byTurn = leaders.filter { highestTurn[$0] == best }
            #expect(game.winner == (byTurn.count == 1 ? byTurn[0] : nil))
            for seat in 0..<3 { totals[seat] += final[seat] }
        }
        #expect(extra > 0 && tally.extraRoundGames == extra && tally.sharedHighestTotals == shared)
        for seat in 0..<3 {
            #expect(abs(try #require(tally.meanFinalTotal(seat: seat)) - Double(totals[seat]) / 3000) < 1e-9)
            let sorted = games.map { $0.scores[seat] }.sorted()
            // The median: the least total with at least half of the games at or below it.
            #expect(tally.finalTotalQuantile(seat: seat, 0.5) == sorted[1499])
        }
    }

    @Test("alone under ev, the mean ten-round total is ten times the solver's expected turn, within 4 standard errors")
    func soloTotal() throws {
        let table = ScoringTable(rules: .farkleten)
        let expected = 10 * ExpectedScoreSolver(table: table).expectedTurnScore
        let tally = GameSimulation(table: table, seats: BuiltInStrategy.make([.expectedValue], table: table))
            .run(games: 20_000, seed: 3)
        #expect(tally.extraRoundGames == 0 && tally.seats[0].wins == 20_000)
        // Every total is a multiple of the bin width, so the histogram gives the sample variance exactly.
        var sumOfSquares = 0.0
        for (bin, count) in tally.finalTotalCounts.enumerated() {
            let total = Double(bin * SimulationTally.finalTotalBinWidth)
            sumOfSquares += Double(count) * total * total
        }
        let mean = try #require(tally.meanFinalTotal(seat: 0))
        let variance = (sumOfSquares - 20_000 * mean * mean) / 19_999
        #expect(abs(mean - expected) < 4 * (variance / 20_000).squareRoot(), "mean \(mean), exact \(expected)")
    }

    @Test("the situation in an extra round has one round left, as in the last round")
    func roundsLeftInExtraRound() {
        var situation = GameSituation(players: 2, end: .rounds(10))
        situation.round = 12
        #expect(situation.roundsLeft == 1)
    }
}

@Suite("The exact distribution of a ten-round solo total under ev")
struct TenRoundTotalTests {
    static let table = ScoringTable(rules: .farkleten)
    static let solver = ExpectedScoreSolver(table: table)
    static let turn = BankedPointsDistribution(solver: solver, maximumPoints: 20_000)
    static let total = BankedPointsDistribution(summing: turn, turns: 10)

    @Test("the total of ten turns has ten times a turn's mean and sums to one")
    func moments() {
        #expect(abs(Self.total.mean - 10 * Self.turn.mean) < 1e-6)
        let sum = Self.total.probabilities.reduce(0, +)
        #expect(abs(sum + Self.total.truncatedProbability - 1) < 1e-9)
        #expect(abs(Self.total.mean - 10 * Self.solver.expectedTurnScore) < 1e-3)
        // One turn is its own total; two turns convolve: both 0 only if both farkle.
        let farkle = Self.turn.probability(ofBanking: 0)
        let two = BankedPointsDistribution(summing: Self.turn, turns: 2)
        #expect(abs(two.probability(ofBanking: 0) - farkle * farkle) < 1e-15)
        #expect(BankedPointsDistribution(summing: Self.turn, turns: 1).probabilities == Self.turn.probabilities)
        #expect(abs(Self.total.probability(ofAtLeast: 0) - sum) < 1e-12)
    }

    @Test("the chance to reach 5,000 and 7,500 in ten rounds matches simulated solo games within 4 standard errors")
    func reachChance() {
        let games = 20_000
        let tally = GameSimulation(table: Self.table, seats: BuiltInStrategy.make([.expectedValue], table: Self.table))
            .run(games: games, seed: 8)
        for target in [5000, 7500] {
            let exact = Self.total.probability(ofAtLeast: target)
            let bin = target / SimulationTally.finalTotalBinWidth
            let reached = tally.finalTotalCounts[bin...].reduce(0, +)
            let observed = Double(reached) / Double(games)
            let error = (exact * (1 - exact) / Double(games)).squareRoot()
            #expect(abs(observed - exact) < 4 * error, "target \(target): \(observed) against \(exact)")
        }
    }
}
