/// Whether a game can end under a rule set: whether some turn can reach a point where it may bank.
///
/// A game ends only when someone banks points (six 1s aside, which are luck, not a way to play),
/// so a rule set is playable when some state a turn can reach, with n dice left to roll and t turn
/// points, allows banking and t is positive and at least the minimum bank and the entry minimum.
/// The answer comes from the scoring table and the turn rules alone, never from a list of known
/// bad rule sets: the states are the dice counts 1 to the game's dice (plus the opening roll), a roll of n
/// dice with a keep of k dice leads to n - k dice (all of them on hot dice) adding that keep's points, and the
/// six-dice farkle leads from six dice to six. Every keep adds points, so a state on a loop (hot
/// dice again and again) reaches any number of turn points; the others reach at most the longest
/// path to them.
package struct BankReachability: Sendable {
    /// The rules the answer is for.
    package let rules: RuleSet
    /// Their scoring table, for the amounts a turn can bank exactly (`exactBanks(table:upTo:leastBank:)`).
    let table: ScoringTable

    /// The most turn points a turn can hold with n dice to roll after a keep, n = 0...6 (entry 0 unused):
    /// `nil` where no turn gets, `Int.max` where a loop makes it unbounded.
    private let mostPoints: [Int?]

    /// Works out, for every dice count, whether a turn can get there and with how many points.
    package init(table: ScoringTable) {
        rules = table.rules
        self.table = table
        // The dice of the game: a turn never rolls more.
        let maximum = table.turnMechanics.dice
        let catalog = DiceCatalog.shared
        // gain[n][m]: the most points one roll of n dice can add while leaving m dice to roll.
        var gain = [[Int?]](repeating: [Int?](repeating: nil, count: maximum + 1), count: maximum + 1)
        for dice in 1...maximum {
            for multiset in 0..<catalog.multisetCount(dice: dice) {
                for kept in 1...dice {
                    let score = table.bestScore(dice: dice, multiset: multiset, keeping: kept)
                    guard score > 0 else { continue }
                    let left = table.turnMechanics.diceLeft(afterKeeping: kept, of: dice)
                    gain[dice][left] = max(gain[dice][left] ?? 0, score)
                }
            }
        }
        let turn = rules.turn
        // The opening roll is node 0: every die, with the six-dice farkle whenever the rules have one.
        var edges: [[(to: Int, points: Int)]] = (0...maximum).map { node in
            let dice = node == 0 ? maximum : node
            return (1...maximum).compactMap { left in gain[dice][left].map { (left, $0) } }
        }
        if let bonus = turn.sixDiceFarkle {
            edges[0].append((maximum, bonus))
            if turn.sixDiceFarkleOnEveryRoll { edges[maximum].append((maximum, bonus)) }
        }
        mostPoints = Self.longestPaths(edges: edges)
    }

    /// The longest path from node 0 to every node, `Int.max` for a node after a loop (every edge adds points).
    private static func longestPaths(edges: [[(to: Int, points: Int)]]) -> [Int?] {
        let count = edges.count
        func reachable(from start: Int) -> Set<Int> {
            var seen = Set<Int>()
            var stack = edges[start].map({ $0.to })
            while let node = stack.popLast() {
                if seen.insert(node).inserted { stack += edges[node].map({ $0.to }) }
            }
            return seen
        }
        let fromStart = reachable(from: 0)
        var unbounded = Set<Int>()
        for node in fromStart where reachable(from: node).contains(node) {
            unbounded.formUnion(reachable(from: node))
        }
        // Without loops the graph is acyclic: count - 1 rounds of relaxation settle it.
        var most = [Int?](repeating: nil, count: count)
        most[0] = 0
        for _ in 0..<count {
            for node in 0..<count {
                guard let points = most[node], !unbounded.contains(node) else { continue }
                for edge in edges[node] where !unbounded.contains(edge.to) {
                    most[edge.to] = max(most[edge.to] ?? 0, points + edge.points)
                }
            }
        }
        for node in unbounded { most[node] = Int.max }
        most[0] = nil
        return most
    }

    /// The most turn points a turn can have with `diceLeft` dice to roll after a keep (all of them: hot dice):
    /// `nil` when no turn gets there, `Int.max` when there is no limit.
    package func mostTurnPoints(diceLeft: Int) -> Int? {
        mostPoints.indices.contains(diceLeft) ? mostPoints[diceLeft] : nil
    }

    /// The least turn points a first bank needs: positive, the minimum bank and the entry minimum.
    package var leastBank: Int {
        max(1, rules.turn.minimumBank, rules.game.entryMinimum)
    }

    /// Whether some turn can bank at least `leastBank` points, so that a game can end.
    package var canBank: Bool {
        (1...rules.turn.dice).contains { dice in
            rules.turn.allowsBanking(diceLeft: dice) && (mostPoints[dice] ?? 0) >= leastBank
        }
    }

    /// Refuses rules under which no game can end, saying why in one line: no turn can bank, or a race's target must
    /// be hit exactly and some total could never hit it (`checkExactTarget(source:)`).
    ///
    /// - Throws: `RuleSetError` naming the rule that stops every turn from banking, or the target from being hit.
    package func check(source: String) throws(RuleSetError) {
        guard !canBank else { return try checkExactTarget(source: source) }
        let maximum = rules.turn.dice
        let reached = (1...maximum).filter { mostPoints[$0] != nil }
        guard !reached.isEmpty else {
            throw RuleSetError(
                source: source, key: "combinations",
                problem: "let no roll score, so no turn could ever bank and a game could never end")
        }
        let bankable = (1...maximum).filter { rules.turn.allowsBanking(diceLeft: $0) }
        let reachedBankable = bankable.filter { mostPoints[$0] != nil }
        guard !reachedBankable.isEmpty else {
            let allowed =
                bankable.isEmpty
                ? "allows banking with no number of dice left (and hot dice must be rolled)"
                : "allows banking only with \(Self.dice(bankable)) left"
            throw RuleSetError(
                source: source, key: "turn.bank_with_dice_left",
                problem: "\(allowed), but keeps under these combinations only ever leave \(Self.dice(reached)) "
                    + "to roll, so no turn could ever bank and a game could never end")
        }
        let most = reachedBankable.compactMap { mostPoints[$0] }.max() ?? 0
        let key = rules.entryRaisesTheLeastBank ? "game.entry_minimum" : "turn.minimum_bank"
        throw RuleSetError(
            source: source, key: key,
            problem: "is \(leastBank), more than any turn can hold where it may bank (at most \(most) points), "
                + "so a game could never end")
    }

    /// `1 die`, `3 or 6 dice`.
    private static func dice(_ counts: [Int]) -> String {
        let words = counts.map(String.init)
        let list =
            words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
        return list + (counts == [1] ? " die" : " dice")
    }
}
