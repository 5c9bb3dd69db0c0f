#if canImport(Glibc)
import Glibc
#endif

/// The few file operations the store needs, on paths, with `errno` reported.
enum FileSystem {
    /// Creates `path` and its missing parents with `mode` (as `mkdir -p`).
    static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(StoreFileError) {
        guard !path.isEmpty, path != "/", !isDirectory(path) else { return }
        let parent = directoryName(of: path)
        if parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw StoreFileError(operation: "create the directory", path: path, code: errno)
        }
    }

    /// Whether `path` names a directory.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The size of the file at `path`, 0 when there is none.
    static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// The directory part of `path` (`.` when it has none).
    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Reads at most `limit` bytes of the file at `path`; `nil` when it does not exist.
    static func read(_ path: String, limit: Int) throws(StoreFileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw StoreFileError(operation: "read", path: path, code: errno)
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw StoreFileError(operation: "read", path: path, code: errno) }
            if got == 0 { break }
            count += got
        }
        return Array(bytes[..<count])
    }

    /// Creates `path` (which must not exist) with `mode`, holding `bytes`, synced to disk.
    static func create(_ path: String, bytes: [UInt8], mode: mode_t) throws(StoreFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw StoreFileError(operation: "create", path: path, code: errno) }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(path)
            throw StoreFileError(operation: "write", path: path, code: failure)
        }
    }
}
