import Foundation
import Hashing
import Locking
#if canImport(Glibc)
import Glibc
#endif
import Reactive

/// Image files in a directory, named by the SHA-256 of their URL, bounded by a total size; the
/// least recently used files go first (Kingfisher's `DiskStorage`). Use is tracked by the
/// files' modification dates, so it survives restarts.
///
/// Making a cache costs a `mkdir`, whatever the directory holds: the files are listed (one
/// `readdir` and an `fstatat` each) when the cache is first used, by whichever thread asks
/// first (an image request, never the RPC reader), so start-up does not grow with the cache.
///
/// A file is written beside its final name and renamed into place, so readers never see half a
/// file; a write that fails (disk full, directory gone or read-only) removes what it wrote and
/// throws. There is no `fsync`: losing a cache file to a power cut costs one download, an
/// fsync per image would cost every download.
public final class DiskImageCache: Sendable {
    private struct State {
        var sizes: [String: Int] = [:]  // file name -> bytes
        var lastUse: [String: Date] = [:]
        var totalBytes = 0
        var latestUse = Date.distantPast
        /// The directory was listed into `sizes` and `lastUse`.
        var isIndexed = false

        /// A strictly increasing "now", so two uses never tie even within the clock's resolution.
        mutating func tick() -> Date {
            latestUse = max(Date(), latestUse.addingTimeInterval(0.000_001))
            return latestUse
        }
    }

    /// Leftovers of writes cut short (a killed process) older than this are removed when the
    /// directory is first listed.
    private static let stalePartialAge: TimeInterval = 600

    /// The cache directory.
    public let directory: URL
    /// `directory.path`, for the file operations of every store.
    private let directoryPath: String
    /// The most bytes the directory holds.
    public let byteLimit: Int
    /// Why the directory could not be used when the cache was made, or `nil` if it could.
    /// Stores still try (the directory may be fixed meanwhile) and fail with the cause.
    public let unusableReason: String?
    private let state = Locked(State())

    /// `$XDG_CACHE_HOME/feedvm`, else `~/.cache/feedvm`.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("feedvm")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/feedvm")
    }

    /// A cache in `directory` (created if missing) of at most `byteLimit` bytes (default 256 MiB).
    public init(directory: URL = DiskImageCache.defaultDirectory, byteLimit: Int = 256 * 1024 * 1024) {
        self.directory = directory
        directoryPath = directory.path
        self.byteLimit = byteLimit
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard access(directory.path, W_OK) == 0 else { throw DiskCacheError(operation: "write to", path: directory.path, code: errno) }
            unusableReason = nil
        } catch {
            unusableReason = "\(error)"
        }
    }

    /// Runs `body` on the state, listing the directory first if no one has yet.
    private func indexed<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { state in
            if !state.isIndexed {
                state.isIndexed = true
                Self.index(directoryPath, into: &state)
            }
            return body(&state)
        }
    }

    /// Records every cache file of `directory` with its size and date, and removes leftovers of
    /// writes cut short (older than `stalePartialAge`).
    private static func index(_ directory: String, into state: inout State) {
        guard let listing = opendir(directory) else { return }
        defer { closedir(listing) }
        let descriptor = dirfd(listing)
        let now = Date()
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            var status = stat()
            guard fstatat(descriptor, name, &status, 0) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
            if isCacheFileName(name) {
                state.sizes[name] = Int(status.st_size)
                state.lastUse[name] = modified
                state.latestUse = max(state.latestUse, modified)
                state.totalBytes += Int(status.st_size)
            } else if name.contains(".partial-"), now.timeIntervalSince(modified) > stalePartialAge {
                unlinkat(descriptor, name, 0)
            }
        }
    }

    /// The file that holds (or would hold) `url`'s image.
    public func path(for url: String) -> URL { directory.appendingPathComponent(SHA256.hexDigest(url)) }

    /// Whether `url` has a file.
    public func contains(_ url: String) -> Bool { indexed { $0.sizes[SHA256.hexDigest(url)] != nil } }

    /// The bytes of `url`, marking the file recently used; `nil` on a miss.
    public func data(for url: String) -> Data? {
        let name = SHA256.hexDigest(url)
        guard indexed({ $0.sizes[name] != nil }) else { return nil }
        guard let data = try? Data(contentsOf: path(for: url)) else {
            forget(name)
            return nil
        }
        let now = indexed { state in
            let now = state.tick()
            state.lastUse[name] = now
            return now
        }
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: path(for: url).path)
        return data
    }

    /// Writes `data` for `url` and evicts least recently used files beyond the limit; returns the
    /// file. On failure nothing of the write is left behind.
    @discardableResult
    public func store(_ data: Data, for url: String) throws(DiskCacheError) -> URL {
        let name = SHA256.hexDigest(url)
        let file = directoryPath + "/" + name
        let partial = file + ".partial-\(UInt32.random(in: .min ... .max))"
        do {
            try CacheFileWriter.write(data, to: partial)
        } catch let error where error.code == ENOENT {
            // The directory went away (removed by hand, a tmp cleaner): make it again, once.
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try CacheFileWriter.write(data, to: partial)
        }
        guard rename(partial, file) == 0 else {
            let error = DiskCacheError(operation: "rename into", path: directoryPath, code: errno)
            unlink(partial)
            throw error
        }
        let victims = indexed { state -> [String] in
            state.totalBytes += data.count - (state.sizes[name] ?? 0)
            state.sizes[name] = data.count
            state.lastUse[name] = state.tick()
            var victims: [String] = []
            while state.totalBytes > byteLimit, state.sizes.count > 1,
                let oldest = state.lastUse.filter({ $0.key != name }).min(by: { $0.value < $1.value })?.key
            {
                state.totalBytes -= state.sizes.removeValue(forKey: oldest) ?? 0
                state.lastUse[oldest] = nil
                victims.append(oldest)
            }
            return victims
        }
        for victim in victims { unlink(directoryPath + "/" + victim) }
        return URL(fileURLWithPath: file, isDirectory: false)
    }

    /// The bytes of all files.
    public var totalBytes: Int { indexed { $0.totalBytes } }

    private func forget(_ name: String) {
        indexed { state in
            state.totalBytes -= state.sizes.removeValue(forKey: name) ?? 0
            state.lastUse[name] = nil
        }
    }

    private static func isCacheFileName(_ name: String) -> Bool {
        name.count == 64 && name.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
