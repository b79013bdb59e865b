@_spi(Kernels) import FarkleKit
import Foundation

// MARK: - Reports on play to win (the two-player solvers of the game to win)

/// The decisions of play to win at a few turn-point levels, over every pair of totals from 0 to below the target.
///
/// One `WinTurnTable` per pair and count of farkles in a row mapped (one turn of the solver's, milliseconds
/// each), the pairs spread over the cores; each cell holds the decision, the value and the value of banking.
/// A race without a penalty comes from `WinProbabilitySolver`; a race under a three-farkle penalty from
/// `PenaltyWinSolver`, whose totals below zero the grid leaves out.
public struct WinDecisionGrid: Sendable {
    /// One state: a pair of totals, the farkles in a row of each, turn points and dice left.
    public struct Cell: Sendable, Hashable {
        /// The player's total.
        public var myScore: Int { Int(_myScore) }
        /// The opponent's total.
        public var opponentScore: Int { Int(_opponentScore) }
        /// Turn points on the table.
        public var turnPoints: Int { Int(_turnPoints) }
        /// Dice left to roll.
        public var diceLeft: Int { Int(_diceLeft) }
        /// Bank, roll, or roll because the rules say so.
        public let decision: BankDecision
        /// P(win) + ½ P(tie) deciding best.
        public let value: Double
        /// P(win) + ½ P(tie) of banking; `nil` where the rules do not allow it.
        public var bankValue: Double? { _banks ? _bankValue : nil }
        /// The player's farkles in a row before this turn (always 0 without a three-farkle penalty).
        public var myFarkles: Int { Int(_myFarkles) }
        /// The opponent's farkles in a row (always 0 without a three-farkle penalty).
        public var opponentFarkles: Int { Int(_opponentFarkles) }

        // Stored narrow, 40 bytes a cell instead of 80: `standard`'s grid is 240,000 cells, built beside `win`'s
        // tables at the report's peak memory. Totals and turn points are below the largest target (1,000,000) and
        // above the lowest total under a penalty; dice and farkles in a row are below 7.
        private let _bankValue: Double
        private let _myScore: Int32
        private let _opponentScore: Int32
        private let _turnPoints: Int32
        private let _diceLeft: UInt8
        private let _myFarkles: UInt8
        private let _opponentFarkles: UInt8
        private let _banks: Bool

        init(
            myScore: Int, opponentScore: Int, turnPoints: Int, diceLeft: Int, decision: BankDecision, value: Double,
            bankValue: Double?, myFarkles: Int, opponentFarkles: Int
        ) {
            (_myScore, _opponentScore, _turnPoints) = (Int32(myScore), Int32(opponentScore), Int32(turnPoints))
            (_diceLeft, _myFarkles, _opponentFarkles) = (UInt8(diceLeft), UInt8(myFarkles), UInt8(opponentFarkles))
            (self.decision, self.value) = (decision, value)
            (_bankValue, _banks) = (bankValue ?? 0, bankValue != nil)
        }
    }

    /// One map of the grid: the farkles in a row of each player, the turn points and the dice left.
    public struct Map: Sendable, Hashable {
        /// The player's farkles in a row before the turn, 0 to 2.
        public let myFarkles: Int
        /// The opponent's farkles in a row, 0 to 2.
        public let opponentFarkles: Int
        /// Turn points on the table.
        public let turnPoints: Int
        /// Dice left to roll.
        public let diceLeft: Int

        /// The map of `diceLeft` dice at `turnPoints`, after `myFarkles` and `opponentFarkles` farkles in a row.
        ///
        /// - Parameters:
        ///   - myFarkles: The player's farkles in a row before the turn, 0 to 2.
        ///   - opponentFarkles: The opponent's farkles in a row, 0 to 2.
        ///   - turnPoints: Turn points on the table.
        ///   - diceLeft: Dice left to roll.
        public init(myFarkles: Int = 0, opponentFarkles: Int = 0, turnPoints: Int, diceLeft: Int) {
            self.myFarkles = myFarkles
            self.opponentFarkles = opponentFarkles
            self.turnPoints = turnPoints
            self.diceLeft = diceLeft
        }

