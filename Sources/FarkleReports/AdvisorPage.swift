import FarkleKit

/// The advisor: one self-contained web page per rule set that answers "which dice do I keep, and do I bank?"
/// offline, from the solver's own numbers.
///
/// ```swift
/// let page = AdvisorPage(solver: ExpectedScoreSolver(rules: .standard))
/// try ReportFile.write(page.html, to: URL(fileURLWithPath: "advisor.html"))
/// ```
///
/// The page (`html`) holds its markup, style and script inline and makes no
/// network request. Its numbers are not a second implementation of the game:
/// `data` embeds the scoring table's keeps and the solver's values, and the
/// script only looks them up. What it computes itself is the order of the keeps
/// (as `ExpectedScoreSolver.advice(for:turnPoints:isOpeningRoll:)` sorts them),
/// V = t where the embedded decision banks (the solver's own definition of V),
/// and the exact linear tail `slope * t + intercept` above the tabulated turn
/// points, with the same `Double` operations as the solver. So the page shows
/// exactly the numbers `farkle-sim advise --format json` prints.
///
/// ## The embedded data (format `farkle-advisor 1`)
/// One JSON object in `<script type="application/json" id="advisor-data">`,
/// every number at full precision (`NumberText.exact(_:)`), `<` escaped as `\u003c`:
///
/// - `format`: `"farkle-advisor 1"`.
/// - `rules`: `name`; `score_step` (turn points are multiples of it);
///   `minimum_bank`; `banking_dice_left` (the dice counts, 1...6, the rules let a
///   player bank with, 6 meaning after hot dice); `hot_dice_mandatory`;
///   `six_dice_farkle`, the points of a roll of six dice with no keep, as
///   `{"opening": p, "later": q}` for the turn's opening roll and any later roll
///   (`null` where it is a plain farkle); `three_farkle_penalty` (or `null`);
///   `target` (the game's target, or `null`). The page uses `rules` for words
///   and input checks only.
/// - `keeps`: for every roll of one to six dice, keyed by its faces sorted as
///   digits (`"1235"`), every distinct keep in the scoring table's order (fewest
///   dice first) as `[faces, points, dice left]`, such as `["15", 150, 2]`; the
///   dice left come from `TurnMechanics` (6 after hot dice). An empty list is a farkle.
/// - `points`: the expected-score turn tables, one per count of farkles in a row
///   (`points[k]` for k farkles in a row, the last entry for any higher count), so
///   a rule set whose advice depends on that count carries one table per count;
///   otherwise there is one. Each table has
///   - `roll`: six arrays (1 to 6 dice), R(t, n) for t = 0, step, ...,
///     `tabulatedPoints`: the expected final turn points of rolling on;
///   - `decisions`: six strings, one character per tabulated t: `b` bank,
///     `r` roll, `m` must roll (`ExpectedScoreSolver.decision(turnPoints:diceLeft:)`).
///     Above the table the last character holds: from `tailStart` on the decision
///     no longer changes with t. V(t, n) is t where the character is `b`, else R(t, n);
///   - `tail`: `value` and `roll`, six `[slope, intercept]` pairs each, the exact
///     lines of V and R above `tabulatedPoints` (`ExpectedScoreSolver.tailLine(diceLeft:)`,
///     `rollTailLine(diceLeft:)`).
///
/// A later format version adds a `win` member (the turn-start win probabilities
/// of a two-player game) without changing these.
///
/// ## What the page shows, for tests
/// Each objective shown has an element with id `advice`, carrying
/// `data-objective` (`points`), `data-best-keep` (the faces of the best keep,
/// comma-separated, such as `1,5`; empty when no keep exists) and
/// `data-decision` (`bank`, `roll` or `must-roll` after the best keep; `farkle`
/// when the turn is over), and after a keep `data-turn-points` and
/// `data-roll-value` (R after the keep, full precision). Each row of the table
/// of keeps (`tr[data-keep]`) carries `data-keep`, `data-points`,
/// `data-dice-left` and `data-expected` (full precision); the cells show
/// expected points with one decimal (JavaScript's `toFixed(1)`).
public struct AdvisorPage: Sendable {
    /// The format of the embedded data, named in it as `format`.
    public static let format = "farkle-advisor 1"

