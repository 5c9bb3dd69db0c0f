import FeedModel
import Foundation
import Images
import Network
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
    /// Draws the random part of retry waits (seeded in tests).
    public var jitter: Jitter
    /// The wall clock, in seconds since 1970: `lastUpdated`, and `Retry-After` dates.
    public var wallClock: @Sendable () -> Double
    /// The request deadline, in seconds: the longest `Retry-After` a retry waits.
    public var requestTimeout: Double
    /// Where feeds are kept between sessions (offline-first lists, local edits); `nil` keeps
    /// them only for as long as the view model lives (`--store none`).
    public var store: (any FeedStore)? = nil

    /// An environment from its parts.
    public init(
        scheduler: any SchedulerType, makeSource: @escaping @Sendable (FeedInput) -> any FeedSource,
        imageLoader: any ImageRetrieving, jitter: Jitter = .system,
        wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        requestTimeout: Double = CurlTransport.Limits.defaultRequestTimeout
    ) {
        self.scheduler = scheduler
        self.makeSource = makeSource
        self.imageLoader = imageLoader
        self.jitter = jitter
        self.wallClock = wallClock
        self.requestTimeout = requestTimeout
    }

    /// The wait before trying again after attempt `attempt` failed with `failure` under
    /// `policy`, or `nil` when it is not tried again.
    func retryDelay(_ policy: RetryPolicy, afterAttempt attempt: Int, failure: FeedError) -> Double? {
        policy.delay(afterAttempt: attempt, failure: failure, now: wallClock(), deadline: requestTimeout, jitter: jitter)
    }
}
