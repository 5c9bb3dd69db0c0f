import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension DiskImageCache {
    /// What one listing of the directory found.
    struct Listing {
        /// Per entry, its image files with their versions.
        var images: [String: [(file: String, version: String, bytes: Int, modified: Date)]] = [:]
        /// Files of the first format.
        var orphans: [Retired] = []
        var stalePartials: [String] = []
    }

    /// Lists the directory once (later calls return at once) and merges what it holds into the
    /// state: each entry's latest version is its file, in the order of their modification
    /// times, older than every entry used meanwhile; earlier versions and files of the first
    /// format are retired; its leftovers of writes cut short older than `stalePartialAge` are
    /// removed. Files that are not regular files of this user with one link are ignored. Runs
    /// on a background thread unless the cache was made without one.
    public func buildIndex() {
        guard state.withLock({ state in
            defer { state.indexStarted = true }
            return !state.indexStarted
        }) else { return }
        let now = clock.now()
        let listing = list(now: now)
        listing.stalePartials.forEach { unlink(path($0)) }
        let victims = state.withLock { state in
            merge(listing, into: &state, now: now)
            state.isIndexed = true
            return state.evictions(now: now)
        }
        finishIndexing()
        remove(victims, now: now)
        sweepRetired(now: now)
    }

    private func list(now: Date) -> Listing {
        var listing = Listing()
        Self.forEachFile(in: directoryPath) { name, status in
            guard let kind = CacheFileName(name), CacheFileReader.isTrusted(status) else { return }
            let modified = CacheFileTimes.modified(status)
            switch kind {
            case .image(let hash, let version):
                listing.images[hash, default: []].append((name, version, Int(status.st_size), modified))
            case .partial:
                if now.timeIntervalSince(modified) > Self.stalePartialAge { listing.stalePartials.append(name) }
            case .legacy:
                listing.orphans.append(Retired(file: name, bytes: Int(status.st_size), since: modified))
            }
        }
        return listing
    }

    private func merge(_ listing: Listing, into state: inout State, now: Date) {
        var current: [(hash: String, entry: Entry)] = []
        var orphans = listing.orphans
        for (hash, files) in listing.images {
            var files = files.sorted { $0.version > $1.version }
            if state.entries[hash] == nil {
                let latest = files.removeFirst()
                current.append((hash, Entry(file: latest.file, bytes: latest.bytes, lastUse: latest.modified)))
            }
            let known = state.entries[hash]?.file
            orphans += files.filter { $0.file != known }.map { Retired(file: $0.file, bytes: $0.bytes, since: $0.modified) }
        }
        // Newest first, each added before all others: the oldest ends up least recently used.
        for (hash, entry) in current.sorted(by: { $0.entry.lastUse > $1.entry.lastUse }) {
            state.entries[hash] = entry
            state.order.addAsOldest(hash)
            state.totalBytes += entry.bytes
        }
        let known = Set(state.retired[state.retiredHead...].map(\.file))
        orphans.removeAll { known.contains($0.file) }
        state.totalBytes += orphans.reduce(0) { $0 + $1.bytes }
        state.retired = (orphans + state.retired[state.retiredHead...]).sorted { $0.since < $1.since }
        state.retiredHead = 0
    }
}
