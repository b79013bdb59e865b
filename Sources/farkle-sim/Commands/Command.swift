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

    /// `--target`, which every command that plays or solves a game takes beside `--rules` (not `validate`, `odds` or
    /// `table`, which read the scoring alone).
    static let target = OptionSpec(
        name: "target", valueName: "points",
        help: "The target of the race, 1 to 1,000,000 (the stake sets it in kcd).",
        defaultValue: "the rule set's")

    /// The rule set named by `--rules`, or `standard`, with `--target` applied, refused unless a game under it
    /// can end.
    ///
    /// - Throws: `UsageError` with the loader's one-line message, or for a `--target` under a game of rounds.
    static func load(
        _ arguments: ParsedArguments, default preset: String = RuleSet.standard.name
    ) throws(UsageError) -> RuleSet {
        let source = arguments.value("rules") ?? preset
        var rules: RuleSet
        do {
            rules = try RuleSet.load(source)
        } catch {
            throw UsageError(error.description, spec: arguments.spec)
        }
        // Where `--target` replaces the file's target, a refusal below names it beside the file.
        var checked = source
        if arguments.value(target.name) != nil {
            guard rules.game.end.target != nil else {
                throw UsageError(
                    "'--target' needs a race to a target; rules '\(rules.name)' play a fixed number of rounds",
                    spec: arguments.spec)
            }
            let points = try arguments.integer(target.name, in: 1...1_000_000, default: 0)
            rules.game.end = .target(points, finalRound: rules.game.end.hasFinalRound)
            checked = "\(source) with --target \(points)"
        }
        do {
            try BankReachability(table: ScoringTable(rules: rules)).check(source: checked)
        } catch {
            throw UsageError(error.description, spec: arguments.spec)
        }
        return rules
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
