@_spi(Kernels) import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("Reports on play to win")
struct WinReportsTests {
    /// Standard scoring raced to 500 without a final round: solved in a moment even in a debug build.
    static let solver = try! WinProbabilitySolver(rules: raceTo500(.standard, name: "race-500"))
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

    @Test("the maps read from the play `win` tabulates are the maps of every pair's turn solved again")
    func mapsOfThePlay() throws {
        // A final round: past the target the play reads its rows by lead, as a report's maps at 1,000 points do.
        var rules = RuleSet.standard
        rules.game = GameRules(target: 600, finalRound: true)
        let solver = try WinProbabilitySolver(rules: rules)
        let solved = WinDecisionGrid(solver: solver)
        let read = WinDecisionGrid(play: WinProbabilityStrategy(solver: solver), threads: 1)
        #expect(read.maps == solved.maps && read.cells.count == solved.cells.count)
        for (kept, again) in zip(read.cells, solved.cells) {
            #expect(kept.decision == again.decision && kept.bankValue == again.bankValue)
            #expect(abs(kept.value - again.value) <= 1e-6)
        }
        #expect(Set(read.cells.map(\.decision)) == [.bank, .roll])
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
        let csv = try expectCSVGivesBackTheGrid(documents[1].contents, grid: Self.grid)
        #expect(csv.first == "opponent_total,dice_left,turn_points,bank_at_my_totals,must_roll_at_my_totals")
        #expect(csv.count == 1 + 10 * 2 * 3)
        #expect(csv.contains("0,2,300,200-450,"), "at 0 the opponent is far: bank what reaches the target")
    }

    @Test("given the result of win against ev, the summary states the edge, with or without a penalty")
    func edge() {
        func share(_ count: Int) -> StrategyComparison.Rate {
            .sampled(ProportionEstimate(successes: count, trials: 1_000))
        }
        let played = StrategyComparison.Matchup(
            first: "win", second: "ev", games: 1_000, firstWinRate: share(560), secondWinRate: share(440),
            tieRate: share(0), starterWinRate: share(530), unfinishedGames: 0)
        let exact = StrategyComparison.Matchup(
            first: "win", second: "ev", games: nil, firstWinRate: .exact(0.52862), secondWinRate: .exact(0.46767),
            tieRate: .exact(0.00371), starterWinRate: .exact(0.5358), unfinishedGames: 0)
        for grid in [Self.grid, PenaltyWinReportsTests.grid] {
            let summary = ReportDocument.playingToWin(grid, edge: played)[0].contents
            #expect(summary.contains("over 1000 games (seats rotated), `win` wins 0.5600 (0.5291-0.5905) of them:"))
            #expect(!summary.contains("once the simulator plays"))
            let exactly = ReportDocument.playingToWin(grid, edge: exact)[0].contents
            #expect(exactly.contains("each starting half the games, `win` wins 0.5286 of them (exact odds):"))
        }
    }
}

/// `rules` raced to 500 without a final round, named `name`.
private func raceTo500(_ rules: RuleSet, name: String) -> RuleSet {
    var rules = rules
    rules.name = name
    rules.game = GameRules(target: 500, finalRound: false)
    return rules
}

/// Checks that the rows of `csv` (a `win-decisions.csv`) give back every decision of `grid`: the ranges of
/// totals where it banks and must roll, rolling at every other. Returns the lines, header first.
private func expectCSVGivesBackTheGrid(_ csv: String, grid: WinDecisionGrid) throws -> [Substring] {
    let lines = Array(csv.split(separator: "\n", omittingEmptySubsequences: false).dropLast())
    let header = try #require(lines.first).split(separator: ",")
    // Under a penalty the rows start with both counts of farkles in a row.
    let counted = header.first == "my_farkles"
    let step = grid.table.scoreStep
    func totals(_ ranges: Substring) -> Set<Int> {
        Set(
            ranges.split(separator: " ").flatMap { run -> [Int] in
                let ends = run.split(separator: "-").compactMap { Int($0) }
                return Array(stride(from: ends[0], through: ends.last ?? ends[0], by: step))
            })
    }
    for line in lines.dropFirst() {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        let (myFarkles, opponentFarkles) = counted ? (fields[0] ?? -1, fields[1] ?? -1) : (0, 0)
        let text = line.split(separator: ",", omittingEmptySubsequences: false).suffix(5)
        let (theirs, dice, points) = (
            Int(text[text.startIndex])!, Int(text[text.startIndex + 1])!, Int(text[text.startIndex + 2])!
        )
        let (bank, mustRoll) = (totals(text[text.startIndex + 3]), totals(text[text.startIndex + 4]))
        for mine in stride(from: 0, to: grid.target, by: step) {
            let expected = grid.decision(
                myScore: mine, opponentScore: theirs, turnPoints: points, diceLeft: dice, myFarkles: myFarkles,
                opponentFarkles: opponentFarkles)
            let listed: BankDecision = bank.contains(mine) ? .bank : mustRoll.contains(mine) ? .mustRoll : .roll
            #expect(listed == expected, "\(line) at \(mine)")
        }
    }
    return lines
}

