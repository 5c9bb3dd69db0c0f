import FeedModel
import Images

/// One finished image load for the item at `index` (seed 002's `imageDownloaded: (Int, UIImage?)`).
public struct ImageDownload: Sendable, Equatable {
    /// The item's index in the list at the time it finished.
    public var index: Int
    /// Which rendition was loaded.
    public var variant: ImageVariant
    /// The size and format it was loaded at.
    public var options: ImageOptions
    /// The image, or why there is none.
    public var result: Result<FeedImage, FeedError>

    /// A report.
    public init(index: Int, variant: ImageVariant = .full, options: ImageOptions = .original, result: Result<FeedImage, FeedError>) {
        self.index = index
        self.variant = variant
        self.options = options
        self.result = result
    }

    /// The image, when it loaded.
    public var image: FeedImage? { try? result.get() }
}
