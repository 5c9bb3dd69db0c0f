import FeedModel
import Images

/// What a `loadImage` or `willDisplay` asks of a row's image: which rendition, at what size
/// and format, and whether to download it again.
struct ImageAsk: Sendable, Equatable {
    /// The rendition (the item's image or its thumbnail).
    var variant: ImageVariant
    /// The size and format.
    var options: ImageOptions
    /// Download again, whatever the caches hold.
    var refresh: Bool
}
