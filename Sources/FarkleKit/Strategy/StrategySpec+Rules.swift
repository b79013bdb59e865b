extension StrategySpec {
    /// Why the strategy cannot play on six ordinary dice under `rules`, or `nil` where it can.
    ///
    /// `ev-target` plays only a race won at the target at once (`TargetTurnStrategy.refusal(for:)`); a `threshold`
    /// strategy may give no more thresholds than the rules can use: one for a count of dice left beyond the most
    /// with which a player may bank (`TurnRules.allowsBanking(diceLeft:)`) would be read for nothing. The first two
    /// are always given (the strategy's syntax). With loaded dice the engine of loaded dice gives its own reasons for
    /// `ev-target`.
    package func refusal(toPlay rules: RuleSet) -> String? {
        switch self {
        case .expectedValueToTarget:
            return TargetTurnStrategy.refusal(for: rules)
        case .threshold(let thresholds):
            let most = (1...DiceCounts.maximumDice).last { rules.turn.allowsBanking(diceLeft: $0) } ?? 0
            let usable = max(2, most)
            guard thresholds.count > usable else { return nil }
            return "strategy '\(description)' gives \(thresholds.count) thresholds, but under rules '\(rules.name)' "
                + "a player banks with at most \(most) \(most == 1 ? "die" : "dice") left: give \(usable) thresholds"
        case .expectedValue, .greedy, .farkleTen, .win:
            return nil
        }
    }
}
