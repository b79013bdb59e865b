import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("Greedy and threshold with dice sets: which physical dice the highest-scoring keep takes")
struct LoadedHighestKeepTests {
    static func rule(_ set: String) throws -> LoadedHighestKeep {
        LoadedHighestKeep(outcomes: DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: try DiceSet(parsing: set)))
    }

    @Test("2,3,4,5,6,6 with a 6 on the odd die and on the die of misfortune: the straight leaves the odd die")
    func straightLeavesTheLikelierDie() throws {
        // Kinds in set order: odd (1 and 5 weigh 8 + 8 of 30), die-of-misfortune (1 + 5 of 22), 4 ordinary.
        let rule = try Self.rule("odd:1,die-of-misfortune:1")
        let outcomes = rule.outcomes
        let keep = try #require(
            rule.keep(for: [DiceCounts(faces: [6]), DiceCounts(faces: [6]), DiceCounts(faces: [2, 3, 4, 5])]))
        // The straight 2-3-4-5-6 scores 750 with either 6; it takes the misfortune's.
        #expect(keep.points == 750)
        #expect(keep.taken == [DiceCounts(), DiceCounts(faces: [6]), DiceCounts(faces: [2, 3, 4, 5])])
        let oddLeft = outcomes.state(with: [1, 0, 0])
        let misfortuneLeft = outcomes.state(with: [0, 1, 0])
        #expect(keep.next == oddLeft)
        // Why: the odd die alone scores 16 times in 30, the die of misfortune 6 times in 22.
        #expect(abs(outcomes.farkleProbability[oddLeft] - 14.0 / 30) < 1e-15)
        #expect(abs(outcomes.farkleProbability[misfortuneLeft] - 16.0 / 22) < 1e-15)
    }

    @Test("the 6 of a die of misfortune is kept before an ordinary 6, and an ordinary 6 before the odd die's")
    func ordinaryDieBetweenTheTwo() throws {
        let misfortune = try Self.rule("die-of-misfortune:1")
        let keep = try #require(misfortune.keep(for: [DiceCounts(faces: [6]), DiceCounts(faces: [2, 3, 4, 5, 6])]))
        // An ordinary die scores 2 times in 6, more often than the die of misfortune: the ordinary die stays.
        #expect(keep.taken == [DiceCounts(faces: [6]), DiceCounts(faces: [2, 3, 4, 5])])
        #expect(keep.next == misfortune.outcomes.state(with: [0, 1]))
        let odd = try Self.rule("odd:1")
        let other = try #require(odd.keep(for: [DiceCounts(faces: [6]), DiceCounts(faces: [2, 3, 4, 5, 6])]))
        #expect(other.taken == [DiceCounts(), DiceCounts(faces: [2, 3, 4, 5, 6])])
        #expect(other.next == odd.outcomes.state(with: [1, 0]))
    }

    @Test("on six ordinary dice every roll keeps what GreedyStrategy keeps: the same points and dice")
    func ordinaryDiceKeepAsGreedy() throws {
        let table = ScoringTable(rules: .kcd)
        for forceKinds in [false, true] {
            let rule = LoadedHighestKeep(
                outcomes: DiceSetOutcomes(table: table, set: .ordinary, forceKinds: forceKinds))
            for dice in 1...DiceCounts.maximumDice {
                for roll in DiceCatalog.shared.multisets[dice] {
                    let plain = table.highestScoringKeep(for: roll)
                    let keep = rule.keep(for: [roll])
                    #expect(keep?.points == plain?.score, "\(roll)")
                    #expect(keep?.taken.first?.count == plain?.dice.count, "\(roll)")
                }
            }
        }
    }

    @Test("a roll's group gives the same keep as its dice, so the simulator's lookup plays the rule")
    func groupMatchesRoll() throws {
        let rule = try Self.rule("pie:1,odd:2,heavenly-kingdom:1")
        let outcomes = rule.outcomes
        var random = Xoshiro256StarStar(seed: 21)
        var checked = 0
        while checked < 300 {
            let state = Int(random.next(below: UInt64(outcomes.stateCount - 1))) + 1
            let roll = zip(outcomes.dice(in: state), outcomes.set.kinds).map { count, kind in
                let faces = DiceCounts.faces.filter { kind.weights[$0 - 1] > 0 }
                return DiceCounts(faces: (0..<count).map { _ in faces[Int(random.next(below: UInt64(faces.count)))] })
            }
            guard let group = outcomes.group(of: roll) else { continue }
            let keep = try #require(rule.keep(for: roll))
            let option = rule.option(ofGroup: group)
            #expect(option.points == keep.points && option.next == keep.next, "\(roll)")
            checked += 1
        }
    }

    @Test("greedy banks after any keep; threshold from its points for the dice left, six after hot dice")
    func banking() throws {
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: try DiceSet(parsing: "odd:2"))
        let greedy = try #require(LoadedThresholdPlay(outcomes: outcomes, play: .greedy))
        let threshold = try #require(LoadedThresholdPlay(outcomes: outcomes, play: .threshold([300, 500])))
        #expect(LoadedThresholdPlay(outcomes: outcomes, play: .cappedScore) == nil)
        #expect(threshold.thresholds == [0, 300, 500, 1000, 2000, 4000, 8000])
        let oneOdd = outcomes.state(with: [1, 0])
        let twoOrdinary = outcomes.state(with: [0, 2])
        #expect(greedy.banks(turnPoints: 50, state: oneOdd) && greedy.banks(turnPoints: 50, state: outcomes.fullState))
        #expect(!greedy.banks(turnPoints: 0, state: outcomes.fullState))
        #expect(!threshold.banks(turnPoints: 250, state: oneOdd) && threshold.banks(turnPoints: 300, state: oneOdd))
        #expect(
            !threshold.banks(turnPoints: 450, state: twoOrdinary)
                && threshold.banks(turnPoints: 500, state: twoOrdinary))
        #expect(!threshold.banks(turnPoints: 7950, state: outcomes.fullState))
        #expect(LoadedPlay.threshold([300, 500]).description == "threshold:300,500")
        #expect(LoadedPlay(try StrategySpec(parsing: "greedy")) == .greedy)
        #expect(LoadedPlay(.farkleTen(.easy)) == nil)
    }
}
