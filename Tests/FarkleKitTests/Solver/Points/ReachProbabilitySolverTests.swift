import Testing

@_spi(Kernels) @testable import FarkleKit

/// The chance of reaching `target` within `turns` turns, by plain recursion over every ordered roll (as
/// multisets with their counts) and every keep the scoring table lists: no grouping of rolls, no tables of
/// levels, the turn rules read from the rule set. Past the target (and the minimum bank) a bank succeeds, and
/// the chance is that of reaching a state that may bank before a farkle, found by iterating over every roll.
private struct ReachBruteForce {
    let table: ScoringTable
    let target: Int
    var memo: [[Int]: Double] = [:]
    /// The chance of reaching, from n dice to roll, a number of dice that may bank before a farkle.
    var bankReach = [Double](repeating: 0, count: 7)

    init(rules: RuleSet, target: Int) {
        table = ScoringTable(rules: rules)
        self.target = target
        let turn = rules.turn
        for _ in 0..<2000 {
            var next = bankReach
            for dice in 1...6 {
                guard !Self.allowsBanking(turn, dice: dice) else {
                    next[dice] = 1
                    continue
                }
                let all = Double(DiceCatalog.orderedRollCounts[dice])
                next[dice] = DiceCatalog.shared.multisets[dice].reduce(0) { sum, roll in
                    let weight = Double(DiceCatalog.orderedRollCount(of: roll)) / all
                    let keeps = table.keeps(for: roll)
                    if keeps.isEmpty {
                        let sixDiceFarkle = dice == 6 && turn.sixDiceFarkle != nil && turn.sixDiceFarkleOnEveryRoll
                        return sum + (sixDiceFarkle ? weight * bankReach[6] : 0)
                    }
                    let left = keeps.map { $0.diceUsed == dice ? 6 : dice - $0.diceUsed }
                    return sum + weight * (left.map { bankReach[$0] }.max() ?? 0)
                }
            }
            let change = zip(next, bankReach).map { abs($0 - $1) }.max() ?? 0
            bankReach = next
            if change < 1e-17 { break }
        }
    }

    static func allowsBanking(_ turn: TurnRules, dice: Int) -> Bool {
        dice == 6 ? !turn.hotDiceMandatory : turn.bankingDiceLeft.contains(dice)
    }

    /// The chance from the opening roll of a turn with `turnsLeft` turns to play (this one included).
    mutating func start(turnsLeft: Int, total: Int) -> Double {
        if total >= target { return 1 }
        if turnsLeft == 0 { return 0 }
        return roll(turnsLeft: turnsLeft, total: total, turnPoints: 0, dice: 6, opening: true)
    }

    /// The chance with `turnPoints` on the table and `dice` dice to roll, banking if that is better.
    mutating func decide(turnsLeft: Int, total: Int, turnPoints: Int, dice: Int) -> Double {
        let turn = table.rules.turn
        if total + turnPoints >= target, turnPoints >= turn.minimumBank {
            let failed = start(turnsLeft: turnsLeft - 1, total: total)
            return failed + bankReach[dice] * (1 - failed)
        }
        let rolling = roll(turnsLeft: turnsLeft, total: total, turnPoints: turnPoints, dice: dice, opening: false)
        let mayBank = turnPoints >= turn.minimumBank && Self.allowsBanking(turn, dice: dice)
        guard mayBank else { return rolling }
        return max(rolling, start(turnsLeft: turnsLeft - 1, total: total + turnPoints))
    }