        /// Whether both players start the turn with no farkle in a row.
        public var hasNoFarkles: Bool { myFarkles == 0 && opponentFarkles == 0 }
    }

    /// The maps shown under a three-farkle penalty besides those with no farkle in a row: one farkle away
    /// from the penalty, the player's 2 dice at 500 turn points and 1 die at 300, and the opponent's 2 dice
    /// at 300.
    ///
    /// With 2 farkles in a row a farkle costs the penalty on top of the turn, so play to win banks sooner,
    /// most of all at few turn points with 1 die; after the opponent's 2 farkles in a row it rolls on at
    /// some totals where it would bank, and banks at others. Three maps keep the page readable;
    /// `advise --farkles --opponent-farkles` gives any other count.
    public static let nearPenaltyMaps = [
        Map(myFarkles: 2, turnPoints: 500, diceLeft: 2), Map(myFarkles: 2, turnPoints: 300, diceLeft: 1),
        Map(opponentFarkles: 2, turnPoints: 300, diceLeft: 2),
    ]

    /// The solved race, or `nil` for a game with a three-farkle penalty.
    package let solver: WinProbabilitySolver?
    /// The solved game with a three-farkle penalty, or `nil` for a race without one.
    package let penaltySolver: PenaltyWinSolver?
    /// The scoring table of the rules.
    public let table: ScoringTable
    /// The target total: the maps cover totals from 0 to below it.
    public let target: Int
    /// The turn points of the maps with no farkle in a row, ascending.
    public let turnPoints: [Int]
    /// The dice counts of those maps: 2 and 1 where the rules allow banking with them.
    public let diceCounts: [Int]
    /// Every map: those with no farkle in a row by dice count, then turn points; then the others given.
    public let maps: [Map]
    /// Every cell, by my total, then the opponent's total, then map.
    public let cells: [Cell]
    /// The figures of the solved game, for the summary.
    let figures: any SolvedWinGame
    /// The position of each map in `maps`.
    private let mapIndex: [Map: Int]

    /// The decisions of `solver`'s game at `turnPoints` with 2 and 1 dice left (where banking is allowed).
    ///
    /// - Parameters:
    ///   - solver: The race solved to win.
    ///   - turnPoints: The turn points of the maps (rounded down to the score step).
    ///   - threads: The threads the pairs of totals are spread over.
    package init(solver: WinProbabilitySolver, turnPoints: [Int] = [300, 500, 1000], threads: Int = 2) {
        self.init(
            figures: solver, target: solver.target, solver: solver, penaltySolver: nil, turnPoints: turnPoints,
            otherMaps: [], threads: threads
        ) { [tables = WinTurnTables(solver: solver, threads: threads), last = turnPoints.max() ?? 0] mine, theirs in
            Self.cells(of: tables.turnTable(myScore: mine, opponentScore: theirs, readBelow: last + 1))
        }
    }

    /// The decisions of the play `win` tabulated from a solved race (`WinProbabilityStrategy`), at `turnPoints`
    /// with 2 and 1 dice left: the same maps as `init(solver:turnPoints:threads:)`, read from the play a report
    /// has built for its games instead of solving every pair's turn again (seconds saved); the values are those
    /// the play keeps.
    package init(play: WinProbabilityStrategy, turnPoints: [Int] = [300, 500, 1000], threads: Int = 2) {
        let solver = play.solver
        self.init(
            figures: solver, target: solver.target, solver: solver, penaltySolver: nil, turnPoints: turnPoints,
            otherMaps: [], threads: threads
        ) { mine, theirs in
            { map in
                play.decision(
                    myScore: mine, opponentScore: theirs, turnPoints: map.turnPoints, diceLeft: map.diceLeft)
            }
        }
    }

