/// Where a game played at the table stands: every player's total, whose turn it is and how far it has come.
///
/// Actions are applied one at a time (`apply(_:)`), and each is checked against the rules first: an action the
/// rules do not allow changes nothing and throws `GameState.NotAllowed` saying why. The turn follows the rule
/// set's `TurnMechanics` (the keeps of a roll, hot dice, the six-dice farkle, when banking is allowed) and the
/// game its `GameRules` through the same progress the simulator keeps (final round, rounds and their
/// tie-breaks), so a recorded game ends where a simulated one would.
public struct GameState: Sendable {
    /// Why an action cannot be applied, in words (`bank: 300 is below the entry minimum of 500`).
    public struct NotAllowed: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason, in words.
        public let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// How a game ended.
    public enum Result: Hashable, Sendable {
        /// One player won: the seat, 0 first.
        case won(seat: Int)
        /// The seats that share first place when the game ends on its totals; none when a solo player lost at once
        /// (`GameRules.instantLossFaces`).
        case tied(seats: [Int])
    }

    /// One player's place at the table.
    public struct Player: Hashable, Sendable {
        /// The player's name.
        public let name: String
        /// The total, in points (below 0 after a three-farkle penalty taken early).
        public internal(set) var total = 0
        /// Whether the player has banked once: before, the entry minimum is the least bank.
        public internal(set) var hasEntered = false
        /// Farkles in a row, counting toward a three-farkle penalty (0 after a bank or a penalty).
        public internal(set) var farklesInARow = 0
        /// What the player has done so far.
        public internal(set) var statistics = Statistics()
    }

    /// The counts of one player's game.
    public struct Statistics: Hashable, Sendable {
        /// Turns played, the one in progress not counted.
        public internal(set) var turns = 0
        /// The points banked, before penalties.
        public internal(set) var bankedPoints = 0
        /// Turns that ended in a farkle.
        public internal(set) var farkles = 0
        /// Three-farkle penalties taken.
        public internal(set) var penalties = 0
        /// Times every die rolled scored (a keep of them all, or the six-dice farkle): six fresh dice to roll.
        public internal(set) var hotDice = 0
    }

    /// The rules the game is played by.
    public var rules: RuleSet { table.rules }
    /// The players in seat order; seat 0 plays first.
    public private(set) var players: [Player]
    /// The seat whose turn it is.
    public var seat: Int { progress.seat }
    /// The round, from 1.
    public var round: Int { progress.round }
    /// Whether a player has reached the target and the others are playing their last turn.
    public var isFinalRound: Bool { progress.isFinalRound }
    /// The points of the turn in progress.
    public private(set) var turnPoints = 0
    /// The dice the player has to roll next (all the game's dice, `TurnRules.dice`, at the start of a turn and
    /// after hot dice).
    public private(set) var diceLeft: Int
    /// Whether nothing has been rolled yet this turn: the next roll is the opening roll.
    public private(set) var isOpeningRoll = true
    /// The roll entered and waiting for its keep, if any.
    public private(set) var pendingRoll: DiceCounts?
    /// How the game ended; `nil` while it is played.
    public private(set) var result: Result?
    /// Under piggybacking, the turn the last player banked, which the player to move may take over before rolling
    /// (`GameAction.takeOver`); `nil` once the player has rolled, kept or farkled, and where there is none.
    public private(set) var offer: TurnOffer?
    /// The offer the turn in progress took over, if it did: under piggybacking it may raise the least bank.
    private var takenOver: TurnOffer?

    /// The scoring table the keeps come from.
    public let table: ScoringTable
    private var progress: GameProgress

