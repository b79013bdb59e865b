import FarkleKit
import Foundation

/// The `--strategy` options of `simulate` and `evaluate`, and the solve that strategy `win` needs first.
enum StrategyArguments {
    /// The specs given with `--strategy`, in order.
    ///
    /// - Throws: `UsageError` naming the first spec that cannot be read.
    static func specs(_ arguments: ParsedArguments, spec: CommandSpec) throws(UsageError) -> [StrategySpec] {
        var specs: [StrategySpec] = []
        for text in arguments.allValues("strategy") {
            do {
                specs.append(try StrategySpec(parsing: text))
            } catch {
                throw UsageError(error.description, spec: spec)
            }
        }
        return specs
    }

    /// Solves the game of `context` to win before a `win` seat is built, saying so on stderr unless `quiet`.
    ///
    /// - Throws: `UsageError` with the solver's reason where it does not apply (more than two players,
    ///   fixed rounds, a three-farkle penalty).
    static func solveToWin(
        _ context: inout StrategyContext, threads: Int, quiet: Bool, spec: CommandSpec
    ) throws(UsageError) {
        let rules = context.rules
        guard rules.game.players == 2 else {
            throw UsageError(
                "strategy 'win' plays 2-player games only, not \(rules.game.players) players", spec: spec)
        }
        // The note only where a solve will run: a refused rule set gets its one error line and nothing else.
        let willSolve = rules.game.end.target != nil && rules.turn.threeFarklePenalty == nil
        if !quiet, willSolve {
            Standard.error(
                "Solving rules '\(rules.name)' to win for strategy 'win' (minutes for a 10,000-point race)...")
        }
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            _ = try context.winProbabilitySolver(threads: threads)
        } catch {
            throw UsageError("strategy 'win': \(error.description)", spec: spec)
        }
        if !quiet, willSolve {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            Standard.error("Solved in \(String(format: "%.1f", seconds)) s.")
        }
    }
}
