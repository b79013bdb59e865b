import FarkleReports
import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

/// The advisor page run in headless Chromium, checked against `farkle-sim advise --format json`.
///
/// For each preset the page is generated as `report` writes it (`AdvisorPage`) and loaded once, with the
/// first situation in the URL fragment (the page reads it on load). A driver script appended to the page
/// then enters every other situation as a visitor's link would (replace the fragment, fire `hashchange`)
/// and copies what the page shows (the `#advice` element's data, each keep row's data and cells) into the
/// DOM, which `--dump-dom` prints. The page's own script is not touched.
@Suite("the advisor page in a browser", .enabled(if: Chromium.path != nil, Chromium.missing))
struct AdvisorBrowserTests {
    /// Situations drawn per preset (and two fixed ones, 22 a preset): four of each kind per preset.
    static let situationsPerPreset = 20

    /// The page of `rules` as `report` writes it (without the advice to win): one turn table per farkle count
    /// under a three-farkle penalty.
    static func page(_ rules: RuleSet) -> AdvisorPage {
        AdvisorPage(table: ScoringTable(rules: rules))
    }

    /// The page of the rule file `file` of `Tests/Fixtures/rules` with the advice to win, as `report` writes it,
    /// and the game it solved to win (by the solver that covers the rules, as `advise` picks it).
    static func winPage(_ file: String) throws -> (page: AdvisorPage, game: any SolvedWinGame) {
        let table = ScoringTable(rules: try RuleSet.load(fixtureRules(file)))
        let game = try Advisor.solveGame(for: table)
        return (AdvisorPage(table: table, winGame: game), game)
    }

    @Test("best keep, decision and every value shown agree exactly with advise on 22 situations of every preset")
    func agreesWithAdvise() throws {
        let presets = RulePreset.all.map(\.rules)
        var generator = SplitMix64(state: 14)
        let pages = presets.map(Self.page)
        let situations = pages.map { page in
            (0..<Self.situationsPerPreset).map { Situation.draw(index: $0, page: page, using: &generator) }
                + Situation.noScore(dice: page.rules.turn.dice)
        }
        let all = zip(presets, situations).flatMap { rules, list in list.map { (rules.name, $0) } }
        let penalized = Set(presets.filter { $0.turn.threeFarklePenalty != nil }.map(\.name))

        // The browser runs on a thread of its own while a few more run the advise processes.
        let browser = Background { try zip(pages, situations).map { try Chromium.shown(by: $0, in: $1) } }
        let advised = Locked([Int: Data]())
        let workers = 4
        let advising = (0..<workers).map { worker in
            Background {
                for index in stride(from: worker, to: all.count, by: workers) {
                    let (rules, situation) = all[index]
                    let result = try CommandRunner.run(["advise", "--rules", rules] + situation.adviseArguments)
                    advised.update { $0[index] = Data(result.standardOutput.utf8) }
                }
            }
        }
        for worker in advising { try worker.wait() }
        let shown = try browser.wait().flatMap { $0 }
        try #require(shown.count == all.count)
        for (index, (rules, situation)) in all.enumerated() {
            let context = Comment(rawValue: "\(rules) \(situation.fragment)")
            let advice = try AdviceJSON.decoder.decode(AdviceJSON.self, from: advised.value[index] ?? Data())
            shown[index].check(against: advice, situation: situation, context)
            // Under zilch's penalty the page asks for the count and shows the one entered, as advise used it.
            let farkles = penalized.contains(rules) ? situation.farkles ?? 0 : nil
            #expect(shown[index].farkles == farkles.map(String.init), context)
            #expect(advice.farklesInARow == farkles, context)
        }
        #expect(Set(all.map(\.1.kind)) == Set(Situation.Kind.allCases), "every kind of situation drawn")
        #expect(Set(all.compactMap(\.1.farkles)) == [0, 1, 2], "zilch situations after 0, 1 and 2 farkles")
        let decisions = Set(shown.flatMap { $0.advice.map(\.decision) })
        #expect(decisions == ["bank", "roll", "must-roll", "farkle"], "every decision shown")
        #expect(shown.contains { $0.rows.contains { $0.sixDiceFarkle != nil } }, "a six-dice farkle shown")
    }

    /// Situations drawn per short race for the advice to win.
    static let winSituationsPerRace = 30

