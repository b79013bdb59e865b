import Testing

@_spi(Kernels) @testable import FarkleKit

/// Single 1s and 5s, banking with 1 to 5 dice left, 150 to get on the board, six 1s winning at once, a race to 500
/// with a final round, seating three: turns short enough for the brute force's plain recursions, and a last turn
/// whose chance settles within a few hundred points (a short final-round table, cheap in a debug build).
private let finalRoundTrio = RuleSet(
    name: "final-round-trio",
    combinations: CombinationPoints(singleOne: 100, singleFive: 50),
    turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
    game: GameRules(players: 3, target: 500, finalRound: true, entryMinimum: 150))

@Suite("Advisor: the last turn of a final round at a table of three")
struct AdvisorFinalRoundTableTests {
    /// The race for two of the same rules, solved once for the suite: what the advice at a larger table reads.
    private static let headsUpGame: WinProbabilitySolver = {
        var headsUp = finalRoundTrio
        headsUp.game.players = 2
        return try! WinProbabilitySolver(rules: headsUp)
    }()

    /// The mover's chance from the turn's start by the brute force's recursions alone: the opponents in playing
    /// order, the first at or above the target having begun the final round, those before it still to play.
    private static func bruteForce(myScore: Int, opponents: [Int]) -> Double {
        let brute = WinBruteForce(rules: finalRoundTrio)
        let step = brute.step
        let highest = opponents.max() ?? 0
        let sharing = opponents.count { $0 == highest } + 1
        let entered = myScore > 0
        let toCome = opponents.prefix { $0 < 500 }
        guard let next = toCome.first else {
            // No one plays after the mover: beat the highest total, or share it.
            return brute.turnValue(farkle: 0, clamp: max(highest - myScore + step, 200), entered: entered) { points in
                let total = myScore + points
                return total > highest ? 1 : total == highest ? 1 / Double(sharing) : 0
            }
        }
        // The next player's last turn: P(win) + share P(tie), `deficit` points behind.
        func nextValue(deficit: Int, share: Double) -> Double {
            brute.turnValue(farkle: 0, clamp: max(deficit + step, 200), entered: next > 0) { points in
                points > deficit ? 1 : points == deficit ? share : 0
            }
        }
        let settled = brute.finalRoundValues(entered: next > 0)
        let level = nextValue(deficit: highest - next, share: 1 / Double(sharing + 1))
        let clamp = max(highest - myScore + step, next + settled.count * step - myScore, 200)
        return brute.turnValue(farkle: 0, clamp: clamp, entered: entered) { points in
            let total = myScore + points
            if total < highest { return 0 }
            // Level with the highest: the tied players share what the next player's last turn leaves.
            if total == highest { return (1 - level) / Double(sharing) }
            return 1 - settled[min((total - next) / step, settled.count - 1)]
        }
    }

    @Test(
        "every opening roll's best keep, weighed by its chance, is the brute force's chance: with no one after, with the next player still to play (on the board or not), and on a tie of three"
    )
    func lastTurnAgreesWithTheBruteForce() throws {
        let advisor = try Advisor(table: ScoringTable(rules: finalRoundTrio), game: Self.headsUpGame)
        let cases: [(mine: Int, opponents: [Int])] = [
            (400, [600, 300]), (400, [300, 600]), (250, [200, 550]), (300, [0, 500]), (450, [600, 600]),
            (0, [100, 650]),
        ]
        for (mine, opponents) in cases {
            var situation = TurnSituation(roll: DiceCounts(faces: [1]))
            situation.myScore = mine
            situation.opponentScores = opponents
            situation.isFinalRound = true
            let chance = try advisor.openingWinChance(situation, weighsEveryOpponent: true)
            let expected = Self.bruteForce(myScore: mine, opponents: opponents)
            #expect(abs(chance - expected) < 1e-9, "\(mine) against \(opponents): \(chance) \(expected)")
        }
    }

    @Test("the race against the leader alone where two opponents or more still play after the mover")
    func twoStillToPlay() throws {
        var rules = finalRoundTrio
        rules.game.players = 4
        let advisor = try Advisor(table: ScoringTable(rules: rules), game: Self.headsUpGame)
        var situation = TurnSituation(roll: DiceCounts(faces: [1, 5, 2, 3, 4, 6]))
        situation.myScore = 300
        situation.opponentScores = [100, 200, 600]
        situation.isFinalRound = true
        let atTable = try advisor.advice(for: situation)
        let win = try #require(atTable.win)
        #expect(atTable.winGame?.weighsEveryOpponent == false)
        // The leader's last-turn race: the same values as with the leader alone.
        situation.opponentScores = [600]
        let advice = try advisor.advice(for: situation)
        let alone = try #require(advice.win)
        #expect(advice.winGame?.weighsEveryOpponent == true && win.options.map(\.value) == alone.options.map(\.value))
    }
}
