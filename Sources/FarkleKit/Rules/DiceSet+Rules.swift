extension DiceSet {
    /// Why games with dice sets cannot be solved, evaluated or advised under `rules`, in words, or `nil` when they
    /// can (simulated games are played under more rules: `simulationRefusal(toPlay:)`).
    ///
    /// The one gate of every solver and evaluation of loaded dice: they solve a race won at the target at once (`kcd`),
    /// where only the capped objective is the expected points that count, with every six of a kind scoring as points
    /// (no dice set's turn tables hold a win at once), no three-farkle penalty (their solvers keep no count of farkles)
    /// and no scoreless opening roll rolled again. A single turn (`game` false: the capped turn's points, where six 1s
    /// always score as six of a kind) needs the race only. The exact odds of plays that read no total (`greedy`,
    /// `threshold`, `ev`) also follow a final round (`allowsFinalRound`).
    package static func refusal(toPlay rules: RuleSet, game: Bool = true, allowsFinalRound: Bool = false) -> String? {
        guard rules.turn.dice == DiceCounts.maximumDice else {
            return "loaded dice are six dice a player carries; rules '\(rules.name)' play \(rules.turn.dice)"
        }
        if let reason = rules.turn.openingFarkleCostRefusal(
            rules: rules.name, of: "loaded dice", instead: "play the game with six ordinary dice")
        {
            return reason
        }
        if let reason = rules.game.piggybackRefusal(
            rules: rules.name, of: "loaded dice", instead: "play the game with six ordinary dice")
        {
            return reason
        }
        guard rules.game.end.target != nil, allowsFinalRound || !rules.game.end.hasFinalRound else {
            return "loaded dice are solved for a race won at the target at once (kcd); rules '\(rules.name)' "
                + rules.game.end.unlikeRaceWonAtOnce
        }
        guard game else { return nil }
        let endings = [
            (rules.game.instantWinDescription, "win", "win"), (rules.game.instantLossDescription, "loss", "lose"),
        ]
        for case (let instant?, let end, let verb) in endings {
            return "loaded dice play every six of a kind as points, not as a \(end) at once; rules '\(rules.name)' "
                + "make \(instant) \(verb) (\"six_of_a_kind\": \"points\" in a rule file)"
        }
        if let refusal = penaltyRefusal(rules) { return refusal }
        if rules.turn.rerollsScorelessOpeningRoll && rules.turn.sixDiceFarkle == nil {
            return "loaded dice are solved with no scoreless opening roll rolled again; rules '\(rules.name)' roll it "
                + "again (\"six_dice_farkle\": null in a rule file)"
        }
        return nil
    }

    /// Why games with dice sets cannot be simulated under `rules`, in words, or `nil` when they can: the engine of
    /// loaded dice (`LoadedEngine`) plays every game of six dice the plain engines play (`GameLoop`). Its plays that
    /// read the totals (`ev-target`, `win`) need what `refusal(toPlay:game:allowsFinalRound:)` says besides, and `ev`
    /// under a three-farkle penalty of points what `expectedPointsRefusal(toPlay:)` says.
    package static func simulationRefusal(toPlay rules: RuleSet) -> String? {
        guard rules.turn.dice == DiceCounts.maximumDice else {
            return "loaded dice are six dice a player carries; rules '\(rules.name)' play \(rules.turn.dice)"
        }
        if let reason = rules.turn.openingFarkleCostRefusal(
            rules: rules.name, of: "games with loaded dice", instead: "play the game with six ordinary dice")
        {
            return reason
        }
        if let reason = rules.game.piggybackRefusal(
            rules: rules.name, of: "games with loaded dice", instead: "play the game with six ordinary dice")
        {
            return reason
        }
        return nil
    }

    /// Why the expected points of a turn with a dice set (`ev`) are not the play under `rules`, or `nil` where they
    /// are: the one gate of `ev` with dice sets, in a game (`LoadedEngine`) and solved alone (`solve`).
    ///
    /// With six ordinary dice `ev` under a three-farkle penalty of points plays the long-run average, a policy for
    /// each count of farkles in a row (`FarkleStreakStrategy`); the turns of dice sets keep no such count. Whether
    /// the points are bounded is the solver's to say (`CappedScoreSolver.init(expectedPointsOf:)`).
    package static func expectedPointsRefusal(toPlay rules: RuleSet) -> String? {
        guard let points = rules.turn.threeFarklePenalty?.points else { return nil }
        return "under a three-farkle penalty of \(points) points 'ev' is the long-run average, a turn for each count "
            + "of farkles in a row, and loaded dice keep no such count (rules '\(rules.name)')"
    }

    /// Why loaded dice cannot be solved or advised under `rules`' three-farkle penalty, or `nil` without one:
    /// their turn solvers keep no count of farkles in a row, so a turn's advice would leave out what a third farkle
    /// costs.
    package static func penaltyRefusal(_ rules: RuleSet) -> String? {
        rules.turn.threeFarklePenalty.map { penalty in
            "loaded dice are solved with no three-farkle penalty; rules '\(rules.name)' take \(penalty) on a third "
                + "farkle in a row"
        }
    }
}
