import Foundation

/// Reads the files the package takes as input (rule files, dice catalogs, game records): at most a given number
/// of bytes, and never waiting on a FIFO that no one writes to.
///
/// `FileHandle(forReadingAtPath:)` opens a FIFO with no writer and blocks for ever. Here the file is opened
/// without blocking, then read as usual: a FIFO with no writer reads as empty (its end at once), which the parser
/// refuses as any empty file; a pipe with a writer (`--rules <(cat house.json)`) is read to its end.
package enum BoundedFile {
    /// The first `limit + 1` bytes of the file at `path` at most (one past the limit tells a file too large without
    /// reading all of it; a device such as /dev/zero has no size to ask for), or `nil` when it cannot be opened or
    /// read (a directory, a missing file, no permission).
    package static func read(atPath path: String, upTo limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // Blocking again once open: a pipe whose writer is slow is waited for, not taken as empty.
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { return nil }
        let wanted = limit + 1
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < wanted {
            let count = buffer.withUnsafeMutableBytes { bytes in
                Foundation.read(descriptor, bytes.baseAddress, min(bytes.count, wanted - data.count))
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}
