import FarkleKit

/// `farkle-sim validate`: Checks the scoring table against a brute-force reference scorer on every roll of 1 to 6 dice.
enum ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Checks the scoring table against a brute-force reference scorer on every roll of 1 to 6 dice.",
        options: [RulesOption.spec]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try RulesOption.load(arguments)
        throw RuntimeFailure("'validate' is not implemented yet")
    }
}
