import FarkleKit

/// `farkle-sim report`: Writes every report for a rule set (Markdown, CSV, SVG charts).
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Writes every report for a rule set (Markdown, CSV, SVG charts).",
        options: [RulesOption.spec]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try RulesOption.load(arguments)
        throw RuntimeFailure("'report' is not implemented yet")
    }
}
