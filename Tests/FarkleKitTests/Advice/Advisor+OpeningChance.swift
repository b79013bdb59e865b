import Testing

@testable import FarkleKit

extension Advisor {
    /// The chance to win from the start of the turn of `situation` (its roll replaced by each opening roll in turn),
    /// as the advice gives it roll by roll: the best keep's value, the six-dice farkle's, or the farkle's, weighed by
    /// each roll's chance; six 1s that win at once count 1. Checks that each advice weighs every opponent if
    /// `weighsEveryOpponent` is given.
    func openingWinChance(_ situation: TurnSituation, weighsEveryOpponent: Bool? = nil) throws -> Double {
        var total = 0.0
        for (roll, orderings) in Self.openingRolls {
            var situation = situation
            situation.roll = roll
            let advice = try advice(for: situation)
            if advice.winsAtOnce {
                total += Double(orderings)
                continue
            }
            let win = try #require(advice.win)
            if let weighsEveryOpponent { #expect(advice.winGame?.weighsEveryOpponent == weighsEveryOpponent) }
            total += Double(orderings) * (win.best?.value ?? win.sixDiceFarkle?.value ?? win.farkleValue)
        }
        return total / 46_656
    }

    /// Every roll of six dice once, with its number of orderings (46,656 in all).
    static let openingRolls: [DiceCounts: Int] = {
        var rolls: [DiceCounts: Int] = [:]
        for code in 0..<46_656 {
            var faces: [Int] = []
            var rest = code
            for _ in 0..<6 {
                faces.append(rest % 6 + 1)
                rest /= 6
            }
            rolls[DiceCounts(faces: faces), default: 0] += 1
        }
        return rolls
    }()
}