    /// The decisions of `penaltySolver`'s game at `turnPoints` with 2 and 1 dice left (where banking is
    /// allowed) and no farkle in a row, and at `otherMaps`, over totals from 0 to below the target.
    ///
    /// - Parameters:
    ///   - penaltySolver: The race under a three-farkle penalty solved to win.
    ///   - turnPoints: The turn points of the maps with no farkle in a row (rounded down to the score step).
    ///   - otherMaps: More maps, such as `nearPenaltyMaps` (those whose dice the rules do not let bank with
    ///     are left out).
    ///   - threads: The threads the pairs of totals are spread over.
    package init(
        penaltySolver: PenaltyWinSolver, turnPoints: [Int] = [300, 500, 1000],
        otherMaps: [Map] = WinDecisionGrid.nearPenaltyMaps, threads: Int = 2
    ) {
        self.init(
            figures: penaltySolver, target: penaltySolver.target, solver: nil, penaltySolver: penaltySolver,
            turnPoints: turnPoints, otherMaps: penaltySolver.countsFarkles ? otherMaps : [], threads: threads
        ) { mine, theirs in
            // One turn table per pair of farkle counts mapped.
            var turns: [Int: @Sendable (Map) -> CellFigures] = [:]
            return { map in
                let key = 3 * map.myFarkles + map.opponentFarkles
                let cells =
                    turns[key]
                    ?? Self.cells(
                        of: penaltySolver.turnTable(
                            myScore: mine, opponentScore: theirs, myFarkles: map.myFarkles,
                            opponentFarkles: map.opponentFarkles))
                turns[key] = cells
                return cells(map)
            }
        }
    }

    /// What a cell shows of a state: the decision, the value deciding best, and the value of banking.
    private typealias CellFigures = (decision: BankDecision, value: Double, bankValue: Double?)

    /// The figures of the states of `turn`'s maps.
    private static func cells(of turn: WinTurnTable) -> @Sendable (Map) -> CellFigures {
        { map in
            let decision = turn.decision(turnPoints: map.turnPoints, diceLeft: map.diceLeft)
            return (
                decision, turn.value(turnPoints: map.turnPoints, diceLeft: map.diceLeft),
                decision == .mustRoll ? nil : turn.bankValue(turnPoints: map.turnPoints)
            )
        }
    }

    private init(
        figures: any SolvedWinGame, target: Int, solver: WinProbabilitySolver?, penaltySolver: PenaltyWinSolver?,
        turnPoints: [Int], otherMaps: [Map], threads: Int,
        cellsOfPair: @escaping @Sendable (_ mine: Int, _ theirs: Int) -> (Map) -> CellFigures
    ) {
        let table = figures.table
        let step = table.scoreStep
        let points = turnPoints.map { $0 / step * step }.sorted()
        let dice = [2, 1].filter { table.turnMechanics.allowsBanking(diceLeft: $0) }
        var maps = dice.flatMap { n in points.map { Map(turnPoints: $0, diceLeft: n) } }
        for map in otherMaps where table.turnMechanics.allowsBanking(diceLeft: map.diceLeft) {
            let rounded = Map(
                myFarkles: map.myFarkles, opponentFarkles: map.opponentFarkles,
                turnPoints: map.turnPoints / step * step,
                diceLeft: map.diceLeft)
            if !maps.contains(rounded) { maps.append(rounded) }
        }
        let totals = Array(stride(from: 0, to: target, by: step))
        // The rows in blocks of a few per thread, each block's rows moved into `cells` before the next is built: the
        // report builds the grid beside `win`'s tables, and holding every row twice (once built, once moved) would
        // add tens of MB for `standard` to its peak memory.
        var cells: [Cell] = []
        cells.reserveCapacity(totals.count * totals.count * maps.count)
        let block = min(totals.count, 4 * max(1, threads))
        // Work item `item` writes the slot of the block's row `item` only.
        let rows = SharedSlots<[Cell]>(repeating: [], count: block)
        for start in stride(from: 0, to: totals.count, by: block) {
            Parallel.forEach(min(block, totals.count - start), threads: threads) { [maps] item in
                let mine = totals[start + item]
                var row: [Cell] = []
                for theirs in totals {
                    let figures = cellsOfPair(mine, theirs)
                    for map in maps {
                        let cell = figures(map)
                        row.append(
                            Cell(
                                myScore: mine, opponentScore: theirs, turnPoints: map.turnPoints,
                                diceLeft: map.diceLeft, decision: cell.decision, value: cell.value,
                                bankValue: cell.bankValue, myFarkles: map.myFarkles,
                                opponentFarkles: map.opponentFarkles))
                    }
                }
                rows[item] = row
            }
            for item in 0..<min(block, totals.count - start) {
                cells += rows[item]
                rows[item] = []
            }
        }
        self.figures = figures
        self.solver = solver
        self.penaltySolver = penaltySolver
        self.table = table
        self.target = target
        self.turnPoints = points
        diceCounts = dice
        self.maps = maps
        mapIndex = Dictionary(uniqueKeysWithValues: maps.enumerated().map { ($1, $0) })
        self.cells = cells
    }

