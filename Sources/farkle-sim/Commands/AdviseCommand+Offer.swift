import FarkleKit
import FarkleReports

extension AdviseCommand {
    /// `--offer`: under piggybacking, the turn the previous player banked, advised instead of a roll.
    static let offer = OptionSpec(
        name: "offer", valueName: "points,dice",
        help: "Under piggybacking, instead of --dice: the turn the previous player banked, its points and the dice "
            + "it left (such as 1500,2): take it over or start a fresh turn. With --my-score, as for a roll: at 0 under "
            + "an entry minimum for a player not yet on the board (the inherited points count toward it unless the rules "
            + "say otherwise), in a race won "
            + "at once at the target the points toward it.")

    /// The options a question about an offer does not read: those of a roll, of the game's totals (but whether the
    /// player is on the board, `--my-score`) and of dice sets.
    private static let optionsOfARoll = [
        "dice", "turn-points", "opening", "opponent-farkles", "opponent-score", "final-round",
        "rounds-left", "extra-round", "seat", StrategyArguments.policy.name, CacheOption.noCache.name,
        DiceSetOption.set.name, DiceSetOption.opponentSet.name, DiceSetOption.catalog.name,
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
        let mine = try total(arguments, rules: rules, step: table.scoreStep)
        let hasEntered = TurnSituation.hasEntered(myScore: mine)
        // The target is read by the points toward it from the player's total, and by nothing else here.
        if mine == nil || !rules.capsTheTurn {
            try arguments.refuse(
                [RulesOption.target.name],
                "changes no advice on an offer here: it is read by the points toward a target won at once, from "
                    + "'--my-score'")
        }
        // Under a three-farkle penalty of points, the turn of the player's count of farkles in a row, as `ev` plays;
        // before the player is on the board, the turn whose least bank is the entry minimum.
        let advice: OfferAdvice
        do {
            advice = try Advisor(table: table).advice(
                onOffer: offered, myScore: mine, farklesInARow: farkles ?? 0)
        } catch {
            throw UsageError(error.description, spec: spec)
        }
        let takeOver = advice.takeOverValue
        let fresh = advice.freshTurnValue
        let takes = advice.takesOver
        // In banked points, as the question is asked.
        let from = advice.leastBankToTakeOver
        let entry = rules.game.entryMinimum
        switch format {
        case .json:
            Standard.output(
                """
                {
                  "rules": \(JSONText.string(rules.name)),
                  "offer": {"turn_points": \(points), "dice": \(left), "bonus": \(piggyback.bonus)},
                  "has_entered": \(hasEntered),
                  "objective": \(JSONText.string(advice.objective.name)),
                  "take_over_value": \(JSONText.number(takeOver)),
                  "fresh_turn_value": \(JSONText.number(fresh)),
                  "takes_over": \(takes),
                  "take_over_from": \(from.map(String.init) ?? "null")
                }
                """)
        default:
            let bonus = piggyback.bonus > 0 ? " (\(piggyback.bonus) points more once its first roll scores)" : ""
            let dieWord = left == 1 ? "die" : "dice"
            let entering =
                hasEntered
                ? ""
                : piggyback.inheritedPointsEnter
                    ? "\nNot yet on the board: a bank must reach \(entry) turn points, the inherited ones included.\n"
                    : "\nNot yet on the board: taken over, a bank must reach \(offered.turnPoints + entry) turn points, "
                        + "the entry minimum of \(entry) on top of the \(offered.turnPoints) inherited.\n"
            let (column, unit) =
                if case .pointsTowardTarget(let cap) = advice.objective {
                    ("Expected points toward the target (\(cap) to go)", "points toward the target")
                } else { ("Expected points", "points") }
            Standard.output(
                """
                # Piggybacking: \(points) points banked with \(left) \(dieWord) left, rules \(rules.name)
                \(entering)
                | Choice | \(column) |
                |---|---:|
                | Take it over: roll \(left) \(dieWord) from \(points) points\(bonus) | \(NumberText.fixed(takeOver, 2)) |
                | Start a fresh turn | \(NumberText.fixed(fresh, 2)) |

                **\(takes ? "Take it over" : "Start fresh")**: \(NumberText.fixed(abs(takeOver - fresh), 2)) \(unit) \
                more. With \(left) \(dieWord) left, take over \
                \(from.map { "a bank of \($0) points or more" } ?? "no bank: never").

                """, terminator: "")
        }
        return ExitStatus.success
    }

    /// The player's total of `--my-score`, where it changes the advice on an offer: in a race won at once at the
    /// target (the points toward it) or, where an entry minimum raises the least bank, at 0 (not yet on the board);
    /// elsewhere the option would change nothing and is refused, as for a roll.
    private static func total(_ arguments: ParsedArguments, rules: RuleSet, step: Int) throws(UsageError) -> Int? {
        guard arguments.value("my-score") != nil else { return nil }
        guard PointsAdvisor.readsTheTotal(rules) else {
            throw UsageError(
                "'--my-score' changes no advice on an offer under rules '\(rules.name)': "
                    + "they race to no target won at once (in the long run under a penalty of points the turn is the "
                    + "same at any total) and have no entry minimum above the least bank",
                spec: spec)
        }
        // Read as for a roll: the other totals are refused above, and where a total is read none falls below 0 (a
        // penalty of the whole total leaves 0).
        return try Totals(arguments, rules: rules, step: step)?.mine
    }
}
