import Foundation

// Catalog files on disk and as `Data`; the reading itself is `LoadedDiceCatalog.swift`'s, without Foundation.

extension LoadedDiceCatalog {
    /// Reads a catalog file.
    ///
    /// - Throws: `DiceSetError` naming the file and what is wrong (not JSON, a key that is not known, weights
    ///   that are not six whole numbers from 0 to 1000 with one positive, a name given twice).
    public init(json: Data, source: String) throws(DiceSetError) {
        try self.init(jsonBytes: [UInt8](json), source: source)
    }

    /// Loads a catalog file by path.
    ///
    /// - Throws: `DiceSetError` for a file that cannot be read or is not a catalog.
    package static func load(path: String) throws(DiceSetError) -> LoadedDiceCatalog {
        guard !path.isEmpty else { throw DiceSetError("the dice catalog is an empty path") }
        guard let data = BoundedFile.read(atPath: path, upTo: RuleSet.maximumFileSize) else {
            throw DiceSetError("\(path): cannot be read as a dice catalog")
        }
        let catalog = try LoadedDiceCatalog(json: data, source: path)
        // Every set fills up with the fair die under this name: a loaded die by it would stand beside the fair
        // one under the same name.
        if let position = catalog.dice.firstIndex(where: { $0.name == LoadedDie.ordinary.name }),
            Set(catalog.dice[position].weights).count != 1
        {
            throw DiceSetError(
                "\(path): dice[\(position)]: '\(LoadedDie.ordinary.name)' names the fair die; give this die another name"
            )
        }
        return catalog
    }
}
