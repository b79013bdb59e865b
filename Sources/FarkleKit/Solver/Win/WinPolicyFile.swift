#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The solved game in a file: what `farkle-sim solve --objective win --out FILE` writes and
/// `Advisor.readGame(contentsOf:rules:)` reads back, so that a strategy plays the solution without
/// solving the game again.
///
/// The turn-start values of every pair of totals determine the whole play (each turn is then one
/// table of a pair, built when asked for), so the file holds those values, the chances of a tie and the
/// final-round tables: about 16 bytes per pair. All numbers are little-endian; doubles are stored bit
/// for bit, so a round trip gives identical values. Layout (format version 5):
///
/// | Bytes | Field |
/// |---|---|
/// | 8 | magic `FRKLWIN` and a zero byte |
/// | 4 | format version (5) |
/// | 8 | FNV-1a digest of the rule set's canonical JSON (`RuleSet.jsonText`, name left out) |
/// | 4 + n | the rule set's name, its length first (for the error message) |
/// | 8 × 6 | target, score step, levels, final round (0 or 1), most Newton steps, turns solved |
/// | per final-round table (entered, then not entered) | cap level, limit, cap + 1 values, cap + 1 ties |
/// | 8 × levels² × 2 | values, then ties, `mine * levels + theirs` |
/// | 8 | FNV-1a digest of every byte before it |
///
/// The game under a three-farkle penalty (`PenaltyWinSolver`) has its own format version (6), so that each
/// reader refuses the other's file by name. Its layout differs after the name:
///
/// | Bytes | Field |
/// |---|---|
/// | 8 × 7 | target, score step, levels, final round (0 or 1), penalty (points; 0: the whole total), floor (signed), sweeps |
/// | 8 × 2 | the last sweep's largest change (a double), states tabulated |
/// | per final-round table (one: the penalty rules out an entry minimum) | cap level, limit, cap + 1 values, ties |
/// | 8 × 9 levels² × 2 | values, then ties, `(3 × my farkles + their farkles) × levels² + mine × levels + theirs` |
/// | 8 | FNV-1a digest of every byte before it |
///
/// A game of fixed rounds (`RoundsWinSolver`) has format version 3, so far only in the cache of solved games:
///
/// | Bytes | Field |
/// |---|---|
/// | 8 × 6 | 0 (no target), rounds, extra rounds, score step, cap level L, states tabulated |
/// | 8 | the bound on what the cap moves (a double) |
/// | 8 × turns × (2L + 1) × 2 | values, then ties, `turn × (2L + 1) + lead + L` |
/// | 8 | FNV-1a digest of every byte before it |
///
/// The advisor page embeds these three in a form of their own (`pageBytes`): the version with its top bit set
/// (`pageFormFlag`), and no block of ties after the values (a final-round table keeps its own). A reader of either
/// form refuses the other.
///
/// A race between two dice sets (`LoadedWinSolver`, the whole game) has format version 4:
///
/// | Bytes | Field |
/// |---|---|
/// | 8 × 3 | target, score step, levels |
/// | per player (two) | its number of kinds of dice k, then per kind 8 × 7: how many, the six reduced face weights |
/// | 8 | the largest last change of the iteration (a double) |
/// | 8 × levels² × 2 | W_0, then W_1, `own × levels + other` |
/// | 8 | FNV-1a digest of every byte before it |
///
/// A race of three players (`ThreePlayerWinSolver`) has format version 8 (7 before its loops where best replies go
/// round were settled by a mixed play):
///
/// | Bytes | Field |
/// |---|---|
/// | 8 × 9 | target, score step, levels, most repetitions of a loop, unsettled loops, states, repetitions, loops, mixed loops |
/// | 8 | the largest last change of a loop (a double) |
/// | 8 × levels³ × 2 | the mover's chances, then the next player's, `(mover × levels + next) × levels + last` |
/// | 8 | FNV-1a digest of every byte before it |
package enum WinPolicyFile {
    /// The first eight bytes of a policy file.
    package static let magic: [UInt8] = Array("FRKLWIN".utf8) + [0]
    /// The format this version writes and reads for a race without a penalty.
    ///
    /// 1 until games with a final round weighed every keep of a roll (`WinTurn.everyKeep`): a file of format 1
    /// holds their values played with the best keep of each number of dice, and is refused by name.
    package static let formatVersion: UInt32 = 5
    /// The format this version writes and reads for a race under a three-farkle penalty (2 until the same change).
    package static let penaltyFormatVersion: UInt32 = 6
    /// The formats of earlier versions no longer read, with why: their games with a final round were solved with
    /// fewer keeps, or their three-player loops where best replies go round were left unsettled.
    static let retiredVersions: [UInt32: String] = [
        1: finalRoundKeeps, 2: finalRoundKeeps,
        7: "a race of three players whose loops where best replies go round were left unsettled",
    ]
    private static let finalRoundKeeps = "games with a final round from the best keep of each number of dice only"
    /// The format this version writes and reads for a game of fixed rounds.
    package static let roundsFormatVersion: UInt32 = 3
    /// The format this version writes and reads for a race between two dice sets.
    package static let diceSetsFormatVersion: UInt32 = 4
    /// The format this version writes and reads for a race of three players (`ThreePlayerWinSolver`).
    package static let threePlayerFormatVersion: UInt32 = 8
    /// Every format this version reads.
    static let versions: [UInt32] = [
        formatVersion, penaltyFormatVersion, roundsFormatVersion, diceSetsFormatVersion, threePlayerFormatVersion,
    ]

    /// The digest of `rules` a policy file records: FNV-1a over the canonical JSON with an empty name,
    /// so that a copy of a rule set under another name loads the same file.
    package static func digest(of rules: RuleSet) -> UInt64 {
        var unnamed = rules
        unnamed.name = ""
        return fnv1a(Array(unnamed.jsonText.utf8))
    }

    /// The 64-bit FNV-1a hash of `bytes` (the cache of solved games names its files with it too); with `hash`, the
    /// hash of what came before them, continued.
    package static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325)
        -> UInt64
    {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    // MARK: - Writing

    /// The flag of a version number that marks a file's page form: the chances of a tie left out (the blocks of
    /// ties read back as zeros), for the advisor page, which shows the chances to win alone and whose turn values
    /// never read a tie (`WinTurn`'s second payoff follows the decisions, never makes them). Half the size.
    static let pageFormFlag: UInt32 = 0x8000_0000

    /// The bytes of the policy file of `solver`; with `ties` false its page form.
    static func encode(_ solver: WinProbabilitySolver, ties: Bool = true) -> [UInt8] {
        var writer = Writer(version: formatVersion, rules: solver.table.rules, values: solver.values.count, ties: ties)
        for field in [
            solver.target, solver.table.scoreStep, solver.levels, solver.hasFinalRound ? 1 : 0,
            solver.maximumIterations, solver.turnSolves,
        ] {
            writer.append(Int64(field))
        }
        for table in [solver.entered, solver.notEntered] {
            guard let table else { continue }
            writer.append(table)
        }
        writer.append(solver.values)
        writer.append(ties: solver.ties)
        return writer.finished
    }

    /// The bytes of the policy file of `solver`, a game under a three-farkle penalty.
    static func encode(_ solver: PenaltyWinSolver, ties: Bool = true) -> [UInt8] {
        var writer = Writer(
            version: penaltyFormatVersion, rules: solver.table.rules, values: solver.values.count, ties: ties)
        for field in [
            solver.target, solver.table.scoreStep, solver.levels, solver.hasFinalRound ? 1 : 0,
            // A penalty of points is 1 or more; 0 stands for the whole total, or for none where only a scoreless
            // opening roll costs points.
            solver.penalty.points ?? 0, solver.floor, solver.sweeps,
        ] {
            writer.append(Int64(field))
        }
        writer.append(solver.lastChange.bitPattern)
        writer.append(Int64(solver.stateCount))
        if let table = solver.finalRound { writer.append(table) }
        writer.append(solver.values)
        writer.append(ties: solver.ties)
        return writer.finished
    }

    /// The bytes of the policy file of `solver`, a game of fixed rounds.
    static func encode(_ solver: RoundsWinSolver, ties: Bool = true) -> [UInt8] {
        var writer = Writer(
            version: roundsFormatVersion, rules: solver.table.rules, values: solver.values.count, ties: ties)
        for field in [0, solver.rounds, solver.extraRounds, solver.table.scoreStep, solver.capLevel, solver.stateCount]
        {
            writer.append(Int64(field))
        }
        writer.append(solver.capErrorBound.bitPattern)
        writer.append(solver.values)
        writer.append(ties: solver.ties)
        return writer.finished
    }

    /// The bytes of the policy file of `solver`, a race of three players: after the header the target, score
    /// step, levels, most repetitions of a loop, unsettled loops, states, repetitions, loops and mixed loops (8 bytes
    /// each), the largest last change, then the mover's and the next player's chances at every set of totals.
    static func encode(_ solver: ThreePlayerWinSolver) -> [UInt8] {
        var writer = Writer(
            version: threePlayerFormatVersion, rules: solver.table.rules, values: solver.values.count)
        let fields = [
            solver.target, solver.table.scoreStep, solver.levels, solver.maximumRepetitions, solver.unsettledLoops,
            solver.stateCount, solver.repetitionTotals.repetitions, solver.repetitionTotals.loops, solver.mixedLoops,
        ]
        for field in fields { writer.append(Int64(field)) }
        writer.append(solver.largestLastChange.bitPattern)
        writer.append(solver.values)
        writer.append(solver.nextValues)
        return writer.finished
    }

    /// The bytes of the policy file of `solver`, a race between two dice sets solved whole.
    ///
    /// - Precondition: the whole game is solved (`lowestTotals` 0 and 0).
    static func encode(_ solver: LoadedWinSolver) -> [UInt8] {
        precondition(solver.lowestTotals == [0, 0], "the whole game solved")
        let rules = solver.outcomes[0].table.rules
        var writer = Writer(version: diceSetsFormatVersion, rules: rules, values: 2 * solver.values[0].count)
        for field in [solver.target, solver.outcomes[0].table.scoreStep, solver.levels] {
            writer.append(Int64(field))
        }
        for outcomes in solver.outcomes {
            writer.append(Int64(outcomes.set.kinds.count))
            for kind in outcomes.set.kinds {
                writer.append(Int64(kind.count))
                for weight in kind.weights { writer.append(Int64(weight)) }
            }
        }
        writer.append(solver.largestLastChange.bitPattern)
        for values in solver.values { writer.append(values) }
        return writer.finished
    }

    /// Appends the fields of a policy file in order, little-endian.
    struct Writer {
        private var bytes = magic
        /// Whether the chances of a tie are written: not in the page form (`pageFormFlag`).
        private let writesTies: Bool

        /// A file of format `version` for `rules`, its header written, room made for `values` doubles twice; with
        /// `ties` false its page form.
        init(version: UInt32, rules: RuleSet, values: Int, ties: Bool = true) {
            writesTies = ties
            bytes.reserveCapacity(64 + 16 * values)
            append(ties ? version : version | pageFormFlag)
            append(digest(of: rules))
            let name = Array(rules.name.utf8)
            append(UInt32(name.count))
            bytes.append(contentsOf: name)
        }

        mutating func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func append(_ values: [Double]) {
            for value in values { append(value.bitPattern) }
        }

        /// The chances of a tie, left out of the page form.
        mutating func append(ties: [Double]) {
            if writesTies { append(ties) }
        }

        mutating func append(_ table: FinalRoundTable) {
            append(Int64(table.capLevel))
            append(table.limit.bitPattern)
            append(table.values)
            append(table.ties)
        }

        /// The bytes, with the checksum of all of them at the end.
        var finished: [UInt8] {
            var bytes = bytes
            withUnsafeBytes(of: fnv1a(bytes).littleEndian) { bytes.append(contentsOf: $0) }
            return bytes
        }
    }

    // MARK: - Reading

    /// The largest policy file: the values and ties of `WinProbabilitySolver.maximumStates` states, with room
    /// for the header and the final-round tables.
    package static let maximumFileSize = 16 * WinProbabilitySolver.maximumStates + (64 << 20)

    /// The solution stored in `bytes`, for `rules`.
    static func decode(_ bytes: [UInt8], rules: RuleSet, path: String, ties: Bool = true) throws(WinPolicyError)
        -> WinProbabilitySolver
    {
        var reader = try Reader(bytes: bytes, path: path, version: formatVersion, rules: rules, ties: ties)
        let table = ScoringTable(rules: rules)
        let target = try reader.count()
        let step = try reader.count()
        let levels = try reader.count()
        let finalRound = try reader.count() == 1
        let maximumIterations = try reader.count()
        let turnSolves = try reader.count()
        guard rules.game.end == .target(target, finalRound: finalRound), step == table.scoreStep,
            levels == TurnMechanics.levels(below: target, step: step)
        else {
            throw WinPolicyError(path: path, reason: "its header does not match rules '\(rules.name)'")
        }
        var finalRounds: (FinalRoundTable, FinalRoundTable)?
        if finalRound {
            let mechanics = table.turnMechanics
            let entry = rules.game.entryMinimum
            let entered = try reader.finalRoundTable(
                leastBank: mechanics.leastBank(entryMinimum: entry, hasEntered: true), step: step)
            let notEntered = try reader.finalRoundTable(
                leastBank: mechanics.leastBank(entryMinimum: entry, hasEntered: false), step: step)
            finalRounds = (entered, notEntered)
        }
        let values = try reader.chances(levels * levels)
        let ties = try reader.ties(levels * levels)
        try reader.expectEnd()
        let setup: WinProbabilitySolver.Setup
        do {
            setup = try WinProbabilitySolver.Setup(table: table, finalRounds: finalRounds)
        } catch {
            throw WinPolicyError(path: path, reason: error.description)
        }
        return WinProbabilitySolver(
            setup: setup, values: values, ties: ties, maximumIterations: maximumIterations, turnSolves: turnSolves)
    }

    /// The solution of a game under a three-farkle penalty stored in `bytes`, for `rules`.
    static func decodePenalty(_ bytes: [UInt8], rules: RuleSet, path: String, ties: Bool = true) throws(WinPolicyError)
        -> PenaltyWinSolver
    {
        var reader = try Reader(bytes: bytes, path: path, version: penaltyFormatVersion, rules: rules, ties: ties)
        let target = try reader.count()
        let step = try reader.count()
        let levels = try reader.count()
        let finalRound = try reader.count() == 1
        let penalty = try reader.count()
        let floor = Int(Int64(bitPattern: try reader.integer(UInt64.self)))
        let sweeps = try reader.count()
        let lastChange = try reader.measure()
        let stateCount = try reader.count()
        let table = ScoringTable(rules: rules)
        guard rules.game.end == .target(target, finalRound: finalRound), step == table.scoreStep,
            // 0: the whole total, or no penalty at all (a scoreless opening roll's cost alone; the digest tells them apart).
            penalty == rules.turn.threeFarklePenalty?.points ?? 0, floor <= 0, floor % step == 0,
            levels == TurnMechanics.levels(below: target, step: step) - floor / step
        else {
            throw WinPolicyError(path: path, reason: "its header does not match rules '\(rules.name)'")
        }
        let finalTable =
            finalRound
            ? try reader.finalRoundTable(leastBank: table.turnMechanics.minimumBank, step: step) : nil
        // `levels` comes from the file: bounded like a solve before it is squared.
        let square = levels.multipliedReportingOverflow(by: levels)
        guard !square.overflow, square.partialValue <= WinProbabilitySolver.maximumStates / 9 else {
            throw WinPolicyError(path: path, reason: "the file is corrupt (\(levels) levels of totals)")
        }
        let count = 9 * square.partialValue
        let values = try reader.chances(count)
        let ties = try reader.ties(count)
        try reader.expectEnd()
        let setup: PenaltyWinSolver.Setup
        do {
            setup = try PenaltyWinSolver.Setup(rules: rules, floor: floor, finalRound: finalTable)
        } catch {
            throw WinPolicyError(path: path, reason: error.description)
        }
        return PenaltyWinSolver(
            setup: setup, values: values, ties: ties, lastChange: lastChange, sweeps: sweeps, stateCount: stateCount)
    }

    /// Why a file of format `version` is not read.
    static func unreadableVersion(_ version: UInt64) -> String {
        if version <= UInt64(UInt32.max), let why = retiredVersions[UInt32(version)] {
            return "format version \(version), written by an earlier farkle-sim that solved \(why); solve the game "
                + "again (solve --objective win --out)"
        }
        return "format version \(version); this farkle-sim reads versions "
            + versions.map(String.init).joined(separator: ", ")
    }

    /// The solution of a game of fixed rounds stored in `bytes`, for `rules`.
    static func decodeRounds(_ bytes: [UInt8], rules: RuleSet, path: String, ties: Bool = true) throws(WinPolicyError)
        -> RoundsWinSolver
    {
        var reader = try Reader(bytes: bytes, path: path, version: roundsFormatVersion, rules: rules, ties: ties)
        let noTarget = try reader.count()
        let rounds = try reader.count()
        let extraRounds = try reader.count()
        let step = try reader.count()
        let capLevel = try reader.count()
        let stateCount = try reader.count()
        let bound = try reader.measure()
        let table = ScoringTable(rules: rules)
        guard noTarget == 0, rules.game.end.rounds == rounds, rules.game.extraRoundsOnTie == extraRounds,
            step == table.scoreStep, capLevel >= 1
        else {
            throw WinPolicyError(path: path, reason: "its header does not match rules '\(rules.name)'")
        }
        // `capLevel` comes from the file: bounded like a solve before the rows are counted.
        let rows = (2 * capLevel + 1).multipliedReportingOverflow(by: 2 * (rounds + extraRounds))
        guard capLevel < 1 << 30, !rows.overflow, rows.partialValue <= WinProbabilitySolver.maximumStates else {
            throw WinPolicyError(path: path, reason: "the file is corrupt (a cap of \(capLevel) steps)")
        }
        let values = try reader.chances(rows.partialValue)
        let ties = try reader.ties(rows.partialValue)
        try reader.expectEnd()
        // What the cap may move follows from the rules and the cap, as the solve computes it: a file that states less
        // (a small cap passed off as exact) is not what any solve wrote.
        let bounds = RoundsWinSolver.exponentialBounds(turn: WinTurn(table: table, gameEndings: false))
        let rounded = RoundsWinSolver.gainBound(bounds: bounds, turns: rounds, levels: capLevel)
        guard bound >= rounded else {
            throw WinPolicyError(
                path: path, reason: "the file is corrupt (a cap of \(capLevel) steps moves chances by up to \(rounded))"
            )
        }
        do {
            return try RoundsWinSolver(
                table: table, capLevel: capLevel, capErrorBound: bound, stateCount: stateCount, values: values,
                ties: ties)
        } catch {
            throw WinPolicyError(path: path, reason: error.description)
        }
    }

    /// The solution of a race of three players stored in `bytes`, for `rules`.
    static func decodeThreePlayers(_ bytes: [UInt8], rules: RuleSet, path: String) throws(WinPolicyError)
        -> ThreePlayerWinSolver
    {
        var reader = try Reader(bytes: bytes, path: path, version: threePlayerFormatVersion, rules: rules)
        let fields = try (0..<9).map { _ throws(WinPolicyError) in try reader.count() }
        let change = try reader.measure()
        let table = ScoringTable(rules: rules)
        // The layout of the rules (their size checked as a solve checks it) says how many sets the file holds; a
        // final round's last turns are solved again (seconds), not read.
        let layout: TrioLayout
        do {
            layout = try TrioLayout(table: table, threads: Parallel.defaultThreads)
        } catch {
            throw WinPolicyError(path: path, reason: error.description)
        }
        guard fields[0] == layout.target, fields[1] == layout.step, fields[2] == layout.levels else {
            throw WinPolicyError(path: path, reason: "its header does not match rules '\(rules.name)'")
        }
        let count = layout.levels * layout.levels * layout.levels
        let values = try reader.chances(count)
        let nextValues = try reader.chances(count)
        try reader.expectEnd()
        return ThreePlayerWinSolver(
            table: table, layout: layout, values: values, nextValues: nextValues,
            loops: .init(
                maximumRepetitions: fields[3], unsettledLoops: fields[4], mixedLoops: fields[8],
                largestLastChange: change, repetitions: fields[6], loops: fields[7]),
            stateCount: fields[5])
    }

    /// The solution of a race between the dice of `outcomes` stored in `bytes`.
    static func decodeDiceSets(_ bytes: [UInt8], outcomes: [DiceSetOutcomes], path: String) throws(WinPolicyError)
        -> LoadedWinSolver
    {
        precondition(outcomes.count == 2, "two players")
        let table = outcomes[0].table
        let rules = table.rules
        var reader = try Reader(bytes: bytes, path: path, version: diceSetsFormatVersion, rules: rules)
        let target = try reader.count()
        let step = try reader.count()
        let levels = try reader.count()
        guard target == rules.game.end.target, step == table.scoreStep, levels == (target + step - 1) / step else {
            throw WinPolicyError(path: path, reason: "its header does not match rules '\(rules.name)'")
        }
        for (player, asked) in outcomes.enumerated() {
            let count = try reader.count()
            guard count <= DiceCounts.maximumDice else {
                throw WinPolicyError(path: path, reason: "the file is corrupt (\(count) kinds of dice)")
            }
            var kinds: [(count: Int, weights: [Int])] = []
            for _ in 0..<count {
                let dice = try reader.count()
                var weights: [Int] = []
                for _ in 0..<DiceCounts.maximumDice { weights.append(try reader.count()) }
                kinds.append((dice, weights))
            }
            let matches =
                kinds.count == asked.set.kinds.count
                && zip(kinds, asked.set.kinds).allSatisfy { $0.count == $1.count && $0.weights == $1.weights }
            guard matches else {
                throw WinPolicyError(
                    path: path,
                    reason: "it was solved for other dice of player \(player + 1) than \(asked.set) (weights or counts "
                        + "differ)")
            }
        }
        let change = try reader.measure()
        // The levels come from the file, checked against the rules above, so they are the solve's own.
        let values = [try reader.chances(levels * levels), try reader.chances(levels * levels)]
        try reader.expectEnd()
        return LoadedWinSolver(
            outcomes: outcomes, target: target, levels: levels, largestLastChange: change, values: values)
    }

    /// Reads the fields of a policy file in order, refusing to read past its end.
    struct Reader {
        let bytes: [UInt8]
        let path: String
        /// Whether the file holds the chances of a tie: not in the page form (`pageFormFlag`).
        let readsTies: Bool
        var offset = 0

        /// A reader past the header of a file of format `version` solved for `rules`; with `ties` false of its page
        /// form.
        ///
        /// - Throws: `WinPolicyError` when the bytes are not a policy file, have another format version or form, do
        ///   not match their checksum or were solved for other rules.
        init(bytes: [UInt8], path: String, version expected: UInt32, rules: RuleSet, ties: Bool = true)
            throws(WinPolicyError)
        {
            self.bytes = bytes
            self.path = path
            readsTies = ties
            guard bytes.count >= magic.count + 4, Array(bytes.prefix(magic.count)) == magic else {
                throw WinPolicyError(path: path, reason: "not a win-policy file")
            }
            offset = magic.count
            let marked = try integer(UInt32.self)
            guard (marked & pageFormFlag == 0) == ties else {
                throw WinPolicyError(
                    path: path,
                    reason: ties
                        ? "it is the advisor page's form of a policy file, without the chances of a tie"
                        : "it is a whole policy file, not the advisor page's form")
            }
            let version = marked & ~pageFormFlag
            guard versions.contains(version) else {
                throw WinPolicyError(path: path, reason: unreadableVersion(UInt64(version)))
            }
            guard bytes.count >= 8, fnv1a(bytes.dropLast(8)) == Reader.littleEndian(bytes.suffix(8)) else {
                throw WinPolicyError(
                    path: path, reason: "the file is truncated or corrupt (its checksum does not match)")
            }
            let digest = try integer(UInt64.self)
            let nameLength = Int(try integer(UInt32.self))
            let name = String(decoding: try self.bytes(nameLength), as: UTF8.self)
            guard digest == WinPolicyFile.digest(of: rules) else {
                guard name == rules.name else {
                    throw WinPolicyError(
                        path: path, reason: "it was solved for rules '\(name)', not for rules '\(rules.name)'")
                }
                // The same name, other values: say which, as far as the header tells (its target comes first).
                let target = Int64(bitPattern: (try? integer(UInt64.self)) ?? 0)
                if let asked = rules.game.end.target, target > 0, target != asked {
                    throw WinPolicyError(
                        path: path,
                        reason: "it was solved for rules '\(name)' to \(target) points, not to \(asked) (--target)")
                }
                // Another kind of game of the same rules but their players (three) or dice: say which.
                guard version == expected else {
                    throw WinPolicyError(
                        path: path, reason: Self.kindMismatch(version, expected: expected, rules: rules))
                }
                throw WinPolicyError(
                    path: path, reason: "it was solved for other values of rules '\(name)' (a rule file changed since)")
            }
            guard version == expected else {
                // Same rules, another kind of game: dice sets or ordinary dice, or a file edited by hand.
                throw WinPolicyError(path: path, reason: Self.kindMismatch(version, expected: expected, rules: rules))
            }
        }

        /// Why a file of format `version` is not the game of `rules` (format `expected`), and, for a file of three
        /// players, which rules play it: three players racing without a final round, as the rules' `players` say.
        static func kindMismatch(_ version: UInt32, expected: UInt32, rules: RuleSet) -> String {
            // A plain race and a race of three differ by their players alone: said so; any other pair by its kind.
            let players: [UInt32: Int] = [formatVersion: 2, threePlayerFormatVersion: 3]
            var reason = "it holds \(game(of: version)), not \(game(of: expected))"
            if let held = players[version], let asked = players[expected] {
                reason = "it holds a race of \(held) players, not of \(asked)"
            }
            if version == threePlayerFormatVersion, rules.game.end.hasFinalRound {
                // `RuleSet.headsUpGame`: with a final round the front doors play the race of two at any table.
                reason += " (three players with a final round play the race of two against the leader)"
            } else if version == threePlayerFormatVersion, rules.game.players != 3 {
                reason +=
                    " (rules '\(rules.name)' seat \(rules.game.players): a rule file with \"players\": 3 plays it)"
            }
            return reason
        }

        /// The kind of game a file of format `version` holds, in words.
        static func game(of version: UInt32) -> String {
            switch version {
            case penaltyFormatVersion: "a race under a three-farkle penalty"
            case roundsFormatVersion: "a game of fixed rounds"
            case diceSetsFormatVersion: "a race between dice sets"
            case threePlayerFormatVersion: "a race of three players"
            default: "a race with ordinary dice"
            }
        }

        static func littleEndian<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
            bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }

        mutating func bytes(_ count: Int) throws(WinPolicyError) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - 8 - offset else {
                throw WinPolicyError(path: path, reason: "the file is truncated or corrupt (a field runs past its end)")
            }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(WinPolicyError) -> T {
            T(truncatingIfNeeded: Self.littleEndian(try bytes(MemoryLayout<T>.size)))
        }

        /// A non-negative 64-bit count below a bound no real file reaches.
        /// Checks that the fields read end where the checksum begins (the last 8 bytes).
        func expectEnd() throws(WinPolicyError) {
            guard offset == bytes.count - 8 else {
                throw WinPolicyError(path: path, reason: "the file is corrupt (its length does not match its header)")
            }
        }

        mutating func count() throws(WinPolicyError) -> Int {
            let value = Int64(bitPattern: try integer(UInt64.self))
            guard value >= 0, value < 1 << 40 else {
                throw WinPolicyError(path: path, reason: "the file is corrupt (a count of \(value))")
            }
            return Int(value)
        }

        /// `count` chances (a probability, or P(win) + ½ P(tie)): each from 0 to 1, within rounding; a value
        /// outside (NaN, infinite, negative, above 1) is a corrupt file, never trusted.
        mutating func chances(_ count: Int) throws(WinPolicyError) -> [Double] {
            let raw = try bytes(count.multipliedReportingOverflow(by: 8).overflow ? -1 : count * 8)
            var values = [Double](repeating: 0, count: count)
            var index = raw.startIndex
            for position in 0..<count {
                values[position] = Double(bitPattern: Self.littleEndian(raw[index..<index + 8]))
                index += 8
            }
            if let wrong = values.first(where: { !Self.isChance($0) }) {
                throw WinPolicyError(path: path, reason: "the file is corrupt (a chance of \(wrong))")
            }
            return values
        }

        /// `count` chances of a tie (`chances(_:)`), or zeros in the page form, which leaves them out.
        mutating func ties(_ count: Int) throws(WinPolicyError) -> [Double] {
            readsTies ? try chances(count) : [Double](repeating: 0, count: count)
        }

        /// One chance; see `chances(_:)`.
        mutating func chance() throws(WinPolicyError) -> Double {
            try chances(1)[0]
        }

        /// A finite number that is not negative (a bound or a last change of a solve's iteration).
        mutating func measure() throws(WinPolicyError) -> Double {
            let value = Double(bitPattern: try integer(UInt64.self))
            guard value.isFinite, value >= 0 else {
                throw WinPolicyError(path: path, reason: "the file is corrupt (a figure of \(value))")
            }
            return value
        }

        /// Whether `value` is a chance within rounding: NaN is not. The margin is the rounding of a solve (far below
        /// 1e-12), not more: a forged −1e-9 would be advised as a chance of 1.000000001.
        static func isChance(_ value: Double) -> Bool { value >= -1e-12 && value <= 1 + 1e-12 }

        mutating func finalRoundTable(leastBank: Int, step: Int) throws(WinPolicyError) -> FinalRoundTable {
            let cap = try count()
            let limit = try chance()
            let values = try chances(cap + 1)
            let ties = try chances(cap + 1)
            // The states the solve tabulated: one table per deficit, as high as the deficit or the least bank.
            let leastLevel = (leastBank + step - 1) / step
            let states = (0...cap).reduce(0) { $0 + max($1 + 1, leastLevel) * DiceCounts.maximumDice }
            return FinalRoundTable(
                capLevel: cap, values: values, ties: ties, limit: limit, stateCount: states, leastBank: leastBank)
        }
    }
}

