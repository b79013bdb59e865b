@_spi(Kernels) import FarkleKit
import Foundation

/// The advisor: one self-contained web page per rule set that answers "which dice do I keep, and do I bank?"
/// offline, from the solver's own numbers.
///
/// ```swift
/// let page = AdvisorPage(solver: ExpectedScoreSolver(rules: .standard))
/// try ReportFile.write(page.html, to: URL(fileURLWithPath: "advisor.html"))
/// ```
///
/// The page (`html`) holds its markup, style, script and data inline and makes no
/// network request. Its numbers are not a second implementation of the game: FarkleKit itself, built as
/// WebAssembly and embedded in the page (`Advisor/farkle.wasm`), opens the page's rule file and gives the advice on
/// every roll and offer with `Advisor`'s own points objective (`PointsAdvisor`), so the page shows exactly the
/// numbers of `farkle-sim advise --format json`. `data` adds the scoring table's keeps (for the chart and the game
/// kept on the page) and the words the page needs; under a three-farkle penalty the page asks for the farkles in a
/// row, as `farkle-sim advise --farkles` does.
///
/// Given a solved two-player game (`winGame`; a race of three players adds no advice to win), the page also
/// advises playing to win: `data` embeds the game's policy file, which the module reads and tabulates the turn of
/// the entered totals from with the solver's own `turnTable`, as `farkle-sim advise --my-score --opponent-score`
/// does.
///
/// The article "The Advisor Page" in FarkleKit's documentation describes the page,
/// the embedded data (format `farkle-advisor 11`) and the attributes it exposes for
/// tests (`#advice` with `data-best-keep`, `data-decision`, `data-objective`).
public struct AdvisorPage: Sendable {
    /// The format of the embedded data, named in it as `format`.
    public static let format = "farkle-advisor 11"

    /// The expected-score solvers whose values the page shows, indexed by farkles in a row.
    ///
    /// One solver where the count of farkles in a row does not change the advice.
    public let turnSolvers: [ExpectedScoreSolver]

    /// The solved two-player game whose advice to win the page shows, if any: a race (`WinProbabilitySolver`,
    /// advised from two totals typed in too), a race under a three-farkle penalty (`PenaltyWinSolver`) or a game
    /// of fixed rounds (`RoundsWinSolver`), these two in a game of two kept on the page, which knows the farkles
    /// in a row, the round and who plays first.
    public let winGame: (any SolvedWinGame)?

    /// The solved race, where `winGame` is one.
    package var winSolver: WinProbabilitySolver? { winGame as? WinProbabilitySolver }

    /// The page for the rules of `table`: under a three-farkle penalty of points the turn's values for each count
    /// of farkles in a row, otherwise the turn's expected score (`init(solver:penalty:winGame:)`); with `winGame`
    /// the advice to win too.
    ///
    /// - Precondition: `winGame`, if any, solves the rules of `table`.
    public init(table: ScoringTable, winGame: (any SolvedWinGame)? = nil) {
        self.init(
            solver: ExpectedScoreSolver(table: table), penalty: LongRunAverageSolver(penaltyOf: table), winGame: winGame
        )
    }

    /// A page showing the values of `solver`, or under a three-farkle penalty of points those of `penalty` for each
    /// count of farkles in a row (`init(penaltySolver:winGame:)`), and with `winGame` the advice to win: a race,
    /// advised from two totals typed in too, or a race under a three-farkle penalty (of the whole total, which has
    /// no long-run average per turn) or a game of fixed rounds, advised in a game of two kept on the page.
    ///
    /// - Precondition: `penalty` and `winGame`, if any, solve the rules of `solver`.
    package init(
        solver: ExpectedScoreSolver, penalty: LongRunAverageSolver? = nil, winGame: (any SolvedWinGame)? = nil
    ) {
        if let penalty {
            self.init(penaltySolver: penalty, winGame: winGame)
        } else {
            self.init(turnSolvers: [solver], winGame: winGame)
        }
    }

