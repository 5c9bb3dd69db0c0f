import Reactive

/// Where a view model's pages come from.
public protocol FeedSource: Sendable {
    /// The page `request` asks for; disposing the subscription cancels the request.
    /// Fails with a `FeedError`.
    func page(_ request: PageRequest) -> Single<FeedPage>
}
