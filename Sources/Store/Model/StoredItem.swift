import JSON

/// One item of a stored list: the nine fields the sources map, and any others in `extra`.
public struct StoredItem: Sendable, Equatable {
    /// The source's identifier; unique within a list.
    public var id: String
    /// A one-line caption.
    public var title: String
    /// The image's URL, if any.
    public var imageURL: String?
    /// A smaller rendition's URL, if any.
    public var thumbnailURL: String?
    /// Who made or posted the item.
    public var author: String?
    /// Where the item came from.
    public var source: String?
    /// The publication date as the API wrote it.
    public var publishedAt: String?
    /// The image width in pixels.
    public var width: Int?
    /// The image height in pixels.
    public var height: Int?
    /// Fields beyond the nine, e.g. a `liked` flag a front end set.
    public var extra: JSONObject?

    /// An item with the given fields.
    public init(
        id: String, title: String, imageURL: String? = nil, thumbnailURL: String? = nil, author: String? = nil, source: String? = nil,
        publishedAt: String? = nil, width: Int? = nil, height: Int? = nil, extra: JSONObject? = nil
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
        self.extra = extra
    }
}
