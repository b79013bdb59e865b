import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Loaded dice in the solver: states by kind, the keep-choice effect, six ordinary dice unchanged")
struct DiceSetSolverTests {
    static let table = ScoringTable(rules: .kcd)

    @Test("six ordinary dice give exactly the plain kcd numbers, however the set names them")
    func ordinaryIsPlain() throws {
        let plain = CappedScoreSolver(outcomes: DiceSetOutcomes(table: Self.table, set: .ordinary), cap: 4000)
        let named = CappedScoreSolver(
            outcomes: DiceSetOutcomes(table: Self.table, set: try DiceSet(parsing: "hugos:2,molar:1")), cap: 4000)
        #expect(named.openingValue == plain.openingValue)
        #expect(named.outcomes.stateCount == 7)
        for points in stride(from: 0, through: 4000, by: 50) {
            for state in 1...6 {
                #expect(named.value(turnPoints: points, state: state) == plain.value(turnPoints: points, state: state))
            }
        }
    }

    @Test("built die by die like any loaded set, six fair dice agree with the plain groups to 1e-12 everywhere")
    func kindByKindAgrees() {
        let plain = CappedScoreSolver(outcomes: DiceSetOutcomes(table: Self.table, set: .ordinary), cap: 4000)
        let forced = CappedScoreSolver(
            outcomes: DiceSetOutcomes(table: Self.table, set: .ordinary, forceKinds: true), cap: 4000)
        for points in stride(from: 0, through: 4000, by: 50) {
            for state in 1...6 {
                let difference =
                    forced.value(turnPoints: points, state: state)
                    - plain.value(turnPoints: points, state: state)
                #expect(abs(difference) < 1e-12, "t = \(points), \(state) dice")
            }
        }
    }

