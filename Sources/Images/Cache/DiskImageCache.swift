import Foundation
import ImageCodecs
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Image files in a directory, bounded by a total size; the least recently used entries go
/// first (Kingfisher's `DiskStorage`), in O(1) each (`LRUOrder`). Use is also recorded in the
/// files' modification times, so it survives restarts and other processes sharing the
/// directory see it.
///
/// An entry is a small record (`<sha256(key)>.meta`: the image file's name, what it is, its
/// freshness) and an image file written once under a name no other write uses
/// (`<sha256(key)>-<version>.<ext>`, see `CacheFileName`): an answer's path holds the bytes it
/// describes until that file is removed, whatever another process writes meanwhile. Files are
/// removed only when nobody used them for `retention` seconds: a replaced version, or the least
/// recently used entry beyond the limit (the directory may exceed its limit by what was used
/// within that time). Only regular files of this user with one link are read (a planted
/// symbolic link is refused).
///
/// Making a cache costs a `mkdir`; the directory is listed on a background thread (the order of
/// use, the byte count, leftovers to remove), and nothing waits for it: a lookup reads its
/// entry's record directly, and `contains`, which never touches the disk, knows the entries of
/// the listing once it is done and those this process used before.
///
/// Writes fail as a whole (disk full, directory gone or read-only): what was written is removed
/// and the error thrown. There is no `fsync`: losing a cache file to a power cut costs one
/// download, an fsync per image would cost every download.
public final class DiskImageCache: Sendable {
    struct Entry {
        var file: String
        var bytes: Int
        var lastUse: Date
    }

    /// A file no record names any more, kept until nobody can still be reading it.
    struct Retired {
        let file: String
        let bytes: Int
        let since: Date
    }

    struct State {
        var entries: [String: Entry] = [:]  // key hash -> entry
        var order = LRUOrder<String>()
        /// The bytes of every entry and retired file.
        var totalBytes = 0
        /// Oldest first.
        var retired: [Retired] = []
        var retiredHead = 0
        var byteLimit: Int
        var indexStarted = false
        var isIndexed = false
    }

    /// What `statistics` reports.
    public struct Statistics: Sendable, Equatable {
        /// The entries known (after the listing: all of them).
        public var entries: Int
        /// Their bytes, with those of replaced files not yet removed.
        public var bytes: Int
        /// The limit.
        public var byteLimit: Int
        /// Whether the directory's listing is done.
        public var isIndexed: Bool
    }

    /// The default limit: 256 MiB.
    public static let defaultByteLimit = 256 << 20
    /// How long a file stays after its last use (or after it was replaced) before it may be
    /// removed; a file in use is touched at most every `touchInterval`, so an answer's path
    /// stays at least `retention - touchInterval` seconds.
    public static let retention: TimeInterval = 90
    /// How often a file served from memory has its modification time renewed.
    public static let touchInterval: TimeInterval = 30
    /// Leftovers of record writes cut short (a killed process) older than this are removed by
    /// the listing.
    static let stalePartialAge: TimeInterval = 600

    /// The cache directory.
    public let directory: URL
    let directoryPath: String
    /// Why the directory could not be used when the cache was made, or `nil` if it could.
    /// Stores still try (the directory may be fixed meanwhile) and fail with the cause.
    public let unusableReason: String?
    /// The largest file read back.
    public let maxFileBytes: Int
    let clock: CacheClock
    let state: Locked<State>
    private let indexDone = DispatchGroup()

