import FarkleKit
import FarkleReports

/// A game review as Markdown, CSV and JSON.
struct ReviewText {
    let review: GameReview
    /// Why the chance to win is missing with two players, if it is.
    let note: String?

    private var names: [String] { review.players.map(\.name) }
    /// The names as Markdown prints them, markup escaped (`MarkdownText.literal(_:)`).
    private var markdownNames: [String] { names.map(MarkdownText.literal) }
    private var hasWin: Bool { review.players.contains { $0.winCost != nil } }

    /// `Ann won with 10,050 (Ben 9,300) in round 23.`, a tie, or where a game in progress stands.
    ///
    /// Names are printed as `names` gives them (`markdownNames` in Markdown).
    func outcome(names: [String]) -> String {
        let state = review.final
        let totals = review.players.indices.map { "\(names[$0]) \(NumberText.grouped(review.players[$0].total))" }
            .joined(separator: ", ")
        switch state.result {
        case .won(let seat)?:
            return "\(names[seat]) won in round \(state.round). Totals: \(totals)."
        case .tied(let seats)? where seats.isEmpty:
            return "\(names[state.seat]) lost at once in round \(state.round). Totals: \(totals)."
        case .tied(let seats)?:
            return
                "\(seats.map { names[$0] }.joined(separator: " and ")) tied in round \(state.round). Totals: \(totals)."
        case nil:
            return "Not finished: round \(state.round), \(names[state.seat]) to play. Totals: \(totals)."
        }
    }

    /// What `then` was after a keep: bank, roll, or nothing recorded.
    private static func then(_ banked: Bool?) -> String {
        banked.map { $0 ? "bank" : "roll" } ?? ""
    }

    private static func faces(_ dice: DiceCounts) -> String {
        dice.faces.map(String.init).joined(separator: " ")
    }

    private static func objective(_ objective: Advice.Objective) -> String {
        switch objective {
        case .expectedPoints: "expected points"
        case .pointsTowardTarget: "points toward the target"
        case .longRunAverage: "long-run average"
        }
    }

    // MARK: - Markdown

