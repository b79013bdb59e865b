// What the advisor page asks FarkleKit: this file is compiled with FarkleKit's core as Embedded Swift for WebAssembly
// (`.ci/embedded`, which writes `Advisor/farkle.wasm`), never into the native package (`Package.swift` excludes the
// folder). The page writes its rule file and solved game into memory it asks for (`farkle_allocate`), opens them
// once (`farkle_open`), and then asks for the turn of each situation (`farkle_win_turn`) and reads its values: every
// number comes from the same FarkleKit code the command-line tool runs, so the page re-derives no rule of the game.
//
// The module holds one open game and one turn. A question the game does not cover answers a status, never traps:
// the page turns it into "no advice", as the command line turns it into an error.

/// The solved two-player game the page advises playing to win, by family (`WinGameKind`).
private enum SolvedGame {
    case race(WinProbabilitySolver)
    case penaltyRace(PenaltyWinSolver)
    case rounds(RoundsWinSolver)
}

/// The scoring table of the rules the page was opened on.
nonisolated(unsafe) private var openTable: ScoringTable?
/// Their solved game, where the page plays to win.
nonisolated(unsafe) private var openGame: SolvedGame?
/// The turn of the last situation asked (`farkle_win_turn`).
nonisolated(unsafe) private var openTurn: WinTurnTable?
/// The points objective's turns of the open rules, solved when they are opened.
nonisolated(unsafe) private var openPoints: PointsAdvisor?
/// The last answer's numbers, which the host reads at `farkle_answer`.
nonisolated(unsafe) private var answer = Outbox<Double>(capacity: 64)
/// The last message's UTF-8 bytes, which the host reads at `farkle_message`.
nonisolated(unsafe) private var message = Outbox<UInt8>(capacity: 256)

/// Room in the module's memory where the last answer of one kind waits for the host, grown where one does not fit.
private struct Outbox<Element> {
    /// Where the host reads the answer.
    private(set) var start: UnsafeMutablePointer<Element>
    private var capacity: Int

    init(capacity: Int) {
        start = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// Writes `elements` at `start`: their count.
    mutating func write(_ elements: [Element]) -> Int32 {
        if elements.count > capacity {
            start.deallocate()
            capacity = elements.count
            start = .allocate(capacity: capacity)
        }
        for (index, element) in elements.enumerated() { start[index] = element }
        return Int32(elements.count)
    }
}

/// `count` bytes of the module's memory for the host to write into, 8-byte aligned.
@_expose(wasm, "farkle_allocate")
func farkleAllocate(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 8)
}

/// Gives back memory from `farkle_allocate`.
@_expose(wasm, "farkle_release")
func farkleRelease(_ bytes: UnsafeMutableRawPointer) {
    bytes.deallocate()
}

/// The `count` bytes at `bytes`, copied.
private func copied(_ bytes: UnsafePointer<UInt8>, _ count: Int32) -> [UInt8] {
    Array(UnsafeBufferPointer(start: bytes, count: Int(max(count, 0))))
}

