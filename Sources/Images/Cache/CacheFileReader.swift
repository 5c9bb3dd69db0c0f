import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a disk cache file only if it is one this user's process could have written: a
/// regular file (a symbolic link is not followed), owned by the effective user, with one link
/// (not a hard link to a file elsewhere). A file planted in the directory by anyone else is
/// never served.
enum CacheFileReader {
    /// The bytes of the file at `path` (mapped, see `CacheFileMapping`; read when it cannot be)
    /// and its cache attribute, if it passes the checks and holds at most `maxBytes`; its times
    /// set to `touch` when given. `nil` otherwise.
    static func read(_ path: String, maxBytes: Int, touch: Date?) -> (bytes: Data, attribute: Data?)? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, isTrusted(status) else { return nil }
        let size = Int(status.st_size)
        guard size <= maxBytes else { return nil }
        let data: Data
        if let mapped = CacheFileMapping.map(descriptor, count: size) {
            data = mapped
        } else {
            var copy = Data(count: size)
            let complete = copy.withUnsafeMutableBytes { buffer -> Bool in
                var offset = 0
                while offset < size {
                    let count = Glibc.read(descriptor, buffer.baseAddress! + offset, size - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
            guard complete else { return nil }
            data = copy
        }
        if let touch { CacheFileTimes.set(descriptor, to: touch) }
        return (data, ExtendedAttributes.value(of: descriptor))
    }

    /// A regular file of this user with one link.
    static func isTrusted(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && status.st_uid == geteuid() && status.st_nlink == 1
    }
}
