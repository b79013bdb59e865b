/// The six dice a player carries: named dice from a catalog, the rest ordinary.
///
/// Written `heavenly-kingdom:2,odd:1` on the command line (a name alone counts one die). Dice whose weights
/// are proportional roll alike, so the solvers see a set as its `kinds`: one entry per distinct die, with the
/// number carried.
public struct DiceSet: Hashable, Sendable, CustomStringConvertible {
    /// Some dice of one name.
    public struct Member: Hashable, Sendable {
        /// The die.
        public let die: LoadedDie
        /// How many of it the set holds, 1...6.
        public let count: Int

        /// Creates `count` dice `die`.
        public init(die: LoadedDie, count: Int) {
            self.die = die
            self.count = count
        }
    }

    /// Dice that roll alike, and how many of them the set holds.
    public struct Kind: Hashable, Sendable {
        /// The face weights, divided by their greatest common divisor.
        public let weights: [Int]
        /// The number of such dice.
        public let count: Int
        /// The names of the dice of this kind, in set order.
        public let names: [String]
    }

    /// The dice by name, in the order given, ordinary dice (filling the set to six) last.
    public let members: [Member]

    /// The dice grouped by weights, in member order: what a roll's chances depend on.
    public let kinds: [Kind]

    /// Six ordinary dice.
    public static let ordinary = DiceSet(members: [Member(die: .ordinary, count: DiceCounts.maximumDice)])

    /// `dice` ordinary dice: the dice of a game played with fewer than six (`TurnRules.dice`).
    ///
    /// - Precondition: `dice` is 1...6.
    package static func ordinary(_ dice: Int) -> DiceSet {
        DiceSet(members: [Member(die: .ordinary, count: dice)], dice: dice)
    }

    /// The number of dice in the set.
    public var count: Int { members.reduce(0) { $0 + $1.count } }

    /// Creates a set of `members`, filled to `dice` (six unless given) with ordinary dice.
    ///
    /// - Precondition: at most `dice` dice, and `dice` is 1...6.
    public init(members: [Member], dice: Int = DiceCounts.maximumDice) {
        precondition((1...DiceCounts.maximumDice).contains(dice), "a set holds one to six dice")
        let named = members.filter { $0.count > 0 }
        let total = named.reduce(0) { $0 + $1.count }
        precondition(total <= dice, "a set holds at most \(dice) dice")
        var all = named
        if total < dice {
            if let position = all.firstIndex(where: { $0.die == .ordinary }) {
                all[position] = Member(die: .ordinary, count: all[position].count + dice - total)
            } else {
                all.append(Member(die: .ordinary, count: dice - total))
            }
        }
        self.members = all
        var kinds: [Kind] = []
        for member in all {
            let weights = member.die.reducedWeights
            if let position = kinds.firstIndex(where: { $0.weights == weights }) {
                let kind = kinds[position]
                kinds[position] = Kind(
                    weights: weights, count: kind.count + member.count, names: kind.names + [member.die.name])
            } else {
                kinds.append(Kind(weights: weights, count: member.count, names: [member.die.name]))
            }
        }
        self.kinds = kinds
    }

    /// Parses `name:count,name,...` against `catalog`.
    ///
    /// - Throws: `DiceSetError` for an unknown name, a count that is not 1...6, a name given twice, or more
    ///   than six dice.
    public init(parsing text: String, catalog: LoadedDiceCatalog = .builtIn) throws(DiceSetError) {
        var members: [Member] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(pieces[0])
            guard pieces.count <= 2, let die = catalog[name] else {
                throw DiceSetError(
                    "'\(part)' in the dice set '\(text)' names no die of the catalog (a die is name or name:count)")
            }
            var count = 1
            if pieces.count == 2 {
                guard let parsed = Int(pieces[1]), (1...DiceCounts.maximumDice).contains(parsed) else {
                    throw DiceSetError("'\(part)' in the dice set '\(text)': the count must be 1 to 6")
                }
                count = parsed
            }
            guard !members.contains(where: { $0.die.name == name }) else {
                throw DiceSetError("the dice set '\(text)' names '\(name)' twice")
            }
            members.append(Member(die: die, count: count))
        }
        let total = members.reduce(0) { $0 + $1.count }
        guard total <= DiceCounts.maximumDice else {
            throw DiceSetError("the dice set '\(text)' holds \(total) dice; a player carries six")
        }
        self.init(members: members)
    }

    /// Whether every die of the set is fair, so that the plain tables apply unchanged.
    package var isOrdinary: Bool {
        kinds.count == 1 && members.allSatisfy({ $0.die.isFair })
    }

    /// `heavenly-kingdom:2,odd:1,ordinary:3`.
    public var description: String {
        members.map { "\($0.die.name):\($0.count)" }.joined(separator: ",")
    }
}
