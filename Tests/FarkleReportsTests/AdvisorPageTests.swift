import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit
@testable import FarkleReports

@Suite("The advisor page")
struct AdvisorPageTests {
    /// The embedded data of `page`, parsed from the page itself.
    private func embeddedData(_ page: AdvisorPage) throws -> [String: Any] {
        let html = page.html
        let opening = "<script type=\"application/json\" id=\"advisor-data\">"
        let start = try #require(html.range(of: opening))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let text = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
    }

    /// One turn table of the data, decoded with `JSONDecoder` (which reads numbers exactly, where
    /// `JSONSerialization` may not round to the nearest `Double`).
    private struct TurnTable: Decodable {
        var roll: [[Double]]
        var decisions: [String]
        var tail: [String: [[Double]]]
    }

    private struct Tables: Decodable {
        var points: [TurnTable]
    }

    private func turnTables(_ page: AdvisorPage) throws -> [TurnTable] {
        try JSONDecoder().decode(Tables.self, from: Data(page.data.utf8)).points
    }

    @Test("every preset's page is one file under 3 MB that loads nothing from elsewhere")
    func selfContained() throws {
        for preset in RulePreset.all {
            let html = AdvisorPage(solver: ExpectedScoreSolver(rules: preset.rules)).html
            #expect(html.utf8.count < 3_000_000, "\(preset.name): \(html.utf8.count) bytes")
            for reference in [
                "http:", "https:", "src=", "href=", "<link", "@import", "url(", "fetch(", "XMLHttpRequest",
            ] {
                #expect(!html.contains(reference), "\(preset.name) has no \(reference)")
            }
            #expect(
                html.components(separatedBy: "<script").count == 7,
                "the data, FarkleKit's WebAssembly module and the four scripts, inline")
        }
    }

    @Test("the data holds the solver's R values, decisions and tail lines at full precision")
    func turnTable() throws {
        for rules in [RuleSet.standard, .zilch] {
            let solver = ExpectedScoreSolver(rules: rules)
            let page = AdvisorPage(solver: solver)
            #expect(try embeddedData(page)["format"] as? String == "farkle-advisor 9")
            #expect(try embeddedData(page)["win"] is NSNull, "no win member without a win solver")
            // The farkle chance the table companion shows for each number of dice: every roll counted.
            let chances = try #require(
                (try embeddedData(page)["rules"] as? [String: Any])?["farkle_chance"] as? [Double])
            let table = ScoringTable(rules: rules)
            for dice in 1...6 {
                let rolls = DiceCatalog.shared.multisets[dice].reduce(0) { count, roll in
                    count + (table.isFarkle(roll) ? DiceCatalog.orderedRollCount(of: roll) : 0)
                }
                // (JSONSerialization may read the last bit differently.)
                #expect(abs(chances[dice - 1] - Double(rolls) / pow(6, Double(dice))) < 1e-15, "\(rules.name) \(dice)")
            }
            let tables = try turnTables(page)
            #expect(tables.count == 1)
            let roll = tables[0].roll
            let decisions = tables[0].decisions
            let step = solver.table.scoreStep
            for dice in 1...6 {
                #expect(roll[dice - 1].count == solver.tabulatedPoints / step + 1)
                for (level, code) in zip(roll[dice - 1].indices, decisions[dice - 1]) {
                    let points = level * step
                    #expect(roll[dice - 1][level] == solver.rollValue(turnPoints: points, diceLeft: dice))
                    let decision = solver.decision(turnPoints: points, diceLeft: dice)
                    #expect(["b": BankDecision.bank, "r": .roll, "m": .mustRoll][code] == decision)
                    // V is t where the decision banks, else R: the solver's own definition.
                    let value = code == "b" ? Double(points) : roll[dice - 1][level]
                    #expect(value == solver.value(turnPoints: points, diceLeft: dice))
                }
            }
            let tail = tables[0].tail
            let beyond = solver.tabulatedPoints + 7 * step
            for dice in 1...6 {
                let value = solver.tailLine(diceLeft: dice)
                let rolling = solver.rollTailLine(diceLeft: dice)
                #expect(tail["value"]?[dice - 1] == [value.slope, value.intercept])
                #expect(tail["roll"]?[dice - 1] == [rolling.slope, rolling.intercept])
                // The same two Double operations the page does give the solver's value above the table.
                #expect(
                    value.slope * Double(beyond) + value.intercept == solver.value(turnPoints: beyond, diceLeft: dice))
                #expect(
                    rolling.slope * Double(beyond) + rolling.intercept
                        == solver.rollValue(turnPoints: beyond, diceLeft: dice))
            }
        }
    }

    @Test("the data lists every roll's keeps in the scoring table's order, with the dice left after each")
    func keeps() throws {
        let table = ScoringTable(rules: .facebook)
        let data = try embeddedData(AdvisorPage(solver: ExpectedScoreSolver(table: table)))
        let keeps = try #require(data["keeps"] as? [String: [[Any]]])
        #expect(keeps.count == 923, "every roll of one to six dice")
        #expect(keeps["1"]?.map { $0.map { "\($0)" } } == [["1", "100", "6"]], "a single 1 is hot dice")
        #expect(keeps["2346"]?.isEmpty == true, "a farkle has no keep")
        for dice in 1...6 {
            for roll in DiceCatalog.shared.multisets[dice] {
                let listed = try #require(keeps["\(roll)"])
                let expected = table.keeps(for: roll).map {
                    ["\($0.dice)", "\($0.score)", "\($0.diceUsed == dice ? 6 : dice - $0.diceUsed)"]
                }
                #expect(listed.map { $0.map { "\($0)" } } == expected, "\(roll)")
            }
        }
    }

    @Test("the rules' words and limits: standard's banking, hot dice and six-dice farkle")
    func rules() throws {
        let data = try embeddedData(AdvisorPage(solver: ExpectedScoreSolver(rules: .standard)))
        let rules = try #require(data["rules"] as? [String: Any])
        #expect(rules["name"] as? String == "standard")
        #expect(rules["score_step"] as? Int == 50)
        #expect(rules["banking_dice_left"] as? [Int] == [1, 2])
        #expect(rules["hot_dice_mandatory"] as? Bool == true)
        let farkle = try #require(rules["six_dice_farkle"] as? [String: Any])
        #expect(farkle["opening"] as? Int == 500)
        #expect(farkle["later"] is NSNull)
        #expect(rules["target"] as? Int == 10_000)
    }

    @Test(
        "after keeping k of n rolled dice the page's rules say: n - k dice left, or on hot dice all again plus the bonus",
        arguments: [(6, 0), (5, 500), (3, 1000)])
    func afterKeeping(dice: Int, bonus: Int) throws {
        var rules = RuleSet.standard
        rules.turn.dice = dice
        rules.turn.hotDiceBonus = bonus
        let data = try embeddedData(AdvisorPage(solver: ExpectedScoreSolver(rules: rules)))
        let listed = try #require((data["rules"] as? [String: Any])?["after_keeping"] as? [[[Int]]])
        // What the Rules article says of a keep: the dice not kept are rolled on; a keep of every die rolled is hot
        // dice, which gives back all the game's dice and adds the bonus.
        let expected = (1...dice).map { rolled in
            (1...rolled).map { kept in kept == rolled ? [dice, bonus] : [rolled - kept, 0] }
        }
        #expect(listed == expected)
    }

    /// The `new_player` and `capped` members, decoded exactly.
    private struct TotalsData: Decodable {
        struct Capped: Decodable {
            struct Above: Decodable {
                var value: [Double]
                var roll: [Double]
                var decisions: String
            }

            var total: Int
            var cap: Int
            var leastBank: Int
            var roll: [String]
            var decisions: [String]
            var above: Above
        }

        struct Table: Decodable {
            var leastBank: Int
            var roll: [[Double]]
            var decisions: [String]
        }

        var points: [Table]
        var newPlayer: Table?
        var capped: [Capped]?
    }

    private func totalsData(_ page: AdvisorPage) throws -> TotalsData {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(TotalsData.self, from: Data(page.data.utf8))
    }

    /// Little-endian IEEE 754 doubles from base64 text, as the page reads them.
    private func doubles(_ text: String) throws -> [Double] {
        let bytes = [UInt8](try #require(Data(base64Encoded: text)))
        return stride(from: 0, to: bytes.count, by: 8).map { start in
            Double(bitPattern: bytes[start..<start + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) })
        }
    }

    @Test("an entry minimum above the minimum bank adds the turn of a player not on the board (boxed: from 500)")
    func newPlayerTable() throws {
        let table = ScoringTable(rules: .boxed)
        let data = try totalsData(AdvisorPage(solver: ExpectedScoreSolver(table: table)))
        let newPlayer = try #require(data.newPlayer)
        #expect(data.points[0].leastBank == 0)
        #expect(newPlayer.leastBank == 500)
        let solver = ExpectedScoreSolver(table: table, hasEntered: false)
        for dice in 1...6 {
            for (level, value) in newPlayer.roll[dice - 1].enumerated() {
                #expect(value == solver.rollValue(turnPoints: level * 50, diceLeft: dice))
            }
            // Below 500 the rules forbid a first bank: never a "b" there.
            #expect(!newPlayer.decisions[dice - 1].prefix(10).contains("b"), "\(dice)")
        }
        for rules in [RuleSet.standard, .kcd, .cardgames] {
            #expect(try totalsData(AdvisorPage(solver: ExpectedScoreSolver(rules: rules))).newPlayer == nil)
        }
    }

    @Test("a race won at once at the target has, for every own total, CappedScoreSolver's values exactly")
    func cappedTables() throws {
        let rules = RuleSet.kcd
        let outcomes = DiceSetOutcomes(table: ScoringTable(rules: rules), set: .ordinary)
        let data = try totalsData(AdvisorPage(solver: ExpectedScoreSolver(rules: rules)))
        let capped = try #require(data.capped)
        #expect(capped.map(\.total) == Array(stride(from: 0, to: 4000, by: 50)))
        for entry in capped where [0, 50, 1950, 3850, 3950].contains(entry.total) {
            let solver = CappedScoreSolver(outcomes: outcomes, cap: 4000 - entry.total)
            #expect(entry.cap == 4000 - entry.total)
            #expect(entry.leastBank == 0)
            for dice in 1...6 {
                let rows = try doubles(entry.roll[dice - 1])
                #expect(rows.count == entry.cap / 50, "rows up to the cap")
                #expect(entry.decisions[dice - 1].count == rows.count)
                for (level, (value, code)) in zip(rows, entry.decisions[dice - 1]).enumerated() {
                    let points = level * 50
                    #expect(value == solver.rollValue(turnPoints: points, state: dice))
                    #expect((code == "b") == solver.shouldBank(turnPoints: points, state: dice))
                    let shown = code == "b" ? Double(points) : value
                    #expect(shown == solver.value(turnPoints: points, state: dice), "V is t where it banks, else R")
                }
                // From the end of the rows on nothing changes with the turn points.
                for points in stride(from: rows.count * 50, through: rows.count * 50 + 500, by: 50) {
                    // The keep's value as CappedScoreSolver.advice gives it: the better of banking and rolling.
                    let best = max(
                        solver.bankValue(turnPoints: points, state: dice) ?? -.infinity,
                        solver.rollValue(turnPoints: points, state: dice))
                    #expect(entry.above.value[dice - 1] == best)
                    #expect(abs(entry.above.value[dice - 1] - solver.value(turnPoints: points, state: dice)) < 1e-9)
                    #expect(entry.above.roll[dice - 1] == solver.rollValue(turnPoints: points, state: dice))
                    let code = entry.above.decisions[
                        entry.above.decisions.index(entry.above.decisions.startIndex, offsetBy: dice - 1)]
                    #expect((code == "b") == solver.shouldBank(turnPoints: points, state: dice))
                }
            }
        }
        // Not a race won at once: no capped tables.
        for rules in [RuleSet.standard, .boxed, .farkleten, .zilch] {
            #expect(try totalsData(AdvisorPage(solver: ExpectedScoreSolver(rules: rules))).capped == nil)
        }
    }

    @Test("a rule set named with markup cannot end the data's script element")
    func escapesMarkup() throws {
        var rules = RuleSet.standard
        rules.name = "x</script><script>alert(1)</script>"
        let page = AdvisorPage(solver: ExpectedScoreSolver(rules: rules))
        #expect(!page.data.contains("<"))
        let data = try embeddedData(page)
        #expect((data["rules"] as? [String: Any])?["name"] as? String == rules.name)
    }

    @Test("one turn table per farkle count when the page is given one")
    func tablesPerFarkleCount() throws {
        let table = ScoringTable(rules: .zilch)
        let solvers = [ExpectedScoreSolver(table: table), ExpectedScoreSolver(table: table, tabulatedPoints: 20_000)]
        let tables = try turnTables(AdvisorPage(turnSolvers: solvers))
        #expect(tables.count == 2)
        #expect(tables[1].roll.first?.count == 20_000 / table.scoreStep + 1)
    }

    @Test("under a three-farkle penalty: the turn table of each farkle count, a farkle worth what it costs later")
    func penaltyTables() throws {
        let penalty = LongRunAverageSolver(rules: .zilch)
        let page = AdvisorPage(penaltySolver: penalty)
        let tables = try turnTables(page)
        #expect(tables.count == 3)
        for (count, table) in tables.enumerated() {
            let solver = penalty.turnSolver(farklesInARow: count)
            let step = solver.table.scoreStep
            for dice in 1...6 {
                #expect(table.roll[dice - 1].count == solver.tabulatedPoints / step + 1)
                for (level, value) in table.roll[dice - 1].enumerated() {
                    #expect(value == solver.rollValue(turnPoints: level * step, diceLeft: dice), "\(count) \(dice)")
                }
                let line = solver.rollTailLine(diceLeft: dice)
                #expect(table.tail["roll"]?[dice - 1] == [line.slope, line.intercept])
            }
        }
        // The nearer the penalty, the more a farkle costs, and the lower every value of rolling on.
        #expect(tables[0].roll[1][0] > tables[1].roll[1][0])
        #expect(tables[1].roll[1][0] > tables[2].roll[1][0])
        let document = ReportDocument.advisorPage(page)
        #expect(document.summary.contains("for the farkles in a row before the turn"))
    }

    /// The `win` member of the data, decoded exactly.
    private struct WinData: Decodable {
        struct LeastBank: Decodable {
            var entered: Int
            var new: Int
        }

        var target: Int
        var finalRound: Bool
        var leastBank: LeastBank
        var policy: String
    }

    private struct WithWin: Decodable {
        var win: WinData
    }

    @Test("with a win solver the data holds the solved game's policy file, which FarkleKit on the page reads back")
    func winData() throws {
        // Standard scoring without a final round; single 1s with one (its final round is short).
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rules")
        let ones = try RuleSet.load(fixtures.appendingPathComponent("ones-race.json").path)
        for (base, target, finalRound) in [(ones, 500, true), (RuleSet.standard, 1_000, false)] {
            var rules = base
            rules.name = "race-\(target)"
            rules.game = GameRules(target: target, finalRound: finalRound, entryMinimum: 300)
            let solver = try WinProbabilitySolver(rules: rules)
            let page = AdvisorPage(solver: ExpectedScoreSolver(rules: rules), winGame: solver)
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let win = try decoder.decode(WithWin.self, from: Data(page.data.utf8)).win
            #expect(win.target == target && win.finalRound == finalRound)
            #expect(win.leastBank.entered == solver.leastBank(hasEntered: true))
            #expect(win.leastBank.new == 300)
            // The page's rule file and policy file give back the solved game: every turn-start value, bit for bit.
            let ruleFile = try #require(embeddedData(page)["rule_file"])
            let pageRules = try RuleSet(
                json: JSONSerialization.data(withJSONObject: ruleFile), source: "the page's rule file")
            let bytes = try #require(Data(base64Encoded: win.policy))
            let read = try WinProbabilitySolver(pageBytes: [UInt8](bytes), rules: pageRules)
            let step = solver.table.scoreStep
            for mine in stride(from: 0, to: target, by: step) {
                for theirs in stride(from: 0, to: target, by: step) {
                    #expect(
                        read.value(mine: mine, theirs: theirs).bitPattern
                            == solver.value(mine: mine, theirs: theirs).bitPattern)
                }
            }
            if finalRound {
                #expect(read.finalRoundValue(deficit: 0) == solver.finalRoundValue(deficit: 0))
            }
        }
    }

    @Test("report lists the advisor in the index")
    func inTheIndex() {
        let index = ReportDocument.index(
            rules: .standard,
            documents: [ReportDocument.advisorPage(AdvisorPage(solver: ExpectedScoreSolver(rules: .standard)))])
        #expect(index.contents.contains("- [Advisor](advisor.html): Open in any browser, offline"))
    }
}
