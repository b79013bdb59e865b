/// The easy, medium and hard bots of the online game Farkle Ten, played exactly as designed
/// (`farkleten-easy`, `farkleten-medium`, `farkleten-hard`).
///
/// Unlike the other strategies, a bot keeps **one combination** per roll, as the
/// bots enumerate them (`FarkleTenBot.Combinations`): a single 1 or 5, every die
/// of a face showing three or more times, and, of six dice, three pairs, the
/// straight and two triplets, each scored as the rules score those dice. After
/// the keep, with n the dice left (6 after hot dice) and T the turn points:
///
/// - **easy** keeps a random combination 30% of the time, else the highest-scoring
///   one; it banks if n ≤ 2 or T reaches a fresh random threshold from 300 to 450.
/// - **medium** keeps the combination with the most points per die (times 1.2 if it
///   uses every die rolled); it banks if it leads by more than 2000 with T ≥ 350,
///   else rolls while (1 − p)(T + E) − pT > T (`rollsOn(turnPoints:diceLeft:)`).
/// - **hard** keeps the combination maximizing points + (1 − p(r)) E(r), r the dice
///   it leaves (times 1.3 if it uses every die), then follows the first rule that
///   matches (`hardBanks(turnPoints:diceLeft:situation:)`).
///
/// p and E are the farkle chance and expected gain of n dice as the bots tabulate
/// them (`farkleChance`, `expectedGain`). Leading and behind compare the player's
/// total before the turn with the best other player's; alone, the player neither
/// leads nor trails. Random choices use the strategy generator, so a seed repeats
/// every game.
public struct FarkleTenBot: Strategy {
    /// How strong the bot plays.
    public enum Level: String, Hashable, Sendable, CaseIterable {
        /// Random keeps 30% of the time; banks from a random 300 to 450 points, or with 2 dice or fewer.
        case easy
        /// The most points per die; banks by the bots' expected-gain rule, or with a lead of more than 2000.
        case medium
        /// The best points plus expected gain; banks by the score, the rounds left and the dice.
        case hard

        /// The level's place among each roll's three choices.
        @inlinable
        var choiceOffset: Int {
            switch self {
            case .easy: return 0
            case .medium: return 1
            case .hard: return 2
            }
        }
    }

    /// The bot's level.
    @usableFromInline let level: Level

    @usableFromInline
    internal let combinations: Combinations

    /// The bot of `level` under the rules of `table`.
    package init(level: Level, table: ScoringTable) {
        self.init(level: level, combinations: Combinations(table: table))
    }

    @usableFromInline
    internal init(level: Level, combinations: Combinations) {
        self.level = level
        self.combinations = combinations
    }

    /// `farkleten-easy`, `farkleten-medium`, `farkleten-hard`.
    public var name: String { "farkleten-" + level.rawValue }

    // MARK: - The bots' tables

    /// The farkle chance of rolling n = 1...6 dice as the bots use it (index 0 unused).
    @usableFromInline static let farkleChance: [Double] = [0, 0.6667, 0.4444, 0.2778, 0.1543, 0.0772, 0.0231]

    /// The expected gain of rolling n = 1...6 dice as the bots use it, in points (index 0 unused).
    @usableFromInline static let expectedGain: [Double] = [0, 83, 100, 150, 200, 250, 350]

    // Computed constants, not stored `static let`s: the hot loop reads them without a lazy-initialization check.

    /// The share of easy's keeps taken at random.
    @inlinable static var easyRandomKeepChance: Double { 0.3 }
    /// The least of easy's fresh bank thresholds, in points.
    @inlinable static var easyLeastThreshold: Int { 300 }
    /// The number of easy's bank thresholds, 300 to 450 points.
    @inlinable static var easyThresholdCount: UInt { 151 }
    /// Easy banks with this many dice left or fewer, whatever the points.
    @inlinable static var easyBankDice: Int { 2 }
    /// Medium's and hard's bonus factors for a combination that uses every die rolled.
    static let mediumHotDiceFactor = 1.2
    /// See `mediumHotDiceFactor`.
    static let hardHotDiceFactor = 1.3

    // MARK: - Moves