    /// The start of a game between `players`, named in seat order, under the rules of `table`.
    ///
    /// - Throws: `NotAllowed` for a table of no players or more than `GameRules.playerRange` allows.
    public init(table: ScoringTable, players: [String]) throws(NotAllowed) {
        guard GameRules.playerRange.contains(players.count) else {
            throw NotAllowed(
                "a game has \(GameRules.playerRange.lowerBound) to \(GameRules.playerRange.upperBound) players, "
                    + "not \(players.count)")
        }
        self.table = table
        diceLeft = table.turnMechanics.dice
        self.players = players.map { Player(name: $0) }
        // No round limit: a game at the table ends by its rules, and a record is bounded by its actions.
        progress = GameProgress(players: players.count, rules: table.rules.game, maximumRounds: .max)
    }

    /// The least turn points the player to move may bank: the minimum bank, or the entry minimum before the
    /// player's first bank (under piggybacking where inherited points do not enter, on top of a turn taken over).
    public var leastBank: Int {
        let least = freshLeastBank
        guard let takenOver, let piggyback = rules.game.piggyback else { return least }
        return piggyback.leastBank(
            takingOver: takenOver.turnPoints, leastBank: least, entryMinimum: rules.game.entryMinimum,
            hasEntered: players[seat].hasEntered)
    }

    /// The least bank of a fresh turn of the player to move: the minimum bank, or the entry minimum until they
    /// have entered.
    private var freshLeastBank: Int {
        table.turnMechanics.leastBank(entryMinimum: rules.game.entryMinimum, hasEntered: players[seat].hasEntered)
    }

    /// Why the player to move may not bank now, or `nil` when banking is allowed.
    public var reasonNotToBank: String? {
        if result != nil { return "the game is over" }
        if pendingRoll != nil { return "the roll waits for its keep" }
        if isOpeningRoll { return "nothing has been rolled this turn" }
        let least = leastBank
        if turnPoints < least {
            // A turn taken over by a player not yet on the board, where the inherited points do not enter, banks
            // from the entry minimum on top of them (`Piggyback.leastBank(takingOver:...)`).
            if let takenOver, least > freshLeastBank {
                return "\(turnPoints) is below \(least): the entry minimum of \(rules.game.entryMinimum) on top of the "
                    + "\(takenOver.turnPoints) taken over, which do not count toward it"
            }
            let what = least > table.turnMechanics.minimumBank ? "entry minimum" : "minimum bank"
            return "\(turnPoints) is below the \(what) of \(least)"
        }
        if !table.turnMechanics.allowsBanking(diceLeft: diceLeft) {
            let dice = diceLeft == 1 ? "1 die" : "\(diceLeft) dice"
            return "the rules '\(rules.name)' do not allow banking with \(dice) to roll"
        }
        return nil
    }

    /// The points keeping `dice` adds to the turn now: of the roll waiting for its keep, or with none entered, of a
    /// roll of the dice left that holds them (their combinations, and the hot-dice bonus where they are every die
    /// left); `nil` where they are no such keep.
    package func pointsAdded(keeping dice: DiceCounts) -> Int? {
        let rolled = pendingRoll ?? dice
        guard !dice.isEmpty, dice.count <= rolled.count, rolled.count <= diceLeft,
            table.keeps(for: rolled).contains(where: { $0.dice == dice }), let points = table.points(of: dice)
        else { return nil }
        return rules.turn.points(
            ofKeeping: points, isHotDice: TurnMechanics.isHotDice(keeping: dice.count, of: diceLeft))
    }

    /// Whether banking the turn points now would pass a target to hit exactly: the bank then scores nothing and
    /// ends the turn as a farkle does (`GameRules.bankBusts(total:turnPoints:)`).
    package var bankBusts: Bool {
        rules.game.bankBusts(total: players[seat].total, turnPoints: turnPoints)
    }

    // MARK: - Actions

    /// Applies `action` for the player to move.
    ///
    /// - Throws: `NotAllowed` when the rules do not allow it now; the state is then unchanged.
    public mutating func apply(_ action: GameAction) throws(NotAllowed) {
        guard result == nil else { throw NotAllowed("the game is over") }
        switch action {
        case .roll(let dice): try roll(dice)
        case .keep(let dice): try keep(dice)
        case .bank: try bank()
        case .farkle: try farkle()
        case .takeOver: try takeOver()
        }
    }

