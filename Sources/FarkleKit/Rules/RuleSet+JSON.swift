// A rule file is a JSON object in which every key is optional: what it leaves
// out keeps the value of its base preset (`"base"`, `standard` by default), so
// a file lists only how its rules differ. Unknown keys are errors, so a typo
// never passes silently for a rule.

extension RuleSet {
    /// The largest rule file read, in bytes: a complete rule file is about 1.5 KB, so anything near this is
    /// no rule file, and refusing it early spares decoding megabytes only to report its first wrong key.
    static let maximumFileSize = 65_536

    /// The longest rule-set name, in characters: a name becomes file and folder names (`Reports/<name>/`), whose
    /// bytes a file system bounds (255 on most), and is shown in every report's title.
    static let maximumNameLength = 64

    /// A valid rule-set name made from a file name, so that `jsonText` of a file without `"name"` loads again:
    /// runs of other characters become one `-` (`house rules (2024)` -> `house-rules-2024`).
    static func ruleName(fromFileName fileName: String) -> String {
        var name = ""
        for character in fileName {
            if character.isLetter || character.isNumber || character == "_" || character == "-" {
                name.append(character)
            } else if !name.isEmpty, name.last != "-" {
                name.append("-")
            }
        }
        // At most `maximumNameLength` characters (Unicode scalars), as a name given in the file.
        while name.unicodeScalars.count > RuleSet.maximumNameLength { name.removeLast() }
        while name.last == "-" { name.removeLast() }
        return name.isEmpty ? "custom" : name
    }

    /// Parses a JSON rule set from the bytes of a rule file: `init(json:source:defaultName:)` without Foundation.
    ///
    /// - Parameters:
    ///   - json: The file's bytes.
    ///   - source: How errors name the file.
    ///   - defaultName: The name when the file has no `"name"`.
    /// - Throws: `RuleSetError` for JSON that is not strict RFC 8259 (a trailing comma, a key given twice,
    ///   nesting deeper than a rule file needs), more than `maximumFileSize` bytes, or a wrong rule.
    package init(jsonBytes json: [UInt8], source: String, defaultName: String = "custom") throws(RuleSetError) {
        guard json.count <= Self.maximumFileSize else {
            throw RuleSetError(
                source: source,
                problem: "is larger than \(Self.maximumFileSize) bytes, too large for a rule file (a complete one "
                    + "is about 1.5 KB)")
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: json)
        } catch {
            throw RuleSetError(source: source, key: error.key, problem: error.problem)
        }
        try self.init(root, source: source, defaultName: defaultName)
    }

    /// Reads a rule set from a parsed JSON object, as a rule file holds it (a game record carries one).
    init(_ root: JSONValue, source: String, defaultName: String = "custom") throws(RuleSetError) {
        self = try RuleReader(source: source).ruleSet(from: root, defaultName: defaultName)
    }
}

// MARK: - Reading

private struct RuleReader {
    let source: String

    func fail(_ key: String, _ problem: String) -> RuleSetError {
        RuleSetError(source: source, key: key, problem: problem)
    }