extension WinProbabilitySolver {
    /// The solution stored in policy-file `bytes` (`policyFileBytes`), for `rules`: the same values as the solve
    /// that wrote them, without solving the game again (the final-round tables are read too).
    ///
    /// - Throws: `WinPolicyError` when the bytes are not a policy file, have another format version, were written
    ///   for other rules (the message names both rule sets), or are truncated or corrupt.
    package init(policyFileBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError) {
        self = try WinPolicyFile.decode(bytes, rules: rules, path: "(bytes)")
    }

    /// The policy file of this solution, as bytes (`WinPolicyFile` gives the format).
    public var policyFileBytes: [UInt8] {
        WinPolicyFile.encode(self)
    }

    /// The solution in the advisor page's form of its policy file (`pageBytes`): the same chances to win, no ties.
    package init(pageBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError) {
        self = try WinPolicyFile.decode(bytes, rules: rules, path: "(bytes)", ties: false)
    }

    /// The advisor page's form of the policy file: the chances of a tie left out (`WinPolicyFile.pageFormFlag`).
    package var pageBytes: [UInt8] {
        WinPolicyFile.encode(self, ties: false)
    }
}

extension PenaltyWinSolver {
    /// The solution stored in policy-file `bytes` (`policyFileBytes`), for `rules` (a race under a three-farkle
    /// penalty): the same values as the solve that wrote them, without solving the game again.
    ///
    /// - Throws: `WinPolicyError` when the bytes are not a policy file, have another format version, were written
    ///   for other rules (a race without a penalty among them; the message names both rule sets), or are truncated
    ///   or corrupt.
    package init(policyFileBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError) {
        self = try WinPolicyFile.decodePenalty(bytes, rules: rules, path: "(bytes)")
    }

