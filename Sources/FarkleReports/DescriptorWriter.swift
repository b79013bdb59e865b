#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes text or bytes to a file descriptor in full, reporting a failure instead of trapping.
///
/// Output files and the command-line tool's stdout and stderr all go through it, so a full disk,
/// a closed stream or `/dev/full` is a value to act on, never a crash.
public enum DescriptorWriter {
    /// Writes all of `text` as UTF-8 to `descriptor`, retrying short and interrupted writes.
    ///
    /// - Returns: `nil` on success, or the system's reason for the failure ("No space left on device").
    public static func writeAll(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes.
    ///
    /// - Returns: `nil` on success, or the system's reason for the failure ("No space left on device").
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}
