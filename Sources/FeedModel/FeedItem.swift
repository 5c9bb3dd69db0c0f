import JSON

/// One entry of a feed, normalized from whatever source produced it.
///
/// An item without an image (an article without a cover, a text post) has no `imageURL`.
public struct FeedItem: Sendable, Equatable, Hashable {
    /// The source's identifier; unique within a list (duplicates are dropped on load).
    public var id: String
    /// A one-line caption.
    public var title: String
    /// The image as the API gave it, whatever its scheme (relative references resolved);
    /// `nil` when the item has none.
    public var imageURL: String?
    /// A smaller rendition of the image, when the source has one.
    public var thumbnailURL: String?
    /// Who made or posted the item.
    public var author: String?
    /// Where the item came from (an app, a site).
    public var source: String?
    /// The publication date as the API wrote it.
    public var publishedAt: String?
    /// The image width in pixels, when the API says.
    public var width: Int?
    /// The image height in pixels, when the API says.
    public var height: Int?
    /// `imageURL` as the API's own template with its fills, when the source declared fills for
    /// it: what the size a front end asks for fills again (`imageURL` is it with the fills).
    public var imageURLTemplate: ImageURLTemplate?
    /// `thumbnailURL` as a template with its fills, like `imageURLTemplate`.
    public var thumbnailURLTemplate: ImageURLTemplate?
    /// Fields beyond these nine, written beside them on the wire: those a local edit set (e.g.
    /// a `liked` flag the front end set with `updateItem`), and, as the member `extra`, the
    /// values a custom source passes through (`fields.extra`); `nil` when there are none.
    public var extra: JSONObject?

    /// An item with the given fields.
    public init(
        id: String, title: String, imageURL: String?, thumbnailURL: String? = nil, author: String? = nil,
        source: String? = nil, publishedAt: String? = nil, width: Int? = nil, height: Int? = nil,
        imageURLTemplate: ImageURLTemplate? = nil, thumbnailURLTemplate: ImageURLTemplate? = nil, extra: JSONObject? = nil
    ) {
        self.id = id
        self.title = title
        self.imageURL = imageURL
        self.thumbnailURL = thumbnailURL
        self.author = author
        self.source = source
        self.publishedAt = publishedAt
        self.width = width
        self.height = height
        self.imageURLTemplate = imageURLTemplate
        self.thumbnailURLTemplate = thumbnailURLTemplate
        self.extra = extra
    }
}

extension FeedItem: IdentifiableItem {
    public var identity: String { id }
}
