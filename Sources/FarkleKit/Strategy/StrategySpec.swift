/// A strategy named on the command line: `ev`, `ev-target`, `greedy`, `threshold:T1,T2` or `win`.
///
/// A spec is only a description; `BuiltInStrategy.make(_:table:)` turns specs
/// into strategies for a rule set.
public enum StrategySpec: Hashable, Sendable, CustomStringConvertible {
    /// The expected-score optimal turn policy of the exact solver, whatever the totals: `ev`.
    case expectedValue
    /// The turn that maximizes the expected points toward the target from the player's own total,
    /// E[min(turn points, target − total)], in a race won at the target at once (`CappedScoreSolver`):
    /// `ev-target`.
    case expectedValueToTarget
    /// The highest-scoring keep, banking as soon as allowed.
    case greedy
    /// The highest-scoring keep, banking from a number of points for each count of dice left (1, 2, ...).
    case threshold([Int])
    /// A bot of the online game Farkle Ten, as designed (`FarkleTenBot`).
    case farkleTen(FarkleTenBot.Level)
    /// The play that maximizes the chance to win a two-player game (`WinProbabilityStrategy`).
    case win

    /// The spec names a user may type, for help texts.
    package static let syntax =
        "ev, ev-target, greedy, threshold:T1,T2, win, farkleten-easy, farkleten-medium, farkleten-hard"

    /// The highest threshold a spec may give: 1,000,000,000 points, far above any turn a game sees.
    ///
    /// Thresholds left out double the one before (up to four times), and turn points are added to
    /// and compared with them; this bound keeps all of that far inside 64 bits.
    package static let maximumThreshold = 1_000_000_000

    /// Parses `ev`, `ev-target`, `greedy`, `win` or `threshold:T1,T2[,T3...T6]` (thresholds: whole points, 0 to
    /// `maximumThreshold`).
    ///
    /// - Throws: `StrategySpecError` naming what is wrong.
    public init(parsing text: String) throws(StrategySpecError) {
        switch text {
        case "ev": self = .expectedValue
        case "ev-target": self = .expectedValueToTarget
        case "greedy": self = .greedy
        case "farkleten-easy": self = .farkleTen(.easy)
        case "farkleten-medium": self = .farkleTen(.medium)
        case "farkleten-hard": self = .farkleTen(.hard)
        case "win": self = .win
        default:
            let prefix = "threshold:"
            guard text.hasPrefix(prefix) else {
                throw StrategySpecError(spec: text, problem: "is not a strategy (known: \(Self.syntax))")
            }
            let parts = text.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false)
            guard (2...DiceCounts.maximumDice).contains(parts.count) else {
                throw StrategySpecError(
                    spec: text, problem: "needs 2 to 6 thresholds, for 1, 2, ... dice left (threshold:300,300)")
            }
            var thresholds: [Int] = []
            for part in parts {
                guard !part.isEmpty, part.allSatisfy({ ("0"..."9").contains($0) }),
                    let points = Int(part), points <= Self.maximumThreshold
                else {
                    throw StrategySpecError(
                        spec: text,
                        problem: "has '\(part)' where a threshold must be whole points from 0 to "
                            + "\(Self.maximumThreshold) (far above any turn; doubled for more dice, it must not "
                            + "overflow)")
                }
                thresholds.append(points)
            }
            self = .threshold(thresholds)
        }
    }

    /// The spec as typed: `ev`, `ev-target`, `greedy`, `threshold:300,300`, `win`.
    public var description: String {
        switch self {
        case .expectedValue: return "ev"
        case .expectedValueToTarget: return "ev-target"
        case .greedy: return "greedy"
        case .win: return "win"
        case .threshold(let thresholds): return "threshold:" + thresholds.map(String.init).joined(separator: ",")
        case .farkleTen(let level): return "farkleten-" + level.rawValue
        }
    }
}