    @Test("with both totals, the advice to win agrees exactly with advise --my-score/--opponent-score")
    func winAgreesWithAdvise() throws {
        // Short races keep the solves cheap: one without a final round and with an entry minimum (standard
        // scoring, six 1s win at once), one with a final round, and one whose target must be hit exactly (a bank
        // past it busts).
        let files = [
            fixtureRules("short-race.json"), fixtureRules("ones-race.json"), fixtureRules("exact-target.json"),
        ]
        var generator = SplitMix64(state: 11)
        let pages = try files.map { file in
            let rules = try RuleSet.load(file)
            return AdvisorPage(
                solver: ExpectedScoreSolver(rules: rules), winGame: try WinProbabilitySolver(rules: rules))
        }
        let situations = pages.map { page in
            (0..<Self.winSituationsPerRace).map { Situation.drawWithTotals(index: $0, page: page, using: &generator) }
        }
        let all = zip(files, situations).flatMap { file, list in list.map { (file, $0) } }
        let browser = Background { try zip(pages, situations).map { try Chromium.shown(by: $0, in: $1) } }
        // Each race is solved once, by `solve`, into a cache of the test's own, which every advise run then
        // reads (the cache's own tests check that what it reads back is the fresh solve, bit for bit).
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("advisor-win-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]
        for file in files {
            let solved = try CommandRunner.run(
                ["solve", "--objective", "win", "--rules", file, "--format", "json"], environment: environment)
            try #require(solved.exitStatus == 0, "\(solved.standardError)")
        }
        let advised = Locked([Int: Data]())
        let workers = 4
        let advising = (0..<workers).map { worker in
            Background {
                for index in stride(from: worker, to: all.count, by: workers) {
                    let (file, situation) = all[index]
                    let result = try CommandRunner.run(
                        ["advise", "--rules", file] + situation.adviseArguments, environment: environment)
                    advised.update { $0[index] = Data(result.standardOutput.utf8) }
                }
            }
        }
        for worker in advising { try worker.wait() }
        let shown = try browser.wait().flatMap { $0 }
        try #require(shown.count == all.count)
        var agreements: Set<Bool> = []
        var decisions: Set<String> = []
        let ruleSets = try files.map { try RuleSet.load($0) }
        for (index, (file, situation)) in all.enumerated() {
            let context = Comment(rawValue: "\(URL(fileURLWithPath: file).lastPathComponent) \(situation.fragment)")
            var advice = try AdviceJSON.decoder.decode(AdviceJSON.self, from: advised.value[index] ?? Data())
            // With your total, short-race (won at once at the target, an entry minimum) advises the points toward
            // the target, which FarkleKit's CappedScoreSolver gives here: advise's points are those of the turn.
            let rules = ruleSets[files.firstIndex(of: file)!]
            if let points = FarkleKitPoints.capped(rules: rules, situation: situation) {
                advice.usePoints(points)
                #expect(shown[index].advice.first?.table == "capped", context)
            }
            shown[index].check(against: advice, situation: situation, context)
            // The note on the game: a final round gives a last turn; a target hit exactly makes banks past it bust.
            let note = shown[index].gameNote ?? ""
            #expect(note.contains("your last turn") == rules.game.end.hasFinalRound, "\(context): \(note)")
            if rules.game.mustHitTargetExactly {
                #expect(note.contains("a bank past it scores nothing"), "\(context): \(note)")
            }
            if let win = advice.win { agreements.insert(win.agrees) }
            decisions.formUnion(shown[index].advice.filter { $0.objective == "win" }.map(\.decision))
        }
        #expect(agreements == [true, false], "situations where the objectives agree and where they differ")
        #expect(decisions.isSuperset(of: ["bank", "roll", "must-roll"]), "every decision to win shown")
        #expect(all.contains { $0.1.them ?? 0 >= 1000 }, "final-round turns")
    }

    @Test(
        "typed in under a penalty (farkle counts, totals below 0) or in a game of rounds, the advice to win is advise's"
    )
    func winInEveryGameAgreesWithAdvise() throws {
        // A race to 300 under a penalty of 100 and of the whole total, and a game of two rounds, in which only 1s
        // score: the solves take seconds.
        // And a race to 300 where a scoreless opening roll costs 100, with no penalty (farkles not counted).
        // And the penalty race to 300 whose target must be hit exactly (a bank past it a farkle in a row).
        // And the game of two rounds where a scoreless opening roll costs 100: the lead falls by the cost.
        let files = [
            "ones-penalty-race.json", "ones-wipeout-race.json", "ones-rounds.json", "ones-cost-race.json",
            "ones-penalty-exact.json", "ones-cost-rounds.json",
        ]
        var generator = SplitMix64(state: 29)
        var pages: [AdvisorPage] = []
        var situations: [[Situation]] = []
        for file in files {
            let (page, game) = try Self.winPage(file)
            let table = game.table
            // The first situation of each game a scoreless opening roll: where it costs points, its farkle hands over
            // another state than a farkle.
            func drawn(_ index: Int) -> Situation {
                index == 0
                    ? Situation.noScore(dice: table.rules.turn.dice)[0]
                    : Situation.draw(index: index, page: page, using: &generator)
            }
            if let solver = game as? PenaltyWinSolver {
                situations.append(
                    (0..<Self.winSituationsPerRace).map { index in
                        var situation = drawn(index)
                        let step = table.scoreStep
                        let total = {
                            step * Int.random(in: solver.floor / step..<solver.target / step, using: &generator)
                        }
                        let them =
                            solver.hasFinalRound && index % 4 == 0
                            ? solver.target + step * Int.random(in: 0...4, using: &generator) : total()
                        let counted = solver.countsFarkles
                        situation.inGame(
                            me: total(), them: them, target: solver.target, farkles: counted ? index % 3 : nil,
                            opponentFarkles: counted ? (index / 3) % 3 : nil)
                        return situation
                    })
            } else {
                let solver = try #require(game as? RoundsWinSolver)
                situations.append(
                    (0..<Self.winSituationsPerRace).map { index in
                        var situation = drawn(index)
                        // Where a scoreless opening roll costs points a total falls below 0, down to the game's lowest.
                        let lowest = table.rules.lowestTotalOfRounds / table.scoreStep
                        let total = { table.scoreStep * Int.random(in: lowest...12, using: &generator) }
                        // In round 1 nobody has banked before their first turn (advise and the page refuse more).
                        let (round, seat) = (1 + index % solver.rounds, 1 + (index / solver.rounds) % 2)
                        situation.inGame(
                            me: round == 1 ? 0 : total(), them: round == 1 && seat == 1 ? 0 : total(),
                            rounds: solver.rounds, round: round, seat: seat)
                        return situation
                    })
            }
            pages.append(page)
        }
        let all = zip(files, situations).flatMap { file, list in list.map { (file, $0) } }
        let entered = zip(pages, situations).map { $0 }
        let browser = Background { try entered.map { try Chromium.shown(by: $0, in: $1) } }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("advisor-win-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]
        var advised: [Data] = []
        for (file, situation) in all {
            let result = try CommandRunner.run(
                ["advise", "--rules", fixtureRules(file)] + situation.adviseArguments, environment: environment)
            try #require(result.exitStatus == 0, "\(situation.adviseArguments): \(result.standardError)")
            advised.append(Data(result.standardOutput.utf8))
        }
        let shown = try browser.wait().flatMap { $0 }
        try #require(shown.count == all.count)
        var decisions: Set<String> = []
        for (index, (file, situation)) in all.enumerated() {
            let context = Comment(rawValue: "\(URL(fileURLWithPath: file).lastPathComponent) \(situation.fragment)")
            let advice = try AdviceJSON.decoder.decode(AdviceJSON.self, from: advised[index])
            #expect(advice.win != nil, context)
            shown[index].check(against: advice, situation: situation, context)
            if file == "ones-cost-race.json" || file == "ones-cost-rounds.json" {
                // Only the opening roll's cost lowers a total: nothing asks for or speaks of farkles in a row.
                #expect(shown[index].farkles == nil, context)
                #expect(shown[index].gameNote?.contains("farkles in a row") == false, context)
            } else if file == "ones-penalty-race.json" {
                #expect(shown[index].gameNote?.contains("both players' farkles in a row") == true, context)
            }
            decisions.formUnion(shown[index].advice.filter { $0.objective == "win" }.map(\.decision))
        }
        #expect(decisions.isSuperset(of: ["bank", "roll"]), "decisions to win shown: \(decisions)")
        #expect(all.contains { ($0.1.me ?? 0) < 0 }, "totals below zero under a penalty")
        #expect(
            all.contains { $0.0 == "ones-cost-rounds.json" && ($0.1.me ?? 0) < 0 },
            "totals below zero in a game of rounds whose opening roll costs points")
    }

    @Test(
        "where totals fall below 0 the total fields go down to the game's floor with a keypad that has a minus sign; elsewhere from 0 on a digit pad"
    )
    func totalFields() throws {
        struct Fields: Decodable {
            let min: String
            let mode: String?
            let themMin: String
            let themMode: String?
        }
        let driver = """
            report({ min: $("me").min, mode: $("me").getAttribute("inputmode"), themMin: $("them").min,
              themMode: $("them").getAttribute("inputmode") });
            """
        let rounds = try Self.winPage("ones-cost-rounds.json").page
        let rules = try RuleSet.load(fixtureRules("ones-cost-rounds.json"))
        let below = try CompanionBrowserTests.shown(Fields.self, rules: rules, page: rounds, driver: driver)
        // Two rounds and five extra ones, each opening roll able to cost 100.
        #expect(below.min == "-700" && below.themMin == "-700")
        #expect(below.mode == nil && below.themMode == nil, "a phone's digit pad has no minus sign")
        let plain = try CompanionBrowserTests.shown(Fields.self, rules: .standard, driver: driver)
        #expect(plain.min == "0" && plain.mode == "numeric" && plain.themMode == "numeric")
    }

    @Test("a situation that is not one shows why, and no advice")
    func problems() throws {
        let page = AdvisorPage(solver: ExpectedScoreSolver(rules: .standard))
        let fragments = ["#dice=1,5&turn=75", "#dice=1,5&turn=-50", "#dice=1,5&turn=abc", "#dice=&turn=0"]
        let shown = try Chromium.shown(by: page, in: fragments.map { Situation(fragment: $0) })
        // Under a penalty the count of farkles in a row is 0, 1 or 2.
        let counts = ["#dice=1,5&turn=0&farkles=3", "#dice=1,5&turn=0&farkles=-1"]
        let penaltyShown = try Chromium.shown(by: Self.page(.zilch), in: counts.map { Situation(fragment: $0) })
        // Under a penalty and an entry minimum FarkleKit has no turn of a player not on the board: the page says
        // so in FarkleKit's words, as `advise` says them.
        let entry = ["#dice=1,5&turn=0&me=0"]
        let entryRules = try RuleSet.load(fixtureRules("penalty-entry.json"))
        let entryShown = try Chromium.shown(by: Self.page(entryRules), in: entry.map { Situation(fragment: $0) })
        let notOnTheBoard = #expect(throws: NotCovered.self) {
            try PointsAdvisor(table: ScoringTable(rules: entryRules)).advice(
                for: DiceCounts(faces: [1, 5]), turnPoints: 0, isOpeningRoll: false, myScore: 0, farklesInARow: 0)
        }
        #expect(entryShown[0].problem == "FarkleKit has no advice here: \(try #require(notOnTheBoard)).")
        // In round 1 of a game of rounds nobody has banked before their first turn: the player's total is 0, and
        // the opponent's too when the player plays first (advise refuses the same).
        let firstRound = [
            "#dice=1,5&turn=0&me=100&them=0&round=1&seat=2", "#dice=1,5&turn=0&me=0&them=100&round=1&seat=1",
        ]
        let roundsPage = try Self.winPage("ones-rounds.json").page
        let roundsShown = try Chromium.shown(
            by: roundsPage,
            in: (firstRound + ["#dice=1,5&turn=0&me=0&them=100&round=1&seat=2"]).map {
                Situation(fragment: $0)
            })
        #expect(roundsShown[2].problem == nil && !roundsShown[2].advice.isEmpty, "the second seat after a bank")
        #expect(roundsShown[2].noWinAdvice == nil, "the advice to win is given")
        // A final round more than a million points behind has no turn in the solved game (its table would run to
        // the deficit): the points advice stands, and the page says why there is none to win, in the words of
        // the check `advise` makes.
        let race = try Self.winPage("ones-race.json").page
        let behind = try Chromium.shown(
            by: race,
            in: ["#dice=1,5&turn=0&me=0&them=1100000", "#dice=1,5&turn=0&me=1000&them=0"].map {
                Situation(fragment: $0)
            })
        // A total at the target is no turn of the race: the page says so in the check's words, and advises nothing.
        let pastTarget = #expect(throws: NotCovered.self) {
            try WinTurnTable.checkTotals(myScore: 1000, opponentScores: [0], isFinalRound: false, rules: race.rules)
        }
        #expect(behind[1].problem == "FarkleKit has no advice here: \(try #require(pastTarget)).")
        #expect(behind[1].advice.isEmpty && behind[1].rows.isEmpty)
        let tooFar = #expect(throws: NotCovered.self) {
            try WinTurnTable.checkTotals(
                myScore: 0, opponentScores: [1_100_000], isFinalRound: true, rules: race.rules)
        }
        #expect(behind[0].problem == nil && behind[0].advice.map(\.objective) == ["points"])
        #expect(behind[0].noWinAdvice == "No advice to win here: \(try #require(tooFar)).")
        #expect(behind[0].noWinAdvice?.contains("1100000 points ahead") == true)
        // The page says it in the words of the check `advise` and `Advisor` make.
        for (page, (me, them, seat)) in zip(roundsShown.prefix(2), [(100, 0, 1), (0, 100, 0)]) {
            let refusal = #expect(throws: NotCovered.self) {
                try RoundsWinSolver.checkTotals(
                    turnIndex: seat, myScore: me, opponentScore: them, rules: roundsPage.rules)
            }
            #expect(page.problem == "FarkleKit has no advice here: \(try #require(refusal)).")
        }
        for (fragment, page) in zip(
            fragments + counts + entry + firstRound, shown + penaltyShown + entryShown + roundsShown.prefix(2))
        {
            #expect(page.problem != nil, "\(fragment)")
            #expect(page.advice.isEmpty, "\(fragment)")
            #expect(page.rows.isEmpty, "\(fragment)")
        }
    }
}

