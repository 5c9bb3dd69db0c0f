/// An image as a cache holds it: the image, how long it stays fresh, and which download it was
/// made from.
public struct CachedImage: Sendable, Equatable {
    /// The image (its `path` is its disk cache file, when it has one).
    public var image: FeedImage
    /// When it must be revalidated, and with what.
    public var freshness: ImageFreshness
    /// Which download this is: a name unique to it, kept by every image processed from it, so a
    /// processed image is used only while its original is the one the server still sends.
    public var version: String
    /// For a processed image, the `version` of the original it was made from; `nil` for an
    /// original.
    public var originVersion: String?

    /// A cached image with every part given.
    public init(image: FeedImage, freshness: ImageFreshness, version: String, originVersion: String? = nil) {
        self.image = image
        self.freshness = freshness
        self.version = version
        self.originVersion = originVersion
    }
}
