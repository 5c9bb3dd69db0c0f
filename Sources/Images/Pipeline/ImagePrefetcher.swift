import FeedModel
import Locking
import Network
import Reactive

/// Loads images before anyone shows them, at low priority, so they are cached when their rows
/// appear (Kingfisher's `ImagePrefetcher`); apart from the loader, which it only calls. Each
/// prefetch is filed under a tag (a row), so the caller replaces the set as the view scrolls
/// and cancels a row's prefetch when the row goes away. A prefetch reports nothing: its image
/// lands in the caches, and a caller that asks for the same image meanwhile joins its work
/// (raising it to the caller's priority).
public final class ImagePrefetcher: Sendable {
    private struct Prefetch {
        let token: Int
        let key: String
        let request: SerialDisposable
    }

    private struct State {
        var running: [Int: Prefetch] = [:]
        var nextToken = 0
        var started = 0
    }

    private let loader: any ImageRetrieving
    private let state = Locked(State())

    /// A prefetcher over `loader`.
    public init(loader: any ImageRetrieving) { self.loader = loader }

    /// Makes `wanted` the prefetches: starts each not already running for its tag (unless its
    /// image is cached), in the order given (the nearest row first), at low priority whatever
    /// the request says, and cancels the running prefetches whose tag is not in `wanted` or now
    /// wants another image.
    public func prefetch(_ wanted: [(tag: Int, request: ImageRequest)]) {
        update(tags: wanted.map(\.tag), keys: wanted.map(\.request.cacheKey)) { wanted[$0].request }
    }

    /// Makes the images at `wanted`'s URLs, each made by `processor`, the prefetches, as
    /// `prefetch(_:)` does: what a list asks for its next rows, one processor for all of them.
    public func prefetch(_ wanted: [(tag: Int, url: String)], processor: any ImageProcessing) {
        let identifier = processor.identifier
        update(tags: wanted.map(\.tag), keys: wanted.map { ImageRequest.cacheKey(url: $0.url, processor: identifier) }) {
            ImageRequest(url: wanted[$0].url, processor: processor)
        }
    }

    /// Makes the prefetches the ones under `tags`, whose images have the cache keys `keys`;
    /// `request(i)` is the request of the `i`th, made only for the rows not already running.
    private func update(tags: [Int], keys: [String], request: (Int) -> ImageRequest) {
        var starts: [(position: Int, token: Int, handle: SerialDisposable)] = []
        let cancelled = state.withLock { state -> [SerialDisposable] in
            var cancelled: [SerialDisposable] = []
            if !state.running.isEmpty {
                // The first key wanted for each tag: a linear scan for a window of a few rows.
                let table = tags.count > 16 ? Dictionary(zip(tags, keys), uniquingKeysWith: { first, _ in first }) : nil
                for (tag, prefetch) in state.running {
                    let key = table.map { $0[tag] } ?? tags.firstIndex(of: tag).map { keys[$0] }
                    guard key != prefetch.key else { continue }
                    cancelled.append(prefetch.request)
                    state.running[tag] = nil
                }
            }
            for (position, tag) in tags.enumerated() where state.running[tag] == nil && !loader.isCached(request(position)) {
                let token = state.nextToken
                state.nextToken += 1
                state.started += 1
                let handle = SerialDisposable()
                state.running[tag] = Prefetch(token: token, key: keys[position], request: handle)
                starts.append((position, token, handle))
            }
            return cancelled
        }
        cancelled.forEach { $0.dispose() }
        for (position, token, handle) in starts {
            let tag = tags[position]
            var low = request(position)
            low.priority = .low
            handle.disposable = loader.retrieveImage(low) { [weak self] _ in self?.finished(tag, token: token) }
        }
    }

    /// Cancels the prefetch of `tag`, if one runs; returns whether one did.
    @discardableResult
    public func cancel(_ tag: Int) -> Bool {
        let prefetch = state.withLock { $0.running.removeValue(forKey: tag) }
        prefetch?.request.dispose()
        return prefetch != nil
    }

    /// Cancels every prefetch.
    public func cancelAll() {
        let running = state.withLock { state -> [Prefetch] in
            defer { state.running = [:] }
            return Array(state.running.values)
        }
        running.forEach { $0.request.dispose() }
    }

    /// The tags whose prefetch runs, in order.
    public var runningTags: [Int] { state.withLock { $0.running.keys.sorted() } }

    /// How many prefetches were started in all.
    public var startedCount: Int { state.withLock { $0.started } }

    private func finished(_ tag: Int, token: Int) {
        state.withLock { state in
            if state.running[tag]?.token == token { state.running[tag] = nil }
        }
    }
}
