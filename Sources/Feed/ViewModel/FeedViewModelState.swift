import Reactive

/// The mutable state of a `FeedViewModel`. Only the view model's serial scheduler touches it.
struct FeedViewModelState {
    /// Someone waiting for a load command's outcome.
    typealias Waiter = @Sendable (Result<PageLoadResult, FeedError>) -> Void
    /// Someone waiting for an image.
    typealias ImageWaiter = @Sendable (Result<FeedImage, FeedError>) -> Void

    /// The one load in flight.
    struct Load {
        let id: Int
        let isReload: Bool
        /// Callers waiting for the outcome, in arrival order; a `token` lets its caller leave.
        var waiters: [(token: Int?, callback: Waiter)]
        /// Someone who cannot leave wants the load (the seed's `requestCommand`, a prefetch),
        /// so it runs on even when every leaving caller has left.
        var isPinned: Bool
        let request: SerialDisposable

        /// Adds an interested party: a caller that may leave, one that may not, or nobody in particular.
        mutating func add(_ waiter: Waiter?, token: Int?) {
            if let waiter { waiters.append((token, waiter)) }
            if waiter == nil || token == nil { isPinned = true }
        }
    }

    /// A command that reads the list by index (`loadImage`, `willDisplay`, `cancelImage`),
    /// waiting for the loads that arrived before it (see `FeedViewModel+ListReaders.swift`).
    struct ListReader {
        /// The row it reads.
        let index: Int
        /// The image load token of a `loadImage`, so its caller can withdraw it while it waits.
        let imageToken: Int?
        /// Takes effect: reads the list and returns its effects.
        let run: @Sendable (inout FeedViewModelState) -> [@Sendable () -> Void]
    }

    /// One pending image load of one index.
    struct ImageLoad {
        /// The rendition it loads: a row's variants are loaded, reported and joined apart.
        let variant: ImageVariant
        let request: SerialDisposable
        let waiter: ImageWaiter?
    }

    var input: FeedInput
    var source: any FeedSource
    /// The list; the latest `SectionsUpdate` shares it, and a load-more appends to it in place.
    var items = AppendOnlyList<FeedItem>()
    var ids: Set<String> = []
    var loadedPages = 0
    var cursor: String?
    var hasMore = true
    var revision = 0
    var inFlight: Load?
    /// List readers waiting for `inFlight`, in arrival order.
    var waitingReaders: [ListReader] = []
    var nextLoadId = 0
    var nextWaiterToken = 0
    /// Pending image loads by row, then by token (each names its variant). Replacing the list
    /// cancels them all, so a late image is never reported under an index of a newer list.
    var imageLoads: [Int: [Int: ImageLoad]] = [:]
    var nextImageToken = 0
    var isDisposed = false

    init(input: FeedInput, source: any FeedSource) {
        self.input = input
        self.source = source
    }

    /// A token for a new image load, unique in this view model.
    mutating func takeImageToken() -> Int {
        defer { nextImageToken += 1 }
        return nextImageToken
    }

    var currentResult: PageLoadResult {
        PageLoadResult(revision: revision, count: items.count, page: loadedPages, hasMore: hasMore)
    }

    var footerStatus: RefreshStatus { .footerStatus(isHidden: items.isEmpty, isNoMoreData: !hasMore) }
}
