import FarkleKit

/// `farkle-sim `: Simulates Farkle games between strategies (the default command).
enum SimulateCommand: Command {
    static let spec = CommandSpec(
        name: "",
        abstract: "Simulates Farkle games between strategies (the default command).",
        options: [RulesOption.spec]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try RulesOption.load(arguments)
        throw RuntimeFailure("'' is not implemented yet")
    }
}
