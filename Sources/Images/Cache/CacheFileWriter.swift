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

/// Writes a whole new file with `open`/`write`/`close`: never over an existing name or through
/// a symbolic link (`O_EXCL`, `O_NOFOLLOW`), no `fsync` (Foundation's `Data.write` syncs), with
/// the cache attribute and, for a clock other than the system's, its modification time set; on
/// any failure the file is removed before the error is thrown.
enum CacheFileWriter {
    /// Creates `path` (which must not exist) holding `data` and the cache attribute `attribute`,
    /// last modified at `modified` when given (else now); returns the file's bytes mapped
    /// (`CacheFileMapping`), so that whoever keeps them holds page cache, not a copy.
    static func write(_ data: Data, to path: String, attribute: Data?, modified: Date?) throws(DiskCacheError) -> Data {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw DiskCacheError(operation: code == EEXIST ? "create a new file in" : "create a file in", path: directoryName(of: path), code: code)
        }
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
        var mapped: Data?
        if failure == 0 {
            // A file system without user attributes keeps the image without its HTTP metadata.
            if let attribute { ExtendedAttributes.set(attribute, on: descriptor) }
            if let modified { CacheFileTimes.set(descriptor, to: modified) }
            mapped = CacheFileMapping.map(descriptor, count: data.count)
        }
        // close can report a deferred write error (NFS, quota).
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(path)
            throw DiskCacheError(operation: "write to", path: directoryName(of: path), code: failure)
        }
        return mapped ?? data
    }

    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

/// Modification times, the disk cache's record of use that every process sharing the
/// directory sees.
enum CacheFileTimes {
    /// Sets the access and modification times of the open file `descriptor` to `date`.
    static func set(_ descriptor: Int32, to date: Date) {
        var times = [timespec(date), timespec(date)]
        _ = futimens(descriptor, &times)
    }

    /// Sets the times of the file at `path` (without following a link); returns `false` when
    /// the file is gone.
    static func set(_ path: String, to date: Date) -> Bool {
        var times = [timespec(date), timespec(date)]
        return utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT
    }

    /// The status of the file at `path` without following a link, or `nil` when there is none.
    static func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    /// The modification time in `status`.
    static func modified(_ status: stat) -> Date {
        Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    private static func timespec(_ date: Date) -> Glibc.timespec {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
    }
}
