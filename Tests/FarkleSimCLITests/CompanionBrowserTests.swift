@_spi(Kernels) import FarkleKit
import FarkleReports
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The table companion on the advisor page, played by taps in headless Chromium as a person would, and every
/// game it kept replayed in FarkleKit (`GameRecord`, `GameState`): the same totals, counts and result.
///
/// A driver script appended to the page taps the names, the dice, the keeps in the advice, Bank, Farkle, Undo
/// and Redo at random (a seeded generator), never calling the page's functions, and copies what the page shows
/// and the game record it exports into the DOM, which `--dump-dom` prints.
@Suite("the table companion in a browser", .enabled(if: Chromium.path != nil, Chromium.missing))
struct CompanionBrowserTests {
    /// What the driver saw of one game.
    struct Played: Decodable {
        struct Row: Decodable {
            let total: Int
            let cells: [String]
        }

        /// A row of the play statistics, as its data attributes give it.
        struct Play: Decodable {
            let decisions: Int
            let best: Int
            let lost: Double
            let luck: Double
            let winLost: Double?
        }

        let status: String
        let rows: [Row]
        let plays: [Play]
        let turns: String
        let keptByCombination: Int
        let record: String
        let taps: Int
        let undos: Int
        let keptWithoutRoll: Int
        let refused: [String]
        let afterUndoAll: [Row]
        let statusAfterUndoAll: String
        let afterRedoAll: [Row]
        let statusAfterRedoAll: String
        let verdictBottoms: [Double]
        let widest: Double
        let widestNode: String?
    }

    /// A preset by name, or a rule file of `Tests/Fixtures/rules` by its file name.
    static func rules(_ name: String) throws -> RuleSet {
        name.hasSuffix(".json") ? try RuleSet.load(fixtureRules(name)) : try #require(RuleSet.presets[name])
    }

    /// The page of `rules` as `report` writes it, without the advice to win (the points advice alone).
    static func page(_ rules: RuleSet) -> AdvisorPage {
        AdvisorBrowserTests.page(rules)
    }

