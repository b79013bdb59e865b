/// Where one game stands between turns: the seat to play, the round, the final round; and when the game ends.
///
/// The engine reports each bank and each finished turn here and asks whether
/// the game goes on; the end condition (`GameEnd`) and the tie-breaks of a game
/// of rounds (`GameRules.extraRoundsOnTie`, `GameRules.highestTurnBreaksTie`)
/// are read only here.
struct GameProgress {
    /// What happens after a turn.
    enum Next: Equatable {
        /// The next seat plays (`seat` and `round` already point at it).
        case nextTurn
        /// The game is over: the highest total wins, equal highest totals tie (see `leaders(_:)`).
        case scoreTotals
        /// The game reached the round limit without ending: neither won nor tied.
        case unfinished
    }

    /// The seat whose turn it is (0 starts every game).
    private(set) var seat = 0
    /// The current round, from 1.
    private(set) var round = 1
    /// Whether someone has reached the target and the others are playing their last turn.
    private(set) var isFinalRound = false

    private let players: Int
    private let end: GameEnd
    private let maximumRounds: Int
    /// Turns still to play in the final round.
    private var finalTurnsLeft = 0
    /// The extra rounds a game of rounds may add while the highest total is shared.
    private let extraRoundsOnTie: Int
    private let highestTurnBreaksTie: Bool
    /// Each seat's highest banked turn, kept only where it breaks ties (a tuple read in place: no copy per bank).
    private var highestTurns: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// The start of a game of `players` seats that ends as `end` says, or unfinished after `maximumRounds`;
    /// a game of rounds breaks ties as `extraRoundsOnTie` and `highestTurnBreaksTie` say.
    @inline(__always)
    init(
        players: Int, end: GameEnd, maximumRounds: Int, extraRoundsOnTie: Int = 0, highestTurnBreaksTie: Bool = false
    ) {
        self.players = players
        self.end = end
        self.maximumRounds = maximumRounds
        let isRounds = end.rounds != nil
        self.extraRoundsOnTie = isRounds ? extraRoundsOnTie : 0
        self.highestTurnBreaksTie = isRounds && highestTurnBreaksTie
    }

    /// The start of a game of `players` seats under `rules`, unfinished after `maximumRounds`.
    @inline(__always)
    init(players: Int, rules: GameRules, maximumRounds: Int) {
        self.init(
            players: players, end: rules.end, maximumRounds: maximumRounds, extraRoundsOnTie: rules.extraRoundsOnTie,
            highestTurnBreaksTie: rules.highestTurnBreaksTie)
    }

    /// Whether the current round is one of the extra rounds that break a tie.
    var isExtraRound: Bool {
        end.rounds.map { round > $0 } ?? false
    }

    /// Records that the current seat banked `turnPoints` and now has `total`; returns whether that bank wins the
    /// game at once.
    ///
    /// In a race with a final round the first bank that reaches the target starts it: every other seat plays once more.
    @inline(__always)
    mutating func banked(total: Int, turnPoints: Int = 0) -> Bool {
        if highestTurnBreaksTie, turnPoints > highestTurn(seat) {
            withUnsafeMutableBytes(of: &highestTurns) {
                $0.storeBytes(of: turnPoints, toByteOffset: seat &* MemoryLayout<Int>.stride, as: Int.self)
            }
        }
        guard case .target(let target, let finalRound) = end, !isFinalRound, total >= target else { return false }
        guard finalRound else { return true }
        isFinalRound = true
        finalTurnsLeft = players - 1
        return false
    }

    /// Ends the current seat's turn and says whether the game goes on; if it does, moves to the next seat.
    ///
    /// After the last round of a game of rounds it answers `scoreTotals`; `playsExtraRound(_:)` then says
    /// whether a shared highest total plays one more.
    @inline(__always)
    mutating func endTurn() -> Next {
        if isFinalRound {
            if finalTurnsLeft == 0 { return .scoreTotals }
            finalTurnsLeft -= 1
        }
        let isLastSeat = seat == players - 1
        if isLastSeat, let rounds = end.rounds, round >= rounds { return .scoreTotals }
        if isLastSeat, round >= maximumRounds { return .unfinished }
        seat = isLastSeat ? 0 : seat + 1
        if isLastSeat { round += 1 }
        return .nextTurn
    }

    /// At the end of a game of rounds with the totals `scores`: whether the highest total is shared and an extra
    /// round is left to break the tie; if so, starts that round.
    mutating func playsExtraRound(_ scores: SeatScores) -> Bool {
        guard let rounds = end.rounds, round < rounds + extraRoundsOnTie, Self.leaders(scores).nonzeroBitCount > 1
        else { return false }
        seat = 0
        round += 1
        return true
    }

    /// The seats that share first place at the end of the game, one bit per seat (bit s for seat s): the
    /// highest total, then, where the rules say so, the highest single turn among them.
    func leaders(_ scores: SeatScores) -> UInt8 {
        breakingTie(Self.leaders(scores))
    }

    /// `first`, the seats with the highest total, narrowed to those with the highest single turn where the rules
    /// break ties so; one bit per seat.
    func breakingTie(_ first: UInt8) -> UInt8 {
        guard highestTurnBreaksTie, first.nonzeroBitCount > 1 else { return first }
        var best = Int.min
        for seat in 0..<players where first & (1 << seat) != 0 { best = max(best, highestTurn(seat)) }
        var leaders: UInt8 = 0
        for seat in 0..<players where first & (1 << seat) != 0 && highestTurn(seat) == best {
            leaders |= 1 << seat
        }
        return leaders
    }

    /// The highest banked turn of `seat` so far (0 where highest turns are not kept).
    @inline(__always)
    private func highestTurn(_ seat: Int) -> Int {
        withUnsafeBytes(of: highestTurns) {
            $0.load(fromByteOffset: seat &* MemoryLayout<Int>.stride, as: Int.self)
        }
    }

    /// The seats with the highest total, one bit per seat.
    static func leaders(_ scores: SeatScores, excluding excluded: Int? = nil) -> UInt8 {
        var highest = Int.min
        var leaders: UInt8 = 0
        for seat in 0..<scores.count where seat != excluded {
            let score = scores[seat]
            if score > highest {
                highest = score
                leaders = 1 << seat
            } else if score == highest {
                leaders |= 1 << seat
            }
        }
        return leaders
    }
}
