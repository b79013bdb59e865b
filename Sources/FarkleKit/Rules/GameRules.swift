/// The rules of a whole game: players, how it ends, entry minimum and instant win.
public struct GameRules: Hashable, Sendable {
    /// The number of players (2 in `standard`); 1 to 8 are supported.
    ///
    /// One player is the solo score attack of some online games: a race to the
    /// target counts the turns it takes.
    public var players: Int
    /// How the game ends (in `standard`: the first to 10,000 triggers a final round).
    public var end: GameEnd
    /// The least points a player's first bank must have to enter the game (0 in `standard`).
    public var entryMinimum: Int
    /// The faces whose six of a kind, on a roll of six dice, wins the game at once (`[1]` in `standard`: six 1s).
    ///
    /// Faces are 1...6 (others are dropped when set). Any other six of a kind, and every six of a kind in
    /// single-turn analysis, scores as a combination. A house rule lets any six of a kind win (all six faces), or
    /// chosen faces (six 6s).
    public var instantWinFaces: Set<Int> {
        didSet { instantWinFaces.formIntersection(DiceCounts.faces) }
    }
    /// The faces whose six of a kind, on a roll of six dice, loses the game at once for the player who rolls it
    /// (none in `standard`; six 1s in the house rule some call the explosion).
    ///
    /// Faces are 1...6 and not in `instantWinFaces` (others are dropped when set). The game then ends: with two
    /// players the other wins; with more, the highest total among the others wins and equal highest totals tie.
    /// Every six of a kind in single-turn analysis scores as a combination.
    public var instantLossFaces: Set<Int> = [] {
        didSet { instantLossFaces = instantLossFaces.intersection(DiceCounts.faces).subtracting(instantWinFaces) }
    }
    /// Whether a race's target must be hit exactly (no in `standard`): a bank that would take a total past the
    /// target scores nothing and ends the turn as a farkle does (`bankBusts(total:turnPoints:)`).
    ///
    /// Only in a race won at the target at once: the bank that hits it wins. A rule file sets it with
    /// `"exact_target": true`, which checks that every total can still hit the target.
    public var mustHitTargetExactly = false
    /// Piggybacking, where the next player may take over a turn banked with dice left (`nil`, none, in
    /// `standard`). A rule file sets it with `"piggyback"`; offers pass only at a table of two or more.
    public var piggyback: Piggyback?
    /// In a game of rounds, the most extra rounds every player plays while the highest total is shared
    /// (0 in `standard`; 5 in `farkleten`). Ignored in a race to a target.
    public var extraRoundsOnTie: Int
    /// In a game of rounds, whether a highest total still shared after the extra rounds goes to the player with
    /// the highest single turn of the game (no in `standard`). Ignored in a race to a target.
    public var highestTurnBreaksTie: Bool

    /// The supported numbers of players.
    package static let playerRange = 1...8

    /// The supported numbers of rounds in a game of fixed rounds: at most the simulator's round limit.
    package static let roundRange = 1...1000

    /// The supported numbers of extra rounds that break a tie in a game of rounds.
    package static let extraRoundRange = 0...10

    /// Creates game rules; the defaults are those of `standard`.
    public init(
        players: Int = 2,
        end: GameEnd = .target(10_000, finalRound: true),
        entryMinimum: Int = 0,
        sixOnesWin: Bool = true,
        extraRoundsOnTie: Int = 0,
        highestTurnBreaksTie: Bool = false
    ) {
        precondition(Self.extraRoundRange.contains(extraRoundsOnTie), "0 to 10 extra rounds on a tie")
        self.players = players
        self.end = end
        self.entryMinimum = entryMinimum
        self.instantWinFaces = sixOnesWin ? [1] : []
        self.extraRoundsOnTie = extraRoundsOnTie
        self.highestTurnBreaksTie = highestTurnBreaksTie
    }

    /// Creates the rules of a race to `target`, with or without a final round.
    package init(players: Int = 2, target: Int, finalRound: Bool = true, entryMinimum: Int = 0, sixOnesWin: Bool = true)
    {
        self.init(
            players: players, end: .target(target, finalRound: finalRound), entryMinimum: entryMinimum,
            sixOnesWin: sixOnesWin)
    }
}

extension GameRules {
    /// Whether six 1s on a roll of six dice win the game at once: `instantWinFaces` holds 1.
    package var sixOnesWin: Bool {
        get { instantWinFaces.contains(1) }
        set { if newValue { instantWinFaces.insert(1) } else { instantWinFaces.remove(1) } }
    }

