@_spi(Kernels) import FarkleKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Games solved to win, kept as policy files (`WinPolicyFile`) in the user's cache directory so that a game is
/// solved once: `$XDG_CACHE_HOME/farkle-sim`, else `~/.cache/farkle-sim` (created with mode 0700, with its parent
/// if missing, but never a home directory that does not exist).
///
/// An entry is named by a key of everything its values depend on: the rule set's canonical JSON without its
/// name (target, players and penalty included), the policy file's format version, the solver and, under a
/// three-farkle penalty, the floor on negative totals. An entry is never trusted: it is read as a policy file
/// (its checksum, and the rules it was solved for, checked), and one that is corrupt, truncated or solved for
/// other rules is solved again and replaced. Entries are written whole (a temporary file in the same directory,
/// renamed), so processes solving the same game at once both finish and leave one complete entry. A cache that
/// cannot be written is no error: the game is solved and not kept.
///
/// Every game a win solver solves whole is kept: races to a target (`WinProbabilitySolver`, `PenaltyWinSolver`),
/// games of fixed rounds (`RoundsWinSolver`), races between two dice sets (`LoadedWinSolver`, keyed by the dice
/// too: each kind's face weights and count, in seat order) and races of three players (`ThreePlayerWinSolver`).
/// Beside them the exact odds of strategies that take seconds to work out (`exactOdds(strategies:dice:context:
/// threads:progress:)`: a seat playing `win`, three seats, or a three-farkle penalty) are kept as `odds-` entries,
/// a few lines of text with a checksum (`OddsEntry`).
///
/// ```swift
/// let cache = SolvedGameCache.user
/// let game = try cache.solveGame(for: ScoringTable(rules: .standard))  // minutes the first time, then at once
/// ```
public struct SolvedGameCache: Sendable {
    /// The directory of the entries, or `nil` when nothing is cached (`--no-cache`, or no home directory).
    public let directory: URL?

    /// A cache in `directory`, or none for `nil`.
    public init(directory: URL?) {
        self.directory = directory
    }

    /// No cache: every game is solved and nothing is written.
    public static let disabled = SolvedGameCache(directory: nil)

    /// The cache in the user's cache directory (`userDirectory(environment:)` of this process's environment).
    public static var user: SolvedGameCache {
        SolvedGameCache(directory: userDirectory())
    }

