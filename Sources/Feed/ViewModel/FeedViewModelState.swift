import FeedModel
import Images
import Reactive

/// The mutable state of a `FeedViewModel`. Only the view model's serial scheduler touches it.
struct FeedViewModelState {
    /// Someone waiting for a load command's outcome.
    typealias Waiter = @Sendable (Result<PageLoadResult, FeedError>) -> Void
    /// Someone waiting for an image.
    typealias ImageWaiter = @Sendable (Result<FeedImage, FeedError>) -> Void

    /// Who started a load, which decides what it shows and who waits for it.
    enum LoadKind {
        /// A command (`requestCommand`, `willDisplay`): the statuses, the HUD, and list readers
        /// wait for a reload.
        case command
        /// The reload of a stale stored list as a session opens: the statuses and the HUD, but
        /// list readers go on reading the stored list meanwhile.
        case opening
        /// A background reload (`refreshIntervalMs`): no status, no HUD, no reader waits, and
        /// a load-more supersedes it instead of joining it.
        case background
    }

    /// The one load in flight.
    struct Load {
        let id: Int
        let isReload: Bool
        /// Callers waiting for the outcome, in arrival order; a `token` lets its caller leave,
        /// and one without (a prefetch) keeps the load running while every other caller leaves.
        var waiters: [(token: Int?, callback: Waiter)]
        /// The request of the attempt under way, or the wait before the next one.
        let request: SerialDisposable
        /// The page every attempt asks for.
        let pageRequest: PageRequest
        /// How its failures are retried.
        let policy: RetryPolicy
        /// The attempt under way or waited for, from 1.
        var attempt = 1
        /// Who started it.
        var kind = LoadKind.command

        var type: LoadType { isReload ? .refresh : .append }
    }

    /// A command that reads the list by index (`loadImage`, `willDisplay`, `cancelImage`),
    /// waiting for the loads that arrived before it (see `FeedViewModel+ListReaders.swift`).
    struct ListReader {
        /// The row it reads.
        let index: Int
        /// The image load token of a `loadImage`, so its caller can withdraw it while it waits.
        let imageToken: Int?
        /// Takes effect: reads the list and returns its effect, if any.
        let run: @Sendable (inout FeedViewModelState) -> Effect?
    }

    /// One pending image load of one index.
    struct ImageLoad {
        /// The rendition it loads: a row's variants are loaded, reported and joined apart.
        let variant: ImageVariant
        /// The size and format it loads: each is loaded, reported and joined apart too.
        let options: ImageOptions
        let request: SerialDisposable
        let waiter: ImageWaiter
    }

    var input: FeedInput
    var source: any FeedSource
    /// The feed's place in the store, the user's edits, what the reader sees (`LivingFeed`).
    var living: LivingFeed
    /// The list; the latest `SectionsUpdate` shares it, and a load-more appends to it in place.
    var items = PagedList<FeedItem>()
    var ids: Set<String> = []
    var loadedPages = 0
    var cursor: String?
    /// The cursors of the pages after the first loaded since the last reload, oldest first:
    /// each load hands them to its source, which ends a list whose next cursor names one.
    var loadedCursors: [String] = []
    var hasMore = true
    /// Why the list ended, once `hasMore` is false.
    var endReason: EndReason?
    /// The refresh and append states, and the time of the last successful reload.
    var loads = LoadStates()
    var revision = 0
    var inFlight: Load?
    /// List readers waiting for `inFlight`, in arrival order.
    var waitingReaders: [ListReader] = []
    /// Pending image loads by row, then by token (each names its variant). Replacing the list
    /// cancels them all, so a late image is never reported under an index of a newer list.
    var imageLoads: [Int: [Int: ImageLoad]] = [:]
    var isDisposed = false
    /// The row of the latest `willDisplay`: the next one says which way the view scrolls.
    var lastDisplayedIndex: Int?
    /// The prefetch window the last `willDisplay` asked for, while the prefetcher holds it.
    var prefetchWindow: PrefetchWindow?
    /// The rows whose image was found cached.
    var cachedRows = CachedRows()

    init(input: FeedInput, source: any FeedSource) {
        self.input = input
        self.source = source
        living = LivingFeed(key: input.feedKey)
    }

    var currentResult: PageLoadResult {
        PageLoadResult(revision: revision, count: items.count, page: loadedPages, hasMore: hasMore, endReason: hasMore ? nil : endReason)
    }

    var footerStatus: RefreshStatus { .footerStatus(isHidden: items.isEmpty, isNoMoreData: !hasMore) }
}
