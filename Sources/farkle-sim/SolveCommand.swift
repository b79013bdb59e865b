import FarkleKit

/// `farkle-sim solve`: Solves the expected-score optimal turn: expected points and bank thresholds.
enum SolveCommand: Command {
    static let spec = CommandSpec(
        name: "solve",
        abstract: "Solves the expected-score optimal turn: expected points and bank thresholds.",
        options: [RulesOption.spec]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try RulesOption.load(arguments)
        throw RuntimeFailure("'solve' is not implemented yet")
    }
}
