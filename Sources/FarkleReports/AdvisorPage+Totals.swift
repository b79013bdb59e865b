@_spi(Kernels) import FarkleKit
import Foundation

// The parts of the advisor's data that depend on the player's own total: the turn of a player not yet on the
// board (an entry minimum above the minimum bank) and, in a race won at once at the target, the turn that
// maximizes the points toward the target. Each is solved here, in Swift; the page only looks the values up.

extension AdvisorPage {
    /// The turn of a player not yet on the board, where the rules' entry minimum is above the minimum bank and
    /// the page has one turn table (no three-farkle penalty); `nil` otherwise.
    static func newPlayerSolver(for solver: ExpectedScoreSolver, tables: Int) -> ExpectedScoreSolver? {
        tables == 1 ? ExpectedScoreSolver.notYetOnTheBoard(solver.table) : nil
    }

    /// Where the advice counts a turn's points toward the target (`RuleSet.capsTheTurn`) and no long-run average
    /// under a penalty of points comes first, as in `Advisor`: for each own total 0, step, ..., target − step, the
    /// turn that maximizes E[min(turn points, target − total)] with six ordinary dice (`CappedScoreSolver`); at
    /// total 0 with the least bank of a player not yet on the board. Empty otherwise.
    static func cappedSolvers(for table: ScoringTable) -> [CappedScoreSolver] {
        let rules = table.rules
        guard rules.capsTheTurn, rules.turn.threeFarklePenalty?.points == nil, let target = rules.game.end.target
        else { return [] }
        let outcomes = DiceSetOutcomes(table: table, set: .ordinary)
        // A total of 0 is a player not yet on the board: banking only from the entry minimum.
        return CappedScoreSolver.forEveryTotal(outcomes: outcomes, target: target, threads: 1)
    }

    /// `values` as the base64 text of their little-endian IEEE 754 bit patterns, as a JSON string.
    static func doubles(_ values: [Double]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 8)
        for value in values {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return JSONText.string(Data(bytes).base64EncodedString())
    }

    /// The least turn points the player of `solver` may bank.
    static func leastBank(_ solver: ExpectedScoreSolver) -> Int {
        solver.table.turnMechanics.leastBank(
            entryMinimum: solver.table.rules.game.entryMinimum, hasEntered: solver.hasEntered)
    }

    /// One capped turn: R and the decisions for the turn points the solver tabulates (below `max(cap, least bank)`,
    /// or up to the cap where a target is hit exactly), and above them the values that no longer change with the turn
    /// points (V = cap × the chance to reach a bank, or 0 where a bank past the cap busts).
    ///
    /// R is written as the base64 of its little-endian IEEE 754 doubles, one string per dice count: the same
    /// `Double`s in 10.7 characters each instead of about 19 (a 10,000-point race has 20,100 levels of them).
    static func cappedJSON(_ solver: CappedScoreSolver, total: Int) -> String {
        let outcomes = solver.outcomes
        let mechanics = outcomes.table.turnMechanics
        let step = mechanics.scoreStep
        let dice = 1...mechanics.dice
        let state = { (dice: Int) in outcomes.state(with: [dice]) }
        let top = solver.tabulatedLevels
        func code(_ points: Int, _ dice: Int) -> Character {
            guard solver.bankValue(turnPoints: points, state: state(dice)) != nil else { return "m" }
            return solver.shouldBank(turnPoints: points, state: state(dice)) ? "b" : "r"
        }
        let roll = dice.map { dice in
            doubles((0..<top).map { solver.rollValue(turnPoints: $0 * step, state: state(dice)) })
        }
        let decisions = dice.map { dice in JSONText.string(String((0..<top).map { code($0 * step, dice) })) }
        func numbers(_ values: [Double]) -> String { JSONText.inlineArray(values.map(JSONText.number)) }
        let above = JSONText.object([
            // What a keep into this state is worth, as `CappedScoreSolver.advice` values it: the better of
            // banking and rolling (where the state may not bank, the same as V = cap × q to the last bits or so).
            (
                "value",
                numbers(
                    dice.map {
                        max(
                            solver.bankValue(turnPoints: top * step, state: state($0)) ?? -.infinity,
                            solver.rollValue(turnPoints: top * step, state: state($0)))
                    })
            ),
            ("roll", numbers(dice.map { solver.rollValue(turnPoints: top * step, state: state($0)) })),
            ("decisions", JSONText.string(String(dice.map { code(top * step, $0) }))),
        ])
        return "{\"total\": \(total), \"cap\": \(solver.cap), \"least_bank\": \(mechanics.minimumBank), "
            + "\"opening\": \(JSONText.number(solver.openingValue)), "
            + "\"roll\": [" + roll.joined(separator: ", ") + "], \"decisions\": [" + decisions.joined(separator: ", ")
            + "], \"above\": " + above + "}"
    }
}