    /// Whether banking `turnPoints` on a total of `total` busts: the target must be hit exactly and the bank would
    /// pass it. The bank then scores nothing and the turn ends as a farkle does (it counts toward a three-farkle
    /// penalty). The one definition of the bust; the engines, the game at the table and the win solver ask it.
    package func bankBusts(total: Int, turnPoints: Int) -> Bool {
        guard mustHitTargetExactly, let target = end.target else { return false }
        return total + turnPoints > target
    }

    /// Why `what` (a solver or a play, named as the subject of a sentence) does not follow a target hit exactly
    /// under these rules of the rule set `name`, in one line, or `nil` where it may: the one gate of the exact target.
    /// `instead` says what to do.
    package func exactTargetRefusal(
        rules name: String, of what: String, instead: String = "simulate the game instead"
    ) -> String? {
        guard mustHitTargetExactly, let target = end.target else { return nil }
        return "\(what) count every bank that reaches the target, and rules '\(name)' make a bank past \(target) score "
            + "nothing (\(instead))"
    }

    /// Why `what` (a solver or a play, named as the subject of a sentence) does not follow piggybacking under these
    /// rules of the rule set `name`, in one line, or `nil` where it may: the one gate of piggybacking. `instead`
    /// says what to do.
    ///
    /// A turn that may start from the last bank makes the bank a decision about what the next player is offered,
    /// and the offer a part of the game's state: the solvers of whole games, the exact odds and the chances to
    /// reach a total start every turn fresh.
    package func piggybackRefusal(
        rules name: String, of what: String, instead: String = "simulate the game instead"
    ) -> String? {
        guard piggyback != nil else { return nil }
        return "\(what) start every turn fresh, and rules '\(name)' let the next player take over a turn banked with "
            + "dice left (\(instead))"
    }

    /// Whether `roll` wins the game at once: six of a kind of a face in `instantWinFaces`, on six dice.
    ///
    /// The one definition of a win at once; the simulator's roll table, the win solvers' turn, the exact odds'
    /// rolls and the game at the table ask it.
    package func winsAtOnce(_ roll: DiceCounts) -> Bool {
        guard roll.count == DiceCounts.maximumDice else { return false }
        return instantWinFaces.contains { roll[$0] == DiceCounts.maximumDice }
    }

    /// Whether `roll` loses the game at once for its roller: six of a kind of a face in `instantLossFaces`, on six
    /// dice. The one definition of a loss at once, asked where `winsAtOnce(_:)` is.
    package func losesAtOnce(_ roll: DiceCounts) -> Bool {
        guard roll.count == DiceCounts.maximumDice, !winsAtOnce(roll) else { return false }
        return instantLossFaces.contains { roll[$0] == DiceCounts.maximumDice }
    }

    /// Whether `roll` ends the game at once, won or lost.
    package func endsAtOnce(_ roll: DiceCounts) -> Bool {
        winsAtOnce(roll) || losesAtOnce(roll)
    }

    /// What six of a kind of `face` does in a game: win or lose it at once, or score.
    package func sixOfAKindEnd(face: Int) -> SixOfAKindEnd {
        instantWinFaces.contains(face) ? .win : instantLossFaces.contains(face) ? .loss : .points
    }

    /// Sets what six of a kind of `face` (1...6) does in a game.
    package mutating func setSixOfAKindEnd(_ end: SixOfAKindEnd, face: Int) {
        instantWinFaces.remove(face)
        instantLossFaces.remove(face)
        switch end {
        case .win: instantWinFaces.insert(face)
        case .loss: instantLossFaces.insert(face)
        case .points: break
        }
    }

    /// The rolls that win at once in words, such as "six 1s", "six 1s or six 6s" or "six of any face"; `nil`
    /// when none does.
    package var instantWinDescription: String? { Self.description(of: instantWinFaces) }

    /// The rolls that lose at once in words, as `instantWinDescription`; `nil` when none does.
    package var instantLossDescription: String? { Self.description(of: instantLossFaces) }

    /// Six of a kind of `faces` in words.
    private static func description(of faces: Set<Int>) -> String? {
        switch faces.count {
        case 0: return nil
        case DiceCounts.faces.count: return "six of any face"
        default: return faces.sorted().map { "six \($0)s" }.joined(separator: " or ")
        }
    }
}
