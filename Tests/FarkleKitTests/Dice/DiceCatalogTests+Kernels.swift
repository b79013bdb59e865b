@_spi(Kernels) import FarkleKit
import Testing

/// The map from ordered rolls to catalog numbers that the simulator draws through: a kernel
/// (`@_spi(Kernels)`), not API an app calls, so it is tested apart from the app's view in `DiceCatalogTests`.
extension DiceCatalogTests {
    @Test("every ordered roll's number names the roll of its faces")
    func orderedRolls() {
        for dice in 1...6 {
            for ordered in stride(from: 0, to: DiceCatalog.orderedRollCounts[dice], by: 7) {
                let faces = Self.faces(ofOrderedRoll: ordered, dice: dice)
                let multiset = DiceCatalog.shared.multisetIndex(ofOrderedRoll: ordered, dice: dice)
                #expect(DiceCatalog.shared.roll(dice: dice, multiset: multiset) == DiceCounts(faces: faces))
            }
        }
    }
}
