import Testing

@testable import FarkleKit

/// The dice of `faces`.
func dice(_ faces: Int...) -> DiceCounts {
    DiceCounts(faces: faces)
}

/// A game under `rules` between `players` after `actions`, each applied as the table would.
func game(_ rules: RuleSet, players: [String] = ["Ann", "Ben"], _ actions: [GameAction]) throws -> GameState {
    var state = try GameState(table: ScoringTable(rules: rules), players: players)
    for action in actions { try state.apply(action) }
    return state
}

/// `rules` as a race to `target`, keeping its final round or not.
func race(_ rules: RuleSet, to target: Int) -> RuleSet {
    var rules = rules
    rules.game.end = .target(target, finalRound: rules.game.end.hasFinalRound)
    return rules
}

/// The reason `action` is refused after `actions`, or `nil` if it is allowed.
func refusal(_ rules: RuleSet, _ actions: [GameAction], then action: GameAction) throws -> String? {
    var state = try game(rules, actions)
    do {
        try state.apply(action)
        return nil
    } catch {
        return error.description
    }
}

@Suite("A game at the table: each action checked against the rules")
struct GameStateTests {
    @Test("standard banks with one or two dice left only, and says so")
    func bankingLimits() throws {
        let kept: [GameAction] = [.roll(dice(1, 5, 2, 3, 3, 6)), .keep(dice(1, 5))]
        #expect(
            try refusal(.standard, kept, then: .bank)
                == "the rules 'standard' do not allow banking with 4 dice to roll")
        let state = try game(
            .standard, kept + [.roll(dice(5, 2, 2, 4)), .keep(dice(5)), .roll(dice(1, 2, 3)), .keep(dice(1)), .bank])
        #expect(state.players[0].total == 300)
        #expect(state.seat == 1 && state.turnPoints == 0 && state.diceLeft == 6 && state.isOpeningRoll)
    }

    @Test("nothing is banked before a keep, and the least bank holds")
    func nothingToBank() throws {
        #expect(try refusal(.standard, [], then: .bank) == "nothing has been rolled this turn")
        #expect(try refusal(.standard, [.roll(dice(1, 2, 3, 4, 6, 6))], then: .bank) == "the roll waits for its keep")
        // zilch: 300 at least.
        #expect(
            try refusal(.zilch, [.roll(dice(1, 5, 2, 3, 3, 6)), .keep(dice(1, 5))], then: .bank)
                == "150 is below the minimum bank of 300")
    }

    @Test("a keep is dice of the roll, every one scoring; a roll has the dice left")
    func keeps() throws {
        let rolled: [GameAction] = [.roll(dice(1, 5, 2, 3, 3, 6))]
        #expect(try refusal(.standard, rolled, then: .keep(dice(1, 2))) != nil)
        #expect(try refusal(.standard, rolled, then: .keep(dice(1, 1))) != nil)
        #expect(try refusal(.standard, rolled, then: .keep(dice(5))) == nil)
        #expect(try refusal(.standard, rolled, then: .roll(dice(1))) == "the last roll waits for its keep")
        #expect(try refusal(.standard, [], then: .roll(dice(1, 5))) == "2 dice rolled; the player has 6 to roll")
        #expect(try refusal(.standard, rolled, then: .farkle) == "the roll 1 2 3 3 5 6 scores: keep from it")
        // A keep entered alone must score by itself and fit the dice left.
        #expect(try refusal(.standard, [], then: .keep(dice(2, 2))) != nil)
        let state = try game(.standard, [.keep(dice(1, 1, 1)), .keep(dice(5))])
        #expect(state.turnPoints == 1_050 && state.diceLeft == 2)
    }

    @Test(
        "keeping k of n dice entered alone adds the combination's points and leaves n - k dice, or on hot dice all again plus the bonus",
        arguments: [(6, 0), (5, 500), (3, 1000)])
    func pointsAdded(dice count: Int, bonus: Int) throws {
        var rules = RuleSet.standard
        rules.turn.dice = count
        rules.turn.hotDiceBonus = bonus
        for kept in 1...count {
            // k 5s score by their combinations (the scoring table, checked against a brute force elsewhere).
            let fives = DiceCounts(faces: Array(repeating: 5, count: kept))
            let points = try #require(ScoringTable(rules: rules).points(of: fives))
            var state = try game(rules, [])
            #expect(state.pointsAdded(keeping: fives) == points + (kept == count ? bonus : 0), "\(count) \(kept)")
            try state.apply(.keep(fives))
            #expect(state.diceLeft == (kept == count ? count : count - kept), "\(count) \(kept)")
            // A 2 never scores alone, nor beside them.
            #expect(state.pointsAdded(keeping: dice(2)) == nil)
        }
    }

    @Test("a bank past a target to hit exactly busts: said before, nothing scored, the turn ends as a farkle")
    func bankBusts() throws {
        var rules = race(.standard, to: 1_000)
        rules.game.mustHitTargetExactly = true
        var state = try game(rules, [.keep(dice(1, 1, 1)), .keep(dice(1))])
        #expect(state.turnPoints == 1_100 && state.bankBusts)
        try state.apply(.bank)
        #expect(state.players[0].total == 0 && state.players[0].statistics.farkles == 1 && state.seat == 1)
        let exact = try game(rules, [.keep(dice(1, 1, 1))])
        #expect(exact.turnPoints == 1_000 && !exact.bankBusts)
    }

    @Test("six scoreless dice: 500 and hot dice on standard's opening roll, a farkle on a later roll")
    func sixDiceFarkle() throws {
        let opening = try game(.standard, [.roll(dice(2, 2, 3, 4, 6, 6))])
        #expect(opening.seat == 0 && opening.turnPoints == 500 && opening.diceLeft == 6 && !opening.isOpeningRoll)
        #expect(opening.players[0].statistics.hotDice == 1)
        // After it, six scoreless dice are a farkle: the turn passes with nothing.
        let later = try game(.standard, [.roll(dice(2, 2, 3, 4, 6, 6)), .roll(dice(2, 2, 3, 4, 6, 6))])
        #expect(later.seat == 1 && later.players[0].total == 0 && later.players[0].statistics.farkles == 1)
        // It cannot be entered as a plain farkle, which would lose the 500.
        #expect(try refusal(.standard, [], then: .farkle)?.contains("score 500") == true)
        // zilch: on every roll of six dice.
        let zilch = try game(.zilch, [.roll(dice(2, 2, 3, 4, 6, 6)), .roll(dice(2, 2, 3, 4, 6, 6))])
        #expect(zilch.turnPoints == 1_000 && zilch.diceLeft == 6)
    }

    @Test("six 1s win at once where the rules say so, rolled or kept; elsewhere they score")
    func sixOnes() throws {
        let rolled = try game(.standard, [.roll(dice(1, 1, 1, 1, 1, 1))])
        #expect(rolled.result == .won(seat: 0) && rolled.players[0].statistics.turns == 1)
        let kept = try game(.standard, [.keep(dice(1, 1, 1, 1, 1, 1))])
        #expect(kept.result == .won(seat: 0))
        #expect(try refusal(.standard, [.keep(dice(1, 5))], then: .keep(dice(1, 1, 1, 1, 1, 1))) != nil)
        let boxed = try game(.boxed, [.roll(dice(1, 1, 1, 1, 1, 1)), .keep(dice(1, 1, 1, 1, 1, 1))])
        #expect(boxed.result == nil && boxed.turnPoints > 0 && boxed.diceLeft == 6)
    }

    @Test("boxed: a first bank needs 500, later banks any points")
    func entryMinimum() throws {
        let three: [GameAction] = [.roll(dice(1, 1, 1, 1, 2, 3)), .keep(dice(1, 1, 1, 1)), .bank]
        let first = try refusal(.boxed, [.roll(dice(1, 5, 2, 3, 3, 6)), .keep(dice(1, 5))], then: .bank)
        #expect(first == "150 is below the entry minimum of 500")
        var state = try game(.boxed, three)
        #expect(state.players[0].hasEntered && state.players[0].total == 1_000)
        try state.apply(.farkle)  // Ben
        try state.apply(.keep(dice(5)))
        #expect(state.leastBank == 0)
        try state.apply(.bank)
        #expect(state.players[0].total == 1_050)
    }

    @Test("zilch: the third farkle in a row costs 500 and starts the count again; a bank clears it")
    func threeFarklePenalty() throws {
        // Six dice always score under zilch (the six-dice farkle): a farkle comes on a later roll.
        let farkle: [GameAction] = [.keep(dice(5)), .roll(dice(2, 2, 3, 4, 6))]
        var state = try game(.zilch, farkle + farkle + farkle + farkle)
        #expect(state.players[0].farklesInARow == 2 && state.players[0].total == 0)
        for action in farkle { try state.apply(action) }
        #expect(state.players[0].farklesInARow == 0 && state.players[0].total == -500)
        #expect(state.players[0].statistics.penalties == 1 && state.players[0].statistics.farkles == 3)
        // Ben, at two farkles in a row, banks: his count starts again.
        try state.apply(.keep(dice(1, 1, 1)))
        try state.apply(.bank)
        #expect(state.players[1].farklesInARow == 0 && state.players[1].total == 1_000)
    }

    @Test("a penalty of the whole total: the third farkle in a row leaves a total of zero")
    func wholeTotalPenalty() throws {
        var rules = RuleSet.zilch
        rules.turn.threeFarklePenalty = .wholeTotal
        let farkle: [GameAction] = [.keep(dice(5)), .roll(dice(2, 2, 3, 4, 6))]
        let pass: [GameAction] = [.keep(dice(5)), .roll(dice(2, 2, 3, 4, 6))]
        // Ann banks 1,000, then farkles three times in a row while Ben farkles too.
        var state = try game(rules, [.keep(dice(1, 1, 1)), .bank] + pass + farkle + pass + farkle + pass)
        #expect(state.players[0].total == 1_000 && state.players[0].farklesInARow == 2)
        for action in farkle { try state.apply(action) }
        #expect(state.players[0].total == 0 && state.players[0].farklesInARow == 0)
        #expect(state.players[0].statistics.penalties == 1)
    }

    @Test("a final round: after the target every other seat plays once, the highest total wins or ties")
    func finalRound() throws {
        let rules = race(.facebook, to: 1_000)
        let players = ["Ann", "Ben", "Cy"]
        var state = try game(rules, players: players, [.farkle, .keep(dice(1, 1, 1)), .bank])
        #expect(state.isFinalRound && state.result == nil && state.seat == 2)
        try state.apply(.keep(dice(1, 1, 1)))
        try state.apply(.keep(dice(1)))
        try state.apply(.bank)
        #expect(state.result == nil && state.seat == 0, "Ann plays her last turn")
        try state.apply(.farkle)
        #expect(state.result == .won(seat: 2))
        // Equal totals at the top tie.
        var tie = try game(rules, [.keep(dice(1, 1, 1)), .bank, .keep(dice(1, 1, 1)), .bank])
        #expect(tie.result == .tied(seats: [0, 1]))
        #expect(throws: GameState.NotAllowed.self) { try tie.apply(.farkle) }
    }

    @Test("kcd: the first bank that reaches the target wins at once")
    func raceWonAtOnce() throws {
        let state = try game(race(.kcd, to: 1_000), [.keep(dice(1, 1, 1)), .bank])
        #expect(state.result == .won(seat: 0) && state.round == 1)
    }

    @Test("rounds: a tie plays extra rounds, then the highest turn breaks it")
    func rounds() throws {
        var rules = RuleSet.farkleten
        rules.game.end = .rounds(1)
        rules.game.extraRoundsOnTie = 1
        // One round tied at 1,000, then an extra one tied at 1,100: the best turns tie too (1,000 each).
        var state = try game(rules, [.keep(dice(1, 1, 1)), .bank, .keep(dice(1, 1, 1)), .bank])
        #expect(state.result == nil && state.round == 2)
        try state.apply(.keep(dice(1)))
        try state.apply(.bank)
        try state.apply(.keep(dice(5, 5)))
        try state.apply(.bank)
        #expect(state.result == .tied(seats: [0, 1]), "both took 1,000 in one turn")
        // Two rounds, no extra one: tied at 1,050, Ann's turn of 1,050 beats Ben's best of 1,000.
        rules.game.end = .rounds(2)
        rules.game.extraRoundsOnTie = 0
        let broken = try game(
            rules, [.keep(dice(1, 1, 1, 5)), .bank, .keep(dice(1, 1, 1)), .bank, .farkle, .keep(dice(5)), .bank])
        #expect(broken.players.map(\.total) == [1_050, 1_050])
        #expect(broken.result == .won(seat: 0))
    }

    @Test("statistics count turns, points banked, farkles and hot dice")
    func statistics() throws {
        let state = try game(
            .standard,
            [
                .roll(dice(1, 1, 5, 5, 5, 3)), .keep(dice(1, 1, 5, 5, 5)), .roll(dice(1)), .keep(dice(1)),
                .roll(dice(1, 5, 5, 2, 3, 4)), .keep(dice(1, 2, 3, 4, 5)), .bank, .keep(dice(5)),
                .roll(dice(2, 2, 3, 4, 6)),
            ])
        let ann = state.players[0].statistics
        #expect(ann.turns == 1 && ann.bankedPoints == 750 + 100 + 1_500 && ann.hotDice == 1 && ann.farkles == 0)
        #expect(state.players[1].statistics.farkles == 1 && state.players[1].statistics.turns == 1)
    }

    @Test("a table of 1 to 8 players")
    func players() throws {
        #expect(throws: GameState.NotAllowed.self) { try GameState(table: ScoringTable(rules: .standard), players: []) }
        let solo = try game(race(.kcd, to: 300), players: ["Ann"], [.farkle, .keep(dice(1, 1, 1)), .bank])
        #expect(solo.result == .won(seat: 0) && solo.round == 2)
    }
}

