import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("A game's review: each keep and the bank or roll after it beside best play")
struct GameReviewTests {
    /// Only 1s score (100 each), banking with any dice, a race to 1,000 (`ones-race.json`).
    private static let rules: RuleSet = {
        do { return try Fixtures.rules("ones-race.json") } catch { preconditionFailure("\(error)") }
    }()

    /// The expected banked points of best play from `points` with `dice` to roll, by brute force over the number
    /// of 1s rolled and how many of them to keep; from 5,000 points on, banking is taken as best (rolling six dice
    /// there risks a third of it for about 100).
    private final class BruteForce {
        var memo: [Int: Double] = [:]

        func value(_ points: Int, _ dice: Int) -> Double {
            if points >= 5_000 { return Double(points) }
            let key = points * 8 + dice
            if let known = memo[key] { return known }
            let best = max(Double(points), roll(points, dice))
            memo[key] = best
            return best
        }

        func roll(_ points: Int, _ dice: Int) -> Double {
            var total = 0.0
            for ones in 1...dice {
                var chance = 1.0
                for index in 0..<ones { chance *= Double(dice - index) / Double(index + 1) }
                chance *= pow(1.0 / 6, Double(ones)) * pow(5.0 / 6, Double(dice - ones))
                let keep = (1...ones).map { value(points + 100 * $0, $0 == dice ? 6 : dice - $0) }.max() ?? 0
                total += chance * keep
            }
            return total
        }

        private func pow(_ base: Double, _ exponent: Double) -> Double {
            (0..<Int(exponent)).reduce(1.0) { product, _ in product * base }
        }
    }

    private static func review(_ actions: [GameAction], solved: Bool = false) throws -> GameReview {
        let table = ScoringTable(rules: rules)
        let game: (any SolvedWinGame)? = solved ? try WinProbabilitySolver(table: table, threads: 2) : nil
        return try GameReview(
            record: GameRecord(rules: rules, players: ["Ann", "Ben"], actions: actions),
            advisor: Advisor(table: table, game: game))
    }

    @Test("keeping one 1 of two and banking 100: the points lost are best play's value less 100, by brute force")
    func bankCost() throws {
        let review = try Self.review([.roll(dice(1, 1, 2, 3, 4, 6)), .keep(dice(1)), .bank])
        let decision = try #require(review.decisions.first)
        let brute = BruteForce()
        let best = max(brute.value(100, 5), brute.value(200, 4))
        #expect(abs(decision.points.best - best) < 1e-6)
        #expect(abs(decision.points.chosen - 100) < 1e-12)
        #expect(abs(decision.points.cost - (best - 100)) < 1e-6)
        #expect(decision.bestKeep.dice == dice(1, 1) && decision.bestBanks, "two 1s, then bank 200 (brute force)")
        #expect(decision.banked == true && decision.objective == .expectedPoints && decision.win == nil)
        #expect(!decision.isBest && review.players[0].decisions == 1 && review.players[0].bestDecisions == 0)
    }

    @Test("rolling on where banking is best costs what rolling loses, by brute force")
    func rollCost() throws {
        // 900 on the table with one die: banking is best; rolling risks it all.
        let actions: [GameAction] =
            [.roll(dice(1, 1, 1, 1, 1, 2))] + [.keep(dice(1, 1, 1, 1, 1)), .roll(dice(1)), .keep(dice(1))]
            + [.roll(dice(1, 1, 1, 2, 3, 4)), .keep(dice(1, 1, 1)), .roll(dice(2, 3, 4))]
        let review = try Self.review(actions)
        #expect(review.decisions.count == 3)
        let last = review.decisions[2]
        let brute = BruteForce()
        #expect(last.turnPoints == 600 && last.banked == false)
        #expect(abs(last.points.chosen - brute.roll(900, 3)) < 1e-6)
        #expect(abs(last.points.best - brute.value(900, 3)) < 1e-6)
        #expect(last.points.cost > 0 && last.bestBanks)
    }

