import Foundation

// Rule files on disk and as `Data`; the reading itself is `RuleSet+JSON.swift`'s, which builds without Foundation.

extension RuleSet {
    /// Loads a preset by name (`standard`) or a JSON rule file by path.
    ///
    /// - Throws: `RuleSetError` naming the file and the key that is wrong; a file larger than
    ///   `maximumFileSize` is refused unread.
    public static func load(_ nameOrPath: String) throws(RuleSetError) -> RuleSet {
        if let preset = presets[nameOrPath] { return preset }
        let names = presets.keys.sorted().joined(separator: ", ")
        guard !nameOrPath.isEmpty else {
            throw RuleSetError(
                source: "", problem: "the rules are an empty path: name a preset (\(names)) or a rule file")
        }
        let url = URL(fileURLWithPath: nameOrPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            // A link that leads nowhere (or round in a loop) is there, unlike a missing file: say which it is.
            var link = stat()
            if lstat(url.path, &link) == 0 {
                throw RuleSetError(
                    source: nameOrPath,
                    problem: "is a symbolic link that leads to no file (a loop, or a missing target)")
            }
            throw RuleSetError(
                source: nameOrPath, problem: "no such rule file, and not a preset (presets: \(names))")
        }
        guard !isDirectory.boolValue else {
            throw RuleSetError(source: nameOrPath, problem: "is a directory, not a rule file")
        }
        // Reading one byte past the limit tells a file that is too large without reading all of it
        // (a device such as /dev/zero has no size to ask for).
        guard let data = BoundedFile.read(atPath: url.path, upTo: maximumFileSize) else {
            throw RuleSetError(source: nameOrPath, problem: "cannot be read as a rule file")
        }
        let defaultName = ruleName(fromFileName: url.deletingPathExtension().lastPathComponent)
        return try RuleSet(json: data, source: nameOrPath, defaultName: defaultName)
    }

    /// Parses a JSON rule set.
    ///
    /// - Parameters:
    ///   - json: The file's bytes.
    ///   - source: How errors name the file.
    ///   - defaultName: The name when the file has no `"name"`.
    /// - Throws: `RuleSetError` for JSON that is not strict RFC 8259 (a trailing comma, a key given twice,
    ///   nesting deeper than a rule file needs), more than `maximumFileSize` bytes, or a wrong rule.
    public init(json: Data, source: String, defaultName: String = "custom") throws(RuleSetError) {
        try self.init(jsonBytes: [UInt8](json), source: source, defaultName: defaultName)
    }
}