    /// The decision at one state of the grid, or `nil` where the grid has no map of it.
    ///
    /// - Parameters:
    ///   - myScore: The player's total, a multiple of the score step from 0 to below the target.
    ///   - opponentScore: The opponent's total, likewise.
    ///   - turnPoints: The turn points of a map.
    ///   - diceLeft: The dice left of a map.
    ///   - myFarkles: The player's farkles in a row (0 without a three-farkle penalty).
    ///   - opponentFarkles: The opponent's farkles in a row (0 without a three-farkle penalty).
    public func decision(
        myScore: Int, opponentScore: Int, turnPoints: Int, diceLeft: Int, myFarkles: Int = 0, opponentFarkles: Int = 0
    ) -> BankDecision? {
        let map = Map(
            myFarkles: myFarkles, opponentFarkles: opponentFarkles, turnPoints: turnPoints, diceLeft: diceLeft)
        guard let index = mapIndex[map] else { return nil }
        return decision(myScore: myScore, opponentScore: opponentScore, map: index)
    }

    /// The decision at a pair of totals on the map at `index` of `maps`.
    func decision(myScore: Int, opponentScore: Int, map index: Int) -> BankDecision {
        let step = table.scoreStep
        let levels = (target - 1) / step + 1
        let pair = (myScore / step) * levels + opponentScore / step
        return cells[pair * maps.count + index].decision
    }
}

extension ReportDocument {
    /// The heat map file of `map`: `win-map-2-dice-500.svg`, with `-2-farkles` (the player's farkles in a row)
    /// and `-opponent-2-farkles` added where they are not 0.
    static func winMapFileName(_ map: WinDecisionGrid.Map) -> String {
        let dice = map.diceLeft == 1 ? "1-die" : "\(map.diceLeft)-dice"
        let mine = map.myFarkles == 0 ? "" : "-\(map.myFarkles)-farkles"
        let theirs = map.opponentFarkles == 0 ? "" : "-opponent-\(map.opponentFarkles)-farkles"
        return "win-map-\(dice)-\(map.turnPoints)\(mine)\(theirs).svg"
    }

    /// The farkles in a row of `map` in words, such as ` after 2 farkles in a row`; empty for none.
    private static func farkleWords(_ map: WinDecisionGrid.Map) -> String {
        func count(_ farkles: Int) -> String { farkles == 1 ? "1 farkle" : "\(farkles) farkles" }
        switch (map.myFarkles, map.opponentFarkles) {
        case (0, 0): return ""
        case (let mine, 0): return ", \(count(mine)) in a row"
        case (0, let theirs): return ", opponent \(count(theirs)) in a row"
        case (let mine, let theirs): return ", \(count(mine)) in a row (opponent \(theirs))"
        }
    }

