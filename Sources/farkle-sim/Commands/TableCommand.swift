import FarkleKit
import FarkleReports

/// `farkle-sim table`: the best score of a keep of each size for every roll.
enum TableCommand: Command {
    static let spec = CommandSpec(
        name: "table",
        abstract: "The best score of a keep of each size for every roll.",
        discussion: """
            One row per distinct roll (multiset) of 1 to 6 dice, 923 rows, fewest dice first:
              roll     the sorted faces, as a player writes them: 112355
              best_k   the highest score of a keep of exactly k dice (k = 1...6); 0 where the roll has no
                       keep of k dice, empty where k is more than the dice rolled
            A roll whose best_k are all 0 is a farkle. Six 1s score as six of a kind here.
            """,
        options: [RulesOption.spec, OutputFormat.option([.md, .csv])]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = try arguments.format(allowed: [.md, .csv])
        let rules = try RulesOption.load(arguments)
        let table = ScoringTable(rules: rules)
        let columns = ScoringTable.bestScoreColumns
        let rows = table.bestScoreRows
        switch format {
        case .csv:
            var csv = CSVTable(header: columns)
            for row in rows { csv.append(row) }
            Standard.output(csv.text, terminator: "")
        default:
            var markdown = MarkdownTable(header: columns, alignments: [.left] + Array(repeating: .right, count: 6))
            for row in rows { markdown.append(row) }
            Standard.output(
                "# Best keep of k dice for every roll (rules: \(rules.name))\n\n" + markdown.text, terminator: "")
        }
        return ExitStatus.success
    }
}