/// Opens the rule file in `rulesCount` bytes at `rules` and, with `policyCount` above 0, the policy file of its
/// two-player game solved to win at `policy` (a race, a race under a three-farkle penalty, or a game of rounds), in
/// the page's form (`pageBytes`: without the chances of a tie, which no value the page shows reads) or whole.
///
/// - Returns: 0 when both are read; 1 when the rule file is refused; 2 when the policy file is refused or its game
///   is not one the page plays to win.
@_expose(wasm, "farkle_open")
func farkleOpen(
    _ rules: UnsafePointer<UInt8>, _ rulesCount: Int32, _ policy: UnsafePointer<UInt8>, _ policyCount: Int32
) -> Int32 {
    openTable = nil
    openGame = nil
    openTurn = nil
    openPoints = nil
    tableGame = nil
    farkleChances = []
    guard let ruleSet = try? RuleSet(jsonBytes: copied(rules, rulesCount), source: "the page") else { return 1 }
    let table = ScoringTable(rules: ruleSet)
    openTable = table
    openPoints = PointsAdvisor(table: table)
    guard policyCount > 0 else { return 0 }
    let bytes = copied(policy, policyCount)
    // The page's form first; a whole policy file (`solve --out`, as .ci/embedded's check hands it) otherwise.
    do throws(WinPolicyError) {
        switch WinGameKind(ruleSet) {
        case .race:
            if let game = try? WinProbabilitySolver(pageBytes: bytes, rules: ruleSet) {
                openGame = .race(game)
            } else {
                openGame = .race(try WinProbabilitySolver(policyFileBytes: bytes, rules: ruleSet))
            }
        case .penaltyRace:
            if let game = try? PenaltyWinSolver(pageBytes: bytes, rules: ruleSet) {
                openGame = .penaltyRace(game)
            } else {
                openGame = .penaltyRace(try PenaltyWinSolver(policyFileBytes: bytes, rules: ruleSet))
            }
        case .rounds:
            if let game = try? RoundsWinSolver(pageBytes: bytes, rules: ruleSet) {
                openGame = .rounds(game)
            } else {
                openGame = .rounds(try RoundsWinSolver(policyFileBytes: bytes, rules: ruleSet))
            }
        case .threePlayerRace: return 2
        }
    } catch {
        return 2
    }
    return 0
}

/// The least a player may bank under the open rules (`TurnMechanics.leastBank(entryMinimum:hasEntered:)`), and where
/// the turn took over `offered` points another player banked (piggybacking; below 0: none), as
/// `Piggyback.leastBank(takingOver:leastBank:entryMinimum:hasEntered:)` raises it. -1 before a game is open.
@_expose(wasm, "farkle_least_bank")
func farkleLeastBank(_ hasEntered: Int32, _ offered: Int32) -> Int32 {
    // Totals and turn points are under 2^30 at any table (an Int is 32 bits here): a larger offer is not one.
    guard let table = openTable, offered < 1 << 30 else { return -1 }
    let entryMinimum = table.rules.game.entryMinimum
    var least = table.turnMechanics.leastBank(entryMinimum: entryMinimum, hasEntered: hasEntered != 0)
    if offered >= 0, let piggyback = table.rules.game.piggyback {
        least = piggyback.leastBank(
            takingOver: Int(offered), leastBank: least, entryMinimum: entryMinimum, hasEntered: hasEntered != 0)
    }
    return Int32(clamping: least)
}

