import Testing

@_spi(Kernels) @testable import FarkleKit

/// Every rule of the Farkle Ten bots, on constructed rolls and situations.
@Suite("Farkle Ten bots: the keeps and bank rules of easy, medium and hard")
struct FarkleTenBotTests {
    static let table = ScoringTable(rules: .farkleten)
    static let easy = FarkleTenBot(level: .easy, table: table)
    static let medium = FarkleTenBot(level: .medium, table: table)
    static let hard = FarkleTenBot(level: .hard, table: table)

    /// A two-player game of ten rounds in round `round`, seat 0 to play with `own` against `other`.
    static func situation(own: Int = 0, other: Int = 0, round: Int = 1, players: Int = 2) -> GameSituation {
        var situation = GameSituation(players: players, end: .rounds(10))
        situation.scores[0] = own
        if players > 1 { situation.scores[1] = other }
        situation.round = round
        return situation
    }

    /// The bot's keep of `faces` as (points, dice), and its bank decision, at `turnPoints` before the roll.
    static func move(
        _ bot: FarkleTenBot, _ faces: [Int], turnPoints: Int = 0, situation: GameSituation = situation()
    ) -> Move {
        let roll = DiceCounts(faces: faces)
        var generator = Xoshiro256StarStar(seed: 1)
        return bot.move(
            turnPoints: turnPoints, dice: roll.count, multiset: DiceCatalog.shared.index(of: roll),
            situation: situation, using: &generator)
    }

    /// The combinations the bots see in `faces`, as (points, dice).
    static func candidates(_ faces: [Int]) -> [[Int]] {
        FarkleTenBot.Combinations.candidates(of: DiceCounts(faces: faces), table: table).map {
            [Int($0.score), Int($0.diceUsed)]
        }
    }

    /// Whether `bot` banks `turnPoints` with `diceLeft` dice in `situation` (deterministic bots only).
    static func banks(_ bot: FarkleTenBot, _ turnPoints: Int, dice diceLeft: Int, _ situation: GameSituation) -> Bool {
        var generator = Xoshiro256StarStar(seed: 1)
        return bot.shouldBank(turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, using: &generator)
    }

    // MARK: - Combinations

    @Test("the combinations: single 1 and 5, each face's three or more, and of six dice pairs, straight, triplets")
    func combinations() {
        #expect(Self.candidates([1, 1, 5, 2, 3, 4]) == [[100, 1], [50, 1]])
        #expect(Self.candidates([1, 1, 1, 1, 5, 5]) == [[100, 1], [50, 1], [2000, 4], [2100, 6]])
        #expect(Self.candidates([6, 6, 6, 6, 2, 2]) == [[1200, 4], [1200, 6]])
        #expect(Self.candidates([1, 2, 3, 4, 5, 6]) == [[100, 1], [50, 1], [1000, 6]])
        #expect(Self.candidates([1, 1, 1, 5, 5, 5]) == [[100, 1], [50, 1], [1000, 3], [500, 3], [2500, 6]])
        // Six of a kind is one set of dice: n of a kind, three pairs and two triplets at once, scored 2500.
        #expect(Self.candidates([2, 2, 2, 2, 2, 2]) == [[2500, 6]])
        #expect(Self.candidates([2, 2, 3, 3, 4, 4]) == [[750, 6]])
        #expect(Self.candidates([2, 2, 3, 3, 4, 6]).isEmpty)
        // Five dice are never pairs or a straight.
        #expect(Self.candidates([1, 2, 3, 4, 5]) == [[100, 1], [50, 1]])
    }

