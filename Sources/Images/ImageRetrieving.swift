import FeedModel
import Reactive

/// What a view model needs of an image loader (Kingfisher's `KingfisherManager.retrieveImage`).
public protocol ImageRetrieving: Sendable {
    /// Loads the image at `url` from the caches or the network and calls `completion` once;
    /// disposing the result detaches this caller (and stops the download when no caller remains),
    /// after which `completion` is not called.
    func retrieveImage(_ url: String, completion: @escaping @Sendable (Result<FeedImage, FeedError>) -> Void) -> any Cancelable

    /// Whether `url` is in the memory or disk cache (a hit never touches the network).
    func isCached(_ url: String) -> Bool
}
