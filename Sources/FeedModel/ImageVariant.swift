/// Which rendition of an item's image a load asks for: the image itself, or the smaller one a
/// grid shows (the source's `thumbnailURL`). Raw values are the protocol's names.
public enum ImageVariant: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The item's `imageURL`.
    case full
    /// The item's `thumbnailURL`, or its `imageURL` when the source has no thumbnail.
    case thumbnail
}

extension FeedItem {
    /// The URL that `variant` loads, or `nil` when the item has no image: an item without
    /// `imageURL` has none in any variant (clients draw it as text), whatever its thumbnail.
    @inlinable
    public func imageURL(_ variant: ImageVariant) -> String? {
        guard let imageURL else { return nil }
        switch variant {
        case .full: return imageURL
        case .thumbnail: return thumbnailURL ?? imageURL
        }
    }

    /// The URL that `variant` loads for a box of at most `maxWidth` x `maxHeight` pixels: the
    /// source's template filled with that size when the item has one for the variant (see
    /// `ImageURLTemplate`), else `imageURL(variant)`.
    @inlinable
    public func imageURL(_ variant: ImageVariant, maxWidth: Int?, maxHeight: Int?) -> String? {
        guard imageURL != nil else { return nil }
        guard maxWidth != nil || maxHeight != nil else { return imageURL(variant) }
        let template = variant == .thumbnail && thumbnailURL != nil ? thumbnailURLTemplate : imageURLTemplate
        return template?.url(maxWidth: maxWidth, maxHeight: maxHeight) ?? imageURL(variant)
    }
}
