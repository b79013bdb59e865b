import Foundation

/// What a command accepts and how its help reads, in the style of swift-argument-parser.
struct CommandSpec: Sendable {
    /// The subcommand's name (`validate`), or empty for the default command.
    var name: String
    /// One line for the overview and the parent's subcommand list.
    var abstract: String
    /// Longer text after the overview, or empty.
    var discussion: String = ""
    /// The options, in the order the help lists them.
    var options: [OptionSpec]
    /// The words one of which may come first, before the options (`cache list`), or none.
    var actions: [String] = []
    /// The one argument that is not an option (`review GAME`), required where given: its placeholder and help.
    var argument: (name: String, help: String)?

    /// `farkle-sim validate`.
    var commandLine: String {
        name.isEmpty ? ToolInfo.name : "\(ToolInfo.name) \(name)"
    }

    /// The one-line usage: `farkle-sim validate [--rules <rules>] [--format <format>]`.
    var usage: String {
        let parts = options.map { option -> String in
            let body = option.valueName.map { "--\(option.name) <\($0)>" } ?? "--\(option.name)"
            let repeated = option.isRepeatable ? " ..." : ""
            return option.isRequired ? body + repeated : "[\(body)]\(repeated)"
        }
        let action = actions.isEmpty ? [] : [actions.joined(separator: "|")]
        let argument = self.argument.map { ["<\($0.name)>"] } ?? []
        return ([commandLine] + action + argument + parts).joined(separator: " ")
    }

    /// The full `--help` text.
    func helpText(subcommands: [CommandSpec] = []) -> String {
        var lines = ["OVERVIEW: \(abstract)", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if let argument { lines += ["ARGUMENTS:", Self.column("<\(argument.name)>", argument.help), ""] }
        lines.append("OPTIONS:")
        for option in options {
            let label = option.valueName.map { "--\(option.name) <\($0)>" } ?? "--\(option.name)"
            var help = option.help
            if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
            lines.append(Self.column(label, help))
        }
        if name.isEmpty { lines.append(Self.column("--version", "Show the version.")) }
        lines.append(Self.column("-h, --help", "Show help information."))
        if !subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            for subcommand in subcommands { lines.append(Self.column(subcommand.name, subcommand.abstract)) }
            lines += ["", "  See '\(ToolInfo.name) help <subcommand>' for detailed help."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func column(_ label: String, _ help: String) -> String {
        let indent = "  "
        let width = 26
        if label.count + indent.count < width {
            return indent + label.padding(toLength: width - indent.count, withPad: " ", startingAt: 0) + help
        }
        return indent + label + "\n" + String(repeating: " ", count: width) + help
    }
}

/// One `--name [value]` option of a command.
struct OptionSpec: Sendable {
    /// The name without dashes (`rules`).
    var name: String
    /// The placeholder for its value (`rules`), or `nil` for a flag.
    var valueName: String?
    /// What it does, one sentence.
    var help: String
    /// What applies when it is not given, as shown in the help.
    var defaultValue: String? = nil
    /// Whether it may be given more than once.
    var isRepeatable = false
    /// Whether it must be given.
    var isRequired = false

    /// A flag: `--quiet`.
    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }
}
