/// How a command prints its results on stdout.
enum OutputFormat: String, CaseIterable {
    case md
    case csv
    case json

    /// The `--format` option, offering `formats`.
    static func option(_ formats: [OutputFormat] = allCases, default defaultFormat: OutputFormat = .md) -> OptionSpec {
        OptionSpec(
            name: "format", valueName: "format",
            help: "Output format: \(formats.map(\.rawValue).joined(separator: ", ")).",
            defaultValue: defaultFormat.rawValue)
    }
}