    /// The policy file of this solution, as bytes (`WinPolicyFile` gives the format, version 6).
    package var policyFileBytes: [UInt8] {
        WinPolicyFile.encode(self)
    }

    /// The solution in the advisor page's form of its policy file (`pageBytes`): the same chances to win, no ties.
    package init(pageBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError) {
        self = try WinPolicyFile.decodePenalty(bytes, rules: rules, path: "(bytes)", ties: false)
    }

    /// The advisor page's form of the policy file: the chances of a tie left out (`WinPolicyFile.pageFormFlag`).
    package var pageBytes: [UInt8] {
        WinPolicyFile.encode(self, ties: false)
    }
}

extension RoundsWinSolver {
    /// The solution stored in policy-file `bytes` (`policyFileBytes`), for `rules` (a game of fixed rounds): the
    /// same values as the solve that wrote them, without solving the game again.
    ///
    /// - Throws: `WinPolicyError` when the bytes are not a policy file of a game of rounds solved for `rules`, or
    ///   are truncated or corrupt.
    package init(policyFileBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError) {
        self = try WinPolicyFile.decodeRounds(bytes, rules: rules, path: "(bytes)")
    }

    /// The policy file of this solution, as bytes (`WinPolicyFile` gives the format, version 3).
    package var policyFileBytes: [UInt8] {
        WinPolicyFile.encode(self)
    }

