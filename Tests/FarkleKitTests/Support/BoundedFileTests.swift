import Foundation
import Testing

@testable import FarkleKit

@Suite("Input files are read to a bound, never waited on")
struct BoundedFileTests {
    @Test("a file is read whole below the bound, and one byte past it above")
    func bound() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 7, count: 1_000).write(to: url)
        #expect(BoundedFile.read(atPath: url.path, upTo: 5_000)?.count == 1_000)
        #expect(BoundedFile.read(atPath: url.path, upTo: 100)?.count == 101)
        #expect(BoundedFile.read(atPath: url.path + ".missing", upTo: 100) == nil)
        #expect(BoundedFile.read(atPath: FileManager.default.temporaryDirectory.path, upTo: 100) == nil)
    }

    @Test("a FIFO no one writes to reads as empty at once; a rule file that is one is refused")
    func fifo() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(mkfifo(url.path, 0o600) == 0)
        #expect(BoundedFile.read(atPath: url.path, upTo: 100)?.isEmpty == true)
        #expect(throws: RuleSetError.self) { try RuleSet.load(url.path) }
    }
}