// MARK: - The three answers the page once got wrong

/// Situations the page answered wrongly before it inferred the opening roll and read the player's total,
/// each checked against FarkleKit's own solvers, built here, and against reasoning on the dice.
@Suite(
    "the advisor page's opening roll, entry minimum and race to the target",
    .enabled(if: Chromium.path != nil, Chromium.missing))
struct AdvisorTotalsBrowserTests {
    @Test("six scoreless dice at 0 turn points are the opening roll: 500 and hot dice under standard, not a farkle")
    func openingRollInferred() throws {
        let solver = ExpectedScoreSolver(rules: .standard)
        let fragments = ["#dice=2,2,3,3,4,6&turn=0", "#dice=2,2,3,3,4,6&turn=300"]
        let shown = try Chromium.shown(
            by: AdvisorPage(solver: solver), in: fragments.map { Situation(fragment: $0) })
        // At 0 turn points six dice can only be the turn's first roll: standard scores it 500, and hot dice
        // must be rolled, so the turn goes on with 500 and six dice.
        let opening = shown[0]
        #expect(opening.problem == nil)
        #expect(opening.hash == fragments[0], "no opening field in the link")
        #expect(opening.advice.first?.decision == "must-roll")
        #expect(opening.advice.first?.turnPoints == "500")
        #expect(opening.advice.first?.rollValue.flatMap(Double.init) == solver.rollValue(turnPoints: 500, diceLeft: 6))
        #expect(opening.rows.map(\.sixDiceFarkle) == ["500"])
        #expect(opening.rows.first.flatMap { Double($0.expected) } == solver.value(turnPoints: 500, diceLeft: 6))
        #expect(opening.advice.first?.text.contains("worth 500 and hot dice") == true)
        // The same dice later in the turn are a farkle: standard scores six scoreless dice on the opening roll only.
        #expect(shown[1].advice.first?.decision == "farkle")
        #expect(shown[1].rows.isEmpty)
    }