    /// A page for rules with a three-farkle penalty: for k farkles in a row before the turn, the values of
    /// `penaltySolver.turnSolver(farklesInARow: k)` (a farkle worth what it costs later), k = 0, 1, 2; with
    /// `winGame` the advice to win, as `init(solver:penalty:winGame:)`.
    ///
    /// - Precondition: `winGame`, if any, solves the rules of `penaltySolver`.
    package init(penaltySolver: LongRunAverageSolver, winGame: (any SolvedWinGame)? = nil) {
        self.init(
            turnSolvers: LongRunAverageSolver.farkleCounts.map { penaltySolver.turnSolver(farklesInARow: $0) },
            winGame: winGame)
    }

    /// A page showing, for k farkles in a row, the values of `turnSolvers[k]` (the last one for higher counts),
    /// and with `winGame` the advice to win.
    ///
    /// - Precondition: at least one solver, all of the same rule set, the win game's too.
    public init(turnSolvers: [ExpectedScoreSolver], winGame: (any SolvedWinGame)? = nil) {
        precondition(!turnSolvers.isEmpty, "the page needs a solver")
        precondition(
            Set(turnSolvers.map(\.table.rules) + [winGame?.table.rules].compactMap { $0 }).count == 1,
            "the solvers of one rule set")
        self.turnSolvers = turnSolvers
        self.winGame = winGame
    }

    /// The rule set the page advises on.
    public var rules: RuleSet { turnSolvers[0].table.rules }

    /// The whole page: HTML with the style, the data and the script inline.
    public var html: String {
        AdvisorTemplate.page(data: data)
    }

    /// The embedded data as JSON text (see the type's documentation for the format).
    public var data: String {
        let members: [(key: String, value: String)] = [
            ("format", JSONText.string(Self.format)),
            ("rules", rulesJSON),
            // The whole rule set as a rule file: what the table companion's exported game record carries.
            ("rule_file", rules.jsonText.trimmingCharacters(in: .whitespacesAndNewlines)),
            // What the points advice plays for, which the page's words and fields follow (`PointsAdvisor`).
            ("long_run", turnSolvers.count > 1 ? "true" : "false"),
            ("toward_target", PointsAdvisor.playsTowardTarget(rules) ? "true" : "false"),
            ("win", winJSON),
        ]
        let text = "{\n" + members.map { "  " + JSONText.string($0.key) + ": " + $0.value }.joined(separator: ",\n")
        // Inside a script element "</script" would end it: `\u003c` is the same JSON string character.
        return (text + "\n}").replacingOccurrences(of: "<", with: "\\u003c")
    }

    // MARK: - Parts of the data

    private var rulesJSON: String {
        let mechanics = turnSolvers[0].table.turnMechanics
        let maximum = DiceCounts.maximumDice
        func points(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let sixDiceFarkle = JSONText.object([
            ("opening", points(mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: true))),
            ("later", points(mechanics.sixDiceFarkle(dice: maximum, isOpeningRoll: false))),
        ])
        let banking = JSONText.inlineArray((1...mechanics.dice).filter(mechanics.allowsBanking).map(String.init))
        let penalty =
            switch rules.turn.threeFarklePenalty {
            case nil: "null"
            case .points(let points): String(points)
            case .wholeTotal: JSONText.string("whole_total")
            }
        return JSONText.object([
            ("name", JSONText.string(rules.name)),
            ("dice", "\(mechanics.dice)"),
            ("score_step", "\(mechanics.scoreStep)"),
            ("minimum_bank", "\(mechanics.minimumBank)"),
            ("banking_dice_left", banking),
            ("hot_dice_mandatory", "\(rules.turn.hotDiceMandatory)"),
            ("six_dice_farkle", sixDiceFarkle),
            ("rerolls_scoreless_opening_roll", "\(mechanics.rerollsScorelessOpeningRoll)"),
            ("opening_farkle_cost", "\(mechanics.openingFarkleCost)"),
            ("hot_dice_bonus", "\(rules.turn.hotDiceBonus)"),
            ("three_farkle_penalty", penalty),
            ("target", points(rules.game.end.target)),
            ("final_round", "\(rules.game.end.hasFinalRound)"),
            ("exact_target", "\(rules.game.mustHitTargetExactly)"),
            (
                "piggyback",
                rules.game.piggyback.map { rule in
                    JSONText.object([
                        ("bonus", "\(rule.bonus)"), ("least_dice_left", "\(rule.leastDiceLeft)"),
                        ("inherited_points_enter", "\(rule.inheritedPointsEnter)"),
                    ])
                } ?? "null"
            ),
            ("rounds", points(rules.game.end.rounds)),
            ("entry_minimum", "\(rules.game.entryMinimum)"),
            (
                "least_bank",
                JSONText.object(
                    [true, false].map { entered in
                        (
                            entered ? "entered" : "new",
                            "\(mechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: entered))"
                        )
                    })
            ),
            ("instant_win", rules.game.instantWinDescription.map(JSONText.string) ?? "null"),
            ("instant_loss", rules.game.instantLossDescription.map(JSONText.string) ?? "null"),
        ])
    }

