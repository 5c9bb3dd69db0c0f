import FeedModel
import Reactive

/// The `stub` source: pages straight from a `StubCatalog`, as Moya's immediate and delayed stubs
/// answer, with no request, no body to write and none to parse.
public struct StubFeedSource: FeedSource {
    /// Where the pages come from.
    public let catalog: StubCatalog
    /// How long a page takes, in seconds; 0 answers during the subscription.
    public let delay: Double
    /// Where a delayed page is delivered (the session's scheduler).
    public let scheduler: any SchedulerType

    /// A source answering from `catalog` after `delay` seconds on `scheduler`, or at once.
    public init(catalog: StubCatalog, delay: Double = 0, scheduler: any SchedulerType) {
        self.catalog = catalog
        self.delay = delay
        self.scheduler = scheduler
    }

    public func page(_ request: PageRequest) -> Single<FeedPage> {
        let (catalog, delay, scheduler) = (catalog, delay, scheduler)
        return Single.create { observer in
            guard delay > 0 else {
                observer(.success(catalog.page(for: request)))
                return Disposables.create()
            }
            return scheduler.scheduleRelative(delay) { observer(.success(catalog.page(for: request))) }
        }
    }
}