/// Tabulates the turn of the player with `myScore` against `opponentScore` in the open game, played to win: the turn
/// the values below read. `myFarkles` and `opponentFarkles` count farkles in a row (under a three-farkle penalty);
/// `finalRound` (0 or 1) says the opponent has reached the target and this is the last turn, which an opponent at
/// or over the target of a race with a final round implies (`GameEnd.isFinalRound(_:leader:)`, as `advise` infers
/// it); `turnIndex` is 2 (round − 1) + seat in a game of rounds.
///
/// - Returns: 0 when the turn is tabulated; -1 without a solved game; otherwise the count of the message's bytes
///   (`farkle_message`) saying why the game has no such turn, in the command line's words
///   (`WinTurnTable.checkTotals`, `PointsAdvisor.checkFarkles`) where it has them.
@_expose(wasm, "farkle_win_turn")
func farkleWinTurn(
    _ myScore: Int32, _ opponentScore: Int32, _ myFarkles: Int32, _ opponentFarkles: Int32, _ finalRound: Int32,
    _ turnIndex: Int32
) -> Int32 {
    openTurn = nil
    guard let game = openGame, let table = openTable else { return -1 }
    let (mine, theirs) = (Int(myScore), Int(opponentScore))
    let isFinalRound = table.rules.game.end.isFinalRound(finalRound != 0, leader: theirs)
    let step = table.scoreStep
    guard mine % step == 0, theirs % step == 0 else { return say("totals are multiples of \(step) points") }
    do throws(NotCovered) {
        switch game {
        case .race(let solver):
            try WinTurnTable.checkTotals(
                myScore: mine, opponentScores: [theirs], isFinalRound: isFinalRound, rules: table.rules)
            openTurn = solver.turnTable(myScore: mine, opponentScore: theirs, isFinalRound: isFinalRound)
        case .penaltyRace(let solver):
            try WinTurnTable.checkTotals(
                myScore: mine, opponentScores: [theirs], isFinalRound: isFinalRound, rules: table.rules,
                floor: solver.floor)
            try PointsAdvisor.checkFarkles(Int(myFarkles), opponent: Int(opponentFarkles), under: table.rules)
            openTurn = solver.turnTable(
                myScore: mine, opponentScore: theirs, myFarkles: Int(myFarkles), opponentFarkles: Int(opponentFarkles),
                isFinalRound: isFinalRound)
        case .rounds(let solver):
            guard (0..<solver.turns).contains(Int(turnIndex)), !isFinalRound else {
                throw NotCovered("a game of \(solver.rounds) rounds has no such turn")
            }
            try RoundsWinSolver.checkTotals(
                turnIndex: Int(turnIndex), myScore: mine, opponentScore: theirs, rules: table.rules)
            // Totals under 2^30: an Int is 32 bits here.
            guard mine < 1 << 30, theirs < 1 << 30 else { throw NotCovered("totals are below 2^30 here") }
            openTurn = solver.turnTable(turnIndex: Int(turnIndex), myScore: mine, opponentScore: theirs)
        }
    } catch {
        return say(error.description)
    }
    return 0
}

/// Whether the open turn is the player's last, in a final round: 1 or 0; -1 without an open turn.
@_expose(wasm, "farkle_final_round")
func farkleFinalRound() -> Int32 {
    guard let turn = openTurn else { return -1 }
    return turn.isFinalRound ? 1 : 0
}

/// Checks the totals under the open rules before any advice: the player's `myScore` and, when `hasOpponent` is not
/// 0, the opponent's `opponentScore`. In a race (`WinTurnTable.checkTotals`) from the open game's lowest total, an
/// opponent at or over the target meaning the final round where the rules have one, however far behind (the points
/// advice stands; `farkle_win_turn` refuses a final round too far behind to tabulate); in a game of rounds, at the
/// turn `turnIndex` (2 (round − 1) + seat; below 0: not known, nothing checked) as
/// `RoundsWinSolver.checkTotals` checks them.
///
/// - Returns: 0 when they fit; -1 before rules are open; otherwise the count of the message's bytes
///   (`farkle_message`) saying why, in the words `Advisor` refuses them with.
@_expose(wasm, "farkle_check_totals")
func farkleCheckTotals(_ myScore: Int32, _ opponentScore: Int32, _ hasOpponent: Int32, _ turnIndex: Int32) -> Int32 {
    guard let table = openTable else { return -1 }
    let theirs = hasOpponent != 0 ? Int(opponentScore) : nil
    var floor = 0
    if case .penaltyRace(let solver) = openGame { floor = solver.floor }
    do throws(NotCovered) {
        try WinTurnTable.checkTotals(
            myScore: Int(myScore), opponentScores: theirs.map { [$0] } ?? [],
            isFinalRound: table.rules.game.end.isFinalRound(false, leader: theirs), rules: table.rules, floor: floor,
            tabulating: false)
        if turnIndex >= 0 {
            try RoundsWinSolver.checkTotals(
                turnIndex: Int(turnIndex), myScore: Int(myScore), opponentScore: theirs, rules: table.rules)
        }
    } catch {
        return say(error.description)
    }
    return 0
}

