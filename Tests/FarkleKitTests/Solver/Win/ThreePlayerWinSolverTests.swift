import Testing

@_spi(Kernels) @testable import FarkleKit

/// An independent solver of small three-player races, written straight from the rules and as unlike
/// `ThreePlayerWinSolver` as possible: every keep of every roll (`WinBruteForce`'s rolls), the turn solved by
/// plain recursion over turn points with the mover's and the next player's chances side by side, and plain value
/// iteration over every set of totals in the slots' order (no sums, no loops of rotations) until a sweep changes
/// nothing by more than 1e-14.
///
/// With a final round, a bank at or past the target leads to the two others' last turns, each solved by the same
/// recursion from the final totals' shares (`FinalRoundBruteForce`).
struct ThreePlayerBruteForce {
    let rules: RuleSet
    let rolls: WinBruteForce
    let step: Int
    let target: Int
    let levels: Int
    let finalRound: FinalRoundBruteForce?

    init(rules: RuleSet) {
        self.rules = rules
        rolls = WinBruteForce(rules: rules)
        step = ScoringTable(rules: rules).scoreStep
        target = rules.game.end.target ?? 0
        levels = (target - 1) / step + 1
        finalRound = rules.game.end.hasFinalRound ? FinalRoundBruteForce(rules: rules) : nil
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
        // A target hit exactly: every point past it is one state, where a bank busts (a farkle's worth).
        let exact = rules.game.mustHitTargetExactly
        var clamp =
            exact ? target - mine * step + step : max(target - mine * step, (least + step - 1) / step * step, step)
        if let finalRound {
            // Past the target a bank is worth what the two last turns leave, the same once neither can catch up.
            clamp = max(clamp, max(next, last) * step + finalRound.reach - mine * step)
        }
        let turn = turn(farkle: after(mine), clamp: clamp, entered: mine > 0) { points in
            let total = mine * step + points
            if exact && total > target { return after(mine) }
            guard total >= target else { return after(total / step) }
            guard let finalRound else { return (1, 0) }
            let shares = finalRound.lastTurns(leader: total, next: next * step, last: last * step)
            return (shares[0], shares[1])
        }
        return (turn.opening, turn.table, clamp)
    }

    /// The turn from its opening roll: the mover's best chance and the next player's under the same play, and the
    /// table of every state; a farkle pays `farkle`, banking `points` pays `bank(points)`; from `clamp` points on
    /// every bank pays the same.
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

/// The last turns of a three-player race's final round, straight from the rules: the leader has banked a total at
/// or past the target; the next player, then the last, play one turn each, each maximizing their own share; the
/// highest final total wins, equal highest totals sharing the win. Each turn is `ThreePlayerBruteForce`'s
/// recursion with a bank worth the shares of the final totals it leads to; memoized by the totals.
final class FinalRoundBruteForce {
    let game: ThreePlayerBruteForce
    let step: Int
    /// The points from which a last turn's chance to catch up stops changing by more than 1e-16.
    private(set) var reach = 0
    private var last: [[Int]: [Double]] = [:]
    private var second: [[Int]: [Double]] = [:]

    init(rules: RuleSet) {
        var plain = rules
        plain.game.end = .target(rules.game.end.target ?? 0, finalRound: false)
        game = ThreePlayerBruteForce(rules: plain)
        step = game.step
        // The last player's chance against a leader `deficit` ahead, until it settles (over ten steps: a least bank
        // makes it flat over the first few).
        var deficit = step
        while lastPlayer(leader: deficit, second: 0, last: 0)[2]
            - lastPlayer(leader: deficit + 10 * step, second: 0, last: 0)[2] >= 1e-16
        {
            deficit += step
        }
        reach = deficit + 10 * step
    }

    /// The least bank in points, a multiple of the step: below it the top row of a turn would be one banking is not
    /// allowed in.
    func leastBank(entered: Bool) -> Int {
        let least = max(game.rules.turn.minimumBank, entered ? 0 : game.rules.game.entryMinimum)
        return (least + step - 1) / step * step
    }