    @Test("a roll that wins at once says so, under the rules that make it win; its keeps are a single turn's")
    func winsAtOnce() throws {
        let sixes = try RuleSet.load(fixtureRules("six-sixes-win.json"))
        let fragments = ["#dice=6,6,6,6,6,6&turn=0", "#dice=1,1,1,1,1,1&turn=0", "#dice=6,6,6,6,6,6&turn=500"]
        let shown = try Chromium.shown(
            by: AdvisorPage(solver: ExpectedScoreSolver(rules: sixes)), in: fragments.map { Situation(fragment: $0) })
        #expect(
            shown[0].winsAtOnce
                == "This roll wins the game at once (six 6s on six dice win): nothing is left to decide. In a single turn, without that rule, it would score as below."
        )
        #expect(shown[0].rows.first?.keep == "6,6,6,6,6,6" && shown[0].rows.first?.points == "10000")
        #expect(shown[1].winsAtOnce == nil, "six 1s score under these rules")
        #expect(shown[2].winsAtOnce != nil, "six 6s rolled later in a turn win too")
        let standard = try Chromium.shown(
            by: AdvisorPage(solver: ExpectedScoreSolver(rules: .standard)),
            in: fragments.prefix(2).map { Situation(fragment: $0) })
        #expect(standard[0].winsAtOnce == nil)
        #expect(standard[1].winsAtOnce?.contains("(six 1s on six dice win)") == true)
        let losing = try Chromium.shown(
            by: AdvisorPage(solver: ExpectedScoreSolver(rules: try RuleSet.load(fixtureRules("six-ones-lose.json")))),
            in: [Situation(fragment: fragments[1])])
        #expect(losing[0].winsAtOnce?.hasPrefix("This roll loses the game at once (six 1s on six dice lose)") == true)
        #expect(losing[0].rules.contains("six 1s lose at once") && !losing[0].rules.contains("win at once"))
    }

    @Test("boxed: the rules line names the entry minimum, and at a total of 0 the page never banks below it")
    func entryMinimum() throws {
        let table = ScoringTable(rules: .boxed)
        let newPlayer = ExpectedScoreSolver(table: table, hasEntered: false)
        let page = AdvisorPage(solver: ExpectedScoreSolver(table: table))
        // 1 5 2 3 at 300: keeping 1 5 makes 450, which an entered player banks, but a first bank needs 500.
        let situations = [
            (dice: [1, 5, 2, 3], turn: 300), (dice: [1, 5, 2, 3], turn: 400), (dice: [1, 1, 5], turn: 0),
            (dice: [5, 2, 3, 4, 6], turn: 350), (dice: [1, 5, 5, 2, 3, 4], turn: 0),
        ]
        let fragments = situations.map {
            "#dice=\($0.dice.map(String.init).joined(separator: ","))&turn=\($0.turn)&me=0"
        }
        let shown = try Chromium.shown(
            by: page, in: (fragments + ["#dice=1,5,2,3&turn=300"]).map { Situation(fragment: $0) })
        #expect(shown[0].rules.contains("a first bank of at least 500 to get on the board"), "\(shown[0].rules)")
        for ((situation, fragment), page) in zip(zip(situations, fragments), shown) {
            let context = Comment(rawValue: fragment)
            let advice = page.advice.first
            #expect(advice?.table == "new-player", context)
            let expected = FarkleKitPoints.plain(
                newPlayer, dice: situation.dice, turnPoints: situation.turn)
            var json = AdviceJSON(keeps: [], sixDiceFarkle: nil, decision: nil, win: nil)
            json.usePoints(expected)
            page.check(against: json, situation: Situation(fragment: fragment), context)
            // Never a bank below 500 for a player not on the board.
            if advice?.decision == "bank" { #expect(Int(advice?.turnPoints ?? "") ?? 0 >= 500, context) }
        }
        // 1 5 2 3 at 300 from 0: roll on (the 450 of 1 5 may not be banked), and the reason says why.
        #expect(shown[0].advice.first?.decision != "bank")
        #expect(shown[0].rows.first { $0.keep == "1,5" }.flatMap { Double($0.expected) }.map { $0 < 450 } == true)
        // 1 5 2 3 at 400: 1 5 makes 550, enough to get on the board.
        #expect(shown[1].advice.first?.text.contains("550") == true)
        let reasons = shown.prefix(situations.count).compactMap(\.advice.first).filter { $0.decision == "must-roll" }
        #expect(reasons.contains { $0.text.contains("you need 500 turn points to get on the board") })
        // Without a total the page advises a player on the board, and says so.
        #expect(shown.last?.advice.first?.table == "points")
        #expect(shown.last?.advice.first?.text.contains("on the board") == true)
    }

    @Test("five-thousand: the rules line says five dice; five 1 1 1 5 5 at 0 keep all five and give five back")
    func fiveDice() throws {
        let rules = RuleSet.fiveThousand
        let page = AdvisorPage(solver: ExpectedScoreSolver(rules: rules))
        let shown = try Chromium.shown(
            by: page, in: ["#dice=1,1,1,5,5&turn=0", "#dice=2,2,3,4,6&turn=0"].map { Situation(fragment: $0) })
        #expect(shown[0].rules.hasPrefix("A game of 5 dice"), "\(shown[0].rules)")
        // Every keep of 1 1 1 5 5 as the table gives it, with the dice left after it: 5 after hot dice.
        let table = ScoringTable(rules: rules)
        let roll = DiceCounts(faces: [1, 1, 1, 5, 5])
        let expected = Set(table.keeps(for: roll).map { "\($0.score)/\($0.diceUsed == 5 ? 5 : 5 - $0.diceUsed)" })
        let rows = Set(shown[0].rows.compactMap { row in row.points.map { "\($0)/\(row.diceLeft ?? "")" } })
        #expect(rows == expected, "\(rows)")
        #expect(rows.contains("1100/5"))
        // Five dice with no score at 0 are a farkle: no six-dice farkle in a game of five.
        #expect(shown[1].advice.first?.decision == "farkle", "\(shown[1].advice)")
        // Six dice are one too many: the page takes no sixth die.
        #expect(shown[1].rows.allSatisfy { $0.sixDiceFarkle == nil })
    }

    @Test("kcd: at 3850 of 4000 with 100 turn points, 5 2 3 is keep 5 and bank 150, which wins at once")
    func pointsTowardTheTarget() throws {
        let rules = RuleSet.kcd
        let page = AdvisorPage(solver: ExpectedScoreSolver(rules: rules))
        var generator = SplitMix64(state: 21)
        var situations = [Situation(fragment: "#dice=5,2,3&turn=100&me=3850")]
        situations[0].dice = [5, 2, 3]
        situations[0].turnPoints = 100
        situations[0].me = 3850
        // And situations drawn at every distance from the target, against CappedScoreSolver built here.
        for index in 0..<40 {
            let drawn = Situation.draw(index: index, page: page, using: &generator)
            let me = 50 * Int.random(in: 0..<80, using: &generator)
            let turnPoints = min(drawn.turnPoints, 50 * Int.random(in: 0...90, using: &generator))
            var situation = Situation(
                fragment: "#dice=\(drawn.dice.map(String.init).joined(separator: ","))&turn=\(turnPoints)&me=\(me)")
            situation.dice = drawn.dice
            situation.turnPoints = turnPoints
            situation.me = me
            situations.append(situation)
        }
        // Where three farkles in a row take the whole total there is no long-run average to play for, and the
        // points advice is the points toward the target as without the penalty (as advise gives it).
        var wipeout = rules
        wipeout.name = "kcd-wipeout"
        wipeout.turn.threeFarklePenalty = .wholeTotal
        let wipeoutShown = try Chromium.shown(
            by: AdvisorPage(solver: ExpectedScoreSolver(rules: wipeout)), in: [situations[0]])
        #expect(wipeoutShown[0].advice.first?.table == "capped" && wipeoutShown[0].advice.first?.cap == "150")
        #expect(wipeoutShown[0].advice.first?.decision == "bank")
        let shown = try Chromium.shown(by: page, in: situations)
        #expect(shown[0].rules.contains("the first bank to reach 4000 wins at once"), "\(shown[0].rules)")
        let first = try #require(shown[0].advice.first)
        #expect(first.table == "capped")
        #expect(first.cap == "150")
        #expect(first.bestKeep == "5")
        #expect(first.decision == "bank")
        #expect(first.text.contains("reaches the target and wins at once"))
        #expect(first.text.contains("toward the target"))
        // Banking 150 takes all 150 points toward the target. Rolling two dice scores with chance 1 - (4/6)^2
        // = 5/9, and any score reaches 200 > 150 with a bank allowed: 150 × 5/9 toward the target.
        #expect(shown[0].rows.first.flatMap { Double($0.expected) } == 150)
        let rolling = try #require(first.rollValue.flatMap(Double.init))
        #expect(abs(rolling - 150.0 * 5 / 9) < 1e-9)
        for (situation, page) in zip(situations, shown) {
            let context = Comment(rawValue: situation.fragment)
            let points = try #require(FarkleKitPoints.capped(rules: rules, situation: situation))
            var json = AdviceJSON(keeps: [], sixDiceFarkle: nil, decision: nil, win: nil)
            json.usePoints(points)
            page.check(against: json, situation: situation, context)
            #expect(page.advice.first?.cap == "\(4000 - (situation.me ?? 0))", context)
        }
    }
}