/// Whether `turnPoints` and `dice` are a place in the open turn: points from 0 on the score step, 1 to the rules'
/// dice.
private func turn(at turnPoints: Int32, _ dice: Int32) -> WinTurnTable? {
    guard let turn = openTurn, turnPoints >= 0, turnPoints % Int32(turn.scoreStep) == 0,
        (1...turn.table.rules.turn.dice).contains(Int(dice))
    else { return nil }
    return turn
}

/// The open turn's value with `turnPoints` and `dice` to roll, played on from there
/// (`WinTurnTable.value(turnPoints:diceLeft:)`): P(win) + ½ P(tie); NaN outside the turn.
@_expose(wasm, "farkle_value")
func farkleValue(_ turnPoints: Int32, _ dice: Int32) -> Double {
    turn(at: turnPoints, dice)?.value(turnPoints: Int(turnPoints), diceLeft: Int(dice)) ?? .nan
}

/// The value of rolling `dice` with `turnPoints` (`WinTurnTable.rollValue(turnPoints:diceLeft:)`); NaN outside.
@_expose(wasm, "farkle_roll_value")
func farkleRollValue(_ turnPoints: Int32, _ dice: Int32) -> Double {
    turn(at: turnPoints, dice)?.rollValue(turnPoints: Int(turnPoints), diceLeft: Int(dice)) ?? .nan
}

/// The value of banking `turnPoints` (`WinTurnTable.bankValue(turnPoints:)`); NaN where banking them is not allowed.
@_expose(wasm, "farkle_bank_value")
func farkleBankValue(_ turnPoints: Int32) -> Double {
    turn(at: turnPoints, 1)?.bankValue(turnPoints: Int(turnPoints)) ?? .nan
}

/// What best play does with `turnPoints` and `dice` left (`WinTurnTable.decision(turnPoints:diceLeft:)`): 0 bank,
/// 1 roll, 2 must roll; -1 outside the turn.
@_expose(wasm, "farkle_decision")
func farkleDecision(_ turnPoints: Int32, _ dice: Int32) -> Int32 {
    guard let turn = turn(at: turnPoints, dice) else { return -1 }
    return Int32(decisionCode(turn.decision(turnPoints: Int(turnPoints), diceLeft: Int(dice))))
}

/// What a farkle leaves the player of the open turn (`WinTurnTable.farkleValue`), or with `opening` 1 a scoreless
/// opening roll where it costs points (`openingFarkleValue`); NaN without a turn.
@_expose(wasm, "farkle_farkle_value")
func farkleFarkleValue(_ opening: Int32) -> Double {
    guard let turn = openTurn else { return .nan }
    return opening != 0 ? turn.openingFarkleValue : turn.farkleValue
}

/// The expected points of a turn played for points under the rule file at `rules`
/// (`ExpectedScoreSolver.expectedTurnScore`), -1 where it is refused: `.ci/embedded` checks the rule files, scoring
/// and points solver against the native build with it.
@_expose(wasm, "farkle_expected_turn_score")
func farkleExpectedTurnScore(_ rules: UnsafePointer<UInt8>, _ count: Int32) -> Double {
    guard let ruleSet = try? RuleSet(jsonBytes: copied(rules, count), source: "the page") else { return -1 }
    return ExpectedScoreSolver(rules: ruleSet).expectedTurnScore
}

// MARK: - Advice on a roll

/// The roll whose faces are the decimal digits of `faces` (1,5,5: 155), when it is one under the open rules: 1 to the
/// rules' dice, each face 1 to 6.
private func roll(_ faces: Int32) -> DiceCounts? {
    guard let table = openTable, faces > 0, let roll = dice(faces), roll.count <= table.rules.turn.dice else {
        return nil
    }
    return roll
}

/// `dice` as the decimal digits of their faces, lowest first (1,5,5: 155), as the page names a keep.
private func digits(_ dice: DiceCounts) -> Double {
    var number = 0
    for face in DiceCounts.faces {
        for _ in 0..<dice[face] { number = number * 10 + face }
    }
    return Double(number)
}