    /// Each player's share of the final totals: 1 / k to each of the k players on the highest.
    func shares(_ totals: [Int]) -> [Double] {
        let highest = totals.max()!
        let leaders = Double(totals.filter { $0 == highest }.count)
        return totals.map { $0 == highest ? 1 / leaders : 0 }
    }

    /// The last player's turn against `leader` (who reached the target) and `second`, from `last`: the shares of
    /// the leader, the second and the last.
    func lastPlayer(leader: Int, second: Int, last: Int) -> [Double] {
        if let known = self.last[[leader, second, last]] { return known }
        let clamp = max(max(leader, second) - last + step, leastBank(entered: last > 0))
        let turn = game.turn(
            farkle: (shares([leader, second, last])[2], shares([leader, second, last])[0]), clamp: clamp,
            entered: last > 0
        ) { points in
            let final = self.shares([leader, second, last + points])
            return (final[2], final[0])
        }
        let result = [turn.opening.next, 1 - turn.opening.own - turn.opening.next, turn.opening.own]
        self.last[[leader, second, last]] = result
        return result
    }

    /// The shares after the next player's and the last player's turns, from `leader` (at or past the target),
    /// `next` and `last`: the leader's, the next player's and the last player's.
    func lastTurns(leader: Int, next: Int, last: Int) -> [Double] {
        if let known = second[[leader, next, last]] { return known }
        let clamp = max(leader - next + step, last + reach - next, leastBank(entered: next > 0))
        let farkle = lastPlayer(leader: leader, second: next, last: last)
        let turn = game.turn(farkle: (farkle[1], farkle[2]), clamp: clamp, entered: next > 0) { points in
            let after = self.lastPlayer(leader: leader, second: next + points, last: last)
            return (after[1], after[2])
        }
        let result = [1 - turn.opening.own - turn.opening.next, turn.opening.own, turn.opening.next]
        second[[leader, next, last]] = result
        return result
    }
}

/// Only single 1s score (100 each), banking with any dice, hot dice optional; six 1s win at once; three players
/// race to `target`, the first bank that reaches it winning (with `finalRound`, giving the two others a last turn).
private func onesOnlyTrio(target: Int, entryMinimum: Int = 0, finalRound: Bool = false) -> RuleSet {
    RuleSet(
        name: "ones-only-trio-\(target)",
        combinations: CombinationPoints(singleOne: 100),
        turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
        game: GameRules(players: 3, target: target, finalRound: finalRound, entryMinimum: entryMinimum))
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

    @Test(
        "a target hit exactly (a bank past it busts), single 1s raced to 500 and with an entry minimum: as the brute force gives"
    )
    func hittingExactly() throws {
        for rules in [onesOnlyTrio(target: 500), onesOnlyTrio(target: 400, entryMinimum: 200)] {
            var exact = rules
            exact.game.mustHitTargetExactly = true
            try BankReachability(table: ScoringTable(rules: exact)).check(source: exact.name)
            try expectAgreement(exact)
        }
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

    @Test("with a final round (ties shared): every set of totals, both shares, as the brute force gives")
    func finalRound() throws {
        try expectAgreement(onesOnlyTrio(target: 400, finalRound: true))
    }

    @Test(
        "with a final round and standard's turn mechanics (bank with 1 or 2 dice, hot dice rolled, the six-dice farkle on the opening roll) on single 1s: as the brute force gives"
    )
    func finalRoundStandardMechanics() throws {
        var rules = onesOnlyTrio(target: 300, finalRound: true)
        rules.turn = TurnRules()
        try expectAgreement(rules)
    }

    @Test(
        "with a final round, an entry minimum of 200, a least bank of 300 (a last turn may have to pass the leader by it) and any six of a kind winning at once: as the brute force gives"
    )
    func finalRoundEntryMinimumAndInstantWins() throws {
        try expectAgreement(onesOnlyTrio(target: 300, entryMinimum: 200, finalRound: true))
        var rules = onesOnlyTrio(target: 300, finalRound: true)
        rules.turn.minimumBank = 300
        try expectAgreement(rules)
        rules = onesOnlyTrio(target: 300, finalRound: true)
        rules.game.instantWinFaces = Set(1...6)
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

    @Test(
        "where best replies go round (cardgames raced to 1,500 by three), a mover mixing two plays settles the loop: in those loops and at every 7th set of totals each mover's chance is its best turn's, and the next player's what its best play leaves, or between two best plays where the mover is indifferent",
        .leftOutOfCoverage)
    func mixedPlays() throws {
        var rules = try #require(RuleSet.presets["cardgames"])
        rules.game = GameRules(players: 3, target: 1500, finalRound: false)
        let solver = try ThreePlayerWinSolver(rules: rules)
        #expect(solver.mixedLoops >= 1 && solver.unsettledLoops == 0 && solver.largestLastChange < 1e-14)
        let layout = solver.layout
        let turn = layout.turn
        // The turn at `state` solved again at the solved chances, its farkle payoff moved by `shift`.
        func solveTurn(_ state: TrioLayout.State, shift: Double) -> (entry: WinTurn.Entry, validity: WinTurn.Validity) {
            let rows = layout.rows(at: state, values: solver.values, ties: solver.nextValues)
            let table = TurnTable(rows: rows.top + turn.maximumJump + 1)
            defer { table.deallocate() }
            var validity = WinTurn.Validity.unbounded
            let entry = rows.bank.withUnsafeBufferPointer { bank in
                rows.bankTie.withUnsafeBufferPointer { tie in
                    turn.solve(
                        top: rows.top, topBank: layout.topBank, topBankAux: layout.topBankAux,
                        bank: bank.baseAddress!, bankAux: tie.baseAddress!, farkle: rows.farkle.value + shift,
                        farkleAux: rows.farkle.tie, into: table, validity: &validity, tracking: true)
                }
            }
            return (entry, validity)
        }
        var worst = 0.0
        var indifferent = 0
        // Every rotation of each loop settled by mixing, and every 7th set of totals besides.
        var states = Set(stride(from: 0, to: layout.levels * layout.levels * layout.levels, by: 7))
        for slot in solver.mixedLoopSets {
            let state = (
                mine: slot / (layout.levels * layout.levels), next: slot / layout.levels % layout.levels,
                last: slot % layout.levels
            )
            states.formUnion([state, layout.rotated(state), layout.rotated(layout.rotated(state))].map(layout.index))
        }
        #expect(solver.mixedLoopSets.count == solver.mixedLoops)
        for index in states.sorted() {
            let state = (
                mine: index / (layout.levels * layout.levels), next: index / layout.levels % layout.levels,
                last: index % layout.levels
            )
            let (entry, validity) = solveTurn(state, shift: 0)
            worst = max(worst, abs(entry.value - solver.values[index]))
            if validity.down > 1e-9 && validity.up > 1e-9 {
                worst = max(worst, abs(entry.aux - solver.nextValues[index]))
            } else {
                // At the edge between two plays: what they leave the next player bounds the mix.
                let below = solveTurn(state, shift: -1e-9).entry.aux
                let above = solveTurn(state, shift: 1e-9).entry.aux
                let chance = solver.nextValues[index]
                worst = max(worst, min(below, above) - chance, chance - max(below, above))
                if abs(below - above) > 1e-9 && abs(chance - below) > 1e-9 && abs(chance - above) > 1e-9 {
                    indifferent += 1
                }
            }
        }
        #expect(worst < 1e-12, "largest difference \(worst)")
        // Each loop settled by mixing has at least one mover mixing strictly.
        #expect(indifferent >= solver.mixedLoops, "\(indifferent) movers mix strictly")
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
        arguments: ["ones", "cardgames", "ones hit exactly"])
    func simulated(rules name: String) throws {
        var rules = onesOnlyTrio(target: 1000)
        if name == "cardgames" {
            rules = try #require(RuleSet.presets["cardgames"])
            rules.game = GameRules(players: 3, target: 600, finalRound: false)
        }
        // A bank past the target busts: every game still ends, on the winner's 1,000 exactly.
        rules.game.mustHitTargetExactly = name.hasSuffix("hit exactly")
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

    @Test(
        "the last turns of a final round at three, as advice and play read them: each opening worth what the brute force's recursions give"
    )
    func lastTurns() throws {
        let rules = onesOnlyTrio(target: 400, entryMinimum: 200, finalRound: true)
        let solver = try ThreePlayerWinSolver(rules: rules)
        let brute = FinalRoundBruteForce(rules: rules)
        var worst = 0.0
        for leader in stride(from: 400, through: 900, by: 100) {
            for mine in stride(from: 0, to: 400, by: 100) {
                for other in stride(from: 0, to: 400, by: 100) {
                    // The next player to move, the last one after it, then the leader.
                    let next = try #require(solver.finalRoundTurnTable(myScore: mine, opponents: [other, leader]))
                    worst = max(
                        worst, abs(next.openingValue - brute.lastTurns(leader: leader, next: mine, last: other)[1]))
                    // The last player, the leader and the next one (who may have passed the leader) before it.
                    for second in [other, leader, leader + 100] {
                        let last = try #require(solver.finalRoundTurnTable(myScore: mine, opponents: [leader, second]))
                        worst = max(
                            worst,
                            abs(last.openingValue - brute.lastPlayer(leader: leader, second: second, last: mine)[2]))
                    }
                }
            }
        }
        #expect(worst < 1e-12, "largest difference \(worst)")
    }

    @Test(
        "with a final round, three players playing the solved game, its last turns included: each seat's share of 40,000 simulated games (ties shared) is its exact chance, within 4 standard errors",
        .leftOutOfCoverage)
    func simulatedFinalRound() throws {
        let solver = try ThreePlayerWinSolver(rules: try Fixtures.rules("final-round-trio.json"))
        #expect(solver.unsettledLoops == 0)
        let strategy = ThreePlayerWinStrategy(solver: solver)
        let games = 40_000
        let tally = GameSimulation(table: solver.table, seats: [strategy, strategy, strategy]).run(
            games: games, seed: 37, threads: 2)
        #expect(tally.unfinishedGames == 0 && tally.ties > 0)
        // Every seat is in each tie of three; a seat's ties are of two or of three.
        let threeWay = tally.seats.reduce(0) { $0 + $1.ties } - 2 * tally.ties
        let n = Double(games)
        for (seat, exact) in solver.seatWinProbabilities.enumerated() {
            let record = tally.seats[seat]
            let twoWay = Double(record.ties - threeWay)
            let share = (Double(record.wins) + twoWay / 2 + Double(threeWay) / 3) / n
            let square = (Double(record.wins) + twoWay / 4 + Double(threeWay) / 9) / n
            let standardError = ((square - share * share) / n).squareRoot()
            #expect(abs(share - exact) <= 4 * standardError, "seat \(seat + 1): \(share) against \(exact)")
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
        "a penalty, two players, fixed rounds and a least bank that would make the final round's last turns too costly to solve are refused in one line",
        arguments: ["penalty", "two", "rounds", "least bank"])
    func refusals(what: String) {
        var rules = onesOnlyTrio(target: 500)
        switch what {
        case "penalty": rules.turn.threeFarklePenalty = 500
        case "two": rules.game.players = 2
        case "least bank":
            rules.game.end = .target(500, finalRound: true)
            rules.turn.minimumBank = 1_000_000
        default: rules.game.end = .rounds(10)
        }
        #expect {
            try ThreePlayerWinSolver(rules: rules)
        } throws: { error in
            !String(describing: error).contains("\n")
        }
    }
}
