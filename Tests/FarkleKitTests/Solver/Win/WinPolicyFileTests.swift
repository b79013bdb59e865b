import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// Only single 1s score; a race to 1,000 with a final round and an entry minimum, so that both
/// final-round tables are in the file.
private let onesRace = RuleSet(
    name: "ones-race",
    combinations: CombinationPoints(singleOne: 100),
    turn: TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, sixDiceFarkle: nil),
    game: GameRules(target: 1000, finalRound: true, entryMinimum: 300))

/// A fresh directory for one test's files.
private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("win-policy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("Win policy file")
struct WinPolicyFileTests {
    @Test("a written file loads back to identical values, ties and final-round values")
    func roundTrip() throws {
        let solver = try WinProbabilitySolver(rules: onesRace)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("ones.policy")
        try solver.writePolicy(to: url)
        let loaded = try #require(try Advisor.readGame(contentsOf: url, rules: onesRace) as? WinProbabilitySolver)
        #expect(loaded.levels == solver.levels)
        for mine in stride(from: 0, to: 1000, by: 100) {
            for theirs in stride(from: 0, to: 1000, by: 100) {
                #expect(loaded.value(mine: mine, theirs: theirs) == solver.value(mine: mine, theirs: theirs))
                #expect(
                    loaded.tieProbability(mine: mine, theirs: theirs)
                        == solver.tieProbability(mine: mine, theirs: theirs))
            }
        }
        for deficit in stride(from: 0, through: 2000, by: 100) {
            #expect(loaded.finalRoundValue(deficit: deficit) == solver.finalRoundValue(deficit: deficit))
            #expect(
                loaded.finalRoundValue(deficit: deficit, hasEntered: false)
                    == solver.finalRoundValue(deficit: deficit, hasEntered: false))
        }
        #expect(loaded.stateCount == solver.stateCount)
        #expect(loaded.fairHeadStart.points == solver.fairHeadStart.points)
        // Only the temporary file's rename put the file there: nothing else is left in the directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ones.policy"])
    }

    @Test("one door reads every kind of game back by the rules' family, and refuses a file of another family")
    func readGameByFamily() throws {
        let penaltyRules = try Fixtures.rules("ones-penalty-race.json")
        let roundsRules = try Fixtures.rules("ones-rounds.json")
        // A race whose scoreless opening roll costs points, with no penalty: the penalty's family, no penalty in the
        // header (as for the whole total), the rules' digest telling them apart.
        let costRules = try Fixtures.rules("ones-cost-race.json")
        let games: [(RuleSet, any SolvedWinGame)] = [
            (onesRace, try WinProbabilitySolver(rules: onesRace)),
            (penaltyRules, try PenaltyWinSolver(rules: penaltyRules)),
            (roundsRules, try RoundsWinSolver(rules: roundsRules)),
            (costRules, try PenaltyWinSolver(rules: costRules)),
        ]
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, (rules, game)) in games.enumerated() {
            let url = directory.appendingPathComponent("\(index).policy")
            try game.writePolicy(to: url)
            let read = try Advisor.readGame(contentsOf: url, rules: rules)
            // The solver of the rules' family read it: the same type, the same bytes, the same figures.
            #expect(type(of: read) == type(of: game))
            #expect(read.policyFileBytes == game.policyFileBytes)
            #expect(read.firstPlayerValue == game.firstPlayerValue && read.tieProbability == game.tieProbability)
            #expect(read.fairHeadStart.points == game.fairHeadStart.points)
            // The bytes of every other family are refused for these rules, with the file's kind in the message.
            for (otherIndex, (_, other)) in games.enumerated() where otherIndex != index {
                #expect(throws: WinPolicyError.self) {
                    try Advisor.readGame(policyFileBytes: other.policyFileBytes, rules: rules)
                }
            }
        }
    }

    @Test(
        "the advisor page's form leaves the ties out, and its turns give the whole file's chances to win, bit for bit"
    )
    func pageForm() throws {
        let penaltyRules = try Fixtures.rules("ones-penalty-race.json")
        let roundsRules = try Fixtures.rules("ones-rounds.json")
        let race = try WinProbabilitySolver(rules: onesRace)
        let penalty = try PenaltyWinSolver(rules: penaltyRules)
        let rounds = try RoundsWinSolver(rules: roundsRules)
        let pageRace = try WinProbabilitySolver(pageBytes: race.pageBytes, rules: onesRace)
        let pagePenalty = try PenaltyWinSolver(pageBytes: penalty.pageBytes, rules: penaltyRules)
        let pageRounds = try RoundsWinSolver(pageBytes: rounds.pageBytes, rules: roundsRules)
        // A double a state fewer: the page form is the whole file less one block of ties.
        #expect(race.policyFileBytes.count - race.pageBytes.count == 8 * race.values.count)
        #expect(penalty.policyFileBytes.count - penalty.pageBytes.count == 8 * penalty.values.count)
        #expect(rounds.policyFileBytes.count - rounds.pageBytes.count == 8 * rounds.values.count)
        // Every value of a turn the page tabulates, against the turn of the solve itself (ties and all).
        func expectSameTurns(_ page: WinTurnTable, _ whole: WinTurnTable, _ context: String) {
            for points in stride(from: 0, through: 1000, by: 100) {
                for dice in 1...6 {
                    #expect(
                        page.value(turnPoints: points, diceLeft: dice).bitPattern
                            == whole.value(turnPoints: points, diceLeft: dice).bitPattern, "\(context)")
                    #expect(
                        page.rollValue(turnPoints: points, diceLeft: dice).bitPattern
                            == whole.rollValue(turnPoints: points, diceLeft: dice).bitPattern, "\(context)")
                    #expect(
                        page.decision(turnPoints: points, diceLeft: dice)
                            == whole.decision(turnPoints: points, diceLeft: dice), "\(context)")
                }
            }
            #expect(page.farkleValue.bitPattern == whole.farkleValue.bitPattern, "\(context)")
        }
        for (mine, theirs) in [(0, 0), (300, 700), (900, 0), (500, 1000)] {
            let final = theirs >= 1000
            expectSameTurns(
                pageRace.turnTable(myScore: mine, opponentScore: theirs, isFinalRound: final),
                race.turnTable(myScore: mine, opponentScore: theirs, isFinalRound: final), "race \(mine)-\(theirs)")
            expectSameTurns(
                pageRounds.turnTable(turnIndex: 1, myScore: mine, opponentScore: theirs),
                rounds.turnTable(turnIndex: 1, myScore: mine, opponentScore: theirs), "rounds \(mine)-\(theirs)")
        }
        // The penalty race runs to 300.
        for (mine, theirs, farkles) in [(0, 0, 0), (100, 200, 2), (200, 0, 1)] {
            expectSameTurns(
                pagePenalty.turnTable(myScore: mine, opponentScore: theirs, myFarkles: farkles, opponentFarkles: 1),
                penalty.turnTable(myScore: mine, opponentScore: theirs, myFarkles: farkles, opponentFarkles: 1),
                "penalty \(mine)-\(theirs)")
        }
        // Each reader refuses the other form, saying which it is.
        #expect(throws: WinPolicyError.self) {
            try WinProbabilitySolver(policyFileBytes: race.pageBytes, rules: onesRace)
        }
        #expect(throws: WinPolicyError.self) {
            try WinProbabilitySolver(pageBytes: race.policyFileBytes, rules: onesRace)
        }
        #expect(throws: WinPolicyError.self) {
            try PenaltyWinSolver(policyFileBytes: penalty.pageBytes, rules: penaltyRules)
        }
        #expect(throws: WinPolicyError.self) {
            try RoundsWinSolver(pageBytes: rounds.policyFileBytes, rules: roundsRules)
        }
    }

    @Test("a three-player race loads back to identical chances; a damaged or foreign file, or other rules, refused")
    func threePlayerRoundTrip() throws {
        var rules = RuleSet.cardgames
        rules.game.players = 3
        rules.game.end = .target(500, finalRound: false)
        let solver = try ThreePlayerWinSolver(rules: rules)
        let bytes = solver.policyFileBytes
        let loaded = try ThreePlayerWinSolver(policyFileBytes: bytes, rules: rules)
        #expect(loaded.values == solver.values && loaded.nextValues == solver.nextValues)
        #expect(loaded.seatWinProbabilities == solver.seatWinProbabilities)
        #expect(loaded.fairHeadStarts.second == solver.fairHeadStarts.second)
        #expect(loaded.stateCount == solver.stateCount && loaded.unsettledLoops == solver.unsettledLoops)
        #expect(loaded.maximumRepetitions == solver.maximumRepetitions)
        #expect(loaded.largestLastChange == solver.largestLastChange)
        #expect(loaded.repetitionTotals == solver.repetitionTotals)
        #expect(loaded.policyFileBytes == bytes)
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x01
        var otherTarget = rules
        otherTarget.game.end = .target(600, finalRound: false)
        var twoPlayers = rules
        twoPlayers.game.players = 2
        for (candidate, candidateRules) in [
            (flipped, rules), (Array(bytes.dropLast(9)), rules), (bytes, otherTarget), (bytes, twoPlayers),
            (try WinProbabilitySolver(rules: twoPlayers).policyFileBytes, rules),
        ] {
            #expect(throws: WinPolicyError.self) {
                try ThreePlayerWinSolver(policyFileBytes: candidate, rules: candidateRules)
            }
        }
        // Read as a race of two, under the same rules or under those rules for two players (another digest, the
        // same name and target), the file says which game it holds.
        for asked in [rules, twoPlayers] {
            do {
                _ = try WinProbabilitySolver(policyFileBytes: bytes, rules: asked)
                Issue.record("a three-player file read as a race of two")
            } catch {
                #expect(error.description.contains("it holds a race of 3 players, not of 2"), "\(error.description)")
                if asked.game.players == 2, !asked.game.end.hasFinalRound {
                    #expect(
                        error.description.contains(
                            "(rules '\(asked.name)' seat 2: a rule file with \"players\": 3 plays it)"),
                        "\(error.description)")
                }
            }
        }
    }

    @Test("a game of rounds loads back to identical values and ties; a damaged or foreign file is refused")
    func roundsRoundTrip() throws {
        let rules = try Fixtures.rules("ones-rounds.json")
        let solver = try RoundsWinSolver(rules: rules)
        let bytes = solver.policyFileBytes
        let loaded = try RoundsWinSolver(policyFileBytes: bytes, rules: rules)
        #expect(loaded.differenceCap == solver.differenceCap && loaded.turns == solver.turns)
        #expect(loaded.capErrorBound == solver.capErrorBound && loaded.stateCount == solver.stateCount)
        for turn in 0..<solver.turns {
            // An extra round opens with equal totals: only the difference 0 is a state there.
            let differences =
                turn >= 2 * solver.rounds && turn % 2 == 0 ? [0] : Array(stride(from: -600, through: 600, by: 100))
            for difference in differences {
                #expect(
                    loaded.value(turnIndex: turn, difference: difference)
                        == solver.value(turnIndex: turn, difference: difference))
                #expect(
                    loaded.tieProbability(turnIndex: turn, difference: difference)
                        == solver.tieProbability(turnIndex: turn, difference: difference))
            }
        }
        var damaged: [[UInt8]] = [Array(bytes.prefix(40)), Array(bytes.dropLast(9))]
        for offset in [9, 60, bytes.count / 2] {
            var copy = bytes
            copy[offset] ^= 0x40
            damaged.append(copy)
        }
        // A race's file under the same rules' reader, and the other way round.
        damaged.append(try WinProbabilitySolver(rules: onesRace).policyFileBytes)
        for candidate in damaged {
            #expect(throws: WinPolicyError.self) { try RoundsWinSolver(policyFileBytes: candidate, rules: rules) }
        }
        #expect(throws: WinPolicyError.self) { try WinProbabilitySolver(policyFileBytes: bytes, rules: onesRace) }
        var longer = rules
        longer.game.end = .rounds(3)
        #expect(throws: WinPolicyError.self) { try RoundsWinSolver(policyFileBytes: bytes, rules: longer) }
    }

    @Test("a file of other rules is refused, naming both rule sets")
    func otherRules() throws {
        let bytes = try WinProbabilitySolver(rules: onesRace).policyFileBytes
        var other = onesRace
        other.name = "other"
        other.game.entryMinimum = 0
        #expect {
            try WinProbabilitySolver(policyFileBytes: bytes, rules: other)
        } throws: { error in
            let text = (error as? WinPolicyError)?.description ?? ""
            return text.contains("'ones-race'") && text.contains("'other'")
        }
        // The same rules under another name are the same game.
        var renamed = onesRace
        renamed.name = "renamed"
        let loaded = try WinProbabilitySolver(policyFileBytes: bytes, rules: renamed)
        #expect(loaded.firstPlayerValue == (try WinProbabilitySolver(rules: onesRace)).firstPlayerValue)
    }

    @Test(
        "a file of format 1 or 2 (before games with a final round weighed every keep) or 7 (three players' loops left unsettled) is refused by name"
    )
    func retiredFormats() throws {
        let bytes = try WinProbabilitySolver(rules: onesRace).policyFileBytes
        for version: UInt8 in [1, 2, 7] {
            var old = bytes
            old[8] = version
            // The FNV-1a checksum covers the version: an earlier program wrote it over its own bytes.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in old.dropLast(8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            for byte in 0..<8 { old[old.count - 8 + byte] = UInt8(truncatingIfNeeded: hash >> (8 * UInt64(byte))) }
            do {
                _ = try WinProbabilitySolver(policyFileBytes: old, rules: onesRace)
                Issue.record("format \(version) was read")
            } catch {
                #expect(error.description.contains("format version \(version), written by an earlier farkle-sim"))
                #expect(error.description.contains("solve the game again"))
                #expect(error.description.contains(version == 7 ? "left unsettled" : "best keep"))
            }
        }
    }

    @Test("truncated, corrupt and foreign files are refused with a reason, never a crash")
    func damaged() throws {
        let bytes = try WinProbabilitySolver(rules: onesRace).policyFileBytes
        var damaged: [[UInt8]] = [[], Array(bytes.prefix(20)), Array(bytes.dropLast(1)), Array(bytes.dropLast(9))]
        for offset in [9, 30, 60, bytes.count / 2, bytes.count - 1] {
            var copy = bytes
            copy[offset] ^= 0x40
            damaged.append(copy)
        }
        damaged.append(Array("{\"name\": \"standard\"}".utf8))
        for candidate in damaged {
            #expect(throws: WinPolicyError.self) {
                try WinProbabilitySolver(policyFileBytes: candidate, rules: onesRace)
            }
        }
    }

    @Test("a penalty file whose header claims 2^31 levels, with a valid checksum, is refused, not squared into a trap")
    func craftedLevels() throws {
        let rules = try Fixtures.rules("ones-penalty-race.json")
        var bytes = try PenaltyWinSolver(rules: rules).policyFileBytes
        // Header: magic 8, version 4, digest 8, name length 4 and the name; then target, step, levels, final
        // round, penalty, floor (signed), each 8 bytes little-endian.
        let nameLength = Int(bytes[20]) | Int(bytes[21]) << 8 | Int(bytes[22]) << 16 | Int(bytes[23]) << 24
        let fields = 24 + nameLength
        func field(_ index: Int) -> Int64 {
            (0..<8).reduce(Int64(0)) { $0 | Int64(bytes[fields + 8 * index + $1]) << (8 * Int64($1)) }
        }
        func set(_ index: Int, _ value: Int64) {
            for byte in 0..<8 {
                bytes[fields + 8 * index + byte] = UInt8(truncatingIfNeeded: value >> (8 * Int64(byte)))
            }
        }
        let (target, step) = (field(0), field(1))
        let crafted: Int64 = 1 << 31
        set(2, crafted)
        set(5, -(crafted - ((target - 1) / step + 1)) * step)
        #expect((target - 1) / step + 1 - field(5) / step == crafted)
        // The FNV-1a checksum of every byte before it, so that only the header's claim is wrong.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes.dropLast(8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for byte in 0..<8 { bytes[bytes.count - 8 + byte] = UInt8(truncatingIfNeeded: hash >> (8 * UInt64(byte))) }
        #expect(throws: WinPolicyError.self) { try PenaltyWinSolver(policyFileBytes: bytes, rules: rules) }
    }

    @Test(
        "a file whose checksum matches but that holds no chance (NaN, infinite, below 0, above 1) is refused",
        arguments: [Double.nan, -Double.infinity, -0.25, 1.5, -1e-9, 1 + 1e-9])
    func forgedChance(_ forged: Double) throws {
        let bytes = try WinProbabilitySolver(rules: onesRace).policyFileBytes
        // The last stored number is a chance to tie; the checksum recomputed so that only the chance is wrong.
        var changed = Array(bytes.dropLast(16))
        for byte in 0..<8 { changed.append(UInt8(truncatingIfNeeded: forged.bitPattern >> (8 * UInt64(byte)))) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in changed { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for byte in 0..<8 { changed.append(UInt8(truncatingIfNeeded: hash >> (8 * UInt64(byte)))) }
        #expect {
            try WinProbabilitySolver(policyFileBytes: changed, rules: onesRace)
        } throws: { error in
            "\(error)".contains("a chance of")
        }
        // The file as written loads.
        _ = try WinProbabilitySolver(policyFileBytes: bytes, rules: onesRace)
    }

    @Test("a file of the same rules at another target says so, instead of naming the same rule set twice")
    func otherTarget() throws {
        let bytes = try WinProbabilitySolver(rules: onesRace).policyFileBytes
        var longer = onesRace
        longer.game.end = .target(2000, finalRound: true)
        let error = try #require(throws: WinPolicyError.self) {
            try WinProbabilitySolver(policyFileBytes: bytes, rules: longer)
        }
        #expect(error.reason == "it was solved for rules 'ones-race' to 1000 points, not to 2000 (--target)")
    }

    @Test("a file larger than any solve writes is refused from its size, before it is read")
    func oversized() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("huge.policy")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        // A sparse file: its size is set without writing (or reading) its bytes.
        try handle.truncate(atOffset: UInt64(WinPolicyFile.maximumFileSize) + 1)
        try handle.close()
        let error = try #require(throws: WinPolicyError.self) {
            try Advisor.readGame(contentsOf: url, rules: onesRace)
        }
        #expect(error.description.contains("more than any policy file"))
    }

    @Test("writing into a missing directory throws and leaves no file")
    func unwritable() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let solver = try WinProbabilitySolver(rules: onesRace)
        let url = directory.appendingPathComponent("missing/ones.policy")
        #expect(throws: WinPolicyError.self) { try solver.writePolicy(to: url) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

