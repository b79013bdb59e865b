import Foundation
import Testing

@_spi(Kernels) @testable import FarkleKit

@Suite("DiceSetSearch: candidates counted before they are built")
struct DiceSetSearchCountTests {
    @Test("the count equals the sets built, for inventories of one to five types with various counts")
    func countMatchesBuilt() throws {
        let names = ["odd", "heavenly-kingdom", "lucky", "weighted", "even"]
        for (index, counts) in [[1], [6], [2, 3], [1, 1, 1], [2, 2, 2, 1], [6, 6, 6, 6, 6], [1, 4, 2, 6, 3]]
            .enumerated()
        {
            let inventory = try zip(names, counts).map { name, count in
                DiceSet.Member(die: try #require(LoadedDiceCatalog.builtIn[name]), count: count)
            }
            let search = DiceSetSearch(table: ScoringTable(rules: .kcd), target: 4000, inventory: inventory)
            #expect(search.candidateCount == search.candidates.count, "inventory \(index)")
        }
    }

    @Test("forty distinct die types: about 9.4 million candidates, counted at once and over the limit")
    func largeInventory() throws {
        var json = #"{"dice": ["#
        json += (0..<40).map { #"{"name": "d\#($0)", "weights": [\#($0 + 2), 1, 1, 1, 1, 1]}"# }.joined(separator: ", ")
        json += "]}"
        let catalog = try LoadedDiceCatalog(json: Data(json.utf8), source: "test")
        let search = DiceSetSearch(
            table: ScoringTable(rules: .kcd), target: 4000,
            inventory: catalog.dice.map { DiceSet.Member(die: $0, count: 6) })
        // With six of each of 40 types: the multisets of at most six dice from 40, C(46, 6).
        #expect(search.candidateCount == 9_366_819)
        #expect(search.candidateCount > DiceSetSearch.maximumCandidates)
    }
}