/// Writes `numbers` where `farkle_answer` points, growing the room first where they do not fit.
private func publish(_ numbers: [Double]) -> Int32 {
    answer.write(numbers)
}

/// Where the last answer's numbers are (`farkle_points_advice`, `farkle_win_advice`): as many doubles as that call
/// returned.
@_expose(wasm, "farkle_answer")
func farkleAnswer() -> UnsafeMutablePointer<Double> {
    answer.start
}

/// The numbers of `advice` the page shows, `objective` (0 expected points, 1 points toward the target of `cap`,
/// 2 the long-run average, 3 the chance to win) first. In order: objective, cap (NaN: none), the farkle's value, the
/// points a scoreless opening roll costs, whether the roll is rolled again (0 or 1), the six-dice farkle's points
/// and value (NaN: none), the luck (`RollAdvice.luck`), the next step's turn points, dice left, decision (0 bank,
/// 1 roll, 2 must roll), bank value and roll value (NaN: none), whether the roll wins and loses at once (0 or 1),
/// the count of keeps; then for each keep, best first, its dice (`digits`), points, dice left, value, bank value
/// (NaN: not allowed) and roll value.
private func numbers(of advice: RollAdvice, objective: Int, cap: Int?, rules: RuleSet) -> [Double] {
    let none = Double.nan
    var numbers: [Double] = [
        Double(objective), cap.map(Double.init) ?? none, advice.farkleValue, Double(advice.farkleCost),
        advice.isRolledAgain ? 1 : 0, advice.sixDiceFarkle.map { Double($0.points) } ?? none,
        advice.sixDiceFarkle?.value ?? none, advice.luck,
        advice.next.map { Double($0.turnPoints) } ?? none, advice.next.map { Double($0.diceLeft) } ?? none,
        advice.next.map { Double(decisionCode($0.decision)) } ?? none, advice.next?.bankValue ?? none,
        advice.next?.rollValue ?? none, rules.game.winsAtOnce(advice.roll) ? 1 : 0,
        rules.game.losesAtOnce(advice.roll) ? 1 : 0, Double(advice.options.count),
    ]
    for option in advice.options {
        numbers += [
            digits(option.keep.dice), Double(option.keep.score), Double(option.diceLeft), option.value,
            option.bankValue ?? none, option.rollValue,
        ]
    }
    return numbers
}

/// A decision as the page's numbers say it: 0 bank, 1 roll, 2 must roll.
private func decisionCode(_ decision: BankDecision) -> Int {
    switch decision {
    case .bank: 0
    case .roll: 1
    case .mustRoll: 2
    }
}

/// The advice for points on the roll of `faces` (`roll(_:)`) with `turnPoints` before it, for a player with the
/// total `myScore` (below 0: not given) after `farkles` farkles in a row: every keep under the points objective
/// `Advisor` plays there (`PointsAdvisor`), and what to do after the best. The turn's opening roll is inferred, as
/// the command line infers it: every die at 0 turn points.
///
/// - Returns: the count of numbers written (`farkle_answer`, laid out as `numbers(of:objective:cap:rules:)` says);
///   0 before rules are open or for a roll or turn points that are none (off the score step); below 0 where
///   FarkleKit covers no such turn (`NotCovered`: a total not below the target of a race won at once, farkles in a
///   row the rules do not count, a player not yet on the board in the long run), minus the count of the message's
///   bytes (`farkle_message`) saying why, in the command line's words.
@_expose(wasm, "farkle_points_advice")
func farklePointsAdvice(_ faces: Int32, _ turnPoints: Int32, _ myScore: Int32, _ farkles: Int32) -> Int32 {
    guard let points = openPoints, let roll = roll(faces), turnPoints >= 0, turnPoints < 1 << 30,
        Int(turnPoints) % points.table.scoreStep == 0, myScore < 1 << 30
    else { return 0 }
    let mine = myScore < 0 ? nil : Int(myScore)
    if let mine, mine % points.table.scoreStep != 0 { return 0 }
    let opening = points.table.turnMechanics.isOpeningRoll(turnPoints: Int(turnPoints), rolled: roll.count)
    let objective: PointsObjective
    let advice: RollAdvice
    do throws(NotCovered) {
        (objective, advice) = try points.advice(
            for: roll, turnPoints: Int(turnPoints), isOpeningRoll: opening, myScore: mine,
            farklesInARow: Int(farkles))
    } catch {
        return -say(error.description)
    }
    let (code, cap) = code(of: objective)
    return publish(numbers(of: advice, objective: code, cap: cap, rules: points.rules))
}

