import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("Reports on play to win")
struct WinReportsTests {
    /// Standard scoring raced to 500 without a final round: solved in a moment even in a debug build.
    static let solver: WinProbabilitySolver = {
        var rules = RuleSet.standard
        rules.name = "race-500"
        rules.game = GameRules(target: 500, finalRound: false)
        return try! WinProbabilitySolver(rules: rules)
    }()
    static let grid = WinDecisionGrid(solver: solver)

    @Test("the grid holds every pair's decision at 300, 500 and 1000 turn points with 2 dice and 1 die")
    func grid() {
        let grid = Self.grid
        #expect(grid.turnPoints == [300, 500, 1_000] && grid.diceCounts == [2, 1])
        #expect(grid.cells.count == 10 * 10 * 3 * 2)
        for cell in grid.cells where cell.myScore % 150 == 0 && cell.opponentScore % 200 == 0 {
            let turn = Self.solver.turnTable(myScore: cell.myScore, opponentScore: cell.opponentScore)
            #expect(cell.decision == turn.decision(turnPoints: cell.turnPoints, diceLeft: cell.diceLeft))
            #expect(cell.value == turn.value(turnPoints: cell.turnPoints, diceLeft: cell.diceLeft))
            #expect(
                grid.decision(
                    myScore: cell.myScore, opponentScore: cell.opponentScore, turnPoints: cell.turnPoints,
                    diceLeft: cell.diceLeft) == cell.decision)
        }
        // Banking what reaches the target wins at once under these rules.
        for cell in grid.cells where cell.myScore + cell.turnPoints >= 500 {
            #expect(cell.decision == .bank && cell.bankValue == 1 && cell.value == 1)
        }
        // The totals change the decision against the turn alone, which ignores them: near the target a
        // player banks what the turn alone would roll on.
        let turnAlone = ExpectedScoreSolver(table: Self.solver.table)
        func differ(_ win: BankDecision, _ points: BankDecision) -> Bool {
            grid.cells.contains {
                $0.decision == win && turnAlone.decision(turnPoints: $0.turnPoints, diceLeft: $0.diceLeft) == points
            }
        }
        #expect(differ(.bank, .roll))
    }

    @Test("one thread gives the same grid as two")
    func threads() {
        var rules = RuleSet.standard
        rules.game = GameRules(target: 300, finalRound: false)
        let solver = try! WinProbabilitySolver(rules: rules)
        #expect(WinDecisionGrid(solver: solver, threads: 1).cells == WinDecisionGrid(solver: solver).cells)
    }

    @Test("the summary, the CSV of every cell and one map per dice count and turn points")
    func documents() throws {
        let documents = ReportDocument.playingToWin(Self.grid)
        let names = documents.map(\.fileName)
        #expect(names.prefix(2) == ["playing-to-win.md", "win-decisions.csv"])
        #expect(names.count == 2 + 6)
        #expect(names.contains("win-map-2-dice-500.svg") && names.contains("win-map-1-die-1000.svg"))
        let summary = try #require(documents.first).contents
        #expect(summary.contains(NumberText.exact(Self.solver.firstPlayerValue)))
        #expect(summary.contains("\(Self.solver.fairHeadStart.points) points"))
        #expect(summary.contains("once the simulator plays strategy `win`"), "the edge over ev comes later")
        for document in documents.dropFirst(2) {
            #expect(summary.contains("](\(document.fileName))"), "the summary links \(document.fileName)")
            #expect(document.contents.hasPrefix("<?xml") || document.contents.hasPrefix("<svg"))
            #expect(document.contents.contains(">bank<") && document.contents.contains(">roll<"))
        }
        let csv = documents[1].contents.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(csv.first == "opponent_total,dice_left,turn_points,bank_at_my_totals,must_roll_at_my_totals")
        #expect(csv.count == 1 + 10 * 2 * 3)
        // The ranges give back every decision of the grid.
        func totals(_ ranges: Substring) -> Set<Int> {
            Set(
                ranges.split(separator: " ").flatMap { run -> [Int] in
                    let ends = run.split(separator: "-").compactMap { Int($0) }
                    return Array(stride(from: ends[0], through: ends.last ?? ends[0], by: 50))
                })
        }
        for line in csv.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let (theirs, dice, points) = (Int(fields[0])!, Int(fields[1])!, Int(fields[2])!)
            let (bank, mustRoll) = (totals(fields[3]), totals(fields[4]))
            for mine in stride(from: 0, to: 500, by: 50) {
                let expected = Self.grid.decision(
                    myScore: mine, opponentScore: theirs, turnPoints: points, diceLeft: dice)
                let listed: BankDecision = bank.contains(mine) ? .bank : mustRoll.contains(mine) ? .mustRoll : .roll
                #expect(listed == expected, "\(line) at \(mine)")
            }
        }
        #expect(csv.contains("0,2,300,200-450,"), "at 0 the opponent is far: bank what reaches the target")
    }

    @Test("given the result of win against ev, the summary states the edge")
    func edge() {
        let matchup = StrategyComparison.Matchup(
            first: "win", second: "ev", games: 1_000, firstWins: 560, secondWins: 440, ties: 0, starterWins: 530)
        let summary = ReportDocument.playingToWin(Self.grid, edge: matchup)[0].contents
        #expect(summary.contains("`win` wins 0.5600"))
        #expect(!summary.contains("once the simulator plays"))
    }
}
