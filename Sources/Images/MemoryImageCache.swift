import Locking
import Reactive

/// Images in memory, bounded by the total of their byte counts; the least recently used go
/// first when a new image would exceed the limit (Kingfisher's `MemoryStorage`).
public final class MemoryImageCache: Sendable {
    private struct Entry {
        var image: FeedImage
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var totalBytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes the cache holds.
    public let byteLimit: Int
    private let state = Locked(State())

    /// A cache holding at most `byteLimit` bytes of images (default 64 MiB).
    public init(byteLimit: Int = 64 * 1024 * 1024) {
        self.byteLimit = byteLimit
    }

    /// The image of `url`, marking it recently used.
    public func image(for url: String) -> FeedImage? {
        state.withLock { state in
            guard var entry = state.entries[url] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[url] = entry
            return entry.image
        }
    }

    /// Whether `url` is cached, without marking it used.
    public func contains(_ url: String) -> Bool { state.withLock { $0.entries[url] != nil } }

    /// Stores `image` under its URL, evicting least recently used images to stay under the
    /// limit; an image larger than the whole limit is not stored.
    public func store(_ image: FeedImage) {
        let cost = image.data.count
        guard cost <= byteLimit else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: image.url) { state.totalBytes -= old.image.data.count }
            while state.totalBytes + cost > byteLimit, let victim = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[victim.key] = nil
                state.totalBytes -= victim.value.image.data.count
            }
            state.clock += 1
            state.entries[image.url] = Entry(image: image, lastUse: state.clock)
            state.totalBytes += cost
        }
    }

    /// The bytes currently held.
    public var totalBytes: Int { state.withLock { $0.totalBytes } }

    /// Empties the cache.
    public func removeAll() { state.withLock { $0 = State() } }
}