/// The advice to win on the roll of `faces` with `turnPoints` before it, in the turn last tabulated
/// (`farkle_win_turn`): every keep by P(win) + ½ P(tie) (`WinTurnTable.advice(for:turnPoints:isOpeningRoll:)`), laid
/// out as the points advice's with objective 3.
///
/// - Returns: the count of numbers written; 0 without a turn or where the roll or turn points are not the rules'.
@_expose(wasm, "farkle_win_advice")
func farkleWinAdvice(_ faces: Int32, _ turnPoints: Int32) -> Int32 {
    guard let turn = openTurn, let roll = roll(faces), turnPoints >= 0, turnPoints < 1 << 30,
        Int(turnPoints) % turn.scoreStep == 0
    else { return 0 }
    let opening = turn.table.turnMechanics.isOpeningRoll(turnPoints: Int(turnPoints), rolled: roll.count)
    let advice = turn.advice(for: roll, turnPoints: Int(turnPoints), isOpeningRoll: opening)
    return publish(numbers(of: advice, objective: 3, cap: nil, rules: turn.table.rules))
}

/// The code and cap of the points objective `objective`: 0 expected points, 1 points toward the target of `cap`,
/// 2 the long-run average.
private func code(of objective: PointsObjective) -> (code: Int, cap: Int?) {
    switch objective {
    case .expectedPoints: (0, nil)
    case .pointsTowardTarget(let cap): (1, cap)
    case .longRunAverage: (2, nil)
    }
}

/// The advice on a banked turn offered under piggybacking, `turnPoints` (the bonus included) with `dice` to roll,
/// for a player with the total `myScore` (below 0: not given) after `farkles` farkles in a row
/// (`Advisor.advice(onOffer:myScore:farklesInARow:)`): the objective's code and cap (as `farkle_points_advice`),
/// the turn's value taken over, a fresh turn's, and the least bank leaving `dice` dice from which taking over pays
/// (NaN: none).
///
/// - Returns: the count of numbers written (`farkle_answer`); 0 before rules are open or for numbers no table
///   holds; where the advisor has no advice on the offer (no piggybacking, an offer, total or farkles that do not
///   fit the rules, a player not yet on the board taking over toward the target where inherited points do not
///   enter), minus the count of the message's bytes (`farkle_message`) saying why.
@_expose(wasm, "farkle_offer_advice")
func farkleOfferAdvice(_ dice: Int32, _ turnPoints: Int32, _ myScore: Int32, _ farkles: Int32) -> Int32 {
    guard let points = openPoints, turnPoints < 1 << 30, myScore < 1 << 30 else { return 0 }
    let mine = myScore < 0 ? nil : Int(myScore)
    if let mine, mine % points.table.scoreStep != 0 { return 0 }
    let advice: OfferAdvice
    do throws(NotCovered) {
        advice = try points.advice(
            onOffer: TurnOffer(turnPoints: Int(turnPoints), dice: Int(dice)), myScore: mine,
            farklesInARow: Int(farkles))
    } catch {
        return -say(error.description)
    }
    let (objective, cap) = code(of: advice.objective)
    return publish([
        Double(objective), cap.map(Double.init) ?? .nan, advice.takeOverValue, advice.freshTurnValue,
        advice.leastBankToTakeOver.map(Double.init) ?? .nan,
    ])
}

// MARK: - The game at the table