/// The points advice of one situation as FarkleKit's solvers give it, in the fields of `advise --format json`.
struct FarkleKitPoints {
    var keeps: [AdviceJSON.Keep]
    var sixDiceFarkle: AdviceJSON.SixDiceFarkle?
    var decision: AdviceJSON.Decision?

    /// `solver`'s advice (`ExpectedScoreSolver.advice`), the opening roll being six dice at 0 turn points.
    static func plain(_ solver: ExpectedScoreSolver, dice: [Int], turnPoints: Int) -> FarkleKitPoints {
        let roll = DiceCounts(faces: dice)
        let advice = solver.advice(
            for: roll, turnPoints: turnPoints, isOpeningRoll: dice.count == DiceCounts.maximumDice && turnPoints == 0)
        return FarkleKitPoints(
            keeps: advice.options.map {
                AdviceJSON.Keep(
                    dice: faces($0.keep.dice), score: $0.keep.score, diceLeft: $0.diceLeft, expected: $0.value)
            },
            sixDiceFarkle: advice.sixDiceFarkle.map {
                AdviceJSON.SixDiceFarkle(points: $0.points, expected: $0.value)
            },
            decision: advice.next.map { next in
                let banks = next.decision == .bank
                return AdviceJSON.Decision(
                    action: banks ? "bank" : "roll", turnPoints: next.turnPoints,
                    bankValue: next.decision == .mustRoll ? nil : next.turnPoints, rollValue: next.rollValue)
            })
    }

    /// In a race won at once at the target, with the player's total given: `CappedScoreSolver`'s advice for the
    /// points toward the target (six ordinary dice, cap = target − total; at 0, where the rules have an entry
    /// minimum above the minimum bank, banking only from it). `nil` where the page does not advise it.
    static func capped(rules: RuleSet, situation: Situation) -> FarkleKitPoints? {
        guard case .target(let target, finalRound: false) = rules.game.end, let me = situation.me else { return nil }
        var turnRules = rules
        if me == 0 { turnRules.turn.minimumBank = max(rules.turn.minimumBank, rules.game.entryMinimum) }
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: turnRules), set: .ordinary)
        let solver = CappedScoreSolver(outcomes: outcomes, cap: target - me)
        let full = outcomes.fullState
        let turn = situation.turnPoints
        let keeps = solver.advice(for: [DiceCounts(faces: situation.dice)], turnPoints: turn)
        var sixDiceFarkle: AdviceJSON.SixDiceFarkle?
        var next: (turnPoints: Int, state: Int)? = keeps.first.map { ($0.turnPoints, $0.choice.next) }
        let opening = situation.dice.count == DiceCounts.maximumDice && turn == 0
        if keeps.isEmpty, situation.dice.count == DiceCounts.maximumDice,
            let points = rules.turn.sixDiceFarkle, opening || rules.turn.sixDiceFarkleOnEveryRoll
        {
            sixDiceFarkle = .init(points: points, expected: solver.value(turnPoints: turn + points, state: full))
            next = (turn + points, full)
        }
        return FarkleKitPoints(
            keeps: keeps.map {
                AdviceJSON.Keep(
                    dice: faces($0.choice.taken[0]), score: $0.choice.points,
                    diceLeft: outcomes.diceInState[$0.choice.next], expected: $0.value)
            },
            sixDiceFarkle: sixDiceFarkle,
            decision: next.map { next in
                let bank = solver.bankValue(turnPoints: next.turnPoints, state: next.state)
                return AdviceJSON.Decision(
                    action: solver.shouldBank(turnPoints: next.turnPoints, state: next.state) ? "bank" : "roll",
                    turnPoints: next.turnPoints, bankValue: bank.map { _ in next.turnPoints },
                    rollValue: solver.rollValue(turnPoints: next.turnPoints, state: next.state))
            })
    }

    private static func faces(_ dice: DiceCounts) -> [Int] {
        "\(dice)".compactMap { $0.wholeNumberValue }
    }
}

