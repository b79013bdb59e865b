import FarkleKit
import Foundation

extension SolvedGameCache {
    /// The exact odds of `strategies` (each seat carrying its `dice`; empty: six ordinary dice at every seat) under
    /// the rules of `context`: read from the cache, or worked out (`ExactOdds.init(strategies:dice:context:threads:
    /// progress:)`, `progress` told as it goes) and kept, so that the same question answers at once the next time.
    ///
    /// An entry is named by a digest of everything the odds depend on: the rules' content, the strategies in seat
    /// order, each seat's kinds of dice (face weights and count), the solvers' revision (`win` plays the game this
    /// program solves) and the evaluation's (`oddsRevision`). It holds every figure bit for bit and a checksum; one
    /// that is damaged, truncated or not an entry of these odds is worked out again and replaced. Pass a cache only
    /// where every `win` seat plays the game this program would solve (the game in `context`, from the cache or
    /// solved): where it plays a policy file of the user's, pass `.disabled`.
    ///
    /// - Throws: `NotCovered` as the evaluation does.
    public func exactOdds(
        strategies: [StrategySpec], dice: [DiceSet] = [], context: inout StrategyContext, threads: Int = 2,
        progress: @Sendable (Double) -> Void = { _ in }
    ) throws(NotCovered) -> ExactOdds {
        if let odds = cachedExactOdds(strategies: strategies, dice: dice, rules: context.rules) { return odds }
        let odds = try ExactOdds(
            strategies: strategies, dice: dice, context: &context, threads: threads, progress: progress)
        if Self.keepsOdds(of: strategies, rules: context.rules) {
            let key = Self.oddsKey(strategies, odds.dice, context.rules)
            store(OddsEntry(odds, rules: context.rules, key: key.fileName).bytes, as: key)
        }
        return odds
    }

    /// Whether the odds of `strategies` under `rules` are kept: only those that take seconds or more to work out, where
    /// a seat plays `win`, three seats play, or a farkle that costs points (a penalty, a scoreless opening roll's
    /// cost) makes the states sweep until they settle
    /// (others take a fraction of a second, and would only crowd the cache).
    package static func keepsOdds(of strategies: [StrategySpec], rules: RuleSet) -> Bool {
        strategies.contains(.win) || strategies.count == 3 || ExactOdds.sweepsUntilSettled(rules)
    }

    /// The exact odds of `strategies` with `dice` (empty: six ordinary dice at every seat) under `rules` as the
    /// cache holds them, or `nil` (no entry, or one not to be trusted).
    public func cachedExactOdds(strategies: [StrategySpec], dice: [DiceSet] = [], rules: RuleSet) -> ExactOdds? {
        let dice = dice.isEmpty ? Array(repeating: DiceSet.ordinary, count: strategies.count) : dice
        return cachedOdds(Self.oddsKey(strategies, dice, rules), strategies: strategies, dice: dice)
    }

    /// The exact odds of two `strategies` on six ordinary dice each, once with each starting
    /// (`ExactOdds.eachStarting(strategies:dice:context:threads:progress:)`): the two seatings read from the cache, or worked out in one pass and kept, as
    /// `exactOdds(strategies:dice:context:threads:progress:)` keeps one.
    ///
    /// - Throws: `NotCovered` as the evaluation does.
    package func exactOddsEachStarting(
        strategies: [StrategySpec], context: inout StrategyContext, threads: Int = 2,
        progress: @Sendable (Double) -> Void = { _ in }
    ) throws(NotCovered) -> [ExactOdds] {
        let dice = Array(repeating: DiceSet.ordinary, count: strategies.count)
        let seatings = [strategies, strategies.reversed()]
        let keys = seatings.map { Self.oddsKey($0, dice, context.rules) }
        let cached = zip(seatings, keys).compactMap { cachedOdds($1, strategies: $0, dice: dice) }
        if cached.count == 2 { return cached }
        let odds = try ExactOdds.eachStarting(
            strategies: strategies, context: &context, threads: threads, progress: progress)
        if Self.keepsOdds(of: strategies, rules: context.rules) {
            for (seating, key) in zip(odds, keys) {
                store(OddsEntry(seating, rules: context.rules, key: key.fileName).bytes, as: key)
            }
        }
        return odds
    }

