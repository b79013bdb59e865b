import Foundation

// Policy files on disk: written whole or not at all, checked before they are read. The format itself, as bytes, is
// `WinPolicyFile.swift`'s, which builds without Foundation (`.ci/embedded`).

extension WinPolicyFile {
    /// Whether the file at `url` ends with the checksum of every byte before it, as every policy file does: false
    /// for a truncated or altered file, one larger than any policy file, or one that cannot be read.
    ///
    /// - Complexity: Reads the file once, a mebibyte at a time.
    package static func hasIntactChecksum(at url: URL) -> Bool {
        guard (try? checkSize(of: url)) != nil, let handle = FileHandle(forReadingAtPath: url.path) else {
            return false
        }
        defer { try? handle.close() }
        var hash: UInt64 = fnv1a([])
        // The last 8 bytes read, held back until more follow: they are the checksum only at the end.
        var held: [UInt8] = []
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            held += chunk
            if held.count > 8 {
                hash = fnv1a(held.dropLast(8), continuing: hash)
                held.removeFirst(held.count - 8)
            }
        }
        return held.count == 8 && hash == Reader.littleEndian(held[...])
    }

    // MARK: - Writing

    /// Writes `bytes` to `url` whole or not at all: into a hidden temporary file in the same directory,
    /// renamed over `url` once complete; on any failure the temporary file is removed.
    static func write(_ bytes: [UInt8], to url: URL) throws(WinPolicyError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw WinPolicyError(path: url.path, reason: "cannot create a file in '\(directory.path)'")
        }
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = systemWrite(
                    descriptor, buffer.baseAddress.unsafelyUnwrapped + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += result
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, url.path) != 0 { failure = "cannot replace the file" }
        if let failure {
            _ = unlink(temporary)
            throw WinPolicyError(path: url.path, reason: failure.lowercased())
        }
    }

    // MARK: - Reading

    /// The bytes of the file at `url`; a file that cannot be read is one `WinPolicyError`.
    static func contents(of url: URL) throws(WinPolicyError) -> [UInt8] {
        try checkSize(of: url)
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw WinPolicyError(path: url.path, reason: "cannot read the file")
        }
    }

    /// Checks, without reading the whole file, that `url` names a readable regular file of a policy file's
    /// size that starts as a policy file does (its magic and a format version this version reads); the rules
    /// it was solved for are checked when it is read.
    ///
    /// - Throws: `WinPolicyError` naming the path and what is wrong.
    package static func checkFile(at url: URL) throws(WinPolicyError) {
        try checkSize(of: url)
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw WinPolicyError(path: url.path, reason: "cannot read the file")
        }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: magic.count + 4)).map { Array($0) } ?? []
        guard start.count == magic.count + 4, Array(start.prefix(magic.count)) == magic else {
            throw WinPolicyError(path: url.path, reason: "not a win-policy file")
        }
        let version = Reader.littleEndian(start.suffix(4))
        guard versions.contains(UInt32(truncatingIfNeeded: version)) else {
            throw WinPolicyError(path: url.path, reason: unreadableVersion(version))
        }
    }

    /// Refuses what cannot be a policy file from its metadata alone: missing, not a regular file, or larger
    /// than any solve writes (before a byte of it is read).
    private static func checkSize(of url: URL) throws(WinPolicyError) {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw WinPolicyError(path: url.path, reason: "cannot read the file")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw WinPolicyError(path: url.path, reason: "not a regular file")
        }
        guard Int(info.st_size) <= maximumFileSize else {
            throw WinPolicyError(
                path: url.path,
                reason: "\(info.st_size) bytes, more than any policy file (at most \(maximumFileSize)): "
                    + "not a win-policy file")
        }
    }
}

/// `write(2)`, named apart from the methods called `write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

extension LoadedWinSolver {
    /// The solution stored in the policy file at `url`, for the dice of `outcomes` (two, player 0 first): the same
    /// values as the solve that wrote it, without solving the race again.
    ///
    /// - Throws: `WinPolicyError` when the file cannot be read, is not a policy file of a race between dice sets,
    ///   was written for other rules or other dice (the message says which), or is truncated or corrupt.
    package init(contentsOf url: URL, outcomes: [DiceSetOutcomes]) throws(WinPolicyError) {
        self = try WinPolicyFile.decodeDiceSets(WinPolicyFile.contents(of: url), outcomes: outcomes, path: url.path)
    }

    /// Writes the policy file of this solution to `url`, whole or not at all.
    ///
    /// - Throws: `WinPolicyError` when the directory is missing or not writable, the disk is full or the
    ///   rename fails; no temporary file is left behind.
    /// - Precondition: the whole game is solved (`lowestTotals` 0 and 0).
    package func writePolicy(to url: URL) throws(WinPolicyError) {
        try WinPolicyFile.write(policyFileBytes, to: url)
    }
}

extension SolvedWinGame {
    /// Writes the policy file of this solution to `url`, whole or not at all; `Advisor.readGame(contentsOf:rules:)`
    /// reads it back.
    ///
    /// - Throws: `WinPolicyError` when the directory is missing or not writable, the disk is full or the
    ///   rename fails; no temporary file is left behind.
    public func writePolicy(to url: URL) throws(WinPolicyError) {
        try WinPolicyFile.write(policyFileBytes, to: url)
    }
}