    /// The expected-score solvers whose values the page shows, indexed by farkles in a row.
    ///
    /// One solver where the count of farkles in a row does not change the advice.
    public let turnSolvers: [ExpectedScoreSolver]

    /// A page showing the values of `solver`.
    public init(solver: ExpectedScoreSolver) {
        self.init(turnSolvers: [solver])
    }

    /// A page showing, for k farkles in a row, the values of `turnSolvers[k]` (the last one for higher counts).
    ///
    /// - Precondition: at least one solver, all of the same rule set.
    public init(turnSolvers: [ExpectedScoreSolver]) {
        precondition(!turnSolvers.isEmpty, "the page needs a solver")
        precondition(Set(turnSolvers.map(\.table.rules)).count == 1, "the solvers of one rule set")
        self.turnSolvers = turnSolvers
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
            ("keeps", keepsJSON),
            ("points", JSONText.array(turnSolvers.map(Self.turnTable), indent: 4)),
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
        let banking = (1...maximum).filter(mechanics.allowsBanking).map(String.init).joined(separator: ", ")
        return JSONText.object([
            ("name", JSONText.string(rules.name)),
            ("score_step", "\(mechanics.scoreStep)"),
            ("minimum_bank", "\(mechanics.minimumBank)"),
            ("banking_dice_left", "[\(banking)]"),
            ("hot_dice_mandatory", "\(rules.turn.hotDiceMandatory)"),
            ("six_dice_farkle", sixDiceFarkle),
            ("three_farkle_penalty", points(rules.turn.threeFarklePenalty)),
            ("target", points(rules.game.end.target)),
        ])
    }

    /// Every roll of one to six dice with its keeps, one roll per line.
    private var keepsJSON: String {
        let table = turnSolvers[0].table
        var entries: [String] = []
        for dice in 1...DiceCounts.maximumDice {
            for roll in DiceCatalog.shared.multisets[dice] {
                let keeps = table.keeps(for: roll).map { keep in
                    "[\"\(keep.dice)\", \(keep.score), "
                        + "\(TurnMechanics.diceLeft(afterKeeping: keep.diceUsed, of: dice))]"
                }
                entries.append("\"\(roll)\": [\(keeps.joined(separator: ", "))]")
            }
        }
        return "{\n    " + entries.joined(separator: ",\n    ") + "\n  }"
    }

    /// One solver's R values, decisions and tail lines.
    private static func turnTable(_ solver: ExpectedScoreSolver) -> String {
        let step = solver.table.scoreStep
        let levels = 0...solver.tabulatedPoints / step
        let dice = 1...DiceCounts.maximumDice
        let roll = dice.map { dice in
            "["
                + levels.map { JSONText.number(solver.rollValue(turnPoints: $0 * step, diceLeft: dice)) }
                .joined(separator: ", ") + "]"
        }
        let decisions = dice.map { dice in
            JSONText.string(String(levels.map { code(solver.decision(turnPoints: $0 * step, diceLeft: dice)) }))
        }
        func line(_ line: (slope: Double, intercept: Double)) -> String {
            "[\(JSONText.number(line.slope)), \(JSONText.number(line.intercept))]"
        }
        let tail = JSONText.object([
            ("value", "[" + dice.map { line(solver.tailLine(diceLeft: $0)) }.joined(separator: ", ") + "]"),
            ("roll", "[" + dice.map { line(solver.rollTailLine(diceLeft: $0)) }.joined(separator: ", ") + "]"),
        ])
        return "{\n      \"roll\": " + JSONText.array(roll, indent: 8) + ",\n      \"decisions\": "
            + JSONText.array(decisions, indent: 8) + ",\n      \"tail\": " + tail + "\n    }"
    }

    /// The one-character code of a decision in `decisions`.
    private static func code(_ decision: BankDecision) -> Character {
        switch decision {
        case .bank: "b"
        case .roll: "r"
        case .mustRoll: "m"
        }
    }
}

extension ReportDocument {
    /// `advisor.html`: the offline advisor page of `page`'s rule set.
    public static func advisorPage(_ page: AdvisorPage) -> ReportDocument {
        ReportDocument(
            fileName: "advisor.html", title: "Advisor",
            summary: "Open in any browser, offline: tap the dice rolled and the turn points for the best keep "
                + "and whether to bank, with every keep's expected points.",
            contents: page.html)
    }
}
