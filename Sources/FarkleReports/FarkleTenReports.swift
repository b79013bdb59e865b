import FarkleKit

// MARK: - Reports on a game of rounds (Farkle Ten): alone, the chance to reach a total, head to head

extension ReportDocument {
    /// The section on a game of rounds: `farkleten.md` and its CSV files and chart.
    ///
    /// CSV files:
    /// - `farkleten-points.csv`: `strategy`, `points_per_round` (exact, alone), `total_mean`,
    ///   `simulated_points_per_round`, `simulated_low`, `simulated_high` (95%), `solo_games`, and
    ///   `reach_<target>` for every target (the exact chance under that strategy alone);
    /// - `farkleten-reach.csv`: `target`, `ev_chance`, `best_chance` (empty where not solved), `states`;
    /// - `farkleten-total.csv`: `total`, `probability`, `cumulative`: the exact solo total under `ev`;
    /// - `farkleten-round-robin.csv`: as `strategies.csv`.
    public static func farkleTen(_ section: FarkleTenSection) -> [ReportDocument] {
        let rounds = section.rounds
        let name = section.rules.name
        let roundsText = rounds == 1 ? "1 round" : "\(rounds) rounds"
        var text = """
            # A game of \(roundsText): alone and head to head (rules: \(name))

            Every player takes exactly \(roundsText); the highest total wins. The bots are Farkle Ten's \
            (`farkleten-easy`, `-medium`, `-hard`); `ev` plays every turn for the most expected points.

            ## Points per round, alone

            Alone, nobody leads or trails, so none of these strategies looks at more than its turn and the rounds \
            left (`farkleten-hard` plays its last two rounds apart), and each round's turn is independent of the \
            others. The points per round and the chances to reach a total are therefore **exact**: a policy \
            evaluation over the turn's states, easy's random keeps and thresholds with their chances, the total the \
            sum of the rounds' turns. The simulated column is a check from \(section.solo.first?.games ?? 0) solo \
            games per strategy (seed \(section.seed &+ 100) and up), with its 95% interval.


            """
        let targets = section.reach.map(\.target)
        var points = MarkdownTable(
            header: ["Strategy", "Points per round (exact)", "Simulated (95% CI)"]
                + targets.map { "Reach \(ChartAxis.grouped(Double($0), decimals: 0))" },
            alignments: [.left] + Array(repeating: .right, count: 2 + targets.count))
        var pointsCSV = CSVTable(
            header: [
                "strategy", "points_per_round", "total_mean", "simulated_points_per_round", "simulated_low",
                "simulated_high", "solo_games",
            ] + targets.map { "reach_\($0)" })
        for solo in section.solo {
            let exact = solo.total.mean / Double(rounds)
            let margin = ProportionEstimate.z95 * solo.simulatedStandardError
            let chances = targets.map { solo.total.probability(ofAtLeast: $0) }
            points.append(
                [
                    "`\(solo.name)`", ChartAxis.grouped(exact, decimals: 2),
                    interval(solo.simulatedPointsPerRound, margin),
                ]
                    + chances.map(percent))
            pointsCSV.append(
                [
                    solo.name, NumberText.exact(exact), NumberText.exact(solo.total.mean),
                    NumberText.exact(solo.simulatedPointsPerRound),
                    NumberText.exact(solo.simulatedPointsPerRound - margin),
                    NumberText.exact(solo.simulatedPointsPerRound + margin), "\(solo.games)",
                ] + chances.map(NumberText.exact))
        }
        text += points.text
        text += "\nThe same at full precision: [farkleten-points.csv](farkleten-points.csv).\n"

        let total = section.evTotal
        // Where a scoreless opening roll costs points a total falls below 0, and one of 0 is no longer all farkles.
        let nothing =
            total.lowestPoints < 0
            ? "a total of 0 or below (scoreless opening rolls cost points) with chance "
                + NumberText.significant(1 - total.probability(ofAtLeast: 1), digits: 3)
            : "a total of 0 (every round a farkle) with chance "
                + NumberText.significant(total.probability(ofBanking: 0), digits: 3)
        text += """

            ## The total of `ev` after \(roundsText), alone

            Exact distribution of the final total ([chart](farkleten-total.svg), \
            [every total](farkleten-total.csv)): mean \(ChartAxis.grouped(total.mean, decimals: 2)), quartiles \
            \(total.quantile(0.25)), \(total.quantile(0.5)) and \(total.quantile(0.75)), \(nothing).

            ## The chance to reach a total in \(roundsText)

            Playing for the most expected points is not the best way to reach a given total: best play for the \
            target (`farkle-sim solve --objective reach:N --rules \(name)`) takes more risk when behind its pace \
            and less when ahead. Both columns are exact.


            """
        var reach = MarkdownTable(
            header: ["Target", "`ev`", "Best play for the target", "Gain (percentage points)", "States solved"],
            alignments: [.right, .right, .right, .right, .right])
        var reachCSV = CSVTable(header: ["target", "ev_chance", "best_chance", "states"])
        for row in section.reach {
            reach.append([
                ChartAxis.grouped(Double(row.target), decimals: 0), percent(row.evChance),
                row.bestChance.map(percent) ?? "-",
                row.bestChance.map { "+" + ChartAxis.grouped(($0 - row.evChance) * 100, decimals: 2) } ?? "-",
                row.bestChance == nil ? "-" : ChartAxis.grouped(Double(row.states), decimals: 0),
            ])
            reachCSV.append([
                "\(row.target)", NumberText.exact(row.evChance), row.bestChance.map(NumberText.exact) ?? "",
                "\(row.states)",
            ])
        }
        text += reach.text
        if let omission = section.reachOmission {
            text += "\nBest play for a target is not solved here: \(omission).\n"
        }

        text += """

            ## Round robin, two players

            Every pair of strategies plays \(section.roundRobin.matchups.first?.games.map(String.init) ?? "no") two-player games of \
            \(roundsText) (seed \(section.seed)), half with each starting. Against an opponent medium and hard \
            react to the score, so these are simulated: the win rate is the first strategy's outright wins over all \
            games (ties counted apart), with a 95% Wilson interval.


            """
        let (robin, robinCSV) = matchupTables(section.roundRobin.matchups)
        text += robin.text
        if let omission = section.winOmission {
            text += "\n`win` is left out of the round robin: \(omission).\n"
        }
        return [
            ReportDocument(
                fileName: "farkleten.md", title: "A game of \(roundsText): bots, ev, reaching a total",
                summary: "Points per round of each Farkle Ten bot and of ev alone (exact), the total of \(roundsText) "
                    + "under ev, the chance to reach \(targets.map(String.init).joined(separator: ", ")) under ev and "
                    + "under best play for the target, and a round robin in two-player games with 95% intervals.",
                contents: text),
            ReportDocument(
                fileName: "farkleten-points.csv", title: "Points per round alone (CSV)",
                summary: "Each strategy's exact points per round and chances to reach the targets alone, and the "
                    + "simulated check with its interval.",
                contents: pointsCSV.text),
            ReportDocument(
                fileName: "farkleten-reach.csv", title: "Chance to reach a total (CSV)",
                summary: "The exact chance to reach each target in \(roundsText) under ev and under best play for it.",
                contents: reachCSV.text),
            totalDistributionCSV(total),
            totalChart(total, rules: section.rules, rounds: rounds),
            ReportDocument(
                fileName: "farkleten-round-robin.csv", title: "Round robin (CSV)",
                summary: "The round robin's raw win, loss and tie counts and the interval bounds.",
                contents: robinCSV.text),
        ]
    }

