/// Why a rule set could not be loaded: one line naming the source, the key and what to fix.
public struct RuleSetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file path or preset name that was being loaded.
    public var source: String
    /// The dotted path of the offending key (`turn.bank_with_dice_left`), or `nil` for the whole file.
    public var key: String?
    /// What is wrong, as a sentence fragment (`must be a whole number of points, not -50`).
    public var problem: String

    /// Creates an error about `key` (or the whole source) of `source`.
    package init(source: String, key: String? = nil, problem: String) {
        self.source = source
        self.key = key
        self.problem = problem
    }

    /// `rules.json: 'turn.minimum_bank' must be 0 or more, not -50`.
    ///
    /// An empty `source` (no file was named) leaves out the source and its colon.
    public var description: String {
        let prefix = source.isEmpty ? "" : "\(source): "
        if let key { return "\(prefix)'\(key)' \(problem)" }
        return prefix + problem
    }
}