    /// The bot's keep, and its bank decision right after it.
    ///
    /// Not inlined into the engine: one call per roll costs the bots little, and keeps the engine's loop as
    /// small for every other strategy (inlined, it cost `ev` against `ev` about 5% more instructions).
    @inlinable @inline(never)
    public func move<Generator: RandomNumberGenerator>(
        turnPoints: Int, dice: Int, multiset: Int, situation: GameSituation, using generator: inout Generator
    ) -> Move {
        // The draws go to a local copy of the generator, stored back after the last read of the bot: a write
        // through `generator` while the bot is read would make the engine copy (and retain) the bot's tables.
        var random = generator
        let global = combinations.globalIndex(dice: dice, multiset: multiset)
        var keep = combinations.choice(global: global, level)
        // A uniform draw from [0, 1) on 53 bits, as `Double.random(in:using:)` makes it.
        if level == .easy, Double(random.next() >> 11) * 0x1p-53 < Self.easyRandomKeepChance {
            let first = Int(combinations.candidateStart[global])
            let count = Int(combinations.candidateStart[global &+ 1]) &- first
            keep = combinations.candidateList[first &+ Int(random.next(upperBound: UInt(count)))]
        }
        let points = turnPoints + Int(keep.score)
        let diceLeft = TurnMechanics.diceLeft(
            afterKeeping: Int(keep.diceUsed), of: dice, allDice: combinations.allDice)
        let banks = Self.banks(
            level, turnPoints: points, diceLeft: diceLeft, mediumBankFrom: combinations.mediumBankFrom[diceLeft],
            situation: situation, using: &random)
        generator = random
        return Move(score: Int(keep.score), diceUsed: Int(keep.diceUsed), banks: banks)
    }

    /// The bot's bank decision with `turnPoints` and `diceLeft` dice to roll (6 after hot dice).
    @inlinable @inline(never)
    public func shouldBank<Generator: RandomNumberGenerator>(
        turnPoints: Int, diceLeft: Int, situation: GameSituation, using generator: inout Generator
    ) -> Bool {
        var random = generator
        let banks = Self.banks(
            level, turnPoints: turnPoints, diceLeft: diceLeft, mediumBankFrom: combinations.mediumBankFrom[diceLeft],
            situation: situation, using: &random)
        generator = random
        return banks
    }

    /// The bank decision of `level`, given medium's bank threshold for the dice left.
    ///
    /// Static and given plain values, so that a call copies nothing of the bot's tables: the engine reads the bot
    /// in place, and a call that took the bot itself would retain its arrays on every roll.
    @inlinable
    static func banks<Generator: RandomNumberGenerator>(
        _ level: Level, turnPoints: Int, diceLeft: Int, mediumBankFrom: Int, situation: GameSituation,
        using generator: inout Generator
    ) -> Bool {
        switch level {
        case .easy:
            // A fresh threshold on every decision, drawn even where few dice decide it.
            let threshold = easyLeastThreshold &+ Int(generator.next(upperBound: easyThresholdCount))
            return diceLeft <= easyBankDice || turnPoints >= threshold
        case .medium:
            if let lead = lead(situation), lead > 2000, turnPoints >= 350 { return true }
            return turnPoints >= mediumBankFrom
        case .hard:
            return hardBanks(
                turnPoints: turnPoints, diceLeft: diceLeft, situation: situation, mediumBankFrom: mediumBankFrom)
        }
    }

