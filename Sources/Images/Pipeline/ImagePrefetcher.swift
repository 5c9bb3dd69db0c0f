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
    private struct Entry {
        let tag: Int
        let url: String
        let processor: String
        /// The prefetch under way: `nil` once the image was found cached or its prefetch ended.
        var running: (token: Int, request: SerialDisposable)?
    }

    private struct State {
        /// The rows last asked for, each with the image asked and its prefetch if one runs: a
        /// window holds a few rows, so a list searched in order costs less than hashing.
        var window: [Entry] = []
        var nextToken = 0
        var started = 0

        /// The position of `tag`'s entry in `window`.
        func position(of tag: Int) -> Int? {
            window.firstIndex { $0.tag == tag }
        }

        /// Forgets `tag`; returns its prefetch's request if one ran.
        mutating func remove(_ tag: Int) -> SerialDisposable? {
            guard let position = position(of: tag) else { return nil }
            return window.remove(at: position).running?.request
        }

        /// Files `entry` under its tag, in place of the tag's previous entry if any.
        mutating func set(_ entry: Entry, at position: Int?) {
            if let position { window[position] = entry } else { window.append(entry) }
        }
    }

    private let loader: any ImageRetrieving
    private let state = Locked(State())

    /// A prefetcher over `loader`.
    public init(loader: any ImageRetrieving) { self.loader = loader }

    /// Makes `wanted` the prefetches: starts each for a tag newly asked for, or now asking for
    /// another image, unless its image is cached, in the order given (the nearest row first),
    /// at low priority whatever the request says, and cancels the running prefetches whose tag
    /// is not in `wanted` or now wants another image. A tag asked for again with the same image
    /// costs nothing: its prefetch runs on, or its image was cached or fetched when it came in
    /// (as a table view asks once for each row entering its prefetch window).
    public func prefetch(_ wanted: [(tag: Int, request: ImageRequest)]) {
        update(wanted.map { ($0.tag, $0.request.url) }, processor: { wanted[$0].request.processor.identifier }) { wanted[$0].request }
    }

    /// Makes the images at `wanted`'s URLs, each made by `processor`, the prefetches, as
    /// `prefetch(_:)` does: what a list asks for its next rows, one processor for all of them.
    public func prefetch(_ wanted: [(tag: Int, url: String)], processor: any ImageProcessing) {
        let identifier = processor.identifier
        update(wanted, processor: { _ in identifier }) { ImageRequest(url: wanted[$0].url, processor: processor) }
    }

    /// Moves a window of consecutive tags (a list's rows) from `old`, the tags the last call
    /// asked for, to `new`: cancels and forgets the tags of `old` outside `new`, and prefetches
    /// `entering` (the tags of `new` outside `old` that have an image, nearest first) as
    /// `prefetch(_:processor:)` does; the loader is not asked about an entering image the
    /// caller knows to be cached (`isCached`). The tags in both are left as they are: the
    /// caller knows that they ask for the same images as before. A move looks at what enters
    /// and leaves only.
    public func moveWindow(
        from old: Range<Int>, to new: Range<Int>, entering: [(tag: Int, url: String, isCached: Bool)], processor: any ImageProcessing
    ) {
        let identifier = processor.identifier
        update(
            entering.lazy.map { (tag: $0.tag, url: $0.url) }, moving: (old, new), isKnownCached: { entering[$0].isCached }, processor: { _ in identifier }
        ) { ImageRequest(url: entering[$0].url, processor: processor) }
    }

    /// Makes the window the tags of `wanted`, each asking for the image at its URL made by the
    /// processor named `processor(i)`; `request(i)` is the `i`th's request, made only for the
    /// tags that are new or ask for another image.
    ///
    /// When `moving` the window from one range of tags to another, only the tags of the first
    /// outside the second leave it; else every tag not in `wanted` does. The loader is not
    /// asked about the `i`th image when `isKnownCached(i)`.
    private func update<Wanted: RandomAccessCollection<(tag: Int, url: String)>>(
        _ wanted: Wanted, moving: (old: Range<Int>, new: Range<Int>)? = nil, isKnownCached: (Int) -> Bool = { _ in false },
        processor: (Int) -> String, request: (Int) -> ImageRequest
    ) where Wanted.Index == Int {
        var starts: [(position: Int, token: Int, handle: SerialDisposable)] = []
        let cancelled = state.withLock { state -> [SerialDisposable] in
            var cancelled: [SerialDisposable] = []
            if let (old, new) = moving {
                for tag in old where !new.contains(tag) {
                    if let request = state.remove(tag) { cancelled.append(request) }
                }
            } else if !state.window.isEmpty {
                let kept = wanted.count > 16 ? Set(wanted.map(\.tag)) : nil
                state.window.removeAll { entry in
                    guard !(kept?.contains(entry.tag) ?? wanted.contains { $0.tag == entry.tag }) else { return false }
                    if let running = entry.running { cancelled.append(running.request) }
                    return true
                }
            }
            for (position, (tag, url)) in wanted.enumerated() {
                let identifier = processor(position)
                let known = state.position(of: tag)
                if let known {
                    let entry = state.window[known]
                    if entry.url == url && entry.processor == identifier { continue }
                    if let running = entry.running { cancelled.append(running.request) }
                }
                guard !isKnownCached(position) && !loader.isCached(request(position)) else {
                    state.set(Entry(tag: tag, url: url, processor: identifier, running: nil), at: known)
                    continue
                }
                let token = state.nextToken
                state.nextToken += 1
                state.started += 1
                let handle = SerialDisposable()
                state.set(Entry(tag: tag, url: url, processor: identifier, running: (token, handle)), at: known)
                starts.append((position, token, handle))
            }
            return cancelled
        }
        cancelled.forEach { $0.dispose() }
        for (position, token, handle) in starts {
            let tag = wanted[position].tag
            var low = request(position)
            low.priority = .low
            handle.disposable = loader.retrieveImage(low) { [weak self] _ in self?.finished(tag, token: token) }
        }
    }

    /// Cancels the prefetch of `tag`, if one runs, and forgets the tag, so it counts as new when
    /// asked for again; returns whether a prefetch ran.
    @discardableResult
    public func cancel(_ tag: Int) -> Bool {
        let request = state.withLock { $0.remove(tag) }
        request?.dispose()
        return request != nil
    }

    /// Cancels every prefetch and forgets every tag.
    public func cancelAll() {
        let window = state.withLock { state -> [Entry] in
            defer { state.window = [] }
            return state.window
        }
        window.forEach { $0.running?.request.dispose() }
    }

    /// The tags whose prefetch runs, in order.
    public var runningTags: [Int] { state.withLock { $0.window.filter { $0.running != nil }.map(\.tag).sorted() } }

    /// How many prefetches were started in all.
    public var startedCount: Int { state.withLock { $0.started } }

    private func finished(_ tag: Int, token: Int) {
        state.withLock { state in
            if let position = state.position(of: tag), state.window[position].running?.token == token { state.window[position].running = nil }
        }
    }
}