    var markdown: String {
        let rules = review.record.rules.name
        let markdownNames = self.markdownNames
        var lines = [
            "# Game review: \(markdownNames.joined(separator: ", ")) under \(rules)", "", outcome(names: markdownNames),
            "",
            "Each keep from a roll entered, with the bank or roll after it, beside best play: points lost under "
                + "the points objective of the situation (expected points, the points toward the target in a race "
                + "won at once, the long-run average under a three-farkle penalty)"
                + (hasWin ? ", and the chance to win lost (ties count half)." : ".")
                + " Luck: what the dice gave beyond what best play expected of them, over the rolls entered, "
                + "under the same objective.",
        ]
        if let note { lines += ["", note] }
        var players = MarkdownTable(
            header: [
                "Player", "Total", "Turns", "Banked", "Farkles", "Penalties", "Hot dice", "Decisions", "Best play",
                "Points lost",
            ] + (hasWin ? ["Win chance lost"] : []) + ["Luck"],
            alignments: [.left] + Array(repeating: .right, count: hasWin ? 11 : 10))
        for player in review.players {
            let counts = player.statistics
            players.append(
                [
                    MarkdownText.literal(player.name), NumberText.grouped(player.total), "\(counts.turns)",
                    NumberText.grouped(counts.bankedPoints),
                    "\(counts.farkles)", "\(counts.penalties)", "\(counts.hotDice)", "\(player.decisions)",
                    "\(player.bestDecisions)", NumberText.fixed(player.pointsCost, 1),
                ]
                    + (hasWin ? [NumberText.percent(player.winCost ?? 0)] : []) + [NumberText.fixed(player.luck, 1)])
        }
        lines += ["", players.text, "## Decisions", ""]
        if review.decisions.isEmpty {
            lines.append("No keep was entered with its roll.")
        } else {
            var table = MarkdownTable(
                header: [
                    "Action", "Round", "Player", "Turn points", "Roll", "Kept", "Then", "Best keep", "Then",
                    "Points lost",
                ] + (hasWin ? ["Win chance lost"] : []),
                alignments: [.right, .right, .left, .right, .left, .left, .left, .left, .left, .right]
                    + (hasWin ? [.right] : []))
            for decision in review.decisions {
                table.append(
                    [
                        "\(decision.action + 1)", "\(decision.round)", markdownNames[decision.seat],
                        NumberText.grouped(decision.turnPoints), Self.faces(decision.roll),
                        Self.faces(decision.kept.dice),
                        Self.then(decision.banked), Self.faces(decision.bestKeep.dice),
                        decision.bestBanks ? "bank" : "roll", NumberText.fixed(decision.points.cost, 1),
                    ]
                        + (hasWin ? [decision.win.map { NumberText.percent($0.cost) } ?? ""] : []))
            }
            lines.append(table.text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - CSV

    /// One row per decision, at full precision.
    var csv: String {
        var table = CSVTable(header: [
            "action", "round", "player", "turn_points", "roll", "kept", "then", "best_keep", "best_then", "objective",
            "points_chosen", "points_best", "points_lost", "win_chosen", "win_best", "win_lost",
        ])
        for decision in review.decisions {
            table.append([
                "\(decision.action + 1)", "\(decision.round)", names[decision.seat], "\(decision.turnPoints)",
                Self.faces(decision.roll), Self.faces(decision.kept.dice), Self.then(decision.banked),
                Self.faces(decision.bestKeep.dice), decision.bestBanks ? "bank" : "roll",
                Self.objective(decision.objective), NumberText.exact(decision.points.chosen),
                NumberText.exact(decision.points.best), NumberText.exact(decision.points.cost),
                decision.win.map { NumberText.exact($0.chosen) } ?? "",
                decision.win.map { NumberText.exact($0.best) } ?? "",
                decision.win.map { NumberText.exact($0.cost) } ?? "",
            ])
        }
        return table.text
    }

    // MARK: - JSON

    var json: String {
        let state = review.final
        let result: String =
            switch state.result {
            case .won(let seat)?:
                JSONText.object([("winner", JSONText.string(names[seat])), ("tied", JSONText.inlineArray([]))])
            case .tied(let seats)?:
                JSONText.object([
                    ("winner", "null"),
                    ("tied", JSONText.inlineArray(seats.map { JSONText.string(names[$0]) })),
                ])
            case nil: "null"
            }
        let players = review.players.map { player in
            let counts = player.statistics
            return JSONText.object([
                ("name", JSONText.string(player.name)), ("total", "\(player.total)"), ("turns", "\(counts.turns)"),
                ("banked_points", "\(counts.bankedPoints)"), ("farkles", "\(counts.farkles)"),
                ("penalties", "\(counts.penalties)"), ("hot_dice", "\(counts.hotDice)"),
                ("decisions", "\(player.decisions)"), ("best_decisions", "\(player.bestDecisions)"),
                ("points_lost", JSONText.number(player.pointsCost)),
                ("win_chance_lost", player.winCost.map(JSONText.number) ?? "null"),
                ("luck", JSONText.number(player.luck)),
            ])
        }
        let decisions = review.decisions.map { decision in
            func values(_ values: GameReview.Values?) -> String {
                guard let values else { return "null" }
                return JSONText.object([
                    ("chosen", JSONText.number(values.chosen)), ("best", JSONText.number(values.best)),
                    ("lost", JSONText.number(values.cost)),
                ])
            }
            return JSONText.object([
                ("action", "\(decision.action + 1)"), ("round", "\(decision.round)"),
                ("player", JSONText.string(names[decision.seat])), ("turn_points", "\(decision.turnPoints)"),
                ("roll", JSONText.inlineArray(decision.roll.faces.map(String.init))),
                ("kept", JSONText.inlineArray(decision.kept.dice.faces.map(String.init))),
                ("then", decision.banked.map { JSONText.string($0 ? "bank" : "roll") } ?? "null"),
                ("best_keep", JSONText.inlineArray(decision.bestKeep.dice.faces.map(String.init))),
                ("best_then", JSONText.string(decision.bestBanks ? "bank" : "roll")),
                ("objective", JSONText.string(Self.objective(decision.objective))),
                ("points", values(decision.points)), ("win", values(decision.win)),
            ])
        }
        return """
            {
              "rules": \(JSONText.string(review.record.rules.name)),
              "result": \(result),
              "round": \(state.round),
              "note": \(note.map(JSONText.string) ?? "null"),
              "players": \(JSONText.array(players, indent: 4)),
              "decisions": \(JSONText.array(decisions, indent: 4))
            }
            """
    }
}