    @Test(
        "without four of a kind (five-thousand) four 2s offer the three that score; every scoring roll of 1 to 5 dice offers a keep, and the bots play the game"
    )
    func fewerOfAKind() {
        let table = ScoringTable(rules: .fiveThousand)
        let candidates = { (faces: [Int]) in
            FarkleTenBot.Combinations.candidates(of: DiceCounts(faces: faces), table: table).map {
                [Int($0.score), Int($0.diceUsed)]
            }
        }
        // The easy bot drew from an empty list here and trapped (simulate, report).
        #expect(candidates([2, 2, 2, 2, 3]) == [[200, 3]])
        // Four 1s are three and a single: all four score together, 1,100.
        #expect(candidates([1, 1, 1, 1, 6]) == [[100, 1], [1100, 4]])
        for dice in 1...5 {
            for roll in DiceCatalog.shared.multisets[dice] where !table.keeps(for: roll).isEmpty {
                #expect(!FarkleTenBot.Combinations.candidates(of: roll, table: table).isEmpty, "\(roll)")
            }
        }
        let seats = BuiltInStrategy.make(FarkleTenBot.Level.allCases.map { .farkleTen($0) }, table: table)
        let tally = GameSimulation(table: table, seats: seats).run(games: 2_000, seed: 5)
        #expect(tally.games == 2_000)
    }

    // MARK: - Keeps

    @Test("easy keeps the highest-scoring combination (the first on a tie) when it does not pick at random")
    func easyHighest() {
        let values = FarkleTenBot.Combinations(table: Self.table)
        let choice = { (faces: [Int]) -> [Int] in
            let roll = DiceCounts(faces: faces)
            let global = values.globalIndex(dice: roll.count, multiset: DiceCatalog.shared.index(of: roll))
            let keep = values.choice(global: global, .easy)
            return [Int(keep.score), Int(keep.diceUsed)]
        }
        #expect(choice([1, 1, 1, 1, 5, 5]) == [2100, 6])
        #expect(choice([6, 6, 6, 6, 2, 2]) == [1200, 4])
        #expect(choice([2, 2, 2, 1, 3, 4]) == [200, 3])
        #expect(choice([1, 5, 3]) == [100, 1])
    }

    @Test("easy keeps a random combination 30% of the time: each of four is kept 7.5%, the highest 77.5%")
    func easyRandomKeeps() {
        var generator = Xoshiro256StarStar(seed: 42)
        let roll = DiceCounts(faces: [1, 1, 1, 1, 5, 5])
        let multiset = DiceCatalog.shared.index(of: roll)
        let trials = 40_000
        var counts: [Int: Int] = [:]
        for _ in 0..<trials {
            let move = Self.easy.move(
                turnPoints: 0, dice: 6, multiset: multiset, situation: Self.situation(), using: &generator)
            counts[move.score, default: 0] += 1
        }
        let expected: [Int: Double] = [2100: 0.775, 2000: 0.075, 100: 0.075, 50: 0.075]
        #expect(Set(counts.keys) == Set(expected.keys))
        for (score, share) in expected {
            let observed = Double(counts[score] ?? 0) / Double(trials)
            let error = (share * (1 - share) / Double(trials)).squareRoot()
            #expect(abs(observed - share) < 4 * error, "keep scoring \(score): \(observed)")
        }
    }

    @Test("medium keeps the most points per die, times 1.2 when the combination uses every die rolled")
    func mediumKeeps() {
        #expect(Self.move(Self.medium, [1, 1, 1, 1, 5, 5]).score == 2000)  // 500 a die beats 2100 / 6 × 1.2 = 420
        #expect(Self.move(Self.medium, [6, 6, 6, 6, 2, 2]).diceUsed == 4)  // 300 a die beats 200 × 1.2
        #expect(Self.move(Self.medium, [1, 1, 1, 5, 5, 5]).score == 2500)  // 417 × 1.2 beats 333
        #expect(Self.move(Self.medium, [2, 2, 2, 1, 3, 4]).score == 100)  // 100 a die beats 67
        #expect(Self.move(Self.medium, [1, 5]).score == 100)
        // The factor: 300 with three dice is 100 a die, 120 where those are all the dice rolled.
        let candidate = FarkleTenBot.Combinations.Candidate(score: 300, diceUsed: 3)
        #expect(abs(FarkleTenBot.Combinations.mediumValue(candidate, dice: 3) - 120) < 1e-9)
        #expect(abs(FarkleTenBot.Combinations.mediumValue(candidate, dice: 4) - 100) < 1e-9)
    }