    func object(_ value: JSONValue, _ key: String?, allowed: [String]) throws(RuleSetError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            if let key { throw fail(key, "must be an object, not \(value.kindDescription)") }
            throw RuleSetError(source: source, problem: "must hold a JSON object of rules")
        }
        for name in members.keys.sorted() where !allowed.contains(name) {
            let path = key.map { "\($0).\(name)" } ?? name
            throw fail(path, "is not a rule (known here: \(allowed.joined(separator: ", ")))")
        }
        return members
    }

    func integer(_ value: JSONValue, _ key: String, in range: ClosedRange<Int>) throws(RuleSetError) -> Int {
        guard case .integer(let number) = value else {
            // Digits too many for a 64-bit whole number (or an exponent as large) are out of range, however written.
            if case .number(let text) = value, !(abs(Double(text) ?? .infinity) < 0x1p63) {
                let bound =
                    range.upperBound == Int.max
                    ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
                throw fail(key, "must be \(bound), not a number that large")
            }
            // 1e3 and 1000.0 read as numbers with a fraction or exponent: say how to write the whole number.
            if case .number = value {
                throw fail(
                    key,
                    "must be a whole number written in digits alone (no '.', 'e' or 'E'), not \(value.kindDescription)")
            }
            throw fail(key, "must be a whole number, not \(value.kindDescription)")
        }
        guard range.contains(number) else {
            if range.upperBound == Int.max { throw fail(key, "must be \(range.lowerBound) or more, not \(number)") }
            throw fail(key, "must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
        }
        return number
    }

    func bool(_ value: JSONValue, _ key: String) throws(RuleSetError) -> Bool {
        guard case .bool(let flag) = value else {
            throw fail(key, "must be true or false, not \(value.kindDescription)")
        }
        return flag
    }

    /// Points of a combination: a positive whole number, or null to switch it off; `choice` names one more value
    /// the caller reads itself, for the message.
    func points(_ value: JSONValue, _ key: String, orElse choice: String? = nil) throws(RuleSetError) -> Int? {
        if value == .null { return nil }
        guard case .integer(let number) = value, RuleReader.pointRange.contains(number) else {
            throw fail(
                key,
                "must be points from \(RuleReader.pointRange.lowerBound) to \(RuleReader.pointRange.upperBound), "
                    + (choice.map { "null to switch it off, or \($0)" } ?? "or null to switch it off")
                    + ", not \(value.kindDescription)")
        }
        return number
    }

    /// Larger values would let sums of a long turn overflow nothing, but make no sense at a table.
    static let pointRange = 1...1_000_000

    func ofAKind(_ value: JSONValue, _ key: String) throws(RuleSetError) -> OfAKindPoints {
        switch value {
        case .null: return .off
        case .string("linear"): return .linear
        case .string("doubling"): return .doubling
        case .integer: return .flat(try points(value, key) ?? 0)
        default:
            throw fail(key, "must be points, \"linear\", \"doubling\" or null, not \(value.kindDescription)")
        }
    }

    func fullHouse(_ value: JSONValue, _ key: String) throws(RuleSetError) -> FullHousePoints {
        switch value {
        case .null: return .off
        case .integer: return .flat(try points(value, key) ?? 0)
        case .object:
            let members = try object(value, key, allowed: ["three_of_a_kind_plus"])
            guard let bonus = members["three_of_a_kind_plus"] else {
                throw fail(key, "needs \"three_of_a_kind_plus\": the points added to the three of a kind")
            }
            return .threeOfAKindPlus(
                try integer(bonus, key + ".three_of_a_kind_plus", in: 0...RuleReader.pointRange.upperBound))
        default:
            throw fail(key, "must be points, {\"three_of_a_kind_plus\": points} or null, not \(value.kindDescription)")
        }
    }

    func ruleSet(from root: JSONValue, defaultName: String) throws(RuleSetError) -> RuleSet {
        let members = try object(root, nil, allowed: ["name", "base", "combinations", "turn", "game"])
        var rules = RuleSet.standard
        rules.name = defaultName
        if let base = members["base"] {
            guard case .string(let baseName) = base, let preset = RuleSet.presets[baseName] else {
                let names = RuleSet.presets.keys.sorted().joined(separator: ", ")
                throw fail("base", "must name a preset (\(names)), not \(base.kindDescription)")
            }
            rules = preset
            rules.name = defaultName
        }
        if let name = members["name"] {
            // It names files and folders: bounded well within a file name's 255 bytes.
            // Counted in Unicode scalars: a letter followed by any number of combining marks is one `Character`.
            if case .string(let text) = name, text.unicodeScalars.count > RuleSet.maximumNameLength {
                throw fail(
                    "name",
                    "must be a short name of at most \(RuleSet.maximumNameLength) characters, not "
                        + "\(text.unicodeScalars.count)")
            }
            guard case .string(let text) = name, !text.isEmpty,
                text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            else {
                throw fail("name", "must be a short name of letters, digits, - and _, not \(name.kindDescription)")
            }
            rules.name = text
        }
        if let value = members["combinations"] { try readCombinations(value, into: &rules.combinations) }
        if let value = members["turn"] { try readTurn(value, into: &rules.turn) }
        if let value = members["game"] { try readGame(value, into: &rules.game) }
        if rules.turn.dice < DiceCounts.maximumDice { try fitDice(&rules, file: members) }
        // Inherited points that do not enter change nothing where no entry minimum rises above the least bank.
        if let piggyback = rules.game.piggyback, !piggyback.inheritedPointsEnter,
            !rules.entryRaisesTheLeastBank
        {
            throw fail(
                "game.piggyback.inherited_points_enter",
                "is false, but rules without a game.entry_minimum above turn.minimum_bank "
                    + "(\(rules.game.entryMinimum) against \(rules.turn.minimumBank)) have no entry for it to change: "
                    + "set an entry minimum or leave it out")
        }
        return rules
    }

    /// Refuses what the file gives that needs more dice than its game has, then drops what its base set for six
    /// dice (`RuleSet.dropRulesNeedingMoreDice()`).
    func fitDice(_ rules: inout RuleSet, file members: [String: JSONValue]) throws(RuleSetError) {
        let dice = rules.turn.dice
        func given(_ key: String) -> JSONValue? {
            let parts = key.split(separator: ".").map(String.init)
            guard case .object(let section)? = members[parts[0]] else { return nil }
            return section[parts[1]]
        }
        for need in rules.rulesNeedingMoreDice {
            // What six of a kind does is given as `six_ones` or as `six_of_a_kind`.
            let keys = need.key == "game.six_of_a_kind" ? [need.key, "game.six_ones"] : [need.key]
            for key in keys where given(key) != nil {
                throw fail(
                    key,
                    "needs \(need.dice) dice in one roll, but a game of \(dice == 1 ? "1 die" : "\(dice) dice") (turn.dice) never rolls them: "
                        + "leave it out or switch it off")
            }
        }
        if case .array(let counts)? = given("turn.bank_with_dice_left"),
            let count = counts.first(where: { value in
                guard case .integer(let left) = value else { return false }
                return left >= dice
            })
        {
            throw fail(
                "turn.bank_with_dice_left",
                "lists \(count.kindDescription), but a game of \(dice == 1 ? "1 die" : "\(dice) dice") (turn.dice) leaves at most \(dice - 1) "
                    + "after a keep (banking after hot dice is set by turn.hot_dice_mandatory)")
        }
        // A bank leaves at most the game's dice (all of them after hot dice): an offer from more is never made.
        if let piggyback = rules.game.piggyback, piggyback.leastDiceLeft > dice {
            throw fail(
                "game.piggyback.least_dice_left",
                "is \(piggyback.leastDiceLeft), but a game of \(dice == 1 ? "1 die" : "\(dice) dice") (turn.dice) never "
                    + "leaves more than \(dice) to take over: at most \(dice)")
        }
        rules.dropRulesNeedingMoreDice()
    }

    func readCombinations(_ value: JSONValue, into points: inout CombinationPoints) throws(RuleSetError) {
        let section = "combinations"
        let members = try object(value, section, allowed: CombinationKey.allCases.map({ $0.rawValue }))
        for name in members.keys.sorted() {
            guard let key = CombinationKey(rawValue: name), let value = members[name] else { continue }
            let path = "\(section).\(name)"
            switch key {
            case .singleOne: points.singleOne = try self.points(value, path)
            case .singleFive: points.singleFive = try self.points(value, path)
            case .threeOfAKind:
                guard case .array(let values) = value, values.count == 6 else {
                    throw fail(path, "must list six values, for 1s to 6s (points or null)")
                }
                var triples: [Int?] = []
                for (offset, element) in values.enumerated() {
                    triples.append(try self.points(element, "\(path)[\(offset)]"))
                }
                points.threeOfAKind = triples
            case .fourOfAKind: points.fourOfAKind = try ofAKind(value, path)
            case .fiveOfAKind: points.fiveOfAKind = try ofAKind(value, path)
            case .sixOfAKind: points.sixOfAKind = try ofAKind(value, path)
            case .fullHouse: points.fullHouse = try fullHouse(value, path)
            case .fullMansion: points.fullMansion = try self.points(value, path)
            case .threePairs: points.threePairs = try self.points(value, path)
            case .threePairsAlso:
                guard case .array(let values) = value else {
                    throw fail(path, "must list patterns (\"four_and_pair\", \"six_of_a_kind\")")
                }
                var patterns = Set<PairsPattern>()
                for element in values {
                    guard case .string(let text) = element, let pattern = PairsPattern(rawValue: text) else {
                        throw fail(
                            path, "lists \(element.kindDescription); known: \"four_and_pair\", \"six_of_a_kind\"")
                    }
                    // A list that names a pattern twice is a slip, not a rule: said, not merged.
                    guard patterns.insert(pattern).inserted else { throw fail(path, "lists \"\(text)\" twice") }
                }
                points.threePairsAlso = patterns
            case .twoTriplets: points.twoTriplets = try self.points(value, path)
            case .twoTripletsIncludeSixOfAKind: points.twoTripletsIncludeSixOfAKind = try bool(value, path)
            case .smallStraight: points.smallStraight = try self.points(value, path)
            case .largeStraight: points.largeStraight = try self.points(value, path)
            case .countingFaces: points.countingFaces = try sixDiceCombinations(value, path)
            case .smallStraightTwoToSix:
                // null: as 1-2-3-4-5; "off": not a combination even where 1-2-3-4-5 is one.
                switch value {
                case .null: points.highSmallStraight = .asLow
                case .string("off"): points.highSmallStraight = .off
                case .integer(let number) where RuleReader.pointRange.contains(number):
                    points.highSmallStraight = .points(number)
                default:
                    throw fail(
                        path,
                        "must be points from \(RuleReader.pointRange.lowerBound) to \(RuleReader.pointRange.upperBound), "
                            + "null (as small_straight) or \"off\", not \(value.kindDescription)")
                }
            case .fourDiceStraight: points.fourDiceStraight = try self.points(value, path)
            case .sixOnes: points.sixOnes = try self.points(value, path)
            }
        }
    }

    /// A list of six-dice combinations (`counting_faces`).
    func sixDiceCombinations(_ value: JSONValue, _ key: String) throws(RuleSetError) -> Set<SixDiceCombination> {
        let known = SixDiceCombination.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .array(let values) = value else { throw fail(key, "must list combinations (\(known))") }
        var combinations = Set<SixDiceCombination>()
        for element in values {
            guard case .string(let text) = element, let combination = SixDiceCombination(rawValue: text) else {
                throw fail(key, "lists \(element.kindDescription); known: \(known)")
            }
            guard combinations.insert(combination).inserted else { throw fail(key, "lists \"\(text)\" twice") }
        }
        return combinations
    }

    func readTurn(_ value: JSONValue, into turn: inout TurnRules) throws(RuleSetError) {
        let section = "turn"
        let members = try object(value, section, allowed: TurnKey.allCases.map({ $0.rawValue }))
        for name in members.keys.sorted() {
            guard let key = TurnKey(rawValue: name), let value = members[name] else { continue }
            let path = "\(section).\(name)"
            switch key {
            case .bankWithDiceLeft:
                guard case .array(let values) = value else {
                    throw fail(path, "must list dice counts from 1 to 5, such as [1, 2]")
                }
                var counts = Set<Int>()
                for element in values {
                    guard case .integer(let dice) = element, (1...5).contains(dice) else {
                        throw fail(
                            path,
                            "must list dice counts from 1 to 5, not \(element.kindDescription) "
                                + "(banking after hot dice is set by turn.hot_dice_mandatory)")
                    }
                    guard counts.insert(dice).inserted else { throw fail(path, "lists \(dice) twice") }
                }
                turn.bankingDiceLeft = counts
            case .hotDiceMandatory: turn.hotDiceMandatory = try bool(value, path)
            case .minimumBank: turn.minimumBank = try integer(value, path, in: 0...RuleReader.pointRange.upperBound)
            case .sixDiceFarkle:
                // "reroll": a scoreless opening roll is rolled again; {"cost": N}: it costs N points off the total
                // (both checked against six_dice_farkle_on below).
                turn.rerollsScorelessOpeningRoll = value == .string("reroll")
                turn.openingFarkleCost = try openingFarkleCost(value, path) ?? 0
                turn.sixDiceFarkle =
                    turn.rerollsScorelessOpeningRoll || turn.openingFarkleCost > 0
                    ? nil
                    : try points(
                        value, path,
                        orElse: "\"reroll\" to roll a scoreless opening roll again, {\"cost\": points} to take "
                            + "points off the total")
            case .sixDiceFarkleOn:
                switch value {
                case .string("opening_roll"): turn.sixDiceFarkleOnEveryRoll = false
                case .string("every_six_dice_roll"): turn.sixDiceFarkleOnEveryRoll = true
                default:
                    throw fail(
                        path, "must be \"opening_roll\" or \"every_six_dice_roll\", not \(value.kindDescription)")
                }
            case .threeFarklePenalty:
                turn.threeFarklePenalty =
                    value == .string("whole_total")
                    ? .wholeTotal
                    : try points(value, path, orElse: "\"whole_total\" to lose the whole total").map(
                        ThreeFarklePenalty.points)
            case .hotDiceBonus: turn.hotDiceBonus = try integer(value, path, in: 0...RuleReader.pointRange.upperBound)
            case .dice: turn.dice = try integer(value, path, in: 1...DiceCounts.maximumDice)
            }
        }
        if turn.rerollsScorelessOpeningRoll && turn.sixDiceFarkleOnEveryRoll {
            throw fail(
                "\(section).\(TurnKey.sixDiceFarkle.rawValue)",
                "\"reroll\" applies to a turn's opening roll only: set turn.six_dice_farkle_on to \"opening_roll\"")
        }
        if turn.openingFarkleCost > 0 && turn.sixDiceFarkleOnEveryRoll {
            throw fail(
                "\(section).\(TurnKey.sixDiceFarkle.rawValue)",
                "a cost applies to a turn's opening roll only: set turn.six_dice_farkle_on to \"opening_roll\"")
        }
    }

    /// The cost of a scoreless opening roll, `{"cost": points}` (1 or more), or `nil` when `value` is not an object.
    func openingFarkleCost(_ value: JSONValue, _ key: String) throws(RuleSetError) -> Int? {
        guard case .object = value else { return nil }
        let members = try object(value, key, allowed: ["cost"])
        guard let cost = members["cost"] else {
            throw fail(key, "must give the points a scoreless opening roll costs, such as {\"cost\": 500}")
        }
        return try integer(cost, "\(key).cost", in: 1...RuleReader.pointRange.upperBound)
    }

    /// Piggybacking: `true` (the plain rule), `false` (none), or
    /// `{"bonus": points, "least_dice_left": dice, "inherited_points_enter": flag}` with any of its members.
    func piggyback(_ value: JSONValue, _ key: String) throws(RuleSetError) -> Piggyback? {
        if case .bool(let flag) = value { return flag ? Piggyback() : nil }
        guard case .object = value else {
            throw fail(key, "must be true, false or an object such as {\"bonus\": 1000, \"least_dice_left\": 2}")
        }
        let members = try object(value, key, allowed: ["bonus", "least_dice_left", "inherited_points_enter"])
        let bonus = try members["bonus"].map { (bonus) throws(RuleSetError) in
            try integer(bonus, "\(key).bonus", in: 0...RuleReader.pointRange.upperBound)
        }
        let least = try members["least_dice_left"].map { (least) throws(RuleSetError) in
            try integer(least, "\(key).least_dice_left", in: 1...DiceCounts.maximumDice)
        }
        let enter = try members["inherited_points_enter"].map { (enter) throws(RuleSetError) in
            try bool(enter, "\(key).inherited_points_enter")
        }
        return Piggyback(bonus: bonus ?? 0, leastDiceLeft: least ?? 1, inheritedPointsEnter: enter ?? true)
    }

    /// What a six of a kind does: wins at once (`"instant_win"`), loses at once (`"loses"`) or scores as a
    /// combination (`"points"`).
    func sixOfAKindEnd(_ value: JSONValue, _ key: String) throws(RuleSetError) -> SixOfAKindEnd {
        guard case .string(let text) = value, let end = SixOfAKindEnd(rawValue: text) else {
            throw fail(key, "must be \"instant_win\", \"loses\" or \"points\", not \(value.kindDescription)")
        }
        return end
    }

    func readGame(_ value: JSONValue, into game: inout GameRules) throws(RuleSetError) {
        let section = "game"
        let members = try object(value, section, allowed: GameKey.allCases.map({ $0.rawValue }))
        var target = game.end.target ?? GameRules().end.target ?? 0
        var finalRound = game.end.target == nil ? true : game.end.hasFinalRound
        // A base's game of rounds stays one unless the file gives a target or final round.
        let givesRace = members[GameKey.target.rawValue] != nil || members[GameKey.finalRound.rawValue] != nil
        var rounds: Int? = givesRace ? nil : game.end.rounds
        for name in members.keys.sorted() {
            guard let key = GameKey(rawValue: name), let value = members[name] else { continue }
            let path = "\(section).\(name)"
            switch key {
            case .players: game.players = try integer(value, path, in: GameRules.playerRange)
            case .target: target = try integer(value, path, in: RuleReader.pointRange)
            case .finalRound: finalRound = try bool(value, path)
            case .exactTarget: game.mustHitTargetExactly = try bool(value, path)
            case .piggyback: game.piggyback = try piggyback(value, path)
            case .rounds: rounds = try integer(value, path, in: GameRules.roundRange)
            case .extraRoundsOnTie: game.extraRoundsOnTie = try integer(value, path, in: GameRules.extraRoundRange)
            case .highestTurnBreaksTie: game.highestTurnBreaksTie = try bool(value, path)
            case .entryMinimum: game.entryMinimum = try integer(value, path, in: 0...RuleReader.pointRange.upperBound)
            case .sixOnes:
                // Six 1s alone; `six_of_a_kind` says it of every face, so the two together are refused.
                guard members[GameKey.sixOfAKind.rawValue] == nil else {
                    throw fail(path, "cannot be given with game.six_of_a_kind, which says what six 1s do too")
                }
                game.setSixOfAKindEnd(try sixOfAKindEnd(value, path), face: 1)
            case .sixOfAKind:
                if case .array(let values) = value {
                    guard values.count == DiceCounts.faces.count else {
                        throw fail(
                            path, "must list six values, for 1s to 6s (\"instant_win\", \"loses\" or \"points\")")
                    }
                    for (offset, element) in values.enumerated() {
                        game.setSixOfAKindEnd(try sixOfAKindEnd(element, "\(path)[\(offset)]"), face: offset + 1)
                    }
                } else {
                    let end = try sixOfAKindEnd(value, path)
                    for face in DiceCounts.faces { game.setSixOfAKindEnd(end, face: face) }
                }
            }
        }
        if let rounds {
            // A game of rounds has no target: a target or final round beside it would be ignored.
            for key in [GameKey.target, .finalRound] where members[key.rawValue] != nil {
                throw fail(
                    "\(section).\(key.rawValue)", "cannot be given with game.rounds (a game of rounds has no target)")
            }
            if members[GameKey.exactTarget.rawValue] != nil {
                throw fail(
                    "\(section).\(GameKey.exactTarget.rawValue)",
                    "cannot be given with game.rounds (a game of rounds has no target)")
            }
            game.end = .rounds(rounds)
            game.mustHitTargetExactly = false
        } else {
            // The tie-breaks of a game of rounds: refused beside a target, dropped when a file turns a base's
            // game of rounds into a race.
            for key in [GameKey.extraRoundsOnTie, .highestTurnBreaksTie] where members[key.rawValue] != nil {
                throw fail("\(section).\(key.rawValue)", "needs game.rounds (a race to a target has no extra rounds)")
            }
            if game.mustHitTargetExactly {
                // The bank that hits the target wins: a final round given beside it contradicts it, and a base's
                // final round gives way.
                if case .bool(true) = members[GameKey.finalRound.rawValue] {
                    throw fail(
                        "\(section).\(GameKey.finalRound.rawValue)",
                        "cannot be true with game.exact_target (the bank that hits the target exactly wins at once)")
                }
                finalRound = false
            }
            game.end = .target(target, finalRound: finalRound)
            game.extraRoundsOnTie = 0
            game.highestTurnBreaksTie = false
        }
    }
}

