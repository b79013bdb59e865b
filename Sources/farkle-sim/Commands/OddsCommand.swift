import FarkleKit
import FarkleReports

/// `farkle-sim odds`: farkle odds and mean best score for 1 to the game's number of dice.
enum OddsCommand: Command {
    static let spec = CommandSpec(
        name: "odds",
        abstract: "Farkle odds and mean best score for 1 to the game's number of dice (6, or 5 in five-thousand).",
        discussion: """
            Exact, over all 6^n equally likely ordered rolls of n = 1 to the dice the rules play (turn.dice). One row
            per n:
              dice            the number of dice rolled
              rolls           6^n, the ordered rolls
              farkles         the rolls that allow no keep
              p_farkle        farkles / rolls
              mean_max_score  the mean of the best keep's score over all rolls, a farkle counting 0
            The six-dice farkle bonus of an opening roll is not counted (it is not a keep). Probabilities and
            means print at full precision in CSV and JSON, with 12 significant digits in Markdown.
            """,
        options: [RulesOption.spec, OutputFormat.option()]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = try arguments.format(allowed: OutputFormat.allCases)
        let rules = try RulesOption.load(arguments)
        let odds = ScoringOdds(table: ScoringTable(rules: rules))
        let columns = ScoringOdds.columns
        let rows = odds.textRows(number: NumberText.exact)
        switch format {
        case .md:
            var table = MarkdownTable(header: columns)
            for row in odds.textRows() { table.append(row) }
            Standard.output("# Odds of one roll (rules: \(odds.rules))\n\n" + table.text, terminator: "")
        case .csv:
            var table = CSVTable(header: columns)
            for row in rows { table.append(row) }
            Standard.output(table.text, terminator: "")
        case .json:
            let objects = rows.map { row in JSONText.object(Array(zip(columns, row)).map { ($0, $1) }) }
            Standard.output(
                "{\n  \"rules\": \(JSONText.string(odds.rules)),\n  \"odds\": \(JSONText.array(objects, indent: 4))\n}")
        }
        return ExitStatus.success
    }
}