/// The game the table companion keeps (`farkle_game_start`), played by FarkleKit's `GameState`: the page holds its
/// actions and names, and asks this game every rule (what an action does, whether the rules allow it, the totals,
/// counts and result).
nonisolated(unsafe) private var tableGame: GameState?

/// Writes `text` where `farkle_message` points: the count of its UTF-8 bytes.
private func say(_ text: String) -> Int32 {
    message.write(Array(text.utf8))
}

/// Where the last message's bytes are (`farkle_win_turn`, `farkle_points_advice`, `farkle_game_start`,
/// `farkle_game_act`, `farkle_game_reason_not_to_bank`): as many as that call said.
@_expose(wasm, "farkle_message")
func farkleMessage() -> UnsafeMutablePointer<UInt8> {
    message.start
}

/// The dice whose faces are the decimal digits of `faces` (1,5,5: 155; 0: none), at most a roll's largest count
/// (`DiceCounts.maximumDice`); `nil` otherwise. How many the player may roll or keep is the game's to say.
private func dice(_ faces: Int32) -> DiceCounts? {
    guard faces >= 0 else { return nil }
    var dice = DiceCounts()
    var digits = Int(faces)
    while digits > 0 {
        let face = digits % 10
        guard DiceCounts.faces.contains(face), dice.count < DiceCounts.maximumDice else { return nil }
        dice.add(face)
        digits /= 10
    }
    return dice
}

/// Starts a game of `players` under the open rules (`GameState(table:players:)`), seat 0 to play.
///
/// - Returns: 0 when it starts; -1 before rules are open; otherwise why not, the count of the message's bytes
///   (`farkle_message`).
@_expose(wasm, "farkle_game_start")
func farkleGameStart(_ players: Int32) -> Int32 {
    tableGame = nil
    guard let table = openTable else { return -1 }
    do throws(GameState.NotAllowed) {
        // The page keeps the names: the module's game needs only the seats.
        tableGame = try GameState(table: table, players: Array(repeating: "", count: Int(max(players, 0))))
    } catch {
        return say(error.description)
    }
    return 0
}

/// Totals, turn points and points banked stay under 2^29 in the game (an Int is 32 bits here, and one action adds
/// far less than 2^29 under any rule file): past that the game takes no more actions.
private let largestTotal = 1 << 29

/// Applies the action `kind` (0 roll, 1 keep, 2 bank, 3 farkle, 4 take over) with the dice of `faces` (`dice(_:)`;
/// 0 for the last three) for the player to move (`GameState.apply(_:)`).
///
/// - Returns: 0 when applied; -1 without a game or for faces that are no dice; otherwise the count of the message's
///   bytes (`farkle_message`) saying why the rules refuse it, the game unchanged.
@_expose(wasm, "farkle_game_act")
func farkleGameAct(_ kind: Int32, _ faces: Int32) -> Int32 {
    guard var game = tableGame, let dice = dice(faces) else { return -1 }
    let action: GameAction
    switch kind {
    case 0: action = .roll(dice)
    case 1: action = .keep(dice)
    case 2: action = .bank
    case 3: action = .farkle
    case 4: action = .takeOver
    default: return -1
    }
    let sizes = [game.turnPoints] + game.players.flatMap { [$0.total, $0.statistics.bankedPoints] }
    guard sizes.allSatisfy({ $0 > -largestTotal && $0 < largestTotal }) else {
        return say("the totals are past what the page keeps")
    }
    do throws(GameState.NotAllowed) {
        try game.apply(action)
    } catch {
        return say(error.description)
    }
    tableGame = game
    return 0
}

/// Why the player to move may not bank now (`GameState.reasonNotToBank`): the count of the message's bytes
/// (`farkle_message`), 0 where banking is allowed; -1 without a game.
@_expose(wasm, "farkle_game_reason_not_to_bank")
func farkleGameReasonNotToBank() -> Int32 {
    guard let game = tableGame else { return -1 }
    return game.reasonNotToBank.map(say) ?? 0
}

