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

    @Test("the data names its format, and has no win member without a win solver")
    func format() throws {
        for rules in [RuleSet.standard, .zilch] {
            let page = AdvisorPage(solver: ExpectedScoreSolver(rules: rules))
            #expect(try embeddedData(page)["format"] as? String == "farkle-advisor 11")
            #expect(try embeddedData(page)["win"] is NSNull, "no win member without a win solver")
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
        "the data says what the points advice plays for, as the Rules article defines it: the long run under a penalty of points, the points toward the target of a race won at once"
    )
    func pointsObjective() throws {
        // zilch: three farkles cost 500 points; kcd: the first bank to reach 4,000 wins at once (so does a race of
        // standard scoring without a final round); standard, boxed: a final round; farkleten: rounds.
        var race = RuleSet.standard
        race.game.end = .target(10_000, finalRound: false)
        var wipeout = RuleSet.kcd
        wipeout.turn.threeFarklePenalty = .wholeTotal
        var penaltyRace = RuleSet.kcd
        penaltyRace.turn.threeFarklePenalty = .points(500)
        for (rules, longRun, towardTarget) in [
            (RuleSet.zilch, true, false), (.kcd, false, true), (race, false, true), (.standard, false, false),
            (.boxed, false, false), (.farkleten, false, false),
            // A penalty of the whole total has no long-run average: the race's points toward the target stay; a
            // penalty of points comes first.
            (wipeout, false, true), (penaltyRace, true, false),
        ] {
            let page = AdvisorPage(table: ScoringTable(rules: rules))
            let data = try embeddedData(page)
            #expect(data["long_run"] as? Bool == longRun, "\(rules.name)")
            #expect(data["toward_target"] as? Bool == towardTarget, "\(rules.name)")
        }
        let document = ReportDocument.advisorPage(AdvisorPage(penaltySolver: LongRunAverageSolver(rules: .zilch)))
        #expect(document.summary.contains("for the farkles in a row before the turn"))
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
