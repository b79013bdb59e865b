import Testing

@testable import FarkleKit

@Suite("Capped turn: E[min(turn points, cap)] for kcd and loaded dice")
struct CappedScoreSolverTests {
    static let table = ScoringTable(rules: .kcd)
    static let plain = DiceSetOutcomes(table: table, set: .ordinary)

    @Test("a cap of one step is reached by any keep: 50 times the chance that six dice score")
    func smallestCap() {
        let solver = CappedScoreSolver(outcomes: Self.plain, cap: 50)
        #expect(abs(solver.openingValue - 50 * (1 - 1440.0 / 46656)) < 1e-12)
    }

    @Test("with a cap far above any turn the capped value is the plain expected turn score")
    func largeCap() {
        let capped = CappedScoreSolver(outcomes: Self.plain, cap: 60_000).openingValue
        let plain = ExpectedScoreSolver(table: Self.table).expectedTurnScore
        #expect(abs(capped - plain) < 1e-6, "\(capped) vs \(plain)")
    }

    @Test(
        "under every preset a cap far above any turn gives the plain expected turn score",
        arguments: ["standard", "zilch", "facebook", "boxed", "cardgames"])
    func largeCapEveryPreset(name: String) throws {
        // standard: hot dice must be rolled and the opening six-dice farkle scores 500; zilch: a 300 minimum bank
        // and the six-dice farkle on every roll of six dice.
        let rules = try #require(RuleSet.presets[name])
        let table = ScoringTable(rules: rules)
        let capped = CappedScoreSolver(outcomes: DiceSetOutcomes(table: table, set: .ordinary), cap: 60_000)
        let plain = ExpectedScoreSolver(table: table).expectedTurnScore
        #expect(abs(capped.openingValue - plain) < 1e-6, "\(name): \(capped.openingValue) vs \(plain)")
    }

    @Test("past the cap a bank takes the whole cap; where banking is not allowed, the cap times the chance to reach it")
    func pastTheCap() {
        let solver = CappedScoreSolver(rules: .standard, cap: 300)
        #expect(solver.value(turnPoints: 500, state: 1) == 300)
        #expect(solver.bankValue(turnPoints: 500, state: 4) == nil)
        let fourDice = solver.value(turnPoints: 500, state: 4)
        #expect(fourDice > 0 && fourDice < 300)
        #expect(solver.shouldBank(turnPoints: 300, state: 2))
        #expect(!solver.shouldBank(turnPoints: 50, state: 5))
        // One die scores 2 times in 6, then hot dice must be rolled: the cap, if six dice then reach a bank.
        let oneDie = solver.rollValue(turnPoints: 500, state: 1)
        #expect(abs(oneDie - 2.0 / 6 * solver.value(turnPoints: 550, state: 6)) < 1e-12)
        #expect(solver.value(turnPoints: 550, state: 6) < 300)
    }
}

@Suite("Choosing dice from an inventory")
struct DiceSetSearchTests {
    @Test("every set the inventory allows is a candidate once; alike dice are one type; the best is the top value")
    func candidates() throws {
        let catalog = LoadedDiceCatalog.builtIn
        let inventory = try ["odd", "ci", "lu", "hugos"].map { name in
            DiceSet.Member(die: try #require(catalog[name]), count: name == "odd" ? 2 : 1)
        }
        var rules = RuleSet.kcd
        rules.game.end = .target(200, finalRound: false)
        let search = DiceSetSearch(table: ScoringTable(rules: rules), target: 200, inventory: inventory)
        #expect(search.types.map(\.names) == [["odd"], ["ci", "lu"]])
        #expect(search.candidates.count == 9)
        #expect(Set(search.candidates).count == 9)
        let ranked = search.rank(threads: 2)
        #expect(ranked.map(\.value) == ranked.map(\.value).sorted(by: >))
        #expect(search.rank(threads: 1) == ranked)
        for entry in ranked {
            let solver = CappedScoreSolver(
                outcomes: DiceSetOutcomes(table: search.table, set: entry.set), cap: 200)
            #expect(solver.openingValue == entry.value)
        }
    }
}