    /// Takes over the turn the last player banked: its points (the bonus included) and its dice, rolled next.
    private mutating func takeOver() throws(NotAllowed) {
        guard let offer else {
            throw NotAllowed(
                rules.game.piggyback == nil
                    ? "rules '\(rules.name)' have no piggybacking: a turn starts fresh"
                    : "there is no banked turn to take over: the last turn did not bank with enough dice left, or "
                        + "this turn has begun")
        }
        self.offer = nil
        takenOver = offer
        turnPoints = offer.turnPoints
        diceLeft = offer.dice
        // A turn taken over goes on from the bank: its first roll is not an opening roll.
        isOpeningRoll = false
    }

    private mutating func roll(_ dice: DiceCounts) throws(NotAllowed) {
        guard pendingRoll == nil else { throw NotAllowed("the last roll waits for its keep") }
        guard dice.count == diceLeft else {
            throw NotAllowed("\(dice.count) dice rolled; the player has \(diceLeft) to roll")
        }
        // Rolling fresh dice declines a banked turn on offer.
        offer = nil
        if rules.game.winsAtOnce(dice) { return finish(.won(seat: seat), onRoll: true) }
        if rules.game.losesAtOnce(dice) { return finishLostAtOnce() }
        guard table.isFarkle(dice) else {
            pendingRoll = dice
            return
        }
        // A roll with no keep: the six-dice farkle scores where it applies, anything else ends the turn.
        if let points = table.turnMechanics.sixDiceFarkle(dice: dice.count, isOpeningRoll: isOpeningRoll) {
            isOpeningRoll = false
            turnPoints += points
            diceLeft = table.turnMechanics.dice
            players[seat].statistics.hotDice += 1
        } else if !(isOpeningRoll && table.turnMechanics.rerollsScorelessOpeningRoll) {
            // (A scoreless opening roll rolled again leaves the turn as it was.)
            endTurnFarkled(cost: table.turnMechanics.farkleCost(rolled: dice.count, isOpeningRoll: isOpeningRoll))
        }
    }

    private mutating func keep(_ dice: DiceCounts) throws(NotAllowed) {
        let rolled = pendingRoll ?? dice
        guard !dice.isEmpty, dice.count <= rolled.count, rolled.count <= diceLeft else {
            throw NotAllowed(
                dice.isEmpty
                    ? "a keep sets aside at least one die"
                    : "a keep of \(dice.count) dice from \(diceLeft) dice rolled")
        }
        guard let added = pointsAdded(keeping: dice) else {
            throw NotAllowed(
                pendingRoll == nil
                    ? "\(GameAction.faces(dice)) is no keep under rules '\(rules.name)': every die kept must score"
                    : "\(GameAction.faces(dice)) is no keep of the roll \(GameAction.faces(rolled)): every die kept "
                        + "must be rolled and score")
        }
        // A keep entered alone stands for a roll of the dice left that holds it; six 1s of six dice win (or lose).
        if pendingRoll == nil, dice.count == diceLeft, rules.game.winsAtOnce(dice) {
            return finish(.won(seat: seat), onRoll: true)
        }
        if pendingRoll == nil, dice.count == diceLeft, rules.game.losesAtOnce(dice) { return finishLostAtOnce() }
        offer = nil
        pendingRoll = nil
        isOpeningRoll = false
        turnPoints += added
        let left = table.turnMechanics.diceLeft(afterKeeping: dice.count, of: diceLeft)
        if dice.count == diceLeft { players[seat].statistics.hotDice += 1 }
        diceLeft = left
    }

