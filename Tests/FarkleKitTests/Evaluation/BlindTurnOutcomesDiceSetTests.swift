import Testing

@testable import FarkleKit

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
            let turn = BlindTurnOutcomes(play: play, levels: 80)
            let total = turn.banked.reduce(turn.farkle, +)
            #expect(abs(total - 1) < 1e-12, "\(set) \(thresholds): \(total)")
            #expect(turn.banked[0] == 0)
        }
    }

    @Test("greedy with six ordinary dice banks after its first keep: it farkles only when six dice score nothing")
    func greedyOrdinary() throws {
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: .kcd), set: .ordinary)
        let turn = BlindTurnOutcomes(play: LoadedThresholdPlay(outcomes: outcomes, thresholds: [0, 0]), levels: 80)
        // kcd: six dice score unless they show no 1, no 5, no triple and no straight: 1440 of 46,656 ordered rolls
        // (the same count CappedScoreSolverTests uses); greedy banks at once after any keep.
        #expect(abs(turn.farkle - 1440.0 / 46656) < 1e-12)
    }
}
