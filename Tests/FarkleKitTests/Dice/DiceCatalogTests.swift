import FarkleKit
import Testing

/// The catalog as an app reads it: a plain import, so every call here is public API.
@Suite("The dice catalog numbers every roll; a strategy reads its roll from the number")
struct DiceCatalogTests {
    /// The faces of ordered roll `ordered` of `dice` dice, die d showing `(ordered / 6^d) % 6 + 1`: written here
    /// from the numbering's definition, not read from the catalog.
    static func faces(ofOrderedRoll ordered: Int, dice: Int) -> [Int] {
        var rest = ordered
        var faces: [Int] = []
        for _ in 0..<dice {
            faces.append(rest % 6 + 1)
            rest /= 6
        }
        return faces
    }

    /// The number of ordered rolls of `dice` dice, 6^dice.
    static func orderedRollCount(dice: Int) -> Int {
        repeatElement(6, count: dice).reduce(1, *)
    }

    @Test("roll(dice:multiset:) gives each distinct roll of n dice exactly once, n dice each, C(n + 5, 5) of them")
    func rollsByNumber() {
        for dice in 0...6 {
            // Every ordered roll of n dice, by its faces: the distinct ones are the multisets.
            var distinct = Set<DiceCounts>()
            for ordered in 0..<Self.orderedRollCount(dice: dice) {
                distinct.insert(DiceCounts(faces: Self.faces(ofOrderedRoll: ordered, dice: dice)))
            }
            let choose = (1...5).reduce(1) { $0 * (dice + $1) / $1 }
            #expect(distinct.count == choose)
            let numbered = (0..<distinct.count).map { DiceCatalog.shared.roll(dice: dice, multiset: $0) }
            #expect(Set(numbered) == distinct, "\(dice) dice")
            #expect(numbered.allSatisfy { $0.count == dice })
        }
    }

    /// The strategy of the Simulating games article, written with public API only.
    struct Cautious: Strategy {
        let table: ScoringTable

        var name: String { "cautious" }

        func move<Generator: RandomNumberGenerator>(
            turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
        ) -> Move {
            let roll = DiceCatalog.shared.roll(dice: dice, multiset: multiset)
            let keep = table.highestScoringKeep(for: roll) ?? Keep(dice: DiceCounts(), score: 0)
            return Move(keep: keep, banks: nil)
        }

        func shouldBank<Generator: RandomNumberGenerator>(
            turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
        ) -> Bool {
            turnPoints >= 300 || situation.ownScore + turnPoints >= situation.target ?? .max
        }
    }

    @Test(
        "the article's strategy plays whole games: every game won, and every bank but a game's last at least 300 points"
    )
    func articleStrategy() {
        let table = ScoringTable(rules: .standard)
        let tally = GameSimulation(table: table, seats: [Cautious(table: table), Cautious(table: table)])
            .run(games: 2_000, seed: 1)
        #expect(tally.games == 2_000 && tally.unfinishedGames == 0)
        #expect(tally.seats.reduce(0) { $0 + $1.wins } + tally.ties == 2_000)
        let banks = tally.turns - tally.farkles
        #expect(banks > tally.games && tally.bankedPoints >= 300 * (banks - tally.games), "\(tally)")
    }
}
