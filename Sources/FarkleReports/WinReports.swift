import FarkleKit
import Foundation

// MARK: - Reports on play to win (the two-player win-probability solver)

/// The decisions of play to win at a few turn-point levels, over every pair of totals below the target.
///
/// One `WinTurnTable` per pair (one turn of the solver's, milliseconds each), the pairs spread over the
/// cores; each cell holds the decision, the value and the value of banking.
public struct WinDecisionGrid: Sendable {
    /// One state: a pair of totals, turn points and dice left.
    public struct Cell: Sendable, Hashable {
        /// The player's total.
        public let myScore: Int
        /// The opponent's total.
        public let opponentScore: Int
        /// Turn points on the table.
        public let turnPoints: Int
        /// Dice left to roll.
        public let diceLeft: Int
        /// Bank, roll, or roll because the rules say so.
        public let decision: BankDecision
        /// P(win) + ½ P(tie) deciding best.
        public let value: Double
        /// P(win) + ½ P(tie) of banking; `nil` where the rules do not allow it.
        public let bankValue: Double?
    }

    /// The solved game.
    public let solver: WinProbabilitySolver
    /// The turn points of the maps, ascending.
    public let turnPoints: [Int]
    /// The dice counts of the maps: 2 and 1 where the rules allow banking with them.
    public let diceCounts: [Int]
    /// Every cell, by my total, then the opponent's total, then turn points, then dice count.
    public let cells: [Cell]

    /// The decisions of `solver`'s game at `turnPoints` with 2 and 1 dice left (where banking is allowed).
    public init(solver: WinProbabilitySolver, turnPoints: [Int] = [300, 500, 1000], threads: Int = 2) {
        let step = solver.table.scoreStep
        let points = turnPoints.map { $0 / step * step }.sorted()
        let dice = [2, 1].filter { solver.table.turnMechanics.allowsBanking(diceLeft: $0) }
        let totals = Array(stride(from: 0, to: solver.target, by: step))
        let rows = RowResults(count: totals.count)
        let work: @Sendable (Int) -> Void = { row in
            let mine = totals[row]
            var cells: [Cell] = []
            for theirs in totals {
                let turn = solver.turnTable(myScore: mine, opponentScore: theirs)
                for t in points {
                    for n in dice {
                        let decision = turn.decision(turnPoints: t, diceLeft: n)
                        cells.append(
                            Cell(
                                myScore: mine, opponentScore: theirs, turnPoints: t, diceLeft: n, decision: decision,
                                value: turn.value(turnPoints: t, diceLeft: n),
                                bankValue: decision == .mustRoll ? nil : turn.bankValue(turnPoints: t)))
                    }
                }
            }
            rows.store(cells, at: row)
        }
        if threads <= 1 {
            for row in totals.indices { work(row) }
        } else {
            DispatchQueue.concurrentPerform(iterations: totals.count, execute: work)
        }
        self.solver = solver
        self.turnPoints = points
        diceCounts = dice
        cells = rows.all.flatMap { $0 }
    }

    /// The decision at one state of the grid.
    public func decision(myScore: Int, opponentScore: Int, turnPoints: Int, diceLeft: Int) -> BankDecision? {
        let step = solver.table.scoreStep
        let levels = (solver.target - 1) / step + 1
        guard let point = self.turnPoints.firstIndex(of: turnPoints), let die = diceCounts.firstIndex(of: diceLeft)
        else { return nil }
        let pair = (myScore / step) * levels + opponentScore / step
        return cells[(pair * self.turnPoints.count + point) * diceCounts.count + die].decision
    }
}

/// Rows of cells written by concurrent work items, one row each, read when all are done.
private final class RowResults: @unchecked Sendable {
    // Each row is written by exactly one work item; `all` is read after `concurrentPerform` returns.
    private var rows: [[WinDecisionGrid.Cell]]
    private let lock = NSLock()

    init(count: Int) {
        rows = Array(repeating: [], count: count)
    }

    func store(_ cells: [WinDecisionGrid.Cell], at row: Int) {
        lock.withLock { rows[row] = cells }
    }

    var all: [[WinDecisionGrid.Cell]] { lock.withLock { rows } }
}

extension ReportDocument {
    /// The heat map file of play to win with `dice` left at `turnPoints`.
    static func winMapFileName(dice: Int, turnPoints: Int) -> String {
        "win-map-\(dice == 1 ? "1-die" : "\(dice)-dice")-\(turnPoints).svg"
    }

