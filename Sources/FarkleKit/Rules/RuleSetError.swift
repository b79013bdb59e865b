/// Why a rule set could not be loaded: one line naming the source, the key and what to fix.
public struct RuleSetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file path or preset name that was being loaded.
    public var source: String
    /// The dotted path of the offending key (`turn.bank_with_dice_left`), or `nil` for the whole file.
    public var key: String?
    /// What is wrong, as a sentence fragment (`must be a whole number of points, not -50`).
    public var problem: String

    /// Creates an error about `key` (or the whole source) of `source`.
    public init(source: String, key: String? = nil, problem: String) {
        self.source = source
        self.key = key
        self.problem = problem
    }

    /// `rules.json: 'turn.minimum_bank' must be 0 or more, not -50`.
    public var description: String {
        if let key { return "\(source): '\(key)' \(problem)" }
        return "\(source): \(problem)"
    }
}