    /// The least turn points from which medium's rule banks with `diceLeft` dice: medium's rule as a table.
    ///
    /// (1 − p)(T + E) − pT − T falls as T grows, so the rule rolls below one number of points and banks from
    /// it; searched with the rule itself, so the table and the formula agree on every whole number.
    @usableFromInline static func mediumBankFrom(diceLeft: Int) -> Int {
        var low = 0
        var high = StrategySpec.maximumThreshold
        while low < high {
            let middle = (low + high) / 2
            if rollsOn(turnPoints: middle, diceLeft: diceLeft) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Medium's rule, which hard falls back on: roll while (1 − p)(T + E) − pT > T, with p and E of `diceLeft`.
    @inlinable
    static func rollsOn(turnPoints: Int, diceLeft: Int) -> Bool {
        let points = Double(turnPoints)
        let chance = farkleChance[diceLeft]
        return (1 - chance) * (points + expectedGain[diceLeft]) - chance * points > points
    }

    /// Hard's bank decision: the first of its rules that matches.
    ///
    /// 1. leading by more than 3000 with T ≥ 300: bank;
    /// 2. leading by more than 1500 with T ≥ 400 and n ≤ 4: bank;
    /// 3. behind by more than 3000 with n ≥ 2 and T < 800: roll;
    /// 4. behind by more than 1500 with T < 600 and n ≥ 3: roll;
    /// 5. two or fewer rounds left: roll if own total + T < the best other total + 300 × rounds left and n ≥ 3,
    ///    else bank if T ≥ 350 (alone, only the second part);
    /// 6. n ≤ 2 and T ≥ 400: bank;
    /// 7. n ≥ 5 and T < 300: roll;
    /// 8. otherwise medium's rule (`rollsOn(turnPoints:diceLeft:)`).
    @inlinable
    static func hardBanks(turnPoints: Int, diceLeft: Int, situation: GameSituation) -> Bool {
        hardBanks(
            turnPoints: turnPoints, diceLeft: diceLeft, situation: situation,
            mediumBankFrom: mediumBankFrom(diceLeft: diceLeft))
    }

    /// `hardBanks(turnPoints:diceLeft:situation:)` with medium's rule read from its table.
    @inlinable
    static func hardBanks(turnPoints: Int, diceLeft: Int, situation: GameSituation, mediumBankFrom: Int) -> Bool {
        let points = turnPoints
        let dice = diceLeft
        if let lead = lead(situation) {
            if lead > 3000, points >= 300 { return true }
            if lead > 1500, points >= 400, dice <= 4 { return true }
            if -lead > 3000, dice >= 2, points < 800 { return false }
            if -lead > 1500, points < 600, dice >= 3 { return false }
        }
        if let roundsLeft = situation.roundsLeft, roundsLeft <= 2 {
            // Own total + T < the best other total + 300 × rounds left, with the lead as own − best other.
            if let lead = lead(situation), dice >= 3, points < 300 * roundsLeft - lead {
                return false
            }
            if points >= 350 { return true }
        }
        if dice <= 2, points >= 400 { return true }
        if dice >= 5, points < 300 { return false }
        return points >= mediumBankFrom
    }

    /// The player's total less the best other player's (negative when behind), or `nil` alone.
    @inlinable
    static func lead(_ situation: GameSituation) -> Int? {
        let scores = situation.scores
        guard scores.count > 1 else { return nil }
        var best = Int.min
        for seat in 0..<scores.count where seat != situation.seat { best = max(best, scores[seat]) }
        return scores[situation.seat] - best
    }
}

// MARK: - Combinations

extension FarkleTenBot {
    /// The combinations the bots choose from, for every roll, and each level's deterministic choice.
    ///
    /// Built once per rule set and kept for the life of the process (`Cache`): the bot holds plain pointers
    /// into it, so a bot is trivially copyable and the engine, which reads it through a pointer and lends the
    /// strategies its random generator, has no reference count to keep on any roll. Each rule set's tables
    /// take about 40 KB.
    @usableFromInline
    internal struct Combinations: @unchecked Sendable {
        // Unchecked: the pointers lead to memory written once, before any bot exists, and never freed.

        /// A combination: its points (as the rules score its dice) and its dice.
        @usableFromInline
        internal struct Candidate: Hashable, Sendable {
            @usableFromInline let score: Int32
            @usableFromInline let diceUsed: Int32
        }

        /// The candidates of global roll g are `candidateList[candidateStart[g] ..< candidateStart[g + 1]]`.
        @usableFromInline let candidateStart: UnsafePointer<Int32>
        @usableFromInline let candidateList: UnsafePointer<Candidate>
        /// Easy's (highest score), medium's and hard's choice of global roll g at `3 g + level`.
        @usableFromInline let choices: UnsafePointer<Candidate>
        /// `FarkleTenBot.mediumBankFrom(diceLeft:)` for 0...6 dice (0 unused).
        @usableFromInline let mediumBankFrom: UnsafePointer<Int>
        /// The first global roll number of each dice count.
        @usableFromInline let rollOffset: UnsafePointer<Int>
        /// The dice of the game (`TurnRules.dice`): hot dice give them back.
        @usableFromInline let allDice: Int

        /// The tables of the rules of `table`, built on the first request for these rules.
        init(table: ScoringTable) {
            self = Self.cache.withLock { built in
                if let tables = built[table.rules] { return tables }
                let tables = Combinations(building: table)
                built[table.rules] = tables
                return tables
            }
        }

        /// The tables of `table`, newly built into memory that is never freed.
        private init(building table: ScoringTable) {
            var starts: [Int32] = [0]
            var list: [Candidate] = []
            var choices: [Candidate] = []
            var offsets: [Int] = []
            for dice in 0...DiceCounts.maximumDice {
                offsets.append(starts.count - 1)
                for roll in DiceCatalog.shared.multisets[dice] {
                    let candidates = Self.candidates(of: roll, table: table)
                    list += candidates
                    starts.append(Int32(list.count))
                    let fallback = Candidate(score: 0, diceUsed: 0)
                    choices += [
                        Self.best(candidates) { Double($0.score) } ?? fallback,
                        Self.best(candidates) { Self.mediumValue($0, dice: dice) } ?? fallback,
                        Self.best(candidates) { Self.hardValue($0, dice: dice, allDice: table.rules.turn.dice) }
                            ?? fallback,
                    ]
                }
            }
            let bankFrom = (0...DiceCounts.maximumDice).map { $0 == 0 ? 0 : FarkleTenBot.mediumBankFrom(diceLeft: $0) }
            candidateStart = Self.immortal(starts)
            candidateList = Self.immortal(list)
            self.choices = Self.immortal(choices)
            rollOffset = Self.immortal(offsets)
            mediumBankFrom = Self.immortal(bankFrom)
            allDice = table.rules.turn.dice
        }

        /// A copy of `values` in memory that is never freed.
        private static func immortal<Element>(_ values: [Element]) -> UnsafePointer<Element> {
            let memory = UnsafeMutablePointer<Element>.allocate(capacity: max(1, values.count))
            memory.initialize(from: values, count: values.count)
            return UnsafePointer(memory)
        }

        /// Every rule set's tables built so far, by rule set.
        private static let cache = Locked<[RuleSet: Combinations]>([:])

        @inlinable
        func globalIndex(dice: Int, multiset: Int) -> Int {
            rollOffset[dice] &+ multiset
        }

        @inlinable
        func choice(global: Int, _ level: Level) -> Candidate {
            choices[3 &* global &+ level.choiceOffset]
        }

        /// The combinations of `roll` as the bots enumerate them, in this order, each set of dice once: a single
        /// 1, a single 5, all the dice of each face showing three or more times (1s to 6s; where the rules score
        /// no keep of them all, as without four of a kind, the most of them that score), and of six dice three
        /// pairs (four of a kind and a pair, six of a kind), the straight and two triplets (six of a kind). Each
        /// scores what the rules give its dice as a keep; dice the rules do not score as a keep are left out. A
        /// roll that scores only by other combinations of the rules (none of these) offers every keep the table
        /// lists, so that no scoring roll leaves a bot without a keep.
        static func candidates(of roll: DiceCounts, table: ScoringTable) -> [Candidate] {
            let keeps = table.keeps(for: roll)
            var patterns: [DiceCounts] = []
            for face in [1, 5] where roll[face] >= 1 { patterns.append(DiceCounts(faces: [face])) }
            for face in DiceCounts.faces where roll[face] >= 3 {
                let kinds = stride(from: roll[face], through: 3, by: -1).lazy.map {
                    DiceCounts(faces: Array(repeating: face, count: $0))
                }
                if let pattern = kinds.first(where: { kind in keeps.contains { $0.dice == kind } }) {
                    patterns.append(pattern)
                }
            }
            if roll.count == DiceCounts.maximumDice {
                let shape = DiceCounts.faces.map { roll[$0] }.filter { $0 > 0 }.sorted()
                let isPairs = shape == [2, 2, 2] || shape == [2, 4] || shape == [6]
                let isStraight = shape == [1, 1, 1, 1, 1, 1]
                let isTriplets = shape == [3, 3] || shape == [6]
                if isPairs || isStraight || isTriplets { patterns.append(roll) }
            }
            var seen = Set<DiceCounts>()
            var candidates: [Candidate] = []
            for pattern in patterns where seen.insert(pattern).inserted {
                guard let keep = keeps.first(where: { $0.dice == pattern }) else { continue }
                candidates.append(Candidate(score: Int32(keep.score), diceUsed: Int32(keep.diceUsed)))
            }
            if candidates.isEmpty {
                candidates = keeps.map { Candidate(score: Int32($0.score), diceUsed: Int32($0.diceUsed)) }
            }
            return candidates
        }

        /// Medium's value of a combination from a roll of `dice` dice: points per die, times 1.2 with every die.
        static func mediumValue(_ candidate: Candidate, dice: Int) -> Double {
            let perDie = Double(candidate.score) / Double(candidate.diceUsed)
            return Int(candidate.diceUsed) == dice ? perDie * FarkleTenBot.mediumHotDiceFactor : perDie
        }

        /// Hard's value: points + (1 − p(r)) E(r) for the r dice left (all the dice after hot dice), times 1.3 with
        /// every die.
        static func hardValue(_ candidate: Candidate, dice: Int, allDice: Int) -> Double {
            let left = TurnMechanics.diceLeft(afterKeeping: Int(candidate.diceUsed), of: dice, allDice: allDice)
            let value =
                Double(candidate.score) + (1 - FarkleTenBot.farkleChance[left]) * FarkleTenBot.expectedGain[left]
            return Int(candidate.diceUsed) == dice ? value * FarkleTenBot.hardHotDiceFactor : value
        }

        /// The candidate of highest `value`, the first on a tie; `nil` for a farkle.
        static func best(_ candidates: [Candidate], by value: (Candidate) -> Double) -> Candidate? {
            var best: (Candidate, Double)?
            for candidate in candidates where best.map({ value(candidate) > $0.1 }) ?? true {
                best = (candidate, value(candidate))
            }
            return best?.0
        }
    }
}
