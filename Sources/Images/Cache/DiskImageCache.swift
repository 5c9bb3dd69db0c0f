import FeedModel
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
/// An entry is one file, `<sha256(key)>-<version>.<ext>` (see `CacheFileName`), written once
/// under a name no other write uses, with what HTTP said about it (freshness, validators, the
/// original's version) in an extended attribute: an answer's path holds the bytes it describes
/// until that file is removed, whatever another process writes meanwhile. Files are removed
/// only when nobody used them for `retention` seconds: a replaced version, or the least
/// recently used entry beyond the limit (the directory may exceed its limit by what was used
/// within that time). Only regular files of this user with one link are read (a planted
/// symbolic link is refused).
///
/// Making a cache costs a `mkdir`; the directory is listed on a background thread (the entries,
/// their order of use and byte count, leftovers to remove), and nothing waits for it: until
/// the listing is done, an entry this process did not write or read is not cached yet (a load
/// of it downloads again). With several processes sharing the directory, each knows the
/// entries it listed, wrote or read.
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
        /// How many times entries left the index.
        let removals = RemovalCount()
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
    /// Leftovers of the first format's writes cut short (a killed process) older than this are
    /// removed by the listing.
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
    private let removalCount: RemovalCount
    private let indexDone = DispatchGroup()

    /// `$XDG_CACHE_HOME/feedvm`, else `$HOME/.cache/feedvm`.
    public static var defaultDirectory: URL {
        UserDirectory.cache().appendingPathComponent("feedvm", isDirectory: true)
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
        let initial = State(byteLimit: max(0, byteLimit))
        removalCount = initial.removals
        state = Locked(initial)
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
        set { remove(setLimit(newValue), now: clock.now()) }
    }

    /// Sets the limit at once and removes the files beyond it on a background thread: for a
    /// caller that must not wait on the disk (the RPC reader, serving `initialize`).
    public func setByteLimitRemovingInBackground(_ limit: Int) {
        let victims = setLimit(limit)
        guard !victims.isEmpty else { return }
        let now = clock.now()
        DispatchQueue.global(qos: .utility).async { [self] in remove(victims, now: now) }
    }

    private func setLimit(_ limit: Int) -> [(hash: String, entry: Entry)] {
        let now = clock.now()
        return state.withLock { state in
            state.byteLimit = max(0, limit)
            return state.evictions(now: now)
        }
    }

    /// A version for a write at `now`, new to this process, greater than those of earlier
    /// writes (see `CacheFileName.newVersion(at:)`).
    public static func newVersion(at now: Date) -> String { CacheFileName.newVersion(at: now) }

    /// The path of `file` in the directory.
    func path(_ file: String) -> String { directoryPath + "/" + file }

    /// Whether the entry of `key` is known to be on disk, without touching the disk.
    /// A count that grows whenever an entry leaves the index (evicted, forgotten, cleared):
    /// while it stays the same, every image `contains` found is still known.
    public var removals: Int { removalCount.value }

    public func contains(_ key: String) -> Bool {
        let hash = CacheFileName.hash(key)
        return state.withLock { $0.entries[hash] != nil }
    }

    /// The image of `key` (`url` is the image's URL), read from its file and marked used, or
    /// `nil` when there is none known or its file fails the checks. A file without the cache
    /// attribute (a file system without user attributes) is fresh for `maxAge` after its write.
    public func image(forKey key: String, url: String, maxAge: TimeInterval) -> CachedImage? {
        let hash = CacheFileName.hash(key)
        guard let file = state.withLock({ $0.entries[hash]?.file }), case .image(_, let version)? = CacheFileName(file) else { return nil }
        let now = clock.now()
        guard let (data, attribute) = CacheFileReader.read(path(file), maxBytes: maxFileBytes, touch: clock.isSystem ? nil : now),
            let info = ImageFormat.sniff(data)
        else {
            forget(hash, file: file, now: now)
            return nil
        }
        state.withLock { state in
            guard state.entries[hash]?.file == file else { return }
            state.entries[hash]?.lastUse = now
            state.order.use(hash)
        }
        let record = attribute.flatMap(CacheRecord.init) ?? CacheRecord(
            freshness: ImageFreshness(expires: CacheFileName.writeDate(of: version).addingTimeInterval(maxAge)), originVersion: nil)
        return CachedImage(
            image: FeedImage(url: url, info: info, path: path(file), data: data), freshness: record.freshness, version: version,
            originVersion: record.originVersion)
    }

    /// Writes `data` (described by `info`) as a new version of `key`'s entry, with `freshness`
    /// and, for a processed image, the version of its original; evicts least recently used
    /// entries beyond the limit; returns the image with its file. The version is `version`
    /// unless another write took that name first. On failure nothing of the write is left.
    @discardableResult
    public func store(
        _ data: Data, info: ImageInfo, freshness: ImageFreshness, version: String, originVersion: String? = nil,
        forKey key: String, url: String
    ) throws(DiskCacheError) -> CachedImage {
        let hash = CacheFileName.hash(key)
        let now = clock.now()
        let record = CacheRecord(freshness: freshness, originVersion: originVersion)
        var version = version
        var file = CacheFileName.image(hash, version: version, mimeType: info.mimeType)
        var attempts = 0
        var stored = data
        while true {
            do {
                stored = try CacheFileWriter.write(data, to: path(file), attribute: record.data, modified: clock.isSystem ? nil : now)
                break
            } catch let error where error.code == ENOENT && attempts == 0 {
                // The directory went away (removed by hand, a tmp cleaner): make it again, once.
                try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch let error where error.code == EEXIST && attempts < 3 {
                version = CacheFileName.newVersion(at: now)
                file = CacheFileName.image(hash, version: version, mimeType: info.mimeType)
            }
            attempts += 1
        }
        let (retired, victims) = state.withLock { state in
            let retired = state.record(hash, Entry(file: file, bytes: data.count, lastUse: now), now: now)
            return (retired, state.evictions(now: now))
        }
        if let retired { remove(retiredFiles: [retired]) }
        remove(victims, now: now)
        sweepRetired(now: now)
        return CachedImage(
            image: FeedImage(url: url, info: info, path: path(file), data: stored), freshness: freshness, version: version,
            originVersion: originVersion)
    }

    /// Records `image`'s new freshness (a `304 Not Modified` renewed it) in its file's attribute.
    public func renew(_ image: CachedImage) {
        guard let path = image.image.path else { return }
        ExtendedAttributes.set(CacheRecord(freshness: image.freshness, originVersion: image.originVersion).data, atPath: path)
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
            forget(hash, file: String(path[path.index(after: slash)...]), now: now)
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

    /// Drops the entry `hash` from the state while its file is `file` (gone or refused); the
    /// file is retired, since someone may still read it.
    private func forget(_ hash: String, file: String, now: Date) {
        state.withLock { state in
            guard state.entries[hash]?.file == file else { return }
            state.forget(hash, now: now)
        }
    }
}
