import Testing

@testable import FarkleKit

/// An independent solver of small three-player races, written straight from the rules and as unlike
/// `ThreePlayerWinSolver` as possible: every keep of every roll (`WinBruteForce`'s rolls), the turn solved by
/// plain recursion over turn points with the mover's and the next player's chances side by side, and plain value
/// iteration over every set of totals in the slots' order (no sums, no loops of rotations) until a sweep changes
/// nothing by more than 1e-14.
struct ThreePlayerBruteForce {
    let rules: RuleSet
    let rolls: WinBruteForce
    let step: Int
    let target: Int
    let levels: Int

    init(rules: RuleSet) {
        self.rules = rules
        rolls = WinBruteForce(rules: rules)
        step = ScoringTable(rules: rules).scoreStep
        target = rules.game.end.target ?? 0
        levels = (target - 1) / step + 1
    }

    /// The mover's and the next player's chances at every set of totals (in score steps), `[mine][next][last]`.
    func values() -> [[[(own: Double, next: Double)]]] {
        var values = [[[(own: Double, next: Double)]]](
            repeating: [[(own: Double, next: Double)]](
                repeating: [(own: Double, next: Double)](repeating: (1.0 / 3, 1.0 / 3), count: levels), count: levels),
            count: levels)
        for _ in 0..<20_000 {
            var change = 0.0
            for mine in 0..<levels {
                for next in 0..<levels {
                    for last in 0..<levels {
                        let value = turn(at: (mine, next, last), values: values).opening
                        let old = values[mine][next][last]
                        change = max(change, abs(value.own - old.own), abs(value.next - old.next))
                        values[mine][next][last] = value
                    }
                }
            }
            if change <= 1e-14 { break }
        }
        return values
    }

    /// The turn of the mover at a set of totals (in score steps, the mover's first) given the chances `values` at
    /// every set: its opening value and its table, `table[points / step][dice]`, turn points clamped to `clamp`.
    func turn(at totals: (mine: Int, next: Int, last: Int), values: [[[(own: Double, next: Double)]]]) -> (
        opening: (own: Double, next: Double), table: [[(own: Double, next: Double)]], clamp: Int
    ) {
        let (mine, next, last) = totals
        // After any turn ending, the banker or farkler is last, with what the other two leave.
        func after(_ total: Int) -> (own: Double, next: Double) {
            let state = values[next][last][total]
            return (1 - state.own - state.next, state.own)
        }
        let least = max(rules.turn.minimumBank, mine == 0 ? rules.game.entryMinimum : 0)
        let clamp = max(target - mine * step, (least + step - 1) / step * step, step)
        let turn = turn(farkle: after(mine), clamp: clamp, entered: mine > 0) { points in
            mine * step + points >= target ? (1, 0) : after(mine + points / step)
        }
        return (turn.opening, turn.table, clamp)
    }

    /// The turn from its opening roll: the mover's best chance and the next player's under the same play, and the
    /// table of every state; a farkle pays `farkle`, banking `points` pays `bank(points)`; from `clamp` points on
    /// every bank wins.
    func turn(
        farkle: (own: Double, next: Double), clamp: Int, entered: Bool,
        bank: (Int) -> (own: Double, next: Double)
    ) -> (opening: (own: Double, next: Double), table: [[(own: Double, next: Double)]]) {
        let rows = clamp / step + 1
        var table = [[(own: Double, next: Double)]](
            repeating: [(own: Double, next: Double)](repeating: (0, 0), count: 7), count: rows)
        func rollValue(_ points: Int, _ dice: Int, opening: Bool) -> (own: Double, next: Double) {
            var sum = (own: 0.0, next: 0.0)
            for roll in rolls.rolls[dice] {
                var outcome: (own: Double, next: Double)
                if roll.instantWin {
                    outcome = (1, 0)
                } else if roll.keeps.isEmpty {
                    let bonus = rules.turn.sixDiceFarkle
                    if dice == 6, let bonus, opening || rules.turn.sixDiceFarkleOnEveryRoll {
                        outcome = table[min(points + bonus, clamp) / step][6]
                    } else {
                        outcome = farkle
                    }
                } else {
                    outcome = (-1, 0)
                    for keep in roll.keeps {
                        let next = table[min(points + keep.points, clamp) / step][keep.diceLeft]
                        if next.own > outcome.own { outcome = next }
                    }
                }
                sum = (sum.own + roll.probability * outcome.own, sum.next + roll.probability * outcome.next)
            }
            return sum
        }
        func settle(_ row: Int) -> Double {
            var change = 0.0
            for dice in 1...6 {
                let points = row * step
                var value = rollValue(points, dice, opening: false)
                if rolls.mayBank(points: points, dice: dice, entered: entered) {
                    let banked = bank(points)
                    if banked.own >= value.own { value = banked }
                }
                change = max(change, abs(value.own - table[row][dice].own), abs(value.next - table[row][dice].next))
                table[row][dice] = value
            }
            return change
        }
        // The top row loops on itself through hot dice and six-dice farkles.
        var rounds = 0
        while settle(rows - 1) > 1e-16, rounds < 100_000 { rounds += 1 }
        for row in stride(from: rows - 2, through: 0, by: -1) { _ = settle(row) }
        return (rollValue(0, 6, opening: true), table)
    }
}

/// Only single 1s score (100 each), banking with any dice, hot dice optional; six 1s win at once; three players
/// race to `target`, the first bank that reaches it winning.
private func onesOnlyTrio(target: Int, entryMinimum: Int = 0) -> RuleSet {
    RuleSet(
        name: "ones-only-trio-\(target)",
        combinations: CombinationPoints(singleOne: 100),
        turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(players: 3, target: target, finalRound: false, entryMinimum: entryMinimum))
}

