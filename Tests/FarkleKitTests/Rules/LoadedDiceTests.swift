import Foundation
import Testing

@testable import FarkleKit

@Suite("Loaded dice: the catalog, user catalogs and dice sets")
struct LoadedDiceTests {
    @Test("the catalog has the KCD II dice with the community's weights, and the alternatives noted")
    func weights() throws {
        let catalog = LoadedDiceCatalog.builtIn
        #expect(catalog.dice.count == 37)
        #expect(catalog["heavenly-kingdom"]?.weights == [7, 2, 2, 2, 2, 4])
        #expect(catalog["odd"]?.weights == [8, 2, 8, 2, 8, 2])
        #expect(catalog["pie"]?.weights == [6, 1, 3, 3, 0, 0])
        #expect(catalog["weighted"]?.weights == [10, 1, 1, 1, 1, 1])
        #expect(catalog["kings"]?.weights == [4, 6, 7, 8, 4, 3])
        for name in ["ci", "lu", "fer"] {
            #expect(catalog[name]?.weights == [3, 3, 3, 3, 3, 6])
            #expect(catalog[name]?.alternativeWeights == [3, 3, 3, 3, 3, 8])
        }
        #expect(catalog["holy-trinity"]?.alternativeWeights == [4, 5, 10, 1, 1, 1])
        #expect(catalog["painted"]?.alternativeWeights == [3, 1, 1, 1, 7, 3])
        #expect(catalog["odd"]?.alternativeWeights == nil)
        for name in ["hugos", "molar", "premolar", "st-stephens", "wisdom-tooth", "ordinary"] {
            #expect(catalog[name]?.isFair == true, "\(name)")
        }
        #expect(catalog["devils-head"] == nil)
    }

    @Test("a user catalog adds dice and replaces those of the same name; bad files say what is wrong")
    func userCatalog() throws {
        let user = try LoadedDiceCatalog(
            json: Data(
                #"{"dice": [{"name": "odd", "weights": [9, 1, 9, 1, 9, 1]}, {"name": "mine", "weights": [1, 1, 1, 1, 1, 5]}]}"#
                    .utf8),
            source: "mine.json")
        let catalog = LoadedDiceCatalog.builtIn.extended(with: user)
        #expect(catalog["odd"]?.weights == [9, 1, 9, 1, 9, 1])
        #expect(catalog["mine"]?.source == "user catalog")
        #expect(catalog.dice.count == 38)
        let bad: [(String, String)] = [
            (#"{"dice": [{"name": "x", "weights": [1, 1, 1]}]}"#, "'weights' must be six whole numbers"),
            (#"{"dice": [{"name": "x", "weights": [0, 0, 0, 0, 0, 0]}]}"#, "'weights' must be six whole numbers"),
            (#"{"dice": [{"name": "x", "weights": [1, 1, 1, 1, 1, 1], "colour": 1}]}"#, "'colour' is not a key"),
            (#"{"dice": [{"name": "x", "weights": [1,1,1,1,1,1]}, {"name": "x", "weights": [1,1,1,1,1,1]}]}"#, "twice"),
            (#"{"dice": []"#, "mine.json: "),
            (#"[]"#, "must be an object"),
            (
                #"{"dice": [{"name": "z", "weights": [2, 1, 1, 1, 1, 1]}], "x": 1}"#,
                "'x' is not a key of a dice catalog"
            ),
            (#"{"die": []}"#, #"must be an object {"dice": [...]}"#),
        ]
        for (text, message) in bad {
            #expect(throws: DiceSetError.self) { try LoadedDiceCatalog(json: Data(text.utf8), source: "mine.json") }
            do {
                _ = try LoadedDiceCatalog(json: Data(text.utf8), source: "mine.json")
            } catch {
                #expect(error.description.contains(message), "\(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test("a set names its dice with counts; the rest are ordinary; equal weights are one kind")
    func sets() throws {
        let set = try DiceSet(parsing: "heavenly-kingdom:2,odd")
        #expect(set.description == "heavenly-kingdom:2,odd:1,ordinary:3")
        #expect(set.kinds.map(\.count) == [2, 1, 3])
        #expect(!set.isOrdinary)
        let plain = try DiceSet(parsing: "hugos:2,molar:1")
        #expect(plain.kinds.count == 1 && plain.kinds[0].count == 6)
        #expect(plain.isOrdinary)
        // ci and lu roll alike: one kind of two dice.
        #expect(try DiceSet(parsing: "ci,lu").kinds.map(\.count) == [2, 4])
        for bad in ["nosuch:1", "odd:7", "odd:0", "odd:x", "odd:2,odd:1", "odd:4,even:3", "", "odd:1:2"] {
            #expect(throws: DiceSetError.self, "\(bad)") { try DiceSet(parsing: bad) }
        }
    }
}

@Suite("Loaded dice: files and chances")
struct LoadedDieFileTests {
    @Test("a catalog file loads by path; a missing file or an empty path is one line")
    func files() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("mine.json")
        try Data(
            #"{"dice": [{"name": "x", "weights": [1, 2, 3, 4, 5, 6], "source": "me", "alternative_weights": [1, 1, 1, 1, 1, 2]}]}"#
                .utf8
        ).write(to: file)
        let catalog = try LoadedDiceCatalog.load(path: file.path)
        let die = try #require(catalog["x"])
        #expect(die.source == "me" && die.alternativeWeights == [1, 1, 1, 1, 1, 2])
        #expect(die.totalWeight == 21 && die.probability(of: 6) == 6.0 / 21)
        #expect(!die.isFair)
        #expect(throws: DiceSetError("the dice catalog is an empty path")) { try LoadedDiceCatalog.load(path: "") }
        #expect(throws: DiceSetError.self) {
            try LoadedDiceCatalog.load(path: directory.appendingPathComponent("no").path)
        }
        #expect(LoadedDie(name: "y", weights: [2, 2, 2, 2, 2, 2], source: "").reducedWeights == [1, 1, 1, 1, 1, 1])
    }
}