    /// The reports on play to win: a summary (the first player's exact value and the fair head start),
    /// the decision maps over both totals and their CSV.
    ///
    /// - Parameter edge: The result of `win` against `ev` in simulated games, when the simulator can play
    ///   `win`; the summary then says what playing to win gains over playing for points.
    public static func playingToWin(_ grid: WinDecisionGrid, edge: StrategyComparison.Matchup? = nil)
        -> [ReportDocument]
    {
        let solver = grid.solver
        let rules = solver.table.rules
        let head = solver.fairHeadStart
        // One row per opponent's total, dice left and turn points: the ranges of my total where play to win
        // banks, and where the rules make the player roll; it rolls at every other total.
        var csv = CSVTable(header: [
            "opponent_total", "dice_left", "turn_points", "bank_at_my_totals", "must_roll_at_my_totals",
        ])
        let step = solver.table.scoreStep
        for theirs in stride(from: 0, to: solver.target, by: step) {
            for dice in grid.diceCounts {
                for points in grid.turnPoints {
                    let decisions = stride(from: 0, to: solver.target, by: step).map { mine in
                        (mine, grid.decision(myScore: mine, opponentScore: theirs, turnPoints: points, diceLeft: dice))
                    }
                    func ranges(_ wanted: BankDecision) -> String {
                        totalRanges(decisions.filter { $0.1 == wanted }.map(\.0), step: step)
                    }
                    csv.append(["\(theirs)", "\(dice)", "\(points)", ranges(.bank), ranges(.mustRoll)])
                }
            }
        }
        var maps: [ReportDocument] = []
        for dice in grid.diceCounts {
            for points in grid.turnPoints { maps.append(winMap(grid, dice: dice, turnPoints: points)) }
        }
        let figures = MarkdownTable(header: ["Figure", "Value"], alignments: [.left, .right])
        var table = figures
        table.append(["First player's value, P(win) + ½ P(tie)", NumberText.exact(solver.firstPlayerValue)])
        table.append(["First player wins", NumberText.exact(solver.firstPlayerWinProbability)])
        table.append(["Tie", NumberText.exact(solver.tieProbability)])
        table.append(["First player loses", NumberText.exact(solver.firstPlayerLossProbability)])
        table.append([
            "Fair head start for the second player",
            "\(head.points) points (first player's value \(NumberText.significant(head.firstPlayerValue, digits: 6)))",
        ])
        let edgeText =
            edge.map { matchup in
                "Played against `ev` over \(matchup.games) games (seats rotated), `win` wins "
                    + "\(rateWithInterval(matchup.firstWinRate)) of them: its edge over playing for the most points "
                    + "each turn (see [strategies](strategies.md))."
            }
            ?? "The edge of `win` over `ev` in played games is added here once the simulator plays strategy `win`."
        let links = maps.map { "- [\($0.title)](\($0.fileName))" }.joined(separator: "\n")
        let text = """
            # Playing to win (rules: \(rules.name))

            Two players, both playing to maximize their chance to win, P(win) + ½ P(tie): the exact solution of \
            the whole game, no sampling. Below the target, the decision to bank depends on both totals, not only \
            on the turn points: behind late in the game a player must take risks, ahead they should not.

            \(table.text)
            \(edgeText)

            ## Bank or roll, by the totals

            Each map shows, for one count of dice left and one level of turn points, what play to win does at \
            every pair of totals: your total across, the opponent's total up. Compare with the turn alone \
            ([bank thresholds](bank-thresholds.md)), which banks at the same turn points whatever the totals.

            \(links)

            [win-decisions.csv](win-decisions.csv) holds the maps exactly: one row per opponent's total, dice left \
            and turn points, with the ranges of your total where play to win banks (`bank_at_my_totals`, such \
            as `0-2950 9700-9950`) and where the rules make you roll (`must_roll_at_my_totals`); it rolls at \
            every other total. `farkle-sim advise --my-score --opponent-score` gives the chances behind any one \
            decision.

            """
        return [
            ReportDocument(
                fileName: "playing-to-win.md", title: "Playing to win",
                summary: "Two players playing to win: the first player's exact chances, the fair head start and "
                    + "where the totals change bank or roll.",
                contents: text),
            ReportDocument(
                fileName: "win-decisions.csv", title: "Play to win decisions (CSV)",
                summary: "Bank or roll under play to win at every pair of totals, for the turn points and dice "
                    + "of the maps.",
                contents: csv.text),
        ] + maps
    }

    /// `totals` (ascending multiples of `step`) as runs, such as `0-2950 9700-9950`, or a single total.
    static func totalRanges(_ totals: [Int], step: Int) -> String {
        var runs: [String] = []
        var index = 0
        while index < totals.count {
            var end = index
            while end + 1 < totals.count && totals[end + 1] == totals[end] + step { end += 1 }
            runs.append(end == index ? "\(totals[index])" : "\(totals[index])-\(totals[end])")
            index = end + 1
        }
        return runs.joined(separator: " ")
    }

    /// The map of play to win with `dice` left and `turnPoints` on the table over both totals.
    static func winMap(_ grid: WinDecisionGrid, dice: Int, turnPoints: Int) -> ReportDocument {
        let solver = grid.solver
        let step = solver.table.scoreStep
        let totals = Array(stride(from: 0, to: solver.target, by: step))
        let names: [BankDecision] = [.bank, .roll, .mustRoll]
        // The opponent's total grows upward: the top row is the highest.
        let rows = Array(totals.reversed())
        let cells = rows.map { theirs in
            totals.map { mine in
                grid.decision(myScore: mine, opponentScore: theirs, turnPoints: turnPoints, diceLeft: dice)
                    .flatMap(names.firstIndex(of:)) ?? 2
            }
        }
        let labelEvery = max(1, solver.target / 10 / step)
        let words = dice == 1 ? "1 die" : "\(dice) dice"
        var chart = HeatMap(
            title: "Play to win with \(words) left and \(turnPoints) turn points (rules: \(solver.table.rules.name))",
            xAxis: ChartAxis(title: "Your total", unit: "points"), rowAxisTitle: "Opponent's total (points)",
            rowLabels: rows.map { ChartAxis.grouped(Double($0), decimals: 0) }, xStart: 0, xStep: Double(step),
            cells: cells,
            categories: [
                .init(name: "bank", color: "#009E73"), .init(name: "roll", color: "#E69F00"),
                .init(name: "must roll (rules)", color: "#d0d0d0"),
            ])
        chart.labeledRows = Set(rows.indices.filter { rows[$0] % (labelEvery * step) == 0 })
        chart.separatesRows = false
        return ReportDocument(
            fileName: winMapFileName(dice: dice, turnPoints: turnPoints),
            title: "Play to win: \(words) left, \(turnPoints) turn points (chart)",
            summary: "Your total across, the opponent's up: green means bank, orange roll, grey the rules make "
                + "you roll, when both play to win.",
            contents: chart.svg)
    }
}
