import FarkleKit
import Foundation
import Testing

@testable import FarkleReports

@Suite("Report documents")
struct ReportDocumentTests {
    @Test("the scoring table CSV has a row per distinct roll with the rules' worked cases")
    func scoringTable() throws {
        let document = ReportDocument.scoringTable(ScoringTable(rules: .standard))
        let lines = document.contents.split(separator: "\n").map(String.init)
        #expect(lines.first == "roll,best_1,best_2,best_3,best_4,best_5,best_6")
        // C(n + 5, 5) multisets of n dice, n = 1...6: 6 + 21 + 56 + 126 + 252 + 462.
        #expect(lines.count == 1 + 923)
        let rows = Dictionary(lines.map { ($0.prefix { $0 != "," }, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(rows["1111"] == "1111,100,200,1000,2000,,")
        #expect(rows["11155"] == "11155,100,200,1000,1050,1250,")
        #expect(rows["233466"] == "233466,0,0,0,0,0,0")
        // Two triplets 2500; five of them at best 3 3 3 2 2 = 550; no keep of exactly 4 dice.
        #expect(rows["222333"] == "222333,0,0,300,0,550,2500")
        #expect(rows["123456"] == "123456,100,150,0,0,1500,1600")
    }

    @Test("the odds report gives the single-die odds of the rules: only a 1 or a 5 scores")
    func odds() throws {
        let documents = ReportDocument.scoringOdds(ScoringOdds(table: ScoringTable(rules: .standard)))
        #expect(documents.map(\.fileName) == ["scoring-odds.md", "scoring-odds.csv"])
        let lines = documents[1].contents.split(separator: "\n")
        #expect(lines.first == "dice,rolls,farkles,p_farkle,mean_max_score")
        // One die: 4 of 6 faces farkle; the mean best score is (100 + 50) / 6 = 25.
        #expect(lines[1] == "1,6,4,\(4.0 / 6.0),25.0")
        #expect(lines.count == 7)
        #expect(documents[0].contents.contains("| dice | rolls | farkles |"))
    }

    @Test("the validation summary counts every ordered roll and reports agreement")
    func validation() {
        let document = ReportDocument.validationSummary(ScoringValidator(rules: .standard).validate())
        #expect(document.fileName == "validation.md")
        // 6 + 36 + 216 + 1296 + 7776 + 46656 ordered rolls.
        #expect(document.contents.contains("|  all |         55986 |             0 |"))
        #expect(document.contents.hasSuffix("All 55986 rolls agree.\n"))
    }

    @Test("the index links every document with its summary, under the rule set's name")
    func index() {
        let documents = [
            ReportDocument(fileName: "a.md", title: "A", summary: "Read A first.", contents: ""),
            ReportDocument(fileName: "b.svg", title: "B", summary: "B is a picture.", contents: ""),
        ]
        let index = ReportDocument.index(rules: .standard, documents: documents, findings: ["Bank at 300."])
        #expect(index.fileName == "README.md")
        #expect(index.contents.hasPrefix("# Farkle reports: rule set `standard`\n"))
        #expect(index.contents.contains("- [A](a.md): Read A first.\n- [B](b.svg): B is a picture.\n"))
        #expect(index.contents.contains("## Headline findings\n\n- Bank at 300.\n"))
    }

    @Test("the builder writes every document it computes, telling each long step as it goes")
    func builderWrites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("farkle-builder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A short race: the strategy tables are exact odds over every pair of totals, slow in a debug build at 10,000.
        var rules = RuleSet.standard
        rules.game.end = .target(300, finalRound: true)
        let told = Locked((solve: [Double](), steps: [(step: String, fraction: Double)]()))
        var builder = ReportBuilder(rules: rules, games: 40, seed: 7, playsToWin: true)
        builder.solveProgress = { fraction in told.withLock { $0.solve.append(fraction) } }
        builder.stepProgress = { step, fraction in told.withLock { $0.steps.append((step, fraction)) } }
        let written = try builder.write(to: directory)
        // The installable app's files go into the folder app/.
        let files =
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "app" }
            + FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("app").path)
            .map { "app/" + $0 }
        #expect(Set(files) == Set(written.map(\.fileName)))
        #expect(written.last?.fileName == "README.md")
        #expect(files.contains("larger-tables.md") && files.contains("win-decisions.csv"))
        // The solve's progress ends (solved, or read from a cache), then the other long steps are told.
        let (solve, steps) = told.withLock { ($0.solve, $0.steps) }
        #expect(solve.last == 1)
        // The steps in the order the builder takes them, each from 0, never back, never past 1.
        var names: [String] = []
        for (step, _) in steps where names.last != step { names.append(step) }
        #expect(
            names == [
                "the exact odds of three ev players", "the play to win at larger tables, tabulated",
                "the decisions to win at every pair of totals", "the games at tables of 3 to 8",
            ])
        for name in names {
            let fractions = steps.filter { $0.step == name }.map(\.fraction)
            #expect(fractions.first == 0 && fractions == fractions.sorted() && (fractions.last ?? 2) <= 1, "\(name)")
        }
        // One count per seating: every seat on `ev`, then `win` in each seat, at tables of 3, 4, 5, 6 and 8.
        #expect(steps.filter { $0.step == "the games at tables of 3 to 8" }.count == 31)
    }
}
