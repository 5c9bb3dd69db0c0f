import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why the disk cache could not take a file: the operation, the directory, and the system's
/// words for the cause (e.g. "No space left on device").
public struct DiskCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. "write to".
    public let operation: String
    /// The directory or file concerned.
    public let path: String
    /// The `errno` value.
    public let code: Int32

    /// An error for `operation` on `path` that failed with `code`.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String { "could not \(operation) \(path): \(String(cString: strerror(code)))" }
}

/// Writes a whole file with `open`/`write`/`close`: no `fsync` (Foundation's `Data.write`
/// syncs), and on any failure the file is removed before the error is thrown.
enum CacheFileWriter {
    /// Creates `path` (which must not exist) holding `data`.
    static func write(_ data: Data, to path: String) throws(DiskCacheError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DiskCacheError(operation: "create a file in", path: directoryName(of: path), code: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        // close can report a deferred write error (NFS, quota).
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(path)
            throw DiskCacheError(operation: "write to", path: directoryName(of: path), code: failure)
        }
    }

    private static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
