import Foundation
import Testing

@testable import FarkleKit
@testable import FarkleReports

/// The advisor pages shipped under `Reports/` are what `report --presets` writes today: a page changed in the
/// generator (its markup, style or scripts, or the data it embeds) fails here until the pages are written again.
@Suite("The pages shipped in Reports/")
struct ShippedPagesTests {
    /// `Reports/` at the top of the package.
    static let reports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reports")

    /// The data a shipped page embeds, between its data element's opening and closing tags.
    static func embeddedData(_ html: String) throws -> String {
        let opening = "<script type=\"application/json\" id=\"advisor-data\">\n"
        let start = try #require(html.range(of: opening))
        let end = try #require(html.range(of: "\n</script>", range: start.upperBound..<html.endIndex))
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// The members of a page's data but its solved game (`win`), which takes minutes to solve: they are the
    /// rules, the turn tables and the keeps, each parsed as JSON.
    static func membersButTheGame(_ data: String) throws -> NSDictionary {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        return object.filter { $0.key != "win" } as NSDictionary
    }

    @Test(
        "every preset's advisor.html is today's template around its data, whose members but the solved game are the generator's today, and its app is built from it",
        arguments: RulePreset.all.map(\.name))
    func current(preset: String) throws {
        let rules = try #require(RuleSet.presets[preset])
        let directory = Self.reports.appendingPathComponent(preset)
        let html = try String(contentsOf: directory.appendingPathComponent("advisor.html"), encoding: .utf8)
        let data = try Self.embeddedData(html)
        // The markup, the style and every script are the ones compiled in now.
        #expect(AdvisorTemplate.page(data: data) == html, "Reports/\(preset)/advisor.html: run report --presets")
        let today = AdvisorPage(table: ScoringTable(rules: rules)).data
        #expect(
            try Self.membersButTheGame(data) == Self.membersButTheGame(today),
            "Reports/\(preset)/advisor.html holds other data than today's: run report --presets")
        for (name, contents) in AdvisorTemplate.app(page: html, rules: rules.name) {
            let shipped = try String(
                contentsOf: directory.appendingPathComponent("app").appendingPathComponent(name), encoding: .utf8)
            #expect(shipped == contents, "Reports/\(preset)/app/\(name)")
        }
    }
}
