import Foundation
import ImageCodecs
import Images
import Locking

/// `feedvm-bench cache`: the disk image cache at two sizes (1,000 and 100,000 entries): the time
/// of a store into a full cache, which evicts the least recently used entry, of a store that
/// evicts nothing, and of the background listing of the directory. Eviction is O(1), so a store
/// into a cache of 100,000 entries costs what one into a cache of 1,000 does (the file system's
/// own cost of a larger directory aside). Prints one line per size:
/// `cache entries=N store=S evict=E listing=L` (seconds per store, seconds per listing).
struct CacheBenchmark: BenchmarkCommand {
    let name = "cache"
    let summary = "disk cache: store, store + evict and listing at 1,000 and 100,000 entries"

    /// A real PNG padded to this many bytes: what every entry holds.
    private static let entryBytes = 512

    func run(_ options: BenchmarkOptions) throws {
        let sizes = options.isSmoke ? [100, 1_000] : [1_000, 100_000]
        let evictions = options.isSmoke ? 100 : 10_000
        for size in sizes {
            let figures = try measure(entries: size, evictions: evictions)
            print("cache entries=\(size) store=\(figures.store) evict=\(figures.evict) listing=\(figures.listing)")
        }
    }

    private func measure(entries: Int, evictions: Int) throws -> (store: Double, evict: Double, listing: Double) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedvm-bench-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each store happens 100 s after the one before: every earlier entry is past the
        // retention, so a full cache evicts at every store.
        let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let clock = CacheClock { now.current }
        let cache = DiskImageCache(
            directory: directory, byteLimit: entries * Self.entryBytes, clock: clock, indexesInBackground: false)
        cache.buildIndex()
        let header = Data(PNGEncoder.gradient(width: 2, height: 1, top: .init(red: 0, green: 0, blue: 0), bottom: .init(red: 9, green: 9, blue: 9)))
        let bytes = header + Data(count: Self.entryBytes - header.count)
        let info = ImageInfo(mimeType: "image/png", width: 2, height: 1, byteCount: bytes.count)
        let freshness = ImageFreshness(expires: .distantFuture, etag: "\"bench\"")
        func store(_ index: Int) throws {
            let time = now.withLock { date -> Date in
                date = date.addingTimeInterval(100)
                return date
            }
            try cache.store(bytes, info: info, freshness: freshness, version: DiskImageCache.newVersion(at: time),
                            forKey: "https://images.test/\(index).png", url: "")
        }
        // Fill to the limit; the last tenth of the fill is timed (a store that evicts nothing).
        let timedFill = max(1, entries / 10)
        for index in 0..<(entries - timedFill) { try store(index) }
        var start = DispatchTime.now().uptimeNanoseconds
        for index in (entries - timedFill)..<entries { try store(index) }
        let storeSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(timedFill)
        // Full: every further store evicts the least recently used entry.
        start = DispatchTime.now().uptimeNanoseconds
        for index in entries..<(entries + evictions) { try store(index) }
        let evictSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(evictions)
        guard cache.statistics.entries == entries else {
            throw BenchmarkFailure("the cache holds \(cache.statistics.entries) entries, not \(entries)")
        }
        // A second process's view: the listing of the whole directory.
        let listed = DiskImageCache(directory: directory, byteLimit: entries * Self.entryBytes, clock: clock, indexesInBackground: false)
        start = DispatchTime.now().uptimeNanoseconds
        listed.buildIndex()
        let listingSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard listed.statistics.entries == entries else {
            throw BenchmarkFailure("the listing found \(listed.statistics.entries) entries, not \(entries)")
        }
        return (storeSeconds, evictSeconds, listingSeconds)
    }
}

/// A benchmark that could not measure what it set out to.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