    /// Raised whenever a change of the exact odds moves any bit of a figure, so that an entry always holds what this
    /// program would work out.
    static let oddsRevision = 1

    /// The key of the odds of `strategies` with `dice` (one set per seat) under `rules`.
    static func oddsKey(_ strategies: [StrategySpec], _ dice: [DiceSet], _ rules: RuleSet) -> Key {
        let seats = dice.map(Key.kinds(of:))
        let text =
            "farkle-sim exact odds\nrevision \(oddsRevision)\nsolver revision \(Key.solverRevision)\n"
            + "strategies \(strategies.map(\.description).joined(separator: " | "))\n"
            + "dice \(seats.joined(separator: " | "))\n"
        return Key(kind: .exactOdds, text: text, rules: rules)
    }

    /// The odds in the entry of `key`, or `nil` when there is none or it is not to be trusted (damaged, or of another
    /// game or other strategies: a file copied or renamed by hand).
    private func cachedOdds(_ key: Key, strategies: [StrategySpec], dice: [DiceSet]) -> ExactOdds? {
        guard let directory, Self.isRegularFile(directory.appendingPathComponent(key.fileName)),
            let entry = OddsEntry(contentsOf: directory.appendingPathComponent(key.fileName)),
            entry.key == key.fileName, entry.strategies == OddsEntry.strategiesText(strategies),
            entry.winProbabilities.count == strategies.count
        else { return nil }
        return ExactOdds(
            strategies: strategies, dice: dice, winProbabilities: entry.winProbabilities,
            tieProbability: entry.tieProbability, pairCount: entry.pairCount, sweeps: entry.sweeps,
            lastChange: entry.lastChange)
    }
}

/// The file of one entry of exact odds: a few lines of text, every figure as the bits of its `Double`, the last line
/// a checksum of the others.
///
///     farkle-sim exact odds 2
///     rules standard
///     target 10000
///     strategies win against ev
///     key odds-0123456789abcdef.odds
///     win 3fe1... 3fdd...
///     tie 3f6e...
///     states 40000
///     sweeps 1
///     change 0000000000000000
///     checksum 0123456789abcdef
struct OddsEntry {
    /// The rule set's name and target (`nil` in a game of rounds), for `cache list`.
    let rulesName: String
    let target: Int?
    /// The strategies in seat order, "win against ev".
    let strategies: String
    /// The name of the entry's file, a digest of everything the odds depend on (`SolvedGameCache.oddsKey`): an
    /// entry copied under another entry's name is not read as that one.
    let key: String
    let winProbabilities: [Double]
    let tieProbability: Double
    let pairCount: Int
    let sweeps: Int
    let lastChange: Double

    /// The first line of every entry.
    static let magic = "farkle-sim exact odds 2"
    /// The most bytes an entry may take: a name of at most 64 characters and three strategies fit many times over.
    static let maximumBytes = 4_096

    /// The strategies as an entry names them.
    static func strategiesText(_ strategies: [StrategySpec]) -> String {
        strategies.map(\.description).joined(separator: " against ")
    }

    /// The entry of `odds` worked out under `rules`, kept as the file `key`.
    init(_ odds: ExactOdds, rules: RuleSet, key: String) {
        rulesName = rules.name
        target = rules.game.end.target
        strategies = Self.strategiesText(odds.strategies)
        self.key = key
        winProbabilities = odds.winProbabilities
        tieProbability = odds.tieProbability
        pairCount = odds.pairCount
        sweeps = odds.sweeps
        lastChange = odds.lastChange
    }