    @Test("best play costs nothing; a keep without its roll is not reviewed")
    func bestPlay() throws {
        let advisor = try Advisor(table: ScoringTable(rules: Self.rules))
        let roll = dice(1, 2, 3, 4, 6, 6)
        let advice = try advisor.advice(for: TurnSituation(roll: roll))
        let best = try #require(advice.points.best)
        let review = try Self.review([.roll(roll), .keep(best.keep.dice), .roll(dice(1, 2, 3, 4, 5)), .keep(dice(1))])
        #expect(review.decisions.count == 2)
        #expect(review.decisions.allSatisfy { $0.isBest && $0.points.cost == 0 })
        #expect(review.decisions[1].banked == nil, "the record ends after the keep")
        let unrolled = try Self.review([.keep(dice(1)), .bank])
        #expect(unrolled.decisions.isEmpty && unrolled.players[0].statistics.bankedPoints == 100)
    }

    @Test("with two players and the game solved, each decision has the chance to win it lost")
    func winCost() throws {
        let review = try Self.review(
            [.roll(dice(1, 1, 2, 3, 4, 6)), .keep(dice(1)), .bank, .roll(dice(1, 2, 3, 4, 6, 6)), .keep(dice(1))],
            solved: true)
        #expect(review.decisions.count == 2)
        for decision in review.decisions {
            let win = try #require(decision.win)
            #expect(win.cost >= 0 && win.best <= 1 && win.chosen >= 0)
        }
        // Banking 100 of a roll with two 1s at 0 to 0 in a race to 1,000 gives up some chance to win.
        #expect((review.decisions[0].win?.cost ?? 0) > 1e-4)
        #expect(review.players.allSatisfy { $0.winCost != nil })
    }

    @Test("under a three-farkle penalty the points objective is the long-run average at the player's count")
    func penaltyObjective() throws {
        let farkle: [GameAction] = [.keep(dice(5)), .roll(dice(2, 2, 3, 4, 6))]
        let record = GameRecord(
            rules: .zilch, players: ["Ann", "Ben"],
            actions: farkle + farkle + [.roll(dice(1, 5, 2, 3, 3, 6)), .keep(dice(1))])
        let review = try GameReview(record: record, advisor: Advisor(table: ScoringTable(rules: .zilch)))
        let decision = try #require(review.decisions.first)
        guard case .longRunAverage(let farkles, _) = decision.objective else {
            Issue.record("objective \(decision.objective)")
            return
        }
        #expect(farkles == 1)
    }

    /// A player's banked points less best play's expected points of their turns (by brute force) are their luck
    /// less what their choices lost, over a whole game of rolls entered.
    @Test("luck and points lost account for every point banked over a whole game")
    func luckAccountsForTheRest() throws {
        let table = ScoringTable(rules: Self.rules)
        var state = try GameState(table: table, players: ["Ann", "Ben"])
        var actions: [GameAction] = []
        var seed: UInt64 = 7
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func apply(_ action: GameAction) throws {
            try state.apply(action)
            actions.append(action)
        }
        while state.result == nil {
            if let roll = state.pendingRoll {
                // Any keep: 1 to all of the 1s rolled.
                try apply(.keep(DiceCounts(faces: Array(repeating: 1, count: 1 + random(roll[1])))))
            } else if state.turnPoints > 0, state.reasonNotToBank == nil, random(3) == 0 {
                try apply(.bank)
            } else {
                var faces: [Int]
                repeat {
                    faces = (0..<state.diceLeft).map { _ in 1 + random(6) }
                } while Self.rules.game.winsAtOnce(DiceCounts(faces: faces))
                try apply(.roll(DiceCounts(faces: faces)))
            }
        }
        let review = try GameReview(
            record: GameRecord(rules: Self.rules, players: ["Ann", "Ben"], actions: actions),
            advisor: Advisor(table: table))
        let expectedTurn = BruteForce().roll(0, 6)
        for player in review.players {
            let counts = player.statistics
            #expect(counts.turns > 5 && player.decisions > 5, "a game long enough to say something")
            let unexplained = Double(counts.bankedPoints) - Double(counts.turns) * expectedTurn
            #expect(
                abs(unexplained - (player.luck - player.pointsCost)) < 1e-6,
                "\(player.name): \(unexplained) against luck \(player.luck) less \(player.pointsCost)")
        }
        #expect(review.players.contains { $0.pointsCost > 0 }, "random keeps and banks lose points")
    }
}
