import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension DiskImageCache.State {
    /// Makes `entry` the entry of `hash`, most recently used; returns the file it replaces, if
    /// any, which is retired rather than removed (someone may be reading it).
    mutating func record(_ hash: String, _ entry: DiskImageCache.Entry, now: Date) -> DiskImageCache.Retired? {
        let old = entries.updateValue(entry, forKey: hash)
        order.use(hash)
        totalBytes += entry.bytes - (old?.bytes ?? 0)
        guard let old, old.file != entry.file else { return nil }
        return retire(old, now: now)
    }

    /// Drops the entry of `hash`, retiring its file.
    mutating func forget(_ hash: String, now: Date) {
        guard let old = entries.removeValue(forKey: hash) else { return }
        removals.increment()
        order.remove(hash)
        totalBytes -= old.bytes
        _ = retire(old, now: now)
    }

    /// Queues `entry`'s file for removal once `retention` has passed; its bytes stay counted
    /// until then. Returns it when it may go at once (nobody used it within `retention`).
    private mutating func retire(_ entry: DiskImageCache.Entry, now: Date) -> DiskImageCache.Retired? {
        if now.timeIntervalSince(entry.lastUse) >= DiskImageCache.retention {
            return DiskImageCache.Retired(file: entry.file, bytes: 0, since: entry.lastUse)
        }
        retired.append(DiskImageCache.Retired(file: entry.file, bytes: entry.bytes, since: now))
        totalBytes += entry.bytes
        return nil
    }

    /// Takes the least recently used entries out while the total is over the limit, each in
    /// O(1); stops at an entry used within `retention` (every later one was used later still).
    mutating func evictions(now: Date) -> [(hash: String, entry: DiskImageCache.Entry)] {
        var victims: [(hash: String, entry: DiskImageCache.Entry)] = []
        while totalBytes > byteLimit, let oldest = order.oldest, let entry = entries[oldest],
            now.timeIntervalSince(entry.lastUse) >= DiskImageCache.retention
        {
            order.remove(oldest)
            entries[oldest] = nil
            removals.increment()
            totalBytes -= entry.bytes
            victims.append((oldest, entry))
        }
        return victims
    }

    /// Takes the retired files whose `retention` has passed.
    mutating func expiredRetirees(now: Date) -> [DiskImageCache.Retired] {
        var expired: [DiskImageCache.Retired] = []
        while retiredHead < retired.count, now.timeIntervalSince(retired[retiredHead].since) >= DiskImageCache.retention {
            expired.append(retired[retiredHead])
            totalBytes -= retired[retiredHead].bytes
            retiredHead += 1
        }
        if retiredHead > 64 && retiredHead * 2 > retired.count {
            retired.removeFirst(retiredHead)
            retiredHead = 0
        }
        return expired
    }
}

extension DiskImageCache {
    /// Removes evicted entries' files. A victim whose file another process used since this one
    /// recorded its use (its modification time says so) is kept, as used then.
    func remove(_ victims: [(hash: String, entry: Entry)], now: Date) {
        var reprieved: [(hash: String, entry: Entry)] = []
        for (hash, entry) in victims {
            let file = path(entry.file)
            if let status = CacheFileTimes.status(file) {
                let modified = CacheFileTimes.modified(status)
                if modified > entry.lastUse.addingTimeInterval(1), now.timeIntervalSince(modified) < Self.retention {
                    reprieved.append((hash, Entry(file: entry.file, bytes: entry.bytes, lastUse: modified)))
                    continue
                }
            }
            unlink(file)
        }
        guard !reprieved.isEmpty else { return }
        state.withLock { state in
            for (hash, entry) in reprieved where state.entries[hash] == nil {
                state.entries[hash] = entry
                state.order.use(hash)
                state.totalBytes += entry.bytes
            }
        }
    }

    /// Removes retired files, except one used (by any process) since it was retired.
    func remove(retiredFiles: [Retired]) {
        for retired in retiredFiles {
            let file = path(retired.file)
            if let status = CacheFileTimes.status(file), CacheFileTimes.modified(status) > retired.since.addingTimeInterval(1) { continue }
            unlink(file)
        }
    }

    /// Removes the retired files whose time has come.
    func sweepRetired(now: Date) {
        remove(retiredFiles: state.withLock { $0.expiredRetirees(now: now) })
    }

    /// Removes every file of the cache, those of other processes sharing the directory too
    /// (their answers' paths then name no file, never other bytes); returns how many went.
    /// Lists the directory: call it off any request path that must not wait on the disk.
    @discardableResult
    public func removeAll() -> Int {
        var removed = 0
        state.withLock { state in
            state.entries = [:]
            state.removals.increment()
            state.order.removeAll()
            state.totalBytes = 0
            state.retired = []
            state.retiredHead = 0
        }
        Self.forEachFile(in: directoryPath) { name, status in
            guard CacheFileName(name) != nil, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else { return }
            if unlink(path(name)) == 0 { removed += 1 }
        }
        return removed
    }

    /// Calls `body` with the name and status (not following links) of every entry of `directory`.
    static func forEachFile(in directory: String, _ body: (String, stat) -> Void) {
        guard let listing = opendir(directory) else { return }
        defer { closedir(listing) }
        let descriptor = dirfd(listing)
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            body(name, status)
        }
    }
}
