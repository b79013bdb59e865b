/// The last turn of a game with a final round: the chance to beat (or tie) a total `d` points ahead, for
/// every deficit `d`, under the play that maximizes P(win) + ½ P(tie).
///
/// The turn depends on the deficit alone, not on the two totals, so it is solved once per deficit for
/// all pairs of totals. Banking pays 1 above the deficit, ½ on it and 0 below; a farkle pays 0; six 1s
/// that win at once pay 1. The value G(d) never rises with `d` and falls to `limit`, the chance of
/// rolling those six 1s before a farkle (0 where they do not win). The table stops at the first
/// deficit `cap` where G is within `tolerance` of the limit: the solver takes G = `limit` for every
/// larger deficit, which moves no value by more than G(cap) - limit < `tolerance`.
struct FinalRoundTable: Sendable {
    /// The largest deficit, in score steps, the table holds; beyond it G is taken as 0.
    let capLevel: Int
    /// G(d) at deficit `level * step`, levels `0...capLevel`.
    let values: [Double]
    /// The chance of a tie under the same play.
    let ties: [Double]
    /// G beyond every deficit: the chance to roll a six of a kind that wins at once before a farkle when no
    /// bank can win (0 where no six of a kind wins at once).
    let limit: Double
    /// The number of states tabulated.
    let stateCount: Int
    /// The least bank of the final-round player.
    let leastBank: Int
    /// What a tie on the highest total is worth to the final-round player: ½ against one leader, ⅓ against two
    /// tied leaders (three players, `TrioFinalRound`).
    let tieShare: Double

    /// The value of the final-round player below which deficits are cut off.
    static let tolerance = 1e-13

    /// The most deficit levels solved when G never comes within the tolerance of its limit (it always
    /// does where a turn can farkle, within `maximumLevels` unless one keep may score about as much).
    static let maximumLevels = 4_000

    /// Whether G came within `tolerance` of its limit at `capLevel`, so that the deficits past it are exact to the
    /// tolerance. Where one keep scores a large part of `maximumLevels` (a hot-dice bonus of a million points) a
    /// last turn still catches up from there, and a solve that took G = `limit` past it would be wrong.
    var isSettled: Bool { (values.last ?? 1) - limit < Self.tolerance }

    /// The final-round tables of `turn` for every least bank in `leastBanks`, each solved once (or `given`, read
    /// back from a policy file), in the order of `leastBanks`.
    ///
    /// A keep that scores past every deficit a table holds lets no table settle: such rules are refused at once,
    /// not after minutes of solving.
    ///
    /// - Throws: `Unsupported` naming `rules` where a table does not settle: a solve that took G = `limit` past
    ///   `capLevel` would be wrong.
    static func solving(
        _ turn: WinTurn, leastBanks: [Int], given: [FinalRoundTable]? = nil, rules: RuleSet
    ) throws(NotCovered) -> [FinalRoundTable] {
        let step = turn.mechanics.scoreStep
        let unsettled = NotCovered(
            description: "under rules '\(rules.name)' a last turn can still catch up from \(maximumLevels * step) "
                + "points behind (a keep scores too much), past the deficits the final round is solved for: the game "
                + "is not solved exactly")
        guard turn.maximumJump < maximumLevels else { throw unsettled }
        var tables: [FinalRoundTable] = []
        for (index, leastBank) in leastBanks.enumerated() {
            let table =
                given?[index] ?? tables.first { $0.leastBank == leastBank }
                ?? FinalRoundTable(turn: turn, leastBank: leastBank)
            guard table.isSettled else { throw unsettled }
            tables.append(table)
        }
        return tables
    }

    /// Solves the final-round turn of `turn` for a player whose least bank is `leastBank`, a tie being worth
    /// `tieShare`.
    init(turn: WinTurn, leastBank: Int, tieShare: Double = 0.5) {
        let step = turn.mechanics.scoreStep
        let leastLevel = (leastBank + step - 1) / step
        var values: [Double] = []
        var ties: [Double] = []
        var states = 0
        let limit = withUnsafeTemporaryAllocation(of: WinTurn.Entry.self, capacity: 1) { scratch in
            turn.solve(
                top: 0, topBank: 0, bank: [], bankAux: [], farkle: 0, farkleAux: 0,
                into: scratch.baseAddress.unsafelyUnwrapped
            ).value
        }
        var level = 0
        while true {
            let opening = Self.lastTurn(of: turn, leastLevel: leastLevel, deficitLevel: level, tieShare: tieShare)
            values.append(opening.value)
            ties.append(opening.tie)
            states += max(level + 1, leastLevel) * DiceCounts.maximumDice
            if (level > 0 && opening.value - limit < Self.tolerance) || level >= Self.maximumLevels { break }
            level += 1
        }
        capLevel = level
        self.values = values
        self.ties = ties
        self.limit = limit
        stateCount = states
        self.leastBank = leastBank
        self.tieShare = tieShare
    }

