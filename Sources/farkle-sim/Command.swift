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

    /// The rule set named by `--rules`, or `standard`, refused unless a game under it can end.
    ///
    /// - Throws: `UsageError` with the loader's one-line message.
    static func load(_ arguments: ParsedArguments) throws(UsageError) -> RuleSet {
        let source = arguments.value("rules") ?? RuleSet.standard.name
        do {
            let rules = try RuleSet.load(source)
            try BankReachability(table: ScoringTable(rules: rules)).check(source: source)
            return rules
        } catch {
            throw UsageError(error.description, spec: arguments.spec)
        }
    }

    /// Refuses, before any solving, a rule set whose expected-score solver would be too large.
    ///
    /// - Throws: `UsageError` naming the levels and the limit (`ExpectedScoreSolver.maximumLevels`).
    static func checkSolverSize(_ rules: RuleSet, _ arguments: ParsedArguments) throws(UsageError) {
        do {
            try ExpectedScoreSolver.checkSize(
                of: ScoringTable(rules: rules), source: arguments.value("rules") ?? rules.name)
        } catch {
            throw UsageError(error.description, spec: arguments.spec)
        }
    }
}
