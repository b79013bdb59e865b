/// Why a game record cannot be read or replayed: one line naming the file, where and what to fix.
public struct GameRecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file being read, or empty for a record built in code.
    public var source: String
    /// What is wrong (`action 12 (bank): 300 is below the entry minimum of 500`).
    public var problem: String

    /// An error about `source`.
    package init(source: String = "", problem: String) {
        self.source = source
        self.problem = problem
    }

    /// `game.json: action 12 (bank): 300 is below the entry minimum of 500`; without a source, the problem.
    public var description: String {
        source.isEmpty ? problem : "\(source): \(problem)"
    }
}
