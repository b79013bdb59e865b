import FarkleKit

// MARK: - Reports on simulated games between strategies

extension ReportDocument {
    /// "0.5123 (0.5079-0.5167)": a share and its 95% interval, four decimals; an exact chance alone.
    static func rateWithInterval(_ rate: StrategyComparison.Rate) -> String {
        guard let interval = rate.interval else { return fixed(rate.value) }
        return "\(fixed(rate.value)) (\(fixed(interval.lowerBound))-\(fixed(interval.upperBound)))"
    }

    /// `value` with four decimals.
    static func fixed(_ value: Double) -> String {
        ChartAxis.grouped(value, decimals: 4)
    }

    /// How the matchups were found, one sentence: "Exact odds ..." or "N games per matchup ...".
    static func matchupMethod(_ comparison: StrategyComparison, seed: UInt64) -> String {
        if comparison.isExact {
            return "Exact odds, no games played: every roll is weighed at every pair of totals, once with each "
                + "strategy starting, and the two seatings count equally (as `farkle-sim evaluate` gives them), so "
                + "the first player's advantage cancels out."
        }
        let method =
            "\(comparison.matchups.first?.games ?? 0) simulated games per matchup, seed \(seed), half with each "
            + "strategy starting, so the first player's advantage cancels out; each share comes with its 95% Wilson "
            + "interval."
        // A game that outlasts the turn limit counts in the games but in no share: say so, or the shares look wrong.
        let unfinished = comparison.matchups.reduce(0) { $0 + $1.unfinishedGames }
        guard unfinished > 0 else { return method }
        return method + " \(unfinished) of the games stopped unfinished after "
            + "\(GameSimulation<BuiltInStrategy>.maximumRounds) rounds and count as no one's win or tie."
    }

    /// The head-to-head comparison as Markdown and CSV.
    ///
    /// CSV columns as in `matchupTables(_:)`.
    public static func strategyComparison(_ comparison: StrategyComparison, rules: RuleSet, seed: UInt64)
        -> [ReportDocument]
    {
        let (markdown, csv) = matchupTables(comparison.matchups)
        let length: String
        switch rules.game.end {
        case .target(let target, _): length = "to \(target)"
        case .rounds(let rounds): length = rounds == 1 ? "of 1 round" : "of \(rounds) rounds"
        }
        let reading =
            comparison.isExact
            ? "above 0.5, the first strategy is the better one."
            : "above 0.5 with the whole interval, the first strategy is the better one."
        var text = """
            # Strategies head to head (rules: \(rules.name))

            Two-player games \(length). \(matchupMethod(comparison, seed: seed)) The win rate is the first \
            strategy's chance to win outright (ties are counted apart): \(reading)


            """
        text += markdown.text
        let mirrors = comparison.matchups.filter { $0.first == $0.second }
        if !mirrors.isEmpty {
            text += "\nWhen a strategy plays itself, the column shows nothing new; what matters is who starts:\n\n"
            for mirror in mirrors {
                text +=
                    "- `\(mirror.first)` against itself: the starting player wins "
                    + "\(rateWithInterval(mirror.starterWinRate)) of games.\n"
            }
        }
        let how = comparison.isExact ? "exact two-player odds" : "simulated two-player games"
        return [
            ReportDocument(
                fileName: "strategies.md", title: "Strategies head to head",
                summary: "Win rates of each strategy against each other in \(how), seats rotated"
                    + (comparison.isExact ? "" : ", with 95% confidence intervals")
                    + "; a strategy against itself shows the first player's edge.",
                contents: text),
            ReportDocument(
                fileName: "strategies.csv", title: "Strategies head to head (CSV)",
                summary: "The same matchups in full precision: each strategy's chance to win, the tie, the starter's "
                    + (comparison.isExact ? "chance." : "share, and the games and interval bounds."),
                contents: csv.text),
        ]
    }

