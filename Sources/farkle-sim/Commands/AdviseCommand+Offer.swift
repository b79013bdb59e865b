import FarkleKit
import FarkleReports

extension AdviseCommand {
    /// `--offer`: under piggybacking, the turn the previous player banked, advised instead of a roll.
    static let offer = OptionSpec(
        name: "offer", valueName: "points,dice",
        help: "Under piggybacking, instead of --dice: the turn the previous player banked, its points and the dice "
            + "it left (such as 1500,2): take it over or start a fresh turn.")

    /// The options a question about an offer does not read: those of a roll, of the game's totals and of dice sets.
    private static let optionsOfARoll = [
        "dice", "turn-points", "opening", "opponent-farkles", "my-score", "opponent-score", "final-round",
        "rounds-left", "extra-round", "seat", StrategyArguments.policy.name, CacheOption.noCache.name,
        DiceSetOption.set.name, DiceSetOption.opponentSet.name, DiceSetOption.catalog.name, RulesOption.target.name,
    ]

    /// Advises on a banked turn offered under piggybacking: the expected points of taking it over (rolling its
    /// dice from its points, the bonus included) against those of a fresh turn, as `ev` decides it.
    static func adviseOffer(_ arguments: ParsedArguments, rules: RuleSet) throws(UsageError) -> Int32 {
        guard let piggyback = rules.game.piggyback else {
            throw UsageError(
                "'--offer' is a turn banked under piggybacking; rules '\(rules.name)' have none "
                    + "(\"piggyback\": true in a rule file's game)", spec: spec)
        }
        try arguments.refuse(optionsOfARoll, "asks about a roll; '--offer' is asked before the turn's first roll")
        let format = try arguments.format(allowed: [.md, .json])
        let text = arguments.value(offer.name) ?? ""
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let dice = rules.turn.dice
        guard parts.count == 2, let points = Int(parts[0]), let left = Int(parts[1]) else {
            throw UsageError(
                "'--offer' must be the banked points and the dice left, such as 1500,2; not '\(text)'", spec: spec)
        }
        let table = ScoringTable(rules: rules)
        guard (0...1_000_000_000).contains(points), points % table.scoreStep == 0 else {
            throw UsageError(
                "'--offer' points must be a multiple of \(table.scoreStep) from 0 to 1,000,000,000 under rules "
                    + "'\(rules.name)', not \(points)", spec: spec)
        }
        guard (1...dice).contains(left) else {
            throw UsageError(
                "'--offer' dice must be 1 to \(dice), the dice a bank leaves (\(dice) after hot dice), not \(left)",
                spec: spec)
        }
        guard let offered = piggyback.offer(turnPoints: points, diceLeft: left) else {
            throw UsageError(
                "a bank that leaves \(left) \(left == 1 ? "die" : "dice") offers nothing under rules '\(rules.name)': "
                    + "the next player takes over only from \(piggyback.leastDiceLeft) dice left", spec: spec)
        }
        let farkles = try farklesInARow(arguments, rules: rules)
        // Under a three-farkle penalty of points, the turn of the player's count of farkles in a row, as `ev` plays.
        let solver =
            farkles.flatMap { count in
                LongRunAverageSolver(penaltyOf: table).map { $0.turnSolver(farklesInARow: count) }
            } ?? ExpectedScoreSolver(table: table)
        let takeOver = solver.rollValue(turnPoints: offered.turnPoints, diceLeft: offered.dice)
        let fresh = solver.expectedTurnScore
        let takes = takeOver > fresh
        // In banked points, as the question is asked: the bonus comes off the least points offered.
        let from = solver.leastPointsToPiggyback(diceLeft: offered.dice).map { max(0, $0 - piggyback.bonus) }
        switch format {
        case .json:
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "offer": {"turn_points": \(points), "dice": \(left), "bonus": \(piggyback.bonus)},
                  "take_over_value": \(JSONText.number(takeOver)),
                  "fresh_turn_value": \(JSONText.number(fresh)),
                  "takes_over": \(takes),
                  "take_over_from": \(from.map(String.init) ?? "null")
                }
                """)
        default:
            let bonus = piggyback.bonus > 0 ? " (\(piggyback.bonus) points more once its first roll scores)" : ""
            let dieWord = left == 1 ? "die" : "dice"
            Standard.output(
                """
                # Piggybacking: \(points) points banked with \(left) \(dieWord) left, rules \(rules.name)

                | Choice | Expected points |
                |---|---:|
                | Take it over: roll \(left) \(dieWord) from \(points) points\(bonus) | \(NumberText.fixed(takeOver, 2)) |
                | Start a fresh turn | \(NumberText.fixed(fresh, 2)) |

                **\(takes ? "Take it over" : "Start fresh")**: \(NumberText.fixed(abs(takeOver - fresh), 2)) points \
                more per turn. With \(left) \(dieWord) left, take over \
                \(from.map { "a bank of \($0) points or more" } ?? "no bank: never").

                """, terminator: "")
        }
        return ExitStatus.success
    }
}
