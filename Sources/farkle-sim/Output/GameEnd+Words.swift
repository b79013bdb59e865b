import FarkleKit
import FarkleReports

extension GameEnd {
    /// The game as played, as words after "in": "a race to 10,000 with a final round", "a race to 4,000, won at
    /// once" or "10 rounds"; what tells runs under another `--target` apart.
    var words: String {
        switch self {
        case .target(let target, let finalRound):
            return "a race to \(NumberText.grouped(target))\(finalRound ? " with a final round" : ", won at once")"
        case .rounds(let rounds):
            return NumberText.count(rounds, "round")
        }
    }
}

extension GameRules {
    /// How the game ends, as `GameEnd.words` says, where a target to hit exactly reads "a race to 2,000 hit
    /// exactly".
    var endWords: String {
        guard mustHitTargetExactly, let target = end.target else { return end.words }
        return "a race to \(NumberText.grouped(target)) hit exactly"
    }
}