    /// What a driver of `shown(_:rules:page:driver:)` may use besides the page's `$(id)`, run as a script of its own
    /// before it: `tap(faces)` on the dice pad, `keep("1,5")` on the advice's rows, `totals()` of the scoreboard,
    /// `exported(id)`, the text of an export link, and `report(results)`, which puts `results` where `shown` reads
    /// them.
    static let helpers = #"""
        const tap = (faces) => { for (const face of faces) document.querySelector('[data-face="' + face + '"]').click(); };
        const keep = (faces) => document.querySelector('#answer tr[data-keep="' + faces + '"]').click();
        const totals = () => [...document.querySelectorAll("#scoreboard tr[data-seat]")].map((row) => Number(row.dataset.total));
        const exported = (id) => decodeURIComponent($(id).href.replace(/^data:[^,]*,/, ""));
        const report = (results) => {
          const out = document.createElement("script");
          out.type = "application/json";
          out.id = "results";
          out.textContent = JSON.stringify(results);
          document.body.append(out);
        };
        """#

    /// What `driver`, a script run once after the page of `rules` has loaded (after `helpers`), put in the element
    /// `results`: the page opened once in a fresh profile.
    static func shown<Shown: Decodable>(
        _: Shown.Type, rules: RuleSet, page given: AdvisorPage? = nil, driver: String
    ) throws -> Shown {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("advisor.html")
        try Data(
            (given ?? page(rules)).html.replacingOccurrences(
                of: "</body>", with: "<script>\n\(helpers)</script>\n<script>\n\(driver)</script>\n</body>"
            )
            .utf8
        ).write(to: file)
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: try #require(Chromium.path)),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--timeout=15000",
                "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--dump-dom",
                file.absoluteString,
            ])
        return try JSONDecoder().decode(Shown.self, from: Chromium.results(of: result))
    }

    /// Plays one game on `page` laid out `width` pixels wide and returns what it showed; `profile` keeps
    /// the browser's storage between runs (a reload), `maximumTaps` stops the game early.
    static func play(
        _ page: AdvisorPage, players: Int, seed: Int, width: Int = 390, profile: URL? = nil, maximumTaps: Int = 50_000
    ) throws -> Played {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-companion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = driver.replacingOccurrences(of: "PLAYERS", with: "\(players)")
            .replacingOccurrences(of: "SEED", with: "\(seed)").replacingOccurrences(
                of: "MAXTAPS", with: "\(maximumTaps)"
            )
            .replacingOccurrences(of: "WIDTH", with: "\(width)")
        let html = page.html.replacingOccurrences(of: "</body>", with: "<script>\n\(script)</script>\n</body>")
        // One file name for every run of a profile: the page's storage belongs to its address.
        let folder = profile ?? directory
        let file = folder.appendingPathComponent("advisor-\(page.rules.name).html")
        try Data(html.utf8).write(to: file)
        guard let path = Chromium.path else { throw BrowserError(description: "chromium is not installed") }
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: path),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--timeout=30000",
                "--hide-scrollbars", "--window-size=500,844",
                "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--dump-dom", file.absoluteString,
            ])
        return try JSONDecoder().decode(Played.self, from: Chromium.results(of: result))
    }

    /// The game the page exported, replayed in FarkleKit, checked against what the page showed.
    static func check(
        _ played: Played, rules: RuleSet, players: Int, advisor: Advisor? = nil, _ context: Comment
    ) throws -> GameState {
        let record = try GameRecord(json: Data(played.record.utf8), source: "exported")
        #expect(
            record.rules
                == {
                    var rules = rules
                    rules.game.players = players
                    return rules
                }(), context)
        #expect(record.players.count == players, context)
        let state = try record.replay()
        #expect(played.rows.map(\.total) == state.players.map(\.total), context)
        for (row, player) in zip(played.rows, state.players) {
            // Player, Total, Turns, Per turn, Farkles, Hot dice, ...
            let counts = player.statistics
            #expect(row.cells[0] == player.name, context)
            #expect(row.cells[2] == "\(counts.turns)", context)
            #expect(row.cells[4] == "\(counts.farkles)", context)
            #expect(row.cells[5] == "\(counts.hotDice)", context)
        }
        switch state.result {
        case .won(let seat)?: #expect(played.status == "\(state.players[seat].name) won the game.", context)
        case .tied(let seats)?:
            #expect(played.status.hasPrefix(seats.map { state.players[$0].name }.joined(separator: " and ")), context)
        case nil: #expect(!played.status.contains("won the game"), context)
        }
        // Undo back to the start, and redo to the end again.
        #expect(played.afterUndoAll.allSatisfy { $0.total == 0 }, context)
        #expect(
            played.statusAfterUndoAll.hasPrefix(
                "P1 to play · round 1\(rules.game.end.rounds.map { " of \($0)" } ?? "") · turn 0, \(rules.turn.dice) dice to roll ("
            ),
            context)
        #expect(played.afterRedoAll.map(\.total) == played.rows.map(\.total), context)
        #expect(played.statusAfterRedoAll == played.status, context)
        // The play statistics are FarkleKit's review of the same record.
        let review = try GameReview(
            record: record, advisor: advisor ?? Advisor(table: ScoringTable(rules: record.rules)))
        #expect(played.plays.count == players, context)
        for (play, player) in zip(played.plays, review.players) {
            #expect(play.decisions == player.decisions && play.best == player.bestDecisions, context)
            #expect(
                abs(play.lost - player.pointsCost) <= 1e-6, "\(context.rawValue): \(play.lost) \(player.pointsCost)")
            #expect(abs(play.luck - player.luck) <= 1e-6, "\(context.rawValue): \(play.luck) \(player.luck)")
            if let winCost = player.winCost {
                let lost = try #require(play.winLost, context)
                #expect(abs(lost - winCost) <= 1e-9, "\(context.rawValue): \(lost) \(winCost)")
            } else {
                #expect(play.winLost == nil, context)
            }
        }
        // The turns' CSV: a row per turn, in order, each player's last total theirs, the banks their banked points.
        let lines = played.turns.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(lines.first?.joined(separator: ",") == "turn,round,player,rolls,keeps,ended,points,total", context)
        let turns = lines.dropFirst()
        #expect(turns.count == state.players.reduce(0) { $0 + $1.statistics.turns }, context)
        for player in state.players {
            let own = turns.filter { $0[2] == player.name }
            #expect(own.count == player.statistics.turns, context)
            #expect(own.last.map { Int($0[7]) } ?? 0 == player.total, context)
            let banked = own.filter { $0[5] == "bank" }.compactMap { Int($0[6]) }.reduce(0, +)
            #expect(banked == player.statistics.bankedPoints, context)
            // A bust (a bank past a target to hit exactly) ends the turn as a farkle does.
            #expect(own.count { $0[5] == "farkle" || $0[5] == "bust" } == player.statistics.farkles, context)
            #expect(
                own.allSatisfy {
                    ["bank", "bust", "farkle"].contains($0[5]) || $0[5].wholeMatch(of: /six [1-6]s/) != nil
                },
                context)
        }
        return state
    }

    @Test(
        "whole games by taps: the page's totals, counts and winner are FarkleKit's replay of its exported record",
        arguments: [
            ("standard", 2, 10), ("standard", 1, 2), ("zilch", 2, 3), ("boxed", 3, 4), ("farkleten", 6, 5),
            ("kcd", 2, 6), ("facebook", 3, 7), ("cardgames", 2, 8), ("hot-dice-bonus.json", 2, 9),
            ("five-thousand", 2, 11), ("five-dice.json", 2, 12), ("opening-farkle-cost.json", 3, 13),
        ])
    func wholeGames(preset: String, players: Int, seed: Int) throws {
        let rules = try Self.rules(preset)
        let played = try Self.play(Self.page(rules), players: players, seed: seed)
        let context = Comment(rawValue: "\(preset), \(players) players, seed \(seed)")
        #expect(played.refused.isEmpty, "\(context.rawValue): \(played.refused)")
        let state = try Self.check(played, rules: rules, players: players, context)
        #expect(state.result != nil, "\(context.rawValue): the game ended")
        // `review` reads the exported file.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-game-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(played.record.utf8).write(to: file)
        let review = try CommandRunner.run(["review", file.path, "--points-only", "--format", "csv"])
        #expect(review.exitStatus == 0, "\(context.rawValue): \(review.standardError)")
        #expect(review.standardOutput.hasPrefix("action,round,player,"), context)
        #expect(played.undos > 0, "\(context.rawValue): some taps were undone and redone")
        #expect(played.keptWithoutRoll > 0, "\(context.rawValue): some keeps were entered without their roll")
        #expect(played.keptByCombination > 0, "\(context.rawValue): some keeps were entered by their combinations")
        // On a 390 × 844 phone the verdict is on the first screen after every roll entered.
        #expect(!played.verdictBottoms.isEmpty, context)
        #expect(
            played.verdictBottoms.allSatisfy { $0 <= 844 }, "\(context.rawValue): \(played.verdictBottoms.max() ?? 0)")
        #expect(played.widest <= 390, "\(context.rawValue): \(played.widestNode ?? "")")
    }

    @Test(
        "with two players and the advice to win, the chance each choice lost is FarkleKit's review of the game",
        arguments: [
            "short-race.json", "ones-rounds.json", "ones-penalty-race.json", "ones-wipeout-race.json",
            "ones-cost-race.json",
        ])
    func winLost(file: String) throws {
        // Small games keep the solves cheap: a race (standard scoring, 500 to get on the board, won at once at the
        // target), a game of two rounds and a race to 300 under a penalty of 100 or of the whole total, in which only
        // 1s score.
        let (page, game) = try AdvisorBrowserTests.winPage(file)
        let (rules, table) = (game.table.rules, game.table)
        var lost = 0
        for seed in 21...23 {
            let played = try Self.play(page, players: 2, seed: seed)
            let context = Comment(rawValue: "\(file) with the advice to win, seed \(seed)")
            #expect(played.refused.isEmpty, "\(context.rawValue): \(played.refused)")
            let state = try Self.check(
                played, rules: rules, players: 2, advisor: Advisor(table: table, game: game), context)
            #expect(state.result != nil, context)
            lost += played.plays.count { ($0.winLost ?? 0) > 0 }
        }
        #expect(lost > 0, "\(file): some choices cost a chance to win")
    }

    @Test(
        "the scoring chart and the combinations pad show each keep at the scoring table's points",
        arguments: [
            "standard", "zilch", "facebook", "farkleten", "hot-dice-bonus.json", "four-dice-straight.json",
            "six-ones-points.json", "low-straight-only.json",
        ])
    func scoringChart(preset: String) throws {
        let rules = try Self.rules(preset)
        let driver = """
            const cells = (id) => [...document.querySelectorAll("#" + id + " table.chart tbody tr")].map((row) =>
              [...row.querySelectorAll("td")].map((cell) => cell.textContent));
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({ chart: cells("chart-body"), pad: cells("combo-pad"),
              specials: [...document.querySelectorAll("#chart-body .specials span")].map((node) => node.textContent),
              keys: [...document.querySelectorAll("#combo-pad .specials button")].map((node) => node.dataset.combo) });
            document.body.append(out);
            """
        struct Shown: Decodable {
            let chart: [[String]]
            let pad: [[String]]
            let specials: [String]
            let keys: [String]
        }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        let table = ScoringTable(rules: rules)
        // What the dice score as one keep by their combinations: a hot-dice bonus comes only with a whole roll.
        func whole(_ faces: [Int]) -> Int? {
            table.points(of: DiceCounts(faces: faces))
        }
        #expect(shown.chart.count == 6 && shown.chart.allSatisfy { $0.count == 6 }, "\(shown.chart)")
        for (face, row) in zip(1...6, shown.chart) {
            for (count, cell) in zip(1...6, row) {
                let score = whole(Array(repeating: face, count: count))
                if let score {
                    #expect(cell == "\(score)", "\(preset): \(count) x \(face)")
                } else {
                    #expect(cell == "pair" || cell == "\u{2013}", "\(preset): \(count) x \(face) shows \(cell)")
                }
                // The pad offers what the chart shows.
                #expect(shown.pad[face - 1][count - 1] == (score.map(String.init) ?? (cell == "pair" ? "pair" : "")))
            }
        }
        // Each pattern below the chart scores its dice as one keep, at the points shown.
        #expect(shown.specials.count == shown.keys.count)
        for (text, key) in zip(shown.specials, shown.keys) {
            let score = try #require(whole(key.compactMap { Int(String($0)) }), "\(preset): \(key)")
            #expect(text.hasSuffix(" \(score)"), "\(preset): \(text)")
        }
        #expect(shown.specials.contains { $0.hasPrefix("three pairs") } == (whole([2, 2, 3, 3, 4, 4]) != nil))
        #expect(shown.specials.contains { $0.hasPrefix("2\u{2013}5 straight") } == (whole([2, 3, 4, 5]) != nil))
        #expect(shown.specials.contains { $0.hasPrefix("2\u{2013}6 straight") } == (whole([2, 3, 4, 5, 6]) != nil))
    }

    @Test("where six 6s win at once, six 6s rolled by taps end the game, and six 1s are kept as points")
    func sixOfAKindWins() throws {
        let rules = try Self.rules("six-sixes-win.json")
        // Player 1 rolls six 1s and keeps them (hot dice), then rolls six 6s: the game is theirs. The driver keeps
        // its names to itself: the page's script has a global `$` of its own.
        let driver = """
            (() => {
            const $ = (id) => document.getElementById(id);
            const roll = (face) => { for (let die = 0; die < 6; die++) document.querySelector('[data-face="' + face + '"]').click(); };
            $("start").click();
            roll(1);
            const keeps = [...document.querySelectorAll("#answer tr[data-keep]")].map((row) => row.dataset.keep);
            document.querySelector("#answer tr[data-keep]").click();
            const afterOnes = $("status").textContent;
            roll(6);
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({ rules: $("rules-summary").textContent, keeps, afterOnes,
              status: $("status").textContent, totals: [...document.querySelectorAll("#scoreboard tr[data-seat]")]
                .map((row) => Number(row.dataset.total)) });
            document.body.append(out);
            })();
            """
        struct Shown: Decodable {
            let rules: String
            let keeps: [String]
            let afterOnes: String
            let status: String
            let totals: [Int]
        }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        #expect(shown.rules.contains("six 6s win at once"), "\(shown.rules)")
        #expect(!shown.rules.contains("six 1s"), "\(shown.rules)")
        // Six 1s score there, six of a kind (10,000) as the best keep, and the turn goes on with six dice.
        #expect(shown.keeps.first == "1,1,1,1,1,1", "\(shown.keeps)")
        #expect(shown.afterOnes.contains("turn 10,000, 6 dice to roll"), "\(shown.afterOnes)")
        // FarkleKit plays the same actions to the same end.
        var state = try GameState(table: ScoringTable(rules: rules), players: ["Player 1", "Player 2"])
        let ones = DiceCounts(faces: [1, 1, 1, 1, 1, 1])
        for action: GameAction in [.roll(ones), .keep(ones), .roll(DiceCounts(faces: [6, 6, 6, 6, 6, 6]))] {
            try state.apply(action)
        }
        #expect(state.result == .won(seat: 0))
        #expect(shown.status == "Player 1 won the game.", "\(shown.status)")
        #expect(shown.totals == state.players.map(\.total), "\(shown.totals)")
    }

    @Test(
        "at a table of three the advice to win is the two-player race's against the leader: FarkleKit's values, and a note says so"
    )
    func largerTableWinAdvice() throws {
        // Standard scoring (banking with 1 or 2 dice left), 300 to get on the board, won at once at 1,000: player 1
        // banks 1 5 5 5 (600), player 2 4 4 4 5 (450), and player 3, at 0, rolls 1 5 2 3 4 4.
        let rules = try Self.rules("short-race.json")
        let table = ScoringTable(rules: rules)
        let solver = try WinProbabilitySolver(rules: rules)
        let page = AdvisorPage(solver: ExpectedScoreSolver(table: table), winGame: solver)
        let driver = """
            (() => {
            const $ = (id) => document.getElementById(id);
            const roll = (faces) => { for (const face of faces) document.querySelector('[data-face="' + face + '"]').click(); };
            const keep = (dice) => document.querySelector('#answer tr[data-keep="' + dice + '"]').click();
            const steps = [];
            const step = () => steps.push($("status").textContent + " | " + $("table-note").textContent);
            $("add-player").click();
            $("start").click();
            roll([1, 5, 5, 5, 2, 3]);
            step();
            keep("1,5,5,5");
            step();
            $("bank").click();
            step();
            roll([4, 4, 4, 5, 2, 3]);
            keep("4,4,4,5");
            $("bank").click();
            step();
            roll([1, 5, 2, 3, 4, 4]);
            const rows = [...document.querySelectorAll("#answer tr[data-keep]")].map((row) =>
              ({ keep: row.dataset.keep, win: row.dataset.win === undefined ? null : Number(row.dataset.win) }));
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({ rows, steps, note: $("win-note")?.textContent ?? "",
              totals: [...document.querySelectorAll("#scoreboard tr[data-seat]")].map((row) => Number(row.dataset.total)) });
            document.body.append(out);
            })();
            """
        struct Shown: Decodable {
            struct Row: Decodable {
                let keep: String
                let win: Double?
            }
            let rows: [Row]
            let steps: [String]
            let note: String
            let totals: [Int]
        }
        let shown = try Self.shown(Shown.self, rules: rules, page: page, driver: driver)
        #expect(shown.totals == [600, 450, 0], "\(shown.totals): \(shown.steps)")
        #expect(shown.note.contains("the two-player race's against the leader (600)"), "\(shown.note)")
        var situation = TurnSituation(roll: DiceCounts(faces: [1, 5, 2, 3, 4, 4]))
        situation.myScore = 0
        situation.opponentScore = 600
        let win = try #require(try Advisor(table: table, game: solver).advice(for: situation).win)
        #expect(!shown.rows.isEmpty && shown.rows.count == win.options.count, "\(shown.rows.count)")
        for row in shown.rows {
            let option = win.options.first { $0.keep.dice.faces.map(String.init).joined(separator: ",") == row.keep }
            let expected = try #require(option, "\(row.keep)").value
            #expect(abs(try #require(row.win, "\(row.keep)") - expected) < 1e-12, "\(row.keep)")
        }
    }

    @Test(
        "a game of rounds tied after its regular rounds: the extra round is advised to win, FarkleKit's values for that round"
    )
    func extraRoundWinAdvice() throws {
        // Only 1s score, two rounds and up to five extra: both players bank a single 1 in each regular round, so
        // the totals are 200 each and an extra round begins; player 1 then rolls 1 1 2 3 4 6.
        let rules = try Self.rules("ones-rounds.json")
        let table = ScoringTable(rules: rules)
        let solver = try RoundsWinSolver(rules: rules)
        let page = AdvisorPage(table: table, winGame: solver)
        let driver = """
            (() => {
            const $ = (id) => document.getElementById(id);
            const roll = (faces) => { for (const face of faces) document.querySelector('[data-face="' + face + '"]').click(); };
            const keep = (dice) => document.querySelector('#answer tr[data-keep="' + dice + '"]').click();
            $("start").click();
            for (let turn = 0; turn < 4; turn++) {
              roll([1, 2, 3, 4, 6, 6]);
              keep("1");
              $("bank").click();
            }
            roll([1, 1, 2, 3, 4, 6]);
            const rows = [...document.querySelectorAll("#answer tr[data-keep]")].map((row) =>
              ({ keep: row.dataset.keep, win: row.dataset.win === undefined ? null : Number(row.dataset.win) }));
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({ rows, status: $("status").textContent, text: document.body.innerText,
              totals: [...document.querySelectorAll("#scoreboard tr[data-seat]")].map((row) => Number(row.dataset.total)) });
            document.body.append(out);
            })();
            """
        struct Shown: Decodable {
            struct Row: Decodable {
                let keep: String
                let win: Double?
            }
            let rows: [Row]
            let status: String
            let text: String
            let totals: [Int]
        }
        let shown = try Self.shown(Shown.self, rules: rules, page: page, driver: driver)
        #expect(shown.totals == [200, 200], "\(shown.totals): \(shown.status)")
        #expect(shown.text.contains("To win at 200 against 200 in extra round 1 after 2 rounds, playing first"))
        #expect(shown.status.hasPrefix("Player 1 to play · extra round 1 after 2 rounds · turn 0"), "\(shown.status)")
        var situation = TurnSituation(roll: DiceCounts(faces: [1, 1, 2, 3, 4, 6]))
        situation.myScore = 200
        situation.opponentScore = 200
        situation.extraRound = 1
        let win = try #require(try Advisor(table: table, game: solver).advice(for: situation).win)
        #expect(!shown.rows.isEmpty && shown.rows.count == win.options.count, "\(shown.rows.count)")
        for row in shown.rows {
            let option = win.options.first { $0.keep.dice.faces.map(String.init).joined(separator: ",") == row.keep }
            let expected = try #require(option, "\(row.keep)").value
            #expect(abs(try #require(row.win, "\(row.keep)") - expected) < 1e-12, "\(row.keep)")
        }
    }

    @Test("where six 1s lose at once, six 1s rolled by taps hand the game to the other player")
    func sixOnesLose() throws {
        let rules = try Self.rules("six-ones-lose.json")
        let driver = """
            (() => {
            const $ = (id) => document.getElementById(id);
            $("start").click();
            for (let die = 0; die < 6; die++) document.querySelector('[data-face="1"]').click();
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({ status: $("status").textContent });
            document.body.append(out);
            })();
            """
        struct Shown: Decodable { let status: String }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        var state = try GameState(table: ScoringTable(rules: rules), players: ["Player 1", "Player 2"])
        try state.apply(.roll(DiceCounts(faces: [1, 1, 1, 1, 1, 1])))
        #expect(state.result == .won(seat: 1))
        #expect(shown.status == "Player 2 won the game.", "\(shown.status)")
    }

    @Test(
        "players given one name are told apart: the second is 'Ann 2' on the page and in the record it exports, which review reads"
    )
    func repeatedNames() throws {
        let rules = try Self.rules("standard")
        let long = String(repeating: "x", count: 40)  // the longest name: a suffix takes the place of its end
        let driver = """
            (() => {
            const $ = (id) => document.getElementById(id);
            const names = ["Player 2", "", "Ann", "Ann", "Zo\\u00eb", "Zoe\\u0308", "\(long)", "\(long)"];
            while ($("names").children.length < names.length) $("add-player").click();
            [...$("names").querySelectorAll("input")].forEach((input, seat) => { input.value = names[seat]; });
            $("start").click();
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({
              record: decodeURIComponent($("export").href.replace(/^data:application\\/json;charset=utf-8,/, "")) });
            document.body.append(out);
            })();
            """
        struct Shown: Decodable { let record: String }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        let record = try GameRecord(json: Data(shown.record.utf8), source: "exported")
        #expect(
            record.players == [
                "Player 2", "Player 2 2", "Ann", "Ann 2", "Zo\u{00EB}", "Zoe\u{0308} 2", long,
                String(repeating: "x", count: 38) + " 2",
            ], "\(record.players)")
        // A blank name is "Player N" by its seat; two names equal as Unicode compares them (precomposed and
        // combining) are one name, as for review.
        #expect(record.players[5].unicodeScalars.count == 6)
    }

    @Test(
        "where a scoreless opening roll is rolled again, the advice says so, and tapping one in at the table leaves the turn as it was: no FARKLE, a 0% farkle"
    )
    func openingRerolled() throws {
        let rules = try Self.rules("opening-reroll.json")
        let driver = """
            (() => {
            const $ = (id) => document.getElementById(id);
            const tap = (faces) => { for (const face of faces) document.querySelector('[data-face="' + face + '"]').click(); };
            tap([2, 2, 3, 3, 4, 6]);
            const verdict = (document.querySelector("#advice .verdict") || { textContent: "" }).textContent;
            const decision = (document.querySelector("#advice") || { dataset: {} }).dataset.decision || "";
            $("clear").click();
            $("start").click();
            const before = $("status").textContent;
            const farkleBefore = $("farkle").disabled;
            tap([2, 2, 3, 3, 4, 6]);
            const note = $("table-note").textContent;
            const afterScoreless = $("status").textContent;
            const farkleAfter = $("farkle").disabled;
            tap([1, 2, 3, 4, 4, 6]);
            document.querySelector("#answer tr[data-keep]").click();
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({ rules: $("rules-summary").textContent, before, farkleBefore, verdict,
              decision, note, afterScoreless, farkleAfter, afterKeep: $("status").textContent,
              farkleAfterKeep: $("farkle").disabled });
            document.body.append(out);
            })();
            """
        struct Shown: Decodable {
            let rules: String
            let before: String
            let farkleBefore: Bool
            let verdict: String
            let decision: String
            let note: String
            let afterScoreless: String
            let farkleAfter: Bool
            let afterKeep: String
            let farkleAfterKeep: Bool
        }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        #expect(shown.rules.contains("an opening roll with no score is rolled again"), "\(shown.rules)")
        // The opening roll cannot farkle: 0% and no FARKLE button, before and after a scoreless roll.
        #expect(shown.before.contains("turn 0, 6 dice to roll (0.0% farkle)"), "\(shown.before)")
        #expect(shown.afterScoreless == shown.before, "\(shown.afterScoreless)")
        #expect(shown.farkleBefore && shown.farkleAfter)
        #expect(shown.verdict.contains("rolled again"), "\(shown.verdict)")
        #expect(shown.decision == "roll-again", "\(shown.decision)")
        #expect(shown.note.contains("roll all six dice again"), "\(shown.note)")
        // FarkleKit plays the same actions to the same turn: the single 1 kept, 100 with five dice, FARKLE allowed.
        var state = try GameState(table: ScoringTable(rules: rules), players: ["Player 1", "Player 2"])
        for action: GameAction in [
            .roll(DiceCounts(faces: [2, 2, 3, 3, 4, 6])), .roll(DiceCounts(faces: [1, 2, 3, 4, 4, 6])),
            .keep(DiceCounts(faces: [1])),
        ] {
            try state.apply(action)
        }
        #expect(state.turnPoints == 100 && state.diceLeft == 5)
        #expect(shown.afterKeep.contains("turn 100, 5 dice to roll"), "\(shown.afterKeep)")
        #expect(!shown.farkleAfterKeep)
    }

    @Test(
        "where a scoreless opening roll costs 500, the advice says so, and a scoreless opening roll or FARKLE tapped at the table takes 500 off, a later farkle nothing"
    )
    func openingCostsPoints() throws {
        let rules = try Self.rules("opening-farkle-cost.json")
        let driver = """
            (() => {
            const $ = (id) => document.getElementById(id);
            const tap = (faces) => { for (const face of faces) document.querySelector('[data-face="' + face + '"]').click(); };
            const totals = () => [...document.querySelectorAll("#scoreboard tr[data-seat]")].map((row) => Number(row.dataset.total));
            tap([2, 2, 3, 3, 4, 6]);
            const verdict = (document.querySelector("#advice .verdict") || { textContent: "" }).textContent;
            $("clear").click();
            $("start").click();
            tap([2, 2, 3, 3, 4, 6]);
            const afterRoll = totals();
            $("farkle").click();
            const afterFarkle = totals();
            tap([1, 2, 3, 4, 4, 6]);
            document.querySelector("#answer tr[data-keep]").click();
            $("farkle").click();
            const out = document.createElement("script");
            out.type = "application/json";
            out.id = "results";
            out.textContent = JSON.stringify({ rules: $("rules-summary").textContent, verdict, afterRoll, afterFarkle,
              afterLater: totals() });
            document.body.append(out);
            })();
            """
        struct Shown: Decodable {
            let rules: String
            let verdict: String
            let afterRoll: [Int]
            let afterFarkle: [Int]
            let afterLater: [Int]
        }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        #expect(shown.rules.contains("an opening roll with no score costs 500 off the total"), "\(shown.rules)")
        #expect(shown.verdict.contains("costing 500 off your total"), "\(shown.verdict)")
        // FarkleKit plays the same actions to the same totals.
        var state = try GameState(table: ScoringTable(rules: rules), players: ["Player 1", "Player 2"])
        try state.apply(.roll(DiceCounts(faces: [2, 2, 3, 3, 4, 6])))
        #expect(shown.afterRoll == state.players.map(\.total) && shown.afterRoll == [-500, 0], "\(shown.afterRoll)")
        try state.apply(.farkle)
        #expect(shown.afterFarkle == state.players.map(\.total) && shown.afterFarkle == [-500, -500])
        for action: GameAction in [
            .roll(DiceCounts(faces: [1, 2, 3, 4, 4, 6])), .keep(DiceCounts(faces: [1])), .farkle,
        ] {
            try state.apply(action)
        }
        #expect(
            shown.afterLater == state.players.map(\.total) && shown.afterLater == [-500, -500], "\(shown.afterLater)")
    }

    @Test(
        "a target of 2,000 hit exactly: the rules line says so, Bank past it is marked as a bust, and tapped it scores nothing and passes the dice"
    )
    func exactTarget() throws {
        let rules = try Self.rules("exact-target.json")
        let driver = """
            (() => {
            $("start").click();
            tap([1, 1, 1, 5, 2, 3]); keep("1,1,1,5"); $("bank").click();
            tap([5, 5, 5, 1, 2, 3]); keep("1,5,5,5"); $("bank").click();
            const before = totals();
            tap([1, 1, 1, 5, 2, 3]); keep("1,1,1,5");
            const label = $("bank").textContent;
            const reason = $("bank-reason").textContent;
            $("bank").click();
            report({ rules: $("rules-summary").textContent, before, label, reason, after: totals(),
              status: $("status").textContent, turns: exported("export-turns") });
            })();
            """
        struct Shown: Decodable {
            let rules: String
            let before: [Int]
            let label: String
            let reason: String
            let after: [Int]
            let status: String
            let turns: String
        }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        #expect(shown.rules.contains("the first bank to hit 2000 exactly wins at once"), "\(shown.rules)")
        #expect(shown.label == "Bank 1,050 (busts)", "\(shown.label)")
        #expect(shown.reason.contains("past 2,000 it scores nothing"), "\(shown.reason)")
        // FarkleKit plays the same actions to the same totals: the bust leaves 1,050 and passes the dice.
        var state = try GameState(table: ScoringTable(rules: rules), players: ["Player 1", "Player 2"])
        for action: GameAction in [
            .keep(DiceCounts(faces: [1, 1, 1, 5])), .bank, .keep(DiceCounts(faces: [1, 5, 5, 5])), .bank,
        ] {
            try state.apply(action)
        }
        #expect(shown.before == state.players.map(\.total) && shown.before == [1_050, 600], "\(shown.before)")
        try state.apply(.keep(DiceCounts(faces: [1, 1, 1, 5])))
        try state.apply(.bank)
        #expect(shown.after == state.players.map(\.total) && shown.after == [1_050, 600], "\(shown.after)")
        #expect(state.seat == 1 && state.players[0].statistics.farkles == 1)
        let last = try #require(shown.turns.split(separator: "\n").last).split(separator: ",")
        #expect(last[5] == "bust" && last[6] == "0" && last[7] == "1050", "\(shown.turns)")
    }

    @Test(
        "piggybacking where inherited points do not enter, by taps: the advice to a player not yet on the board is FarkleKit's turn with the entry minimum on top, and the bank waits for it"
    )
    func piggybackOwnEntry() throws {
        let rules = try Self.rules("piggyback-own-entry.json")
        let driver = """
            (() => {
            document.documentElement.style.width = "390px";
            $("start").click();
            tap([1, 1, 1, 1, 2, 3]); keep("1,1,1,1"); $("bank").click();
            const advice = $("answer-body").textContent;
            $("take-over").click();
            tap([1, 2]); keep("1");
            const refused = { disabled: $("bank").disabled, reason: $("bank-reason").textContent };
            report({ rules: $("rules-summary").textContent, advice, refused, totals: totals() });
            })();
            """
        struct Refused: Decodable {
            let disabled: Bool
            let reason: String
        }
        struct Shown: Decodable {
            let rules: String
            let advice: String
            let refused: Refused
            let totals: [Int]
        }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        #expect(shown.rules.contains("a player not yet on the board still scores the entry minimum on top of it"))
        let advice = try Advisor(table: ScoringTable(rules: rules)).advice(
            onOffer: TurnOffer(turnPoints: 1_000, dice: 2), myScore: 0)
        #expect(
            shown.advice.contains(
                "Taken over (the entry minimum of 500 on top) the turn is worth "
                    + "\(String(format: "%.1f", advice.takeOverValue)), a fresh turn "
                    + "\(String(format: "%.1f", advice.freshTurnValue)): "
                    + "\(advice.takesOver ? "take it over" : "start fresh")."),
            "\(shown.advice)")
        // Under boxed four 1s score 1,000 with two dice left. Taken over, a 1 makes 1,100 of the 1,500 the turn
        // needs: the bank waits, and says why.
        #expect(shown.refused.disabled, "\(shown.refused)")
        #expect(
            shown.refused.reason
                == "Bank: 1100 is below 1500: the entry minimum of 500 on top of the 1000 taken over, which do not count toward it.",
            "\(shown.refused.reason)")
        #expect(shown.totals == [1_000, 0], "\(shown.totals)")
    }

    @Test(
        "piggybacking by taps: a bank with three dice left is offered, its advice is FarkleKit's, Take over plays on from it, and the record replays to the same totals"
    )
    func piggyback() throws {
        let rules = try Self.rules("piggyback.json")
        let driver = """
            (() => {
            // A phone's width, as the companion's other tests play it.
            document.documentElement.style.width = "390px";
            $("start").click();
            const hiddenAtStart = $("take-over").hidden;
            tap([1, 1, 1, 2, 3, 4]); keep("1,1,1"); $("bank").click();
            const label = $("take-over").textContent;
            const rect = $("take-over").getBoundingClientRect();
            const box = { right: rect.right, width: rect.width, height: rect.height };
            const shownHidden = $("take-over").hidden;
            const advice = $("answer-body").textContent;
            $("take-over").click();
            const status = $("status").textContent;
            tap([5, 2, 3]); keep("5"); $("bank").click();
            const offered = $("take-over").textContent;
            tap([1, 2, 3, 4, 6, 6]);
            const declined = $("take-over").hidden;
            keep("1"); $("farkle").click();
            report({ rules: $("rules-summary").textContent, hiddenAtStart, label, box, shownHidden, advice, status, offered,
              declined, afterFarkle: $("take-over").hidden, totals: totals(), record: exported("export"),
              turns: exported("export-turns") });
            })();
            """
        struct Box: Decodable {
            let right: Double
            let width: Double
            let height: Double
        }
        struct Shown: Decodable {
            let rules: String
            let hiddenAtStart: Bool
            let label: String
            let box: Box
            let shownHidden: Bool
            let advice: String
            let status: String
            let offered: String
            let declined: Bool
            let afterFarkle: Bool
            let totals: [Int]
            let record: String
            let turns: String
        }
        let shown = try Self.shown(Shown.self, rules: rules, driver: driver)
        #expect(shown.rules.contains("the next player may take over a bank that left 2 or more dice, with 500 more"))
        #expect(shown.hiddenAtStart && !shown.shownHidden && shown.declined && shown.afterFarkle)
        // 1,000 banked with three dice left, and the bonus of 500.
        #expect(shown.label == "Take over 1,500 (3 dice)", "\(shown.label)")
        // At 390 px the button fits, on a row of its own: its label on one line, not wrapped into a narrow column.
        #expect(shown.box.right <= 390 && shown.box.width >= 150 && shown.box.height <= 64, "\(shown.box)")
        let solver = ExpectedScoreSolver(table: ScoringTable(rules: rules))
        let takeOver = solver.rollValue(turnPoints: 1_500, diceLeft: 3)
        let fresh = solver.expectedTurnScore
        #expect(
            shown.advice.contains(
                "Player 2: take over Player 1's bank (1,500 points with the bonus, 3 dice to roll) or roll 6 dice fresh"
            ),
            "\(shown.advice)")
        #expect(
            shown.advice.contains(
                "Taken over the turn is worth \(String(format: "%.1f", takeOver)), a fresh turn "
                    + "\(String(format: "%.1f", fresh)): \(takeOver > fresh ? "take it over" : "start fresh")."),
            "\(shown.advice)")
        #expect(shown.status.contains("turn 1,500, 3 dice to roll"), "\(shown.status)")
        // 1,550 banked with two dice left: 2,050 with the bonus.
        #expect(shown.offered == "Take over 2,050 (2 dice)", "\(shown.offered)")
        // FarkleKit replays the exported record to the same totals.
        let record = try GameRecord(json: Data(shown.record.utf8), source: "exported")
        #expect(record.actions.contains(.takeOver))
        let state = try record.replay()
        #expect(shown.totals == state.players.map(\.total) && shown.totals == [1_000, 1_550], "\(shown.totals)")
        let lines = shown.turns.split(separator: "\n")
        #expect(lines.count == 4 && lines[2].contains("take over 1500 / 2 3 5"), "\(shown.turns)")
    }

    @Test("a game survives closing the browser: the next visit goes on from where it stood, at 320 px")
    func reload() throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-companion-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let page = Self.page(.zilch)
        let first = try Self.play(page, players: 2, seed: 11, width: 320, profile: profile, maximumTaps: 60)
        let context = Comment(rawValue: "zilch, reloaded after 60 taps")
        let middle = try GameRecord(json: Data(first.record.utf8), source: "first").replay()
        #expect(middle.result == nil, context)
        #expect(first.widest <= 320, "\(context.rawValue): \(first.widestNode ?? "") sticks out of a 320 px phone")
        let second = try Self.play(page, players: 2, seed: 12, width: 320, profile: profile)
        let final = try Self.check(second, rules: .zilch, players: 2, context)
        // The second visit's record begins with the first one's actions.
        let before = try GameRecord(json: Data(first.record.utf8), source: "first").actions
        let after = try GameRecord(json: Data(second.record.utf8), source: "second").actions
        #expect(before.count > 0 && Array(after.prefix(before.count)) == before, context)
        #expect(final.result != nil, context)
    }

    /// Taps through one game (or `MAXTAPS` taps) and copies what the page shows into `#results`.
    private static let driver = #"""
        (() => {
          // Headless Chromium's window is at least 500 px wide: the page is laid out at a phone's width instead
          // (its style has no media query on the width), and nothing may stick out of it.
          document.documentElement.style.width = "WIDTHpx";
          let seed = SEED >>> 0;
          const random = () => {
            seed = (seed + 0x6D2B79F5) >>> 0;
            let t = seed;
            t = Math.imul(t ^ (t >>> 15), t | 1);
            t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
            return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
          };
          const $ = (id) => document.getElementById(id);
          const log = { taps: 0, undos: 0, keptWithoutRoll: 0, keptByCombination: 0, refused: [], verdictBottoms: [],
            widest: 0 };
          const tap = (node) => { node.click(); log.taps += 1; };
          const rows = () => [...document.querySelectorAll("#scoreboard tr[data-seat]")].map((row) => ({
            total: Number(row.dataset.total), cells: [...row.cells].map((cell) => cell.textContent) }));
          const over = () => /won the game|tied\./.test($("status").textContent);
          // The right edge of everything shown, outside the tables' own scrolling boxes.
          const widest = () => {
            for (const node of document.querySelectorAll("body *")) {
              if (node.closest(".keeps") && !node.classList.contains("keeps")) continue;
              const box = node.getBoundingClientRect();
              if (box.width > 0 && box.right > log.widest) {
                log.widest = box.right;
                log.widestNode = node.tagName + "#" + node.id + "." + node.className + " " + node.textContent.slice(0, 40);
              }
            }
          };
          if (!$("setup").hidden) {
            while ($("names").children.length < PLAYERS) tap($("add-player"));
            while ($("names").children.length > PLAYERS) tap($("remove-player"));
            [...$("names").querySelectorAll("input")].forEach((input, seat) => { input.value = "P" + (seat + 1); });
            widest();
            tap($("start"));
          }
          while (log.taps < MAXTAPS && !over()) {
            if (random() < 0.03 && !$("undo").disabled) {
              tap($("undo"));
              log.undos += 1;
              if (random() < 0.7) tap($("redo"));
              continue;
            }
            const keeps = [...document.querySelectorAll("#answer tr[data-keep]")];
            if ($("pad").hidden) {
              // A roll waits: the best keep mostly, any keep sometimes.
              const row = random() < 0.7 ? keeps[0] : keeps[Math.floor(random() * keeps.length)];
              if (!row) { log.refused.push("a roll waits with no keep to tap: " + $("status").textContent); break; }
              tap(row);
              continue;
            }
            if (!$("bank").disabled && random() < 0.45) { tap($("bank")); continue; }
            if (!$("farkle").disabled && random() < 0.03) { tap($("farkle")); continue; }
            const left = Number(($("status").textContent.match(/(\d) dic?e? to roll/) || [])[1] || 0);
            if (left === 0) { log.refused.push("no dice to roll: " + $("status").textContent); break; }
            if (random() < 0.08) {
              // A keep entered by its combinations: one of those that fit, then Keep where it scores as one keep.
              if (!$("combos").open) tap($("combos").querySelector("summary"));
              const fits = [...$("combo-pad").querySelectorAll("[data-combo]")].filter((button) => !button.disabled);
              if (fits.length > 0) tap(fits[Math.floor(random() * fits.length)]);
              widest();
              if (!$("combo-keep").disabled) {
                tap($("combo-keep"));
                log.keptByCombination += 1;
              } else {
                tap($("combo-clear"));
              }
              continue;
            }
            if (left > 1 && random() < 0.1) {
              // A keep entered without its roll: a single 1.
              tap(document.querySelector('[data-face="1"]'));
              tap($("keep-these"));
              log.keptWithoutRoll += 1;
              continue;
            }
            for (let die = 0; die < left; die++) tap(document.querySelector('[data-face="' + (1 + Math.floor(random() * 6)) + '"]'));
            if ($("pad").hidden) {
              const verdict = document.querySelector("#advice .verdict");
              if (verdict) log.verdictBottoms.push(verdict.getBoundingClientRect().bottom + window.scrollY);
              widest();
            }
            if ($("status").textContent.includes("Not allowed")) log.refused.push($("status").textContent);
          }
          log.status = $("status").textContent;
          log.rows = rows();
          log.record = decodeURIComponent($("export").href.replace(/^data:application\/json;charset=utf-8,/, ""));
          log.turns = decodeURIComponent($("export-turns").href.replace(/^data:text\/csv;charset=utf-8,/, ""));
          log.plays = [...document.querySelectorAll("#play-stats tr[data-seat]")].map((row) => ({
            decisions: Number(row.dataset.decisions), best: Number(row.dataset.best), lost: Number(row.dataset.lost),
            luck: Number(row.dataset.luck), winLost: row.dataset.winLost === "null" ? null : Number(row.dataset.winLost) }));
          widest();
          const final = { status: log.status, rows: log.rows };
          while (!$("undo").disabled) tap($("undo"));
          log.afterUndoAll = rows();
          log.statusAfterUndoAll = $("status").textContent;
          while (!$("redo").disabled) tap($("redo"));
          log.afterRedoAll = rows();
          log.statusAfterRedoAll = $("status").textContent;
          if (log.statusAfterRedoAll !== final.status) log.refused.push("redo ended elsewhere: " + log.statusAfterRedoAll);
          const out = document.createElement("script");
          out.type = "application/json";
          out.id = "results";
          out.textContent = JSON.stringify(log).replace(/</g, "\\u003c");
          document.body.append(out);
        })();
        """#
}

/// The installable app served over HTTP: its service worker keeps the files, and the app opens with the server
/// gone. Chromium is driven through `Tests/Fixtures/browser/cdp.py`, which waits for the page's promises (the
/// worker's install), as `--dump-dom` does not.
@Suite("the installable companion, served and then offline", .enabled(if: Chromium.path != nil, Chromium.missing))
struct CompanionAppTests {
    /// The helper that evaluates an expression in a page loaded in Chromium.
    static let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/browser/cdp.py").path

    /// Whether something listens on `port` of 127.0.0.1.
    static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Loads `url` with `profile` and returns the JSON value of `expression` evaluated there.
    static func evaluate(_ expression: String, at url: String, profile: URL) throws -> Any {
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", helper, Chromium.path ?? "chromium", url, profile.path, expression])
        guard result.exitStatus == 0 else {
            throw BrowserError(description: "cdp.py exited \(result.exitStatus): \(result.standardError)")
        }
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8), options: .fragmentsAllowed)
    }

    @Test("report's app/ folder: served, its worker keeps every file; with the server stopped, the app still opens")
    func offline() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "farkle-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = directory.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let page = AdvisorPage(solver: ExpectedScoreSolver(rules: try RuleSet.load(fixtureRules("ones-race.json"))))
        let documents = ReportDocument.advisorApp(page)
        #expect(
            documents.map(\.fileName) == ["app/index.html", "app/manifest.webmanifest", "app/sw.js", "app/icon.svg"])
        #expect(documents.map(\.isListed) == [true, false, false, false], "the index links the app's page only")
        for document in documents {
            try Data(document.contents.utf8).write(to: directory.appendingPathComponent(document.fileName))
        }
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(documents[1].contents.utf8)) as? [String: Any])
        #expect(manifest["start_url"] as? String == "./index.html" && manifest["display"] as? String == "standalone")
        #expect((manifest["name"] as? String)?.hasSuffix("ones-race") == true)

        let port = 20_000 + Int.random(in: 0..<20_000)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = [
            "python3", "-u", "-m", "http.server", "\(port)", "--bind", "127.0.0.1", "--directory", app.path,
        ]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        // Up once its port takes a connection (at most 10 s).
        var up = false
        for _ in 0..<100 where !up && server.isRunning {
            up = Self.accepts(port: port)
            if !up { Thread.sleep(forTimeInterval: 0.1) }
        }
        try #require(up, "the test's web server did not start")
        let profile = directory.appendingPathComponent("profile")
        let url = "http://127.0.0.1:\(port)/index.html"
        let kept = try Self.evaluate(
            """
            (async () => {
              await navigator.serviceWorker.ready;
              const kept = [];
              for (const name of await caches.keys()) {
                for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
              }
              return kept;
            })()
            """, at: url, profile: profile)
        #expect(Set(kept as? [String] ?? []) == ["/", "/index.html", "/manifest.webmanifest", "/icon.svg"], "\(kept)")
        // SIGKILL: a child of the test process inherits its blocked signals, SIGTERM among them.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        let offline = try #require(
            try Self.evaluate(
                """
                ({ controlled: navigator.serviceWorker.controller !== null,
                   rules: document.getElementById("rules-name").textContent,
                   start: !document.getElementById("start").closest("[hidden]") })
                """, at: url, profile: profile) as? [String: Any])
        #expect(offline["controlled"] as? Bool == true, "the page came from the service worker")
        #expect(offline["rules"] as? String == "ones-race" && offline["start"] as? Bool == true, "it runs offline")
    }
}