    mutating func roll(turnsLeft: Int, total: Int, turnPoints: Int, dice: Int, opening: Bool) -> Double {
        let key = [turnsLeft, total, turnPoints, dice, opening ? 1 : 0]
        if let known = memo[key] { return known }
        let turn = table.rules.turn
        var sum = 0.0
        var scoreless = 0.0
        let all = Double(DiceCatalog.orderedRollCounts[dice])
        for roll in DiceCatalog.shared.multisets[dice] {
            let weight = Double(DiceCatalog.orderedRollCount(of: roll)) / all
            let keeps = table.keeps(for: roll)
            if keeps.isEmpty {
                if opening, turn.rerollsScorelessOpeningRoll, turn.sixDiceFarkle == nil {
                    scoreless += weight
                } else if dice == 6, let bonus = turn.sixDiceFarkle, opening || turn.sixDiceFarkleOnEveryRoll {
                    sum +=
                        weight * decide(turnsLeft: turnsLeft, total: total, turnPoints: turnPoints + bonus, dice: 6)
                } else {
                    // A scoreless opening roll may cost points off the total.
                    let cost = opening ? turn.scorelessOpeningRollCost : 0
                    sum += weight * start(turnsLeft: turnsLeft - 1, total: total - cost)
                }
                continue
            }
            var best = 0.0
            for keep in keeps {
                let left = keep.diceUsed == dice ? 6 : dice - keep.diceUsed
                best = max(
                    best, decide(turnsLeft: turnsLeft, total: total, turnPoints: turnPoints + keep.score, dice: left))
            }
            sum += weight * best
        }
        // A scoreless opening roll rolled again: roll after roll, each worth the same, until one scores.
        var rolled = sum
        for _ in 0..<400 { rolled = sum + scoreless * rolled }
        memo[key] = rolled
        return rolled
    }
}

@Suite("Reaching a total within a number of turns, alone")
struct ReachProbabilitySolverTests {
    @Test(
        "the chance from every total and turns left equals a plain recursion over every roll and keep",
        arguments: [
            ("farkleten", 400, 2), ("standard", 350, 2), ("minimum-bank", 400, 2), ("reroll", 400, 2),
            ("opening-cost", 400, 3),
        ])
    func bruteForce(name: String, target: Int, turns: Int) throws {
        // standard: hot dice must be rolled, banking only with 1 or 2 dice left, the opening six-dice farkle;
        // minimum-bank: standard with a 300 minimum bank and the six-dice farkle on every roll of six dice.
        var rules = RuleSet.standard
        if name == "farkleten" { rules = .farkleten }
        // reroll: farkleten (no six-dice farkle) where a scoreless opening roll is rolled again.
        if name == "reroll" {
            rules = .farkleten
            rules.turn.rerollsScorelessOpeningRoll = true
        }
        // opening-cost: farkleten where a scoreless opening roll costs 150 points: totals fall below 0.
        if name == "opening-cost" {
            rules = .farkleten
            rules.turn.openingFarkleCost = 150
        }
        if name == "minimum-bank" {
            rules.turn.minimumBank = 300
            rules.turn.sixDiceFarkleOnEveryRoll = true
        }
        let solver = try ReachProbabilitySolver(rules: rules, target: target, turns: turns)
        var brute = ReachBruteForce(rules: rules, target: target)
        for turnsLeft in 0...turns {
            for total in stride(from: solver.lowestTotal(turnsLeft: turnsLeft), through: target, by: 50) {
                let expected = brute.start(turnsLeft: turnsLeft, total: total)
                let got = solver.chance(turnsLeft: turnsLeft, total: total)
                #expect(abs(got - expected) < 1e-12, "\(name) \(turnsLeft) turns from \(total): \(got) vs \(expected)")
            }
        }
        #expect(solver.chance == solver.chance(turnsLeft: turns, total: 0))
        // Within a turn too: the chance with 100 turn points and 3 dice, from a total of 50 (and, after two costly
        // farkles, from -300).
        let value = solver.value(turnsLeft: turns, total: 50, turnPoints: 100, state: 3)
        let expected = brute.decide(turnsLeft: turns, total: 50, turnPoints: 100, dice: 3)
        #expect(abs(value - expected) < 1e-12)
        if name == "opening-cost" {
            #expect(solver.lowestTotal(turnsLeft: 1) == -300)
            let low = solver.value(turnsLeft: 1, total: -300, turnPoints: 100, state: 3)
            #expect(abs(low - brute.decide(turnsLeft: 1, total: -300, turnPoints: 100, dice: 3)) < 1e-12)
            // The cost is felt: the same game without it reaches the target more often.
            var free = rules
            free.turn.openingFarkleCost = 0
            #expect(try ReachProbabilitySolver(rules: free, target: target, turns: turns).chance > solver.chance + 1e-3)
        }
    }

