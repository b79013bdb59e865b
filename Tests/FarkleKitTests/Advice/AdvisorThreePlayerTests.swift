import Testing

@_spi(Kernels) @testable import FarkleKit

/// 1s, 5s and three of a kind, banking with 1 to 5 dice left, hot dice rolled and the six-dice farkle, three players
/// racing to 300 without a final round: small enough for the brute force, and a race where every total matters
/// (the turn may stop at the first scoring keep).
private let smallTrio = RuleSet(
    name: "small-trio",
    combinations: CombinationPoints(singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
    turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5]),
    game: GameRules(players: 3, target: 300, finalRound: false))

@Suite("Advisor: three players racing to win")
struct AdvisorThreePlayerTests {
    private static func situation(
        _ faces: [Int], turnPoints: Int = 0, myScore: Int, opponents: [Int]
    ) -> TurnSituation {
        var situation = TurnSituation(roll: DiceCounts(faces: faces), turnPoints: turnPoints)
        situation.myScore = myScore
        situation.opponentScores = opponents
        return situation
    }

    @Test(
        "every keep's chance to win and what banking after it is worth are the independent brute force's, at several sets of totals and rolls"
    )
    func keepsAgreeWithTheBruteForce() throws {
        let table = ScoringTable(rules: smallTrio)
        let game = try Advisor.solveGame(for: table)
        #expect(game is ThreePlayerWinSolver)
        let advisor = try Advisor(table: table, game: game)
        let brute = ThreePlayerBruteForce(rules: smallTrio)
        let values = brute.values()
        let step = table.scoreStep
        // Each set of totals also with the opponents the other way round. (The mover's chances come out the same
        // both ways: before each of the mover's turns both opponents have had as many; see
        // `openingRollsAndOpponentsOrder`.)
        let cases: [(faces: [Int], turnPoints: Int, totals: [Int])] = [
            ([1, 5, 2, 2, 3, 4], 0, [0, 0, 0]),
            ([1, 5, 2, 2, 3, 4], 0, [100, 250, 50]),
            ([1, 5, 2, 2, 3, 4], 0, [100, 50, 250]),
            ([1, 5, 5, 3], 50, [150, 0, 250]),
            ([1, 5, 5, 3], 50, [150, 250, 0]),
            ([1, 5], 100, [50, 200, 250]),
            ([5, 5, 5, 1, 4, 6], 0, [200, 150, 100]),
        ]
        var compared = 0
        for (faces, turnPoints, totals) in cases {
            let situation = Self.situation(
                faces, turnPoints: turnPoints, myScore: totals[0], opponents: Array(totals.dropFirst()))
            let win = try #require(try advisor.advice(for: situation).win)
            let mine = totals[0] / step
            let turn = brute.turn(at: (mine, totals[1] / step, totals[2] / step), values: values)
            #expect(!win.options.isEmpty)
            for option in win.options {
                let points = turnPoints + option.keep.score
                let expected = turn.table[min(points, turn.clamp) / step][option.diceLeft].own
                #expect(abs(option.value - expected) < 1e-9, "\(faces) at \(totals): keep \(option.keep.dice)")
                if let bank = option.bankValue {
                    let total = mine + points / step
                    let after =
                        total >= brute.levels
                        ? 1.0
                        : 1 - values[totals[1] / step][totals[2] / step][total].own
                            - values[totals[1] / step][totals[2] / step][total].next
                    #expect(abs(bank - after) < 1e-9, "\(faces) at \(totals): bank after \(option.keep.dice)")
                }
                compared += 1
            }
            // The best keep first.
            #expect(win.options.map(\.value) == win.options.map(\.value).sorted(by: >))
        }
        #expect(compared >= 15)
    }

    @Test(
        "every opening roll's best keep, weighed by its chance, is the mover's chance at those totals; that chance does not depend on which opponent plays next, theirs do"
    )
    func openingRollsAndOpponentsOrder() throws {
        // Standard's scoring raced to 1,000 by three with 300 to get on the board.
        var rules = RuleSet.standard
        rules.game.players = 3
        rules.game.end = .target(1_000, finalRound: false)
        rules.game.entryMinimum = 300
        let table = ScoringTable(rules: rules)
        let solver = try ThreePlayerWinSolver(rules: rules)
        let advisor = try Advisor(table: table, game: solver)
        for (mine, opponents) in [(300, [850, 0])] {
            let chances = solver.winProbabilities(totals: [mine] + opponents)
            var situation = TurnSituation(roll: DiceCounts(faces: [1]))
            situation.myScore = mine
            situation.opponentScores = opponents
            #expect(abs(try advisor.openingWinChance(situation) - chances[0]) < 1e-12, "\(mine), \(opponents)")
            // Each opponent has one turn between two of the mover's, whichever plays first: the mover's chance is
            // the same both ways round. The opponents' chances are not: who plays first of the two matters to them.
            let swapped = solver.winProbabilities(totals: [mine] + opponents.reversed())
            #expect(abs(chances[0] - swapped[0]) < 1e-12, "\(mine), \(opponents)")
            #expect(abs(chances[1] - swapped[2]) > 1e-4, "\(mine), \(opponents)")
        }
    }

    @Test("the advice needs both opponents' totals, below the target, and there is no final round: one line each")
    func refusals() throws {
        let table = ScoringTable(rules: smallTrio)
        let advisor = try Advisor(table: table, game: try Advisor.solveGame(for: table))
        var one = Self.situation([1, 5, 2, 3], turnPoints: 50, myScore: 0, opponents: [100])
        #expect(throws: NotCovered.self) { try advisor.advice(for: one) }
        one.opponentScores = [100, 300]
        #expect(throws: NotCovered.self) { try advisor.advice(for: one) }
        one.opponentScores = [100, 50]
        one.isFinalRound = true
        #expect {
            try advisor.advice(for: one)
        } throws: { error in
            "\(error)".contains("no final round") && !"\(error)".contains("\n")
        }
    }

    @Test("a situation's opponent is its leading opponent; setting it leaves that one opponent")
    func leadingOpponent() {
        var situation = TurnSituation(roll: DiceCounts(faces: [1]))
        #expect(situation.opponentScore == nil && !situation.knowsBothTotals)
        situation.opponentScores = [300, 900, 450]
        #expect(situation.opponentScore == 900)
        situation.opponentScore = 200
        #expect(situation.opponentScores == [200])
        situation.opponentScore = nil
        #expect(situation.opponentScores.isEmpty)
    }

    @Test("a game solved for three players reads back through the one door, and its figures are the first seat's")
    func readBack() throws {
        let table = ScoringTable(rules: smallTrio)
        let game = try Advisor.solveGame(for: table)
        let read = try Advisor.readGame(policyFileBytes: game.policyFileBytes, rules: smallTrio)
        let trio = try #require(read as? ThreePlayerWinSolver)
        #expect(trio.seatWinProbabilities == (game as? ThreePlayerWinSolver)?.seatWinProbabilities)
        #expect(read.firstPlayerValue == trio.seatWinProbabilities[0] && read.tieProbability == 0)
        #expect(abs(read.firstPlayerWinProbability + read.firstPlayerLossProbability - 1) < 1e-15)
        // The head start of the second seat brings the first seat's chance nearer a third.
        #expect(abs(read.fairHeadStart.firstPlayerValue - 1.0 / 3) <= abs(read.firstPlayerValue - 1.0 / 3))
        #expect(read.fairHeadStart.points % table.scoreStep == 0)
    }
}
