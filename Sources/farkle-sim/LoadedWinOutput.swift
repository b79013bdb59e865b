import FarkleKit
import FarkleReports

/// `solve --objective win --dice-set A [--dice-set B]`: the race played to win, player 1 (who starts) with the
/// first set, player 2 with the second (six ordinary dice when only one is given).
enum LoadedWinOutput {
    static func run(
        rules: RuleSet, sets: [DiceSet], format: OutputFormat, threads: Int, spec: CommandSpec
    ) throws(UsageError) -> Int32 {
        guard LoadedWinSolver.supports(rules) else {
            throw UsageError(
                "'--objective win' with dice sets needs banking after any keep, with no minimum bank, six-dice "
                    + "farkle or penalty (as in kcd); rules '\(rules.name)' differ", spec: spec)
        }
        let players = sets.count == 1 ? [sets[0], DiceSet.ordinary] : sets
        let table = ScoringTable(rules: rules)
        let clock = ContinuousClock()
        let start = clock.now
        let solver = LoadedWinSolver(
            outcomes: players.map { DiceSetOutcomes(table: table, set: $0) }, threads: threads)
        let seconds = (clock.now - start) / .seconds(1)
        let first = solver.firstPlayerWinProbability
        // The second player's chance when it starts instead, from the same solve.
        let secondStarting = solver.winProbability(player: 1, own: 0, opponent: 0)
        switch format {
        case .json:
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "target": \(solver.target),
                  "dice_sets": [\(players.map { JSONText.string($0.description) }.joined(separator: ", "))],
                  "first_player_win_probability": \(JSONText.number(first)),
                  "second_player_win_probability_if_it_starts": \(JSONText.number(secondStarting)),
                  "largest_last_change": \(JSONText.number(solver.largestLastChange)),
                  "elapsed_seconds": \(JSONText.number(seconds))
                }
                """)
        case .md, .csv:
            Standard.output(
                """
                # The race played to win: \(rules.name), target \(solver.target)

                Player 1 carries \(players[0]), player 2 carries \(players[1]); both play to win.

                | Figure | Value |
                |---|---:|
                | Player 1 wins, moving first | \(SolveCommand.fixed(first * 100, 4)) % |
                | Player 2 wins, moving first | \(SolveCommand.fixed(secondStarting * 100, 4)) % |
                | Largest change of the last iteration step | \(solver.largestLastChange) |

                """, terminator: "")
        }
        return ExitStatus.success
    }
}