@Suite("A policy file's checksum, read as the cache lists it")
struct PolicyFileChecksumTests {
    /// 64-bit FNV-1a, written here from its definition.
    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test(
        "a file ending with the checksum of the bytes before it is intact, across reads of a mebibyte; a change is not")
    func intact() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-checksum-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix64(state: 3)
        for length in [0, 1, (1 << 20) - 8, (1 << 20) - 3, (3 << 20) / 2] {
            let body = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let file = directory.appendingPathComponent("\(length).policy")
            let sum = Self.fnv1a(body)
            let whole = body + (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * UInt64($0))) }
            try Data(whole).write(to: file)
            #expect(WinPolicyFile.hasIntactChecksum(at: file), "\(length)")
            try Data(whole.dropLast()).write(to: file)
            #expect(!WinPolicyFile.hasIntactChecksum(at: file), "\(length), truncated")
            var flipped = whole
            flipped[whole.count / 2] ^= 0x10
            try Data(flipped).write(to: file)
            #expect(!WinPolicyFile.hasIntactChecksum(at: file), "\(length), flipped")
        }
        #expect(!WinPolicyFile.hasIntactChecksum(at: directory.appendingPathComponent("missing.policy")))
        #expect(!WinPolicyFile.hasIntactChecksum(at: directory))
    }
}

