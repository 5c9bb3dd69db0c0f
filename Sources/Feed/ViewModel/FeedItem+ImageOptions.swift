import FeedModel
import Images

extension FeedItem {
    /// The URL that `variant` loads for `options`: when the source gave the image as a template
    /// of its own (`ImageURLTemplate`, Twitch's `{width}x{height}`), the template filled with the
    /// size asked for, so the server sends the image at that size; else `imageURL(variant)`.
    func imageURL(_ variant: ImageVariant, for options: ImageOptions) -> String? {
        imageURL(variant, maxWidth: options.maxWidth, maxHeight: options.maxHeight)
    }
}
