/// A policy file that could not be written or read; its description is one line naming the path and the reason.
public struct WinPolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// Why, in a few words.
    public let reason: String

    /// "cannot use the policy file 'x.policy': it was solved for rules 'zilch', not for rules 'standard'".
    public var description: String {
        "policy file '\(path)': \(reason)"
    }
}