    /// `$XDG_CACHE_HOME/feedvm`, else `~/.cache/feedvm`.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("feedvm")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/feedvm")
    }

    /// A cache in `directory` (created, for this user only, if missing) of at most `byteLimit`
    /// bytes, reading files of at most `maxFileBytes`, on `clock`; the directory is listed on a
    /// background thread unless `indexesInBackground` is `false` (then `buildIndex()` lists it).
    public init(
        directory: URL = DiskImageCache.defaultDirectory, byteLimit: Int = DiskImageCache.defaultByteLimit,
        maxFileBytes: Int = 1 << 30, clock: CacheClock = .system, indexesInBackground: Bool = true
    ) {
        self.directory = directory
        directoryPath = directory.path
        self.maxFileBytes = maxFileBytes
        self.clock = clock
        state = Locked(State(byteLimit: max(0, byteLimit)))
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard access(directory.path, W_OK) == 0 else { throw DiskCacheError(operation: "write to", path: directory.path, code: errno) }
            unusableReason = nil
        } catch {
            unusableReason = "\(error)"
        }
        indexDone.enter()
        if indexesInBackground {
            DispatchQueue.global(qos: .utility).async { [self] in buildIndex() }
        }
    }

    /// The most bytes the directory holds; lowering it evicts at once.
    public var byteLimit: Int {
        get { state.withLock { $0.byteLimit } }
        set {
            let now = clock.now()
            let victims = state.withLock { state in
                state.byteLimit = max(0, newValue)
                return state.evictions(now: now)
            }
            remove(victims, now: now)
        }
    }

    /// The path of `file` in the directory.
    func path(_ file: String) -> String { directoryPath + "/" + file }

    /// Whether the entry of `key` is known to be on disk, without touching the disk.
    public func contains(_ key: String) -> Bool {
        let hash = CacheFileName.hash(key)
        return state.withLock { $0.entries[hash] != nil }
    }

    /// The image of `key` (`url` is the image's URL), read from its files and marked used, or
    /// `nil` when there is none or its files fail the checks.
    public func image(forKey key: String, url: String) -> CachedImage? {
        let hash = CacheFileName.hash(key)
        let now = clock.now()
        guard let recordData = CacheFileReader.read(path(CacheFileName.record(hash)), expectedBytes: nil, maxBytes: CacheRecord.maxBytes, touch: nil),
            let record = CacheRecord(recordData), CacheFileName.isImage(record.file, of: hash),
            let data = CacheFileReader.read(path(record.file), expectedBytes: record.info.byteCount, maxBytes: maxFileBytes, touch: now)
        else {
            forget(hash, now: now)
            return nil
        }
        let retired = state.withLock { state -> Retired? in
            state.record(hash, Entry(file: record.file, bytes: data.count, lastUse: now), now: now)
        }
        if let retired { remove(retiredFiles: [retired]) }
        return cachedImage(record, data: data, url: url)
    }

    /// Writes `data` (described by `info`) as version `version` of `key`'s entry, with
    /// `freshness` and, for a processed image, the version of its original; evicts least
    /// recently used entries beyond the limit; returns the image with its file. On failure
    /// nothing of the write is left behind.
    @discardableResult
    public func store(
        _ data: Data, info: ImageInfo, freshness: ImageFreshness, version: String, originVersion: String? = nil,
        forKey key: String, url: String
    ) throws(DiskCacheError) -> CachedImage {
        let hash = CacheFileName.hash(key)
        let now = clock.now()
        let file = CacheFileName.image(hash, version: version, mimeType: info.mimeType)
        do {
            try CacheFileWriter.write(data, to: path(file), modified: now)
        } catch let error where error.code == ENOENT {
            // The directory went away (removed by hand, a tmp cleaner): make it again, once.
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try CacheFileWriter.write(data, to: path(file), modified: now)
        }
        let record = CacheRecord(file: file, info: info, freshness: freshness, version: version, originVersion: originVersion)
        do {
            try writeRecord(record, hash: hash, now: now)
        } catch {
            unlink(path(file))
            throw error
        }
        let (retired, victims) = state.withLock { state in
            let retired = state.record(hash, Entry(file: file, bytes: data.count, lastUse: now), now: now)
            return (retired, state.evictions(now: now))
        }
        if let retired { remove(retiredFiles: [retired]) }
        remove(victims, now: now)
        sweepRetired(now: now)
        return cachedImage(record, data: data, url: url)
    }

    /// Records `image`'s new freshness (a `304 Not Modified` renewed it) in its entry's record.
    public func renew(_ image: CachedImage, forKey key: String) {
        guard let path = image.image.path, let slash = path.lastIndex(of: "/") else { return }
        let file = String(path[path.index(after: slash)...])
        let hash = CacheFileName.hash(key)
        let record = CacheRecord(file: file, info: image.image.info, freshness: image.freshness, version: image.version, originVersion: image.originVersion)
        try? writeRecord(record, hash: hash, now: clock.now())
    }

    /// Marks `image` (served from memory) used, renewing its file's time at most every
    /// `touchInterval`; `false` when its file is no longer its entry's (evicted, replaced, or
    /// removed by another process), so it must not be served.
    public func keepAlive(_ image: CachedImage) -> Bool {
        guard let path = image.image.path, let slash = path.lastIndex(of: "/"),
            case .image(let hash, _)? = CacheFileName(String(path[path.index(after: slash)...]))
        else { return false }
        let now = clock.now()
        let due = state.withLock { state -> Bool? in
            guard var entry = state.entries[hash], path.hasSuffix("/" + entry.file) else { return nil }
            state.order.use(hash)
            guard now.timeIntervalSince(entry.lastUse) >= Self.touchInterval else { return false }
            entry.lastUse = now
            state.entries[hash] = entry
            return true
        }
        guard let due else { return false }
        if due && !CacheFileTimes.set(path, to: now) {
            forget(hash, now: now)
            return false
        }
        return true
    }

    /// The bytes of all files.
    public var totalBytes: Int { state.withLock { $0.totalBytes } }

    /// Entries, bytes, limit and whether the listing is done.
    public var statistics: Statistics {
        state.withLock { Statistics(entries: $0.entries.count, bytes: $0.totalBytes, byteLimit: $0.byteLimit, isIndexed: $0.isIndexed) }
    }

    /// Waits until the directory's listing is done (for tests and benchmarks).
    public func waitUntilIndexed() { indexDone.wait() }

    /// Marks the listing done (once).
    func finishIndexing() { indexDone.leave() }

    private func writeRecord(_ record: CacheRecord, hash: String, now: Date) throws(DiskCacheError) {
        let final = path(CacheFileName.record(hash))
        let partial = final + ".partial-\(UInt32.random(in: .min ... .max))"
        try CacheFileWriter.write(Data(record.text.utf8), to: partial, modified: now)
        guard rename(partial, final) == 0 else {
            let error = DiskCacheError(operation: "rename into", path: directoryPath, code: errno)
            unlink(partial)
            throw error
        }
    }

    private func cachedImage(_ record: CacheRecord, data: Data, url: String) -> CachedImage {
        CachedImage(
            image: FeedImage(url: url, info: record.info, path: path(record.file), data: data),
            freshness: record.freshness, version: record.version, originVersion: record.originVersion)
    }

    /// Drops the entry `hash` from the state (its files are gone or refused); a file this
    /// process knew for it is retired, since someone may still read it.
    private func forget(_ hash: String, now: Date) {
        state.withLock { state in state.forget(hash, now: now) }
    }
}
