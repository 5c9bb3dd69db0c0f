import FeedModel
import Images
import Network

/// The rows a `willDisplay` asked the prefetcher for, and the list and image they were asked
/// with: while all three hold, the next window only differs from it by the rows that entered
/// and left.
struct PrefetchWindow {
    /// The rows, those without an image included.
    let rows: Range<Int>
    /// The list's revision: the rows' images are those of this list.
    let revision: Int
    /// The image asked of each row.
    let variant: ImageVariant
    let options: ImageOptions
}

/// What a `willDisplay` asks of the prefetcher, run outside the state lock: the whole window,
/// or its move from the previous one.
struct PrefetchChange: Sendable {
    let prefetcher: ImagePrefetcher
    /// The previous window, when the prefetcher holds it: only `entering` is new.
    let previous: Range<Int>?
    let rows: Range<Int>
    /// The rows (of `rows`, nearest first) to ask for, with their images' URLs and whether
    /// their images are known to be cached.
    let entering: [(tag: Int, url: String, isCached: Bool)]
    let options: ImageOptions

    /// Hands the change to the prefetcher.
    func run() {
        if let previous {
            prefetcher.moveWindow(from: previous, to: rows, entering: entering, processor: options.processor)
        } else {
            prefetcher.prefetch(entering.map { ($0.tag, $0.url) }, processor: options.processor)
        }
    }
}

extension FeedViewModel {
    /// After `willDisplay` of row `index`: the rows to prefetch are the next `prefetchImages`
    /// rows in the direction of the scroll (down unless `index` is above the previous
    /// `willDisplay`'s row) that have an image; their images, as `image` asks, are requested at
    /// low priority, and the prefetches of rows outside that window are cancelled (Kingfisher's
    /// `ImagePrefetcher` fed by a table's prefetching rows). Visible rows' loads go first in the
    /// transport's connection slots and in the processing queue, and page loads have
    /// connections of their own, so prefetching never holds up either.
    ///
    /// Only the rows that entered the window are read: the others ask for what they asked for
    /// before, as long as the list and the image asked did not change. `nil` when the window
    /// did not move. The rows the marks know to be cached (`removals` is the loader's removal
    /// count) are handed over as such.
    func prefetchImages(after index: Int, _ image: ImageAsk, removals: Int?, _ state: inout FeedViewModelState) -> PrefetchChange? {
        let step = index < (state.lastDisplayedIndex ?? index) ? -1 : 1
        state.lastDisplayedIndex = index
        let count = state.input.prefetchImages
        let rows = step > 0 ? index + 1..<min(index + 1 + count, state.items.count) : max(index - count, 0)..<index
        let window = PrefetchWindow(rows: rows, revision: state.revision, variant: image.variant, options: image.options)
        let previous = state.prefetchWindow.flatMap { $0.revision == window.revision && $0.variant == window.variant && $0.options == window.options ? $0.rows : nil }
        state.prefetchWindow = window
        if previous == rows { return nil }
        var entering: [(tag: Int, url: String, isCached: Bool)] = []
        entering.reserveCapacity(rows.count)
        var row = step > 0 ? rows.lowerBound : rows.upperBound - 1
        while rows.contains(row) {
            defer { row += step }
            if previous?.contains(row) == true { continue }
            guard let url = state.items.read(row, { $0.imageURL(image.variant, for: image.options) }), !refusesStubURL(url, state) else { continue }
            entering.append((row, url, previous != nil && isKnownCached(row, image, removals: removals, state)))
        }
        return PrefetchChange(prefetcher: prefetcher, previous: previous, rows: rows, entering: entering, options: image.options)
    }

    /// `stub://` names the stub catalog's images: only the stub source's items may use it.
    func refusesStubURL(_ url: String, _ state: FeedViewModelState) -> Bool {
        state.input.source != .stub && URLScheme.of(url) == "stub"
    }
}