    /// The reports on play to win: a summary (the first player's exact value and the fair head start),
    /// the decision maps over both totals and their CSV.
    ///
    /// Under a three-farkle penalty the summary also gives the solver's floor on totals and its sweeps, and
    /// the maps after farkles in a row follow those without; the CSV then starts with both counts.
    ///
    /// - Parameters:
    ///   - grid: The decisions of the solved game.
    ///   - edge: The result of `win` against `ev`, exact or from simulated games, when it was worked out;
    ///     the summary then says what playing to win gains over playing for points.
    public static func playingToWin(_ grid: WinDecisionGrid, edge: StrategyComparison.Matchup? = nil)
        -> [ReportDocument]
    {
        let figures = grid.figures
        let rules = grid.table.rules
        let head = figures.fairHeadStart
        let step = grid.table.scoreStep
        let penalty = grid.penaltySolver
        // One row per opponent's total and map: the ranges of my total where play to win banks, and where the
        // rules make the player roll; it rolls at every other total.
        // A scoreless opening roll's cost alone shares the penalty's layout but keeps no farkles in a row.
        let countsFarkles = penalty?.countsFarkles ?? false
        let counts = countsFarkles ? ["my_farkles", "opponent_farkles"] : []
        var csv = CSVTable(
            header: counts + [
                "opponent_total", "dice_left", "turn_points", "bank_at_my_totals", "must_roll_at_my_totals",
            ])
        for theirs in stride(from: 0, to: grid.target, by: step) {
            for (index, map) in grid.maps.enumerated() {
                let decisions = stride(from: 0, to: grid.target, by: step).map { mine in
                    (mine, grid.decision(myScore: mine, opponentScore: theirs, map: index))
                }
                func ranges(_ wanted: BankDecision) -> String {
                    totalRanges(decisions.filter { $0.1 == wanted }.map(\.0), step: step)
                }
                csv.append(
                    (countsFarkles ? ["\(map.myFarkles)", "\(map.opponentFarkles)"] : []) + [
                        "\(theirs)", "\(map.diceLeft)", "\(map.turnPoints)", ranges(.bank), ranges(.mustRoll),
                    ])
            }
        }
        let maps = grid.maps.indices.map { winMap(grid, map: $0) }
        var table = MarkdownTable(header: ["Figure", "Value"], alignments: [.left, .right])
        table.append(["First player's value, P(win) + ½ P(tie)", NumberText.exact(figures.firstPlayerValue)])
        table.append(["First player wins", NumberText.exact(figures.firstPlayerWinProbability)])
        table.append(["Tie", NumberText.exact(figures.tieProbability)])
        table.append(["First player loses", NumberText.exact(figures.firstPlayerLossProbability)])
        table.append([
            "Fair head start for the second player",
            "\(head.points) points (first player's value \(NumberText.significant(head.firstPlayerValue, digits: 6)))",
        ])
        if let penalty {
            table.append([
                "Lowest total tabulated (the floor)", "\(ChartAxis.grouped(Double(penalty.floor), decimals: 0))",
            ])
            table.append(["Sweeps over every state", "\(penalty.sweeps)"])
            table.append(["Largest change in the last sweep", NumberText.significant(penalty.lastChange, digits: 2)])
        }
        let edgeText =
            edge.map { matchup in
                "Played against `ev`"
                    + (matchup.games.map { " over \($0) games (seats rotated)" } ?? ", each starting half the games")
                    + ", `win` wins \(rateWithInterval(matchup.firstWinRate)) of them"
                    + (matchup.games == nil ? " (exact odds)" : "")
                    + ": its edge over playing for the most points each turn (see [strategies](strategies.md))."
            }
            ?? "The edge of `win` over `ev` in played games is added here once the simulator plays strategy `win`."
        func links(_ documents: some Sequence<ReportDocument>) -> String {
            documents.map { "- [\($0.title)](\($0.fileName))" }.joined(separator: "\n")
        }
        let plain = zip(grid.maps, maps).filter { $0.0.hasNoFarkles }.map(\.1)
        let text = """
            # Playing to win (rules: \(rules.name))

            Two players, both playing to maximize their chance to win, P(win) + ½ P(tie): the exact solution of \
            the whole game, no sampling. Below the target, the decision to bank depends on both totals, not only \
            on the turn points: behind late in the game a player must take risks, ahead they should not.
            \(penalty.map(penaltyParagraph) ?? "")
            \(table.text)
            \(edgeText)

            ## Bank or roll, by the totals

            Each map shows, for one count of dice left and one level of turn points, what play to win does at \
            every pair of totals: your total across, the opponent's total up. Compare with the turn alone \
            ([bank thresholds](bank-thresholds.md)), which banks at the same turn points whatever the totals.\
            \(penalty == nil ? "" : (countsFarkles ? " Here both players start the turn with no farkle in a row, and "
                + "the maps run from 0 to below the target: totals below zero, which only penalties reach, are left out."
                : " Here the maps run from 0 to below the target: totals below zero, which only a scoreless opening "
                + "roll's cost reaches, are left out."))

            \(links(plain))
            \(countsFarkles ? nearPenaltySection(grid, maps: maps) : "")
            [win-decisions.csv](win-decisions.csv) holds the maps exactly: one row per \
            \(countsFarkles ? "count of farkles in a row of each player (`my_farkles`, `opponent_farkles`), " : "")\
            opponent's total, dice left and turn points, with the ranges of your total where play to win banks \
            (`bank_at_my_totals`, such as `0-2950 9700-9950`) and where the rules make you roll \
            (`must_roll_at_my_totals`); it rolls at every other total. `farkle-sim advise --my-score \
            --opponent-score` gives the chances behind any one decision\
            \(countsFarkles ? " (with `--farkles` and `--opponent-farkles` for the counts)" : "").

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

    /// What the summary says under a three-farkle penalty: the state, the floor and the sweeps.
    private static func penaltyParagraph(_ solver: PenaltyWinSolver) -> String {
        let states = ChartAxis.grouped(Double(solver.stateCount), decimals: 0)
        // Only a scoreless opening roll's cost lowers a total: no penalty (the solver's is 0 points).
        if solver.table.rules.turn.threeFarklePenalty == nil {
            let cost = solver.table.turnMechanics.openingFarkleCost
            let floor = ChartAxis.grouped(Double(solver.floor), decimals: 0)
            return """

                A scoreless opening roll costs \(cost) points, so a total can fall below zero. The solver tabulates \
                totals down to a floor of \(floor) points and lets a cost at the floor take nothing more; \
                `farkle-sim solve --objective win --penalty-floor POINTS` checks that a lower floor changes no \
                printed digit. Only the cost lowers a total, so the solver sweeps over all \(states) states until \
                no value changes by more than \(NumberText.scientific(PenaltyWinSolver.tolerance, 0)): \
                \(solver.sweeps) sweeps here.

                """
        }
        guard let points = solver.penalty.points else {
            return """

                A third farkle in a row costs the whole total: it falls to zero. The farkles in a row of each \
                player (0, 1 or 2) join the totals in the state of the game; no total falls below zero. Only the \
                penalty lowers a total, so the solver sweeps over all \(states) states until no value changes by \
                more than \(NumberText.scientific(PenaltyWinSolver.tolerance, 0)): \(solver.sweeps) sweeps here.

                """
        }
        let floor = ChartAxis.grouped(Double(solver.floor), decimals: 0)
        let count = -solver.floor / points
        let penalties = count > 0 ? " (\(count) \(count == 1 ? "penalty" : "penalties") below zero)" : ""
        return """

            A third farkle in a row costs \(points) points, so the farkles in a row of each player (0, 1 \
            or 2) join the totals in the state of the game, and a total can fall below zero. The solver \
            tabulates totals down to a floor of \(floor) points\(penalties) and lets a penalty at the floor take \
            nothing more. Lowering the floor changes no printed digit: for `zilch`, a floor of -4,000 prints the \
            same value, chances and fair head start as -2,000 (`Reports/benchmarks.md`), and `farkle-sim solve \
            --objective win --penalty-floor POINTS` checks any rule set. Only a penalty lowers a total, so the \
            solver sweeps over all \(states) states until no \
            value changes by more than \(NumberText.scientific(PenaltyWinSolver.tolerance, 0)): \
            \(solver.sweeps) sweeps here.

            """
    }

    /// The maps after farkles in a row under a penalty, each against the same map with none.
    private static func nearPenaltySection(_ grid: WinDecisionGrid, maps: [ReportDocument]) -> String {
        let step = grid.table.scoreStep
        let totals = Array(stride(from: 0, to: grid.target, by: step))
        func grouped(_ count: Int) -> String { ChartAxis.grouped(Double(count), decimals: 0) }
        var lines: [String] = []
        for (index, map) in grid.maps.enumerated() where !map.hasNoFarkles {
            let plain = WinDecisionGrid.Map(turnPoints: map.turnPoints, diceLeft: map.diceLeft)
            var (banksSooner, rollsLonger) = (0, 0)
            for mine in totals {
                for theirs in totals {
                    let counted = grid.decision(myScore: mine, opponentScore: theirs, map: index)
                    let none = grid.decision(
                        myScore: mine, opponentScore: theirs, turnPoints: map.turnPoints, diceLeft: map.diceLeft)
                    if counted == .bank && none == .roll { banksSooner += 1 }
                    if counted == .roll && none == .bank { rollsLonger += 1 }
                }
            }
            let against =
                grid.maps.contains(plain)
                ? ": of the pairs of totals, it banks at \(grouped(banksSooner)) where it rolls with no farkle in a "
                    + "row ([that map](\(winMapFileName(plain)))), and rolls at \(grouped(rollsLonger)) where it banks"
                : ""
            lines.append("- [\(maps[index].title)](\(maps[index].fileName))\(against).")
        }
        guard !lines.isEmpty else { return "" }
        return """

            ### Farkles in a row

            After two farkles in a row the next farkle costs the penalty as well as the turn. The maps below \
            show play to win when one player is a farkle away from it, each against the map of the same dice and \
            turn points with no farkle in a row (\(grouped(totals.count * totals.count)) pairs of totals each); \
            `farkle-sim advise --farkles --opponent-farkles` gives any other count.

            \(lines.joined(separator: "\n"))

            """
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

    /// The map of play to win at `grid.maps[index]` over both totals.
    static func winMap(_ grid: WinDecisionGrid, map index: Int) -> ReportDocument {
        let map = grid.maps[index]
        let step = grid.table.scoreStep
        let totals = Array(stride(from: 0, to: grid.target, by: step))
        let names: [BankDecision] = [.bank, .roll, .mustRoll]
        // The opponent's total grows upward: the top row is the highest.
        let rows = Array(totals.reversed())
        let cells = rows.map { theirs in
            totals.map { mine in
                names.firstIndex(of: grid.decision(myScore: mine, opponentScore: theirs, map: index)) ?? 2
            }
        }
        let labelEvery = max(1, grid.target / 10 / step)
        let words = NumberText.count(map.diceLeft, "die", plural: "dice")
        let farkles = farkleWords(map)
        var chart = HeatMap(
            title: "Play to win with \(words) left and \(map.turnPoints) turn points\(farkles) "
                + "(rules: \(grid.table.rules.name))",
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
            fileName: winMapFileName(map),
            title: "Play to win: \(words) left, \(map.turnPoints) turn points\(farkles) (chart)",
            summary: "Your total across, the opponent's up: green means bank, orange roll, grey the rules make "
                + "you roll, when both play to win.",
            contents: chart.svg)
    }
}
