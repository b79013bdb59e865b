import FarkleKit

/// `--strategy` with `--dice-set`: the plays that know loaded dice (`ev`, `win`, `greedy`, `threshold:...`), one
/// per seat.
enum LoadedPlayArguments {
    /// The `--dice-set` option of `simulate` and `evaluate`: one per seat, or one for all.
    static let sets = OptionSpec(
        name: "dice-set", valueName: "set",
        help: "A seat's dice (name:count,... from the catalog, the rest ordinary): one per seat, or one for all.",
        defaultValue: "six ordinary dice", isRepeatable: true)

    /// The strategies that know dice sets, for help texts and messages.
    static let known = "ev, win, greedy or threshold:T1,T2"

    /// What each play does with dice sets, one sentence for help texts and output.
    static let meanings =
        "ev: the capped-optimal turn for the seat's own total; win: the play that maximizes the chance to win "
        + "(2 players); greedy: the highest-scoring keep, banking at once; threshold: the same keep, banking from "
        + "T1 points with 1 die left, T2 with 2 (a tie in points goes to the fewest dice, then to leaving the dice "
        + "most likely to score)"

    /// The play of every `--strategy` given (parsed as `StrategySpec`).
    ///
    /// - Throws: `UsageError` for a strategy that does not parse, or one that does not know loaded dice.
    static func plays(_ arguments: ParsedArguments) throws(UsageError) -> [LoadedPlay] {
        var plays: [LoadedPlay] = []
        for text in arguments.allValues("strategy") {
            let spec: StrategySpec
            do {
                spec = try StrategySpec(parsing: text)
            } catch {
                throw UsageError(error.description, spec: arguments.spec)
            }
            guard let play = LoadedPlay(spec) else {
                throw UsageError(
                    "with '--dice-set' a seat plays \(known); '\(text)' does not know loaded dice",
                    spec: arguments.spec)
            }
            plays.append(play)
        }
        if arguments.value(StrategyArguments.policy.name) != nil {
            throw UsageError(
                "'--policy' holds a game solved for ordinary dice; with '--dice-set' strategy 'win' is solved "
                    + "for the sets", spec: arguments.spec)
        }
        return plays
    }

    /// The sets of `seats` seats from `--dice-set`: one for all, or one per seat.
    static func sets(_ arguments: ParsedArguments, seats: Int) throws(UsageError) -> [DiceSet] {
        let sets = try DiceSetOption.sets(arguments)
        if sets.count == 1 { return Array(repeating: sets[0], count: seats) }
        guard sets.count == seats else {
            throw UsageError(
                "\(sets.count) '--dice-set' for \(seats) players: give one for every seat, or one for all",
                spec: arguments.spec)
        }
        return sets
    }

    /// Refuses `greedy` and `threshold` with a set whose six dice score on every roll: such a turn can roll on
    /// and on after hot dice, for as long as the threshold takes (or without end where the rules forbid a bank
    /// after hot dice), which no simulation or evaluation should wait for.
    static func checkTurnsEnd(_ plays: [LoadedPlay], sets: [DiceSet], rules: RuleSet, arguments: ParsedArguments)
        throws(UsageError)
    {
        let table = ScoringTable(rules: rules)
        for (play, set) in zip(plays, sets) where play != .cappedScore && play != .win {
            let outcomes = DiceSetOutcomes(table: table, set: set)
            guard outcomes.farkleProbability[outcomes.fullState] == 0 else { continue }
            throw UsageError(
                "strategy '\(play)' with the dice set \(set) may never end a turn: every roll of its six dice scores; "
                    + "play it 'ev' or 'win'", spec: arguments.spec)
        }
    }

    /// Refuses `win` where the race cannot be solved to win with dice sets, or where its turns would not fit
    /// in memory for a simulation (`simulating`).
    static func checkWin(
        _ plays: [LoadedPlay], sets: [DiceSet], rules: RuleSet, simulating: Bool, arguments: ParsedArguments
    ) throws(UsageError) {
        guard plays.contains(.win) else { return }
        guard plays.count == 2 else {
            throw UsageError("strategy 'win' with dice sets plays 2-player games only", spec: arguments.spec)
        }
        guard LoadedWinSolver.supports(rules) else {
            throw UsageError(
                "strategy 'win' with dice sets needs banking after any keep, with no minimum bank, six-dice "
                    + "farkle or penalty (as in kcd); rules '\(rules.name)' differ", spec: arguments.spec)
        }
        guard simulating else { return }
        for (seat, set) in sets.enumerated() where plays[seat] == .win {
            let entries = GameSimulation<BuiltInStrategy>.winTableEntries(rules: rules, set: set)
            guard entries <= GameSimulation<BuiltInStrategy>.maximumWinTableEntries else {
                throw UsageError(
                    "strategy 'win' with the dice set \(set) at target \(rules.game.end.target ?? 0) needs "
                        + "\(entries) table entries for its turns, more than the "
                        + "\(GameSimulation<BuiltInStrategy>.maximumWinTableEntries) a simulation holds; use a lower "
                        + "'--target' or 'evaluate'", spec: arguments.spec)
            }
        }
    }
}