extension AdviceJSON {
    /// The points part replaced by `points`; with the advice to win, `agrees` recomputed as the page compares
    /// the two objectives (the same best keep, and both bank or neither).
    mutating func usePoints(_ points: FarkleKitPoints) {
        keeps = points.keeps
        sixDiceFarkle = points.sixDiceFarkle
        decision = points.decision
        if var win {
            let sameKeep = keeps.first?.dice == win.keeps.first?.dice
            win.agrees = sameKeep && (pageDecision == "bank") == (win.pageDecision == "bank")
            self.win = win
        }
    }
}

// MARK: - Situations

/// One situation at the table: the dice rolled, the turn points before the roll, opening roll or not.
struct Situation: Sendable {
    /// What a drawn situation exercises.
    enum Kind: CaseIterable, Sendable {
        case opening, hotDice, midTurn, nearTableEnd, tail
    }

    var kind = Kind.midTurn
    var dice: [Int] = []
    var turnPoints = 0
    var opening = false
    /// The farkles in a row before the turn, entered where the rules have a three-farkle penalty.
    var farkles: Int?
    /// My total and the opponent's, for the advice to win; the opponent at or over the target means the
    /// final round.
    var me: Int?
    var them: Int?
    /// The target, when totals are given.
    var target = 0
    /// The URL fragment that enters it, in the page's own form.
    var fragment: String

    init(fragment: String) {
        self.fragment = fragment
    }

    init(
        kind: Kind, dice: [Int], turnPoints: Int, opening: Bool, farkles: Int? = nil,
        totals: (me: Int, them: Int, target: Int)? = nil
    ) {
        self.kind = kind
        self.dice = dice
        self.turnPoints = turnPoints
        // The page takes six dice at 0 turn points for the opening roll, as they can only be.
        self.opening = opening || (dice.count == DiceCounts.maximumDice && turnPoints == 0)
        self.farkles = farkles
        me = totals?.me
        them = totals?.them
        target = totals?.target ?? 0
        let game = totals.map { "&me=\($0.me)&them=\($0.them)" } ?? ""
        // The page writes the count only when it is not 0.
        let count = farkles.map { $0 == 0 ? "" : "&farkles=\($0)" } ?? ""
        fragment = "#dice=\(dice.map(String.init).joined(separator: ","))&turn=\(turnPoints)\(game)" + count
    }

    /// The opponent's farkles in a row, typed in for the advice to win under a three-farkle penalty.
    var opponentFarkles: Int?
    /// In a game of `rounds` rounds: the round and the seat (1: first) typed in for the advice to win.
    var rounds: (count: Int, round: Int, seat: Int)?

    /// The same turn with both totals in a race under a penalty (`farkles` and `opponentFarkles` in a row) or in a
    /// game of `rounds` (`round`, `seat`), and the fragment the page then writes: the farkle counts when not 0,
    /// the round and seat always.
    mutating func inGame(
        me: Int, them: Int, target: Int = 0, farkles: Int? = nil, opponentFarkles: Int? = nil,
        rounds: Int? = nil, round: Int = 1, seat: Int = 1
    ) {
        self.me = me
        self.them = them
        self.target = target
        self.farkles = farkles
        self.opponentFarkles = opponentFarkles
        self.rounds = rounds.map { ($0, round, seat) }
        let counts = [("farkles", farkles), ("theirfarkles", opponentFarkles)].map { name, count in
            count.map { $0 == 0 ? "" : "&\(name)=\($0)" } ?? ""
        }
        fragment =
            "#dice=\(dice.map(String.init).joined(separator: ","))&turn=\(turnPoints)&me=\(me)&them=\(them)"
            + counts.joined() + (rounds == nil ? "" : "&round=\(round)&seat=\(seat)")
    }

    var adviseArguments: [String] {
        var totals: [String] = []
        if let me, let them {
            totals =
                ["--my-score", "\(me)", "--opponent-score", "\(them)"]
                + (rounds == nil && them >= target ? ["--final-round"] : [])
                + (opponentFarkles.map { ["--opponent-farkles", "\($0)"] } ?? [])
                + (rounds.map { ["--rounds-left", "\($0.count - $0.round + 1)", "--seat", "\($0.seat)"] } ?? [])
        }
        return ["--dice", dice.map(String.init).joined(separator: ","), "--turn-points", "\(turnPoints)"]
            + (opening ? ["--opening"] : []) + (farkles.map { ["--farkles", "\($0)"] } ?? []) + totals
            + ["--format", "json"]
    }

    /// Situation `index` of a page with a win solver, with totals: mostly near the target, and in the final
    /// round (the opponent over the target) where the rules have one.
    static func drawWithTotals(index: Int, page: AdvisorPage, using generator: inout SplitMix64) -> Situation {
        let drawn = draw(index: index, page: page, using: &generator)
        guard let solver = page.winSolver else { return drawn }
        let step = solver.table.scoreStep
        let levels = solver.target / step
        func total() -> Int {
            let near = Int.random(in: 0..<4, using: &generator) > 0
            let low = near ? max(0, levels - 8) : 0
            return step * Int.random(in: low..<levels, using: &generator)
        }
        var me = total()
        var them = total()
        if Int.random(in: 0..<4, using: &generator) == 0 { me = 0 }
        if solver.hasFinalRound, Int.random(in: 0..<3, using: &generator) == 0 {
            them = solver.target + step * Int.random(in: 0...10, using: &generator)
        }
        // Turn points far up the tail say little in a short race: keep them within a few targets.
        let turnPoints = min(drawn.turnPoints, 3 * solver.target + step * Int.random(in: 0...10, using: &generator))
        return Situation(
            kind: drawn.kind, dice: drawn.dice, turnPoints: turnPoints, opening: drawn.opening,
            totals: (me, them, solver.target))
    }

    /// Every die of the game with no score (six, or five in a game of five: 2 2 3 4 6): on the opening roll (0
    /// turn points) a six-dice farkle where the rules have one, later (after hot dice, with turn points) a farkle
    /// unless the rules score it on every roll.
    static func noScore(dice: Int) -> [Situation] {
        let faces = Array([2, 2, 3, 4, 6, 6].prefix(dice))
        return [
            Situation(kind: .opening, dice: faces, turnPoints: 0, opening: true),
            Situation(kind: .midTurn, dice: faces, turnPoints: 300, opening: false),
        ]
    }

    /// Situation `index` of a page, its kind taken in turn: opening rolls, rolls of 1s and 5s (hot dice),
    /// any roll mid-turn, turn points around the end of the solver's table and far up the linear tail; on a
    /// page with a turn table per farkle count, the count taken in turn too (0, 1, 2).
    static func draw(index: Int, page: AdvisorPage, using generator: inout SplitMix64) -> Situation {
        var situation = drawTurn(index: index, page: page, using: &generator)
        if page.turnSolvers.count > 1 {
            situation = Situation(
                kind: situation.kind, dice: situation.dice, turnPoints: situation.turnPoints,
                opening: situation.opening, farkles: index % page.turnSolvers.count)
        }
        return situation
    }