/// Compares the solver with the brute force at every set of totals: both chances, 1e-11.
private func expectAgreement(_ rules: RuleSet) throws {
    let solver = try ThreePlayerWinSolver(rules: rules, threads: 2)
    let brute = ThreePlayerBruteForce(rules: rules).values()
    let step = solver.table.scoreStep
    var worst = 0.0
    for mine in 0..<solver.levels {
        for next in 0..<solver.levels {
            for last in 0..<solver.levels {
                let chances = solver.winProbabilities(totals: [mine * step, next * step, last * step])
                let expected = brute[mine][next][last]
                worst = max(worst, abs(chances[0] - expected.own), abs(chances[1] - expected.next))
            }
        }
    }
    #expect(worst < 1e-11, "largest difference \(worst) for \(rules.name)")
    #expect(solver.largestLastChange <= ThreePlayerWinSolver.tolerance)
}

@Suite("Three players racing to win")
struct ThreePlayerWinSolverTests {
    @Test("single 1s raced to 500 by three: every set of totals, both chances, as the brute force gives")
    func onesOnly() throws {
        try expectAgreement(onesOnlyTrio(target: 500))
    }

    @Test("with an entry minimum of 200, and with any six of a kind winning at once: as the brute force gives")
    func entryMinimumAndInstantWins() throws {
        try expectAgreement(onesOnlyTrio(target: 400, entryMinimum: 200))
        var rules = onesOnlyTrio(target: 400)
        rules.game.instantWinFaces = Set(1...6)
        try expectAgreement(rules)
    }

    @Test("standard's turn mechanics (bank with 1 or 2 dice, hot dice rolled, the six-dice farkle) raced to 250")
    func standardMechanics() throws {
        let rules = RuleSet(
            name: "small-standard-trio",
            combinations: CombinationPoints(
                singleOne: 100, singleFive: 50, threeOfAKind: [1000, 200, 300, 400, 500, 600]),
            turn: TurnRules(),
            game: GameRules(players: 3, target: 250, finalRound: false))
        try expectAgreement(rules)
    }

    @Test("Newton's step settles each loop of rotations in one to three solves of its turns, not about 20")
    func newtonSteps() throws {
        let solver = try ThreePlayerWinSolver(rules: onesOnlyTrio(target: 1000))
        #expect(solver.unsettledLoops == 0 && solver.largestLastChange == 0)
        // Every loop: the necklaces of three totals among 10 levels, (10³ + 2 · 10) / 3.
        let (repetitions, loops) = solver.repetitionTotals
        #expect(loops == 340)
        #expect(solver.maximumRepetitions <= 3 && Double(repetitions) / Double(loops) < 2, "\(repetitions)")
    }

    @Test("moving first is worth most and moving last least; the chances add up to 1; a fair head start evens them")
    func seats() throws {
        let solver = try ThreePlayerWinSolver(rules: onesOnlyTrio(target: 1000))
        let seats = solver.seatWinProbabilities
        #expect(seats[0] > seats[1] && seats[1] > seats[2], "\(seats)")
        #expect(abs(seats.reduce(0, +) - 1) < 1e-15)
        let fair = solver.fairHeadStarts
        #expect(fair.second >= 0 && fair.third > fair.second, "\(fair) \(seats)")
        #expect(fair.winProbabilities.map { abs($0 - 1.0 / 3) }.max()! < seats.map { abs($0 - 1.0 / 3) }.max()!)
    }

    @Test(
        "three players playing the solved game: each seat's share of 40,000 simulated games is its exact chance, within 4 standard errors",
        .leftOutOfCoverage,
        arguments: ["ones", "cardgames"])
    func simulated(rules name: String) throws {
        var rules = onesOnlyTrio(target: 1000)
        if name == "cardgames" {
            rules = try #require(RuleSet.presets["cardgames"])
            rules.game = GameRules(players: 3, target: 600, finalRound: false)
        }
        let solver = try ThreePlayerWinSolver(rules: rules)
        #expect(solver.unsettledLoops == 0)
        let strategy = ThreePlayerWinStrategy(solver: solver)
        let games = 40_000
        let tally = GameSimulation(table: solver.table, seats: [strategy, strategy, strategy]).run(
            games: games, seed: 31)
        #expect(tally.unfinishedGames == 0 && tally.ties == 0)
        for (seat, exact) in solver.seatWinProbabilities.enumerated() {
            let observed = Double(tally.seats[seat].wins) / Double(games)
            let standardError = (observed * (1 - observed) / Double(games)).squareRoot()
            #expect(abs(observed - exact) <= 4 * standardError, "seat \(seat + 1): \(observed) against \(exact)")
        }
    }

    @Test("the same for any number of threads")
    func threads() throws {
        let rules = onesOnlyTrio(target: 800)
        let one = try ThreePlayerWinSolver(rules: rules, threads: 1)
        let two = try ThreePlayerWinSolver(rules: rules, threads: 2)
        #expect(one.values == two.values && one.nextValues == two.nextValues)
    }

    @Test(
        "a final round, a penalty, two players and fixed rounds are refused in one line",
        arguments: ["final", "penalty", "two", "rounds"])
    func refusals(what: String) {
        var rules = onesOnlyTrio(target: 500)
        switch what {
        case "final": rules.game.end = .target(500, finalRound: true)
        case "penalty": rules.turn.threeFarklePenalty = 500
        case "two": rules.game.players = 2
        default: rules.game.end = .rounds(10)
        }
        #expect {
            try ThreePlayerWinSolver(rules: rules)
        } throws: { error in
            !String(describing: error).contains("\n")
        }
    }
}
