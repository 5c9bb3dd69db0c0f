import FeedModel
import Images
import Network

extension FeedViewModel {
    /// After `willDisplay` of row `index`: the rows to prefetch are the next `prefetchImages`
    /// rows in the direction of the scroll (down unless `index` is above the previous
    /// `willDisplay`'s row) that have an image; their images, as `image` asks, are requested at
    /// low priority, and the prefetches of rows outside that window are cancelled (Kingfisher's
    /// `ImagePrefetcher` fed by a table's prefetching rows). Visible rows' loads go first in the
    /// transport's connection slots and in the processing queue, and page loads have
    /// connections of their own, so prefetching never holds up either.
    func prefetchImages(after index: Int, _ image: ImageAsk, _ state: inout FeedViewModelState) -> @Sendable () -> Void {
        let step = index < (state.lastDisplayedIndex ?? index) ? -1 : 1
        state.lastDisplayedIndex = index
        var wanted: [(tag: Int, url: String)] = []
        wanted.reserveCapacity(state.input.prefetchImages)
        var row = index
        for _ in 0..<state.input.prefetchImages {
            row += step
            guard state.items.indices.contains(row) else { break }
            guard let url = state.items.read(row, { $0.imageURL(image.variant, for: image.options) }), !refusesStubURL(url, state) else { continue }
            wanted.append((row, url))
        }
        let processor = image.options.processor
        return { [prefetcher, wanted] in prefetcher.prefetch(wanted, processor: processor) }
    }

    /// `stub://` names the stub catalog's images: only the stub source's items may use it.
    func refusesStubURL(_ url: String, _ state: FeedViewModelState) -> Bool {
        state.input.source != .stub && URLScheme.of(url) == "stub"
    }
}