// MARK: - Keys

/// The keys of the `combinations` object.
enum CombinationKey: String, CaseIterable {
    case singleOne = "single_one"
    case singleFive = "single_five"
    case threeOfAKind = "three_of_a_kind"
    case fourOfAKind = "four_of_a_kind"
    case fiveOfAKind = "five_of_a_kind"
    case sixOfAKind = "six_of_a_kind"
    case fullHouse = "full_house"
    case fullMansion = "full_mansion"
    case threePairs = "three_pairs"
    case threePairsAlso = "three_pairs_also"
    case twoTriplets = "two_triplets"
    case twoTripletsIncludeSixOfAKind = "two_triplets_include_six_of_a_kind"
    case smallStraight = "small_straight"
    case largeStraight = "large_straight"
    case countingFaces = "counting_faces"
    case smallStraightTwoToSix = "small_straight_2_to_6"
    case fourDiceStraight = "four_dice_straight"
    case sixOnes = "six_ones"
}

/// The keys of the `turn` object.
enum TurnKey: String, CaseIterable {
    case bankWithDiceLeft = "bank_with_dice_left"
    case hotDiceMandatory = "hot_dice_mandatory"
    case minimumBank = "minimum_bank"
    case sixDiceFarkle = "six_dice_farkle"
    case sixDiceFarkleOn = "six_dice_farkle_on"
    case threeFarklePenalty = "three_farkle_penalty"
    case hotDiceBonus = "hot_dice_bonus"
    case dice
}

