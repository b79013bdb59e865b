import Testing

@testable import FarkleKit

@Suite("Turn mechanics: dice left, the six-dice farkle, banking, state numbers")
struct TurnMechanicsTests {
    @Test("a keep of every die rolled gives hot dice: every die of the game to roll; otherwise the rest")
    func diceLeft() {
        let six = ScoringTable(rules: .standard).turnMechanics
        #expect(six.diceLeft(afterKeeping: 3, of: 3) == 6)
        #expect(six.diceLeft(afterKeeping: 6, of: 6) == 6)
        #expect(six.diceLeft(afterKeeping: 1, of: 6) == 5)
        #expect(six.diceLeft(afterKeeping: 2, of: 3) == 1)
        let five = ScoringTable(rules: .fiveThousand).turnMechanics
        #expect(five.diceLeft(afterKeeping: 3, of: 3) == 5)
        #expect(five.diceLeft(afterKeeping: 5, of: 5) == 5)
        #expect(five.diceLeft(afterKeeping: 1, of: 5) == 4)
        #expect(five.isOpeningRoll(turnPoints: 0, rolled: 5) && !six.isOpeningRoll(turnPoints: 0, rolled: 5))
        #expect(!five.isOpeningRoll(turnPoints: 50, rolled: 5))
    }

    @Test("standard: the six-dice farkle scores 500 on the opening roll of six dice only")
    func sixDiceFarkleOnOpeningRoll() {
        let mechanics = ScoringTable(rules: .standard).turnMechanics
        #expect(mechanics.scoreStep == 50)
        #expect(mechanics.sixDiceFarkle(dice: 6, isOpeningRoll: true) == 500)
        #expect(mechanics.sixDiceFarkle(dice: 6, isOpeningRoll: false) == nil)
        #expect(mechanics.sixDiceFarkle(dice: 5, isOpeningRoll: true) == nil)
    }

    @Test("a six-dice farkle on every roll applies to every roll of six dice; none applies to none")
    func sixDiceFarkleRules() {
        var every = TurnRules()
        every.sixDiceFarkleOnEveryRoll = true
        every.sixDiceFarkle = 300
        let mechanics = TurnMechanics(rules: every, scoreStep: 50)
        #expect(mechanics.sixDiceFarkle(dice: 6, isOpeningRoll: false) == 300)
        #expect(mechanics.sixDiceFarkle(dice: 4, isOpeningRoll: false) == nil)
        var none = TurnRules()
        none.sixDiceFarkle = nil
        #expect(TurnMechanics(rules: none, scoreStep: 50).sixDiceFarkle(dice: 6, isOpeningRoll: true) == nil)
    }

    @Test("standard banks with 1 or 2 dice only, never after hot dice")
    func standardBanking() {
        let mechanics = ScoringTable(rules: .standard).turnMechanics
        #expect((1...6).filter { mechanics.allowsBanking(diceLeft: $0) } == [1, 2])
        #expect(mechanics.mayBank(turnPoints: 50, diceLeft: 1))
        #expect(!mechanics.mayBank(turnPoints: 5000, diceLeft: 6))
    }

    @Test("the minimum bank and the entry minimum set the least points a player may bank")
    func leastBank() {
        var rules = TurnRules(bankingDiceLeft: [1, 2, 3, 4, 5], hotDiceMandatory: false, minimumBank: 300)
        rules.sixDiceFarkle = nil
        let mechanics = TurnMechanics(rules: rules, scoreStep: 50)
        #expect((1...6).allSatisfy { mechanics.allowsBanking(diceLeft: $0) })
        #expect(!mechanics.mayBank(turnPoints: 250, diceLeft: 3))
        #expect(mechanics.mayBank(turnPoints: 300, diceLeft: 6))
        #expect(mechanics.leastBank(entryMinimum: 500, hasEntered: false) == 500)
        #expect(mechanics.leastBank(entryMinimum: 500, hasEntered: true) == 300)
        #expect(mechanics.leastBank(entryMinimum: 100, hasEntered: false) == 300)
        #expect(!mechanics.mayBank(turnPoints: 450, diceLeft: 2, least: 500))
        #expect(mechanics.mayBank(turnPoints: 500, diceLeft: 2, least: 500))
    }

    @Test("states are numbered level by level, seven slots a level; levels count score steps")
    func stateIndex() {
        #expect(TurnMechanics.statesPerLevel == 7)
        #expect(TurnMechanics.stateIndex(level: 0, diceLeft: 6) == 6)
        #expect(TurnMechanics.stateIndex(level: 3, diceLeft: 2) == 23)
        let mechanics = TurnMechanics(rules: TurnRules(), scoreStep: 50)
        #expect(mechanics.level(turnPoints: 350) == 7)
        #expect(mechanics.level(turnPoints: 0) == 0)
    }
}