    private mutating func bank() throws(NotAllowed) {
        if let reason = reasonNotToBank { throw NotAllowed(reason) }
        let points = turnPoints
        // Past a target to hit exactly the bank scores nothing and the turn ends as a farkle does.
        if bankBusts { return endTurnFarkled(cost: 0) }
        // What the next player may take over, at a table of two or more.
        let offer = players.count > 1 ? rules.game.piggyback?.offer(turnPoints: points, diceLeft: diceLeft) : nil
        players[seat].total += points
        players[seat].hasEntered = true
        players[seat].farklesInARow = 0
        players[seat].statistics.bankedPoints += points
        players[seat].statistics.turns += 1
        if progress.banked(total: players[seat].total, turnPoints: points) { return finish(.won(seat: seat)) }
        nextTurn()
        if result == nil { self.offer = offer }
    }

    private mutating func farkle() throws(NotAllowed) {
        guard pendingRoll == nil else {
            throw NotAllowed("the roll \(GameAction.faces(pendingRoll ?? DiceCounts())) scores: keep from it")
        }
        if let points = table.turnMechanics.sixDiceFarkle(dice: diceLeft, isOpeningRoll: isOpeningRoll) {
            throw NotAllowed(
                "six dice that score nothing on the opening roll score \(points) under rules '\(rules.name)': "
                    + "enter the roll")
        }
        if isOpeningRoll && table.turnMechanics.rerollsScorelessOpeningRoll {
            throw NotAllowed(
                "a turn's opening roll that scores nothing is rolled again under rules '\(rules.name)': no farkle yet")
        }
        endTurnFarkled(cost: table.turnMechanics.farkleCost(rolled: diceLeft, isOpeningRoll: isOpeningRoll))
    }

    /// Ends the turn in a farkle: the count of farkles in a row, `cost` off the total (a scoreless opening roll's,
    /// where the rules make it cost points), and the penalty at the third.
    private mutating func endTurnFarkled(cost: Int) {
        players[seat].total -= cost
        players[seat].statistics.farkles += 1
        players[seat].statistics.turns += 1
        players[seat].farklesInARow += 1
        if let penalty = rules.turn.threeFarklePenalty, players[seat].farklesInARow == 3 {
            players[seat].total = penalty.total(afterPenaltyOn: players[seat].total)
            players[seat].farklesInARow = 0
            players[seat].statistics.penalties += 1
        }
        nextTurn()
    }

    /// Passes the dice on, or ends the game on its totals.
    private mutating func nextTurn() {
        offer = nil
        takenOver = nil
        turnPoints = 0
        diceLeft = table.turnMechanics.dice
        isOpeningRoll = true
        pendingRoll = nil
        switch progress.endTurn() {
        case .nextTurn: return
        case .unfinished: return  // never: the game has no round limit
        case .scoreTotals:
            if progress.playsExtraRound(scores) { return }
            finish(leaders: progress.leaders(scores))
        }
    }

    /// Ends the game on a roll that loses it for the player to move: the others' totals decide, the highest winning
    /// and equal highest tying (nobody wins a solo game).
    private mutating func finishLostAtOnce() {
        finish(leaders: GameProgress.leaders(scores, excluding: seat), onRoll: true)
    }

    /// The players' totals, seat by seat.
    private var scores: SeatScores {
        var scores = SeatScores(seats: players.count)
        for (seat, player) in players.enumerated() { scores[seat] = player.total }
        return scores
    }

    /// Ends the game for the seats in the bit mask `leaders`: one wins, several tie, none (a solo loss) tie alone.
    private mutating func finish(leaders: UInt8, onRoll: Bool = false) {
        let seats = players.indices.filter { leaders & (1 << $0) != 0 }
        finish(seats.count == 1 ? .won(seat: seats[0]) : .tied(seats: seats), onRoll: onRoll)
    }

    /// Ends the game; a win by six 1s ends the turn on the roll, which counts as a turn played.
    private mutating func finish(_ result: Result, onRoll: Bool = false) {
        if onRoll { players[seat].statistics.turns += 1 }
        pendingRoll = nil
        self.result = result
    }
}
