import FeedModel
import Reactive

/// What a view model needs of an image loader (Kingfisher's `KingfisherManager.retrieveImage`).
public protocol ImageRetrieving: Sendable {
    /// Loads the image `request` asks for from the caches or the network and calls
    /// `completion` once; disposing the result detaches this caller (and stops the work when no
    /// caller remains), after which `completion` is not called.
    func retrieveImage(_ request: ImageRequest, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable

    /// Whether `request`'s image is in the memory cache or known to the disk cache, answered
    /// from memory alone (never touching the disk, so it may be called anywhere).
    func isCached(_ request: ImageRequest) -> Bool
    /// A count that grows whenever an image may have left the caches, so that an image
    /// `isCached` found is still cached while the count stays the same; `nil` when the
    /// retriever cannot tell (ask `isCached` every time).
    var cacheRemovals: Int? { get }
}

extension ImageRetrieving {
    public var cacheRemovals: Int? { nil }

    /// Loads the original image at `url` at high priority.
    public func retrieveImage(_ url: String, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable {
        retrieveImage(ImageRequest(url: url), completion: completion)
    }

    /// Whether the original image at `url` is cached.
    public func isCached(_ url: String) -> Bool { isCached(ImageRequest(url: url)) }
}