@Suite("Win policy file of a race between dice sets")
struct DiceSetsPolicyFileTests {
    /// A weighted die and an odd one against six ordinary dice, racing to 400 under kcd: small, several states.
    static func race(_ first: String = "weighted:1,odd:1", target: Int = 400) throws -> [DiceSetOutcomes] {
        var rules = RuleSet.kcd
        rules.game.end = .target(target, finalRound: false)
        let table = ScoringTable(rules: rules)
        return [
            DiceSetOutcomes(table: table, set: try DiceSet(parsing: first)),
            DiceSetOutcomes(table: table, set: .ordinary),
        ]
    }

    @Test("a written file loads back to identical chances at every pair, for both players")
    func roundTrip() throws {
        let outcomes = try Self.race()
        let solver = LoadedWinSolver(outcomes: outcomes, threads: 2)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("dice.policy")
        try solver.writePolicy(to: url)
        let loaded = try LoadedWinSolver(contentsOf: url, outcomes: outcomes)
        #expect(loaded.levels == solver.levels && loaded.largestLastChange == solver.largestLastChange)
        for player in 0..<2 {
            for own in stride(from: 0, to: 400, by: 50) {
                for other in stride(from: 0, to: 400, by: 50) {
                    #expect(
                        loaded.winProbability(player: player, own: own, opponent: other)
                            == solver.winProbability(player: player, own: own, opponent: other))
                }
            }
        }
        // The turns a strategy plays are built from the values: the same advice on a roll mid-game.
        // By kind: the weighted die, the odd die, the four ordinary dice.
        let roll = [DiceCounts(faces: [1]), DiceCounts(faces: [5]), DiceCounts(faces: [2, 3, 4, 6])]
        #expect(
            loaded.turn(player: 0, own: 150, opponent: 250).advice(for: roll, turnPoints: 0)
                == solver.turn(player: 0, own: 150, opponent: 250).advice(for: roll, turnPoints: 0))
    }

    @Test("a file of other dice, seats swapped, another target or a race with ordinary dice is refused, saying which")
    func foreignFiles() throws {
        let outcomes = try Self.race()
        let bytes = LoadedWinSolver(outcomes: outcomes).policyFileBytes
        func reason(_ bytes: [UInt8], _ outcomes: [DiceSetOutcomes]) -> String {
            do {
                _ = try LoadedWinSolver(policyFileBytes: bytes, outcomes: outcomes)
                return "read"
            } catch {
                return error.reason
            }
        }
        #expect(reason(bytes, try Self.race("weighted:2")).contains("other dice of player 1"))
        #expect(reason(bytes, [outcomes[1], outcomes[0]]).contains("other dice of player 1"))
        #expect(reason(bytes, try Self.race(target: 450)).contains("to 400 points, not to 450"))
        // A race with ordinary dice under the same rules, read either way.
        let plain = try WinProbabilitySolver(rules: outcomes[0].table.rules).policyFileBytes
        #expect(reason(plain, outcomes) == "it holds a race with ordinary dice, not a race between dice sets")
        #expect {
            try WinProbabilitySolver(policyFileBytes: bytes, rules: outcomes[0].table.rules)
        } throws: { error in
            (error as? WinPolicyError)?.reason == "it holds a race between dice sets, not a race with ordinary dice"
        }
        var damaged: [[UInt8]] = [Array(bytes.prefix(30)), Array(bytes.dropLast(9))]
        for offset in [9, 40, 80, bytes.count / 2, bytes.count - 1] {
            var copy = bytes
            copy[offset] ^= 0x40
            damaged.append(copy)
        }
        for candidate in damaged {
            #expect(reason(candidate, outcomes) != "read")
        }
    }
}
