import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("ExactOdds with each seat's dice: the dice choose the evaluation")
struct ExactOddsDiceTests {
    static let rules = ExactOddsDiceSetRaceTests.kcd(target: 500)

    @Test("six ordinary dice, by any name, take the plain evaluation, in which ev plays for the turn's points")
    func ordinaryDiceArePlain() throws {
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        let plain = try ExactOdds(strategies: [.expectedValue, .greedy], context: &context, threads: 1)
        let fair = DiceSet(members: [
            .init(die: LoadedDie(name: "fair", weights: [3, 3, 3, 3, 3, 3], source: ""), count: 6)
        ])
        let given = try ExactOdds(
            strategies: [.expectedValue, .greedy], dice: [.ordinary, fair], context: &context, threads: 1)
        #expect(given.winProbabilities == plain.winProbabilities)
        #expect(given.tieProbability == plain.tieProbability && given.pairCount == plain.pairCount)
        #expect(plain.dice == [.ordinary, .ordinary] && given.dice == [.ordinary, fair])
        // ev-target is the capped turn, another play than ev: its odds differ.
        let capped = try ExactOddsDiceSetRaceTests.odds(
            ["ordinary", "ordinary"], [.expectedValueToTarget, .greedy], target: 500)
        #expect(abs(capped.firstWin - plain.winProbabilities[0]) > 1e-6)
    }

    @Test("ev-target on six ordinary dice: the plain evaluation of its turn at every total gives the loaded one's odds")
    func targetTurnOnOrdinaryDice() throws {
        // Two evaluations written apart: the plain one follows TargetTurnStrategy's turn forward at every own
        // total; the dice sets' one follows the capped solvers' play over dice states, six ordinary dice as one kind.
        for target in [300, 700] {
            let rules = ExactOddsDiceSetRaceTests.kcd(target: target)
            var context = StrategyContext(table: ScoringTable(rules: rules))
            for second in [StrategySpec.expectedValueToTarget, .greedy] {
                let plain = try ExactOdds(
                    strategies: [.expectedValueToTarget, second], context: &context, threads: 1)
                let loaded = try ExactOddsDiceSetRaceTests.odds(
                    ["ordinary", "ordinary"], [.expectedValueToTarget, second], target: target)
                #expect(abs(plain.winProbabilities[0] - loaded.firstWin) < 1e-12)
                #expect(plain.tieProbability == 0)
            }
        }
    }