    @Test("every state of a loaded set: chances total 1; farkles and best keeps match a die-by-die enumeration")
    func probabilitiesOverKinds() throws {
        let outcomes = DiceSetOutcomes(table: Self.table, set: try DiceSet(parsing: "heavenly-kingdom:2,odd:1"))
        let checks = LoadedScoringValidator(outcomes: outcomes).validate()
        #expect(checks.count == 3 * 2 * 4 - 1)
        for check in checks { #expect(check.passed, "\(check.dice): \(check)") }
        #expect(checks.last?.rollsChecked == 46_656)
    }

    @Test(
        "every roll of every state of a four-kind set (no face of weight 0) has as options the best keep to each state it can leave"
    )
    func optionsMatchChoices() throws {
        let outcomes = DiceSetOutcomes(
            table: Self.table, set: try DiceSet(parsing: "odd:2,weighted:1,lucky:1"))
        #expect(outcomes.counts == [2, 1, 1, 2])
        var rolls = 0
        for state in 1..<outcomes.stateCount {
            var partial: [[DiceCounts]] = [[]]
            for dice in outcomes.dice(in: state) {
                partial = partial.flatMap { start in DiceCatalog.shared.multisets[dice].map { start + [$0] } }
            }
            for roll in partial {
                var expected: [Int: Int] = [:]
                for choice in outcomes.choices(for: roll) {
                    expected[choice.next] = max(expected[choice.next] ?? 0, choice.points)
                }
                let options = outcomes.group(of: roll).map { Array(outcomes.groupOptions($0)) } ?? []
                #expect(options.map(\.next) == expected.keys.sorted(), "\(roll)")
                #expect(options.map { expected[$0.next] } == options.map(\.points), "\(roll)")
                #expect(options.allSatisfy { $0.steps * Self.table.scoreStep == $0.points })
                rolls += 1
            }
        }
        // Up to two dice of a kind: 1 + 6 + 21 rolls; up to one: 1 + 6; the empty state has none.
        #expect(rolls == 28 * 7 * 7 * 28 - 1)
    }

    @Test("keeping the heavenly-kingdom die's 5 or an ordinary die's 5 scores the same but is worth less")
    func keepChoiceEffect() throws {
        let set = try DiceSet(parsing: "heavenly-kingdom:1")
        let outcomes = DiceSetOutcomes(table: Self.table, set: set)
        let solver = CappedScoreSolver(outcomes: outcomes, cap: 4000)
        // The loaded die shows 5; the five ordinary dice show 5, 2, 2, 3, 4.
        let roll = [DiceCounts(faces: [5]), DiceCounts(faces: [5, 2, 2, 3, 4])]
        let singles = outcomes.choices(for: roll).filter { $0.points == 50 }
        #expect(singles.count == 2)
        let keepsLoaded = try #require(singles.first { $0.taken[0].count == 1 })
        let keepsOrdinary = try #require(singles.first { $0.taken[1].count == 1 })
        #expect(outcomes.dice(in: keepsLoaded.next) == [0, 5])
        #expect(outcomes.dice(in: keepsOrdinary.next) == [1, 4])
        let leavesLoaded = solver.rollValue(turnPoints: 50, state: keepsOrdinary.next)
        let leavesOrdinary = solver.rollValue(turnPoints: 50, state: keepsLoaded.next)
        // The heavenly-kingdom die shows a 1 seven times in nineteen: better to roll it again.
        #expect(leavesLoaded > leavesOrdinary + 1, "\(leavesLoaded) vs \(leavesOrdinary)")
    }

    @Test("a cap of 100 matches a brute force over the physical dice, which 5 to keep included")
    func capOfOneHundred() throws {
        let set = try DiceSet(parsing: "heavenly-kingdom:1,odd:2")
        let solver = CappedScoreSolver(outcomes: DiceSetOutcomes(table: Self.table, set: set), cap: 100)
        #expect(abs(solver.openingValue - Self.bruteForceCapOfOneHundred(set)) < 1e-10)
    }

    /// E[min(turn, 100)] by enumerating the physical dice: a keep of 100 or more banks 100; a single 5 (the
    /// only keep of 50) is kept from whichever die is best, then the turn banks 50 or rolls the rest for 100.
    static func bruteForceCapOfOneHundred(_ set: DiceSet) -> Double {
        let reference = ReferenceScorer(rules: .kcd)
        let dice: [[Double]] = set.members.flatMap { member in
            Array(repeating: (1...6).map { member.die.probability(of: $0) }, count: member.count)
        }
        var highest: [[Int]: Int?] = [:]
        func best(_ faces: [Int]) -> Int? {
            if let cached = highest[faces.sorted()] { return cached }
            let value = reference.evaluate(faces).keeps.map(\.score).max()
            highest[faces.sorted()] = value
            return value
        }
        func outcomes(_ positions: [Int], _ body: ([Int], Double) -> Void) {
            for ordered in 0..<DiceCatalog.orderedRollCounts[positions.count] {
                let faces = DiceCatalog.faces(ofOrderedRoll: ordered, dice: positions.count)
                body(faces, zip(positions, faces).reduce(1.0) { $0 * dice[$1.0][$1.1 - 1] })
            }
        }
        func scoringChance(_ positions: [Int]) -> Double {
            var chance = 0.0
            outcomes(positions) { faces, probability in if best(faces) != nil { chance += probability } }
            return chance
        }
        let all = Array(dice.indices)
        // The chance that the other five dice score, for each die the 5 is kept from.
        let restChance = all.map { kept in scoringChance(all.filter { $0 != kept }) }
        var value = 0.0
        outcomes(all) { faces, probability in
            guard let top = best(faces) else { return }
            if top >= 100 {
                value += probability * 100
                return
            }
            var choice = 50.0
            for position in all where faces[position] == 5 { choice = max(choice, 100 * restChance[position]) }
            value += probability * choice
        }
        return value
    }
}

@Suite("Advice on a roll of loaded dice")
struct DiceSetAdviceTests {
    @Test("the best keep of every roll, weighed by its chance, adds up to the solver's opening value")
    func adviceAddsUpToTheSolve() throws {
        let set = try DiceSet(parsing: "heavenly-kingdom:1,odd:2")
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: set)
        let solver = CappedScoreSolver(outcomes: outcomes, cap: 1000)
        var total = 0.0
        let kinds = set.kinds
        func visit(_ kind: Int, _ roll: [DiceCounts], _ chance: Double) {
            guard kind < kinds.count else {
                total += chance * (solver.advice(for: roll, turnPoints: 0).first?.value ?? 0)
                return
            }
            let weights = kinds[kind].weights
            let sum = Double(weights.reduce(0, +))
            for dice in DiceCatalog.shared.multisets[kinds[kind].count] {
                var probability = Double(DiceCatalog.orderedRollCount(of: dice))
                for face in dice.faces { probability *= Double(weights[face - 1]) / sum }
                visit(kind + 1, roll + [dice], chance * probability)
            }
        }
        visit(0, [], 1)
        #expect(abs(total - solver.openingValue) < 1e-9, "\(total) vs \(solver.openingValue)")
    }

    @Test("each keep says which dice it leaves; keeps of equal points leaving different dice differ in value")
    func keepsSayWhatTheyLeave() throws {
        let set = try DiceSet(parsing: "heavenly-kingdom:1")
        let solver = CappedScoreSolver(outcomes: DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: set), cap: 4000)
        let advice = solver.advice(for: [DiceCounts(faces: [5]), DiceCounts(faces: [5, 2, 2, 3, 4])], turnPoints: 0)
        #expect(advice.count == 3)
        let best = try #require(advice.first)
        // The best keeps the ordinary 5 and rolls the heavenly-kingdom die again.
        #expect(best.choice.taken == [DiceCounts(), DiceCounts(faces: [5])])
        #expect(!best.banks && best.bankValue == 50)
        #expect(best.rollValue > advice[1].rollValue + 1)
    }
}
