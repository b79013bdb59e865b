import FarkleKit

/// A command of the tool: its spec and what it does with parsed arguments.
protocol Command: SendableMetatype {
    /// Name, help text and options.
    static var spec: CommandSpec { get }
    /// Runs the command, printing results on stdout; returns the exit status.
    ///
    /// - Throws: `UsageError` (exit 64) or `RuntimeFailure` (exit 1).
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

/// The `--rules` option every command shares.
enum RulesOption {
    static let spec = OptionSpec(
        name: "rules", valueName: "rules",
        help: "A preset (\(RuleSet.presets.keys.sorted().joined(separator: ", "))) or a JSON rule file.",
        defaultValue: RuleSet.standard.name)

    /// The rule set named by `--rules`, or `standard`.
    ///
    /// - Throws: `UsageError` with the loader's one-line message.
    static func load(_ arguments: ParsedArguments) throws(UsageError) -> RuleSet {
        do {
            return try RuleSet.load(arguments.value("rules") ?? RuleSet.standard.name)
        } catch {
            throw UsageError(error.description, spec: arguments.spec)
        }
    }
}