    /// "512.34 (509.87-514.81)": a mean and its 95% interval from the margin, two decimals.
    private static func interval(_ value: Double, _ margin: Double) -> String {
        "\(ChartAxis.grouped(value, decimals: 2)) (\(ChartAxis.grouped(value - margin, decimals: 2))-"
            + "\(ChartAxis.grouped(value + margin, decimals: 2)))"
    }

    /// "60.10 %": a chance as a percentage, two decimals.
    private static func percent(_ chance: Double) -> String {
        ChartAxis.grouped(chance * 100, decimals: 2) + " %"
    }

    /// Every total of `ev` alone with its exact probability and the running sum.
    private static func totalDistributionCSV(_ total: BankedPointsDistribution) -> ReportDocument {
        return ReportDocument(
            fileName: "farkleten-total.csv", title: "Solo total under ev (CSV)",
            summary: "The exact probability of every final total of ev alone, with the running sum.",
            contents: total.cumulativeTable(pointsHeader: "total").text)
    }

    /// The solo total of `ev` as a histogram of 250-point bins (the next multiple of a larger score step) up to the
    /// 99.9th percentile.
    private static func totalChart(_ total: BankedPointsDistribution, rules: RuleSet, rounds: Int) -> ReportDocument {
        // A bin holds whole score steps: 250 points in steps of 50, 300 in steps of 100.
        let step = total.scoreStep
        let width = (250 + step - 1) / step * step
        let bins = total.histogramBins(width: width, upToQuantile: 0.999)
        let chart = Histogram(
            title: "Final total of \(rounds) rounds alone under ev (rules: \(rules.name))",
            xAxis: ChartAxis(title: "Final total", unit: "points"),
            yAxis: ChartAxis(title: "Share of games", unit: "%", format: .percent(decimals: 1)),
            bins: bins, seriesName: "ev strategy, exact, \(width)-point bins")
        return ReportDocument(
            fileName: "farkleten-total.svg", title: "Solo total under ev (chart)",
            summary: "The exact distribution of ev's final total alone, in \(width)-point bins up to the 99.9th "
                + "percentile.",
            contents: chart.svg)
    }
}