@Suite("A game at the table with a hot-dice bonus")
struct GameStateHotDiceBonusTests {
    static let rules: RuleSet = {
        var rules = RuleSet.standard
        rules.name = "hot-dice-bonus"
        rules.turn.hotDiceBonus = 1000
        return rules
    }()

    @Test("a keep of every die rolled adds the bonus, entered with its roll or alone; a smaller keep does not")
    func keptWholeOrNot() throws {
        // 1 5 of six dice rolled: 150, four dice left.
        var state = try game(Self.rules, [.roll(dice(1, 5, 2, 3, 3, 6)), .keep(dice(1, 5))])
        #expect(state.turnPoints == 150 && state.diceLeft == 4)
        // Entered alone, 1 5 stands for a roll of the four dice left that holds it: no bonus.
        state = try game(Self.rules, [.roll(dice(1, 5, 2, 3, 3, 6)), .keep(dice(1, 5)), .keep(dice(1, 5))])
        #expect(state.turnPoints == 300 && state.diceLeft == 2)
        // Then 1 5 of the last two dice, alone or with their roll: hot dice, 150 + 1000, six dice again.
        for last: [GameAction] in [[.keep(dice(1, 5))], [.roll(dice(5, 1)), .keep(dice(1, 5))]] {
            let hot = try game(
                Self.rules, [.roll(dice(1, 5, 2, 3, 3, 6)), .keep(dice(1, 5)), .keep(dice(1, 5))] + last)
            #expect(hot.turnPoints == 1450 && hot.diceLeft == 6 && hot.players[0].statistics.hotDice == 1)
        }
    }

