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
        let url: String
        let processor: String
        /// The prefetch under way: `nil` once the image was found cached or its prefetch ended.
        var running: (token: Int, request: SerialDisposable)?
    }

    private struct State {
        /// The rows last asked for, each with the image asked and its prefetch if one runs.
        var window: [Int: Entry] = [:]
        var nextToken = 0
        var started = 0
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
    /// caller knows that they ask for the same images as before. A move costs what enters and
    /// leaves, not the window's size.
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
                    if let running = state.window.removeValue(forKey: tag)?.running { cancelled.append(running.request) }
                }
            } else if !state.window.isEmpty {
                // Tags that left the window: a linear scan for a window of a few rows.
                let kept = wanted.count > 16 ? Set(wanted.map(\.tag)) : nil
                let leaving = state.window.keys.filter { tag in !(kept?.contains(tag) ?? wanted.contains { $0.tag == tag }) }
                for tag in leaving {
                    if let running = state.window.removeValue(forKey: tag)?.running { cancelled.append(running.request) }
                }
            }
            for (position, (tag, url)) in wanted.enumerated() {
                let identifier = processor(position)
                if let known = state.window[tag] {
                    if known.url == url && known.processor == identifier { continue }
                    if let running = known.running { cancelled.append(running.request) }
                }
                guard !isKnownCached(position) && !loader.isCached(request(position)) else {
                    state.window[tag] = Entry(url: url, processor: identifier, running: nil)
                    continue
                }
                let token = state.nextToken
                state.nextToken += 1
                state.started += 1
                let handle = SerialDisposable()
                state.window[tag] = Entry(url: url, processor: identifier, running: (token, handle))
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
        let running = state.withLock { $0.window.removeValue(forKey: tag)?.running }
        running?.request.dispose()
        return running != nil
    }

    /// Cancels every prefetch and forgets every tag.
    public func cancelAll() {
        let window = state.withLock { state -> [Entry] in
            defer { state.window = [:] }
            return Array(state.window.values)
        }
        window.forEach { $0.running?.request.dispose() }
    }

    /// The tags whose prefetch runs, in order.
    public var runningTags: [Int] { state.withLock { $0.window.filter { $0.value.running != nil }.keys.sorted() } }

    /// How many prefetches were started in all.
    public var startedCount: Int { state.withLock { $0.started } }

    private func finished(_ tag: Int, token: Int) {
        state.withLock { state in
            if state.window[tag]?.running?.token == token { state.window[tag]?.running = nil }
        }
    }
}