    /// The solution in the advisor page's form of its policy file (`pageBytes`): the same chances to win, no ties.
    package init(pageBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError) {
        self = try WinPolicyFile.decodeRounds(bytes, rules: rules, path: "(bytes)", ties: false)
    }

    /// The advisor page's form of the policy file: the chances of a tie left out (`WinPolicyFile.pageFormFlag`).
    package var pageBytes: [UInt8] {
        WinPolicyFile.encode(self, ties: false)
    }
}

extension LoadedWinSolver {
    /// The solution stored in policy-file `bytes` (`policyFileBytes`), for the dice of `outcomes` (two, player 0
    /// first): the same values as the solve that wrote them, without solving the race again.
    package init(policyFileBytes bytes: [UInt8], outcomes: [DiceSetOutcomes]) throws(WinPolicyError) {
        self = try WinPolicyFile.decodeDiceSets(bytes, outcomes: outcomes, path: "(bytes)")
    }

    /// The policy file of this solution, as bytes (`WinPolicyFile` gives the format, version 4).
    ///
    /// - Precondition: the whole game is solved (`lowestTotals` 0 and 0).
    package var policyFileBytes: [UInt8] {
        WinPolicyFile.encode(self)
    }
}

extension ThreePlayerWinSolver {
    /// The solution stored in policy-file `bytes` (`policyFileBytes`), for `rules` (three players racing to a
    /// target): the same chances as the solve that wrote them, without solving again.
    ///
    /// - Throws: `WinPolicyError` when the bytes are not a policy file of a three-player race solved for `rules`,
    ///   or are truncated or corrupt.
    package init(policyFileBytes bytes: [UInt8], rules: RuleSet) throws(WinPolicyError) {
        self = try WinPolicyFile.decodeThreePlayers(bytes, rules: rules, path: "(bytes)")
    }

    /// The policy file of this solution, as bytes (`WinPolicyFile` gives the format, version 7).
    public var policyFileBytes: [UInt8] {
        WinPolicyFile.encode(self)
    }
}