    @Test("six scoreless dice on the opening roll score the six-dice farkle and the bonus: 1500")
    func sixDiceFarkle() throws {
        let state = try game(Self.rules, [.roll(dice(2, 2, 3, 3, 4, 6))])
        #expect(state.turnPoints == 1500 && state.diceLeft == 6)
    }
}

@Suite("A game at the table where a scoreless opening roll is rolled again")
struct GameStateOpeningRerollTests {
    static let rules: RuleSet = {
        var rules = RuleSet.standard
        rules.name = "opening-reroll"
        rules.turn.sixDiceFarkle = nil
        rules.turn.rerollsScorelessOpeningRoll = true
        return rules
    }()

    @Test("six scoreless dice on the opening roll leave the turn as it was: still the opening roll, no farkle")
    func rolledAgain() throws {
        let state = try game(Self.rules, [.roll(dice(2, 2, 3, 3, 4, 6)), .roll(dice(2, 2, 3, 4, 4, 6))])
        #expect(state.seat == 0 && state.turnPoints == 0 && state.diceLeft == 6 && state.isOpeningRoll)
        #expect(state.players[0].statistics.farkles == 0 && state.players[0].statistics.turns == 0)
        // Then a roll that scores is the opening roll's keep.
        let kept = try game(Self.rules, [.roll(dice(2, 2, 3, 3, 4, 6)), .roll(dice(1, 2, 3, 4, 4, 6)), .keep(dice(1))])
        #expect(kept.turnPoints == 100 && kept.diceLeft == 5 && !kept.isOpeningRoll)
    }

    @Test("FARKLE on the opening roll is refused in one line; after a keep it ends the turn")
    func farkleOnlyAfterTheOpeningRoll() throws {
        #expect {
            try game(Self.rules, [.farkle])
        } throws: { error in
            let text = String(describing: error)
            return text.contains("rolled again") && !text.contains("\n")
        }
        let state = try game(Self.rules, [.roll(dice(1, 2, 3, 4, 4, 6)), .keep(dice(1)), .farkle])
        #expect(state.seat == 1 && state.players[0].statistics.farkles == 1)
        // Six scoreless dice after hot dice are a farkle as ever.
        let hot = try game(
            Self.rules, [.roll(dice(1, 1, 1, 5, 5, 5)), .keep(dice(1, 1, 1, 5, 5, 5)), .roll(dice(2, 2, 3, 3, 4, 6))])
        #expect(hot.seat == 1 && hot.players[0].statistics.farkles == 1)
    }
}