    @Test("best play for the target does at least as well as expected-score play, whatever the target and turns")
    func beatsExpectedScorePlay() throws {
        let solver = ExpectedScoreSolver(rules: .farkleten)
        let turn = BankedPointsDistribution(solver: solver)
        for (target, turns) in [(1000, 3), (2000, 3), (3000, 3), (500, 1), (1500, 1)] {
            let reach = try ReachProbabilitySolver(rules: .farkleten, target: target, turns: turns).chance
            let ev = BankedPointsDistribution(summing: turn, turns: turns).probability(ofAtLeast: target)
            #expect(reach >= ev - 1e-12, "\(target) in \(turns): \(reach) vs ev \(ev)")
            #expect(reach > 0 && reach < 1)
        }
    }

    @Test("the chance falls as the target grows, and a total b from the target N is a target N - b from 0")
    func monotoneInTarget() throws {
        let chances = try [500, 1000, 1500, 2000, 2500].map {
            try ReachProbabilitySolver(rules: .farkleten, target: $0, turns: 3).chance
        }
        #expect(zip(chances, chances.dropFirst()).allSatisfy { $0 > $1 }, "\(chances)")
        let far = try ReachProbabilitySolver(rules: .farkleten, target: 2500, turns: 3)
        for (index, target) in [2500, 2000, 1500, 1000, 500].enumerated() {
            let fromTotal = far.chance(turnsLeft: 3, total: 2500 - target)
            #expect(abs(fromTotal - chances[4 - index]) < 1e-12)
        }
        // More turns never hurt, and the chance from the target on is 1.
        #expect(far.chance(turnsLeft: 2, total: 0) < far.chance(turnsLeft: 3, total: 0))
        #expect(far.chance(turnsLeft: 0, total: 2500) == 1)
        #expect(far.chance(turnsLeft: 3, total: 5000) == 1)
    }

    @Test("past the target a bank reaches it, and best play banks there")
    func pastTheTarget() throws {
        let solver = try ReachProbabilitySolver(rules: .farkleten, target: 1000, turns: 2)
        #expect(solver.value(turnsLeft: 2, total: 600, turnPoints: 400, state: 1) == 1)
        #expect(solver.shouldBank(turnsLeft: 2, total: 600, turnPoints: 400, state: 1))
        #expect(solver.bankValue(turnsLeft: 1, total: 600, turnPoints: 350, state: 3) == 0)
        #expect(!solver.shouldBank(turnsLeft: 1, total: 600, turnPoints: 350, state: 3))
        // In the last turn a bank short of the target is worth nothing: bank exactly from the target on.
        for state in 1...6 {
            #expect(solver.bankThreshold(turnsLeft: 1, total: 600, state: state) == 400)
        }
        // With more turns to come, banking short of the target starts lower.
        let early = try #require(solver.bankThreshold(turnsLeft: 2, total: 0, state: 1))
        #expect(early < 1000)
        #expect(solver.shouldBank(turnsLeft: 2, total: 0, turnPoints: early, state: 1))
        // With 1 die past the target, a roll reaches it only if the die scores (2 in 6) and then banks.
        let roll = solver.rollValue(turnsLeft: 1, total: 600, turnPoints: 400, state: 1)
        #expect(abs(roll - 2.0 / 6) < 1e-15)
    }

    @Test("a three-farkle penalty, an entry minimum and a table too large are refused with a reason")
    func unsupported() {
        #expect(throws: NotCovered.self) {
            try ReachProbabilitySolver(rules: .zilch, target: 1000, turns: 2)
        }
        var entry = RuleSet.farkleten
        entry.game.entryMinimum = 500
        #expect(throws: NotCovered.self) {
            try ReachProbabilitySolver(rules: entry, target: 1000, turns: 2)
        }
        #expect(throws: NotCovered.self) {
            try ReachProbabilitySolver(rules: .farkleten, target: 1_000_000, turns: 10)
        }
    }
}