    /// The solved game the page advises playing to win from, by the kind of game; `null` without one. The page
    /// hands `policy` (the page's form of the game's policy file, base64) to FarkleKit's WebAssembly module, which tabulates each
    /// turn as `advise` does; the other members are what the page's words and its game need (`AdvisorPage`
    /// article).
    private var winJSON: String {
        var members: [(key: String, value: String)]
        let policy: [UInt8]
        switch winGame {
        case let solver as WinProbabilitySolver:
            policy = solver.pageBytes
            members = [
                ("kind", JSONText.string("race")), ("target", String(solver.target)),
                ("final_round", String(solver.hasFinalRound)),
                (
                    "least_bank",
                    JSONText.object([
                        ("entered", String(solver.leastBank(hasEntered: true))),
                        ("new", String(solver.leastBank(hasEntered: false))),
                    ])
                ),
            ]
        case let solver as PenaltyWinSolver:
            policy = solver.pageBytes
            let least = String(solver.table.turnMechanics.minimumBank)
            members = [
                ("kind", JSONText.string("penalty")), ("target", String(solver.target)),
                ("final_round", String(solver.hasFinalRound)), ("floor", String(solver.floor)),
                ("counts_farkles", String(solver.countsFarkles)),
                ("least_bank", JSONText.object([("entered", least), ("new", least)])),
            ]
        case let solver as RoundsWinSolver:
            policy = solver.pageBytes
            let least = String(
                solver.table.turnMechanics.leastBank(
                    entryMinimum: solver.table.rules.game.entryMinimum, hasEntered: true))
            members = [
                ("kind", JSONText.string("rounds")), ("rounds", String(solver.rounds)),
                ("extra_rounds", String(solver.extraRounds)),
                // The lowest total a player reaches, below 0 where a scoreless opening roll costs points.
                ("floor", String(solver.table.rules.lowestTotalOfRounds)),
                ("least_bank", JSONText.object([("entered", least), ("new", least)])),
            ]
        default:
            return "null"
        }
        members.append(("policy", JSONText.string(Data(policy).base64EncodedString())))
        return "{\n" + members.map { "    " + JSONText.string($0.key) + ": " + $0.value }.joined(separator: ",\n")
            + "\n  }"
    }
}

extension ReportDocument {
    /// The page as an installable app in the folder `app/`: `index.html` with a web manifest, a service worker
    /// that keeps the files for use without a network, and an icon. Served by any static web server, a phone
    /// adds it to its home screen; `advisor.html` stays the single file that works from anywhere.
    public static func advisorApp(_ page: AdvisorPage) -> [ReportDocument] {
        AdvisorTemplate.app(page: page.html, rules: page.rules.name).map { file in
            var document = ReportDocument(
                fileName: "app/\(file.name)", title: "Installable advisor",
                summary: "The advisor and score keeper as an app to install: serve the folder app/ with any static "
                    + "web server, open app/index.html on the phone and add it to the home screen; it then opens "
                    + "without a network.",
                contents: file.contents)
            document.isListed = file.name == "index.html"
            return document
        }
    }

    /// `advisor.html`: the offline advisor page of `page`'s rule set.
    public static func advisorPage(_ page: AdvisorPage) -> ReportDocument {
        ReportDocument(
            fileName: "advisor.html", title: "Advisor",
            summary: "Open in any browser, offline: tap the dice rolled and the turn points for the best keep "
                + "and whether to bank, with every keep's expected points"
                + (page.turnSolvers.count > 1 ? " for the farkles in a row before the turn" : "")
                + (page.winSolver != nil
                    ? "; with both totals, the advice to win as well."
                    : page.winGame != nil
                        ? "; in a game of two kept on the page, the advice to win as well." : ".")
                + " It also keeps the score of a whole game, with the advice on every roll.",
            contents: page.html)
    }
}