    /// The entry in the file at `url`, or `nil` when it cannot be read, is too large, or is not a whole entry with
    /// its checksum.
    init?(contentsOf url: URL) {
        guard let data = BoundedFile.read(atPath: url.path, upTo: Self.maximumBytes), data.count <= Self.maximumBytes
        else { return nil }
        self.init(text: String(decoding: data, as: UTF8.self))
    }

    /// The rules' name and target and the strategies at the start of the entry at `url`, read without its figures or
    /// checksum (for `cache list`, which says whether the rest is whole), or `nil` where the file does not start so.
    static func header(of url: URL) -> (rulesName: String, target: Int?, strategies: String)? {
        guard let data = BoundedFile.read(atPath: url.path, upTo: maximumBytes) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(4).map(String.init)
        guard lines.count == 4, lines[0] == magic, lines[1].hasPrefix("rules "), lines[2].hasPrefix("target "),
            lines[3].hasPrefix("strategies ")
        else { return nil }
        let target = lines[2].dropFirst("target ".count)
        return (
            String(lines[1].dropFirst("rules ".count)), Int(target), String(lines[3].dropFirst("strategies ".count))
        )
    }

    /// The entry written as `text`, or `nil`.
    init?(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == 12, lines[11].isEmpty, lines[0] == Self.magic else { return nil }
        let body = lines[0..<10].map { $0 + "\n" }.joined()
        guard lines[10] == "checksum " + Self.hex(WinPolicyFile.fnv1a(Array(body.utf8))) else { return nil }
        func value(_ line: Int, _ name: String) -> String? {
            lines[line].hasPrefix(name + " ") ? String(lines[line].dropFirst(name.count + 1)) : nil
        }
        func double(_ text: Substring) -> Double? {
            guard text.count == 16, let bits = UInt64(text, radix: 16) else { return nil }
            return Double(bitPattern: bits)
        }
        let wins = value(5, "win")?.split(separator: " ", omittingEmptySubsequences: false).map(double) ?? []
        let winProbabilities = wins.compactMap { $0 }
        guard let name = value(1, "rules"), let target = value(2, "target"), let strategies = value(3, "strategies"),
            let key = value(4, "key"), (2...3).contains(wins.count), winProbabilities.count == wins.count,
            let tie = value(6, "tie").flatMap({ double($0[...]) }),
            let states = value(7, "states").flatMap({ Int($0) }), let sweeps = value(8, "sweeps").flatMap({ Int($0) }),
            let change = value(9, "change").flatMap({ double($0[...]) })
        else { return nil }
        // Chances of the outcomes of one game: each from 0 to 1, together 1 (up to rounding and the sweeps' last
        // change, far below this tolerance).
        let chances = winProbabilities + [tie]
        guard chances.allSatisfy({ (0...1).contains($0) }), abs(chances.reduce(0, +) - 1) <= Self.sumTolerance,
            states >= 0, sweeps >= 1, change.isFinite, change >= 0
        else { return nil }
        self.key = key
        rulesName = name
        self.target = target == "-" ? nil : Int(target)
        self.strategies = strategies
        self.winProbabilities = winProbabilities
        tieProbability = tie
        pairCount = states
        self.sweeps = sweeps
        lastChange = change
    }

    /// The entry's text, checksum last.
    var text: String {
        let body = [
            Self.magic, "rules \(rulesName)", "target \(target.map(String.init) ?? "-")", "strategies \(strategies)",
            "key \(key)", "win " + winProbabilities.map { Self.hex($0.bitPattern) }.joined(separator: " "),
            "tie \(Self.hex(tieProbability.bitPattern))", "states \(pairCount)", "sweeps \(sweeps)",
            "change \(Self.hex(lastChange.bitPattern))",
        ].map { $0 + "\n" }.joined()
        return body + "checksum \(Self.hex(WinPolicyFile.fnv1a(Array(body.utf8))))\n"
    }

    /// How far the chances of an entry may sum from 1: an entry beyond it holds no game's odds.
    static let sumTolerance = 1e-6

    /// The entry's bytes.
    var bytes: [UInt8] { Array(text.utf8) }

    /// 16 lowercase hexadecimal digits.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
