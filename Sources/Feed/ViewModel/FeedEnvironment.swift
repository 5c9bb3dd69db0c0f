import FeedModel
import Images
import Reactive

/// What a view model runs on and talks to; injected so tests run in virtual time on stubs.
public struct FeedEnvironment: Sendable {
    /// The view model's serial scheduler: a `SerialDispatchQueueScheduler` in production, a
    /// `TestScheduler` in tests. Every output is emitted on it.
    public var scheduler: any SchedulerType
    /// Builds the page source of an input (called again on every input switch).
    public var makeSource: @Sendable (FeedInput) -> any FeedSource
    /// Loads images.
    public var imageLoader: any ImageRetrieving

    /// An environment from its parts.
    public init(
        scheduler: any SchedulerType, makeSource: @escaping @Sendable (FeedInput) -> any FeedSource,
        imageLoader: any ImageRetrieving
    ) {
        self.scheduler = scheduler
        self.makeSource = makeSource
        self.imageLoader = imageLoader
    }
}
