/// The tool's name and version, as `--version` prints them.
enum ToolInfo {
    static let name = "farkle-sim"
    static let version = "0.1.0"
}
