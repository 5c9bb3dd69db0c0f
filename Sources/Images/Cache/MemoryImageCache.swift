import Locking
import Reactive

/// Images in memory under their cache keys, bounded by the total of their byte counts; the
/// least recently used go first when a new image would exceed the limit (Kingfisher's
/// `MemoryStorage`). Every operation is O(1) in the number of images (`LRUOrder`).
public final class MemoryImageCache: Sendable {
    private struct State {
        var entries: [String: CachedImage] = [:]
        /// How many times images left the cache.
        let removals = RemovalCount()
        var order = LRUOrder<String>()
        var totalBytes = 0
        var byteLimit: Int

        mutating func remove(_ key: String) {
            guard let old = entries.removeValue(forKey: key) else { return }
            removals.increment()
            order.remove(key)
            totalBytes -= old.image.data.count
        }

        /// Evicts the least recently used images until `incoming` more bytes fit.
        mutating func makeRoom(for incoming: Int) {
            while totalBytes + incoming > byteLimit, let oldest = order.oldest { remove(oldest) }
        }
    }

    /// The default limit: 64 MiB.
    public static let defaultByteLimit = 64 << 20

    private let state: Locked<State>
    private let removalCount: RemovalCount

    /// A cache holding at most `byteLimit` bytes of images.
    public init(byteLimit: Int = MemoryImageCache.defaultByteLimit) {
        let initial = State(byteLimit: max(0, byteLimit))
        removalCount = initial.removals
        state = Locked(initial)
    }

    /// The most bytes the cache holds; lowering it evicts at once.
    public var byteLimit: Int {
        get { state.withLock { $0.byteLimit } }
        set {
            state.withLock { state in
                state.byteLimit = max(0, newValue)
                state.makeRoom(for: 0)
            }
        }
    }

    /// The image under `key`, marking it recently used.
    public func image(forKey key: String) -> CachedImage? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.order.use(key)
            return entry
        }
    }

    /// Whether `key` is cached, without marking it used.
    /// A count that grows whenever an image leaves the cache (evicted, removed, replaced):
    /// while it stays the same, every image found in the cache is still there.
    public var removals: Int { removalCount.value }

    public func contains(_ key: String) -> Bool { state.withLock { $0.entries.index(forKey: key) != nil } }

    /// Stores `image` under `key`, evicting least recently used images to stay under the
    /// limit; an image larger than the whole limit is not stored.
    public func store(_ image: CachedImage, forKey key: String) {
        let cost = image.image.data.count
        state.withLock { state in
            state.remove(key)
            guard cost <= state.byteLimit else { return }
            state.makeRoom(for: cost)
            state.entries[key] = image
            state.order.use(key)
            state.totalBytes += cost
        }
    }

    /// Forgets the image under `key`.
    public func remove(_ key: String) { state.withLock { $0.remove(key) } }

    /// The bytes currently held.
    public var totalBytes: Int { state.withLock { $0.totalBytes } }

    /// The number of images held.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Empties the cache.
    public func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.order.removeAll()
            state.totalBytes = 0
            state.removals.increment()
        }
    }
}