/// The keys of the `game` object.
enum GameKey: String, CaseIterable {
    case players
    case target
    case finalRound = "final_round"
    case exactTarget = "exact_target"
    case piggyback
    case rounds
    case extraRoundsOnTie = "extra_rounds_on_tie"
    case highestTurnBreaksTie = "highest_turn_breaks_tie"
    case entryMinimum = "entry_minimum"
    case sixOnes = "six_ones"
    case sixOfAKind = "six_of_a_kind"
}

// MARK: - Writing

extension RuleSet {
    /// The rule set as a complete JSON rule file, readable by `load(_:)`: every key present but the house rules
    /// `turn.hot_dice_bonus`, `turn.dice` (written when not 6), `combinations.four_dice_straight` and
    /// `combinations.six_ones`, and `game.exact_target` and `game.piggyback`, written only when set,
    /// and `game.six_of_a_kind`, written instead of `game.six_ones` when a face other than 1 wins at once.
    public var jsonText: String {
        func points(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        func ofAKind(_ value: OfAKindPoints) -> String {
            switch value {
            case .off: return "null"
            case .flat(let points): return "\(points)"
            case .linear: return "\"linear\""
            case .doubling: return "\"doubling\""
            }
        }
        let fullHouse: String
        switch combinations.fullHouse {
        case .off: fullHouse = "null"
        case .flat(let value): fullHouse = "\(value)"
        case .threeOfAKindPlus(let bonus): fullHouse = "{\"three_of_a_kind_plus\": \(bonus)}"
        }
        let pairs = combinations.threePairsAlso.map { "\"\($0.rawValue)\"" }.sorted().joined(separator: ", ")
        let triples = combinations.threeOfAKind.map(points).joined(separator: ", ")
        let countingFaces = combinations.countingFaces.map { "\"\($0.rawValue)\"" }.sorted().joined(separator: ", ")
        let highSmallStraight: String
        switch combinations.highSmallStraight {
        case .asLow: highSmallStraight = "null"
        case .points(let points): highSmallStraight = "\(points)"
        case .off: highSmallStraight = "\"off\""
        }
        let banking = turn.bankingDiceLeft.sorted().map(String.init).joined(separator: ", ")
        // House rules are written only when set: the text of every rule set without them stays what it was, and
        // with it the digests that policy files and the cache of solved games are keyed by.
        let sixDiceFarkle =
            turn.sixDiceFarkle != nil
            ? points(turn.sixDiceFarkle)
            : turn.rerollsScorelessOpeningRoll
                ? "\"reroll\"" : turn.openingFarkleCost > 0 ? "{\"cost\": \(turn.openingFarkleCost)}" : "null"
        let penalty =
            switch turn.threeFarklePenalty {
            case nil: "null"
            case .points(let points): "\(points)"
            case .wholeTotal: "\"whole_total\""
            }
        let hotDiceBonus =
            (turn.hotDiceBonus == 0 ? "" : ",\n    \"hot_dice_bonus\": \(turn.hotDiceBonus)")
            + (turn.dice == DiceCounts.maximumDice ? "" : ",\n    \"dice\": \(turn.dice)")
        let houseCombinations =
            (combinations.fourDiceStraight.map { ",\n    \"four_dice_straight\": \($0)" } ?? "")
            + (combinations.sixOnes.map { ",\n    \"six_ones\": \($0)" } ?? "")
        // What a six of a kind does: as `six_ones` while only six 1s may win, so that text stays the same.
        let sixOfAKind: String
        if game.instantWinFaces.isSubset(of: [1]), game.instantLossFaces.isSubset(of: [1]) {
            sixOfAKind = "\"six_ones\": \"\(game.sixOfAKindEnd(face: 1).rawValue)\""
        } else {
            let faces = DiceCounts.faces.map { "\"\(game.sixOfAKindEnd(face: $0).rawValue)\"" }
            sixOfAKind = "\"six_of_a_kind\": [\(faces.joined(separator: ", "))]"
        }

        let piggyback =
            switch game.piggyback {
            case nil: ""
            case Piggyback()?: ",\n    \"piggyback\": true"
            case let rule?:
                ",\n    \"piggyback\": {\"bonus\": \(rule.bonus), \"least_dice_left\": \(rule.leastDiceLeft)"
                    + (rule.inheritedPointsEnter ? "" : ", \"inherited_points_enter\": false") + "}"
            }
        let end: String
        switch game.end {
        case .target(let target, let finalRound):
            end =
                "\"target\": \(target),\n    \"final_round\": \(finalRound)"
                + (game.mustHitTargetExactly ? ",\n    \"exact_target\": true" : "")
        case .rounds(let rounds):
            end =
                "\"rounds\": \(rounds),\n    \"extra_rounds_on_tie\": \(game.extraRoundsOnTie),\n"
                + "    \"highest_turn_breaks_tie\": \(game.highestTurnBreaksTie)"
        }
        return """
            {
              "name": "\(name)",
              "combinations": {
                "single_one": \(points(combinations.singleOne)),
                "single_five": \(points(combinations.singleFive)),
                "three_of_a_kind": [\(triples)],
                "four_of_a_kind": \(ofAKind(combinations.fourOfAKind)),
                "five_of_a_kind": \(ofAKind(combinations.fiveOfAKind)),
                "six_of_a_kind": \(ofAKind(combinations.sixOfAKind)),
                "full_house": \(fullHouse),
                "full_mansion": \(points(combinations.fullMansion)),
                "three_pairs": \(points(combinations.threePairs)),
                "three_pairs_also": [\(pairs)],
                "two_triplets": \(points(combinations.twoTriplets)),
                "two_triplets_include_six_of_a_kind": \(combinations.twoTripletsIncludeSixOfAKind),
                "small_straight": \(points(combinations.smallStraight)),
                "large_straight": \(points(combinations.largeStraight)),
                "small_straight_2_to_6": \(highSmallStraight),
                "counting_faces": [\(countingFaces)]\(houseCombinations)
              },
              "turn": {
                "bank_with_dice_left": [\(banking)],
                "hot_dice_mandatory": \(turn.hotDiceMandatory),
                "minimum_bank": \(turn.minimumBank),
                "six_dice_farkle": \(sixDiceFarkle),
                "six_dice_farkle_on": "\(turn.sixDiceFarkleOnEveryRoll ? "every_six_dice_roll" : "opening_roll")",
                "three_farkle_penalty": \(penalty)\(hotDiceBonus)
              },
              "game": {
                "players": \(game.players),
                \(end),
                "entry_minimum": \(game.entryMinimum),
                \(sixOfAKind)\(piggyback)
              }
            }

            """
    }
}
