import FarkleKit
import Foundation

/// `farkle-sim rules`: lists the presets, or prints one as a complete rule file.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "Lists the rule presets, or prints one as a complete JSON rule file.",
        discussion: """
            Without options, prints one line per preset: its name, then what it is and where it comes from.
            Any command's '--rules' takes these names.

            With '--show NAME', prints that preset as a JSON rule file with every key, the starting point for
            house rules: save it, edit it, and pass the file's path to '--rules'. Read back, the file is exactly
            the preset.
            """,
        options: [
            OptionSpec(
                name: "show", valueName: "name",
                help: "The preset to print as a rule file (\(RulePreset.all.map(\.name).joined(separator: ", "))).")
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if let name = arguments.value("show") {
            guard let preset = RulePreset.all.first(where: { $0.name == name }) else {
                let names = RulePreset.all.map(\.name).joined(separator: ", ")
                throw UsageError("'--show' must name a preset (\(names)), not '\(name)'", spec: spec)
            }
            Standard.output(preset.rules.jsonText, terminator: "")
            return ExitStatus.success
        }
        let width = RulePreset.all.map(\.name.count).max() ?? 0
        for preset in RulePreset.all {
            Standard.output(preset.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + preset.summary)
        }
        return ExitStatus.success
    }
}