    /// The matchups as a Markdown table and a CSV table.
    ///
    /// CSV columns: `first`, `second`, `games` (empty where exact), `first_win_rate`, `first_win_rate_low`,
    /// `first_win_rate_high` (Wilson 95%; the rate itself where exact), `second_win_rate`, `tie_rate`,
    /// `starter_win_rate`.
    static func matchupTables(_ matchups: [StrategyComparison.Matchup]) -> (markdown: MarkdownTable, csv: CSVTable) {
        var csv = CSVTable(header: [
            "first", "second", "games", "first_win_rate", "first_win_rate_low", "first_win_rate_high",
            "second_win_rate", "tie_rate", "starter_win_rate",
        ])
        let exact = matchups.allSatisfy { $0.games == nil }
        var markdown = MarkdownTable(
            header: ["First", "Second"]
                + (exact
                    ? ["First wins", "Second wins", "Ties", "Starter wins"]
                    : ["Games", "First wins", "Second wins", "Ties", "First's win rate (95% CI)"]),
            alignments: [.left, .left] + Array(repeating: .right, count: exact ? 4 : 5))
        for matchup in matchups {
            let rate = matchup.firstWinRate
            let interval = rate.interval ?? rate.value...rate.value
            csv.append([
                matchup.first, matchup.second, matchup.games.map(String.init) ?? "", NumberText.exact(rate.value),
                NumberText.exact(interval.lowerBound), NumberText.exact(interval.upperBound),
                NumberText.exact(matchup.secondWinRate.value), NumberText.exact(matchup.tieRate.value),
                NumberText.exact(matchup.starterWinRate.value),
            ])
            let names = ["`\(matchup.first)`", "`\(matchup.second)`"]
            if let games = matchup.games {
                func count(_ rate: StrategyComparison.Rate) -> String {
                    guard case .sampled(let estimate) = rate else { return fixed(rate.value) }
                    return "\(estimate.successes)"
                }
                markdown.append(
                    names + [
                        "\(games)", count(rate), count(matchup.secondWinRate), count(matchup.tieRate),
                        rateWithInterval(rate),
                    ])
            } else {
                markdown.append(
                    names
                        + [rate, matchup.secondWinRate, matchup.tieRate, matchup.starterWinRate].map { fixed($0.value) }
                )
            }
        }
        return (markdown, csv)
    }

    /// The win rate of `threshold:T1,T2` against an opponent as T2 varies, as an SVG line chart (with error bars
    /// where the matchups are simulated).
    ///
    /// - Parameters:
    ///   - comparison: one matchup per threshold, the threshold strategy first.
    ///   - twoDiceThresholds: the T2 of each matchup, in the same order.
    ///   - opponent: the opponent's name, for the title.
    public static func thresholdChart(
        _ comparison: StrategyComparison, twoDiceThresholds: [Int], opponent: String, oneDieThreshold: Int,
        rules: RuleSet
    ) -> ReportDocument {
        let points = zip(twoDiceThresholds, comparison.matchups).map { threshold, matchup in
            let rate = matchup.firstWinRate
            return LineChart.Point(
                x: Double(threshold), y: rate.value, errorLow: rate.interval?.lowerBound,
                errorHigh: rate.interval?.upperBound)
        }
        let chart = LineChart(
            title: "Banking with 2 dice: win rate against \(opponent) (rules: \(rules.name))",
            xAxis: ChartAxis(title: "Bank with 2 dice left from", unit: "turn points"),
            yAxis: ChartAxis(title: "Win rate against \(opponent)", unit: "%", format: .percent(decimals: 0)),
            series: [
                LineChart.Series(
                    name: "threshold:\(oneDieThreshold),T2"
                        + (comparison.isExact ? ", exact odds" : ", 95% intervals"), points: points)
            ],
            showsMarkers: true, guides: [0.5])
        return ReportDocument(
            fileName: "two-dice-threshold.svg", title: "2-dice bank threshold (chart)",
            summary: "Each dot is a simple strategy that banks with 1 die from \(oneDieThreshold) and with 2 dice from "
                + "the points on the horizontal axis, playing `\(opponent)`; the peak is the best threshold, and the "
                + "dashed line is an even game.",
            contents: chart.svg)
    }
}