    /// The turn of situation `index`: its kind, dice, turn points and opening roll.
    private static func drawTurn(index: Int, page: AdvisorPage, using generator: inout SplitMix64) -> Situation {
        let kind = Kind.allCases[index % Kind.allCases.count]
        let solver = page.turnSolvers[0]
        let step = solver.table.scoreStep
        // Rolls of one die to every die of the game (five in a game of five dice).
        let all = solver.table.rules.turn.dice
        let count = Int.random(in: 1...all, using: &generator)
        let faces = (0..<count).map { _ in Int.random(in: DiceCounts.faces, using: &generator) }
        let early = step * Int.random(in: 0...3_000 / step, using: &generator)
        switch kind {
        case .opening:
            let opening = (0..<all).map { _ in Int.random(in: DiceCounts.faces, using: &generator) }
            return Situation(kind: kind, dice: opening, turnPoints: 0, opening: true)
        case .hotDice:
            let scoring = faces.map { _ in Bool.random(using: &generator) ? 1 : 5 }
            return Situation(kind: kind, dice: scoring, turnPoints: early, opening: false)
        case .midTurn:
            return Situation(kind: kind, dice: faces, turnPoints: early, opening: false)
        case .nearTableEnd:
            let near = solver.tabulatedPoints + step * Int.random(in: -3...3, using: &generator)
            return Situation(kind: kind, dice: faces, turnPoints: max(0, near), opening: false)
        case .tail:
            let far = 2 * solver.tabulatedPoints + step * Int.random(in: 0...1_000, using: &generator)
            return Situation(kind: kind, dice: faces, turnPoints: far, opening: false)
        }
    }
}

// MARK: - What advise prints

/// The fields of `advise --format json` the page must agree with.
struct AdviceJSON: Decodable {
    struct Keep: Decodable {
        var dice: [Int]
        var score: Int
        var diceLeft: Int
        var expected: Double
    }

    struct SixDiceFarkle: Decodable {
        var points: Int
        var expected: Double
    }

    struct Decision: Decodable {
        var action: String
        var turnPoints: Int
        var bankValue: Int?
        var rollValue: Double
    }

    /// Reads advise's snake_case keys.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// The `win` member: the advice to win.
    struct Win: Decodable {
        struct Keep: Decodable {
            var dice: [Int]
            var value: Double
        }

        struct SixDiceFarkle: Decodable {
            var points: Int
            var value: Double
        }

        struct Decision: Decodable {
            var action: String
            var turnPoints: Int
            var bankValue: Double?
            var rollValue: Double
        }

        var keeps: [Keep]
        var sixDiceFarkle: SixDiceFarkle?
        var decision: Decision?
        var farkleValue: Double
        var agrees: Bool

        var pageDecision: String {
            guard let decision else { return "farkle" }
            if decision.action == "roll", decision.bankValue == nil { return "must-roll" }
            return decision.action
        }
    }

    var keeps: [Keep]
    var sixDiceFarkle: SixDiceFarkle?
    var decision: Decision?
    var win: Win?
    /// The farkles in a row advised for, under a three-farkle penalty.
    var farklesInARow: Int?
    /// What a farkle counts in the expected values, in points.
    var farkleValue: Double?

    /// The decision as the page names it.
    var pageDecision: String {
        guard let decision else { return "farkle" }
        if decision.action == "roll", decision.bankValue == nil { return "must-roll" }
        return decision.action
    }
}

/// How the page and advise show a chance: a percentage with two decimals (no exact ties occur: a
/// Double times 100 is never exactly halfway between two hundredths).
func shownPercent(_ value: Double) -> String {
    String(format: "%.2f%%", value * 100)
}

/// How the page shows a number of points: JavaScript's `toFixed(1)`, which rounds an exact tie (x.x5, a
/// multiple of 1/4 here) up, where C's `%.1f` rounds it to even.
func shownPoints(_ value: Double) -> String {
    let quarters = value * 4
    let isTie = quarters == quarters.rounded() && quarters.truncatingRemainder(dividingBy: 2) != 0
    return String(format: "%.1f", isTie ? value + 0.05 : value)
}

// MARK: - What the page shows

/// What the driver copied from the page after entering one situation.
struct ShownAdvice: Decodable {
    struct Advice: Decodable {
        var objective: String
        var bestKeep: String
        var decision: String
        var turnPoints: String?
        var rollValue: String?
        var bankValue: String?
        /// The chance to win after a farkle, where the roll is one (advice to win only).
        var farkleValue: String?
        /// The points objective's table: `points`, `new-player` or `capped`.
        var table: String?
        /// The cap of the points toward the target, with the capped table.
        var cap: String?
        var text: String
    }

    struct Row: Decodable {
        var keep: String?
        var sixDiceFarkle: String?
        var points: String?
        var diceLeft: String?
        var expected: String
        var shown: String
        var win: String?
        var winShown: String?
    }

    var advice: [Advice]
    var rows: [Row]
    var problem: String?
    var hash: String
    /// The rules line.
    var rules: String
    var agree: String?
    /// The farkles in a row entered, where the page asks for them.
    var farkles: String?
    /// The note that the roll wins the game at once, where it does.
    var winsAtOnce: String?
    /// The note on what of the game the advice reads (the totals, and where they count, the farkles in a row).
    var gameNote: String?
    /// Why there is no advice to win at the totals given, where there is none.
    var noWinAdvice: String?

    func check(against json: AdviceJSON, situation: Situation, _ context: Comment) {
        #expect(problem == nil, context)
        #expect(hash == situation.fragment, "the page keeps the situation in its URL: \(context)")
        let objectives = json.win == nil ? ["points"] : ["points", "win"]
        guard self.advice.map(\.objective) == objectives, let advice = advice.first else {
            Issue.record("#advice elements for \(objectives), not \(self.advice.map(\.objective)): \(context)")
            return
        }
        if let win = json.win, self.advice.count == 2 { check(win: win, shown: self.advice[1], context) }
        let faces = json.keeps.first.map { $0.dice.map(String.init).joined(separator: ",") } ?? ""
        #expect(advice.objective == "points", context)
        #expect(advice.bestKeep == faces, context)
        #expect(advice.decision == json.pageDecision, context)
        if let decision = json.decision {
            #expect(advice.turnPoints == "\(decision.turnPoints)", context)
            #expect(advice.rollValue.flatMap(Double.init) == decision.rollValue, context)
            #expect(advice.text.contains("expected \(shownPoints(decision.rollValue))"), context)
            #expect(advice.text.contains("\(decision.turnPoints)"), context)
        }
        let keeps = rows.filter { $0.keep != nil }
        #expect(keeps.count == json.keeps.count, context)
        for (row, keep) in zip(keeps, json.keeps) {
            #expect(row.keep == keep.dice.map(String.init).joined(separator: ","), context)
            #expect(row.points == "\(keep.score)", context)
            #expect(row.diceLeft == "\(keep.diceLeft)", context)
            #expect(Double(row.expected) == keep.expected, context)
            #expect(row.shown == shownPoints(keep.expected), context)
        }
        if let win = json.win {
            for row in keeps {
                let keep = win.keeps.first { $0.dice.map(String.init).joined(separator: ",") == row.keep }
                let best = win.keeps.first.map { $0.dice.map(String.init).joined(separator: ",") == row.keep } ?? false
                #expect(row.win.flatMap(Double.init) == keep?.value, context)
                #expect(row.winShown == keep.map { (best ? "\u{2605} " : "") + shownPercent($0.value) }, context)
            }
        } else {
            #expect(rows.allSatisfy { $0.win == nil && $0.winShown == nil }, "no win column: \(context)")
        }
        let farkleRow = rows.first { $0.sixDiceFarkle != nil }
        #expect(farkleRow?.sixDiceFarkle == json.sixDiceFarkle.map { "\($0.points)" }, context)
        if let farkleRow, let farkle = json.win?.sixDiceFarkle {
            #expect(farkleRow.win.flatMap(Double.init) == farkle.value, context)
        }
        if let farkleRow, let farkle = json.sixDiceFarkle {
            #expect(Double(farkleRow.expected) == farkle.expected, context)
            #expect(farkleRow.shown == shownPoints(farkle.expected), context)
        }
    }
}