    @Test(
        "under a least bank, dice a bank needs or a six-dice farkle, six ordinary dice as a dice set have the plain odds",
        arguments: ["least bank", "bank dice", "six-dice farkle"])
    func turnRulesOnOrdinaryDice(variant: String) throws {
        // The plain evaluation follows GreedyStrategy's and ThresholdStrategy's turns over dice counts
        // (`BlindTurnOutcomes.init(strategy:...)`), the dice sets' one LoadedThresholdPlay's over dice states: written
        // apart. Before, the dice sets' one refused these rules, which only its solve to win needs.
        var rules = ExactOddsDiceSetRaceTests.kcd(target: 600)
        switch variant {
        case "least bank": rules.turn.minimumBank = 300
        case "bank dice":
            rules.turn.bankingDiceLeft = [1, 2, 3]
            rules.turn.hotDiceMandatory = true
        default:
            rules.turn.sixDiceFarkle = 500
            rules.turn.sixDiceFarkleOnEveryRoll = true
        }
        var context = StrategyContext(table: ScoringTable(rules: rules))
        for strategies in [[StrategySpec.greedy, .threshold([300, 500])], [.threshold([1000, 400]), .greedy]] {
            let plain = try ExactOdds(strategies: strategies, context: &context, threads: 1)
            let loaded = try ExactOdds.diceSetRace(
                strategies: strategies, dice: [.ordinary, .ordinary], context: context, threads: 1)
            #expect(
                abs(plain.winProbabilities[0] - loaded.odds[0].firstWin) < 1e-12,
                "\(variant) \(strategies): \(plain.winProbabilities[0]) vs \(loaded.odds[0].firstWin)")
        }
        // win still needs a bank after any keep with no least bank nor six-dice farkle.
        #expect(throws: NotCovered.self) {
            try ExactOdds.diceSetRace(
                strategies: [.win, .greedy], dice: [.ordinary, .ordinary], context: context, threads: 1)
        }
    }

    @Test(
        "with a final round, six ordinary dice as a dice set have the plain odds, ties included, for plays blind to totals"
    )
    func finalRoundOnOrdinaryDice() throws {
        // facebook: a final round, six 1s scored as points; the plain evaluation's turns are written apart from the
        // dice sets' (`BlindTurnOutcomes.init(strategy:...)` against `init(play:levels:)`, here keeping every level).
        var rules = RuleSet.facebook
        rules.game.end = .target(1_500, finalRound: true)
        var context = StrategyContext(table: ScoringTable(rules: rules))
        for strategies in [
            [StrategySpec.greedy, .threshold([300, 500])], [.expectedValue, .threshold([1000, 400])],
            [.expectedValue, .expectedValue],
        ] {
            let plain = try ExactOdds(strategies: strategies, context: &context, threads: 1)
            let loaded = try ExactOdds.diceSetRace(
                strategies: strategies, dice: [.ordinary, .ordinary], context: context, threads: 2)
            #expect(
                abs(plain.winProbabilities[0] - loaded.odds[0].firstWin) < 1e-12,
                "\(strategies): \(plain.winProbabilities[0]) vs \(loaded.odds[0].firstWin)")
            #expect(abs(plain.tieProbability - loaded.odds[0].tie) < 1e-12, "\(strategies)")
            #expect(plain.tieProbability > 0)
        }
        // Plays that read the totals are solved for the race won at once only.
        for strategies in [[StrategySpec.expectedValueToTarget, .greedy], [.win, .greedy]] {
            #expect(throws: NotCovered.self) {
                try ExactOdds.diceSetRace(
                    strategies: strategies, dice: [.ordinary, .ordinary], context: context, threads: 1)
            }
        }
    }

    @Test("ev and threshold with loaded dice and a final round: simulated games agree", .leftOutOfCoverage)
    func finalRoundWithLoadedDice() throws {
        var rules = RuleSet.facebook
        rules.game.end = .target(2_000, finalRound: true)
        let table = ScoringTable(rules: rules)
        var context = StrategyContext(table: table)
        let sets = [try DiceSet(parsing: "odd:2"), try DiceSet(parsing: "heavenly-kingdom:1")]
        let strategies: [StrategySpec] = [.expectedValue, .threshold([300, 350])]
        let odds = try ExactOdds(strategies: strategies, dice: sets, context: &context, threads: 2)
        #expect(odds.tieProbability > 0)
        let simulation = try GameSimulation(
            table: table, strategies: strategies, dice: sets, context: &context, threads: 2)
        let games = 30_000
        ExactOddsDiceSetRaceTests.expectSeatOneWins(
            simulation.run(games: games, seed: 23, threads: 2), games: games, near: odds)
    }

    @Test(
        "ev-target and threshold with loaded dice under a least bank and a six-dice farkle: simulated games agree",
        .leftOutOfCoverage)
    func turnRulesWithLoadedDice() throws {
        var rules = ExactOddsDiceSetRaceTests.kcd(target: 800)
        rules.turn.minimumBank = 300
        rules.turn.sixDiceFarkle = 500
        rules.turn.sixDiceFarkleOnEveryRoll = true
        let table = ScoringTable(rules: rules)
        var context = StrategyContext(table: table)
        let sets = [try DiceSet(parsing: "odd:2"), try DiceSet(parsing: "heavenly-kingdom:1")]
        let strategies: [StrategySpec] = [.expectedValueToTarget, .threshold([300, 400])]
        let odds = try ExactOdds(strategies: strategies, dice: sets, context: &context, threads: 2)
        let simulation = try GameSimulation(
            table: table, strategies: strategies, dice: sets, context: &context, threads: 2)
        let games = 30_000
        ExactOddsDiceSetRaceTests.expectSeatOneWins(
            simulation.run(games: games, seed: 19, threads: 2), games: games, near: odds)
    }

    @Test("a seat with loaded dice takes the evaluation over dice states, no ties")
    func loadedDiceTakeTheLoadedEvaluation() throws {
        let sets = [try DiceSet(parsing: "odd:1"), DiceSet.ordinary]
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        let solving = Locked(0)
        context.diceSetGames = { outcomes, threads in
            solving.withLock { $0 += 1 }
            return LoadedWinSolver(outcomes: outcomes, threads: threads)
        }
        let odds = try ExactOdds(
            strategies: [.expectedValueToTarget, .threshold([300, 500])], dice: sets, context: &context, threads: 1)
        let direct = try ExactOddsDiceSetRaceTests.odds(
            ["odd:1", "ordinary"], [.expectedValueToTarget, .threshold([300, 500])], target: 500)
        #expect(odds.winProbabilities == [direct.firstWin, 1 - direct.firstWin])
        #expect(odds.tieProbability == 0 && odds.pairCount == direct.pairs && odds.sweeps == 1)
        #expect(odds.strategies == [.expectedValueToTarget, .threshold([300, 500])] && odds.dice == sets)
        #expect(solving.withLock { $0 } == 0)
    }

    @Test("what neither evaluation covers is refused with one typed error, the same words as before")
    func refusals() throws {
        let odd = try DiceSet(parsing: "odd:2")
        // Six dice that always show 1: every roll is hot dice, so the expected points are unbounded.
        let ones = DiceSet(members: [
            DiceSet.Member(die: LoadedDie(name: "ones", weights: [1, 0, 0, 0, 0, 0], source: "a test"), count: 6)
        ])
        var kcd = StrategyContext(table: ScoringTable(rules: Self.rules))
        var standard = StrategyContext(table: ScoringTable(rules: .standard))
        var boxed = StrategyContext(table: ScoringTable(rules: .boxed))
        var sixOnesWin = StrategyContext(
            table: ScoringTable(
                rules: {
                    var rules = Self.rules
                    rules.name = "kcd-six-ones"
                    rules.game.sixOnesWin = true
                    return rules
                }()))
        let cases: [(() throws(NotCovered) -> ExactOdds, String)] = [
            (
                { () throws(NotCovered) in
                    try ExactOdds(strategies: [.expectedValueToTarget, .greedy], dice: [odd, odd], context: &standard)
                },
                "loaded dice are solved for a race won at the target at once (kcd); rules 'standard' have a final round"
            ),
            (
                { () throws(NotCovered) in
                    try ExactOdds(
                        strategies: [.expectedValueToTarget, .greedy], dice: [.ordinary, odd], context: &boxed)
                },
                "loaded dice are solved for a race won at the target at once (kcd); rules 'boxed' have a final round"
            ),
            (
                { () throws(NotCovered) in
                    try ExactOdds(strategies: [.win, .greedy], dice: [odd, .ordinary], context: &sixOnesWin)
                },
                "loaded dice play every six of a kind as points, not as a win at once; rules 'kcd-six-ones' make six 1s "
                    + "win (\"six_of_a_kind\": \"points\" in a rule file)"
            ),
            (
                { () throws(NotCovered) in
                    try ExactOdds(strategies: [.farkleTen(.easy), .greedy], dice: [odd, odd], context: &kcd)
                },
                "'farkleten-easy' does not know loaded dice (with loaded dice: ev, ev-target, win, greedy, threshold:T1,T2)"
            ),
            (
                { () throws(NotCovered) in
                    try ExactOdds(strategies: [.expectedValue, .greedy], dice: [ones, .ordinary], context: &kcd)
                },
                "strategy 'ev': the expected points of the dice set ones:6 are unbounded under rules 'kcd': its dice "
                    + "can score on every roll and come back to the whole set for ever"
            ),
            (
                { () throws(NotCovered) in
                    try ExactOdds(strategies: [.expectedValueToTarget, .greedy], context: &boxed)
                },
                "strategy 'ev-target' plays a race won at the target at once (kcd); rules 'boxed' have a final round"
            ),
            (
                { () throws(NotCovered) in
                    try ExactOdds(strategies: [.greedy, .greedy], dice: [odd, odd, odd], context: &kcd)
                },
                "exact odds need one dice set per seat, 2, not 3"
            ),
        ]
        // Each die shows one face: 2, 2, 3, 3, 4, 6 every roll, which scores nothing under kcd.
        let never = DiceSet(
            members: [(2, 2), (3, 2), (4, 1), (6, 1)].map { face, count in
                var weights = [0, 0, 0, 0, 0, 0]
                weights[face - 1] = 1
                return .init(die: LoadedDie(name: "face\(face)", weights: weights, source: ""), count: count)
            })
        #expect(
            throws: NotCovered(
                "the dice set \(never) can never score under rules 'kcd': a player carrying it never banks")
        ) {
            try ExactOdds(
                strategies: [.expectedValueToTarget, .expectedValueToTarget], dice: [.ordinary, never], context: &kcd)
        }
        for (evaluate, message) in cases {
            #expect(throws: NotCovered(message)) { try evaluate() }
        }
    }

    @Test("each seat starting once with dice sets: one pass gives what two evaluations give, the dice swapped too")
    func eachStartingWithDiceSets() throws {
        let sets = [try DiceSet(parsing: "odd:2"), try DiceSet(parsing: "heavenly-kingdom:1")]
        var context = StrategyContext(table: ScoringTable(rules: Self.rules))
        let solving = Locked(0)
        context.diceSetGames = { outcomes, threads in
            solving.withLock { $0 += 1 }
            return LoadedWinSolver(outcomes: outcomes, threads: threads)
        }
        for strategies: [StrategySpec] in [[.win, .threshold([300, 500])], [.expectedValueToTarget, .win]] {
            let both = try ExactOdds.eachStarting(strategies: strategies, dice: sets, context: &context, threads: 2)
            #expect(both.count == 2)
            for (odds, seating) in zip(both, [[0, 1], [1, 0]]) {
                let alone = try ExactOdds(
                    strategies: seating.map { strategies[$0] }, dice: seating.map { sets[$0] }, context: &context,
                    threads: 1)
                #expect(odds.strategies == alone.strategies && odds.dice == alone.dice)
                #expect(abs(odds.winProbabilities[0] - alone.winProbabilities[0]) < 1e-13, "\(seating)")
                #expect(odds.tieProbability == 0)
            }
        }
        // One solve per pass, and one per evaluation alone: the seats' order is the source's key.
        #expect(solving.withLock { $0 } == 6)
    }
}
