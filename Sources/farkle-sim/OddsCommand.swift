import FarkleKit

/// `farkle-sim odds`: Farkle odds and mean best score for 1 to 6 dice.
enum OddsCommand: Command {
    static let spec = CommandSpec(
        name: "odds",
        abstract: "Farkle odds and mean best score for 1 to 6 dice.",
        options: [RulesOption.spec]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try RulesOption.load(arguments)
        throw RuntimeFailure("'odds' is not implemented yet")
    }
}