extension ShownAdvice {
    /// The advice to win against advise's `win` member: best keep, decision, values to the last bit.
    func check(win json: AdviceJSON.Win, shown advice: Advice, _ context: Comment) {
        #expect(
            advice.bestKeep == (json.keeps.first.map { $0.dice.map(String.init).joined(separator: ",") } ?? ""), context
        )
        #expect(advice.decision == json.pageDecision, context)
        #expect(agree == "\(json.agrees)", context)
        if let decision = json.decision {
            #expect(advice.turnPoints == "\(decision.turnPoints)", context)
            #expect(advice.rollValue.flatMap(Double.init) == decision.rollValue, context)
            #expect(advice.bankValue.flatMap(Double.init) == decision.bankValue, context)
            #expect(advice.text.contains("wins \(shownPercent(decision.rollValue))"), context)
        } else if json.sixDiceFarkle == nil {
            #expect(advice.text.contains("you then win \(shownPercent(json.farkleValue))"), context)
            #expect(advice.farkleValue.flatMap(Double.init) == json.farkleValue, context)
        }
    }
}

// MARK: - The browser

/// Debian's `chromium`, run headless.
enum Chromium {
    /// The browser on the PATH, if any.
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for directory in directories {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    static let missing: Comment =
        "chromium is not installed: skipping the browser tests (apt-get install -y chromium; .ci/run installs it)"

    /// Loads `page` with the first situation in its URL, enters the others, and returns what it showed for each.
    static func shown(by page: AdvisorPage, in situations: [Situation]) throws -> [ShownAdvice] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-advisor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fragments = String(decoding: try JSONEncoder().encode(situations.map(\.fragment)), as: UTF8.self)
        let html = page.html.replacingOccurrences(
            of: "</body>",
            with: "<script>\n\(driver.replacingOccurrences(of: "FRAGMENTS", with: fragments))</script>\n</body>")
        let file = directory.appendingPathComponent("advisor.html")
        try Data(html.utf8).write(to: file)
        guard let path else { throw BrowserError(description: "chromium is not installed") }
        let url = file.absoluteString + (situations.first?.fragment ?? "")
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: path),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--timeout=15000",
                "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--dump-dom", url,
            ])
        return try JSONDecoder().decode([ShownAdvice].self, from: results(of: result))
    }

    /// What a driver script copied into the `#results` element of the DOM that `--dump-dom` printed.
    static func results(of run: CommandResult) throws -> Data {
        let dom = run.standardOutput
        guard let start = dom.range(of: "<script type=\"application/json\" id=\"results\">"),
            let end = dom.range(of: "</script>", range: start.upperBound..<dom.endIndex)
        else {
            throw BrowserError(description: "no results in the page; chromium said: \(run.standardError)")
        }
        return Data(dom[start.upperBound..<end.lowerBound].utf8)
    }

    /// Enters each fragment as a followed link would and copies what the page shows into `#results`.
    private static let driver = #"""
        (() => {
          const capture = () => ({
            advice: [...document.querySelectorAll("#advice")].map((node) => ({
              objective: node.dataset.objective, bestKeep: node.dataset.bestKeep, decision: node.dataset.decision,
              turnPoints: node.dataset.turnPoints ?? null, rollValue: node.dataset.rollValue ?? null,
              bankValue: node.dataset.bankValue ?? null, farkleValue: node.dataset.farkleValue ?? null,
              table: node.dataset.table ?? null,
              cap: node.dataset.cap ?? null, text: node.textContent })),
            rows: [...document.querySelectorAll("tr[data-expected]")].map((row) => ({
              keep: row.dataset.keep ?? null, sixDiceFarkle: row.dataset.sixDiceFarkle ?? null,
              points: row.dataset.points ?? null, diceLeft: row.dataset.diceLeft ?? null,
              expected: row.dataset.expected, shown: row.cells[3].textContent,
              win: row.dataset.win ?? null, winShown: row.cells[4]?.textContent ?? null })),
            problem: document.querySelector(".problem")?.textContent ?? null,
            hash: location.hash,
            rules: document.getElementById("rules-summary").textContent,
            agree: document.querySelector("#objectives")?.dataset.agree ?? null,
            farkles: document.getElementById("farkles-field").hidden ? null : document.getElementById("farkles").value,
            winsAtOnce: document.getElementById("wins-at-once")?.textContent ?? null,
            gameNote: document.getElementById("game-note")?.textContent ?? null,
            noWinAdvice: document.getElementById("no-win-advice")?.textContent ?? null,
          });
          const fragments = FRAGMENTS;
          const results = [capture()];
          for (const fragment of fragments.slice(1)) {
            history.replaceState(null, "", fragment);
            window.dispatchEvent(new HashChangeEvent("hashchange"));
            results.push(capture());
          }
          const out = document.createElement("script");
          out.type = "application/json";
          out.id = "results";
          out.textContent = JSON.stringify(results).replace(/</g, "\\u003c");
          document.body.append(out);
        })();
        """#
}

struct BrowserError: Error, CustomStringConvertible {
    var description: String
}

// MARK: - Threads

/// A value behind a lock, for results gathered from concurrent work.
final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func update(_ body: (inout Value) -> Void) {
        lock.withLock { body(&stored) }
    }
}

/// Work running on a thread of its own until `wait()` collects its result.
final class Background<Value>: @unchecked Sendable {
    private var result: Result<Value, any Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            result = Result(catching: work)
            done.signal()
        }
    }

    func wait() throws -> Value {
        done.wait()
        return try result!.get()
    }
}