    /// The last turn of `turn` from its start at deficit level `deficit`, for a player whose least bank is
    /// `leastLevel` score steps: its value, P(win) + `tieShare` P(tie), under the play that maximizes it, and its
    /// chance of a tie.
    ///
    /// A tie is shared by everyone on the highest total: ½ between two players, ⅓ among three.
    static func lastTurn(of turn: WinTurn, leastLevel: Int, deficitLevel deficit: Int, tieShare: Double) -> (
        value: Double, tie: Double
    ) {
        let top = max(deficit + 1, leastLevel)
        var bank = [Double](repeating: 0, count: top)
        var bankTie = [Double](repeating: 0, count: top)
        for row in 0..<top {
            bank[row] = row < leastLevel ? -.infinity : row > deficit ? 1 : row == deficit ? tieShare : 0
            bankTie[row] = row == deficit && row >= leastLevel ? 1 : 0
        }
        var table = [WinTurn.Entry](
            repeating: WinTurn.Entry(value: 0, slope: 0, aux: 0, banks: false),
            count: top * TurnMechanics.statesPerLevel)
        let opening = table.withUnsafeMutableBufferPointer { table in
            turn.solve(
                top: top, topBank: 1, bank: bank, bankAux: bankTie, farkle: 0, farkleAux: 0,
                into: table.baseAddress.unsafelyUnwrapped)
        }
        return (opening.value, opening.aux)
    }

    /// A table solved before (read from a policy file).
    init(capLevel: Int, values: [Double], ties: [Double], limit: Double, stateCount: Int, leastBank: Int) {
        self.capLevel = capLevel
        self.values = values
        self.ties = ties
        self.limit = limit
        self.stateCount = stateCount
        self.leastBank = leastBank
        tieShare = 0.5
    }

    /// G at deficit level `level`: `limit` beyond the cap.
    func value(deficitLevel level: Int) -> Double {
        level <= capLevel ? values[max(level, 0)] : limit
    }

    /// The chance of a tie at deficit level `level`: 0 beyond the cap.
    func tie(deficitLevel level: Int) -> Double {
        level <= capLevel ? ties[max(level, 0)] : 0
    }

    /// The final-round player's chances to win and to tie under the solved play at deficit level `level`.
    func odds(deficitLevel level: Int) -> (win: Double, tie: Double) {
        let tie = tie(deficitLevel: level)
        return (value(deficitLevel: level) - tie * tieShare, tie)
    }

    /// What a bank that reaches the target is worth to the player who banks, value and chance of a tie: with
    /// a final round (`finalRound`), the opponent's last turn against the lead `total - theirs` (both in score
    /// steps); without one, the game won at once.
    static func bankReachingTarget(
        total: Int, theirs: Int, finalRound: FinalRoundTable?
    ) -> (value: Double, tie: Double) {
        guard let finalRound else { return (1, 0) }
        let deficit = total - theirs
        return (1 - finalRound.value(deficitLevel: deficit), finalRound.tie(deficitLevel: deficit))
    }
}

extension FinalRoundTable {
    /// What a bank in a final round is worth to the player who banks it when one player (whose last turn is this
    /// table, a tie worth ½) still plays after it: the rule `TrioFinalRound` and the advice at a larger table share.
    ///
    /// - Parameters:
    ///   - lead: Where the bank leaves the banker against the highest total before it, in score steps: above it
    ///     (the next player then needs more than `lead + behind`), level with it, or below it (worth nothing: the
    ///     highest total stays ahead).
    ///   - behind: How far the next player is behind the highest total before the bank, in score steps.
    ///   - sharing: The players a bank level with the highest total leaves on it, the banker included.
    ///   - tied: The next player's value against `behind` when a tie is shared among `sharing + 1`: what that
    ///     player's last turn takes from the players level on the highest total.
    /// - Returns: The banker's value, P(win) + its share of a tie, and the chance of a tie.
    func bankBeforeLastTurn(lead: Int, behind: Int, sharing: Int, tied: (value: Double, tie: Double)) -> (
        value: Double, tie: Double
    ) {
        if lead < 0 { return (0, 0) }
        if lead == 0 {
            return ((1 - tied.value) / Double(sharing), 1 - (tied.value - tied.tie / Double(sharing + 1)))
        }
        let odds = odds(deficitLevel: lead + behind)
        return (1 - odds.win - odds.tie / 2, odds.tie)
    }
}
