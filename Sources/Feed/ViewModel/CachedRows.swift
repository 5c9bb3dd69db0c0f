import FeedModel
import Images

/// The rows whose image was found cached, so that `willDisplay` and the prefetch window ask
/// the caches again only after an image may have left them: a row's mark holds while the
/// list, the image asked and the caches' removal count (`ImageRetrieving.cacheRemovals`) are
/// those it was made with. O(1) per row, one `Int` per row of the list at most.
struct CachedRows {
    private var revision = -1
    private var variant = ImageVariant.full
    private var options = ImageOptions.original
    /// Per row, the caches' removal count when its image was found cached; -1 when unknown.
    private var marks: [Int] = []

    /// Whether row `row`'s image, as asked, was found cached in revision `revision` of the
    /// list while the caches' removal count was `removals` (so it still is).
    func contains(_ row: Int, revision: Int, variant: ImageVariant, options: ImageOptions, removals: Int) -> Bool {
        row < marks.count && marks[row] == removals && revision == self.revision && variant == self.variant && options == self.options
    }

    /// Notes that row `row`'s image, as asked, is cached while the caches' removal count is
    /// `removals`; the marks of another list or image are dropped.
    mutating func insert(_ row: Int, revision: Int, variant: ImageVariant, options: ImageOptions, removals: Int) {
        if revision != self.revision || variant != self.variant || options != self.options {
            self = CachedRows(revision: revision, variant: variant, options: options, marks: [])
        }
        if row >= marks.count { marks.append(contentsOf: repeatElement(-1, count: row + 1 - marks.count)) }
        marks[row] = removals
    }
}

extension FeedViewModel {
    /// Whether row `row`'s `url` is cached as `image` asks, from the marks when they know,
    /// else from the loader (and then marked); `removals` is the loader's removal count read
    /// before.
    func isCached(_ row: Int, url: String, _ image: ImageAsk, removals: Int?, _ state: inout FeedViewModelState) -> Bool {
        guard let removals else { return environment.imageLoader.isCached(ImageRequest(url: url, options: image.options)) }
        let (revision, variant, options) = (state.revision, image.variant, image.options)
        if state.cachedRows.contains(row, revision: revision, variant: variant, options: options, removals: removals) { return true }
        guard environment.imageLoader.isCached(ImageRequest(url: url, options: options)) else { return false }
        state.cachedRows.insert(row, revision: revision, variant: variant, options: options, removals: removals)
        return true
    }

    /// Whether the marks know row `row`'s image, as `image` asks, to be cached.
    func isKnownCached(_ row: Int, _ image: ImageAsk, removals: Int?, _ state: FeedViewModelState) -> Bool {
        guard let removals else { return false }
        return state.cachedRows.contains(row, revision: state.revision, variant: image.variant, options: image.options, removals: removals)
    }
}