/// The points keeping the dice of `faces` adds to the turn of the player to move (`GameState.pointsAdded(keeping:)`),
/// -1 where they are no keep now.
@_expose(wasm, "farkle_game_keep_points")
func farkleGameKeepPoints(_ faces: Int32) -> Int32 {
    guard let game = tableGame, let dice = dice(faces), let points = game.pointsAdded(keeping: dice) else { return -1 }
    return Int32(clamping: points)
}

/// The points the dice of `faces` score kept together by their combinations alone (`ScoringTable.points(of:)`),
/// -1 where not every die scores.
@_expose(wasm, "farkle_combination_points")
func farkleCombinationPoints(_ faces: Int32) -> Int32 {
    guard let table = openTable, let dice = dice(faces), !dice.isEmpty, let points = table.points(of: dice) else {
        return -1
    }
    return Int32(clamping: points)
}

/// Whether a roll of the dice of `faces` ends the game at once: 1 where it wins it (`GameRules.winsAtOnce`), 2 where
/// it loses it for its roller (`GameRules.losesAtOnce`), 0 otherwise.
@_expose(wasm, "farkle_roll_ends_game")
func farkleRollEndsGame(_ faces: Int32) -> Int32 {
    guard let table = openTable, let dice = dice(faces) else { return 0 }
    return table.rules.game.winsAtOnce(dice) ? 1 : table.rules.game.losesAtOnce(dice) ? 2 : 0
}

/// The chance that a roll of `dice` dice scores nothing under the open rules (`ScoringOdds`), by count.
nonisolated(unsafe) private var farkleChances: [Double] = []

/// The game as the page shows it (`farkle_answer`): the seats, the seat to play, the round, the final round (0 or
/// 1), the turn points, the dice to roll, the opening roll (0 or 1), the roll waiting for its keep (its digits, 0:
/// none), the result (0 playing, 1 won, 2 tied) and its seats as a bit mask, the banked turn on offer (points and
/// dice, NaN: none), whether a bank now busts (0 or 1), whether a farkle may be entered now (0 or 1), and the chance
/// that the next roll is a farkle that ends the turn; then for each seat its total, farkles in a row, turns, points
/// banked, farkles and hot dice.
///
/// - Returns: the count of numbers written; 0 without a game.
@_expose(wasm, "farkle_game_state")
func farkleGameState() -> Int32 {
    guard let game = tableGame else { return 0 }
    let none = Double.nan
    var mask = 0
    var code = 0.0
    switch game.result {
    case nil: break
    case .won(let seat):
        code = 1
        mask = 1 << seat
    case .tied(let seats):
        code = 2
        for seat in seats { mask |= 1 << seat }
    }
    var probe = game
    let mayFarkle = game.pendingRoll == nil && (try? probe.apply(.farkle)) != nil
    if farkleChances.isEmpty {
        for row in ScoringOdds(table: game.table).rows { farkleChances.append(row.farkleProbability) }
    }
    let chance = mayFarkle && game.diceLeft <= farkleChances.count ? farkleChances[game.diceLeft - 1] : 0
    var numbers: [Double] = [
        Double(game.players.count), Double(game.seat), Double(game.round), game.isFinalRound ? 1 : 0,
        Double(game.turnPoints), Double(game.diceLeft), game.isOpeningRoll ? 1 : 0,
        game.pendingRoll.map(digits) ?? 0, code, Double(mask), game.offer.map { Double($0.turnPoints) } ?? none,
        game.offer.map { Double($0.dice) } ?? none, game.bankBusts ? 1 : 0, mayFarkle ? 1 : 0, chance,
    ]
    for player in game.players {
        let counts = player.statistics
        numbers += [
            Double(player.total), Double(player.farklesInARow), Double(counts.turns), Double(counts.bankedPoints),
            Double(counts.farkles), Double(counts.hotDice),
        ]
    }
    return publish(numbers)
}