    @Test("hard keeps the most points + (1 - p(r)) E(r) for the r dice left, times 1.3 with every die")
    func hardKeeps() {
        // A single 1 leaves 5 dice: 100 + 0.9228 × 250 = 330.7, more than three 2s leaving 3: 200 + 108.3.
        #expect(Self.move(Self.hard, [2, 2, 2, 1, 3, 4]).score == 100)
        // Three pairs leave hot dice: (2100 + 0.9769 × 350) × 1.3 beats four 1s, 2000 + 0.5556 × 100.
        #expect(Self.move(Self.hard, [1, 1, 1, 1, 5, 5]).score == 2100)
        #expect(Self.move(Self.hard, [5, 5, 5, 2]).score == 500)
        let candidate = FarkleTenBot.Combinations.Candidate(score: 500, diceUsed: 3)
        let threeLeft = 500 + (1 - 0.2778) * 150
        #expect(abs(FarkleTenBot.Combinations.hardValue(candidate, dice: 6, allDice: 6) - threeLeft) < 1e-9)
        #expect(
            abs(FarkleTenBot.Combinations.hardValue(candidate, dice: 3, allDice: 6) - (500 + 0.9769 * 350) * 1.3) < 1e-9
        )
    }

    // MARK: - Easy's bank

    @Test("easy banks with 2 dice or fewer whatever the points, from 450 always, below 300 never")
    func easyBankBounds() {
        var generator = Xoshiro256StarStar(seed: 3)
        let situation = Self.situation()
        for _ in 0..<500 {
            #expect(Self.easy.shouldBank(turnPoints: 50, diceLeft: 2, situation: situation, using: &generator))
            #expect(Self.easy.shouldBank(turnPoints: 450, diceLeft: 6, situation: situation, using: &generator))
            #expect(!Self.easy.shouldBank(turnPoints: 299, diceLeft: 3, situation: situation, using: &generator))
        }
    }

    @Test("easy's threshold is a fresh whole number from 300 to 450: it banks 375 with chance 76 / 151")
    func easyThreshold() {
        var generator = Xoshiro256StarStar(seed: 9)
        let trials = 40_000
        var banked = 0
        for _ in 0..<trials
        where Self.easy.shouldBank(
            turnPoints: 375, diceLeft: 4, situation: Self.situation(), using: &generator)
        {
            banked += 1
        }
        let share = 76.0 / 151
        let error = (share * (1 - share) / Double(trials)).squareRoot()
        #expect(abs(Double(banked) / Double(trials) - share) < 4 * error)
    }

    // MARK: - Medium's bank

    @Test(
        "medium rolls while (1 - p)(T + E) - pT > T",
        arguments: [
            (1, 50, true), (2, 50, false), (2, 100, true), (3, 150, false), (3, 200, true), (4, 500, false),
            (4, 550, true), (5, 1450, false), (5, 1500, true), (6, 7400, false), (6, 7450, true),
        ])
    func mediumRule(dice: Int, turnPoints: Int, banks: Bool) {
        #expect(Self.banks(Self.medium, turnPoints, dice: dice, Self.situation()) == banks)
        #expect(FarkleTenBot.rollsOn(turnPoints: turnPoints, diceLeft: dice) == !banks)
    }

    @Test("medium's rule as a table: it rolls below the table's points and banks from them, for every whole number")
    func mediumTable() {
        for dice in 1...6 {
            let bankFrom = FarkleTenBot.mediumBankFrom(diceLeft: dice)
            #expect(bankFrom == FarkleTenBot.Combinations(table: Self.table).mediumBankFrom[dice])
            for points in 0...10_000 {
                #expect(FarkleTenBot.rollsOn(turnPoints: points, diceLeft: dice) == (points < bankFrom))
            }
        }
        #expect((1...6).map { FarkleTenBot.mediumBankFrom(diceLeft: $0) } == [21, 63, 195, 549, 1495, 7401])
    }

    @Test("medium banks from 350 when it leads by more than 2000; its own turn points do not count as a lead")
    func mediumLead() {
        #expect(Self.banks(Self.medium, 350, dice: 6, Self.situation(own: 5100, other: 3000)))
        #expect(!Self.banks(Self.medium, 300, dice: 6, Self.situation(own: 5100, other: 3000)))
        #expect(!Self.banks(Self.medium, 350, dice: 6, Self.situation(own: 5000, other: 3000)))
        #expect(!Self.banks(Self.medium, 5000, dice: 6, Self.situation(own: 3000, other: 1000)))
        // Alone nobody leads.
        #expect(!Self.banks(Self.medium, 350, dice: 6, Self.situation(own: 9000, players: 1)))
    }

    // MARK: - Hard's bank

    @Test("hard 1: leading by more than 3000 with 300 or more, bank")
    func hardRule1() {
        #expect(Self.banks(Self.hard, 300, dice: 6, Self.situation(own: 4001, other: 1000)))
        #expect(!Self.banks(Self.hard, 300, dice: 6, Self.situation(own: 4000, other: 1000)))
        #expect(!Self.banks(Self.hard, 299, dice: 6, Self.situation(own: 4001, other: 1000)))
    }

    @Test("hard 2: leading by more than 1500 with 400 or more and 4 dice or fewer, bank")
    func hardRule2() {
        #expect(Self.banks(Self.hard, 400, dice: 4, Self.situation(own: 2501, other: 1000)))
        #expect(!Self.banks(Self.hard, 400, dice: 4, Self.situation(own: 2500, other: 1000)))
        #expect(!Self.banks(Self.hard, 400, dice: 5, Self.situation(own: 2501, other: 1000)))
        #expect(!Self.banks(Self.hard, 399, dice: 4, Self.situation(own: 2501, other: 1000)))
    }

    @Test("hard 3: behind by more than 3000 with 2 dice or more and under 800, roll")
    func hardRule3() {
        #expect(!Self.banks(Self.hard, 799, dice: 2, Self.situation(own: 1000, other: 4001)))
        #expect(Self.banks(Self.hard, 800, dice: 2, Self.situation(own: 1000, other: 4001)))
        #expect(Self.banks(Self.hard, 799, dice: 1, Self.situation(own: 1000, other: 4001)))
        #expect(Self.banks(Self.hard, 799, dice: 2, Self.situation(own: 1000, other: 4000)))
    }

    @Test("hard 4: behind by more than 1500 with under 600 and 3 dice or more, roll")
    func hardRule4() {
        #expect(!Self.banks(Self.hard, 599, dice: 3, Self.situation(own: 1000, other: 2501)))
        #expect(Self.banks(Self.hard, 600, dice: 3, Self.situation(own: 1000, other: 2501)))
        #expect(Self.banks(Self.hard, 599, dice: 3, Self.situation(own: 1000, other: 2500)))
        #expect(Self.banks(Self.hard, 599, dice: 2, Self.situation(own: 1000, other: 2501)))
    }

    @Test("hard 5: two rounds left or fewer, roll to catch up with 3 dice or more, else bank from 350")
    func hardRule5() {
        // Round 9 of 10: two rounds left, so the target is the best other total + 600.
        #expect(!Self.banks(Self.hard, 550, dice: 3, Self.situation(own: 3000, other: 3000, round: 9)))
        #expect(Self.banks(Self.hard, 600, dice: 3, Self.situation(own: 3000, other: 3000, round: 9)))
        // Behind, but with 2 dice: the second part banks from 350.
        #expect(Self.banks(Self.hard, 350, dice: 2, Self.situation(own: 3000, other: 3500, round: 10)))
        // Ahead with 6 dice: bank from 350, where with three rounds left medium's rule rolls.
        #expect(Self.banks(Self.hard, 350, dice: 6, Self.situation(own: 5000, other: 3000, round: 9)))
        #expect(!Self.banks(Self.hard, 350, dice: 6, Self.situation(own: 5000, other: 3000, round: 8)))
        // Under 350 and no catching up to do: the later rules decide (here medium's: roll).
        #expect(!Self.banks(Self.hard, 300, dice: 6, Self.situation(own: 3000, other: 2000, round: 10)))
        // Alone only the second part applies.
        #expect(Self.banks(Self.hard, 350, dice: 6, Self.situation(own: 0, round: 10, players: 1)))
        #expect(!Self.banks(Self.hard, 350, dice: 6, Self.situation(own: 0, round: 5, players: 1)))
        // In a race there are no rounds left to count.
        var race = GameSituation(players: 2, end: .target(10_000, finalRound: true))
        race.round = 30
        #expect(!Self.banks(Self.hard, 350, dice: 6, race))
    }

    @Test("hard 6 to 8: 2 dice or fewer from 400 bank, 5 dice or more under 300 roll, else medium's rule")
    func hardRules6to8() {
        let even = Self.situation(own: 2000, other: 2000)
        #expect(Self.banks(Self.hard, 400, dice: 2, even))
        #expect(!Self.banks(Self.hard, 250, dice: 5, even))
        #expect(!Self.banks(Self.hard, 299, dice: 6, even))
        #expect(Self.banks(Self.hard, 200, dice: 3, even))
        #expect(!Self.banks(Self.hard, 150, dice: 3, even))
        #expect(Self.banks(Self.hard, 1500, dice: 5, even))
        #expect(!Self.banks(Self.hard, 1450, dice: 5, even))
    }

    @Test("a bot decides the bank with its keep: the move's wish is the rule applied after the keep")
    func moveBanks() {
        // Medium keeps a single 1 of [1, 2, 3, 4, 6, 6]: 100 with 5 dice left, so it rolls on.
        let rolls = Self.move(Self.medium, [1, 2, 3, 4, 6, 6], turnPoints: 0)
        #expect(rolls.score == 100 && rolls.diceUsed == 1 && rolls.banks == false)
        // With 1450 before the roll it has 1550 with 5 dice: bank.
        #expect(Self.move(Self.medium, [1, 2, 3, 4, 6, 6], turnPoints: 1450).banks == true)
        // Hard keeping three pairs has hot dice: 6 dice left.
        let hot = Self.move(Self.hard, [2, 2, 3, 3, 4, 4], turnPoints: 0)
        #expect(hot.score == 750 && hot.diceUsed == 6 && hot.banks == false)
    }

    @Test("the bots as strategies: named, parsed and played, the same at any thread count")
    func asStrategies() throws {
        for level in FarkleTenBot.Level.allCases {
            let spec = try StrategySpec(parsing: "farkleten-\(level.rawValue)")
            #expect(spec == .farkleTen(level) && spec.description == "farkleten-\(level.rawValue)")
        }
        let seats = BuiltInStrategy.make(
            [.farkleTen(.easy), .farkleTen(.medium), .farkleTen(.hard)], table: Self.table)
        #expect(seats.map(\.name) == ["farkleten-easy", "farkleten-medium", "farkleten-hard"])
        let simulation = GameSimulation(table: Self.table, seats: seats)
        let one = simulation.run(games: 3000, seed: 5, threads: 1)
        #expect(one == simulation.run(games: 3000, seed: 5, threads: 2))
        #expect(one.games == 3000 && one.unfinishedGames == 0)
    }
}
