import Foundation

/// What the caches hold and may hold (`cacheInfo`).
public struct ImageCacheInfo: Sendable, Equatable {
    /// Images in memory.
    public var memoryEntries: Int
    /// Their bytes.
    public var memoryBytes: Int
    /// The memory limit.
    public var memoryLimit: Int
    /// The disk cache's figures, when there is one.
    public var disk: DiskImageCache.Statistics?
    /// The disk cache's directory, when there is one.
    public var directory: String?
    /// The longest an image stays fresh, in seconds.
    public var maxAge: TimeInterval
}

extension ImageLoader {
    /// What the caches hold and may hold.
    public var cacheInfo: ImageCacheInfo {
        ImageCacheInfo(
            memoryEntries: memoryCache.count, memoryBytes: memoryCache.totalBytes, memoryLimit: memoryCache.byteLimit,
            disk: diskCache?.statistics, directory: diskCache?.directory.path, maxAge: maxAge)
    }

    /// Empties the memory cache and/or the disk cache (every cache file of the directory, also
    /// other processes'; it lists the directory, so call it off any request path that must not
    /// wait on the disk). Loads in flight go on and cache what they bring.
    public func clearCache(memory: Bool, disk: Bool) {
        if memory { memoryCache.removeAll() }
        if disk {
            diskCache?.removeAll()
            // Memory entries name files that are gone now.
            memoryCache.removeAll()
        }
    }

    /// Changes the limits and the longest freshness, without waiting on the disk: a lower limit
    /// evicts at once, the files beyond it are removed on a background thread.
    public func setLimits(memoryBytes: Int? = nil, diskBytes: Int? = nil, maxAge: TimeInterval? = nil) {
        if let memoryBytes { memoryCache.byteLimit = memoryBytes }
        if let diskBytes { diskCache?.setByteLimitRemovingInBackground(diskBytes) }
        if let maxAge { self.maxAge = maxAge }
    }
}
