import FarkleKit

/// `farkle-sim table`: The best score of a keep of each size for every roll.
enum TableCommand: Command {
    static let spec = CommandSpec(
        name: "table",
        abstract: "The best score of a keep of each size for every roll.",
        options: [RulesOption.spec]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try RulesOption.load(arguments)
        throw RuntimeFailure("'table' is not implemented yet")
    }
}
