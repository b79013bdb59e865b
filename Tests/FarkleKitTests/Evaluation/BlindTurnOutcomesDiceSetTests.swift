import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("BlindTurnOutcomes of a dice set: one threshold turn, forward over its states")
struct BlindTurnOutcomesDiceSetTests {
    @Test(
        "every threshold turn ends: banks and the farkle add up to 1, whatever the set and thresholds",
        arguments: ["weighted:2", "odd:2", "heavenly-kingdom:3", "lucky:1", "odd:1,die-of-misfortune:1"])
    func turnEnds(set: String) throws {
        // Before, rows of the forward table grew one state short of a level, and about 40% of these pairs
        // read past its end (issue: threshold play with loaded dice traps).
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: try DiceSet(parsing: set))
        for thresholds in [[300, 500], [300, 400], [350, 600], [1000, 4000], [2000, 300], [0, 0]] {
            let play = LoadedThresholdPlay(outcomes: outcomes, thresholds: thresholds)
            let turn = try #require(BlindTurnOutcomes(play: play, levels: 80))
            let total = turn.banked.reduce(turn.farkle, +)
            #expect(abs(total - 1) < 1e-12, "\(set) \(thresholds): \(total)")
            #expect(turn.banked[0] == 0)
        }
    }

    @Test("dice that almost never farkle: a turn past the levels it may follow is nil, not a trap")
    func turnPastEveryLevel() throws {
        // 1s and 5s seven times in fifteen each, 3s once: a turn that banks only from a billion points goes on far
        // beyond 2,000 score steps (ev on these dice does so at 200,000: the engine's exact first turn and exact
        // odds trapped on this set before).
        let steady = LoadedDie(name: "steady", weights: [7, 0, 1, 0, 7, 0], source: "a test")
        let outcomes = DiceSetOutcomes(
            table: ScoringTable(rules: .kcd), set: DiceSet(members: [DiceSet.Member(die: steady, count: 6)]))
        let far = LoadedThresholdPlay(outcomes: outcomes, thresholds: [1_000_000_000, 1_000_000_000])
        #expect(BlindTurnOutcomes(play: far, levels: 80, maximumLevels: 2_000) == nil)
        // The same bound on ordinary dice: the turn ends long before it, its banks and farkle adding up to 1.
        let ordinary = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: .ordinary)
        let near = LoadedThresholdPlay(outcomes: ordinary, thresholds: [300, 300])
        let turn = try #require(BlindTurnOutcomes(play: near, levels: 80, maximumLevels: 2_000))
        #expect(abs(turn.banked.reduce(turn.farkle, +) - 1) < 1e-12)
    }

    @Test("a turn's expected rolls: one for greedy, which banks after its first keep; a lower bound past every level")
    func expectedRolls() throws {
        let ordinary = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: .ordinary)
        let greedy = BlindTurnOutcomes.worked(
            play: LoadedThresholdPlay(outcomes: ordinary, thresholds: [0, 0]), levels: 80)
        #expect(greedy.turn != nil)
        #expect(abs(greedy.rolls - 1) < 1e-12)
        // Cut off past 2,000 steps, the rolls counted are those within them: a lower bound of the turn's, and at most
        // 2,000, as every keep adds at least one step. Highest keeps of dice that are mostly 1s and 5s add hundreds
        // of points a roll, still tens of rolls.
        let steady = LoadedDie(name: "steady", weights: [7, 0, 1, 0, 7, 0], source: "a test")
        let outcomes = DiceSetOutcomes(
            table: ScoringTable(rules: .kcd), set: DiceSet(members: [DiceSet.Member(die: steady, count: 6)]))
        let far = LoadedThresholdPlay(outcomes: outcomes, thresholds: [1_000_000_000, 1_000_000_000])
        let cut = BlindTurnOutcomes.worked(play: far, levels: 80, maximumLevels: 2_000)
        #expect(cut.turn == nil)
        #expect(cut.rolls > 10 && cut.rolls <= 2_000, "\(cut.rolls)")
    }

    @Test("greedy with six ordinary dice banks after its first keep: it farkles only when six dice score nothing")
    func greedyOrdinary() throws {
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: .ordinary)
        let turn = try #require(
            BlindTurnOutcomes(play: LoadedThresholdPlay(outcomes: outcomes, thresholds: [0, 0]), levels: 80))
        // kcd: six dice score unless they show no 1, no 5, no triple and no straight: 1440 of 46,656 ordered rolls
        // (the same count CappedScoreSolverTests uses); greedy banks at once after any keep.
        #expect(abs(turn.farkle - 1440.0 / 46656) < 1e-12)
    }

    @Test(
        "six fair dice play a threshold turn as the plain game's turn does, six-dice farkle included",
        arguments: [nil, false, true] as [Bool?])
    func fairDiceAgreeWithPlainTurn(sixDiceFarkleOnEveryRoll: Bool?) throws {
        // The plain turn (`init(strategy:rolls:mechanics:leastBank:situation:)`) is worked out over dice counts by
        // other code. Before, the dice-set turn counted six scoreless dice as a farkle where the rules score them.
        var rules = RuleSet.kcd
        if let everyRoll = sixDiceFarkleOnEveryRoll {
            rules.turn.sixDiceFarkle = 500
            rules.turn.sixDiceFarkleOnEveryRoll = everyRoll
        }
        let table = ScoringTable(rules: rules)
        let outcomes = DiceSetOutcomes(table: table, set: .ordinary)
        let situation = GameSituation(players: 2, end: rules.game.end)
        for thresholds in [[0, 0], [300, 500], [1000, 1000]] {
            let levels = 80
            let loaded = try #require(
                BlindTurnOutcomes(play: LoadedThresholdPlay(outcomes: outcomes, thresholds: thresholds), levels: levels)
            )
            let plain = try #require(
                BlindTurnOutcomes(
                    strategy: ThresholdStrategy(table: table, thresholds: thresholds), rolls: RollList(table: table),
                    mechanics: table.turnMechanics, leastBank: 0, situation: situation))
            #expect(abs(loaded.farkle - plain.farkle) < 1e-12, "\(thresholds): \(loaded.farkle) vs \(plain.farkle)")
            for level in 1..<levels {
                let expected = level < plain.banked.count ? plain.banked[level] : 0
                #expect(abs(loaded.banked[level] - expected) < 1e-12, "\(thresholds), level \(level)")
            }
        }
    }
}