    /// The user's cache directory: `$XDG_CACHE_HOME/farkle-sim` when that variable is an absolute path, else
    /// `$HOME/.cache/farkle-sim`; `nil` without either.
    public static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("farkle-sim", isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
            ".cache/farkle-sim", isDirectory: true)
    }

    // MARK: - Solving through the cache

    /// The game of `table` solved to win by the solver that covers it (`Advisor.solveGame(for:threads:progress:)`):
    /// read from the cache, or solved on `threads` threads and kept. `progress` follows a race's solve (the share
    /// of its pairs of totals done, or of a three-player race's sets of totals) or a game of rounds' (its turns),
    /// `sweeps` one under a three-farkle penalty (the sweeps done and the last one's largest change), whose lowest
    /// total is `floor` (`nil`: the default).
    ///
    /// - Throws: `NotCovered` where no solver covers the rules.
    public func solveGame(
        for table: ScoringTable, floor: Int? = nil, threads: Int = 2, progress: ((Double) -> Void)? = nil,
        sweeps: ((_ sweeps: Int, _ change: Double) -> Void)? = nil
    ) throws(NotCovered) -> any SolvedWinGame {
        let rules = table.rules
        if let solution = cachedGame(rules: rules, floor: floor) { return solution }
        do {
            let solution = try table.solveToWin(threads: threads, floor: floor, progress: progress, sweeps: sweeps)
            store(solution.policyFileBytes, as: Key(game: rules, floor: floor))
            return solution
        } catch {
            throw NotCovered(error.description)
        }
    }

    /// The game of `rules` solved to win as the cache holds it, with the lowest total `floor` under a three-farkle
    /// penalty (`nil`: the default floor), or `nil` (no entry, or one not to be trusted).
    public func cachedGame(rules: RuleSet, floor: Int? = nil) -> (any SolvedWinGame)? {
        let key = Key(game: rules, floor: floor)
        let solution = read(key) { bytes throws(WinPolicyError) in
            try Advisor.readGame(policyFileBytes: bytes, rules: rules)
        }
        // An entry solved with another floor (a file renamed by hand) is not the game asked for.
        if let penalty = solution as? PenaltyWinSolver, penalty.floor != key.floor { return nil }
        return solution
    }

    /// The race between the dice of `outcomes` (two, player 0 first, on one scoring table) solved to win: read from
    /// the cache, or solved whole on `threads` threads (telling `progress` the share of its pairs of totals done, as
    /// `LoadedWinSolver.init(outcomes:threads:lowestTotals:progress:)` does) and kept.
    ///
    /// - Precondition: as for `LoadedWinSolver.init(outcomes:threads:lowestTotals:progress:)`.
    package func diceSetGame(
        outcomes: [DiceSetOutcomes], threads: Int = 2, progress: ((Double) -> Void)? = nil
    ) -> LoadedWinSolver {
        if let solution = cachedDiceSetGame(outcomes: outcomes) { return solution }
        let solution = LoadedWinSolver(outcomes: outcomes, threads: threads, progress: progress)
        store(solution.policyFileBytes, as: Key(diceSets: outcomes))
        return solution
    }

    /// The race between the dice of `outcomes` solved to win as the cache holds it, or `nil` (no entry, or one not
    /// to be trusted).
    package func cachedDiceSetGame(outcomes: [DiceSetOutcomes]) -> LoadedWinSolver? {
        read(Key(diceSets: outcomes)) { bytes throws(WinPolicyError) in
            try LoadedWinSolver(policyFileBytes: bytes, outcomes: outcomes)
        }
    }

    /// What an entry's name is made of.
    struct Key {
        /// The name of its file.
        let fileName: String
        /// The lowest total of a race under a three-farkle penalty, else `nil`.
        let floor: Int?

        /// The key of the game of `rules` solved to win by the solver of its family (`WinGameKind`), with the lowest
        /// total `floor` under a three-farkle penalty (`nil`: the default floor; other families have none).
        init(game rules: RuleSet, floor: Int?) {
            let kind = WinGameKind(rules)
            let lowest: Int? =
                switch kind {
                case .penaltyRace:
                    floor ?? PenaltyWinSolver.defaultFloor(rules: rules)
                case .race, .rounds, .threePlayerRace: nil
                }
            // The solvers' names in a key are those entries were first written with, so that they are still found.
            let solver =
                switch kind {
                case .race: "race"
                case .penaltyRace: "penalty"
                case .rounds: "rounds"
                case .threePlayerRace: "three players"
                }
            self.init(solver: solver, version: kind.policyFormatVersion, floor: lowest, rules: rules)
        }

        /// The key of the race between the dice of `outcomes` (`LoadedWinSolver`): the rules and each seat's kinds
        /// of dice (face weights and count; names do not change a roll).
        init(diceSets outcomes: [DiceSetOutcomes]) {
            let dice = outcomes.map { Self.kinds(of: $0.set) }
            self.init(
                solver: "dice sets \(dice.joined(separator: " | "))", version: WinPolicyFile.diceSetsFormatVersion,
                floor: nil, rules: outcomes[0].table.rules)
        }

        /// The kinds of dice of `set` as a key names them: each kind's count and face weights ("2x1,1,1,1,1,1"); names
        /// do not change a roll.
        static func kinds(of set: DiceSet) -> String {
            set.kinds.map { "\($0.count)x" + $0.weights.map(String.init).joined(separator: ",") }.joined(separator: " ")
        }

        /// Raised whenever a change of the solvers moves any bit of a solved value (2: the rows past the target read
        /// by lead in every race with a final round, last bits within 10⁻¹⁵; 3: every keep of a roll an option in a
        /// game with a final round, where a keep scoring less can be worth more), so that an entry always holds what
        /// this program would solve. The three-player race's loops settled by a mixed play moved its values with its
        /// format (8), which the key holds too, so the revision of the other games' entries stays.
        static let solverRevision = 3

        private init(solver: String, version: UInt32, floor: Int?, rules: RuleSet) {
            let text =
                "farkle-sim solved game\nsolver \(solver)\nformat \(version)\nfloor \(floor.map(String.init) ?? "-")\n"
                + "revision \(Self.solverRevision)\n"
            self.init(kind: .game, text: text, rules: rules, floor: floor)
        }

        /// The key of an entry of `kind` named by the digest of `text` and of `rules` without their name.
        init(kind: EntryKind, text: String, rules: RuleSet, floor: Int? = nil) {
            var unnamed = rules
            unnamed.name = ""
            let hex = String(WinPolicyFile.fnv1a(Array((text + unnamed.jsonText).utf8)), radix: 16)
            self.floor = floor
            fileName = kind.prefix + String(repeating: "0", count: 16 - hex.count) + hex + kind.suffix
        }
    }

    /// What an entry holds: a game solved to win (a policy file), or the exact odds of strategies
    /// (`exactOdds(strategies:dice:context:threads:progress:)`).
    enum EntryKind: CaseIterable {
        case game
        case exactOdds

        /// Every entry's name is the prefix, 16 hexadecimal digits and the suffix of its kind.
        var prefix: String { self == .game ? "win-" : "odds-" }
        var suffix: String { self == .game ? ".policy" : ".odds" }

        /// The kind of the entry named `name` (not of a temporary file), or `nil` for another name.
        init?(name: String) {
            guard let kind = Self.allCases.first(where: { SolvedGameCache.isEntryName(name, of: $0) }) else {
                return nil
            }
            self = kind
        }
    }

    /// Whether `name` is the name of an entry of any kind (or of an entry's temporary file, with `temporary`).
    static func isEntryName(_ name: String, temporary: Bool = false) -> Bool {
        EntryKind.allCases.contains { isEntryName(name, of: $0, temporary: temporary) }
    }

    /// Whether `name` is the name of an entry of `kind` (or of its temporary file, with `temporary`).
    static func isEntryName(_ name: String, of kind: EntryKind, temporary: Bool = false) -> Bool {
        var name = Substring(name)
        if temporary {
            guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
            name = name.dropFirst().dropLast(4)
            // The temporary file's name adds a UUID: ".win-<digits>.policy.<UUID>.tmp".
            guard let dot = name.lastIndex(of: ".") else { return false }
            name = name[..<dot]
        }
        guard name.hasPrefix(kind.prefix), name.hasSuffix(kind.suffix) else { return false }
        let digits = name.dropFirst(kind.prefix.count).dropLast(kind.suffix.count)
        return digits.count == 16 && digits.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The solution in the entry of `key` decoded by `decode`, or `nil` when there is none or it is refused.
    private func read<Solution>(_ key: Key, decode: ([UInt8]) throws(WinPolicyError) -> Solution) -> Solution? {
        guard let directory else { return nil }
        let url = directory.appendingPathComponent(key.fileName)
        // Only a regular file the cache wrote is an entry: a link in its place is not trusted (and is replaced).
        guard Self.isRegularFile(url) else { return nil }
        do {
            try WinPolicyFile.checkFile(at: url)
            return try decode(Array(try Data(contentsOf: url)))
        } catch {
            return nil
        }
    }

    /// Why no entry can be kept, in a few words (`'/x' is a file`), or `nil` where the folders allow it: the cache
    /// makes its folder and its parent where missing, no more, and a file in the way of either, or a folder it
    /// cannot write into, keeps nothing. A full disk is found only on writing.
    package var whyNothingIsKept: String? {
        guard let directory else { return "no cache directory" }
        let parent = directory.deletingLastPathComponent()
        let base = parent.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: base.path) else { return "'\(base.path)' does not exist" }
        // From the base down, the first folder missing is made with those below it, in the last one there.
        var isDirectory: ObjCBool = false
        var deepest = base
        for folder in [base, parent, directory] {
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { break }
            guard isDirectory.boolValue else { return "'\(folder.path)' is a file, not a folder" }
            deepest = folder
        }
        guard FileManager.default.isWritableFile(atPath: deepest.path) else {
            return "'\(deepest.path)' is not writable"
        }
        return nil
    }

    /// The names of entries taken by something that is neither a file nor a link (a folder, a pipe): no game of
    /// that name can be kept until it is removed by hand (`clear()` removes files only).
    package var blockedEntryNames: [String] {
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return []
        }
        return names.filter { name in
            guard Self.isEntryName(name) else { return false }
            var info = stat()
            let path = directory.appendingPathComponent(name).path
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFLNK
        }.sorted()
    }

    /// Writes `bytes` as the entry of `key`, whole or not at all; a cache that cannot be written keeps nothing.
    ///
    /// The directory is made where missing, with its parent (`~/.cache`), but no higher: a home directory that does
    /// not exist is not made for the cache (root may make anything, so the bound is the cache's own).
    func store(_ bytes: [UInt8], as key: Key) {
        guard let directory, whyNothingIsKept == nil else { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // A link in the cache's place is replaced, never written through: the cache writes no file but its own.
            try PendingFile(destination: directory.appendingPathComponent(key.fileName), followingLinks: false)
                .commit(bytes: bytes)
        } catch {
            return
        }
    }

    // MARK: - Listing and clearing

    /// One entry of the cache, as its file's header and metadata give it.
    public struct Entry: Sendable, Hashable {
        /// The file.
        public let url: URL
        /// The name of the rule set it was solved for (the first one solved under those rules), or `nil` when
        /// the header cannot be read.
        public let rulesName: String?
        /// The target of the race, or `nil` when the header cannot be read or the game is one of rounds.
        public let target: Int?
        /// Whether it is the race under a three-farkle penalty.
        public let isPenalty: Bool
        /// Whether it is a game of fixed rounds.
        public let isRounds: Bool
        /// Whether it is a race between two dice sets.
        public let isDiceSets: Bool
        /// Whether it is a race of three players.
        public let isThreePlayers: Bool
        /// For the exact odds of strategies rather than a solved game, the strategies ("win against ev"), else
        /// `nil`.
        public let exactOdds: String?
        /// Whether it ends with the checksum of its contents: false for a truncated, altered or unreadable file,
        /// which is solved again and replaced when next read (not checked, only its header, in entries listed
        /// without `checksums`).
        public let isIntact: Bool
        /// Its size in bytes.
        public let size: Int
        /// When it was written.
        public let modified: Date
    }

    /// The entries, oldest first (none when the directory is missing); a leftover temporary file of an entry
    /// counts as an entry of unknown rules. With `checksums`, each entry's checksum is checked (reading the whole
    /// file, ``Entry/isIntact``); without, an entry with a policy file's header counts as intact.
    ///
    /// - Throws: `ReportFileError` when the directory is there but cannot be listed (not a directory, no
    ///   permission): "0 entries" would then be false.
    public func entries(checksums: Bool = true) throws(ReportFileError) -> [Entry] {
        guard let directory else { return [] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else {
            throw ReportFileError(path: directory.path, reason: "it is a file, not the cache directory")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw ReportFileError(path: directory.path, reason: "the cache directory cannot be read")
        }
        return names.filter { Self.isEntryName($0) || Self.isEntryName($0, temporary: true) }.sorted().compactMap {
            entry(at: directory.appendingPathComponent($0), checksum: checksums)
        }.sorted { $0.modified < $1.modified }
    }

    /// Removes every entry (and temporary file of one) and returns what was removed; files of other names in the
    /// directory stay.
    ///
    /// - Throws: `ReportFileError` naming the first entry that could not be removed (the directory not writable),
    ///   after removing every one it could, or the directory that cannot be listed.
    @discardableResult
    public func clear() throws(ReportFileError) -> [Entry] {
        var removed: [Entry] = []
        var failed: Entry?
        // Removed whole, so their checksums need not be read.
        for entry in try entries(checksums: false) {
            if (try? FileManager.default.removeItem(at: entry.url)) != nil {
                removed.append(entry)
            } else if failed == nil {
                failed = entry
            }
        }
        if let failed {
            throw ReportFileError(
                path: failed.url.path,
                reason: "cannot remove the entry (the directory is not writable?); \(removed.count) removed")
        }
        return removed
    }

    /// Whether `url` is a regular file itself, not a link to one (`lstat`).
    static func isRegularFile(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The entry of the regular file at `url`, its header read when it is a policy file, and with `checksum` its
    /// checksum checked. A symbolic link with an entry's name is an entry of unknown rules, never intact, so that
    /// the listing shows it and `clear()` removes it (the link, not what it points to); other files are none.
    private func entry(at url: URL, checksum: Bool) -> Entry? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
        if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
            return Entry(
                url: url, rulesName: nil, target: nil, isPenalty: false, isRounds: false, isDiceSets: false,
                isThreePlayers: false, exactOdds: nil, isIntact: false, size: size, modified: modified)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        if EntryKind(name: url.lastPathComponent) == .exactOdds {
            let header = OddsEntry.header(of: url)
            return Entry(
                url: url, rulesName: header?.rulesName, target: header?.target, isPenalty: false, isRounds: false,
                isDiceSets: false, isThreePlayers: false, exactOdds: header?.strategies,
                isIntact: header != nil && (!checksum || OddsEntry(contentsOf: url) != nil), size: size,
                modified: modified)
        }
        let header = Self.header(of: url)
        let isRounds = header?.version == WinPolicyFile.roundsFormatVersion
        return Entry(
            url: url, rulesName: header?.name, target: isRounds ? nil : header?.target,
            isPenalty: header?.version == WinPolicyFile.penaltyFormatVersion, isRounds: isRounds,
            isDiceSets: header?.version == WinPolicyFile.diceSetsFormatVersion,
            isThreePlayers: header?.version == WinPolicyFile.threePlayerFormatVersion, exactOdds: nil,
            isIntact: header != nil && (!checksum || WinPolicyFile.hasIntactChecksum(at: url)), size: size,
            modified: modified)
    }

    /// The format version, rule set name and target at the start of the policy file at `url`, or `nil`.
    private static func header(of url: URL) -> (version: UInt32, name: String, target: Int)? {
        // Magic, version, digest, the name's length, a name of at most 1,024 bytes, the target (a FIFO left in the
        // directory reads as empty, never waited on).
        guard let data = BoundedFile.read(atPath: url.path, upTo: 8 + 4 + 8 + 4 + 1_024 + 8 - 1) else { return nil }
        let bytes = Array(data)
        func integer(at offset: Int, size: Int) -> UInt64? {
            guard offset + size <= bytes.count else { return nil }
            return bytes[offset..<(offset + size)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard bytes.starts(with: WinPolicyFile.magic), let version = integer(at: 8, size: 4),
            let length = integer(at: 20, size: 4), length <= 1_024,
            let target = integer(at: 24 + Int(length), size: 8), target <= 1_000_000_000
        else { return nil }
        let name = String(decoding: bytes[24..<(24 + Int(length))], as: UTF8.self)
        return (UInt32(version), name, Int(target))
    }
}
