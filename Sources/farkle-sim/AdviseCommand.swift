import FarkleKit

/// `farkle-sim advise`: Advises on a concrete roll: every keep, its expected value, bank or roll.
enum AdviseCommand: Command {
    static let spec = CommandSpec(
        name: "advise",
        abstract: "Advises on a concrete roll: every keep, its expected value, bank or roll.",
        options: [RulesOption.spec]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try RulesOption.load(arguments)
        throw RuntimeFailure("'advise' is not implemented yet")
    }
}
