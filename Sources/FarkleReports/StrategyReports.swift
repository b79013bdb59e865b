import FarkleKit

// MARK: - Reports on simulated games between strategies

extension ReportDocument {
    /// "0.5123 (0.5079-0.5167)": a share and its 95% interval, four decimals.
    static func rateWithInterval(_ estimate: ProportionEstimate) -> String {
        let interval = estimate.wilsonInterval()
        return "\(fixed(estimate.value)) (\(fixed(interval.lowerBound))-\(fixed(interval.upperBound)))"
    }

    /// `value` with four decimals.
    static func fixed(_ value: Double) -> String {
        ChartAxis.grouped(value, decimals: 4)
    }

    /// The head-to-head comparison as Markdown and CSV.
    ///
    /// CSV columns: `first`, `second`, `games`, `first_wins`, `second_wins`, `ties`, `first_win_rate`,
    /// `first_win_rate_low`, `first_win_rate_high` (Wilson 95%), `starter_win_rate`.
    public static func strategyComparison(_ comparison: StrategyComparison, rules: RuleSet, seed: UInt64)
        -> [ReportDocument]
    {
        let (markdown, csv) = matchupTables(comparison.matchups)
        let length: String
        switch rules.game.end {
        case .target(let target, _): length = "to \(target)"
        case .rounds(let rounds): length = rounds == 1 ? "of 1 round" : "of \(rounds) rounds"
        }
        var text = """
            # Strategies head to head (rules: \(rules.name))

            Two-player games \(length), seed \(seed). Each matchup plays half its games with each \
            strategy starting, so the first player's advantage cancels out. The win rate is the first strategy's \
            outright wins over all games (ties are counted apart), with a 95% Wilson interval: above 0.5 with the \
            whole interval, the first strategy is the better one.


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
        return [
            ReportDocument(
                fileName: "strategies.md", title: "Strategies head to head",
                summary: "Win rates of each strategy against each other in simulated two-player games, seats "
                    + "rotated, with 95% confidence intervals; a strategy against itself shows the first player's edge.",
                contents: text),
            ReportDocument(
                fileName: "strategies.csv", title: "Strategies head to head (CSV)",
                summary: "The same games with raw win, loss and tie counts and the interval bounds.",
                contents: csv.text),
        ]
    }

    /// The matchups as a Markdown table (win rates with their intervals) and a CSV table (raw counts, bounds).
    ///
    /// CSV columns as in `strategyComparison(_:rules:seed:)`.
    static func matchupTables(_ matchups: [StrategyComparison.Matchup]) -> (markdown: MarkdownTable, csv: CSVTable) {
        var csv = CSVTable(header: [
            "first", "second", "games", "first_wins", "second_wins", "ties", "first_win_rate", "first_win_rate_low",
            "first_win_rate_high", "starter_win_rate",
        ])
        var markdown = MarkdownTable(
            header: ["First", "Second", "Games", "First wins", "Second wins", "Ties", "First's win rate (95% CI)"],
            alignments: [.left, .left, .right, .right, .right, .right, .right])
        for matchup in matchups {
            let rate = matchup.firstWinRate
            let interval = rate.wilsonInterval()
            csv.append([
                matchup.first, matchup.second, "\(matchup.games)", "\(matchup.firstWins)", "\(matchup.secondWins)",
                "\(matchup.ties)", NumberText.exact(rate.value), NumberText.exact(interval.lowerBound),
                NumberText.exact(interval.upperBound), NumberText.exact(matchup.starterWinRate.value),
            ])
            markdown.append([
                "`\(matchup.first)`", "`\(matchup.second)`", "\(matchup.games)", "\(matchup.firstWins)",
                "\(matchup.secondWins)", "\(matchup.ties)", rateWithInterval(rate),
            ])
        }
        return (markdown, csv)
    }

    /// The win rate of `threshold:T1,T2` against an opponent as T2 varies, as an SVG line chart with error bars.
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
            let interval = rate.wilsonInterval()
            return LineChart.Point(
                x: Double(threshold), y: rate.value, errorLow: interval.lowerBound, errorHigh: interval.upperBound)
        }
        let chart = LineChart(
            title: "Banking with 2 dice: win rate against \(opponent) (rules: \(rules.name))",
            xAxis: ChartAxis(title: "Bank with 2 dice left from", unit: "turn points"),
            yAxis: ChartAxis(title: "Win rate against \(opponent)", unit: "%", format: .percent(decimals: 0)),
            series: [
                LineChart.Series(name: "threshold:\(oneDieThreshold),T2, 95% intervals", points: points)
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