@Suite("Reports on play to win under a three-farkle penalty")
struct PenaltyWinReportsTests {
    /// Zilch's scoring and penalty raced to 500 without a final round, totals down to one penalty below
    /// zero: seconds in a debug build (the full game takes minutes in release).
    static let solver = try! PenaltyWinSolver(rules: raceTo500(.zilch, name: "zilch-500"), floor: -500)
    static let grid = WinDecisionGrid(penaltySolver: solver)

    @Test("the grid holds the turn's decisions with no farkle in a row and one farkle away from the penalty")
    func grid() {
        let grid = Self.grid
        #expect(grid.penaltySolver != nil && grid.solver == nil)
        #expect(grid.turnPoints == [300, 500, 1_000] && grid.diceCounts == [2, 1])
        #expect(grid.maps.filter(\.hasNoFarkles).count == 6)
        #expect(Array(grid.maps.dropFirst(6)) == WinDecisionGrid.nearPenaltyMaps)
        // Totals from 0 to below the target: the negative ones are left out.
        #expect(grid.cells.count == 10 * 10 * 9)
        #expect(grid.cells.allSatisfy { $0.myScore >= 0 && $0.opponentScore >= 0 })
        for cell in grid.cells where cell.myScore % 150 == 0 && cell.opponentScore % 200 == 0 {
            let turn = Self.solver.turnTable(
                myScore: cell.myScore, opponentScore: cell.opponentScore, myFarkles: cell.myFarkles,
                opponentFarkles: cell.opponentFarkles)
            #expect(cell.decision == turn.decision(turnPoints: cell.turnPoints, diceLeft: cell.diceLeft))
            #expect(cell.value == turn.value(turnPoints: cell.turnPoints, diceLeft: cell.diceLeft))
            #expect(
                grid.decision(
                    myScore: cell.myScore, opponentScore: cell.opponentScore, turnPoints: cell.turnPoints,
                    diceLeft: cell.diceLeft, myFarkles: cell.myFarkles, opponentFarkles: cell.opponentFarkles)
                    == cell.decision)
        }
        #expect(grid.decision(myScore: 0, opponentScore: 0, turnPoints: 300, diceLeft: 2, myFarkles: 1) == nil)
        // The counts reach the turn: one farkle away from the penalty the same decisions are worth less
        // or more than with none (in this short race they are the same decisions).
        let plain = Dictionary(
            grid.cells.filter { $0.myFarkles == 0 && $0.opponentFarkles == 0 }.map {
                ([$0.myScore, $0.opponentScore, $0.turnPoints, $0.diceLeft], $0.value)
            }, uniquingKeysWith: { first, _ in first })
        #expect(
            grid.cells.contains {
                $0.myFarkles == 2 && plain[[$0.myScore, $0.opponentScore, $0.turnPoints, $0.diceLeft]] != $0.value
            })
    }

    @Test(
        "where only a scoreless opening roll's cost lowers a total, the summary says so, its floor and sweeps (no penalty of 0 points)"
    )
    func openingCostSummary() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rules")
        let rules = try RuleSet.load(fixtures.appendingPathComponent("ones-cost-race.json").path)
        let solver = try PenaltyWinSolver(rules: rules)
        let summary = try #require(ReportDocument.playingToWin(WinDecisionGrid(penaltySolver: solver)).first).contents
        #expect(summary.contains("A scoreless opening roll costs 100 points"))
        #expect(summary.contains("a floor of -400 points") && summary.contains("\(solver.sweeps) sweeps here"))
        #expect(!summary.contains("third farkle"))
    }

    @Test("where only a scoreless opening roll's cost lowers a total, no map, column or word counts farkles in a row")
    func openingCostHasNoFarkleCounts() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rules")
        let rules = try RuleSet.load(fixtures.appendingPathComponent("ones-cost-race.json").path)
        let grid = WinDecisionGrid(penaltySolver: try PenaltyWinSolver(rules: rules))
        #expect(grid.maps.allSatisfy { $0.hasNoFarkles })
        let documents = ReportDocument.playingToWin(grid)
        #expect(!documents.contains { $0.fileName.contains("farkles") })
        let csv = try #require(documents.first { $0.fileName == "win-decisions.csv" }).contents
        #expect(!csv.hasPrefix("my_farkles"))
        let summary = try #require(documents.first).contents
        #expect(!summary.contains("farkles in a row") && !summary.contains("--farkles"))
        #expect(summary.contains("which only a scoreless opening roll's cost reaches"))
    }

    @Test("the summary gives the solver's figures, floor and sweeps; the CSV starts with both farkle counts")
    func documents() throws {
        let solver = Self.solver
        let documents = ReportDocument.playingToWin(Self.grid)
        let names = documents.map(\.fileName)
        #expect(names.prefix(2) == ["playing-to-win.md", "win-decisions.csv"])
        #expect(names.count == 2 + 9)
        #expect(names.contains("win-map-2-dice-500.svg") && names.contains("win-map-2-dice-500-2-farkles.svg"))
        #expect(names.contains("win-map-1-die-300-2-farkles.svg"))
        #expect(names.contains("win-map-2-dice-300-opponent-2-farkles.svg"))
        let summary = try #require(documents.first).contents
        for figure in [
            solver.firstPlayerValue, solver.firstPlayerWinProbability, solver.tieProbability,
            solver.firstPlayerLossProbability,
        ] {
            #expect(summary.contains(NumberText.exact(figure)))
        }
        #expect(summary.contains("\(solver.fairHeadStart.points) points"))
        #expect(summary.contains("A third farkle in a row costs 500 points"))
        #expect(summary.contains("a floor of -500 points (1 penalty below zero)"))
        #expect(summary.contains("| -500 |") || summary.contains(" -500 |"))
        #expect(summary.contains("\(solver.sweeps) sweeps here"))
        #expect(summary.contains(NumberText.significant(solver.lastChange, digits: 2)))
        #expect(summary.contains("totals below zero, which only penalties reach, are left out"))
        #expect(summary.contains("once the simulator plays strategy `win`"), "the edge over ev comes later")
        for document in documents.dropFirst(2) {
            #expect(summary.contains("](\(document.fileName))"), "the summary links \(document.fileName)")
            #expect(document.contents.contains(">bank<") && document.contents.contains(">roll<"))
        }
        let twoFarkles = try #require(documents.first { $0.fileName == "win-map-1-die-300-2-farkles.svg" })
        #expect(twoFarkles.contents.contains("2 farkles in a row"))
        let csv = try expectCSVGivesBackTheGrid(documents[1].contents, grid: Self.grid)
        let header = "my_farkles,opponent_farkles,opponent_total,dice_left,turn_points,bank_at_my_totals,"
        #expect(csv.first.map(String.init) == header + "must_roll_at_my_totals")
        #expect(csv.count == 1 + 10 * 9)
        #expect(csv.contains { $0.hasPrefix("2,0,0,1,300,") } && csv.contains { $0.hasPrefix("0,2,450,2,300,") })
    }

    @Test("the index finding gives the first player's chance and the fair head start")
    func finding() {
        let finding = ReportBuilder.winFinding(Self.solver)
        #expect(finding.contains(NumberText.significant(Self.solver.firstPlayerWinProbability, digits: 4)))
        #expect(finding.contains("\(Self.solver.fairHeadStart.points) points"))
        #expect(finding.contains("(see [playing to win](playing-to-win.md))"))
    }
}
